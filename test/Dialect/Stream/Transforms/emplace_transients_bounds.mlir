// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients=reference-compat=false --verify-diagnostics %s | FileCheck %s

// external-transients.md §9.5: with reference-compat=false a size that
// depends on a loop-variant value is replaced in the pack by its upper bound
// from integer range analysis (loop bounds, util.assume.int,
// sluice.abi.dim_bounds); the alloca's own subview keeps the exact size.
// Without a finite bound it is an error.

// The induction variable is in [0, 3]: at most 3 * 256 bytes.
// CHECK-LABEL: util.func public @loop_bounded
// CHECK: %[[BOUND:.+]] = arith.constant 768 : index
// CHECK: %[[PACK:.+]]:2 = stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[BOUND]]
// CHECK: %[[BASE:.+]] = stream.resource.subview %arg2
// CHECK: scf.for %[[I:.+]] = %c0 to %c4 step %c1
// CHECK-NEXT: %[[S:.+]] = arith.muli %[[I]], %c256
// CHECK-NEXT: stream.resource.subview %[[BASE]][%[[PACK]]#1] : !stream.resource<transient>{%[[PACK]]#0} -> !stream.resource<transient>{%[[S]]}
util.func public @loop_bounded(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %s = arith.muli %i, %c256 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A loop-carried size with an assumption.
// CHECK-LABEL: util.func public @assumed_iter_arg
// CHECK: %[[BOUND:.+]] = arith.constant 4096 : index
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[BOUND]]
util.func public @assumed_iter_arg(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %tp:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await, %n = %c64) -> (!stream.timepoint, index) {
    %b = util.assume.int %n<umin = 0, umax = 4096> : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%b} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%b} => !stream.timepoint
    %next = arith.addi %n, %c64 : index
    scf.yield %d, %next : !stream.timepoint, index
  }
  %result, %result_tp = stream.resource.transients await(%tp#0) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A loop-carried size that grows without a bound.
util.func public @unbounded_iter_arg(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // expected-note @+1 {{defined by this op}}
  %tp:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await, %n = %c64) -> (!stream.timepoint, index) {
    // expected-error @+1 {{transient allocation size depends on loop-variant value %arg7; external transients need loop-invariant or bounded sizes}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%n} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%n} => !stream.timepoint
    %next = arith.muli %n, %c4 : index
    scf.yield %d, %next : !stream.timepoint, index
  }
  %result, %result_tp = stream.resource.transients await(%tp#0) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// sluice.abi.dim_bounds bounds the dimension the loop scales: 3 * 16 * 4.
// CHECK-LABEL: util.func public @dim_bounded
// CHECK: %[[BOUND:.+]] = arith.constant 192 : index
// CHECK: stream.resource.pack slices({
// CHECK-NEXT: [0, 0] = %[[BOUND]]
util.func public @dim_bounded(%view: !hal.buffer_view {sluice.abi.dim_bounds = [[1, 16]]}, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %dim = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %t = hal.tensor.import %view : !hal.buffer_view -> tensor<?xf32>{%dim}
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %rows = arith.muli %i, %dim : index
    %s = arith.muli %rows, %c4 : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// Without dim_bounds the dimension is unbounded: the loop-variant error.
util.func public @dim_unbounded(%view: !hal.buffer_view, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %dim = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  // expected-note @+1 {{defined by this op}}
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %s = arith.muli %i, %dim : index
    // expected-error @+1 {{transient allocation size depends on loop-variant value %arg6; external transients need loop-invariant or bounded sizes}}
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// A malformed sluice.abi.dim_bounds is reported when a bound is needed.
// expected-error @+1 {{'sluice.abi.dim_bounds' on argument 0 has 2 pairs but the imported tensor has 1 dynamic dimensions}}
util.func public @dim_bounds_mismatch(%view: !hal.buffer_view {sluice.abi.dim_bounds = [[1, 16], [1, 2]]}, %input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %dim = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %t = hal.tensor.import %view : !hal.buffer_view -> tensor<?x4xf32>{%dim}
  %tp = scf.for %i = %c0 to %c4 step %c1 iter_args(%iter = %await) -> (!stream.timepoint) {
    %s = arith.muli %i, %dim : index
    %a, %a_tp = stream.resource.alloca uninitialized await(%iter) => !stream.resource<transient>{%s} => !stream.timepoint
    %d = stream.resource.dealloca await(%a_tp) => %a : !stream.resource<transient>{%s} => !stream.timepoint
    scf.yield %d : !stream.timepoint
  }
  %result, %result_tp = stream.resource.transients await(%tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
