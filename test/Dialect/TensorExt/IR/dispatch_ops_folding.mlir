// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: util.func public @fold_ordinal_of_constant
util.func public @fold_ordinal_of_constant() -> index {
  %c4 = arith.constant 4 : index
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-NOT: workload.ordinal
  // CHECK: util.return %[[C4]]
  %w = iree_tensor_ext.dispatch.workload.ordinal %c4, 0 : index
  util.return %w : index
}

// -----

// CHECK-LABEL: util.func public @fold_ordinal_of_ordinal
util.func public @fold_ordinal_of_ordinal(%arg0: index) -> (index, index) {
  // CHECK: %[[W:.+]] = iree_tensor_ext.dispatch.workload.ordinal %arg0, 1 : index
  %w0 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 1 : index
  // CHECK-NOT: workload.ordinal
  %w1 = iree_tensor_ext.dispatch.workload.ordinal %w0, 1 : index
  // CHECK: util.return %[[W]], %[[W]]
  util.return %w0, %w1 : index, index
}

// -----

// CHECK-LABEL: util.func public @bubble_up_ordinal
util.func public @bubble_up_ordinal(%arg0: index, %arg1: index) -> (index, index) {
  // CHECK-NEXT: %[[W:.+]] = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
  // CHECK-NEXT: %[[ADD:.+]] = arith.addi %[[W]], %arg1
  %add = arith.addi %arg0, %arg1 : index
  %w = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
  // CHECK-NEXT: util.return %[[W]], %[[ADD]]
  util.return %w, %add : index, index
}

// -----

// CHECK-LABEL: util.func public @fold_load_constants
util.func public @fold_load_constants(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x?xf32>>, %d: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // CHECK: %[[LOAD:.+]] = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [0, 0], sizes = [2, %arg1], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x?xf32>>{%arg1} -> tensor<2x?xf32>
  // CHECK: %[[CAST:.+]] = tensor.cast %[[LOAD]] : tensor<2x?xf32> to tensor<?x?xf32>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%c0, %c0], sizes = [%c2, %d], strides = [%c1, %c1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x?xf32>>{%d} -> tensor<?x?xf32>
  // CHECK: util.return %[[CAST]]
  util.return %t : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_store_constants
util.func public @fold_store_constants(%t: tensor<4xf32>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // CHECK: iree_tensor_ext.dispatch.tensor.store %arg0, %arg1, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  %cast = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  iree_tensor_ext.dispatch.tensor.store %cast, %out, offsets = [%c0], sizes = [%c4], strides = [%c1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  util.return
}
