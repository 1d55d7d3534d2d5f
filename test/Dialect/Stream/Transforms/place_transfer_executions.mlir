// REQUIRES: sluice-opt
// --iree-stream-place-transfer-executions (stream-passes-1.md §14).

// RUN: sluice-opt --split-input-file --iree-stream-place-transfer-executions %s | FileCheck %s

// A transient -> external transfer from B to A whose result is exported on A
// (pinned): its default execution affinity is the source B, so it executes
// on A.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @pinned_transfer
util.func public @pinned_transfer(%size: index) -> !hal.buffer_view {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@device_b>) %c1_i32 : i32 -> !stream.resource<transient>{%size}
  // CHECK: stream.async.transfer on(#hal.device.affinity<@device_a>) %{{.+}} : !stream.resource<transient>{%arg0} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%arg0}
  %transfer = stream.async.transfer %splat : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  %export = stream.tensor.export on(#hal.device.affinity<@device_a>) %transfer : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// No pinning use: unchanged.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @unpinned_transfer
util.func public @unpinned_transfer(%size: index) -> !stream.resource<external> {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@device_b>) %c1_i32 : i32 -> !stream.resource<transient>{%size}
  // CHECK: stream.async.transfer %{{.+}} : !stream.resource<transient>{%arg0} from(#hal.device.affinity<@device_b>)
  %transfer = stream.async.transfer %splat : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  util.return %transfer : !stream.resource<external>
}

// -----

// The default execution affinity is already A (the source is external, so
// the transfer runs on its target): unchanged.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
// CHECK-LABEL: @compatible_transfer
util.func public @compatible_transfer(%arg: !stream.resource<external>, %size: index) -> !hal.buffer_view {
  // CHECK: stream.async.transfer %arg0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@device_b>)
  %transfer = stream.async.transfer %arg : !stream.resource<external>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  %export = stream.tensor.export on(#hal.device.affinity<@device_a>) %transfer : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// An explicit execution affinity is kept.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.global private @device_c : !hal.device
// CHECK-LABEL: @explicit_execution
util.func public @explicit_execution(%size: index) -> !hal.buffer_view {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@device_b>) %c1_i32 : i32 -> !stream.resource<transient>{%size}
  // CHECK: stream.async.transfer on(#hal.device.affinity<@device_c>)
  %transfer = stream.async.transfer on(#hal.device.affinity<@device_c>) %splat : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  %export = stream.tensor.export on(#hal.device.affinity<@device_a>) %transfer : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}

// -----

// Pinned to a device the target affinity cannot execute with: unchanged.

util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.global private @device_c : !hal.device
// CHECK-LABEL: @pinned_elsewhere
util.func public @pinned_elsewhere(%size: index) -> !hal.buffer_view {
  %c1_i32 = arith.constant 1 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@device_b>) %c1_i32 : i32 -> !stream.resource<transient>{%size}
  // CHECK: stream.async.transfer %{{.+}} : !stream.resource<transient>{%arg0} from(#hal.device.affinity<@device_b>)
  %transfer = stream.async.transfer %splat : !stream.resource<transient>{%size} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_a>) !stream.resource<external>{%size}
  %export = stream.tensor.export on(#hal.device.affinity<@device_c>) %transfer : tensor<4xf32> in !stream.resource<external>{%size} -> !hal.buffer_view
  util.return %export : !hal.buffer_view
}
