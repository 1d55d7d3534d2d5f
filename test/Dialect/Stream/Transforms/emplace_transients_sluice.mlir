// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients="reference-compat=false size-check=false" --verify-diagnostics %s | FileCheck %s --check-prefix=NOCHECK
// REQUIRES: sluice-opt

// The Sluice behaviour of external-transients.md §9 (reference-compat=false,
// what Sluice's pipelines use).

// §9.1, §9.9, §9.10: the storage is a stream.tensor.import of a !hal.buffer,
// so everything that reads it runs under `required != 0`, right after the
// pack and before the storage is used: the size assertion (which fails
// cleanly on a null buffer) with the storage alignment, then the length;
// when nothing is needed the length is 0 and the import, marked
// sluice.null_if_empty, reads nothing (a null storage is allowed).
// CHECK-LABEL: util.func public @size_check
// CHECK-SAME: %[[BUFFER:[a-z0-9]+]]: !hal.buffer
// CHECK: %[[PACK:.+]]:2 = stream.resource.pack
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[NZ:.+]] = arith.cmpi ne, %[[PACK]]#0, %[[C0]] : index
// CHECK-NEXT: %[[LEN:.+]] = scf.if %[[NZ]] -> (index) {
// CHECK-NEXT: %[[ALLOC:.+]] = stream.context.resolve : !hal.allocator
// CHECK-NEXT: hal.buffer.assert<%[[BUFFER]] : !hal.buffer> message("external transient storage for 'size_check' (size query 'size_check_transients_size')") allocator(%[[ALLOC]] : !hal.allocator) minimum_length(%[[PACK]]#0) type("None") usage("None") attributes {sluice.storage_alignment = [[ALIGN:[0-9]+]] : i64}
// CHECK-NEXT: %[[L:.+]] = hal.buffer.length<%[[BUFFER]] : !hal.buffer> : index
// CHECK-NEXT: scf.yield %[[L]] : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[C0]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[STORAGE:.+]] = stream.tensor.import %[[BUFFER]] : !hal.buffer -> tensor<?xi8>{%[[LEN]]} in !stream.resource<transient>{%[[LEN]]} attributes {sluice.null_if_empty}
// CHECK-NEXT: stream.resource.subview %[[STORAGE]][%[[C0]]] : !stream.resource<transient>{%[[LEN]]}
// With size-check=false there is no assertion, but the reads stay guarded.
// NOCHECK-LABEL: util.func public @size_check
// NOCHECK-NOT: hal.buffer.assert
// NOCHECK: scf.if
// NOCHECK-NEXT: hal.buffer.length
// NOCHECK-NOT: hal.buffer.assert
// NOCHECK: stream.tensor.import {{.+}} attributes {sluice.null_if_empty}
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

