// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt | FileCheck %s

// CHECK-LABEL: util.func public @tensor_load
util.func public @tensor_load(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>, %d: index, %i: index, %n: index) -> tensor<?xf32> {
  // CHECK: %[[T:.+]] = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [0, %arg2], sizes = [1, %arg3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%arg1} -> tensor<?xf32>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, %i], sizes = [1, %n], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%d} -> tensor<?xf32>
  util.return %t : tensor<?xf32>
}

// CHECK-LABEL: util.func public @tensor_load_rank0
util.func public @tensor_load_rank0(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<f32>>) -> tensor<f32> {
  // CHECK: iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<f32>> -> tensor<f32>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<f32>> -> tensor<f32>
  util.return %t : tensor<f32>
}

// CHECK-LABEL: util.func public @tensor_load_readwrite_attrs
util.func public @tensor_load_readwrite_attrs(%in: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xi32>>) -> tensor<4x8xi32> {
  // CHECK: iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] {some.attr} : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xi32>> -> tensor<4x8xi32>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [4, 8], strides = [1, 1] {some.attr} : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xi32>> -> tensor<4x8xi32>
  util.return %t : tensor<4x8xi32>
}

// CHECK-LABEL: util.func public @tensor_store
util.func public @tensor_store(%t: tensor<?xf32>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>, %n: index) {
  // CHECK: iree_tensor_ext.dispatch.tensor.store %arg0, %arg1, offsets = [0], sizes = [%arg2], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg2}
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
  util.return
}

// CHECK-LABEL: util.func public @tensor_store_rank_reduced
util.func public @tensor_store_rank_reduced(%t: tensor<8xf32>, %out: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>, %i: index) {
  // CHECK: iree_tensor_ext.dispatch.tensor.store %arg0, %arg1, offsets = [%arg2, 0], sizes = [1, 8], strides = [1, 1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>
  iree_tensor_ext.dispatch.tensor.store %t, %out, offsets = [%i, 0], sizes = [1, 8], strides = [1, 1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x8xf32>>
  util.return
}

// CHECK-LABEL: util.func public @workload_ordinal
util.func public @workload_ordinal(%arg0: index, %arg1: index) -> (index, index) {
  // CHECK: %[[W0:.+]] = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
  %w0 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
  // CHECK: iree_tensor_ext.dispatch.workload.ordinal {some.attr} %arg1, 1 : index
  %w1 = iree_tensor_ext.dispatch.workload.ordinal {some.attr} %arg1, 1 : index
  util.return %w0, %w1 : index, index
}

// CHECK-LABEL: util.func public @workgroup_count_from_slice
util.func public @workgroup_count_from_slice(%a: index, %b: index) -> (index, index, index) {
  // CHECK: %{{.+}}, %{{.+}}, %{{.+}} = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0, %arg1)
  %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%a, %b)
  // CHECK: iree_tensor_ext.dispatch.workgroup_count_from_slice()
  %x0, %y0, %z0 = iree_tensor_ext.dispatch.workgroup_count_from_slice()
  util.return %x, %y, %z : index, index, index
}
