// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// UtilToStream globals (stream-passes-1.md §3.6): a tensor global becomes a
// resource global (constant or variable lifetime) plus a `__size` global;
// loads and stores move the value with transfers.

// A mutable global without an initial value.
// CHECK: util.global private mutable @var : !stream.resource<variable>
// CHECK-NEXT: util.global private mutable @var__size : index
// CHECK-LABEL: util.func public @loadStoreVar(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V1:.+]] = util.global.load @var : !stream.resource<variable>
// CHECK-NEXT: %[[V2:.+]] = util.global.load @var__size : index
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<variable>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.async.transfer %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<variable>{%arg1}
// CHECK-NEXT: util.global.store %[[V4]], @var : !stream.resource<variable>
// CHECK-NEXT: util.global.store %arg1, @var__size : index
// CHECK-NEXT: util.return %[[V3]], %[[V2]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private mutable @var : tensor<4xf32>
util.func public @loadStoreVar(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = util.global.load @var : tensor<4xf32>
  util.global.store %arg0, @var : tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// A tensor initial value moves into an initializer right after the size
// global.
// CHECK: util.global public mutable @var_with_tensor_initializer : !stream.resource<variable>
// CHECK-NEXT: util.global public mutable @var_with_tensor_initializer__size : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<f32> in !stream.resource<variable> = dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V1]], @var_with_tensor_initializer : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V2]], @var_with_tensor_initializer__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @loadFromInitializedVar() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V3:.+]] = util.global.load @var_with_tensor_initializer : !stream.resource<variable>
// CHECK-NEXT: %[[V4:.+]] = util.global.load @var_with_tensor_initializer__size : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.transfer %[[V3]] : !stream.resource<variable>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V5]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global public mutable @var_with_tensor_initializer = dense<0.000000e+00> : tensor<f32>
util.func public @loadFromInitializedVar() -> tensor<f32> {
  %0 = util.global.load @var_with_tensor_initializer : tensor<f32>
  util.return %0 : tensor<f32>
}

// -----

// An immutable global gets the constant lifetime.
// CHECK: util.global private @constant : !stream.resource<constant>
// CHECK-NEXT: util.global private @constant__size : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<3xi32> in !stream.resource<constant> = dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: util.global.store %[[V1]], @constant : !stream.resource<constant>
// CHECK-NEXT: util.global.store %[[V2]], @constant__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
// CHECK-LABEL: util.func public @loadConstant() -> (!stream.resource<*>, index) {
// CHECK-NEXT: %[[V3:.+]] = util.global.load @constant : !stream.resource<constant>
// CHECK-NEXT: %[[V4:.+]] = util.global.load @constant__size : index
// CHECK-NEXT: %[[V5:.+]] = stream.async.transfer %[[V3]] : !stream.resource<constant>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: util.return %[[V5]], %[[V4]] : !stream.resource<*>, index
// CHECK-NEXT: }
util.global private @constant = dense<[1, 2, 3]> : tensor<3xi32>
util.func public @loadConstant() -> tensor<3xi32> {
  %0 = util.global.load @constant : tensor<3xi32>
  util.return %0 : tensor<3xi32>
}

// -----

// #util.uninitialized becomes an empty resource of the tensor's size.
// CHECK: util.global private mutable @uninitialized : !stream.resource<variable>
// CHECK-NEXT: util.global private mutable @uninitialized__size : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.sizeof tensor<8xi32> : index
// CHECK-NEXT: %[[V2:.+]] = stream.tensor.empty : tensor<8xi32> in !stream.resource<variable>{%[[V1]]}
// CHECK-NEXT: util.global.store %[[V2]], @uninitialized : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V1]], @uninitialized__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.global private mutable @uninitialized = #util.uninitialized : tensor<8xi32>

// -----

// A parameter initial value becomes a stream parameter constant.
// CHECK: util.global private @parameter : !stream.resource<constant>
// CHECK-NEXT: util.global private @parameter__size : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT: %[[V1:.+]] = stream.tensor.constant : tensor<4x8xf32> in !stream.resource<constant> = #stream.parameter.named<"model"::"weight"> : tensor<4x8xf32>
// CHECK-NEXT: %[[V2:.+]] = stream.resource.size %[[V1]] : !stream.resource<constant>
// CHECK-NEXT: util.global.store %[[V1]], @parameter : !stream.resource<constant>
// CHECK-NEXT: util.global.store %[[V2]], @parameter__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.global private @parameter = #flow.parameter.named<"model"::"weight"> : tensor<4x8xf32>

// -----

// Storing an imported buffer view: the import's result is transferred into
// the global's lifetime.
// CHECK: util.global private mutable @imported : !stream.resource<variable>
// CHECK-NEXT: util.global private mutable @imported__size : index
// CHECK-LABEL: util.func public @storeImported(%arg0: !hal.buffer_view) {
// CHECK-NEXT: %[[V1:.+]] = hal.element_type<i32> : i32
// CHECK-NEXT: %[[V2:.+]] = hal.encoding_type<dense_row_major> : i32
// CHECK-NEXT: %[[V3:.+]] = arith.constant 4 : index
// CHECK-NEXT: hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("tensor") shape([%[[V3]]]) type(%[[V1]]) encoding(%[[V2]])
// CHECK-NEXT: %[[V4:.+]] = stream.tensor.sizeof tensor<4xi32> : index
// CHECK-NEXT: %[[V5:.+]] = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%[[V4]]}
// CHECK-NEXT: %[[V6:.+]] = stream.async.cast %[[V5]] : !stream.resource<external>{%[[V4]]} -> !stream.resource<*>{%[[V4]]}
// CHECK-NEXT: %[[V7:.+]] = stream.async.transfer %[[V6]] : !stream.resource<*>{%[[V4]]} -> !stream.resource<variable>{%[[V4]]}
// CHECK-NEXT: util.global.store %[[V7]], @imported : !stream.resource<variable>
// CHECK-NEXT: util.global.store %[[V4]], @imported__size : index
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.global private mutable @imported : tensor<4xi32>
util.func public @storeImported(%view: !hal.buffer_view) {
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<4xi32>
  util.global.store %0, @imported : tensor<4xi32>
  util.return
}

// -----

// Globals of other types are rebuilt with their converted type; module order
// does not matter (the global may follow its uses).
// CHECK-LABEL: util.func public @useBeforeGlobal() -> (!stream.resource<*>, index, !stream.channel) {
// CHECK-NEXT: %[[V1:.+]] = util.global.load @later : !stream.resource<constant>
// CHECK-NEXT: %[[V2:.+]] = util.global.load @later__size : index
// CHECK-NEXT: %[[V3:.+]] = stream.async.transfer %[[V1]] : !stream.resource<constant>{%[[V2]]} -> !stream.resource<*>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = util.global.load @channel : !stream.channel
// CHECK-NEXT: util.return %[[V3]], %[[V2]], %[[V4]] : !stream.resource<*>, index, !stream.channel
// CHECK-NEXT: }
// CHECK-NEXT: util.global private @later : !stream.resource<constant>
// CHECK-NEXT: util.global private @later__size : index
// CHECK-NEXT: util.global private @channel : !stream.channel
util.func public @useBeforeGlobal() -> (tensor<2xf32>, !flow.channel) {
  %0 = util.global.load @later : tensor<2xf32>
  %1 = util.global.load @channel : !flow.channel
  util.return %0, %1 : tensor<2xf32>, !flow.channel
}
util.global private @later : tensor<2xf32>
util.global private @channel : !flow.channel
