// RUN: sluice-opt --split-input-file --iree-stream-schedule-allocation --verify-diagnostics %s
// REQUIRES: sluice-opt

// SA3: constants inside waves are not extracted; Sluice reports them instead
// of crashing on the unmapped range.

util.func public @nestedConstant(%size: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+2 {{unhandled async op stream.async.concurrent during allocation (should have been removed earlier)}}
  // expected-error @+1 {{failed to apply allocations/issue commands}}
  %timepoint = stream.async.execute with() {
    // expected-error @+1 {{unhandled async op stream.async.constant during allocation (should have been removed earlier)}}
    %0 = stream.async.concurrent with() -> !stream.resource<constant>{%c8} {
      %1 = stream.async.constant : !stream.resource<constant>{%c8} = dense<3> : tensor<8xi8>
      stream.yield %1 : !stream.resource<constant>{%c8}
    }
    stream.yield
  } => !stream.timepoint
  util.return
}

// -----

// SA4: constants of other lifetimes are never extracted.

util.func public @transientConstant() {
  %c8 = arith.constant 8 : index
  // expected-error @+2 {{unhandled async op stream.async.constant during allocation (should have been removed earlier)}}
  // expected-error @+1 {{failed to apply allocations/issue commands}}
  %timepoint = stream.async.execute with() {
    %0 = stream.async.constant : !stream.resource<transient>{%c8} = dense<3> : tensor<8xi8>
    stream.yield
  } => !stream.timepoint
  util.return
}

// -----

// Ops that should have been removed or hoisted before allocation.

util.func public @unhandledOp(%operand: !stream.resource<transient>, %size: index) {
  %c1 = arith.constant 1 : index
  %c255_i8 = arith.constant 255 : i8
  // expected-error @+2 {{unhandled async op arith.addi during allocation (should have been removed earlier)}}
  // expected-error @+1 {{failed to apply allocations/issue commands}}
  %timepoint = stream.async.execute with(%operand as %capture: !stream.resource<transient>{%size}) {
    %0 = arith.addi %size, %c1 : index
    %1 = stream.async.fill %c255_i8, %capture[%c1 to %0 for %c1] : i8 -> %capture as !stream.resource<transient>{%size}
    stream.yield
  } => !stream.timepoint
  util.return
}
