// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-elide-timepoints %s | FileCheck %s

// An await used only in the else branch is sunk to the start of that branch
// and folded into its consumer there.

// CHECK-LABEL: @scfIfSinkAwaitIntoElse
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfSinkAwaitIntoElse(%cond: i1, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.if %cond -> !stream.timepoint {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  } else {
    %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// Used in both branches: a clone is sunk into each.

// CHECK-LABEL: @scfIfSinkAwaitIntoBoth
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG3]] => %[[ARG1]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V1]] : !stream.resource<external>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V3]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfSinkAwaitIntoBoth(%cond: i1, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.if %cond -> !stream.timepoint {
    %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    util.optimization_barrier %ready : !stream.resource<external>
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// Sinking into the cases of an scf.index_switch.

// CHECK-LABEL: @scfIndexSwitchSink
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: index, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.index_switch %[[ARG0]] -> !stream.timepoint
// CHECK-NEXT: case 0 {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIndexSwitchSink(%idx: index, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.index_switch %idx -> !stream.timepoint
  case 0 {
    %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  }
  default {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// An await used only after an scf.if moves below it, then folds.

// CHECK-LABEL: @scfIfHoistAwaitAfter
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: scf.if %[[ARG0]] {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[ARG2]] : index
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG3]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfHoistAwaitAfter(%cond: i1, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  scf.if %cond {
    util.optimization_barrier %size : index
  }
  %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// Loops are never sunk into: the await stays above the loop (and folds into
// the body's consumer through the iter_arg).

// CHECK-LABEL: @scfForNoSink
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[ARG5]] : !stream.resource<external>
// CHECK-NEXT: scf.yield %[[ARG5]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfForNoSink(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ready) -> (!stream.resource<external>) {
    util.optimization_barrier %acc : !stream.resource<external>
    scf.yield %acc : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Nor into scf.while.

// CHECK-LABEL: @scfWhileNoSink
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.while (%[[ARG4:[a-zA-Z0-9_]+]] = %[[V0]]) : (!stream.resource<external>) -> !stream.resource<external> {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.cmpi slt, %c0, %[[ARG3]] : index
// CHECK-NEXT: scf.condition(%[[V2]]) %[[ARG4]] : !stream.resource<external>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.resource<external>):
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[ARG4_1]] : !stream.resource<external>
// CHECK-NEXT: scf.yield %[[ARG4_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfWhileNoSink(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.while (%r = %ready) : (!stream.resource<external>) -> (!stream.resource<external>) {
    %cond = arith.cmpi slt, %c0, %n : index
    scf.condition(%cond) %r : !stream.resource<external>
  } do {
  ^bb0(%r: !stream.resource<external>):
    util.optimization_barrier %r : !stream.resource<external>
    scf.yield %r : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Nested scf.if: the await is sunk twice in one walk.

// CHECK-LABEL: @scfNestedIfSink
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: i1, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.if %[[ARG1]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG2]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V2]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1_1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfNestedIfSink(%c0: i1, %c1: i1, %arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0 = scf.if %c0 -> !stream.timepoint {
    %1 = scf.if %c1 -> !stream.timepoint {
      %r, %t = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
      scf.yield %t : !stream.timepoint
    } else {
      %imm = stream.timepoint.immediate => !stream.timepoint
      scf.yield %imm : !stream.timepoint
    }
    scf.yield %1 : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// Only the await used inside the branch is sunk; the independent one moves
// below the scf.if.

// CHECK-LABEL: @scfIfSelectiveSink
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG5:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT_1]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG5]]) => with(%[[ARG2]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[V0]], %[[RESULT_TIMEPOINT]] : !stream.timepoint, !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfSelectiveSink(%cond: i1, %a: !stream.resource<external>, %b: !stream.resource<external>, %size: index, %tp0: !stream.timepoint, %tp1: !stream.timepoint) -> (!stream.timepoint, !stream.timepoint) {
  %ready0 = stream.timepoint.await %tp0 => %a : !stream.resource<external>{%size}
  %ready1 = stream.timepoint.await %tp1 => %b : !stream.resource<external>{%size}
  %0 = scf.if %cond -> !stream.timepoint {
    %r, %t = stream.test.timeline_op with(%ready0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  %r1, %t1 = stream.test.timeline_op with(%ready1) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %0, %t1 : !stream.timepoint, !stream.timepoint
}

// -----

// A multi-result await sunk into a branch using both results: one clone
// takes the uses, the second clone stays dead (EL9).

// CHECK-LABEL: @scfIfSinkMultiResult
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[ARG4]] => %[[ARG1]], %[[ARG2]] : !stream.resource<external>{%[[ARG3]]}, !stream.resource<external>{%[[ARG3]]}
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG1]], %[[ARG2]]) : (!stream.resource<external>{%[[ARG3]]}, !stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1_1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfSinkMultiResult(%cond: i1, %a: !stream.resource<external>, %b: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready:2 = stream.timepoint.await %tp => %a, %b : !stream.resource<external>{%size}, !stream.resource<external>{%size}
  %0 = scf.if %cond -> !stream.timepoint {
    %r, %t = stream.test.timeline_op with(%ready#0, %ready#1) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// The await before an scf.if is folded into the execute after it together
// with the branch's own await: await(%tp, %branch#1).

// CHECK-LABEL: @scfIfFoldAwaitWithExecute
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG2]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULTS_0]], %[[RESULT_TIMEPOINT_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[ARG2]], %[[V1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]], %[[V0]]#1) => with(%[[ARG1]], %[[V0]]#0) : (!stream.resource<external>{%[[ARG3]]}, !stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfFoldAwaitWithExecute(%cond: i1, %arg0: !stream.resource<external>, %arg1: !stream.resource<external>, %size: index, %tp: !stream.timepoint) -> !stream.timepoint {
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %branch:2 = scf.if %cond -> (!stream.resource<external>, !stream.timepoint) {
    %r, %t = stream.test.timeline_op with(%arg1) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %r, %t : !stream.resource<external>, !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %arg1, %imm : !stream.resource<external>, !stream.timepoint
  }
  %bready = stream.timepoint.await %branch#1 => %branch#0 : !stream.resource<external>{%size}
  %r2, %t2 = stream.test.timeline_op with(%ready, %bready) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %t2 : !stream.timepoint
}

// -----

// A yield of an awaited value whose timepoint covers the yielded timepoint
// yields the resource directly.

// CHECK-LABEL: @scfMultipleAwaitResultsYielded
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[ARG1]], %[[V1_1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @scfMultipleAwaitResultsYielded(%cond: i1, %arg0: !stream.resource<external>, %size: index) -> (!stream.resource<external>, !stream.timepoint) {
  %0:2 = scf.if %cond -> (!stream.resource<external>, !stream.timepoint) {
    %r, %t = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    %ready = stream.timepoint.await %t => %r : !stream.resource<external>{%size}
    scf.yield %ready, %t : !stream.resource<external>, !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %arg0, %imm : !stream.resource<external>, !stream.timepoint
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.timepoint
}

// -----

// The same in an scf.if inside an scf.for.

// CHECK-LABEL: @scfIfInsideScfFor
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG1]], %[[ARG6:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG6]]) => with(%[[ARG5]]) : (!stream.resource<external>{%[[ARG2]]}) -> !stream.resource<external>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG2]]}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG5]], %[[ARG6]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]]#0, %[[V1]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfInsideScfFor(%cond: i1, %arg0: !stream.resource<external>, %size: index, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %imm0 = stream.timepoint.immediate => !stream.timepoint
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg0, %acc_tp = %imm0) -> (!stream.resource<external>, !stream.timepoint) {
    %1:2 = scf.if %cond -> (!stream.resource<external>, !stream.timepoint) {
      %r, %t = stream.test.timeline_op await(%acc_tp) => with(%acc) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
      %ready = stream.timepoint.await %t => %r : !stream.resource<external>{%size}
      scf.yield %ready, %t : !stream.resource<external>, !stream.timepoint
    } else {
      scf.yield %acc, %acc_tp : !stream.resource<external>, !stream.timepoint
    }
    scf.yield %1#0, %1#1 : !stream.resource<external>, !stream.timepoint
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.timepoint
}

