// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-elide-timepoints %s | FileCheck %s

// An await whose result feeds a timeline op is absorbed: the op awaits the
// timepoint and uses the resource directly; the await disappears.

// CHECK-LABEL: @awaitFoldIntoTimelineOp
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULTS]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULTS_0]], %[[RESULT_TIMEPOINT_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitFoldIntoTimelineOp(%arg0: !stream.resource<external>, %size: index) -> (!stream.resource<external>, !stream.timepoint) {
  %r, %tp = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp => %r : !stream.resource<external>{%size}
  %r2, %tp2 = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %r2, %tp2 : !stream.resource<external>, !stream.timepoint
}

// -----

// Absorption into stream.cmd.execute.

// CHECK-LABEL: @awaitFoldIntoCmdExecute
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[ARG2]]) => with(%[[ARG0]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%[[ARG1]]}) {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitFoldIntoCmdExecute(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = stream.cmd.execute with(%ready as %capture: !stream.resource<external>{%size}) {
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// An op that already awaits something gets a join of both.

// CHECK-LABEL: @awaitMergeWithExisting
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]], %[[ARG3]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitMergeWithExisting(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint, %tp1: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp1 => %arg0 : !stream.resource<external>{%size}
  %r, %tp = stream.test.timeline_op await(%tp0) => with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// An op limited to one await gets a join created before it.

// CHECK-LABEL: @awaitMergeWithLimit
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG2]], %[[ARG3]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await_limit(1) await(%[[V0]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitMergeWithLimit(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint, %tp1: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp1 => %arg0 : !stream.resource<external>{%size}
  %r, %tp = stream.test.timeline_op await_limit(1) await(%tp0) => with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// The await result feeds a join-awaiting timeline op and a second op: the
// first consumer absorbs the await; the later join is left as is.

// CHECK-LABEL: @awaitFoldIntoTimepointJoin
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[RESULT_TIMEPOINT_1]]) => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitFoldIntoTimepointJoin(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  %r1, %tp1 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %r2, %tp2 = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %join = stream.timepoint.join max(%tp2) => !stream.timepoint
  util.return %join : !stream.timepoint
}

// -----

// The awaited resource does not dominate the consumer (it reaches it through
// a block argument from one predecessor only): no fold.

// CHECK-LABEL: @noFoldWithoutDominance
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: cf.br ^bb3(%[[V0]] : !stream.resource<external>)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%[[ARG1]] : !stream.resource<external>)
// CHECK-NEXT: ^bb3(%[[V1:[a-zA-Z0-9_]+]]: !stream.resource<external>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[V1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT_1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @noFoldWithoutDominance(%cond: i1, %arg0: !stream.resource<external>, %size: index) -> !stream.timepoint {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %r0, %tp0 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp0 => %r0 : !stream.resource<external>{%size}
  cf.br ^bb3(%ready : !stream.resource<external>)
^bb2:
  cf.br ^bb3(%arg0 : !stream.resource<external>)
^bb3(%arg: !stream.resource<external>):
  %r, %tp = stream.test.timeline_op with(%arg) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// A consumer reached through a block argument that the awaited resource
// dominates: the consumer absorbs the await and uses the resource.

// CHECK-LABEL: @foldThroughBlockArgument
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: cf.br ^bb1(%[[V0]] : !stream.resource<external>)
// CHECK-NEXT: ^bb1(%[[V1:[a-zA-Z0-9_]+]]: !stream.resource<external>):  // pred: ^bb0
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @foldThroughBlockArgument(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  cf.br ^bb1(%ready : !stream.resource<external>)
^bb1(%arg: !stream.resource<external>):
  %r, %tp = stream.test.timeline_op with(%arg) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// The consumer already awaits a timepoint covered by the await's: the await is
// covered, the operand is rewired and nothing is absorbed.

// CHECK-LABEL: @awaitEliminateWhenCovered
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULTS]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT_1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitEliminateWhenCovered(%arg0: !stream.resource<external>, %size: index) -> !stream.timepoint {
  %r0, %tp0 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp0 => %r0 : !stream.resource<external>{%size}
  %r1, %tp1 = stream.test.timeline_op await(%tp0) => with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp1 : !stream.timepoint
}

// -----

// Transitive elimination: the first absorption joins %tp0 and %tp1 into a
// new join; the second await's timepoint covers both but not the new join
// (unknown to the analysis), so it is absorbed too: join max(%join1, %tp2).

// CHECK-LABEL: @awaitEliminateWhenCoveredTransitive
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[RESULT_TIMEPOINT]], %[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[ARG2]], %[[RESULT_TIMEPOINT]]) => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]], %[[RESULT_TIMEPOINT_1]]) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.test.timeline_op await_limit(1) await(%[[V1]]) => with(%[[RESULTS]], %[[RESULTS_0]]) : (!stream.resource<external>{%[[ARG1]]}, !stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT_3]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitEliminateWhenCoveredTransitive(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> !stream.timepoint {
  %r1, %tp1 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %ready1 = stream.timepoint.await %tp1 => %r1 : !stream.resource<external>{%size}
  %r2, %tp2 = stream.test.timeline_op await(%tp1, %tp0) => with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %ready2 = stream.timepoint.await %tp2 => %r2 : !stream.resource<external>{%size}
  %r3, %tp3 = stream.test.timeline_op await_limit(1) await(%tp0) => with(%ready1, %ready2) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp3 : !stream.timepoint
}

// -----

// Folding across a call: the await result passed to a private callee is
// absorbed by the callee's timeline op only if it dominates (it does not).

// CHECK-LABEL: @callee
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-LABEL: @awaitAcrossCall
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.call @callee(%[[V0]], %[[ARG1]]) : (!stream.resource<external>, index) -> !stream.timepoint
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func private @callee(%arg0: !stream.resource<external>, %size: index) -> !stream.timepoint {
  %r, %tp = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

util.func public @awaitAcrossCall(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  %tp = util.call @callee(%ready, %size) : (!stream.resource<external>, index) -> !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// An await in an outer scope folds into a timeline op inside an scf.for body
// (loop-carried block arguments are never loop headers [REF]).

// CHECK-LABEL: @awaitWithScfForLoop
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @awaitWithScfForLoop(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ready) -> (!stream.resource<external>) {
    %r, %tp = stream.test.timeline_op with(%acc) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    %a = stream.timepoint.await %tp => %r : !stream.resource<external>{%size}
    scf.yield %a : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Mixed users: a timeline op absorbs the await; a host user keeps the await.

// CHECK-LABEL: @mixedUsers
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V0]] : !stream.resource<external>
// CHECK-NEXT: util.return %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @mixedUsers(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint) {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  %r, %tp = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.optimization_barrier %ready : !stream.resource<external>
  util.return %r, %tp : !stream.resource<external>, !stream.timepoint
}

// -----

// A CF loop block argument: the loop header's argument is not replaced by the
// pre-loop resource.

// CHECK-LABEL: @cfLoopBlockArgument
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.resource<external> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG1]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: cf.br ^bb1(%[[V0]] : !stream.resource<external>)
// CHECK-NEXT: ^bb1(%[[V1:[a-zA-Z0-9_]+]]: !stream.resource<external>):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[V1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1(%[[V2]] : !stream.resource<external>), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: util.return %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @cfLoopBlockArgument(%cond: i1, %arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) -> !stream.resource<external> {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  cf.br ^bb1(%ready : !stream.resource<external>)
^bb1(%arg: !stream.resource<external>):
  %r, %tp = stream.test.timeline_op with(%arg) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r : !stream.resource<external>{%size}
  cf.cond_br %cond, ^bb1(%a : !stream.resource<external>), ^bb2
