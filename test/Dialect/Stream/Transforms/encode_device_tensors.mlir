// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-encode-device-tensors %s | FileCheck %s

// --iree-stream-encode-device-tensors (stream-passes-1.md §7.3): bindings of
// odd-width integer tensors use the storage element type; loads truncate,
// stores extend.

// CHECK-LABEL: @convertLoadI1
stream.executable private @convertLoadI1 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK: %[[BINDING:.+]] = stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>>
      // CHECK: %[[TILE_I8:.+]] = iree_tensor_ext.dispatch.tensor.load %[[BINDING]], {{.+}} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>> -> tensor<4xi8>
      // CHECK: %[[TILE_I1:.+]] = arith.trunci %[[TILE_I8]] : tensor<4xi8> to tensor<4xi1>
      %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>> -> tensor<4xi1>
      // CHECK: util.optimization_barrier %[[TILE_I1]]
      util.optimization_barrier %tile : tensor<4xi1>
      return
    }
  }
}

// -----

// CHECK-LABEL: @convertStoreI1
stream.executable private @convertStoreI1 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i1) {
      %c0 = arith.constant 0 : index
      // CHECK: %[[BINDING:.+]] = stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi1>>
      // CHECK: %[[TILE_I1:.+]] = tensor.splat
      %cst = tensor.splat %arg1 : tensor<4xi1>
      // CHECK: %[[TILE_I8:.+]] = arith.extui %[[TILE_I1]] : tensor<4xi1> to tensor<4xi8>
      // CHECK: iree_tensor_ext.dispatch.tensor.store %[[TILE_I8]], %[[BINDING]], {{.+}} : tensor<4xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi8>>
      iree_tensor_ext.dispatch.tensor.store %cst, %binding, offsets = [0], sizes = [4], strides = [1] : tensor<4xi1> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi1>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @convertMultiI1
stream.executable private @convertMultiI1 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
      %c0 = arith.constant 0 : index
      // CHECK-DAG: %[[INPUT:.+]] = stream.binding.subspan %arg0{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      %input = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>>
      // CHECK-DAG: %[[OUTPUT:.+]] = stream.binding.subspan %arg1{{.+}} -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi8>>
      %output = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi1>>
      // CHECK: %[[IN_I8:.+]] = iree_tensor_ext.dispatch.tensor.load %[[INPUT]]
      // CHECK: %[[IN_I1:.+]] = arith.trunci %[[IN_I8]] : tensor<4xi8> to tensor<4xi1>
      %in = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>> -> tensor<4xi1>
      // CHECK: %[[OUT_I8:.+]] = iree_tensor_ext.dispatch.tensor.load %[[OUTPUT]]
      // CHECK: %[[OUT_I1:.+]] = arith.trunci %[[OUT_I8]] : tensor<4xi8> to tensor<4xi1>
      %out = iree_tensor_ext.dispatch.tensor.load %output, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi1>> -> tensor<4xi1>
      // CHECK: %[[RESULT_I1:.+]] = arith.ori %[[IN_I1]], %[[OUT_I1]] : tensor<4xi1>
      %result = arith.ori %in, %out : tensor<4xi1>
      // CHECK: %[[RESULT_I8:.+]] = arith.extui %[[RESULT_I1]] : tensor<4xi1> to tensor<4xi8>
      // CHECK: iree_tensor_ext.dispatch.tensor.store %[[RESULT_I8]], %[[OUTPUT]]
      iree_tensor_ext.dispatch.tensor.store %result, %output, offsets = [0], sizes = [4], strides = [1] : tensor<4xi1> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi1>>
      return
    }
  }
}

// -----

// CHECK-LABEL: @convertLoadI33
stream.executable private @convertLoadI33 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: index) {
      %c0 = arith.constant 0 : index
      // CHECK: %[[BINDING:.+]] = stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi64>>{%arg1}
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi33>>{%arg1}
      // CHECK: %[[TILE_I64:.+]] = iree_tensor_ext.dispatch.tensor.load %[[BINDING]], {{.+}} -> tensor<4xi64>
      // CHECK: %[[TILE_I33:.+]] = arith.trunci %[[TILE_I64]] : tensor<4xi64> to tensor<4xi33>
      %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi33>>{%arg1} -> tensor<4xi33>
      // CHECK: util.optimization_barrier %[[TILE_I33]]
      util.optimization_barrier %tile : tensor<4xi33>
      return
    }
  }
}

// -----

// CHECK-LABEL: @convertStoreI33
stream.executable private @convertStoreI33 {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i33) {
      %c0 = arith.constant 0 : index
      // CHECK: %[[BINDING:.+]] = stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi64>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi33>>
      %cst = tensor.splat %arg1 : tensor<4xi33>
      // CHECK: %[[TILE:.+]] = arith.extui %{{.+}} : tensor<4xi33> to tensor<4xi64>
      // CHECK: iree_tensor_ext.dispatch.tensor.store %[[TILE]], %[[BINDING]], {{.+}} : tensor<4xi64> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi64>>
      iree_tensor_ext.dispatch.tensor.store %cst, %binding, offsets = [0], sizes = [4], strides = [1] : tensor<4xi33> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi33>>
      return
    }
  }
}

// -----

// Multi-block functions, nested regions and unreachable blocks.
// CHECK-LABEL: @controlFlow
stream.executable private @controlFlow {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: i1) {
      %c0 = arith.constant 0 : index
      // CHECK: -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi8>>
      %binding = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>>
      cf.cond_br %arg1, ^bb1, ^bb2
    ^bb1:
      // CHECK: scf.if
      // CHECK: arith.trunci
      scf.if %arg1 {
        %tile = iree_tensor_ext.dispatch.tensor.load %binding, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi1>> -> tensor<4xi1>
        util.optimization_barrier %tile : tensor<4xi1>
      }
      cf.br ^bb2
    ^bb2:
      return
    ^bb3:
      cf.br ^bb3
    }
  }
}
