// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-stream-reuse-allocations))' %s | FileCheck %s
// REQUIRES: sluice-opt

// A dealloca directly followed on the timeline by an alloca of the same size,
// type and affinity gives its resource to the alloca.

// CHECK-LABEL: @reuseResourceDirect
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[INPUT_TIMEPOINT:.+]]: !stream.timepoint)
util.func public @reuseResourceDirect(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK-NOT: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK-NOT: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[INPUT]], %[[INPUT_TIMEPOINT]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// A dealloca without an await is available immediately.

// CHECK-LABEL: @reuseResourceNoAwait
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index)
util.func public @reuseResourceNoAwait(%input: !stream.resource<transient>, %size: index) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[IMMEDIATE:.+]] = stream.timepoint.immediate
  // CHECK-NOT: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK-NOT: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[INPUT]], %[[IMMEDIATE]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: @reuseTypeMismatch
util.func public @reuseTypeMismatch(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
  // CHECK: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<external>{%size} => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<external>, !stream.timepoint
}

// -----

// CHECK-LABEL: @reuseSizeMismatch
util.func public @reuseSizeMismatch(%input: !stream.resource<transient>, %size: index, %other_size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<transient>{%other_size} => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// CHECK-LABEL: @reuseAffinityMismatch
util.func public @reuseAffinityMismatch(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca on(#hal.device.promise<@device_a>) await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.promise<@device_b>) await(%dealloca_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// Only the same block is searched.

// CHECK-LABEL: @reuseInBlockOnly
util.func public @reuseInBlockOnly(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  cf.br ^bb1
^bb1:
  // CHECK: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// RA2: through a join the alloca takes the dealloca's await; the join stays,
// fed that timepoint.

// CHECK-LABEL: @reuseResourceThroughJoin
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[INPUT_TIMEPOINT:.+]]: !stream.timepoint, %[[OTHER_TIMEPOINT:.+]]: !stream.timepoint)
util.func public @reuseResourceThroughJoin(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint, %other_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint, !stream.timepoint) {
  // CHECK-NOT: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[INPUT_TIMEPOINT]], %[[OTHER_TIMEPOINT]])
  %join = stream.timepoint.join max(%dealloca_timepoint, %other_timepoint) => !stream.timepoint
  // CHECK-NOT: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%join) => !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[INPUT]], %[[INPUT_TIMEPOINT]], %[[JOIN]]
  util.return %result, %result_timepoint, %join : !stream.resource<transient>, !stream.timepoint, !stream.timepoint
}

// -----

// Several matching deallocas behind one join: the last operand's wins.

// CHECK-LABEL: @reuseLastJoinOperand
// CHECK-SAME: (%[[A:.+]]: !stream.resource<transient>, %[[B:.+]]: !stream.resource<transient>, %[[SIZE:.+]]: index, %[[TA:.+]]: !stream.timepoint, %[[TB:.+]]: !stream.timepoint)
util.func public @reuseLastJoinOperand(%a: !stream.resource<transient>, %b: !stream.resource<transient>, %size: index, %ta: !stream.timepoint, %tb: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: %[[DEALLOCA_A:.+]] = stream.resource.dealloca await(%[[TA]]) => %[[A]]
  %da = stream.resource.dealloca await(%ta) => %a : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK-NOT: stream.resource.dealloca
  %db = stream.resource.dealloca await(%tb) => %b : !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: stream.timepoint.join max(%[[DEALLOCA_A]], %[[TB]])
  %join = stream.timepoint.join max(%da, %db) => !stream.timepoint
  // CHECK-NOT: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%join) => !stream.resource<transient>{%size} => !stream.timepoint
  // CHECK: util.return %[[B]], %[[TB]]
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}

// -----

// RA1: allocas inside nested regions are not visited.

// CHECK-LABEL: @reuseTopLevelOnly
util.func public @reuseTopLevelOnly(%cond: i1, %input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> !stream.timepoint {
  %t = scf.if %cond -> !stream.timepoint {
    // CHECK: stream.resource.dealloca
    %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
    // CHECK: stream.resource.alloca
    %result, %result_timepoint = stream.resource.alloca uninitialized await(%dealloca_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
    scf.yield %result_timepoint : !stream.timepoint
  } else {
    scf.yield %input_timepoint : !stream.timepoint
  }
  util.return %t : !stream.timepoint
}

// -----

// The search stops at any other timeline op.

// CHECK-LABEL: @reuseBlockedByExecute
util.func public @reuseBlockedByExecute(%input: !stream.resource<transient>, %size: index, %input_timepoint: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  // CHECK: stream.resource.dealloca
  %dealloca_timepoint = stream.resource.dealloca await(%input_timepoint) => %input : !stream.resource<transient>{%size} => !stream.timepoint
  %execute_timepoint = stream.cmd.execute await(%dealloca_timepoint) => with() {
  } => !stream.timepoint
  // CHECK: stream.resource.alloca
  %result, %result_timepoint = stream.resource.alloca uninitialized await(%execute_timepoint) => !stream.resource<transient>{%size} => !stream.timepoint
  util.return %result, %result_timepoint : !stream.resource<transient>, !stream.timepoint
}
