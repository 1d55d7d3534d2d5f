// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-conversion --canonicalize %s | FileCheck %s

// FlowToStream, flow.executable (stream-passes-1.md §3.4): the executable
// becomes a stream.executable; public dispatch functions take bindings.

// Without an inner module only the exports are created.
// CHECK: stream.executable private @executable {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: }
flow.executable private @executable {
  flow.executable.export public @dispatch
}

// -----

// The workgroup count region is cloned with flow.return as stream.return;
// discardable attributes are kept.
// CHECK: stream.executable private @executable attributes {some.attr} {
// CHECK-NEXT: stream.executable.export public @dispatch workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 1 : index
// CHECK-NEXT: stream.return %arg0, %arg1, %[[V1]] : index, index, index
// CHECK-NEXT: } attributes {other.attr}
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @executable attributes {some.attr} {
  flow.executable.export public @dispatch workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %arg0, %arg1, %c1 : index, index, index
  } attributes {other.attr}
  builtin.module {
    func.func @dispatch() {
      return
    }
  }
}

// -----

// A rank-0 binding: the subspan goes at the start of the function.
// CHECK: stream.executable private @rank_0_binding {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch(%arg0: !stream.binding) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.binding.subspan %arg0[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<i64>>
// CHECK-NEXT: %[[V3:.+]] = iree_tensor_ext.dispatch.tensor.load %[[V2]], offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i64>> -> tensor<i64>
// CHECK-NEXT: %[[V4:.+]] = util.optimization_barrier %[[V3]] : tensor<i64>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @rank_0_binding {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%input: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i64>>) {
      %0 = iree_tensor_ext.dispatch.tensor.load %input, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i64>> -> tensor<i64>
      util.optimization_barrier %0 : tensor<i64>
      return
    }
  }
}

// -----

// Static bindings; an unused binding gets no subspan; private functions are
// left alone.
// CHECK: stream.executable private @static_bindings {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func private @helper(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.binding.subspan %arg0[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x4xf32>>
// CHECK-NEXT: %[[V3:.+]] = stream.binding.subspan %arg2[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
// CHECK-NEXT: %[[V4:.+]] = iree_tensor_ext.dispatch.tensor.load %[[V2]], offsets = [0, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x4xf32>> -> tensor<4xf32>
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[V4]], %[[V3]], offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @static_bindings {
  flow.executable.export public @dispatch
  builtin.module {
    func.func private @helper(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
      return
    }
    func.func @dispatch(%input: !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x4xf32>>, %unused: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %output: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
      %0 = iree_tensor_ext.dispatch.tensor.load %input, offsets = [0, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x4xf32>> -> tensor<4xf32>
      iree_tensor_ext.dispatch.tensor.store %0, %output, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
      return
    }
  }
}

// -----

// A dynamic binding's subspan goes right before its tie_shape, which supplies
// the dims and then disappears.
// CHECK: stream.executable private @dynamic_bindings {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch(%arg0: index, %arg1: !stream.binding, %arg2: !stream.binding) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.binding.subspan %arg1[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%arg0}
// CHECK-NEXT: %[[V3:.+]] = stream.binding.subspan %arg2[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg0}
// CHECK-NEXT: %[[V4:.+]] = iree_tensor_ext.dispatch.tensor.load %[[V2]], offsets = [0, 0], sizes = [1, %arg0], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%arg0} -> tensor<?xf32>
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[V4]], %[[V3]], offsets = [0], sizes = [%arg0], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%arg0}
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @dynamic_bindings {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%dim: index, %input: !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>, %output: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
      %tied_input = flow.dispatch.tie_shape %input : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%dim}
      %tied_output = flow.dispatch.tie_shape %output : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%dim}
      %0 = iree_tensor_ext.dispatch.tensor.load %tied_input, offsets = [0, 0], sizes = [1, %dim], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%dim} -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %0, %tied_output, offsets = [0], sizes = [%dim], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%dim}
      return
    }
  }
}

// -----

// Dims computed inside the function from other arguments.
// CHECK: stream.executable private @indirect_dynamic_bindings {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch(%arg0: i32, %arg1: !stream.binding, %arg2: !stream.binding) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = arith.index_castui %arg0 : i32 to index
// CHECK-NEXT: %[[V3:.+]] = stream.binding.subspan %arg1[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%[[V2]]}
// CHECK-NEXT: %[[V4:.+]] = stream.binding.subspan %arg2[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%[[V2]]}
// CHECK-NEXT: %[[V5:.+]] = iree_tensor_ext.dispatch.tensor.load %[[V3]], offsets = [0, 0], sizes = [1, %[[V2]]], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%[[V2]]} -> tensor<?xf32>
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[V5]], %[[V4]], offsets = [0], sizes = [%[[V2]]], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%[[V2]]}
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @indirect_dynamic_bindings {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%dim_i32: i32, %input: !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>, %output: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
      %dim = arith.index_castui %dim_i32 : i32 to index
      %tied_input = flow.dispatch.tie_shape %input : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%dim}
      %tied_output = flow.dispatch.tie_shape %output : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%dim}
      %0 = iree_tensor_ext.dispatch.tensor.load %tied_input, offsets = [0, 0], sizes = [1, %dim], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x?xf32>>{%dim} -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %0, %tied_output, offsets = [0], sizes = [%dim], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%dim}
      return
    }
  }
}

// -----

// Workgroup id/count/size anywhere in the module become stream ops.
// CHECK: stream.executable private @nested {
// CHECK-NEXT: stream.executable.export public @dispatch
// CHECK-NEXT: builtin.module {
// CHECK-LABEL: func.func @dispatch(%arg0: !stream.binding) {
// CHECK-NEXT: %[[V1:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:.+]] = stream.binding.subspan %arg0[%[[V1]]] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xindex>>
// CHECK-NEXT: %[[V3:.+]] = stream.dispatch.workgroup.id[0] : index
// CHECK-NEXT: %[[V4:.+]] = stream.dispatch.workgroup.count[1] : index
// CHECK-NEXT: %[[V5:.+]] = stream.dispatch.workgroup.size[2] : index
// CHECK-NEXT: %[[V6:.+]] = tensor.from_elements %[[V3]], %[[V4]], %[[V5]] : tensor<3xindex>
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[V6]], %[[V2]], offsets = [0], sizes = [3], strides = [1] : tensor<3xindex> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xindex>>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
flow.executable private @nested {
  flow.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%output: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xindex>>) {
      %id = flow.dispatch.workgroup.id[0] : index
      %count = flow.dispatch.workgroup.count[1] : index
      %size = flow.dispatch.workgroup.size[2] : index
      %0 = tensor.from_elements %id, %count, %size : tensor<3xindex>
      iree_tensor_ext.dispatch.tensor.store %0, %output, offsets = [0], sizes = [3], strides = [1] : tensor<3xindex> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xindex>>
      return
    }
  }
}
