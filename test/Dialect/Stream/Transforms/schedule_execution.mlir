// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" %s | FileCheck %s

// All ops land in one partition; captures are in first-use order and the
// escaping result is awaited on the host.

// CHECK-LABEL: @partitioning
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<external>, %[[ARG1:.+]]: !stream.resource<external>)
util.func public @partitioning(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c80 = arith.constant 80 : index
  %c1280 = arith.constant 1280 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.execute
  // CHECK-SAME: with(%[[ARG1]] as %[[ARG1_CAPTURE:.+]]: !stream.resource<external>{%c80},
  // CHECK-SAME:      %[[ARG0]] as %[[ARG0_CAPTURE:.+]]: !stream.resource<external>{%c20})
  // CHECK-SAME: -> !stream.resource<external>{%c20} {
  // CHECK-NEXT: %[[SPLAT0:.+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
  %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
  // CHECK-NEXT: %[[DISPATCH0:.+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[SPLAT0]][%c0 to %c1280 for %c1280], %[[ARG1_CAPTURE]][%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %[[SPLAT0]]{%c1280}
  %3 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%2[%c0 to %c1280 for %c1280], %arg1[%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %2{%c1280}
  // CHECK-NEXT: %[[SPLAT1:.+]] = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %4 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  // CHECK-NEXT: %[[DISPATCH1:.+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[ARG0_CAPTURE]][%c0 to %c20 for %c20], %[[SPLAT1]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %[[SPLAT1]]{%c20}
  %5 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20], %4[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %4{%c20}
  // CHECK-NEXT: %[[DISPATCH2:.+]] = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%[[DISPATCH0]][%c0 to %c1280 for %c1280], %[[DISPATCH1]][%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  %6 = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%3[%c0 to %c1280 for %c1280], %5[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  // CHECK-NEXT: stream.yield %[[DISPATCH2]] : !stream.resource<external>{%c20}
  // CHECK-NEXT: } => !stream.timepoint
  // CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]] : !stream.resource<external>{%c20}
  // CHECK-NEXT: util.return %[[READY]]
  util.return %6 : !stream.resource<external>
}

// -----

// Transfers ride with their producers; the partitions alternate devices in
// dependency order.

util.global private @device0 : !hal.device
util.global private @device1 : !hal.device

// CHECK-LABEL: @deviceMultiDeviceSync
util.func public @deviceMultiDeviceSync(%arg0: i1) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[R0:.+]], %[[T0:.+]] = stream.async.execute on(#hal.device.affinity<@device1>) with()
  // CHECK-NEXT: stream.async.splat
  // CHECK-NEXT: stream.async.transfer {{.+}} -> to(#hal.device.affinity<@device0>)
  // CHECK: %[[R1:.+]]:2, %[[T1:.+]] = stream.async.execute on(#hal.device.affinity<@device0>) await(%[[T0]]) => with(%[[R0]] as
  // CHECK-NEXT: stream.async.splat
  // CHECK-NEXT: stream.async.transfer {{.+}} -> to(#hal.device.affinity<@device1>)
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch0
  // CHECK-NEXT: stream.async.transfer {{.+}} -> to(#hal.device.affinity<@device1>)
  // CHECK: %[[R2:.+]], %[[T2:.+]] = stream.async.execute on(#hal.device.affinity<@device1>) await(%[[T1]]) => with(%[[R1]]#0 as
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch1
  // CHECK-NEXT: stream.async.transfer {{.+}} -> to(#hal.device.affinity<@device0>)
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[T1]], %[[T2]])
  // CHECK: stream.async.execute on(#hal.device.affinity<@device0>) await(%[[JOIN]]) => with(%[[R1]]#1 as %{{.+}}, %[[R2]] as
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch2
  %0 = stream.async.splat on(#hal.device.affinity<@device0>) %c255_i32 : i32 -> !stream.resource<transient>{%c128}
  %1 = stream.async.transfer %0 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device0>) -> to(#hal.device.affinity<@device1>) !stream.resource<transient>{%c128}
  %2 = stream.async.splat on(#hal.device.affinity<@device1>) %c255_i32 : i32 -> !stream.resource<transient>{%c128}
  %3 = stream.async.transfer %2 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device1>) -> to(#hal.device.affinity<@device0>) !stream.resource<transient>{%c128}
  %4 = stream.async.dispatch on(#hal.device.affinity<@device0>) @ex::@dispatch0[%c1, %c1, %c1](%3[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  %5 = stream.async.transfer %4 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device0>) -> to(#hal.device.affinity<@device1>) !stream.resource<transient>{%c128}
  %6 = stream.async.dispatch on(#hal.device.affinity<@device1>) @ex::@dispatch1[%c1, %c1, %c1](%1[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  %7 = stream.async.transfer %6 : !stream.resource<transient>{%c128} from(#hal.device.affinity<@device1>) -> to(#hal.device.affinity<@device0>) !stream.resource<transient>{%c128}
  %8 = stream.async.dispatch on(#hal.device.affinity<@device0>) @ex::@dispatch2[%c1, %c1, %c1](%5[%c0 to %c128 for %c128], %7[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  util.return %8 : !stream.resource<transient>
}

// -----

// Two affinities give two partitions; the second awaits the first and
// captures both of its results.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// CHECK-LABEL: @partitioningWithAffinities
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<external>)
util.func public @partitioningWithAffinities(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  // CHECK: %[[RESULTS0:.+]]:2, %[[TP0:.+]] = stream.async.execute on(#hal.device.affinity<@device_a>)
  // CHECK-SAME: with(%[[ARG0]] as %[[CAPTURE:.+]]: !stream.resource<external>{%c20})
  // CHECK-SAME: -> (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20})
  // CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[CAPTURE]]
  // CHECK-NEXT: %[[D1:.+]] = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[D0]]
  // CHECK-NEXT: stream.yield %[[D0]], %[[D1]]
  %0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch_0[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<transient>{%c20}
  %1 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch_1[%c1, %c1, %c1](%0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  // CHECK: %[[RESULT1:.+]], %[[TP1:.+]] = stream.async.execute on(#hal.device.affinity<@device_b>) await(%[[TP0]])
  // CHECK-SAME: with(%[[RESULTS0]]#0 as %[[C0:.+]]: !stream.resource<transient>{%c20}, %[[RESULTS0]]#1 as %[[C1:.+]]: !stream.resource<transient>{%c20})
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%[[C0]][%c0 to %c20 for %c20], %[[C1]][%c0 to %c20 for %c20])
  %2 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@dispatch_2[%c1, %c1, %c1](%0[%c0 to %c20 for %c20], %1[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TP1]] => %[[RESULT1]]
  // CHECK-NEXT: util.return %[[READY]]
  util.return %2 : !stream.resource<external>
}

// -----

// Independent partitions on two devices each get a clone of the splat; the
// consumer on a third device awaits both.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.global private @device_c : !hal.device

// CHECK-LABEL: @partitioningWithConcurrentAffinities
util.func public @partitioningWithConcurrentAffinities() -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[RA:.+]], %[[TPA:.+]] = stream.async.execute on(#hal.device.affinity<@device_a>) with()
  // CHECK-NEXT: %[[SPLATA:.+]] = stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_a[%c1, %c1, %c1](%[[SPLATA]]
  // CHECK: %[[RB:.+]], %[[TPB:.+]] = stream.async.execute on(#hal.device.affinity<@device_b>) with()
  // CHECK-NEXT: %[[SPLATB:.+]] = stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_b[%c1, %c1, %c1](%[[SPLATB]]
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[TPA]], %[[TPB]]) => !stream.timepoint
  // CHECK: stream.async.execute on(#hal.device.affinity<@device_c>) await(%[[JOIN]]) => with(%[[RA]] as %{{.+}}, %[[RB]] as %{{.+}})
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_c
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %1 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch_a[%c1, %c1, %c1](%0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  %2 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@dispatch_b[%c1, %c1, %c1](%0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  %3 = stream.async.dispatch on(#hal.device.affinity<@device_c>) @ex::@dispatch_c[%c1, %c1, %c1](%1[%c0 to %c20 for %c20], %2[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  util.return %3 : !stream.resource<external>
}

// -----

// A 2x3 interleaved device graph: a0 | b0 b1 | a1 a2 | b2.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// CHECK-LABEL: @partitionWithInterdependentInterleavedDeviceAffinities
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<external>)
util.func public @partitionWithInterdependentInterleavedDeviceAffinities(%arg0: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  // CHECK: %[[P0:.+]], %[[T0:.+]] = stream.async.execute on(#hal.device.affinity<@device_a>) with(%[[ARG0]] as
  // CHECK-NEXT: stream.async.dispatch @ex::@a0
  // CHECK-NEXT: stream.yield
  // CHECK: %[[P1:.+]]:2, %[[T1:.+]] = stream.async.execute on(#hal.device.affinity<@device_b>) await(%[[T0]]) => with(%[[ARG0]] as %{{.+}}, %[[P0]] as
  // CHECK-NEXT: stream.async.dispatch @ex::@b0
  // CHECK-NEXT: stream.async.dispatch @ex::@b1
  // CHECK-NEXT: stream.yield
  // CHECK: %[[J2:.+]] = stream.timepoint.join max(%[[T0]], %[[T1]])
  // CHECK: %[[P2:.+]]:2, %[[T2:.+]] = stream.async.execute on(#hal.device.affinity<@device_a>) await(%[[J2]]) => with(%[[P0]] as %{{.+}}, %[[P1]]#0 as %{{.+}}, %[[P1]]#1 as
  // CHECK-NEXT: stream.async.dispatch @ex::@a1
  // CHECK-NEXT: stream.async.dispatch @ex::@a2
  // CHECK-NEXT: stream.yield
  // CHECK: %[[J3:.+]] = stream.timepoint.join max(%[[T2]], %[[T1]])
  // CHECK: %[[P3:.+]], %[[T3:.+]] = stream.async.execute on(#hal.device.affinity<@device_b>) await(%[[J3]]) => with(%[[P2]]#0 as %{{.+}}, %[[P1]]#1 as
  // CHECK-NEXT: stream.async.dispatch @ex::@b2
  // CHECK-NEXT: stream.yield
  // CHECK: %[[B2:.+]] = stream.timepoint.await %[[T3]] => %[[P3]]
  // CHECK: %[[A2:.+]] = stream.timepoint.await %[[T2]] => %[[P2]]#1
  // CHECK: util.return %[[A2]], %[[B2]]
  %a0 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@a0[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<transient>{%c20}
  %b0 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@b0[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<transient>{%c20}
  %a1 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@a1[%c1, %c1, %c1](%a0[%c0 to %c20 for %c20], %b0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  %b1 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@b1[%c1, %c1, %c1](%a0[%c0 to %c20 for %c20], %b0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  %a2 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@a2[%c1, %c1, %c1](%a1[%c0 to %c20 for %c20], %b1[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  %b2 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@b2[%c1, %c1, %c1](%a1[%c0 to %c20 for %c20], %b1[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  util.return %a2, %b2 : !stream.resource<external>, !stream.resource<external>
}

// -----

// Each block is partitioned on its own; later blocks capture the splat result
// and await its timepoint; results are tied after cleanup.

// CHECK-LABEL: @partitionWithinBlocks
util.func public @partitionWithinBlocks(%cond: i1) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[SPLAT:.+]], %[[SPLAT_TP:.+]] = stream.async.execute with()
  // CHECK-NEXT: stream.async.splat
  // CHECK: cf.cond_br
  %splat = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c128}
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  // CHECK: ^bb1:
  // CHECK: %[[BB1_RESULT:.+]], %[[BB1_TP:.+]] = stream.async.execute await(%[[SPLAT_TP]]) =>
  // CHECK-SAME: with(%[[SPLAT]] as %[[BB1_SPLAT:.+]]: !stream.resource<transient>{%c128})
  // CHECK-SAME: -> %[[SPLAT]]{%c128}
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%[[BB1_SPLAT]][%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> %[[BB1_SPLAT]]{%c128}
  %3 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%splat[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> %splat{%c128}
  // CHECK: %[[BB1_READY:.+]] = stream.timepoint.await %[[BB1_TP]] => %[[BB1_RESULT]]
  // CHECK: util.return %[[BB1_READY]]
  util.return %3 : !stream.resource<transient>
^bb2:
  // CHECK: ^bb2:
  // CHECK: %[[BB2_RESULT:.+]], %[[BB2_TP:.+]] = stream.async.execute await(%[[SPLAT_TP]]) =>
  // CHECK-SAME: with(%[[SPLAT]] as %[[BB2_SPLAT:.+]]: !stream.resource<transient>{%c128})
  // CHECK-SAME: -> %[[SPLAT]]{%c128}
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%[[BB2_SPLAT]][%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> %[[BB2_SPLAT]]{%c128}
  %4 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%splat[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> %splat{%c128}
  // CHECK: %[[BB2_READY:.+]] = stream.timepoint.await %[[BB2_TP]] => %[[BB2_RESULT]]
  // CHECK: util.return %[[BB2_READY]]
  util.return %4 : !stream.resource<transient>
}

// -----

// device -> host -> device: the host reads and writes a staging resource
// between two executes.

// CHECK-LABEL: @deviceHostDevice
util.func public @deviceHostDevice() -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i8 = arith.constant 1 : i8
  %c123_i8 = arith.constant 123 : i8
  // CHECK: %[[RESULT_D2H:.+]], %[[TIMEPOINT_D2H:.+]] = stream.async.execute with()
  // CHECK-SAME: -> !stream.resource<staging>{%c1}
  // CHECK-NEXT: %[[SPLAT:.+]] = stream.async.splat %c123_i8
  // CHECK-NEXT: %[[TRANSFER_D2H:.+]] = stream.async.transfer %[[SPLAT]] : !stream.resource<transient>{%c1} -> !stream.resource<staging>{%c1}
  // CHECK-NEXT: stream.yield %[[TRANSFER_D2H]]
  %0 = stream.async.splat %c123_i8 : i8 -> !stream.resource<transient>{%c1}
  %1 = stream.async.transfer %0 : !stream.resource<transient>{%c1} -> !stream.resource<staging>{%c1}
  // CHECK: %[[READY_D2H:.+]] = stream.timepoint.await %[[TIMEPOINT_D2H]] => %[[RESULT_D2H]] : !stream.resource<staging>{%c1}
  // CHECK-NEXT: %[[LOAD:.+]] = stream.async.load %[[READY_D2H]][%c0] : !stream.resource<staging>{%c1} -> i8
  // CHECK-NEXT: %[[ADD:.+]] = arith.addi %[[LOAD]], %c1_i8 : i8
  // CHECK-NEXT: %[[STORE:.+]] = stream.async.store %[[ADD]], %[[READY_D2H]][%c0] : i8 -> %[[READY_D2H]] as !stream.resource<staging>{%c1}
  %2 = stream.async.load %1[%c0] : !stream.resource<staging>{%c1} -> i8
  %3 = arith.addi %2, %c1_i8 : i8
  %4 = stream.async.store %3, %1[%c0] : i8 -> %1 as !stream.resource<staging>{%c1}
  // CHECK: %[[RESULT_H2D:.+]], %[[TIMEPOINT_H2D:.+]] = stream.async.execute with(%[[STORE]] as %[[CAPTURE:.+]]: !stream.resource<staging>{%c1})
  // CHECK-NEXT: %[[TRANSFER_H2D:.+]] = stream.async.transfer %[[CAPTURE]] : !stream.resource<staging>{%c1} -> !stream.resource<transient>{%c1}
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[TRANSFER_H2D]][%c0 to %c1 for %c1])
  %5 = stream.async.transfer %4 : !stream.resource<staging>{%c1} -> !stream.resource<transient>{%c1}
  %6 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%5[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
  // CHECK: %[[READY_H2D:.+]] = stream.timepoint.await %[[TIMEPOINT_H2D]] => %[[RESULT_H2D]]
  // CHECK-NEXT: util.return %[[READY_H2D]]
  util.return %6 : !stream.resource<transient>
}

// -----

// Side-effecting host ops freeze the partitions below them: nothing is
// hoisted across the asserts.

// CHECK-LABEL: @dontHoistPastAsserts
util.func public @dontHoistPastAsserts(%arg0: !stream.resource<external>, %arg1: !stream.resource<external>, %cond: i1) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c80 = arith.constant 80 : index
  %c1280 = arith.constant 1280 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[RESULT0:.+]], %[[TIMEPOINT0:.+]] = stream.async.execute
  // CHECK-NEXT: stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_0
  // CHECK: cf.assert
  %2 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c1280}
  %3 = stream.async.dispatch @ex::@dispatch_0[%c1, %c1, %c1](%2[%c0 to %c1280 for %c1280], %arg1[%c0 to %c80 for %c80]) : (!stream.resource<transient>{%c1280}, !stream.resource<external>{%c80}) -> %2{%c1280}
  cf.assert %cond, "a"
  // CHECK: %[[RESULT1:.+]], %[[TIMEPOINT1:.+]] = stream.async.execute
  // CHECK-NEXT: stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_1
  // CHECK: cf.assert
  %4 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %5 = stream.async.dispatch @ex::@dispatch_1[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20], %4[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> %4{%c20}
  cf.assert %cond, "b"
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[TIMEPOINT0]], %[[TIMEPOINT1]])
  // CHECK: %[[RESULT2:.+]], %[[TIMEPOINT2:.+]] = stream.async.execute await(%[[JOIN]])
  // CHECK-SAME: with(%[[RESULT0]] as %{{.+}}: !stream.resource<transient>{%c1280}, %[[RESULT1]] as %{{.+}}: !stream.resource<transient>{%c20})
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch_2
  %6 = stream.async.dispatch @ex::@dispatch_2[%c1, %c1, %c1](%3[%c0 to %c1280 for %c1280], %5[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c1280}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT2]] => %[[RESULT2]]
  // CHECK-NEXT: util.return %[[READY]]
  util.return %6 : !stream.resource<external>
}

// -----

// The splat is cloned into both partitions; only one clone is exported to
// the return; the same-affinity transfer becomes a clone after cleanup. The
// transfer rides with its producer, whose candidate consumers are then
// dropped, so the consumer of the transfer starts a second partition.

// CHECK-LABEL: @cloneAcrossPartitions
util.func public @cloneAcrossPartitions() -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[PARTITION0:.+]]:2, %[[TP0:.+]] = stream.async.execute with()
  // CHECK-SAME: -> (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20})
  // CHECK-NEXT: %[[SPLAT0:.+]] = stream.async.splat
  // CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[SPLAT0]]
  // CHECK-NEXT: %[[CLONE:.+]] = stream.async.clone %[[D0]]
  // CHECK-NEXT: stream.yield %[[SPLAT0]], %[[CLONE]]
  // CHECK: %[[PARTITION1:.+]], %[[TP1:.+]] = stream.async.execute await(%[[TP0]]) => with(%[[PARTITION0]]#1 as %[[CAPTURE:.+]]: !stream.resource<transient>{%c20})
  // CHECK-NEXT: %[[SPLAT1:.+]] = stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[SPLAT1]][%c0 to %c20 for %c20], %[[CAPTURE]][%c0 to %c20 for %c20])
  // CHECK: %[[READY1:.+]] = stream.timepoint.await %[[TP1]] => %[[PARTITION1]]
  // CHECK: %[[READY0:.+]] = stream.timepoint.await %[[TP0]] => %[[PARTITION0]]#0
  // CHECK: util.return %[[READY0]], %[[READY1]]
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<external>{%c20}
  %1 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<transient>{%c20}
  %2 = stream.async.transfer %1 : !stream.resource<transient>{%c20} -> !stream.resource<transient>{%c20}
  %4 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%0[%c0 to %c20 for %c20], %2[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<external>{%c20}
  util.return %0, %4 : !stream.resource<external>, !stream.resource<external>
}

// -----

// A value read by a host op that feeds a later dispatch must be produced in
// an earlier partition than that dispatch.

// CHECK-LABEL: @deviceHostDeviceCrossing
util.func public @deviceHostDeviceCrossing(%arg0: i1) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[RESULTS0:.+]]:2, %[[TP0:.+]] = stream.async.execute with()
  // CHECK-NEXT: %[[SPLAT:.+]] = stream.async.splat
  // CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[SPLAT]]
  // CHECK-NEXT: %[[D1:.+]] = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[SPLAT]]
  // CHECK-NEXT: stream.yield %[[D0]], %[[D1]]
  // CHECK: %[[READY:.+]]:2 = stream.timepoint.await %[[TP0]] => %[[RESULTS0]]#0, %[[RESULTS0]]#1
  // CHECK-NEXT: %[[SELECT:.+]] = arith.select %arg0, %[[READY]]#0, %[[READY]]#1
  // CHECK-NEXT: %[[RESULT1:.+]], %[[TP1:.+]] = stream.async.execute await(%[[TP0]]) => with(%[[RESULTS0]]#0 as %[[C0:.+]]: !stream.resource<transient>{%c128}, %[[SELECT]] as %[[C1:.+]]: !stream.resource<transient>{%c128})
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch2[%c1, %c1, %c1](%[[C0]][%c0 to %c128 for %c128], %[[C1]][%c0 to %c128 for %c128])
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c128}
  %1 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%0[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  %2 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%0[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  %3 = arith.select %arg0, %1, %2 : !stream.resource<transient>
  %4 = stream.async.dispatch @ex::@dispatch2[%c1, %c1, %c1](%1[%c0 to %c128 for %c128], %3[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}) -> !stream.resource<transient>{%c128}
  util.return %4 : !stream.resource<transient>
}

// -----

// CHECK-LABEL: @inplaceCall
// CHECK-SAME: (%[[ARG0:.+]]: !stream.resource<external>)
util.func public @inplaceCall(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  // CHECK: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.execute with(%[[ARG0]] as %[[CAPTURE:.+]]: !stream.resource<external>{%c20}) -> %[[ARG0]]{%c20} {
  // CHECK-NEXT: %[[CALL:.+]] = stream.async.call @callee(%[[CAPTURE]][%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> %[[CAPTURE]]{%c20}
  // CHECK-NEXT: stream.yield %[[CALL]] : !stream.resource<external>{%c20}
  // CHECK-NEXT: } => !stream.timepoint
  %0 = stream.async.call @callee(%arg0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> %arg0{%c20}
  // CHECK-NEXT: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]]
  // CHECK-NEXT: util.return %[[READY]]
  util.return %0 : !stream.resource<external>
}
stream.async.func private @callee(%arg0: !stream.resource<external>) -> %arg0

// -----

// Bodies of region ops are partitioned recursively.

// CHECK-LABEL: @scfRecurse
util.func public @scfRecurse(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c20 = arith.constant 20 : index
  // CHECK: scf.for %{{.+}} = %c0 to %c4 step %c1 iter_args(%[[ACC:.+]] = %arg0)
  %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %arg0) -> (!stream.resource<external>) {
    // CHECK-NEXT: %[[RESULT:.+]], %[[TIMEPOINT:.+]] = stream.async.execute with(%[[ACC]] as %[[CAPTURE:.+]]: !stream.resource<external>{%c20})
    // CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[CAPTURE]]
    // CHECK-NEXT: %[[D1:.+]] = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[D0]]
    // CHECK-NEXT: stream.yield %[[D1]]
    %1 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%acc[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<external>{%c20}
    %2 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%1[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> %1{%c20}
    // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TIMEPOINT]] => %[[RESULT]]
    // CHECK-NEXT: scf.yield %[[READY]]
    scf.yield %2 : !stream.resource<external>
  }
  util.return %0 : !stream.resource<external>
}

// -----

// The splat feeds both sides of a host load: it is cloned into both
// partitions; the second execute awaits the first and captures its result.

// CHECK-LABEL: @cloneAcrossLoadBarrier
util.func public @cloneAcrossLoadBarrier() -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[RESULTS0:.+]]:2, %[[TP0:.+]] = stream.async.execute with()
  // CHECK-NEXT: %[[SPLAT0:.+]] = stream.async.splat
  // CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%[[SPLAT0]]
  // CHECK-NEXT: %[[T0:.+]] = stream.async.transfer %[[D0]]
  // CHECK-NEXT: stream.yield %[[D0]], %[[T0]]
  // CHECK: %[[STAGING:.+]] = stream.timepoint.await %[[TP0]] => %[[RESULTS0]]#1
  // CHECK-NEXT: %[[LOAD:.+]] = stream.async.load %[[STAGING]][%c0]
  // CHECK-NEXT: stream.async.execute await(%[[TP0]]) => with(%[[RESULTS0]]#0 as %[[CAPTURE:.+]]: !stream.resource<transient>{%c20})
  // CHECK-NEXT: %[[SPLAT1:.+]] = stream.async.splat
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%[[SPLAT1]][%c0 to %c20 for %c20], %[[CAPTURE]][%c0 to %c20 for %c20], %[[LOAD]])
  %0 = stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %1 = stream.async.dispatch @ex::@dispatch0[%c1, %c1, %c1](%0[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  %2 = stream.async.transfer %1 : !stream.resource<transient>{%c20} -> !stream.resource<staging>{%c20}
  %3 = stream.async.load %2[%c0] : !stream.resource<staging>{%c20} -> i32
  %4 = stream.async.dispatch @ex::@dispatch1[%c1, %c1, %c1](%0[%c0 to %c20 for %c20], %1[%c0 to %c20 for %c20], %3) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}, i32) -> !stream.resource<transient>{%c20}
  util.return %4 : !stream.resource<transient>
}

// -----

// The op's own await becomes the execute's await and is stripped from the
// cloned op.

// CHECK-LABEL: @partitionSplatWithAwait
// CHECK-SAME: (%[[AWAIT:.+]]: !stream.timepoint)
util.func public @partitionSplatWithAwait(%arg0: !stream.timepoint) -> !stream.resource<transient> {
  %c20 = arith.constant 20 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: stream.async.execute await(%[[AWAIT]]) => with()
  // CHECK-NEXT: stream.async.splat %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %0 = stream.async.splat await(%arg0) %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  util.return %0 : !stream.resource<transient>
}

// -----

// The awaits of the ops of a partition are joined in partition order (the
// reverse of program order).

// CHECK-LABEL: @partitionMultipleAwaits
// CHECK-SAME: (%[[AWAIT0:.+]]: !stream.timepoint, %[[AWAIT1:.+]]: !stream.timepoint)
util.func public @partitionMultipleAwaits(%await0: !stream.timepoint, %await1: !stream.timepoint) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c255_i32 = arith.constant 255 : i32
  // CHECK: %[[JOIN:.+]] = stream.timepoint.join max(%[[AWAIT1]], %[[AWAIT0]]) => !stream.timepoint
  // CHECK: stream.async.execute await(%[[JOIN]]) => with()
  // CHECK-NEXT: stream.async.splat %c255_i32
  // CHECK-NEXT: stream.async.splat %c255_i32
  // CHECK-NEXT: stream.async.dispatch
  %0 = stream.async.splat await(%await0) %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %1 = stream.async.splat await(%await1) %c255_i32 : i32 -> !stream.resource<transient>{%c20}
  %2 = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%0[%c0 to %c20 for %c20], %1[%c0 to %c20 for %c20]) : (!stream.resource<transient>{%c20}, !stream.resource<transient>{%c20}) -> !stream.resource<transient>{%c20}
  util.return %2 : !stream.resource<transient>
}

