// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false size-check=false" --verify-diagnostics %s | FileCheck %s --check-prefix=NOCHECK
// REQUIRES: sluice-opt

// The Sluice behaviour of external-transients.md §9 (reference-compat=false,
// what Sluice's pipelines use).

// §9.1: the storage is a stream.tensor.import of a !hal.buffer, so the
// packed size is asserted against it, guarded by `required != 0`, right
// after the pack and before the storage is used.
// CHECK-LABEL: util.func public @size_check
// CHECK-SAME: %[[BUFFER:[a-z0-9]+]]: !hal.buffer
// CHECK: %[[PACK:.+]]:2 = stream.resource.pack
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[NZ:.+]] = arith.cmpi ne, %[[PACK]]#0, %[[C0]] : index
// CHECK-NEXT: scf.if %[[NZ]] {
// CHECK-NEXT: %[[ALLOC:.+]] = stream.context.resolve : !hal.allocator
// CHECK-NEXT: hal.buffer.assert<%[[BUFFER]] : !hal.buffer> message("external transient storage for 'size_check' (size query 'size_check_transients_size')") allocator(%[[ALLOC]] : !hal.allocator) minimum_length(%[[PACK]]#0)
// CHECK-NEXT: }
// §9.10: the storage is read (length, import) only after the check, which
// fails cleanly on a null buffer.
// CHECK-NEXT: %[[LEN:.+]] = hal.buffer.length<%[[BUFFER]] : !hal.buffer> : index
// CHECK-NEXT: %[[STORAGE:.+]] = stream.tensor.import %[[BUFFER]] : !hal.buffer -> tensor<?xi8>{%[[LEN]]}
// CHECK-NEXT: stream.resource.subview %[[STORAGE]][%[[C0]]]
// NOCHECK-LABEL: util.func public @size_check
// NOCHECK-NOT: hal.buffer.assert
// NOCHECK: util.return
util.func public @size_check(%input: !stream.resource<*>, %input_size: index, %buffer: !hal.buffer, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %len = hal.buffer.length<%buffer : !hal.buffer> : index
  %storage = stream.tensor.import %buffer : !hal.buffer -> tensor<?xi8>{%len} in !stream.resource<transient>{%len}
  %c1024 = arith.constant 1024 : index
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c1024} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%c1024}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%c1024} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%len} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.5: the pack and the storage view are placed in the entry block, not
// inside the branch.
// CHECK-LABEL: util.func public @scf_if_transient_in_then
// CHECK: %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C256]]
// CHECK: %[[BASE:.+]] = stream.resource.subview
// CHECK-NEXT: scf.if
// CHECK-NEXT: stream.resource.subview %[[BASE]][%[[PACK]]#1]
util.func public @scf_if_transient_in_then(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c256 = arith.constant 256 : index
  %tp = scf.if %cond -> !stream.timepoint {
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c256} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c256}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    scf.yield %await : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.5: the size stays outside the loop and the pack goes before it; the
// alloca awaits the iter_arg and the yield depends on its dealloca, so the
// slot may be reused by every iteration (§9.4).
// CHECK-LABEL: util.func public @scf_for_with_transient
// CHECK: %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[C128]]
// CHECK: scf.for
// CHECK-NEXT: stream.resource.subview %{{.+}}[%[[PACK]]#1]
util.func public @scf_for_with_transient(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c128} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c128}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
    %j = stream.timepoint.join max(%d, %iter) => !stream.timepoint
    scf.yield %j : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @scf_for_with_nested_if
// CHECK: %[[M0:.+]] = arith.maxui
// CHECK-NEXT: %[[M1:.+]] = arith.maxui %[[M0]]
// CHECK-NEXT: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[M1]]
// CHECK: scf.for
util.func public @scf_for_with_nested_if(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %inner = scf.if %cond -> !stream.timepoint {
      %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c256} => !stream.timepoint
      %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c256} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    } else {
      %b, %b_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%c512} => !stream.timepoint
      %d = stream.resource.dealloca await(%b_tp) => %b : !stream.resource<transient>{%c512} => !stream.timepoint
      scf.yield %d : !stream.timepoint
    }
    scf.yield %inner : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A size computed inside the branch is cloned (pure and speculatable) to
