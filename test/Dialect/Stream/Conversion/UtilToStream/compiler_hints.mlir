// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion %s | FileCheck %s

// UtilToStream, util.optimization_barrier (stream-passes-1.md §3.6): one
// barrier over the resources; sizes are forwarded beside it.

// CHECK-LABEL: util.func public @optimizationBarrier(%arg0: !stream.resource<*>, %arg1: index, %arg2: i32) -> (!stream.resource<*>, index, i32) {
// CHECK-NEXT: %[[V1:.+]]:2 = util.optimization_barrier %arg0, %arg2 : !stream.resource<*>, i32
// CHECK-NEXT: util.return %[[V1]]#0, %arg1, %[[V1]]#1 : !stream.resource<*>, index, i32
// CHECK-NEXT: }
util.func public @optimizationBarrier(%arg0: tensor<i32>, %arg1: i32) -> (tensor<i32>, i32) {
  %0:2 = util.optimization_barrier %arg0, %arg1 : tensor<i32>, i32
  util.return %0#0, %0#1 : tensor<i32>, i32
}

// -----

// CHECK-LABEL: util.func public @assumeInt(%arg0: index) -> index {
// CHECK-NEXT: %[[V1:.+]] = util.assume.int %arg0<umin = 0, umax = 8> : index
// CHECK-NEXT: util.return %[[V1]] : index
// CHECK-NEXT: }
util.func public @assumeInt(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0, umax = 8> : index
  util.return %0 : index
}
