// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-clone-to-consumers %s | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-clone-to-consumers)' %s | FileCheck %s

// --iree-stream-clone-to-consumers (stream-passes-1.md §6): a cheap producer
// used on two affinities is cloned for the later consumer; the earlier one
// keeps the original.

// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @splatOp(%arg0: i32) -> (tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.tensor.splat %arg0 : tensor<1xi32>
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.transfer %[[V1]] : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V3:.+]] = flow.tensor.splat %arg0 : tensor<1xi32>
// CHECK-NEXT: %[[V4:.+]] = flow.tensor.transfer %[[V3]] : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V2]], %[[V4]] : tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @splatOp(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
  %splat = flow.tensor.splat %value : tensor<1xi32>
  %transfer_a = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_b = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a, %transfer_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// An explicitly placed splat has a single affinity: not cloned.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @pinnedSplatOp(%arg0: i32) -> (tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.tensor.splat %arg0 : tensor<1xi32> attributes {stream.affinity = #hal.device.affinity<@device_a>}
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.transfer %[[V1]] : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V3:.+]] = flow.tensor.transfer %[[V1]] : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V2]], %[[V3]] : tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @pinnedSplatOp(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
  %splat = flow.tensor.splat %value : tensor<1xi32> attributes {stream.affinity = #hal.device.affinity<@device_a>}
  %transfer_a = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_b = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a, %transfer_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// A pure select and its producers are cloned together in one iteration: the
// select clone before transfer B, then both splat clones before it in
// operand order.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @selectOp(%arg0: i1, %arg1: i32, %arg2: i32) -> (tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.tensor.splat %arg1 : tensor<1xi32>
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.splat %arg2 : tensor<1xi32>
// CHECK-NEXT: %[[V3:.+]] = arith.select %arg0, %[[V1]], %[[V2]] : tensor<1xi32>
// CHECK-NEXT: %[[V4:.+]] = flow.tensor.transfer %[[V3]] : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V5:.+]] = flow.tensor.splat %arg1 : tensor<1xi32>
// CHECK-NEXT: %[[V6:.+]] = flow.tensor.splat %arg2 : tensor<1xi32>
// CHECK-NEXT: %[[V7:.+]] = arith.select %arg0, %[[V5]], %[[V6]] : tensor<1xi32>
// CHECK-NEXT: %[[V8:.+]] = flow.tensor.transfer %[[V7]] : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V4]], %[[V8]] : tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @selectOp(%cond: i1, %value0: i32, %value1: i32) -> (tensor<1xi32>, tensor<1xi32>) {
  %splat0 = flow.tensor.splat %value0 : tensor<1xi32>
  %splat1 = flow.tensor.splat %value1 : tensor<1xi32>
  %select = arith.select %cond, %splat0, %splat1 : tensor<1xi32>
  %transfer_a = flow.tensor.transfer %select : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_b = flow.tensor.transfer %select : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a, %transfer_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// A dispatch without tensor operands behaves like a splat.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @splatLikeDispatchOp(%arg0: i32) -> (tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> tensor<1xi32>
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.transfer %[[V1]] : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V3:.+]] = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> tensor<1xi32>
// CHECK-NEXT: %[[V4:.+]] = flow.tensor.transfer %[[V3]] : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V2]], %[[V4]] : tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @splatLikeDispatchOp(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
  %result = flow.dispatch @ex::@splat_like(%value) : (i32) -> tensor<1xi32>
  %transfer_a = flow.tensor.transfer %result : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_b = flow.tensor.transfer %result : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a, %transfer_b : tensor<1xi32>, tensor<1xi32>
}

// -----

