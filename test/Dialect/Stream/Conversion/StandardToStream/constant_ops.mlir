// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// StandardToStream, arith.constant of tensors (stream-passes-1.md §3.5): as
// flow.tensor.constant. Scalar constants are left alone.

// CHECK-LABEL: util.func public @constantTensor() -> (!stream.resource<*>, index, i32) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = arith.constant 3 : i32
// CHECK-NEXT: util.return %[[V3]], %[[V2]], %[[V4]] : !stream.resource<*>, index, i32
// CHECK-NEXT: }
util.func public @constantTensor() -> (tensor<2xi32>, i32) {
  %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
  %c3 = arith.constant 3 : i32
  util.return %cst, %c3 : tensor<2xi32>, i32
}

// -----

// CHECK-LABEL: util.func public @emptyConstantTensor() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<0xi32> in !stream.resource<constant> = dense<> : tensor<0xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @emptyConstantTensor() -> tensor<0xi32> {
  %cst = arith.constant dense<> : tensor<0xi32>
  util.return %cst : tensor<0xi32>
}

// -----

// A placed constant is created on its affinity.
// CHECK: util.global private @device : !hal.device
// CHECK-LABEL: util.func public @placedConstantTensor() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant on(#hal.device.affinity<@device>) : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} from(#hal.device.affinity<@device>) -> to(#hal.device.affinity<@device>) !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @device : !hal.device
util.func public @placedConstantTensor() -> tensor<2xi32> {
  %cst = arith.constant {stream.affinity = #hal.device.affinity<@device>} dense<[1, 2]> : tensor<2xi32>
  util.return %cst : tensor<2xi32>
}
