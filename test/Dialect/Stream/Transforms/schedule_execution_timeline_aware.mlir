// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" %s | FileCheck %s

// An execute result consumed by a timeline-aware op through an exported
// fence: nothing is partitioned and no host await is inserted before the
// consumer.

// CHECK-LABEL: @timelineAwareConsumer
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.test.fence) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.export %[[RESULT_TIMEPOINT]] => (!stream.test.fence)
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.test.timeline_aware(%[[RESULTS]]) waits(%[[V0]]) signals(%[[ARG1]]) : (!stream.resource<external>) -> !stream.resource<external>
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @timelineAwareConsumer(%arg0: !stream.resource<external>, %signal: !stream.test.fence) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %results, %result_timepoint = stream.async.execute with(%arg0 as %capture: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
    %0 = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%capture[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %0 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  %fence = stream.timepoint.export %result_timepoint => (!stream.test.fence)
  %out = stream.test.timeline_aware(%results) waits(%fence) signals(%signal) : (!stream.resource<external>) -> !stream.resource<external>
  util.return %out : !stream.resource<external>
}

// -----

// A host await of an imported timepoint feeding an execute is folded into the
// execute's await clause by the cleanup.

// CHECK-LABEL: @importedAwaitFolds
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.test.fence) -> !stream.resource<external> {
// CHECK: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.import %[[ARG1]] : (!stream.test.fence) => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[V0]]) => with(%[[ARG0]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @importedAwaitFolds(%arg0: !stream.resource<external>, %fence: !stream.test.fence) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %imported = stream.timepoint.import %fence : (!stream.test.fence) => !stream.timepoint
  %ready = stream.timepoint.await %imported => %arg0 : !stream.resource<external>{%c20}
  %results, %result_timepoint = stream.async.execute with(%ready as %capture: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
    %0 = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%capture[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %0 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  %out = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c20}
  util.return %out : !stream.resource<external>
}

// -----

// A plain call is not timeline-aware: the host await before it stays.

// CHECK-LABEL: @external
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external>
// CHECK-LABEL: @plainCallKeepsAwait
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%[[ARG1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V2]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = util.call @external(%[[V0]]) : (!stream.resource<external>) -> !stream.resource<external>
// CHECK-NEXT: util.return %[[V1]] : !stream.resource<external>
// CHECK-NEXT: }

util.func private @external(!stream.resource<external>) -> !stream.resource<external>
util.func public @plainCallKeepsAwait(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %results, %result_timepoint = stream.async.execute with(%arg0 as %capture: !stream.resource<external>{%c20}) -> !stream.resource<external>{%c20} {
    %0 = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%capture[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %0 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  %ready = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c20}
  %out = util.call @external(%ready) : (!stream.resource<external>) -> !stream.resource<external>
  util.return %out : !stream.resource<external>
}
