// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-schedule-concurrency))" %s | FileCheck %s

// min-peak-memory puts dispatch_0 in the latest wave it may join (with the
// second splat); only that wave has two ops.

// CHECK-LABEL: @partitioningForMinPeakMemory
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> attributes {stream.partitioning = #stream.partitioning_config<favor-min-peak-memory>} {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}, %[[ARG1]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c80}) -> !stream.resource<external>{%c20} {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]]:2 = stream.async.concurrent with(%[[V1]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c1280}, %[[ARG3]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c80}) -> (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[ARG4]][%c0 to %c1280 for %c1280], %[[ARG5]][%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %[[ARG4]]{%c1280}
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
// CHECK-NEXT: stream.yield %[[V5]], %[[V6]] : !stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20], %[[V2]]#1[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %[[V2]]#1{%c20}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%[[V2]]#0[%c0 to %c1280 for %c1280], %[[V3]][%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V4]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @partitioningForMinPeakMemory(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>) -> !stream.resource<external>
    attributes {stream.partitioning = #stream.partitioning_config<"min-peak-memory">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c80 = arith.constant 80 : index
  %c1280 = arith.constant 1280 : index
  %c255_i32 = arith.constant 255 : i32
  %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%c20}, %arg1 as %arg3: !stream.resource<external>{%c80}) -> !stream.resource<external>{%c20} {
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
    %2 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%1[%c0 to %c1280 for %c1280], %arg3[%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %1{%c1280}
    %3 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
    %4 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%arg2[%c0 to %c20 for %c20], %3[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %3{%c20}
    %5 = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%2[%c0 to %c1280 for %c1280], %4[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %5 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c20}
  util.return %0 : !stream.resource<external>
}

// -----

// max-concurrency puts dispatch_0 in the earliest wave it may join: two
// regions, {splat, splat} and {dispatch_0, dispatch_1}.

// CHECK-LABEL: @partitioningForMaxConcurrency
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> !stream.resource<external> attributes {stream.partitioning = #stream.partitioning_config<favor-max-concurrency>} {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}, %[[ARG1]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c80}) -> !stream.resource<external>{%c20} {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:2 = stream.async.concurrent with() -> (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
// CHECK-NEXT: stream.yield %[[V4]], %[[V5]] : !stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]]:2 = stream.async.concurrent with(%[[V1]]#0 as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c1280}, %[[ARG3]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c80}, %[[ARG2]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}, %[[V1]]#1 as %[[ARG7:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c20}) -> (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) {
// CHECK-NEXT: %[[V4_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[ARG4]][%c0 to %c1280 for %c1280], %[[ARG5]][%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %[[ARG4]]{%c1280}
// CHECK-NEXT: %[[V5_1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[ARG6]][%c0 to %c20 for %c20], %[[ARG7]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %[[ARG7]]{%c20}
// CHECK-NEXT: stream.yield %[[V4_1]], %[[V5_1]] : !stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}
// CHECK-NEXT: }
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%[[V2]]#0[%c0 to %c1280 for %c1280], %[[V2]]#1[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V3]] : !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]] : !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V0]] : !stream.resource<external>
// CHECK-NEXT: }

util.func public @partitioningForMaxConcurrency(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>) -> !stream.resource<external>
    attributes {stream.partitioning = #stream.partitioning_config<"max-concurrency">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c80 = arith.constant 80 : index
  %c1280 = arith.constant 1280 : index
  %c255_i32 = arith.constant 255 : i32
  %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<external>{%c20}, %arg1 as %arg3: !stream.resource<external>{%c80}) -> !stream.resource<external>{%c20} {
    %1 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
    %2 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%1[%c0 to %c1280 for %c1280], %arg3[%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %1{%c1280}
    %3 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
    %4 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%arg2[%c0 to %c20 for %c20], %3[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %3{%c20}
    %5 = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%2[%c0 to %c1280 for %c1280], %4[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %5 : !stream.resource<external>{%c20}
  } => !stream.timepoint
  %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c20}
  util.return %0 : !stream.resource<external>
}

// -----

// dispatch_1 writes %capture0 in place while dispatch_0 reads it: they may not
// run concurrently.

// CHECK-LABEL: @keepTiedOpsSeparate
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, %[[ARG0]]{%c20}) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[ARG1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[ARG1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> %[[ARG1]]{%c20}
// CHECK-NEXT: stream.yield %[[V1]], %[[V2]] : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @keepTiedOpsSeparate(%arg0: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %results:2, %result_timepoint = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, %arg0{%c20}) {
    %0 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %1 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> %capture0{%c20}
    stream.yield %0, %1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  } => !stream.timepoint
  %2:2 = stream.timepoint.await %result_timepoint => %results#0, %results#1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  util.return %2#0, %2#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// Two collectives on separate alloca'd targets run concurrently; the allocas
// are metadata and stay outside the region.

// CHECK-LABEL: @groupCollectiveOps
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.channel, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>, %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<transient>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c128}, %[[ARG2]] as %[[ARG4:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c128}) -> (!stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.alloca : !stream.resource<transient>{%c128}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.alloca : !stream.resource<transient>{%c128}
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]]:2 = stream.async.concurrent with(%[[V1]] as %[[ARG5:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c128}, %[[ARG3]] as %[[ARG6:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c128}, %[[V2]] as %[[ARG7:[a-zA-Z0-9_]+]]: !stream.resource<transient>{%c128}, %[[ARG4]] as %[[ARG8:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c128}) -> (!stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.collective<all_gather : f32>[%c128] channel(%[[ARG0]]) %[[ARG6]][%c0 to %c128 for %c128], %[[ARG5]][%c0 to %c128 for %c128] : !stream.resource<external>{%c128} -> %[[ARG5]] as !stream.resource<transient>{%c128}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.collective<all_gather : f32>[%c128] channel(%[[ARG0]]) %[[ARG8]][%c0 to %c128 for %c128], %[[ARG7]][%c0 to %c128 for %c128] : !stream.resource<external>{%c128} -> %[[ARG7]] as !stream.resource<transient>{%c128}
// CHECK-NEXT: stream.yield %[[V4]], %[[V5]] : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
// CHECK-NEXT: }
// CHECK-NEXT: stream.yield %[[V3]]#0, %[[V3]]#1 : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1 : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<transient>, !stream.resource<transient>
// CHECK-NEXT: }

util.func public @groupCollectiveOps(%channel: !stream.channel, %send0: !stream.resource<external>, %send1: !stream.resource<external>) -> (!stream.resource<transient>, !stream.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %results:2, %result_timepoint = stream.async.execute with(%send0 as %capture0: !stream.resource<external>{%c128}, %send1 as %capture1: !stream.resource<external>{%c128}) -> (!stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) {
    %recv0 = stream.async.alloca : !stream.resource<transient>{%c128}
    %0 = stream.async.collective<all_gather : f32>[%c128] channel(%channel) %capture0[%c0 to %c128 for %c128], %recv0[%c0 to %c128 for %c128] : !stream.resource<external>{%c128} -> %recv0 as !stream.resource<transient>{%c128}
    %recv1 = stream.async.alloca : !stream.resource<transient>{%c128}
    %1 = stream.async.collective<all_gather : f32>[%c128] channel(%channel) %capture1[%c0 to %c128 for %c128], %recv1[%c0 to %c128 for %c128] : !stream.resource<external>{%c128} -> %recv1 as !stream.resource<transient>{%c128}
    stream.yield %0, %1 : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
  } => !stream.timepoint
  %2:2 = stream.timepoint.await %result_timepoint => %results#0, %results#1 : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
  util.return %2#0, %2#1 : !stream.resource<transient>, !stream.resource<transient>
}

// -----

// The debug favor disables the pass.

// CHECK-LABEL: @debugFavor
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) attributes {stream.partitioning = #stream.partitioning_config<favor-debug>} {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[ARG1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[ARG1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V1]], %[[V2]] : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1 : !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @debugFavor(%arg0: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>)
    attributes {stream.partitioning = #stream.partitioning_config<"debug">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %results:2, %result_timepoint = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
    %0 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %1 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    stream.yield %0, %1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  } => !stream.timepoint
  %2:2 = stream.timepoint.await %result_timepoint => %results#0, %results#1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  util.return %2#0, %2#1 : !stream.resource<external>, !stream.resource<external>
}

// -----

// Independent reads of one resource all run concurrently; a non-streamable
// op in the body that uses a result (CC1: no crash) orders its producer
// first.

// CHECK-LABEL: @readersAndHostOp
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
// CHECK: %[[RESULTS:[a-zA-Z0-9_]+]]:3, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG0]] as %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]]:3 = stream.async.concurrent with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@read2[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V3]], %[[V4]], %[[V5]] : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: }
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.cast %[[V1]]#2 : !stream.resource<external>{%c20} -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V1]]#0, %[[V1]]#1, %[[V2]] : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:3 = stream.timepoint.await %[[RESULT_TIMEPOINT]] => %[[RESULTS]]#0, %[[RESULTS]]#1, %[[RESULTS]]#2 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: util.return %[[V0]]#0, %[[V0]]#1, %[[V0]]#2 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
// CHECK-NEXT: }

util.func public @readersAndHostOp(%arg0: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %results:3, %result_timepoint = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
    %0 = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %1 = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %2 = stream.async.dispatch @ex::@read2[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %3 = stream.async.cast %2 : !stream.resource<external>{%c20} -> !stream.resource<external>{%c20}
    stream.yield %0, %1, %3 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  } => !stream.timepoint
  %4:3 = stream.timepoint.await %result_timepoint => %results#0, %results#1, %results#2 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
  util.return %4#0, %4#1, %4#2 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}

// -----

// Executes nested in structured control flow are not processed (CC3).

// CHECK-LABEL: @nestedExecuteSkipped
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: i1, %[[ARG1:[a-zA-Z0-9_]+]]: !stream.resource<external>) {
// CHECK: scf.if %[[ARG0]] {
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]]:2, %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.execute with(%[[ARG1]] as %[[ARG2:[a-zA-Z0-9_]+]]: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%[[ARG2]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
// CHECK-NEXT: stream.yield %[[V1]], %[[V2]] : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = util.optimization_barrier %[[RESULT_TIMEPOINT]] : !stream.timepoint
// CHECK-NEXT: }
// CHECK-NEXT: util.return
// CHECK-NEXT: }

util.func public @nestedExecuteSkipped(%cond: i1, %arg0: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  scf.if %cond {
    %results:2, %result_timepoint = stream.async.execute with(%arg0 as %capture0: !stream.resource<external>{%c20}) -> (!stream.resource<external>{%c20}, !stream.resource<external>{%c20}) {
      %0 = stream.async.dispatch @ex::@read0[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
      %1 = stream.async.dispatch @ex::@read1[%c1, %c1, %c1](%capture0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
      stream.yield %0, %1 : !stream.resource<external>{%c20}, !stream.resource<external>{%c20}
    } => !stream.timepoint
    util.optimization_barrier %result_timepoint : !stream.timepoint
  }
  util.return
}
