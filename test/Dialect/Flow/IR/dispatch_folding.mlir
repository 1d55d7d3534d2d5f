// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: util.func public @dedupe_entry_points
util.func public @dedupe_entry_points(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: flow.dispatch {@ex::@a, @ex::@b}(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %0 = flow.dispatch {@ex::@a, @ex::@b, @ex::@a}(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @elide_unused_split
util.func public @elide_unused_split(%ch: !flow.channel, %i: index) {
  // CHECK-NOT: flow.channel.split
  %0 = flow.channel.split %ch, %i, %i : !flow.channel -> !flow.channel
  // CHECK: util.return
  util.return
}

// -----

// CHECK-LABEL: util.func public @fold_static_tie_shape
util.func public @fold_static_tie_shape(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> {
  // CHECK-NOT: flow.dispatch.tie_shape
  %0 = flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
  // CHECK: util.return %arg0
  util.return %0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
}

// -----

// CHECK-LABEL: util.func public @load_reuses_tied_dims
util.func public @load_reuses_tied_dims(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>, %d: index, %e: index) -> tensor<?xf32> {
  %t = flow.dispatch.tie_shape %arg0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%d}
  // CHECK: iree_tensor_ext.dispatch.tensor.load %{{.+}}, offsets = [0], sizes = [%arg2], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%arg1} -> tensor<?xf32>
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0], sizes = [%e], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%e} -> tensor<?xf32>
  util.return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_tensor_constant_clone
util.func public @fold_tensor_constant_clone() -> tensor<2xi32> {
  // CHECK: %[[C:.+]] = arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = flow.tensor.constant dense<[1, 2]> : tensor<2xi32>
  %1 = flow.tensor.clone %0 : tensor<2xi32>
  // CHECK: util.return
  util.return %1 : tensor<2xi32>
}