^bb2:
  util.return %a : !stream.resource<external>
}

// -----

// Across a global: the stored awaited value's loads feed a timeline op in
// another function, which the stored resource does not dominate: no fold.

// CHECK: util.global private mutable @global : !stream.resource<external>
// CHECK-LABEL: @storeAwaited
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: util.global.store %[[V0]], @global : !stream.resource<external>
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: @loadAndUse
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK-NEXT: %[[GLOBAL:[a-zA-Z0-9_]+]] = util.global.load @global : !stream.resource<external>
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[GLOBAL]]) : (!stream.resource<external>{%[[ARG0]]}) -> !stream.resource<external>{%[[ARG0]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.global private mutable @global : !stream.resource<external>

util.func public @storeAwaited(%arg0: !stream.resource<external>, %size: index, %tp0: !stream.timepoint) {
  %ready = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
  util.global.store %ready, @global : !stream.resource<external>
  util.return
}

util.func public @loadAndUse(%size: index) -> !stream.timepoint {
  %0 = util.global.load @global : !stream.resource<external>
  %r, %tp = stream.test.timeline_op with(%0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp : !stream.timepoint
}

// -----

// An await in the outer scope whose result is used directly (not through an
// iter_arg) by a timeline op inside an scf.for body: loops are not sunk
// into, the inner op absorbs the outer await and reads the resource.

// CHECK-LABEL: @awaitFoldIntoNestedScope
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG5]], %[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @awaitFoldIntoNestedScope(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %imm) -> (!stream.timepoint) {
    %r, %t = stream.test.timeline_op await(%acc) => with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// Two nesting levels: the await sits in an scf.if branch and its consumer in
// an scf.for inside that branch.

// CHECK-LABEL: @awaitFoldIntoDeeperScope
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG4:[a-zA-Z0-9_]+]]: index) {
// CHECK: scf.if %[[ARG0]] {
// CHECK-NEXT: scf.for %[[ARG5:[a-zA-Z0-9_]+]] = %c0 to %[[ARG4]] step %c1 {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func public @awaitFoldIntoDeeperScope(%cond: i1, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %cond {
    %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
    scf.for %i = %c0 to %n step %c1 {
      %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
      util.optimization_barrier %t : !stream.timepoint
    }
  }
  util.return
}
