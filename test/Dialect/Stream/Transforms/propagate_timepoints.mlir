// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-propagate-timepoints %s | FileCheck %s

// Resource global loads also load their timepoint and await it.

// CHECK: util.global private mutable @constantGlobal__timepoint = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-NEXT: util.global private @constantGlobal : !stream.resource<constant>
// CHECK-LABEL: @globalLoad
// CHECK-SAME: () {
// CHECK-NEXT: %[[CONSTANTGLOBAL__TIMEPOINT:[a-zA-Z0-9_]+]] = util.global.load @constantGlobal__timepoint : !stream.timepoint
// CHECK-NEXT: %[[CONSTANTGLOBAL:[a-zA-Z0-9_]+]] = util.global.load @constantGlobal : !stream.resource<constant>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[CONSTANTGLOBAL]] : !stream.resource<constant>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[CONSTANTGLOBAL__TIMEPOINT]] => %[[CONSTANTGLOBAL]] : !stream.resource<constant>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.global private @constantGlobal : !stream.resource<constant>

util.func private @globalLoad() {
  %0 = util.global.load @constantGlobal : !stream.resource<constant>
  util.optimization_barrier %0 : !stream.resource<constant>
  util.return
}

// -----

// Resource global stores consume their incoming timepoints.

// CHECK: util.global private mutable @mutableGlobal__timepoint = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-NEXT: util.global private mutable @mutableGlobal : !stream.resource<variable>
// CHECK-LABEL: @globalStore
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<variable>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<variable>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<variable>{%[[V0]]}
// CHECK-NEXT: util.global.store %[[ARG1]], @mutableGlobal__timepoint : !stream.timepoint
// CHECK-NEXT: util.global.store %[[ARG0]], @mutableGlobal : !stream.resource<variable>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.global private mutable @mutableGlobal : !stream.resource<variable>

util.func private @globalStore(%arg0: !stream.resource<variable>) {
  util.global.store %arg0, @mutableGlobal : !stream.resource<variable>
  util.return
}

// -----

// Private function arguments are expanded with a timepoint, awaited at entry.

// CHECK-LABEL: @funcArgs
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<transient>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V1]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V3]] : !stream.resource<transient>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func private @funcArgs(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) {
  util.optimization_barrier %arg0 : !stream.resource<external>
  util.optimization_barrier %arg1 : !stream.resource<transient>
  util.return
}

// -----

// Private function results are returned with their timepoints.

// CHECK-LABEL: @funcResults
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<transient>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%[[V2]]}
// CHECK-NEXT: util.return %[[ARG0]], %[[ARG1]], %[[ARG2]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint
// CHECK-NEXT: }

util.func private @funcResults(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) -> (!stream.resource<external>, !stream.resource<transient>) {
  util.return %arg0, %arg1 : !stream.resource<external>, !stream.resource<transient>
}

// -----

// Calls to private functions pass and receive (resource, timepoint) pairs;
// results are awaited after the call.

// CHECK-LABEL: @callee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<transient>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%[[V2]]}
// CHECK-NEXT: util.return %[[ARG0]], %[[ARG1]], %[[ARG2]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @caller
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<transient>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%[[V2]]}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]]:4 = util.call @callee(%[[ARG0]], %[[ARG1]], %[[ARG2]], %[[ARG3]]) : (!stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint)
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#1 => %[[V4]]#0 : !stream.resource<external>{%[[V5]]}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]]#2 : !stream.resource<transient>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V4]]#3 => %[[V4]]#2 : !stream.resource<transient>{%[[V7]]}
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V6]] : !stream.resource<external>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V8]] : !stream.resource<transient>
// CHECK-NEXT: util.return %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 : !stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint
// CHECK-NEXT: }

util.func private @callee(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) -> (!stream.resource<external>, !stream.resource<transient>) {
  util.return %arg0, %arg1 : !stream.resource<external>, !stream.resource<transient>
}

util.func private @caller(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) -> (!stream.resource<external>, !stream.resource<transient>) {
  %0:2 = util.call @callee(%arg0, %arg1) : (!stream.resource<external>, !stream.resource<transient>) -> (!stream.resource<external>, !stream.resource<transient>)
  util.optimization_barrier %0#0 : !stream.resource<external>
  util.optimization_barrier %0#1 : !stream.resource<transient>
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<transient>
}

// -----

// Public functions keep their signatures; their resources get immediates.

// CHECK-LABEL: @privateCallee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: util.return %[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @publicCaller
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = util.call @privateCallee(%[[ARG0]], %[[V0]]) : (!stream.resource<external>, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[V1]]#0 : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V1]]#1 => %[[V1]]#0 : !stream.resource<external>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]] : !stream.resource<external>
// CHECK-NEXT: }

util.func private @privateCallee(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  util.return %arg0 : !stream.resource<external>
}

util.func public @publicCaller(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %0 = util.call @privateCallee(%arg0) : (!stream.resource<external>) -> !stream.resource<external>
  util.return %0 : !stream.resource<external>
}