// -----

// Awaits in nested scf.ifs feeding awaits in the next nest: the first fold
// makes each inner await wait on a join created inside its branch; the
// outer await after the nests does not absorb those joins (they do not
// dominate it), it only absorbs timepoints that do.

// CHECK-LABEL: @nestedAwaitChainsKeepDominance
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG2:[a-zA-Z0-9_]+]]: i1, %[[ARG3:[a-zA-Z0-9_]+]]: i1, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG2]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[ARG4]]}
// CHECK-NEXT: scf.yield %[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG1]] => %[[ARG0]] : !stream.resource<external>{%[[ARG4]]}
// CHECK-NEXT: scf.yield %[[ARG0]], %[[ARG1]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = scf.if %[[ARG3]] -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]]#1, %[[ARG1]]) => !stream.timepoint
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3_2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG4]]}
// CHECK-NEXT: scf.yield %[[V4]], %[[V0]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V3_3:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[V0]]#1, %[[ARG1]]) => !stream.timepoint
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V3_3]] => %[[ARG0]] : !stream.resource<external>{%[[ARG4]]}
// CHECK-NEXT: scf.yield %[[V4_1]], %[[V0]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V1]]#1 => %[[V1]]#0 : !stream.resource<external>{%[[ARG4]]}
// CHECK-NEXT: util.return %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @nestedAwaitChainsKeepDominance(%arg0: !stream.resource<external>, %tp: !stream.timepoint, %c0: i1, %c1: i1, %size: index) -> !stream.resource<external> {
  %r0:2 = scf.if %c0 -> (!stream.resource<external>, !stream.timepoint) {
    %w0 = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
    scf.yield %w0, %tp : !stream.resource<external>, !stream.timepoint
  } else {
    %w1 = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
    scf.yield %w1, %tp : !stream.resource<external>, !stream.timepoint
  }
  %r1:2 = scf.if %c1 -> (!stream.resource<external>, !stream.timepoint) {
    %w2 = stream.timepoint.await %r0#1 => %r0#0 : !stream.resource<external>{%size}
    scf.yield %w2, %r0#1 : !stream.resource<external>, !stream.timepoint
  } else {
    %w3 = stream.timepoint.await %r0#1 => %r0#0 : !stream.resource<external>{%size}
    scf.yield %w3, %r0#1 : !stream.resource<external>, !stream.timepoint
  }
  %v = stream.timepoint.await %r1#1 => %r1#0 : !stream.resource<external>{%size}
  util.return %v : !stream.resource<external>
}

