// REQUIRES: sluice-opt
// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s --mlir-print-op-generic | sluice-opt --verify-diagnostics | FileCheck %s

// A whole program in the shape the stream conversion receives: parameter
// globals, an executable whose inner module reads and writes dispatch
// tensors, and ABI functions mixing flow and hal ops.

// CHECK: util.global private @weight = #flow.parameter.named<"model"::"weight"> : tensor<4x?xf32>
util.global private @weight = #flow.parameter.named<"model"::"weight"> : tensor<4x?xf32>
// CHECK: util.global private mutable @state : tensor<4xf32>
util.global private mutable @state : tensor<4xf32>

util.initializer {
  %cst = flow.tensor.constant dense<0.0> : tensor<4xf32>
  util.global.store %cst, @state : tensor<4xf32>
  util.return
}

// CHECK-LABEL: flow.executable private @add_dispatch_0
flow.executable private @add_dispatch_0 {
  // CHECK: flow.executable.export public @add workgroups(%arg0: !hal.device, %arg1: index) -> (index, index, index)
  flow.executable.export public @add workgroups(%device: !hal.device, %n: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    flow.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @add(%lhs_binding: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>,
                   %rhs_binding: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>,
                   %n_arg: index,
                   %out_binding: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
      %n = iree_tensor_ext.dispatch.workload.ordinal %n_arg, 0 : index
      %lhs = flow.dispatch.tie_shape %lhs_binding : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %rhs = flow.dispatch.tie_shape %rhs_binding : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %out = flow.dispatch.tie_shape %out_binding : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      %id = flow.dispatch.workgroup.id[0] : index
      %count = flow.dispatch.workgroup.count[0] : index
      %a = iree_tensor_ext.dispatch.tensor.load %lhs, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %b = iree_tensor_ext.dispatch.tensor.load %rhs, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %sum = arith.addf %a, %b : tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %sum, %out, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      return
    }
  }
}

// CHECK-LABEL: util.func public @main
util.func public @main(%view: !hal.buffer_view, %fence: !hal.fence) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %input = hal.tensor.import wait(%fence) => %view "input" : !hal.buffer_view -> tensor<?xf32>{%n}
  %w = util.global.load @weight : tensor<4x?xf32>
  %w_flat = flow.tensor.reshape %w : tensor<4x?xf32>{%n} -> tensor<?xf32>{%n}
  // CHECK: flow.dispatch @add_dispatch_0::@add[%{{.+}}](%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<?xf32>{%{{.+}}}, tensor<?xf32>{%{{.+}}}, index) -> tensor<?xf32>{%{{.+}}}
  %sum = flow.dispatch @add_dispatch_0::@add[%n](%input, %w_flat, %n) : (tensor<?xf32>{%n}, tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
  %moved = flow.tensor.transfer %sum : tensor<?xf32>{%n} to #hal.device.promise<@dev>
  %state = util.global.load @state : tensor<4xf32>
  %slice = flow.tensor.slice %moved[%c0 for %c4] : tensor<?xf32>{%n} -> tensor<4xf32>
  %updated = flow.tensor.update %slice, %state[%c0] : tensor<4xf32> -> %state as tensor<4xf32>
  util.global.store %updated, @state : tensor<4xf32>
  flow.tensor.trace "sum" = [%moved : tensor<?xf32>{%n}]
  %result = hal.tensor.export %moved "output" : tensor<?xf32>{%n} -> !hal.buffer_view
  util.return %result : !hal.buffer_view
}
