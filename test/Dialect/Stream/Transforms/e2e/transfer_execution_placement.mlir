// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-transformation-pipeline %s | FileCheck %s

// stream-passes-2.md §16.5: transfer placement through the whole
// --iree-stream-transformation-pipeline. A dispatch on A feeds a transfer
// A->B, a dispatch on B, and a transfer B->A into an external result that is
// exported on A. The B->A transfer runs on A (place-transfer-executions: its
// result is pinned to A by the export); allocations take the affinity of
// their users (schedule-allocation §7.5).

// CHECK-LABEL: util.func public @transfer_execution_placement(
// CHECK-SAME: %[[INPUT:[a-z0-9]+]]: !stream.resource<external>, %[[SIZE:[a-z0-9]+]]: index)
// CHECK-NOT: stream.async.
// The A->B transfer result lives on both devices.
// CHECK: %[[TO_B:.+]], %{{.+}} = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : !stream.resource<transient>{%[[SIZE]]}
// CHECK: stream.cmd.execute on(#hal.device.affinity<@device_a>)
// CHECK-SAME: %[[INPUT]] as
// CHECK-NEXT: stream.cmd.dispatch @kernel_a::@entry {
// CHECK: stream.cmd.flush to(#hal.device.affinity<@device_b>)
// The B dispatch's transient result: allocated for both devices, written on B.
// CHECK: %[[ON_B:.+]], %[[ON_B_READY:.+]] = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) await(%{{.+}}) => !stream.resource<transient>{%[[SIZE]]}
// CHECK-NEXT: %[[B_EXEC:.+]] = stream.cmd.execute on(#hal.device.affinity<@device_b>) await(%[[ON_B_READY]]) => with(%[[TO_B]] as %[[B_IN:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[ON_B]] as %[[B_OUT:.+]]: !stream.resource<transient>{%[[SIZE]]}) {
// CHECK-NEXT: stream.cmd.dispatch @kernel_b::@entry {
// CHECK-NEXT: ro %[[B_IN]][%c0 for %[[SIZE]]]
// CHECK-NEXT: wo %[[B_OUT]][%c0 for %[[SIZE]]]
// The final external result is allocated on A.
// CHECK: %[[FINAL:.+]], %[[FINAL_READY:.+]] = stream.resource.alloca uninitialized on(#hal.device.affinity<@device_a>) await(%{{.+}}) => !stream.resource<external>{%[[SIZE]]}
// The B->A transfer: its own execute on A, invalidate from B then copy.
// CHECK-NEXT: %[[BACK:.+]] = stream.cmd.execute on(#hal.device.affinity<@device_a>) await(%[[FINAL_READY]]) => with(%[[ON_B]] as %[[SRC:.+]]: !stream.resource<transient>{%[[SIZE]]}, %[[FINAL]] as %[[DST:.+]]: !stream.resource<external>{%[[SIZE]]}) {
// CHECK-NEXT: stream.cmd.invalidate from(#hal.device.affinity<@device_b>) %[[SRC]][%c0 for %[[SIZE]]]
// CHECK-NEXT: stream.cmd.copy %[[SRC]][%c0], %[[DST]][%c0], %[[SIZE]] : !stream.resource<transient>{%[[SIZE]]} -> !stream.resource<external>{%[[SIZE]]}
// CHECK-NEXT: } => !stream.timepoint
// CHECK: %[[READY:.+]] = stream.timepoint.await %{{.+}} => %[[FINAL]] : !stream.resource<external>{%[[SIZE]]}
// CHECK-NEXT: %[[EXPORT:.+]] = stream.tensor.export on(#hal.device.affinity<@device_a>) %[[READY]]
// CHECK-NEXT: util.return %[[EXPORT]]

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device

util.func public @transfer_execution_placement(%input: !stream.resource<external>, %size: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %on_a = stream.async.dispatch on(#hal.device.affinity<@device_a>) @kernel_a::@entry(%input[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> !stream.resource<transient>{%size}
  %to_b = stream.async.transfer %on_a : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<transient>{%size}
  %on_b = stream.async.dispatch on(#hal.device.affinity<@device_b>) @kernel_b::@entry(%to_b[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
  %back = stream.async.transfer %on_b : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  %export = stream.tensor.export on(#hal.device.affinity<@device_a>) %back : tensor<?xf32>{%size} in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}