// -----

// The %tp1 await is folded first; the %tp2 await is sunk into the branch and
// its timepoint covers the op's await list [%tp1] (Cov(%tp2) contains %tp1),
// so only its operand is rewired.

// CHECK-LABEL: @scfIfPartialCoverage
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint) -> !stream.timepoint {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG1]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.timepoint) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG4]]) => with(%[[ARG1]], %[[ARG2]]) : (!stream.resource<external>{%[[ARG3]]}, !stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: scf.yield %[[RESULT_TIMEPOINT_1]] : !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: scf.yield %[[V1]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @scfIfPartialCoverage(%cond: i1, %r1: !stream.resource<external>, %r2: !stream.resource<external>, %size: index, %tp1: !stream.timepoint) -> !stream.timepoint {
  %x, %tp2 = stream.test.timeline_op await(%tp1) => with(%r1) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  %a1 = stream.timepoint.await %tp1 => %r1 : !stream.resource<external>{%size}
  %a2 = stream.timepoint.await %tp2 => %r2 : !stream.resource<external>{%size}
  %0 = scf.if %cond -> !stream.timepoint {
    %r, %t = stream.test.timeline_op with(%a1, %a2) : (!stream.resource<external>{%size}, !stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    scf.yield %t : !stream.timepoint
  } else {
    %imm = stream.timepoint.immediate => !stream.timepoint
    scf.yield %imm : !stream.timepoint
  }
  util.return %0 : !stream.timepoint
}

// -----

// An await above an scf.while is not sunk into the loop. Its result is
// carried into the before region, where a timeline op absorbs the await and
// [REF] is rewired to the pre-loop resource (scf block arguments are never
// treated as loop headers, stream-passes-2.md §6.4).

// CHECK-LABEL: @scfWhileAwaitInCondition
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG4:[a-zA-Z0-9_]+]] = %[[V0]], %[[ARG5:[a-zA-Z0-9_]+]] = %c1) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG5]], %[[ARG3]] : index
// CHECK-NEXT: scf.condition(%[[V2]]) %[[ARG4]], %[[ARG5]] : !stream.resource<external>, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG5_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = arith.addi %[[ARG5_1]], %c1 : index
// CHECK-NEXT: scf.yield %[[ARG4_1]], %[[V2_1]] : !stream.resource<external>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V1]]#0 : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfWhileAwaitInCondition(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> !stream.resource<external> {
  %c1 = arith.constant 1 : index
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0:2 = scf.while (%acc = %ready, %i = %c1) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
    %r, %t = stream.test.timeline_op with(%acc) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    %cmp = arith.cmpi slt, %i, %n : index
    scf.condition(%cmp) %acc, %i : !stream.resource<external>, index
  } do {
  ^bb0(%b: !stream.resource<external>, %j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %b, %next : !stream.resource<external>, index
  }
  util.return %0#0 : !stream.resource<external>
}

// -----

// The body op reading the loop-carried awaited value absorbs the pre-loop
// await and [REF] is rewired to the pre-loop resource; the await in the body
// whose result is yielded next to its own timepoint is bypassed by the yield
// (yield elimination) and left dead for the canonicalizer.