// A !hal.buffer_view storage (§3.3 shape): its buffer is read under the
// guard, behind a null test of the view, so a null view fails the assertion
// («buffer is null») and a null view of size 0 is never read; the guard then
// also yields the buffer (null when nothing is needed).
// CHECK-LABEL: util.func public @size_check_view
// CHECK-SAME: %[[VIEW:[a-z0-9]+]]: !hal.buffer_view
// CHECK: %[[NZ:.+]] = arith.cmpi ne
// CHECK-NEXT: %[[G:.+]]:2 = scf.if %[[NZ]] -> (!hal.buffer, index) {
// CHECK-NEXT: %[[NULLV:.+]] = util.null : !hal.buffer_view
// CHECK-NEXT: %[[ISNULL:.+]] = util.cmp.eq %[[VIEW]], %[[NULLV]] : !hal.buffer_view
// CHECK-NEXT: %[[B:.+]] = scf.if %[[ISNULL]] -> (!hal.buffer) {
// CHECK-NEXT: %[[NB:.+]] = util.null : !hal.buffer
// CHECK-NEXT: scf.yield %[[NB]] : !hal.buffer
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[VB:.+]] = hal.buffer_view.buffer<%[[VIEW]] : !hal.buffer_view> : !hal.buffer
// CHECK-NEXT: scf.yield %[[VB]] : !hal.buffer
// CHECK-NEXT: }
// CHECK-NEXT: stream.context.resolve
// CHECK-NEXT: hal.buffer.assert<%[[B]] : !hal.buffer>
// CHECK-NEXT: %[[L:.+]] = hal.buffer.length<%[[B]] : !hal.buffer> : index
// CHECK-NEXT: scf.yield %[[B]], %[[L]] : !hal.buffer, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[NULLB:.+]] = util.null : !hal.buffer
// CHECK-NEXT: scf.yield %[[NULLB]], %{{.+}} : !hal.buffer, index
// CHECK-NEXT: }
// CHECK-NEXT: stream.tensor.import %[[G]]#0 : !hal.buffer -> tensor<?xi8>{%[[G]]#1} in !stream.resource<transient>{%[[G]]#1} attributes {sluice.null_if_empty}
util.func public @size_check_view(%input: !stream.resource<*>, %input_size: index, %view: !hal.buffer_view, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %buffer = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
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

// Calls to callees that allocate: emplace_transients_calls.mlir.

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

// §9.7 host-synchronized work: in the sync invocation model (no
// `iree.abi.model = "coarse-fences"` in the reflection) an alloca whose
// dealloca is host-awaited on every path to the return is finished when the
// call returns, so it is emplaced although no annotated result depends on it.
// CHECK-LABEL: util.func public @host_wait
// CHECK:       %[[C64:.+]] = arith.constant 64 : index
// CHECK:       %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT:    [0, 0] = %[[C64]]
// CHECK-NEXT:  }) : index attributes {stream.experimental.transients}
// CHECK:       %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%[[PACK]]#0}
// CHECK:       %[[VIEW:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[C64]]}
// CHECK-NOT:   stream.resource.alloca
// CHECK:       %[[E:.+]] = stream.cmd.execute await(%arg4) => with(%[[VIEW]] as
// CHECK-NOT:   stream.resource.dealloca
// CHECK:       stream.timepoint.await %[[E]] => %arg0
util.func public @host_wait(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%e) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %d => %input : !stream.resource<*>{%input_size}
  %imm = stream.timepoint.immediate => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%imm) => %ready : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.7 host-synchronized work whose dealloca is also on the annotated
