// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s

// CHECK-LABEL: util.func public @dispatch_tensor_types
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x?xi8>>
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<readonly:f32>
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<writeonly:i64>
util.func public @dispatch_tensor_types(
    %a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>,
    %b: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>,
    %c: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x?xi8>>,
    %d: !iree_tensor_ext.dispatch.tensor< readonly : f32 >,
    %e: !iree_tensor_ext.dispatch.tensor<writeonly:i64>) {
  util.return
}

// CHECK-LABEL: util.func public @encoded
// CHECK-SAME: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, "enc">>
util.func public @encoded(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, "enc">>) {
  util.return
}
