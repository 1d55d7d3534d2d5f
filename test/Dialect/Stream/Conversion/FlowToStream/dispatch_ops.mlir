// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --canonicalize %s | FileCheck %s

// FlowToStream, flow.dispatch (stream-passes-1.md §3.4): tensor arguments
// become resources with their tensor types as encodings, untied results are
// sized with stream.tensor.sizeof, tied results reuse their operand.

// A dispatch without a workload.
// CHECK-LABEL: util.func public @dispatchNoWorkload(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<5x7xf32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.dispatch @ex::@entry(%arg0) : (tensor<7x5xf32> in !stream.resource<*>{%arg1}) -> tensor<5x7xf32> in !stream.resource<*>{%[[V1]]}
// CHECK-NEXT: util.return %[[V2]], %[[V1]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @dispatchNoWorkload(%input: tensor<7x5xf32>) -> tensor<5x7xf32> {
  %0 = flow.dispatch @ex::@entry(%input) : (tensor<7x5xf32>) -> tensor<5x7xf32>
  util.return %0 : tensor<5x7xf32>
}

// -----

// Two dynamic results with swapped dims; a non-tensor argument is encoded as
// !util.unused and has no size.
// CHECK-LABEL: util.func public @dispatch(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: f32) -> (!stream.resource<*>, index, !stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<?x?x1024xf32>{%arg2, %arg3} : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.sizeof tensor<?x?x1024xf32>{%arg3, %arg2} : index
// CHECK-NEXT: %[[V6:.+]]:2 = stream.tensor.dispatch @ex::@entry[%[[V1]], %[[V2]], %[[V3]]](%arg0, %arg4) : (tensor<7x?x24x?xf32>{%arg2, %arg3} in !stream.resource<*>{%arg1}, f32) -> (tensor<?x?x1024xf32>{%arg2, %arg3} in !stream.resource<*>{%[[V4]]}, tensor<?x?x1024xf32>{%arg3, %arg2} in !stream.resource<*>{%[[V5]]})
// CHECK-NEXT: util.return %[[V6]]#0, %[[V4]], %[[V6]]#1, %[[V5]] : !stream.resource<*>, index, !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @dispatch(%input: tensor<7x?x24x?xf32>, %dim1: index, %dim3: index, %scale: f32) -> (tensor<?x?x1024xf32>, tensor<?x?x1024xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0:2 = flow.dispatch @ex::@entry[%c1, %c2, %c3](%input, %scale) : (tensor<7x?x24x?xf32>{%dim1, %dim3}, f32) -> (tensor<?x?x1024xf32>{%dim1, %dim3}, tensor<?x?x1024xf32>{%dim3, %dim1})
  util.return %0#0, %0#1 : tensor<?x?x1024xf32>, tensor<?x?x1024xf32>
}

// -----

// A tied result takes its operand's resource and size; discardable
// attributes are copied.
// CHECK-LABEL: util.func public @tiedDispatch(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<3x9xi32> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.dispatch @ex::@entry0[%[[V1]], %[[V2]], %[[V3]]](%arg0) : (tensor<i32> in !stream.resource<*>{%arg1}) -> tensor<3x9xi32> in !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.dispatch @ex::@entry1[%[[V1]], %[[V2]], %[[V3]]](%arg2, %[[V5]]) {some.attr = 42 : i32} : (tensor<2x3xi32> in !stream.resource<*>{%arg3}, tensor<3x9xi32> in !stream.resource<*>{%[[V4]]}) -> tensor<3x9xi32> in %[[V5]]{%[[V4]]}
// CHECK-NEXT: util.return %[[V6]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @tiedDispatch(%input0: tensor<i32>, %input1: tensor<2x3xi32>) -> tensor<3x9xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = flow.dispatch @ex::@entry0[%c1, %c2, %c3](%input0) : (tensor<i32>) -> tensor<3x9xi32>
  %1 = flow.dispatch @ex::@entry1[%c1, %c2, %c3](%input1, %0) {some.attr = 42 : i32} : (tensor<2x3xi32>, tensor<3x9xi32>) -> %0
  util.return %1 : tensor<3x9xi32>
}

// -----

// Each dispatch runs on its own affinity; operands produced elsewhere are
// transferred to it first. stream.affinity itself is not copied.
// CHECK: util.global private @device_a : !hal.device
// CHECK-NEXT: util.global private @device_b : !hal.device
// CHECK-LABEL: util.func public @dispatchAffinities(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<*>, %arg3: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V4:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<3x9xi32> : index
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry0[%[[V1]], %[[V2]], %[[V3]]](%[[V4]]) : (tensor<i32> in !stream.resource<*>{%arg1}) -> tensor<3x9xi32> in !stream.resource<*>{%[[V5]]}
// CHECK-NEXT: %[[V7:.+]] = stream.async.transfer %arg2 : !stream.resource<*>{%arg3} -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%arg3}
// CHECK-NEXT: %[[V8:.+]] = stream.async.transfer %[[V6]] : !stream.resource<*>{%[[V5]]} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%[[V5]]}
// CHECK-NEXT: %[[V9:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<3x9xi32> : index
// CHECK-NEXT: %[[V10:.+]] = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @ex::@entry1[%[[V1]], %[[V2]], %[[V3]]](%[[V7]], %[[V8]]) : (tensor<2x3xi32> in !stream.resource<*>{%arg3}, tensor<3x9xi32> in !stream.resource<*>{%[[V5]]}) -> tensor<3x9xi32> in !stream.resource<*>{%[[V9]]}
// CHECK-NEXT: util.return %[[V10]], %[[V9]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @device_a : !hal.device
util.global private @device_b : !hal.device
util.func public @dispatchAffinities(%input0: tensor<i32>, %input1: tensor<2x3xi32>) -> tensor<3x9xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = flow.dispatch @ex::@entry0[%c1, %c2, %c3](%input0) {stream.affinity = #hal.device.affinity<@device_a>} : (tensor<i32>) -> tensor<3x9xi32>
  %1 = flow.dispatch @ex::@entry1[%c1, %c2, %c3](%input1, %0) {stream.affinity = #hal.device.affinity<@device_b>} : (tensor<2x3xi32>, tensor<3x9xi32>) -> tensor<3x9xi32>
  util.return %1 : tensor<3x9xi32>
}
