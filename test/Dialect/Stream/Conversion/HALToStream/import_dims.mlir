// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize --iree-stream-conversion --canonicalize %s | FileCheck %s

// HALToStream with hal.tensor.import's dim propagation (support-dialects.md
// §2.5.1): the alias gives a constant for the imported dim, which the import,
// its assert and every size computation then use.

// CHECK-LABEL: util.func public @importDimsFromAlias(%arg0: !hal.buffer_view, %arg1: !hal.buffer) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V3:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V4:.+]] = hal.element_type<f32> : i32
// CHECK-NEXT: %[[V5:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input") shape([%[[V3]], %[[V2]]]) type(%[[V4]]) encoding(%[[V5]])
// CHECK-NEXT: %[[V6:.+]] = stream.tensor.sizeof tensor<?x4xf32>{%[[V3]]} : index
// CHECK-NEXT: %[[V7:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32>{%[[V3]]} in !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: %[[V8:.+]] = stream.async.cast %[[V7]] : !stream.resource<external>{%[[V6]]} -> !stream.resource<*>{%[[V6]]}
// CHECK-NEXT: %[[V9:.+]] = stream.tensor.sizeof tensor<?x4xf32>{%[[V3]]} : index
// CHECK-NEXT: %[[V10:.+]] = stream.tensor.import consume %arg1 : !hal.buffer -> tensor<?x4xf32>{%[[V3]]} in !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V11:.+]] = stream.async.update %[[V8]], %[[V10]][%[[V1]] to %[[V6]]] : !stream.resource<*>{%[[V6]]} -> %[[V10]] as !stream.resource<external>{%[[V9]]}
// CHECK-NEXT: %[[V12:.+]] = stream.async.slice %[[V11]][%[[V1]] to %[[V6]]] : !stream.resource<external>{%[[V9]]} -> !stream.resource<external>{%[[V6]]}
// CHECK-NEXT: %[[V13:.+]] = stream.async.clone %[[V12]] : !stream.resource<external>{%[[V6]]} -> !stream.resource<*>{%[[V6]]}
// CHECK-NEXT: util.return %[[V13]], %[[V6]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.func public @importDimsFromAlias(%view: !hal.buffer_view, %storage: !hal.buffer) -> tensor<?x4xf32> {
  %c2 = arith.constant 2 : index
  %dim = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %0 = hal.tensor.import %view "input" : !hal.buffer_view -> tensor<?x4xf32>{%dim}
  %1 = hal.tensor.alias %0 : tensor<?x4xf32>{%c2} to %storage : !hal.buffer
  util.return %1 : tensor<?x4xf32>
}