// -----

// Branch operands are expanded; the successor gets (resource, timepoint)
// arguments awaited at its entry.

// CHECK-LABEL: @br
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG2]] : !stream.resource<transient>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%[[V2]]}
// CHECK-NEXT: cf.br ^bb1(%[[ARG0]], %[[ARG1]], %[[ARG2]], %[[ARG3]] : !stream.resource<external>, !stream.timepoint, !stream.resource<transient>, !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V4:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V5:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[V6:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[V7:[a-zA-Z0-9_]+]]: !stream.timepoint):  // pred: ^bb0
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.resource.size %[[V4]] : !stream.resource<external>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V5]] => %[[V4]] : !stream.resource<external>{%[[V8]]}
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.resource.size %[[V6]] : !stream.resource<transient>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V7]] => %[[V6]] : !stream.resource<transient>{%[[V10]]}
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V9]] : !stream.resource<external>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V11]] : !stream.resource<transient>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func private @br(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) {
  cf.br ^bb1(%arg0, %arg1 : !stream.resource<external>, !stream.resource<transient>)
^bb1(%bb1_arg0: !stream.resource<external>, %bb1_arg1: !stream.resource<transient>):
  util.optimization_barrier %bb1_arg0 : !stream.resource<external>
  util.optimization_barrier %bb1_arg1 : !stream.resource<transient>
  util.return
}

// -----

// Switch operands are expanded like branches (cases first, then the default
// when creating fallback immediates).

// CHECK-LABEL: @switch
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i32, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: cf.switch %[[ARG0]] : i32, [
// CHECK-NEXT: default: ^bb1(%[[ARG1]], %[[V1]] : !stream.resource<external>, !stream.timepoint),
// CHECK-NEXT: 0: ^bb2(%[[ARG2]], %[[V0]] : !stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V3:[a-zA-Z0-9_]+]]: !stream.timepoint):  // pred: ^bb0
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]] => %[[V2]] : !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V5]] : !stream.resource<external>
// CHECK-NEXT: util.return
// CHECK-NEXT: ^bb2(%[[V7:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V8:[a-zA-Z0-9_]+]]: !stream.timepoint):  // pred: ^bb0
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.resource.size %[[V7]] : !stream.resource<external>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V8]] => %[[V7]] : !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V10]] : !stream.resource<external>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func public @switch(%flag: i32, %arg0: !stream.resource<external>, %arg1: !stream.resource<external>) {
  cf.switch %flag : i32, [
    default: ^bb1(%arg0 : !stream.resource<external>),
    0: ^bb2(%arg1 : !stream.resource<external>)
  ]
^bb1(%a: !stream.resource<external>):
  util.optimization_barrier %a : !stream.resource<external>
  util.return
^bb2(%b: !stream.resource<external>):
  util.optimization_barrier %b : !stream.resource<external>
  util.return
}

// -----

// Captures with different timepoints: the execute awaits their join and
// captures the resources unawaited.

// CHECK-LABEL: @asyncExecuteConsume
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<transient>, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%c20}
// CHECK: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG2]] : !stream.resource<transient>{%c40}
// CHECK: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG1]], %[[ARG3]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V2]]) => with(%[[ARG0]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20_0}, %[[ARG2]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c40_1}) -> (%[[ARG0]]{%c20_0}, %[[ARG2]]{%c40_1}) {
// CHECK-NEXT: stream.yield %[[ARG4]], %[[ARG5]] : !stream.resource<external>{%c20_0}, !stream.resource<transient>{%c40_1}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[RESULTS]]#0 : !stream.resource<external>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func private @asyncExecuteConsume(%arg0: !stream.resource<external>, %arg1: !stream.resource<transient>) {
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %0:2, %tp = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}, %arg1 as %capture1: !stream.resource<transient>{%c40}) -> (%arg0{%c20}, %arg1{%c40}) {
    stream.yield %capture0, %capture1 : !stream.resource<external>{%c20}, !stream.resource<transient>{%c40}
  } => !stream.timepoint
  util.optimization_barrier %0#0 : !stream.resource<external>
  util.return
}

// -----

// Barriers are replaced by the consumed (resource, timepoint); timeline ops
// await the timepoints of their resource operands.

// CHECK-LABEL: @barrierAndTimelineOp
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%c20}
// CHECK: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG1]], %[[ARG2]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]], %[[ARG1]]) => with(%[[ARG0]]) : (!stream.resource<external>{%c20_0}) -> !stream.resource<external>{%c20_0} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[RESULTS]] : !stream.resource<external>
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func private @barrierAndTimelineOp(%arg0: !stream.resource<external>, %t: !stream.timepoint) -> !stream.timepoint {
  %c20 = arith.constant 20 : index
  %r, %rt = stream.timepoint.barrier %arg0 : !stream.resource<external>{%c20} => !stream.timepoint
  %j = stream.timepoint.join max(%rt, %t) => !stream.timepoint
  %o, %ot = stream.test.timeline_op await(%t) => with(%r) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} => !stream.timepoint
  util.optimization_barrier %o : !stream.resource<external>
  util.return %j : !stream.timepoint
}

