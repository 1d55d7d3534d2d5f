// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// FlowToStream, flow.parameter.load/write (stream-passes-1.md §3.4).

// CHECK-LABEL: util.func public @parameterLoad(%arg0: !util.buffer, %arg1: !util.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 64 : i64
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<4x8xf32> : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.parameter.load %arg0::%arg1[%[[V1]]] : tensor<4x8xf32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @parameterLoad(%scope: !util.buffer, %key: !util.buffer) -> tensor<4x8xf32> {
  %offset = arith.constant 64 : i64
  %0 = flow.parameter.load %scope::%key[%offset] : tensor<4x8xf32>
  util.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadNoScope(%arg0: !util.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<4x8xf32> : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.parameter.load %arg0[%[[V1]]] : tensor<4x8xf32> in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @parameterLoadNoScope(%key: !util.buffer) -> tensor<4x8xf32> {
  %offset = arith.constant 0 : i64
  %0 = flow.parameter.load %key[%offset] : tensor<4x8xf32>
  util.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: util.func public @parameterLoadDynamic(%arg0: !util.buffer, %arg1: !util.buffer, %arg2: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.sizeof tensor<?x8xf32>{%arg2} : index
// CHECK-NEXT: %[[V3:.+]] = stream.tensor.parameter.load %arg0::%arg1[%[[V1]]] : tensor<?x8xf32>{%arg2} in !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @parameterLoadDynamic(%scope: !util.buffer, %key: !util.buffer, %dim: index) -> tensor<?x8xf32> {
  %offset = arith.constant 0 : i64
  %0 = flow.parameter.load %scope::%key[%offset] : tensor<?x8xf32>{%dim}
  util.return %0 : tensor<?x8xf32>
}

// -----

// The written tensor passes through: the result is the source pair.
// CHECK-LABEL: util.func public @parameterWrite(%arg0: !stream.resource<*>, %arg1: index, %arg2: !util.buffer, %arg3: !util.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 16 : i64
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.parameter.write %arg0 -> %arg2::%arg3[%[[V1]]] : tensor<4x8xf32> in !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V2]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @parameterWrite(%input: tensor<4x8xf32>, %scope: !util.buffer, %key: !util.buffer) -> tensor<4x8xf32> {
  %offset = arith.constant 16 : i64
  %0 = flow.parameter.write %input -> %scope::%key[%offset] : tensor<4x8xf32>
  util.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: util.func public @parameterWriteNoScope(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !util.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 16 : i64
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.parameter.write %arg0 -> %arg3[%[[V1]]] : tensor<?x8xf32>{%arg2} in !stream.resource<*>{%arg1}
// CHECK-NEXT: util.return %[[V2]], %arg1 : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @parameterWriteNoScope(%input: tensor<?x8xf32>, %dim: index, %key: !util.buffer) -> tensor<?x8xf32> {
  %offset = arith.constant 16 : i64
  %0 = flow.parameter.write %input -> %key[%offset] : tensor<?x8xf32>{%dim}
  util.return %0 : tensor<?x8xf32>
}
