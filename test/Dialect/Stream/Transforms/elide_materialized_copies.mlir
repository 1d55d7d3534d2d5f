// REQUIRES: sluice-opt
// materialize-copy-on-write -> elide-async-copies -> cse -> canonicalize:
// common zero-copy patterns end up clone-free (stream-passes-1.md §9,
// elide_materialized_copies.mlir).

// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-materialize-copy-on-write),iree-stream-elide-async-copies,cse,canonicalize)" %s | FileCheck %s

// KV-cache update: the update into the consumed import stays (its base is a
// !hal.buffer_view argument); the alias-back slice + transfer tail
// disappears (transfer elided, slice folded by canonicalize after cse
// merged the sizeof ops).

// CHECK-LABEL: @kvcache_update_step
// CHECK: %[[CACHE:.+]] = stream.tensor.import consume %arg0
// CHECK: %[[NEW:.+]] = stream.tensor.import %arg1
// CHECK-NOT: stream.async.clone
// CHECK: %[[UPDATED:.+]] = stream.async.update %[[NEW]], %[[CACHE]]
// CHECK-NOT: stream.async.slice
// CHECK-NOT: stream.async.transfer
// CHECK: %[[EXPORT:.+]] = stream.tensor.export %[[UPDATED]]
// CHECK: util.return %[[EXPORT]]
util.func public @kvcache_update_step(%cache_view: !hal.buffer_view, %new_view: !hal.buffer_view, %offset: index, %n: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %cache_size = stream.tensor.sizeof tensor<?x8xf32>{%n} : index
  %cache = stream.tensor.import consume %cache_view : !hal.buffer_view -> tensor<?x8xf32>{%n} in !stream.resource<external>{%cache_size}
  %new_size = stream.tensor.sizeof tensor<8xf32> : index
  %new = stream.tensor.import %new_view : !hal.buffer_view -> tensor<8xf32> in !stream.resource<external>{%new_size}
  %end = arith.addi %offset, %new_size : index
  %updated = stream.async.update %new, %cache[%offset to %end] : !stream.resource<external>{%new_size} -> %cache as !stream.resource<external>{%cache_size}
  %cache_size2 = stream.tensor.sizeof tensor<?x8xf32>{%n} : index
  %slice = stream.async.slice %updated[%c0 to %cache_size2] : !stream.resource<external>{%cache_size} -> !stream.resource<external>{%cache_size2}
  %t = stream.async.transfer %slice : !stream.resource<external>{%cache_size2} -> !stream.resource<external>{%cache_size2}
  %export = stream.tensor.export %t : tensor<?x8xf32>{%n} in !stream.resource<external>{%cache_size2} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// User-provided output storage: the dispatch writes in place into the
// consumed output import.

// CHECK-LABEL: @user_provided_output_storage
// CHECK: %[[IN:.+]] = stream.tensor.import %arg0
// CHECK: %[[OUT:.+]] = stream.tensor.import consume %arg1
// CHECK-NOT: stream.async.clone
// CHECK: %[[R:.+]] = stream.async.dispatch @ex::@dispatch(%[[IN]]{{.+}}, %[[OUT]]{{.+}}) : {{.+}} -> %[[OUT]]
// CHECK-NOT: stream.async.slice
// CHECK: stream.tensor.export %[[R]]
util.func public @user_provided_output_storage(%in_view: !hal.buffer_view, %out_view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import %in_view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %out = stream.tensor.import consume %out_view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = stream.async.dispatch @ex::@dispatch(%in[%c0 to %size for %size], %out[%c0 to %size for %size]) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> %out{%size}
  %size2 = stream.tensor.sizeof tensor<4xf32> : index
  %slice = stream.async.slice %r[%c0 to %size2] : !stream.resource<external>{%size} -> !stream.resource<external>{%size2}
  %t = stream.async.transfer %slice : !stream.resource<external>{%size2} -> !stream.resource<external>{%size2}
  %export = stream.tensor.export %t : tensor<4xf32> in !stream.resource<external>{%size2} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// In-place fills of a consumed import: no clones (canonicalize then merges
// the adjacent fills).

// CHECK-LABEL: @inplace_fills_imported
// CHECK: %[[IN:.+]] = stream.tensor.import consume
// CHECK-NOT: stream.async.clone
// CHECK: %[[FILL:.+]] = stream.async.fill %c1_i32, %[[IN]][%c0 to %c8 for %c8]
// CHECK: stream.tensor.export %[[FILL]]
util.func public @inplace_fills_imported(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1_i32 = arith.constant 1 : i32
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %f0 = stream.async.fill %c1_i32, %in[%c0 to %c4 for %c4] : i32 -> %in as !stream.resource<external>{%size}
  %f1 = stream.async.fill %c1_i32, %f0[%c4 to %c8 for %c4] : i32 -> %f0 as !stream.resource<external>{%size}
  %export = stream.tensor.export %f1 : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// scf.for in-place mutation: the clone of the loop-carried value is elided.

// CHECK-LABEL: @scf_for_inplace
// CHECK-NOT: stream.async.clone
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
// CHECK: stream.async.dispatch @ex::@step(%[[ACC]]{{.+}} -> %[[ACC]]
util.func public @scf_for_inplace(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %in) -> !stream.resource<external> {
    %d = stream.async.dispatch @ex::@step(%acc[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %acc{%size}
    scf.yield %d : !stream.resource<external>
  }
  %export = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// scf.if in-place mutation in both branches: the clones are elided.

// CHECK-LABEL: @scf_if_inplace
// CHECK: %[[IN:.+]] = stream.tensor.import consume
// CHECK-NOT: stream.async.clone
// CHECK: stream.async.dispatch @ex::@a(%[[IN]]{{.+}} -> %[[IN]]
// CHECK: stream.async.dispatch @ex::@b(%[[IN]]{{.+}} -> %[[IN]]
util.func public @scf_if_inplace(%cond: i1, %view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = scf.if %cond -> !stream.resource<external> {
    %d = stream.async.dispatch @ex::@a(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
    scf.yield %d : !stream.resource<external>
  } else {
    %d = stream.async.dispatch @ex::@b(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
    scf.yield %d : !stream.resource<external>
  }
  %export = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// The same value bound twice to a tied dispatch: no clone.

// CHECK-LABEL: @aliased_dispatch_inputs
// CHECK: %[[IN:.+]] = stream.tensor.import consume
// CHECK-NOT: stream.async.clone
// CHECK: stream.async.dispatch @ex::@dispatch(%[[IN]]{{.+}}, %[[IN]]{{.+}} -> %[[IN]]
util.func public @aliased_dispatch_inputs(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %d = stream.async.dispatch @ex::@dispatch(%in[%c0 to %size for %size], %in[%c0 to %size for %size]) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> %in{%size}
  %export = stream.tensor.export %d : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// Nested scf (if in for): no clones.

// CHECK-LABEL: @nested_scf
// CHECK-NOT: stream.async.clone
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
// CHECK: scf.if
// CHECK: stream.async.dispatch @ex::@a(%[[ACC]]{{.+}} -> %[[ACC]]
util.func public @nested_scf(%cond: i1, %view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %in) -> !stream.resource<external> {
    %x = scf.if %cond -> !stream.resource<external> {
      %d = stream.async.dispatch @ex::@a(%acc[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %acc{%size}
      scf.yield %d : !stream.resource<external>
    } else {
      scf.yield %acc : !stream.resource<external>
    }
    scf.yield %x : !stream.resource<external>
  }
  %export = stream.tensor.export %r : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// Multi-device fork: the clone before the first mutating dispatch (on its
// affinity) stays; the one before the second (the last user) is elided.

// CHECK-LABEL: @multi_device_fork
// CHECK: %[[IN:.+]] = stream.tensor.import consume
// CHECK: %[[CLONE:.+]] = stream.async.clone on(#hal.device.affinity<@dev_a>) %[[IN]]
// CHECK: stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@a(%[[CLONE]]
// CHECK-NOT: stream.async.clone
// CHECK: stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%[[IN]]
util.func public @multi_device_fork(%view: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %a = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@a(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
  %b = stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
  %ea = stream.tensor.export %a : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  %eb = stream.tensor.export %b : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %ea, %eb : !hal.buffer_view, !hal.buffer_view
}

// -----

// A chain of same-type transfers collapses (and canonicalize folds the
// export of the import back to the argument).

// CHECK-LABEL: @transfer_chain_collapse
// CHECK-NEXT: util.return %arg0
util.func public @transfer_chain_collapse(%view: !hal.buffer_view) -> !hal.buffer_view {
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %t0 = stream.async.transfer %in : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  %t1 = stream.async.transfer %t0 : !stream.resource<external>{%size} -> !stream.resource<external>{%size}
  %export = stream.tensor.export %t1 : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// Cross-device transfer over a unified-memory link: elided.

// CHECK-LABEL: @cross_device_unified
// CHECK: %[[A:.+]] = stream.async.dispatch on(#hal.device.affinity<@dev_a>)
// CHECK-NOT: stream.async.transfer
// CHECK: stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%[[A]]
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {unified_memory = true})]>} {
util.func public @cross_device_unified(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %a = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@a(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
  %t = stream.async.transfer %a : !stream.resource<external>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<external>{%size}
  %b = stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%t[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %t{%size}
  %export = stream.tensor.export %b : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}
}

// -----

// Cross-device transfer without unified memory: kept.

// CHECK-LABEL: @cross_device_discrete
// CHECK: %[[A:.+]] = stream.async.dispatch on(#hal.device.affinity<@dev_a>)
// CHECK: %[[T:.+]] = stream.async.transfer %[[A]]
// CHECK: stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%[[T]]
module attributes {stream.topology = #hal.device.topology<links = [(@dev_a -> @dev_b = {})]>} {
util.func public @cross_device_discrete(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %size = stream.tensor.sizeof tensor<4xf32> : index
  %in = stream.tensor.import consume %view : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%size}
  %a = stream.async.dispatch on(#hal.device.affinity<@dev_a>) @ex::@a(%in[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %in{%size}
  %t = stream.async.transfer %a : !stream.resource<external>{%size} from(#hal.device.affinity<@dev_a>) -> to(#hal.device.affinity<@dev_b>) !stream.resource<external>{%size}
  %b = stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@b(%t[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> %t{%size}
  %export = stream.tensor.export %b : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}
}