// -----

// Awaits map their operands to the awaited timepoint; sync awaits do not.

// CHECK-LABEL: @awaitMapping
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.resource.alloca uninitialized : !stream.resource<external>{%c20} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULT]] : !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await sync %[[ARG2]] => %[[V2]] : !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[RESULT_TIMEPOINT]], %[[V4]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_0:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V5]]) => with(%[[RESULT]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}, %[[V3]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> %[[RESULT]]{%c20} {
// CHECK-NEXT: stream.yield %[[ARG3]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[RESULTS]] : !stream.resource<external>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func private @awaitMapping(%arg0: !stream.resource<external>, %t: !stream.timepoint) {
  %c20 = arith.constant 20 : index
  %r, %rt = stream.resource.alloca uninitialized : !stream.resource<external>{%c20} => !stream.timepoint
  %a = stream.timepoint.await %rt => %r : !stream.resource<external>{%c20}
  %s = stream.timepoint.await sync %t => %a : !stream.resource<external>{%c20}
  %0, %tp = stream.async.execute with(%r as %capture0: !stream.resource<external>{%c20}, %s as %capture1: !stream.resource<external>{%c20}) -> %r{%c20} {
    stream.yield %capture0 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  util.optimization_barrier %0 : !stream.resource<external>
  util.return
}

// -----

// Initializers keep their (empty) signature; stores consume timepoints.

// CHECK: util.global private mutable @g__timepoint = #stream.timepoint<immediate> : !stream.timepoint
// CHECK-NEXT: util.global private mutable @g : !stream.resource<variable>
// CHECK-LABEL: util.initializer
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.resource.alloca uninitialized : !stream.resource<variable>{%c20} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULT]] : !stream.resource<variable>{%c20}
// CHECK-NEXT: util.global.store %[[RESULT_TIMEPOINT]], @g__timepoint : !stream.timepoint
// CHECK-NEXT: util.global.store %[[RESULT]], @g : !stream.resource<variable>
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.global private mutable @g : !stream.resource<variable>

util.initializer {
  %c20 = arith.constant 20 : index
  %r, %rt = stream.resource.alloca uninitialized : !stream.resource<variable>{%c20} => !stream.timepoint
  %a = stream.timepoint.await %rt => %r : !stream.resource<variable>{%c20}
  util.global.store %a, @g : !stream.resource<variable>
  util.return
}

// -----

// Unreachable blocks (with and without arguments), self loops and external
// functions: every branch is rebuilt to match the expanded block arguments.

// CHECK-LABEL: @unreachable
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: i1) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: cf.cond_br %[[ARG2]], ^bb1(%[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint), ^bb2
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V3:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 3 preds: ^bb0, ^bb2, ^bb4
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]] => %[[V2]] : !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: util.return %[[V2]], %[[V3]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb1(%[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: ^bb3:  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb4(%[[V6:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V7:[a-zA-Z0-9_]+]]: !stream.timepoint):  // no predecessors
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_]+]] = stream.resource.size %[[V6]] : !stream.resource<external>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V7]] => %[[V6]] : !stream.resource<external>{%[[V8]]}
// CHECK-NEXT: cf.br ^bb1(%[[V6]], %[[V7]] : !stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: }
// CHECK-LABEL: @empty
// CHECK-SAME: ()
// CHECK-LABEL: @selfloop
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.resource.size %[[ARG0]] : !stream.resource<external>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[V0]]}
// CHECK-NEXT: cf.br ^bb1(%[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: ^bb1(%[[V2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[V3:[a-zA-Z0-9_]+]]: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.resource.size %[[V2]] : !stream.resource<external>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3]] => %[[V2]] : !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: cf.br ^bb1(%[[V2]], %[[V3]] : !stream.resource<external>, !stream.timepoint)
// CHECK-NEXT: }

util.func private @unreachable(%arg0: !stream.resource<external>, %cond: i1) -> !stream.resource<external> {
  cf.cond_br %cond, ^bb1(%arg0 : !stream.resource<external>), ^bb2
^bb1(%x: !stream.resource<external>):
  util.return %x : !stream.resource<external>
^bb2:
  cf.br ^bb1(%arg0 : !stream.resource<external>)
^bb3:
  cf.br ^bb3
^bb4(%y: !stream.resource<external>):
  cf.br ^bb1(%y : !stream.resource<external>)
}
util.func private @empty()
util.func private @selfloop(%arg0: !stream.resource<external>) {
  cf.br ^bb1(%arg0 : !stream.resource<external>)
^bb1(%x: !stream.resource<external>):
  cf.br ^bb1(%x : !stream.resource<external>)
}