// CHECK-LABEL: @scfForLoopCarriedAwaitedValue
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.immediate => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG2]] => %[[ARG0]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %[[ARG3]] step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[V1]], %[[ARG6:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG2]]) => with(%[[ARG0]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: scf.yield %[[RESULTS]], %[[RESULT_TIMEPOINT]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V2]]#0, %[[V2]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @scfForLoopCarriedAwaitedValue(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %imm = stream.timepoint.immediate => !stream.timepoint
  %ready = stream.timepoint.await %tp => %arg0 : !stream.resource<external>{%size}
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ready, %acc_tp = %imm) -> (!stream.resource<external>, !stream.timepoint) {
    %r, %t = stream.test.timeline_op with(%acc) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    %w = stream.timepoint.await %t => %r : !stream.resource<external>{%size}
    scf.yield %w, %t : !stream.resource<external>, !stream.timepoint
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.timepoint
}

// -----

// The after region's entry await folds into its consumer, but the yield
// keeps the awaited value: it branches back to the before region, and at the
// scf.condition reached through it Cov(%cloned_tp) = {%cloned_tp} does not
// contain the forwarded timepoint argument.

// CHECK-LABEL: @scfWhileAwaitElimination
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]]:3 = scf.while (%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG2]], %[[ARG6:[a-zA-Z0-9_]+]] = %c1) : (!stream.resource<external>, !stream.timepoint, index) -> (!stream.resource<external>, !stream.timepoint, index) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG6]], %[[ARG3]] : index
// CHECK-NEXT: scf.condition(%[[V1]]) %[[ARG4]], %[[ARG5]], %[[ARG6]] : !stream.resource<external>, !stream.timepoint, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG4_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG5_1:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG6_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG5_1]] => %[[ARG4_1]] : !stream.resource<external>{%[[ARG1]]}
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[ARG5_1]]) => with(%[[ARG4_1]]) : (!stream.resource<external>{%[[ARG1]]}) -> !stream.resource<external>{%[[ARG1]]} => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.addi %[[ARG6_1]], %c1 : index
// CHECK-NEXT: scf.yield %[[V1_1]], %[[ARG5_1]], %[[V2]] : !stream.resource<external>, !stream.timepoint, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @scfWhileAwaitElimination(%arg0: !stream.resource<external>, %size: index, %tp: !stream.timepoint, %n: index) -> (!stream.resource<external>, !stream.timepoint) {
  %c1 = arith.constant 1 : index
  %0:3 = scf.while (%res = %arg0, %res_tp = %tp, %i = %c1) : (!stream.resource<external>, !stream.timepoint, index) -> (!stream.resource<external>, !stream.timepoint, index) {
    %cmp = arith.cmpi slt, %i, %n : index
    scf.condition(%cmp) %res, %res_tp, %i : !stream.resource<external>, !stream.timepoint, index
  } do {
  ^bb0(%cloned: !stream.resource<external>, %cloned_tp: !stream.timepoint, %j: index):
    %cloned_awaited = stream.timepoint.await %cloned_tp => %cloned : !stream.resource<external>{%size}
    %r, %t = stream.test.timeline_op with(%cloned_awaited) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
    %next = arith.addi %j, %c1 : index
    scf.yield %cloned_awaited, %cloned_tp, %next : !stream.resource<external>, !stream.timepoint, index
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.timepoint
}

// -----

// One scf.if result comes from an await, one does not: the await after the
// scf.if consumes the non-awaited result and stays untouched; the awaited
// result only reaches the return and its yield is not covered by %tp1.

// CHECK-LABEL: @scfMixedAwaitedAndNonAwaited
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: !stream.timepoint, %[[ARG5:[a-zA-Z0-9_]+]]: !stream.timepoint) -> (!stream.resource<external>, !stream.resource<external>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:3 = scf.if %[[ARG0]] -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[ARG4]] => %[[ARG1]] : !stream.resource<external>{%[[ARG3]]}
// CHECK-NEXT: scf.yield %[[V2]], %[[ARG2]], %[[ARG5]] : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG1]], %[[ARG2]], %[[ARG5]] : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[V0]]#2 => %[[V0]]#1 : !stream.resource<external>{%[[ARG3]]}
// CHECK-NEXT: util.return %[[V0]]#0, %[[V1]] : !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfMixedAwaitedAndNonAwaited(%cond: i1, %arg0: !stream.resource<external>, %arg1: !stream.resource<external>, %size: index, %tp0: !stream.timepoint, %tp1: !stream.timepoint) -> (!stream.resource<external>, !stream.resource<external>) {
  %0:3 = scf.if %cond -> (!stream.resource<external>, !stream.resource<external>, !stream.timepoint) {
    %a = stream.timepoint.await %tp0 => %arg0 : !stream.resource<external>{%size}
    scf.yield %a, %arg1, %tp1 : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  } else {
    scf.yield %arg0, %arg1, %tp1 : !stream.resource<external>, !stream.resource<external>, !stream.timepoint
  }
  %1 = stream.timepoint.await %0#2 => %0#1 : !stream.resource<external>{%size}
  util.return %0#0, %1 : !stream.resource<external>, !stream.resource<external>
}
