// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --allow-unregistered-dialect --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" %s | FileCheck %s

// Nested loops: each body is partitioned on its own.

// CHECK-LABEL: @scfNestedFor
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG2]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG4]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%[[ARG5]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V1]] as %[[ARG3_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@outer[%c1, %c1, %c1](%[[ARG3_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfNestedFor(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a) -> (!stream.resource<external>) {
      %2 = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%b[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %2 : !stream.resource<external>
    }
    %3 = stream.async.dispatch @ex::@outer[%c1, %c1, %c1](%1[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %3 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Both branches of an scf.if get their own execute.

// CHECK-LABEL: @scfIfThenElse
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V1]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[RESULTS_1:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@else[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V1_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfIfThenElse(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.if %cond -> !stream.resource<external> {
    %1 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  } else {
    %2 = stream.async.dispatch @ex::@else[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %2 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// An scf.if without else.

// CHECK-LABEL: @scfIfThenOnly
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) {
// CHECK: scf.if %[[ARG0]] {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> %[[ARG1]]{%c64} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> %[[ARG2]]{%c64}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func public @scfIfThenOnly(%cond: i1, %arg0: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  scf.if %cond {
    %1 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> %arg0{%c64}
    util.optimization_barrier %1 : !stream.resource<external>
  }
  util.return
}

// -----

// The after-region of an scf.while is partitioned; the loop stays on the host.

// CHECK-LABEL: @scfWhileBasic
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG3:[a-zA-Z0-9_]+]] = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG3]], %[[ARG1]] : index
// CHECK-NEXT: scf.condition(%[[V1]]) %[[ARG2]], %[[ARG3]] : !stream.resource<external>, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2_1]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1_1:[a-zA-Z0-9_]+]] = arith.addi %[[ARG3_1]], %c1 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]], %[[V1_1]] : !stream.resource<external>, index
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]]#0 : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfWhileBasic(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0:2 = scf.while (%r = %arg0, %i = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %r, %i : !stream.resource<external>, index
  } do {
  ^bb0(%r: !stream.resource<external>, %i: index):
    %1 = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    %next = arith.addi %i, %c1 : index
    scf.yield %1, %next : !stream.resource<external>, index
  }
  util.return %0#0 : !stream.resource<external>
}

// -----

// An scf.if nested in an scf.for.

// CHECK-LABEL: @scfNestedIfInFor
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG3]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG3]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfNestedIfInFor(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = scf.if %cond -> !stream.resource<external> {
      %2 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%a[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %2 : !stream.resource<external>
    } else {
      scf.yield %a : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// Dispatches before, inside and after loops and branches.

// CHECK-LABEL: @scfMixedControlFlow
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@before[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG2_1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG3]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V5]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V4_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2_1:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V1]] as %[[ARG2_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V5_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V5_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V4_2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3_1]] => %[[RESULTS_2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V4_2]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V2]] as %[[ARG2_3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4_3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4_3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V3]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfMixedControlFlow(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %d0 = stream.async.dispatch @ex::@before[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %d0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = scf.if %cond -> !stream.resource<external> {
    %3 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %3 : !stream.resource<external>
  } else {
    scf.yield %0 : !stream.resource<external>
  }
  %4 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%2[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %4 : !stream.resource<external>
}

// -----

// A value produced before the loop and used twice inside it comes from an earlier partition.

// CHECK-LABEL: @scfForWithMultipleRegionUses
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@producer[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1_1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@use0[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@use1[%c1, %c1, %c1](%[[V3]][%c0 to %c64 for %c64], %[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfForWithMultipleRegionUses(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %d0 = stream.async.dispatch @ex::@producer[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@use0[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    %2 = stream.async.dispatch @ex::@use1[%c1, %c1, %c1](%1[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %2 : !stream.resource<external>
  }
  %3 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %3 : !stream.resource<external>
}

// -----

// The iter_arg yielded unchanged is removed by scf.for canonicalization, so the
// pre-loop result reaches the executes in and after the loop, which fold its
// await into their own await clause: no await is left before the loop.

// CHECK-LABEL: @scfControlFlowAcrossPartitions
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1_1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[V0]] as %[[ARG1_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d2[%c1, %c1, %c1](%[[ARG1_2]][%c0 to %c64 for %c64], %[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfControlFlowAcrossPartitions(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %d0 = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %arg0, %keep = %d0) -> (!stream.resource<external>, !stream.resource<external>) {
    %d = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%acc[%c0 to %c64 for %c64], %keep[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %d, %keep : !stream.resource<external>, !stream.resource<external>
  }
  %d2 = stream.async.dispatch @ex::@d2[%c1, %c1, %c1](%r#0[%c0 to %c64 for %c64], %r#1[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %d2 : !stream.resource<external>
}

// -----

// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: @scfControlFlowWithAffinities
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute on(#hal.device.affinity<@device_a>) with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d0[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.for %[[ARG1_1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[V0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute on(#hal.device.affinity<@device_b>) with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute on(#hal.device.affinity<@device_a>) with(%[[V1]] as %[[ARG1_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d2[%c1, %c1, %c1](%[[ARG1_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// Affinities across a loop: device A before and after, device B inside.

util.func public @scfControlFlowWithAffinities(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %d0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@d0[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %d0) -> (!stream.resource<external>) {
    %d = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@d[%c1, %c1, %c1](%acc[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %d : !stream.resource<external>
  }
  %d2 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@d2[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %d2 : !stream.resource<external>
}

// -----

// A loop result feeds a dispatch after the loop.

// CHECK-LABEL: @scfForProducingDispatchInput
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG0]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64], %[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfForProducingDispatchInput(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%0[%c0 to %c64 for %c64], %arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// An scf.if result feeds a dispatch after the branch.

// CHECK-LABEL: @scfIfProducingDispatchInput
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG1]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64], %[[ARG3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfIfProducingDispatchInput(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.if %cond -> !stream.resource<external> {
    %1 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  } else {
    scf.yield %arg0 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%0[%c0 to %c64 for %c64], %arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// An scf.while result feeds a dispatch after the loop.

// CHECK-LABEL: @scfWhileProducingDispatchInput
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG3:[a-zA-Z0-9_]+]] = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG3]], %[[ARG1]] : index
// CHECK-NEXT: scf.condition(%[[V2]]) %[[ARG2]], %[[ARG3]] : !stream.resource<external>, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2_1]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = arith.addi %[[ARG3_1]], %c1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3]], %[[V2_1]] : !stream.resource<external>, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]]#0 as %[[ARG2_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%[[ARG2_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfWhileProducingDispatchInput(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0:2 = scf.while (%r = %arg0, %i = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %r, %i : !stream.resource<external>, index
  } do {
  ^bb0(%r: !stream.resource<external>, %i: index):
    %1 = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    %next = arith.addi %i, %c1 : index
    scf.yield %1, %next : !stream.resource<external>, index
  }
  %2 = stream.async.dispatch @ex::@consumer[%c1, %c1, %c1](%0#0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// A splat used only inside the loop is re-materialized at the start of the body.

// CHECK-LABEL: @scfForWithDependency
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[V3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfForWithDependency(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// A splat used only inside one branch is re-materialized there.

// CHECK-LABEL: @scfIfWithDependency
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64], %[[V3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfIfWithDependency(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.if %cond -> !stream.resource<external> {
    %1 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  } else {
    scf.yield %arg0 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// A splat used only in the after-region of an scf.while is re-materialized there.

// CHECK-LABEL: @scfWhileWithDependency
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.while (%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG3:[a-zA-Z0-9_]+]] = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.cmpi slt, %[[ARG3]], %[[ARG1]] : index
// CHECK-NEXT: scf.condition(%[[V2]]) %[[ARG2]], %[[ARG3]] : !stream.resource<external>, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3_1:[a-zA-Z0-9_]+]]: index):
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2_1]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64], %[[V4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V5]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = arith.addi %[[ARG3_1]], %c1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3]], %[[V2_1]] : !stream.resource<external>, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]]#0 as %[[ARG2_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfWhileWithDependency(%arg0: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0:2 = scf.while (%r = %arg0, %i = %c0) : (!stream.resource<external>, index) -> (!stream.resource<external>, index) {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %r, %i : !stream.resource<external>, index
  } do {
  ^bb0(%r: !stream.resource<external>, %i: index):
    %1 = stream.async.dispatch @ex::@body[%c1, %c1, %c1](%r[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    %next = arith.addi %i, %c1 : index
    scf.yield %1, %next : !stream.resource<external>, index
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0#0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// A splat captured two levels deep is re-materialized in the innermost block.

// CHECK-LABEL: @scfNestedCapture
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG3]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%[[ARG4]][%c0 to %c64 for %c64], %[[V4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V5]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG3]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfNestedCapture(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = scf.if %cond -> !stream.resource<external> {
      %2 = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %2 : !stream.resource<external>
    } else {
      scf.yield %a : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  %3 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %3 : !stream.resource<external>
}

// -----

// Each branch captures a different splat; each is re-materialized in its branch.

// CHECK-LABEL: @scfIfDivergentCapture
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%[[ARG2]][%c0 to %c64 for %c64], %[[V3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[RESULTS_0_1:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@else[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64], %[[V3_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1_1]] => %[[RESULTS_0_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG2_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfIfDivergentCapture(%cond: i1, %arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %splat1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.if %cond -> !stream.resource<external> {
    %1 = stream.async.dispatch @ex::@then[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64], %splat0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  } else {
    %2 = stream.async.dispatch @ex::@else[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64], %splat1[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %2 : !stream.resource<external>
  }
  %3 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %3 : !stream.resource<external>
}

// -----

// A splat captured by a nested loop is re-materialized in the inner body.

// CHECK-LABEL: @scfNestedLoopCapture
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = scf.for %[[ARG3:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG2]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG4]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%[[ARG5]][%c0 to %c64 for %c64], %[[V4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V5]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfNestedLoopCapture(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a) -> (!stream.resource<external>) {
      %2 = stream.async.dispatch @ex::@inner[%c1, %c1, %c1](%b[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
      scf.yield %2 : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  %3 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %3 : !stream.resource<external>
}

// -----

// Two splats captured by one loop body are both re-materialized; one clone
// per use.

// CHECK-LABEL: @scfMultipleCaptures
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@use0[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[V3]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@use1[%c1, %c1, %c1](%[[V4]][%c0 to %c64 for %c64], %[[V6]][%c0 to %c64 for %c64], %[[V5]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V7]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfMultipleCaptures(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %splat1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@use0[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %splat0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    %2 = stream.async.dispatch @ex::@use1[%c1, %c1, %c1](%1[%c0 to %c64 for %c64], %splat1[%c0 to %c64 for %c64], %splat0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %2 : !stream.resource<external>
  }
  %3 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %3 : !stream.resource<external>
}

// -----

// Loop-carried values are block arguments: they create no hazards.

// CHECK-LABEL: @scfIterArgsPattern
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
// CHECK: %[[V0:[a-zA-Z0-9_]+]]:2 = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG0]], %[[ARG4:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>, !stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG3]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[ARG4]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@a[%c1, %c1, %c1](%[[ARG5]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@b[%c1, %c1, %c1](%[[ARG6]][%c0 to %c64 for %c64], %[[V2]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2]], %[[V3]] : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1 : !stream.resource<external>{%c64}, !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V1]]#0, %[[V1]]#1 : !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfIterArgsPattern(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0, %b = %arg1) -> (!stream.resource<external>, !stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@a[%c1, %c1, %c1](%a[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    %2 = stream.async.dispatch @ex::@b[%c1, %c1, %c1](%b[%c0 to %c64 for %c64], %1[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1, %2 : !stream.resource<external>, !stream.resource<external>
  }
  util.return %0#0, %0#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// Iter_args and captures mixed: the captured value comes from an earlier
// partition, the iter_args do not add hazards.

// CHECK-LABEL: @scfMixedIterArgsAndCaptures
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@producer[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1_1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V2_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[V0]] as %[[ARG1_2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V2_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_2]][%c0 to %c64 for %c64], %[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V2_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfMixedIterArgsAndCaptures(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %d0 = stream.async.dispatch @ex::@producer[%c1, %c1, %c1](%arg0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64], %d0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}

// -----

// A same-block user (the barrier) forces the splat into a partition before the
// scf.if; the branch captures its result.

// CHECK-LABEL: @splatWithBarrierAndScfIfUse
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> !stream.resource<transient> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with() -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<transient>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULTS]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: scf.yield %[[V3_1]] : !stream.resource<transient>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[V0]] : !stream.resource<transient>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V1]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V3_2]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: util.return %[[V2]] : !stream.resource<transient>
// CHECK-NEXT: }

util.func public @splatWithBarrierAndScfIfUse(%cond: i1) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %b = stream.async.barrier %splat : !stream.resource<transient>{%c64}
  %r = scf.if %cond -> !stream.resource<transient> {
    %d = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%splat[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    scf.yield %d : !stream.resource<transient>
  } else {
    scf.yield %b : !stream.resource<transient>
  }
  %after = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
  util.return %after : !stream.resource<transient>
}

// -----

// A clone used by a barrier and inside a loop is placed before the loop.

// CHECK-LABEL: @cloneWithBarrierAndScfForUse
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with() -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V4]], %[[V3]] : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %c0 to %c4 step %c1 iter_args(%[[ARG2:[a-zA-Z0-9_]+]] = %[[ARG0]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[ARG2]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]]#0 as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64], %[[ARG4]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V4_1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V3_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#1 : !stream.resource<transient>{%c64}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<transient>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @cloneWithBarrierAndScfForUse(%arg0: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %clone = stream.async.clone %splat : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
  %b = stream.async.barrier %clone : !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64], %clone[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %b, %2 : !stream.resource<transient>, !stream.resource<external>
}

// -----

// Several barriers on one splat used inside an scf.if.

// CHECK-LABEL: @splatWithMultipleBarriers
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with() -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<transient>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULTS]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: scf.yield %[[V3_1]] : !stream.resource<transient>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[V0]] : !stream.resource<transient>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V1]] as %[[ARG1_1:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1_1]][%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V3_2]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: util.return %[[V2]], %[[V0]], %[[V0]] : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>
// CHECK-NEXT: }

util.func public @splatWithMultipleBarriers(%cond: i1) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %b0 = stream.async.barrier %splat : !stream.resource<transient>{%c64}
  %b1 = stream.async.barrier %splat : !stream.resource<transient>{%c64}
  %r = scf.if %cond -> !stream.resource<transient> {
    %d = stream.async.dispatch @ex::@d[%c1, %c1, %c1](%splat[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    scf.yield %d : !stream.resource<transient>
  } else {
    scf.yield %b0 : !stream.resource<transient>
  }
  %after = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%r[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
  util.return %after, %b0, %b1 : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>
}

// -----

// A cloneable op with a barrier, used three levels deep.

// CHECK-LABEL: @cloneableBarrierDeeplyNested
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with() -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[ARG1]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_]+]] = scf.for %[[ARG4:[a-zA-Z0-9_]+]] = %c0 to %c2 step %c1 iter_args(%[[ARG5:[a-zA-Z0-9_]+]] = %[[ARG3]]) -> (!stream.resource<external>) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = scf.if %[[ARG0]] -> (!stream.resource<external>) {
// CHECK-NEXT: %[[RESULTS_2:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_3:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[ARG5]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}, %[[RESULTS]] as %[[ARG7:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@deep[%c1, %c1, %c1](%[[ARG6]][%c0 to %c64 for %c64], %[[ARG7]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V6]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_3]] => %[[RESULTS_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: scf.yield %[[V5]] : !stream.resource<external>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG5]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V4]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V3_1]] : !stream.resource<external>
// CHECK-NEXT: }
// CHECK-NEXT: %[[RESULTS_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[V0]] as %[[ARG2_1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG2_1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V3_2]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_1]] => %[[RESULTS_0]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<transient>{%c64}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<transient>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @cloneableBarrierDeeplyNested(%cond: i1, %arg0: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c64}
  %b = stream.async.barrier %splat : !stream.resource<transient>{%c64}
  %0 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = scf.for %j = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!stream.resource<external>) {
      %2 = scf.if %cond -> !stream.resource<external> {
        %3 = stream.async.dispatch @ex::@deep[%c1, %c1, %c1](%x[%c0 to %c64 for %c64], %splat[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
        scf.yield %3 : !stream.resource<external>
      } else {
        scf.yield %x : !stream.resource<external>
      }
      scf.yield %2 : !stream.resource<external>
    }
    scf.yield %1 : !stream.resource<external>
  }
  %4 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %b, %4 : !stream.resource<transient>, !stream.resource<external>
}

// -----

// A zero-trip loop: partitioned like any other; cleanup folds the loop away.

// CHECK-LABEL: @scfForZeroIterations
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%[[ARG1]][%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @scfForZeroIterations(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c255_i32 = arith.constant 255 : i32
  %0 = scf.for %i = %c0 to %c0 step %c1 iter_args(%a = %arg0) -> (!stream.resource<external>) {
    %1 = stream.async.dispatch @ex::@loop[%c1, %c1, %c1](%a[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %1 : !stream.resource<external>
  }
  %2 = stream.async.dispatch @ex::@after[%c1, %c1, %c1](%0[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %2 : !stream.resource<external>
}
