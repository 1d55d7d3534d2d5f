// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: util.func public @fold_identity_reshape
util.func public @fold_identity_reshape(%x: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
  // CHECK-NOT: flow.tensor.reshape
  %0 = flow.tensor.reshape %x : tensor<?x4xf32>{%d} -> tensor<?x4xf32>{%d}
  // CHECK: util.return %arg0
  util.return %0 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: util.func public @flatten_reshapes
util.func public @flatten_reshapes(%x: tensor<4x4xf32>) -> tensor<2x8xf32> {
  // CHECK: %[[R:.+]] = flow.tensor.reshape %arg0 : tensor<4x4xf32> -> tensor<2x8xf32>
  %0 = flow.tensor.reshape %x : tensor<4x4xf32> -> tensor<16xf32>
  %1 = flow.tensor.reshape %0 : tensor<16xf32> -> tensor<2x8xf32>
  // CHECK: util.return %[[R]]
  util.return %1 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: util.func public @reshape_roundtrip
util.func public @reshape_roundtrip(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = flow.tensor.reshape %x : tensor<4x4xf32> -> tensor<16xf32>
  %1 = flow.tensor.reshape %0 : tensor<16xf32> -> tensor<4x4xf32>
  // CHECK: util.return %arg0
  util.return %1 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_load_splat
util.func public @fold_load_splat(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = flow.tensor.splat %f : tensor<4xf32>
  %1 = flow.tensor.load %0[%c0] : tensor<4xf32>
  // CHECK: util.return %arg0
  util.return %1 : f32
}

// -----

// CHECK-LABEL: util.func public @fold_load_constant
util.func public @fold_load_constant() -> i32 {
  %c1 = arith.constant 1 : index
  %0 = flow.tensor.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = flow.tensor.load %0[%c1] : tensor<3xi32>
  // CHECK: %[[C2:.+]] = arith.constant 2 : i32
  // CHECK: util.return %[[C2]]
  util.return %1 : i32
}

// -----

// CHECK-LABEL: util.func public @expand_dynamic_constant
util.func public @expand_dynamic_constant() -> tensor<?x?xi32> {
  // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[CST:.+]] = flow.tensor.constant dense<2> : tensor<2x4xi32>
  // CHECK: %[[R:.+]] = flow.tensor.reshape %[[CST]] : tensor<2x4xi32> -> tensor<?x?xi32>{%[[C2]], %[[C4]]}
  %0 = flow.tensor.dynamic_constant dense<2> : tensor<2x4xi32> -> tensor<?x?xi32>
  // CHECK: util.return %[[R]]
  util.return %0 : tensor<?x?xi32>
}

// -----

// CHECK-LABEL: util.func public @static_empty_dims
util.func public @static_empty_dims(%d: index) -> tensor<?x?xf32> {
  %c4 = arith.constant 4 : index
  // CHECK: %[[E:.+]] = flow.tensor.empty : tensor<4x?xf32>{%arg0}
  // CHECK: %[[R:.+]] = flow.tensor.reshape %[[E]] : tensor<4x?xf32>{%arg0} -> tensor<?x?xf32>{%c4, %arg0}
  %0 = flow.tensor.empty : tensor<?x?xf32>{%c4, %d}
  // CHECK: util.return %[[R]]
  util.return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: util.func public @elide_transfers
util.func public @elide_transfers(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %[[T:.+]] = flow.tensor.transfer %arg0 : tensor<4xf32> to "b"
  %0 = flow.tensor.transfer %x : tensor<4xf32> to "a"
  %1 = flow.tensor.transfer %0 : tensor<4xf32> to "b"
  %2 = flow.tensor.transfer %1 : tensor<4xf32> to "b"
  // CHECK: util.return %[[T]], %[[T]]
  util.return %1, %2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_full_update
util.func public @fold_full_update(%t: tensor<4xf32>, %u: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = flow.tensor.update %u, %t[%c0] : tensor<4xf32> -> %t as tensor<4xf32>
  // CHECK: util.return %arg1
  util.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_full_slice
util.func public @fold_full_slice(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = flow.tensor.slice %t[%c0 for %c4] : tensor<4xf32> -> tensor<4xf32>
  // CHECK: util.return %arg0
  util.return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @tensor_dim_of_flow_op
util.func public @tensor_dim_of_flow_op(%d: index) -> index {
  %c0 = arith.constant 0 : index
  %0 = flow.tensor.empty : tensor<?x4xf32>{%d}
  %1 = tensor.dim %0, %c0 : tensor<?x4xf32>
  // CHECK: util.return %arg0
  util.return %1 : index
}

// -----

// CHECK-LABEL: util.func public @fold_store_into_constant
util.func public @fold_store_into_constant() -> tensor<3xi32> {
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : i32
  %0 = flow.tensor.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK: %[[C:.+]] = arith.constant dense<[1, 9, 3]> : tensor<3xi32>
  %1 = flow.tensor.store %c9, %0[%c1] : tensor<3xi32>
  // CHECK: util.return %[[C]]
  util.return %1 : tensor<3xi32>
}

// -----

// CHECK-LABEL: util.func public @fold_identity_bitcast_encode
util.func public @fold_identity_bitcast_encode(%x: tensor<?x4xf32>, %d: index) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  // CHECK-NOT: flow.tensor.bitcast
  // CHECK-NOT: flow.tensor.encode
  %0 = flow.tensor.bitcast %x : tensor<?x4xf32>{%d} -> tensor<?x4xf32>{%d}
  %1 = flow.tensor.encode %x : tensor<?x4xf32>{%d} -> tensor<?x4xf32>{%d}
  // CHECK: util.return %arg0, %arg0
  util.return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: util.func public @fold_clone_of_clone
util.func public @fold_clone_of_clone(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[C:.+]] = flow.tensor.clone %arg0 : tensor<4xf32>
  // CHECK-NOT: flow.tensor.clone
  %0 = flow.tensor.clone %x : tensor<4xf32>
  %1 = flow.tensor.clone %0 : tensor<4xf32>
  // CHECK: util.return %[[C]]
  util.return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: util.func public @static_splat_dims
util.func public @static_splat_dims(%f: f32) -> tensor<?xf32> {
  %c8 = arith.constant 8 : index
  // CHECK: %[[S:.+]] = flow.tensor.splat %arg0 : tensor<8xf32>
  // CHECK: flow.tensor.reshape %[[S]] : tensor<8xf32> -> tensor<?xf32>{%c8}
  %0 = flow.tensor.splat %f : tensor<?xf32>{%c8}
  util.return %0 : tensor<?xf32>
}

// -----

// A negative constant is not a static dimension (the most negative one is
// ShapedType::kDynamic itself): the dims stay dynamic and nothing crashes
// (ASan fuzz finding, docs/canonicalization-control-flow.md).
// CHECK-LABEL: util.func public @negative_constant_dims
util.func public @negative_constant_dims(%f: f32) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %min = arith.constant -9223372036854775808 : index
  %neg = arith.constant -3 : index
  %c4 = arith.constant 4 : index
  // CHECK: flow.tensor.splat %arg0 : tensor<?xf32>{%{{.+}}}
  %0 = flow.tensor.splat %f : tensor<?xf32>{%min}
  // CHECK: %[[E:.+]] = flow.tensor.empty : tensor<?x4xf32>{%{{.+}}}
  // CHECK: flow.tensor.reshape %[[E]] : tensor<?x4xf32>{%{{.+}}} -> tensor<?x?xf32>
  %1 = flow.tensor.empty : tensor<?x?xf32>{%neg, %c4}
  util.return %0, %1 : tensor<?xf32>, tensor<?x?xf32>
}
