// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-input-pipeline %s | FileCheck %s
// RUN: sluice-opt --split-input-file "--sluice-input-pipeline=invocation-model=coarse-fences cpu=x86-64-v2" %s | FileCheck %s --check-prefix=ASYNC
// RUN: not sluice-opt --split-input-file --sluice-input-pipeline=invocation-model=async %s 2>&1 | FileCheck %s --check-prefix=BAD-MODEL
// RUN: not sluice-opt --sluice-input-pipeline %S/verify_input.mlir 2>&1 | FileCheck %s --check-prefix=REJECT

// Phase input (execution.md §2.2 steps 1-6, 12) on a form-A program.

// CHECK: #[[TARGET:.+]] = #hal.executable.target<"llvm-cpu", "sluice-native", {cpu = "x86-64-v3"
// CHECK-LABEL: module @formA attributes {stream.affinity.default = #hal.device.affinity<@__device_0>}
// CHECK-NEXT: util.global private @__device_0 = #{{.+}}
// CHECK-NOT: ml_program
// CHECK: util.global private mutable @counter = dense<0.000000e+00> : tensor<4xf32>
// The wrapper: imports, the inlined private implementation, exports.
// CHECK-LABEL: util.func public @step(%{{.+}}: !hal.buffer_view) -> !hal.buffer_view
// CHECK-SAME: iree.abi.stub
// CHECK-SAME: iree.abi.declaration = "sync func @step(%input0: tensor<4xf32>) -> (%output0: tensor<4xf32>)"
// CHECK: hal.tensor.import %{{.+}} "input0" : !hal.buffer_view -> tensor<4xf32>
// CHECK: util.global.load @counter
// CHECK: flow.dispatch @ex::@add
// CHECK: util.global.store
// CHECK: util.status.check_ok %{{.+}}, "counter overflow"
// CHECK: hal.tensor.export %{{.+}} "output0" : tensor<4xf32> -> !hal.buffer_view
// The implementation and the unused helper are gone (inlined, symbol-dce).
// CHECK-NOT: util.func private @_step
// CHECK-NOT: @unused
// CHECK-NOT: func.func @
// CHECK-NOT: util.call

// ASYNC: cpu = "x86-64-v2"
// ASYNC: util.func public @step(%{{.+}}: !hal.buffer_view, %{{.+}}: !hal.fence, %{{.+}}: !hal.fence) -> !hal.buffer_view
// ASYNC-SAME: iree.abi.model = "coarse-fences"
// ASYNC: hal.tensor.import wait(%{{.+}}) => %{{.+}} "input0"
// ASYNC: hal.tensor.barrier join(%{{.+}} : tensor<4xf32>) => %{{.+}} : !hal.fence

// BAD-MODEL: for the --invocation-model option: Cannot find option named 'async'!

// REJECT: error: 'tosa.add' op is not supported as sluice-compile input

#map = affine_map<(d0) -> (d0)>
module @formA {
  ml_program.global private mutable @counter(dense<0.0> : tensor<4xf32>) : tensor<4xf32>
  flow.executable private @ex {
    flow.executable.export public @add workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  func.func @step(%input: tensor<4xf32>) -> tensor<4xf32> {
    %c = ml_program.global_load @counter : tensor<4xf32>
    %n = func.call @add(%c, %input) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    ml_program.global_store @counter = %n : tensor<4xf32>
    %c0 = arith.constant 0 : index
    %first = flow.tensor.load %n[%c0] : tensor<4xf32>
    %limit = arith.constant 1.0e6 : f32
    %ok = arith.cmpf olt, %first, %limit : f32
    cf.assert %ok, "counter overflow"
    return %n : tensor<4xf32>
  }
  func.func private @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %r = flow.dispatch @ex::@add(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func private @unused() {
    return
  }
}
