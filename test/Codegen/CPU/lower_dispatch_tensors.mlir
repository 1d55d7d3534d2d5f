// RUN: sluice-opt --split-input-file --sluice-cpu-lower-dispatch-tensors %s | FileCheck %s
// REQUIRES: sluice-opt

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// Whole-tensor load and store: no slice, no subview; readonly bindings are
// not writable.
// CHECK-LABEL: func.func @whole
// CHECK: %[[IN:.+]] = hal.interface.binding.subspan layout({{.+}}) binding(0) alignment(64) offset(%c0) : memref<4x8xf32>
// CHECK: %[[OUT:.+]] = hal.interface.binding.subspan layout({{.+}}) binding(1) alignment(64) offset(%c0) : memref<4x8xf32>
// CHECK: %[[T:.+]] = bufferization.to_tensor %[[IN]] restrict : memref<4x8xf32> to tensor<4x8xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[N:.+]] = arith.negf %[[T]]
// CHECK-NOT: memref.subview
// CHECK: bufferization.materialize_in_destination %[[N]] in restrict writable %[[OUT]] : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NOT: iree_tensor_ext
func.func @whole() {
  %c0 = arith.constant 0 : index
  %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>> -> tensor<4x8xf32>
  %n = arith.negf %t : tensor<4x8xf32>
  iree_tensor_ext.dispatch.tensor.store %n, %out, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] : tensor<4x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8xf32>>
  return
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// Slices: an extract_slice after the load (rank-reducing here), a subview
// before the store; readwrite bindings are writable.
// CHECK-LABEL: func.func @slices
// CHECK: %[[B:.+]] = hal.interface.binding.subspan {{.+}} : memref<4x8xf32>
// CHECK: %[[T:.+]] = bufferization.to_tensor %[[B]] restrict writable : memref<4x8xf32> to tensor<4x8xf32>
// CHECK: %[[S:.+]] = tensor.extract_slice %[[T]][1, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
// CHECK: %[[V:.+]] = memref.subview %[[B]][2, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 16>>
// CHECK: bufferization.materialize_in_destination %[[S]] in restrict writable %[[V]]
func.func @slices() {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>
  %row = iree_tensor_ext.dispatch.tensor.load %b, offsets = [1, 0], sizes = [1, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>> -> tensor<8xf32>
  iree_tensor_ext.dispatch.tensor.store %row, %b, offsets = [2, 0], sizes = [1, 8], strides = [1, 1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// Dynamic dims stay on the subspan; a scalar binding is a rank-0 memref.
// CHECK-LABEL: func.func @dynamic_and_scalar
// CHECK: %[[D:.+]] = hal.interface.binding.subspan {{.+}} binding(0) {{.+}} : memref<?xi32>{%[[N:.+]]}
// CHECK: %[[S:.+]] = hal.interface.binding.subspan {{.+}} binding(1) {{.+}} : memref<i32>
// CHECK: bufferization.to_tensor %[[D]] restrict : memref<?xi32> to tensor<?xi32>
// CHECK: bufferization.materialize_in_destination %{{.+}} in restrict writable %[[S]] : (tensor<i32>, memref<i32>) -> ()
func.func @dynamic_and_scalar() {
  %c0 = arith.constant 0 : index
  %n0 = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index
  %d = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
  %s = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:i32>
  %t = iree_tensor_ext.dispatch.tensor.load %d, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
  %c0i = arith.constant 0 : index
  %x = tensor.extract %t[%c0i] : tensor<?xi32>
  %r = tensor.from_elements %x : tensor<i32>
  iree_tensor_ext.dispatch.tensor.store %r, %s, offsets = [], sizes = [], strides = [] : tensor<i32> -> !iree_tensor_ext.dispatch.tensor<writeonly:i32>
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

// `util.assume.int` (from the stream pipeline's
// --iree-stream-annotate-dispatch-assumptions) carries only value ranges:
// its results become its operands and it is dropped.
// CHECK-LABEL: func.func @assumptions
// CHECK: %[[C:.+]] = hal.interface.constant.load
// CHECK-NOT: util.assume.int
// CHECK: %[[O:.+]] = arith.index_castui %[[C]] : i32 to index
// CHECK: hal.interface.binding.subspan {{.+}} offset(%[[O]])
func.func @assumptions() {
  %c = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %a = util.assume.int %c<umin = 0, umax = 1024, udiv = 64> : i32
  %o = arith.index_castui %a : i32 to index
  %b = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%o) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>> -> tensor<4xf32>
  %n = arith.negf %t : tensor<4xf32>
  iree_tensor_ext.dispatch.tensor.store %n, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
  return
}
