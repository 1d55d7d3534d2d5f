// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-elide-timepoints %s | FileCheck %s

// An await of a parameter load is absorbed by the timeline op using the
// loaded resource.

// CHECK-LABEL: @parameterLoadAwait
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_0:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULT]]) : (!stream.resource<constant>{%[[ARG2]]}) -> !stream.resource<constant>{%[[ARG2]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT_0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @parameterLoadAwait(%scope: !util.buffer, %key: !util.buffer, %size: index) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %r, %tp = stream.async.parameter.load %scope::%key[%c0_i64] : !stream.resource<constant>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp => %r : !stream.resource<constant>{%size}
  %r2, %tp2 = stream.test.timeline_op with(%ready) : (!stream.resource<constant>{%size}) -> !stream.resource<constant>{%size} => !stream.timepoint
  util.return %tp2 : !stream.timepoint
}

// -----

// An await of a parameter write is absorbed likewise.

// CHECK-LABEL: @parameterWriteAwait
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.write %[[ARG2]][%c0 to %[[ARG3]] for %[[ARG3]]] -> %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_0:[a-zA-Z0-9_]+]] = stream.test.timeline_op await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULT]]) : (!stream.resource<external>{%[[ARG3]]}) -> !stream.resource<external>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_TIMEPOINT_0]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @parameterWriteAwait(%scope: !util.buffer, %key: !util.buffer, %arg0: !stream.resource<external>, %size: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %r, %tp = stream.async.parameter.write %arg0[%c0 to %size for %size] -> %scope::%key[%c0_i64] : !stream.resource<external>{%size} => !stream.timepoint
  %ready = stream.timepoint.await %tp => %r : !stream.resource<external>{%size}
  %r2, %tp2 = stream.test.timeline_op with(%ready) : (!stream.resource<external>{%size}) -> !stream.resource<external>{%size} => !stream.timepoint
  util.return %tp2 : !stream.timepoint
}

// -----

// Two loads feeding one execute: the execute awaits the join of both.

// CHECK-LABEL: @twoParameterLoads
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> !stream.timepoint {
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%c0_i64] : !stream.resource<constant>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: %[[RESULT_0:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_1:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG2]][%c0_i64] : !stream.resource<constant>{%[[ARG3]]} => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.join max(%[[RESULT_TIMEPOINT]], %[[RESULT_TIMEPOINT_1]]) => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.cmd.execute await(%[[V0]]) => with(%[[RESULT]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<constant>{%[[ARG3]]}, %[[RESULT_0]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<constant>{%[[ARG3]]}) {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return %[[V1]] : !stream.timepoint
// CHECK-NEXT: }

util.func public @twoParameterLoads(%scope: !util.buffer, %key0: !util.buffer, %key1: !util.buffer, %size: index) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %r0, %tp0 = stream.async.parameter.load %scope::%key0[%c0_i64] : !stream.resource<constant>{%size} => !stream.timepoint
  %r1, %tp1 = stream.async.parameter.load %scope::%key1[%c0_i64] : !stream.resource<constant>{%size} => !stream.timepoint
  %ready0 = stream.timepoint.await %tp0 => %r0 : !stream.resource<constant>{%size}
  %ready1 = stream.timepoint.await %tp1 => %r1 : !stream.resource<constant>{%size}
  %0 = stream.cmd.execute with(%ready0 as %a: !stream.resource<constant>{%size}, %ready1 as %b: !stream.resource<constant>{%size}) {
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
