// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --canonicalize %s | FileCheck %s

// FlowToStream, flow.func and flow.call (stream-passes-1.md §3.4).

// A flow.func becomes a stream.async.func: tensors are resources (no size
// values are added), other types are converted, ties are kept.
// CHECK: stream.async.func private @extern(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.channel) -> (%arg0, !stream.resource<*>)
flow.func private @extern(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: !flow.channel) -> (%arg0, tensor<4xi8>)

// -----

// Each tensor operand is passed whole ([0 to size for size]); the untied
// result is sized from its dims.
// CHECK: stream.async.func private @extern(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*>
// CHECK-LABEL: util.func public @call(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<?x8xf32>{%arg3} : index
// CHECK-NEXT: %[[V3:.+]] = stream.async.call @extern(%arg0[%[[V1]] to %arg1 for %arg1], %arg2) : (!stream.resource<*>{%arg1}, index) -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
flow.func private @extern(%arg0: tensor<?x4xf32>, %arg1: index) -> tensor<?x8xf32>
util.func public @call(%input: tensor<?x4xf32>, %dim: index, %dim2: index) -> tensor<?x8xf32> {
  %0 = flow.call @extern(%input, %dim) : (tensor<?x4xf32>{%dim}, index) -> tensor<?x8xf32>{%dim2}
  util.return %0 : tensor<?x8xf32>
}

// -----

// A tied result reuses its operand's resource and size.
// CHECK: stream.async.func private @extern(%arg0: !stream.resource<*>, %arg1: !stream.resource<*>) -> %arg0
// CHECK-LABEL: util.func public @callTied(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !stream.resource<*>, %arg4: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.async.call @extern(%arg0[%[[V1]] to %arg1 for %arg1], %arg3[%[[V1]] to %arg4 for %arg4]) : (!stream.resource<*>{%arg1}, !stream.resource<*>{%arg4}) -> %arg0{%arg1}
// CHECK-NEXT: util.return %[[V2]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
flow.func private @extern(%arg0: tensor<?x4xf32>, %arg1: tensor<2xi32>) -> %arg0
util.func public @callTied(%input: tensor<?x4xf32>, %dim: index, %other: tensor<2xi32>) -> tensor<?x4xf32> {
  %0 = flow.call @extern(%input, %other) : (tensor<?x4xf32>{%dim}, tensor<2xi32>) -> %input{%dim}
  util.return %0 : tensor<?x4xf32>
}

// -----

// Argument and result attributes and discardable attributes are copied, on
// both the function and the call (stream.affinity included on the call).
// CHECK: util.global private @device : !hal.device
// CHECK-NEXT: stream.async.func private @extern(%arg0: !stream.resource<*> {some.arg}) -> (!stream.resource<*> {some.result}) attributes {some.func}
// CHECK-LABEL: util.func public @callAttrs(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> to(#hal.device.affinity<@device>) !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device>) tensor<4xf32> : index
// CHECK-NEXT: %[[V4:.+]] = stream.async.call on(#hal.device.affinity<@device>) @extern(%[[V2]][%[[V1]] to %arg1 for %arg1]) {some.call, stream.affinity = #hal.device.affinity<@device>} : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%[[V3]]}
// CHECK-NEXT: util.return %[[V4]], %[[V3]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @device : !hal.device
flow.func private @extern(%arg0: tensor<4xf32> {some.arg}) -> (tensor<4xf32> {some.result}) attributes {some.func}
util.func public @callAttrs(%input: tensor<4xf32>) -> tensor<4xf32> {
  %0 = flow.call @extern(%input) {some.call, stream.affinity = #hal.device.affinity<@device>} : (tensor<4xf32>) -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