// A reshape of a splat-like dispatch: both are cloned in the first iteration.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @reshapedDispatchOp(%arg0: i32) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> tensor<4xi32>
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.reshape %[[V1]] : tensor<4xi32> -> tensor<2x2xi32>
// CHECK-NEXT: %[[V3:.+]] = flow.tensor.transfer %[[V2]] : tensor<2x2xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V4:.+]] = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> tensor<4xi32>
// CHECK-NEXT: %[[V5:.+]] = flow.tensor.reshape %[[V4]] : tensor<4xi32> -> tensor<2x2xi32>
// CHECK-NEXT: %[[V6:.+]] = flow.tensor.transfer %[[V5]] : tensor<2x2xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V3]], %[[V6]] : tensor<2x2xi32>, tensor<2x2xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @reshapedDispatchOp(%value: i32) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %result = flow.dispatch @ex::@splat_like(%value) : (i32) -> tensor<4xi32>
  %reshape = flow.tensor.reshape %result : tensor<4xi32> -> tensor<2x2xi32>
  %transfer_a = flow.tensor.transfer %reshape : tensor<2x2xi32> to #hal.device.affinity<@device_a>
  %transfer_b = flow.tensor.transfer %reshape : tensor<2x2xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a, %transfer_b : tensor<2x2xi32>, tensor<2x2xi32>
}

// -----

// A two-result dispatch is cloned once per use.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @uniformMultiResultDispatchOp(%arg0: i32) -> (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]]:2 = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> (tensor<1xi32>, tensor<1xi32>)
// CHECK-NEXT: %[[V2:.+]] = flow.tensor.transfer %[[V1]]#0 : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V3:.+]]:2 = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> (tensor<1xi32>, tensor<1xi32>)
// CHECK-NEXT: %[[V4:.+]] = flow.tensor.transfer %[[V3]]#1 : tensor<1xi32> to #hal.device.affinity<@device_a>
// CHECK-NEXT: %[[V5:.+]]:2 = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> (tensor<1xi32>, tensor<1xi32>)
// CHECK-NEXT: %[[V6:.+]] = flow.tensor.transfer %[[V5]]#0 : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: %[[V7:.+]]:2 = flow.dispatch @ex::@splat_like(%arg0) : (i32) -> (tensor<1xi32>, tensor<1xi32>)
// CHECK-NEXT: %[[V8:.+]] = flow.tensor.transfer %[[V7]]#1 : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V2]], %[[V4]], %[[V6]], %[[V8]] : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @uniformMultiResultDispatchOp(%value: i32) -> (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) {
  %result:2 = flow.dispatch @ex::@splat_like(%value) : (i32) -> (tensor<1xi32>, tensor<1xi32>)
  %transfer_a0 = flow.tensor.transfer %result#0 : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_a1 = flow.tensor.transfer %result#1 : tensor<1xi32> to #hal.device.affinity<@device_a>
  %transfer_b0 = flow.tensor.transfer %result#0 : tensor<1xi32> to #hal.device.affinity<@device_b>
  %transfer_b1 = flow.tensor.transfer %result#1 : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %transfer_a0, %transfer_a1, %transfer_b0, %transfer_b1 : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>
}

// -----

// Transfer B gets a clone; the dispatch on A uses the splat twice, so it gets
// one clone shared by both operands and the original is erased.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @multipleUses(%arg0: i32) -> (tensor<1xi32>, tensor<1xi32>) {
// CHECK-NEXT: %[[V1:.+]] = flow.tensor.splat %arg0 : tensor<1xi32>
// CHECK-NEXT: %[[V2:.+]] = flow.dispatch @ex::@add(%[[V1]], %[[V1]]) {stream.affinity = #hal.device.affinity<@device_a>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
// CHECK-NEXT: %[[V3:.+]] = flow.tensor.splat %arg0 : tensor<1xi32>
// CHECK-NEXT: %[[V4:.+]] = flow.tensor.transfer %[[V3]] : tensor<1xi32> to #hal.device.affinity<@device_b>
// CHECK-NEXT: util.return %[[V2]], %[[V4]] : tensor<1xi32>, tensor<1xi32>
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @multipleUses(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
  %splat = flow.tensor.splat %value : tensor<1xi32>
  %dispatch = flow.dispatch @ex::@add(%splat, %splat) {stream.affinity = #hal.device.affinity<@device_a>} : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  %transfer_b = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_b>
  util.return %dispatch, %transfer_b : tensor<1xi32>, tensor<1xi32>
}