// result's timeline while its alloca is not: the result's ancestry holds a
// dealloca the host step needs, so the walk from the host await must go
// through that ancestry again (it may only skip it when no dealloca there
// has an alloca left to add).
// CHECK-LABEL: util.func public @host_wait_dealloca_on_result
// CHECK:       %[[C64:.+]] = arith.constant 64 : index
// CHECK:       %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT:    [0, 0] = %[[C64]]
// CHECK-NEXT:  }) : index attributes {stream.experimental.transients}
// CHECK:       %[[BASE:.+]] = stream.resource.subview %arg2[%c0] : !stream.resource<transient>{%arg3} -> !stream.resource<transient>{%[[PACK]]#0}
// CHECK:       %[[VIEW:.+]] = stream.resource.subview %[[BASE]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[C64]]}
// CHECK-NOT:   stream.resource.alloca
// CHECK:       %[[E:.+]] = stream.cmd.execute await(%arg4) => with(%[[VIEW]] as
// CHECK-NOT:   stream.resource.dealloca
// CHECK:       %[[J:.+]] = stream.timepoint.join max(%arg4, %[[E]])
// CHECK:       %[[READY:.+]] = stream.timepoint.await %[[J]] => %arg0
// CHECK:       util.return %[[READY]], %arg4
util.func public @host_wait_dealloca_on_result(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%a_tp) => with(%a as %x: !stream.resource<transient>{%c64}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %d = stream.resource.dealloca await(%await) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %j = stream.timepoint.join max(%d, %e) => !stream.timepoint
  %ready = stream.timepoint.await %j => %input : !stream.resource<*>{%input_size}
  %result, %result_tp = stream.resource.transients await(%d) => %ready : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.7: in the coarse-fences model the call returns before the work is
// done by the caller's fences, so host-awaited work is not emplaced.
// CHECK-LABEL: util.func public @host_wait_async
// CHECK: stream.resource.alloca
util.func public @host_wait_async(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) attributes {iree.reflection = {iree.abi.model = "coarse-fences"}} {
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

// -----

// §9.7: a host wait on one branch only does not finish the work on every
// path to the return.
// CHECK-LABEL: util.func public @host_wait_one_branch
// CHECK: stream.resource.alloca
util.func public @host_wait_one_branch(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint, %cond: i1) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  // expected-warning @+1 {{transient allocation of 64 bytes was not placed in external transient storage: it follows a host wait that breaks the timeline}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  stream.timepoint.await %d => %input : !stream.resource<*>{%input_size}
  cf.br ^bb2
^bb2:
  %result, %result_tp = stream.resource.transients await(%await) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.7: a size only the function's branches decide (an argument of a
// non-entry block) cannot be computed by the size query; the alloca stays.
// CHECK-LABEL: util.func public @size_from_branch
// CHECK: stream.resource.alloca uninitialized await(%arg4) => !stream.resource<transient>{%0}
// CHECK: stream.resource.pack slices({}) : index attributes {stream.experimental.transients}
util.func public @size_from_branch(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint, %cond: i1, %n: index) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  cf.cond_br %cond, ^bb1(%c64 : index), ^bb1(%n : index)
^bb1(%s: index):
  // expected-warning @+1 {{transient allocation of <dynamic> bytes was not placed in external transient storage: its size cannot be computed by the size query}}
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%s} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
  %r, %t = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// An alloca in another block of the function body (no ancestor in the entry
// block) is served by a pack at the end of the entry block, which dominates
// it (the reference fails: «alloca has no parent in common dominator block»).
// CHECK-LABEL: util.func public @alloca_in_successor_block
// CHECK:       stream.resource.pack slices({
// CHECK-NEXT:    [0, 0] = %c64
// CHECK:       cf.br ^bb1
// CHECK:     ^bb1:
// CHECK-NEXT:  stream.resource.subview
// CHECK-NOT:   stream.resource.alloca
util.func public @alloca_in_successor_block(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  cf.br ^bb1
^bb1:
  %a, %a_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %r, %t = stream.resource.transients await(%d) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}

// -----

// §9.3/§9.7: a storage argument annotated with an affinity only serves
// allocas of that affinity.
// CHECK-LABEL: util.func public @affinity_mismatch
// CHECK:       stream.resource.pack on(#hal.device.promise<@dev_a>) slices({
// CHECK-NEXT:    [0, 0] = %c64
// CHECK-NEXT:  })
// CHECK:       stream.resource.alloca uninitialized on(#hal.device.promise<@dev_b>)
util.func public @affinity_mismatch(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient> {iree.abi.affinity = #hal.device.promise<@dev_a>}, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a, %a_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_a>) await(%await) => !stream.resource<transient>{%c64} => !stream.timepoint
  // expected-warning @+1 {{transient allocation of 128 bytes was not placed in external transient storage: no storage argument matches its affinity #hal.device.promise<@dev_b>}}
  %b, %b_tp = stream.resource.alloca uninitialized on(#hal.device.promise<@dev_b>) await(%await) => !stream.resource<transient>{%c128} => !stream.timepoint
  %da = stream.resource.dealloca on(#hal.device.promise<@dev_a>) await(%a_tp) => %a : !stream.resource<transient>{%c64} => !stream.timepoint
  %db = stream.resource.dealloca on(#hal.device.promise<@dev_b>) await(%b_tp) => %b : !stream.resource<transient>{%c128} => !stream.timepoint
  %j = stream.timepoint.join max(%da, %db) => !stream.timepoint
  %r, %t = stream.resource.transients on(#hal.device.promise<@dev_a>) await(%j) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}