// the entry block.
// CHECK-LABEL: util.func public @scf_if_computed_sizes
// CHECK-SAME: %[[SIZE:arg2]]: index
// CHECK: %[[T:.+]] = arith.muli %[[SIZE]], %{{.+}} : index
// CHECK: %[[E:.+]] = arith.muli %[[SIZE]], %{{.+}} : index
// CHECK: stream.resource.pack
// CHECK: scf.if
util.func public @scf_if_computed_sizes(%cond: i1, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %tp = scf.if %cond -> !stream.timepoint {
    %c2 = arith.constant 2 : index
    %s = arith.muli %input_size, %c2 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    %c3 = arith.constant 3 : index
    %s = arith.muli %input_size, %c3 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// CHECK-LABEL: util.func public @unordered_loop
// CHECK: stream.resource.pack slices({})
util.func public @unordered_loop(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    // expected-warning @+1 {{transient allocation of 128 bytes was not placed in external transient storage: its loop iterations are not ordered on the timeline}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
    %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c128}) {
    } => !stream.timepoint
    %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c128} => !stream.timepoint
    %j = stream.timepoint.join max(%d, %iter) => !stream.timepoint
    scf.yield %j : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.2 item 1: a callee that allocates nothing is accepted.
// CHECK-LABEL: util.func public @non_allocating_call
// CHECK: util.call @helper
// CHECK-NOT: stream.resource.transients
util.func private @helper(%arg0: index) -> index {
  util.return %arg0 : index
}
util.func public @non_allocating_call(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %size = util.call @helper(%input_size) : (index) -> index
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// expected-note @+1 {{callee defined here}}
util.func private @allocating(%size: index) -> !stream.timepoint {
  %a, %a_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  util.return %d : !stream.timepoint
}
util.func public @allocating_call(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // expected-error @+1 {{call to '@allocating' performs transient allocations; external transients do not yet place the transients of callees}}
  %t = util.call @allocating(%input_size) : (index) -> !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%t) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

util.func public @loop_variant_size(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-note @+1 {{defined by this op}}
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %s = arith.muli %i, %input_size : index
    // expected-error @+1 {{transient allocation size depends on loop-variant value %arg5; external transients need loop-invariant or bounded sizes}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

util.global private mutable @g : index
util.func public @impure_size(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // expected-note @+1 {{see this op}}
  %s = util.global.load @g : index
  // expected-error @+1 {{transient allocation size depends on 'util.global.load' which has side effects; it cannot be computed by the size query}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Reference bug (§9.5): a guarded division must not be hoisted.
util.func public @guarded_division(%cond: i1, %n: index, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %tp = scf.if %cond -> !stream.timepoint {
    // expected-note @+1 {{see this op}}
    %s = arith.divui %input_size, %n : index
    // expected-error @+1 {{transient allocation size uses 'arith.divui' which cannot be speculatively computed before the function runs}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  } else {
    scf.yield %await : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.7: side work is not on the timeline of the result.
// CHECK-LABEL: util.func public @side_work
// CHECK: stream.resource.alloca
util.func public @side_work(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{transient allocation of 64 bytes was not placed in external transient storage: it is not on the timeline of any annotated result}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp, %d : !stream.resource<*>, !stream.timepoint, !stream.timepoint
}

// -----

// §9.7: work before a host wait.
// CHECK-LABEL: util.func public @host_wait
// CHECK: stream.resource.alloca
util.func public @host_wait(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{transient allocation of 64 bytes was not placed in external transient storage: it follows a host wait that breaks the timeline}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %d => %input : !stream.resource<*>{%input_size}
  %imm = stream.timepoint.immediate => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%imm) => %ready : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
