// RUN: sluice-opt --split-input-file --iree-hal-conversion %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: @tensorDim
// CHECK-SAME: (%[[VIEW:.+]]: !hal.buffer_view)
util.func public @tensorDim(%arg0: tensor<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[DIM:.+]] = hal.buffer_view.dim<%[[VIEW]] : !hal.buffer_view>[1] : index
  %0 = tensor.dim %arg0, %c1 : tensor<4x?xf32>
  // A static dimension folds to a constant.
  // CHECK: %[[C4:.+]] = arith.constant 4 : index
  %1 = tensor.dim %arg0, %c0 : tensor<4x?xf32>
  // CHECK: util.return %[[DIM]], %[[C4]]
  util.return %0, %1 : index, index
}

// -----

// CHECK-LABEL: @tensorRank
util.func public @tensorRank(%arg0: tensor<4x?xf32>, %arg1: tensor<*xf32>) -> (index, index) {
  // A ranked tensor's rank folds; no hal.buffer_view.rank is created for it.
  // CHECK: %[[C2:.+]] = arith.constant 2 : index
  %0 = tensor.rank %arg0 : tensor<4x?xf32>
  // CHECK: %[[RANK:.+]] = hal.buffer_view.rank<%arg1 : !hal.buffer_view> : index
  %1 = tensor.rank %arg1 : tensor<*xf32>
  // CHECK: util.return %[[C2]], %[[RANK]]
  util.return %0, %1 : index, index
}