// -----

// A transfer with an explicit execution affinity that cannot run with its
// producer gets its own partition on that device.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

// CHECK-LABEL: @placedTransfer
util.func public @placedTransfer(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  // CHECK: %[[RESULT_B:.+]], %[[TP_B:.+]] = stream.async.execute on(#hal.device.affinity<@device_b>)
  // CHECK-NEXT: stream.async.dispatch @ex::@dispatch
  // CHECK: %[[RESULT_A:.+]], %[[TP_A:.+]] = stream.async.execute on(#hal.device.affinity<@device_a>) await(%[[TP_B]]) => with(%[[RESULT_B]] as %[[CAPTURE:.+]]: !stream.resource<transient>{%c20})
  // CHECK-NEXT: stream.async.transfer %[[CAPTURE]] : !stream.resource<transient>{%c20} from(#hal.device.affinity<@device_b>) -> !stream.resource<external>{%c20}
  // CHECK: %[[READY:.+]] = stream.timepoint.await %[[TP_A]] => %[[RESULT_A]]
  // CHECK-NEXT: util.return %[[READY]]
  %0 = stream.async.dispatch on(#hal.device.affinity<@device_b>) @ex::@dispatch[%c1, %c1, %c1](%arg0[%c0 to %c20 for %c20]) : (!stream.resource<external>{%c20}) -> !stream.resource<transient>{%c20}
  %1 = stream.async.transfer on(#hal.device.affinity<@device_a>) %0 : !stream.resource<transient>{%c20} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%c20}
  util.return %1 : !stream.resource<external>
}

// -----

// Parameter ops are timeline ops with a result timepoint, not streamable:
// they stay on the host timeline. The await of a loaded parameter feeding a
// dispatch folds into the execute's await clause; the parameter write of the
// dispatch result reads it after a host await (elide-timepoints absorbs that
// await later).

// CHECK-LABEL: @parameterLoadDispatchWrite
// CHECK-SAME: (%[[ARG0:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG1:[a-zA-Z0-9_]+]]: !util.buffer, %[[ARG2:[a-zA-Z0-9_]+]]: i64) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %[[RESULT:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT:[a-zA-Z0-9_]+]] = stream.async.parameter.load %[[ARG0]]::%[[ARG1]][%[[ARG2]]] : !stream.resource<constant>{%c64} => !stream.timepoint
// CHECK-NEXT: %[[RESULTS:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_0:[a-zA-Z0-9_]+]] = stream.async.execute await(%[[RESULT_TIMEPOINT]]) => with(%[[RESULT]] as %[[ARG3:[a-zA-Z0-9_]+]]: !stream.resource<constant>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%[[ARG3]][%c0 to %c64 for %c64]) : (!stream.resource<constant>{%c64}) -> !stream.resource<external>{%c64}
// CHECK-NEXT: stream.yield %[[V1]] : !stream.resource<external>{%c64}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = stream.timepoint.await %[[RESULT_TIMEPOINT_0]] => %[[RESULTS]] : !stream.resource<external>{%c64}
// CHECK-NEXT: %[[RESULT_1:[a-zA-Z0-9_]+]], %[[RESULT_TIMEPOINT_2:[a-zA-Z0-9_]+]] = stream.async.parameter.write %[[V0]][%c0 to %c64 for %c64] -> %[[ARG0]]::%[[ARG1]][%[[ARG2]]] : !stream.resource<external>{%c64} => !stream.timepoint
// CHECK-NEXT: util.return %[[RESULT_1]], %[[RESULT_TIMEPOINT_2]] : !stream.resource<external>, !stream.timepoint
// CHECK-NEXT: }

util.func public @parameterLoadDispatchWrite(%scope: !util.buffer, %key: !util.buffer, %off: i64) -> (!stream.resource<external>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %p, %tp = stream.async.parameter.load %scope::%key[%off] : !stream.resource<constant>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %tp => %p : !stream.resource<constant>{%c64}
  %d = stream.async.dispatch @ex::@dispatch[%c1, %c1, %c1](%ready[%c0 to %c64 for %c64]) : (!stream.resource<constant>{%c64}) -> !stream.resource<external>{%c64}
  %w, %wtp = stream.async.parameter.write %d[%c0 to %c64 for %c64] -> %scope::%key[%off] : !stream.resource<external>{%c64} => !stream.timepoint
  util.return %w, %wtp : !stream.resource<external>, !stream.timepoint
}
