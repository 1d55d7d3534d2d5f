// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-device-tensors %s | FileCheck %s

// --iree-stream-encode-device-tensors with sub-byte types
// (stream-passes-1.md §7.3): i3 is widened to i8; i4 (bit packed) and i8
// are unchanged.

// CHECK-LABEL: @convertLoadI3
stream.executable private @convertLoadI3 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi3>>
      // CHECK: %[[TILE:.+]] = iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<4xi8>
      // CHECK: arith.trunci %[[TILE]] : tensor<4xi8> to tensor<4xi3>
      %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi3>> -> tensor<4xi3>
      util.optimization_barrier %tile : tensor<4xi3>
      return
    }
  }
}

// -----

// CHECK-LABEL: @convertStoreI3
stream.executable private @convertStoreI3 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i3) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi3>>
      %cst = tensor.splat %arg1 : tensor<4xi3>
      // CHECK: %[[EXT:.+]] = arith.extui %{{.+}} : tensor<4xi3> to tensor<4xi8>
      // CHECK: iree_tensor_ext.dispatch.tensor.store %[[EXT]]
      iree_tensor_ext.dispatch.tensor.store %cst, %binding, offsets = [0], sizes = [4], strides = [1] : tensor<4xi3> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi3>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @loadI4
stream.executable private @loadI4 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi4>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi4>>
      // CHECK: iree_tensor_ext.dispatch.tensor.load {{.+}} -> tensor<4xi4>
      // CHECK-NOT: arith.trunci
      %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi4>> -> tensor<4xi4>
      util.optimization_barrier %tile : tensor<4xi4>
      return
    }
  }
}

// -----

// CHECK-LABEL: @storeI4
stream.executable private @storeI4 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i4) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi4>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi4>>
      %cst = tensor.splat %arg1 : tensor<4xi4>
      // CHECK-NOT: arith.extui
      // CHECK: iree_tensor_ext.dispatch.tensor.store %{{.+}} : tensor<4xi4> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi4>>
      iree_tensor_ext.dispatch.tensor.store %cst, %binding, offsets = [0], sizes = [4], strides = [1] : tensor<4xi4> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi4>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @loadI8
stream.executable private @loadI8 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      // CHECK-NOT: arith.trunci
      %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>> -> tensor<4xi8>
      util.optimization_barrier %tile : tensor<4xi8>
      return
    }
  }
}

// -----

// CHECK-LABEL: @storeI8
stream.executable private @storeI8 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i8) {
      %c0 = arith.constant 0 : index
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      %cst = tensor.splat %arg1 : tensor<4xi8>
      // CHECK-NOT: arith.extui
      // CHECK: iree_tensor_ext.dispatch.tensor.store %{{.+}} : tensor<4xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      iree_tensor_ext.dispatch.tensor.store %cst, %binding, offsets = [0], sizes = [4], strides = [1] : tensor<4xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      return
    }
  }
}
