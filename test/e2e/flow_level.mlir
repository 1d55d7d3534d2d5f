// REQUIRES: sluice-compile, sluice-run
// A form-A program (execution.md §1.1, §1.2, §8.4 `flow_level`) compiled
// from the flow level through every phase, phase input included: no device
// global (phase input creates @__device_0 with the sluice-native target and
// makes it the default affinity), hand-written flow.executables with a
// static and a dynamic shape, one public function that phase input wraps
// (@mul, its private helper inlined) and one already wrapped by hand with
// hal.tensor.import/export (@dyn_add, iree.abi.stub).
//
// Phase input's output: the wrapper, the device, no helper left.
// RUN: sluice-compile --compile-to=input %s | FileCheck %s --check-prefix=INPUT
// INPUT: #[[TARGET:.+]] = #hal.executable.target<"llvm-cpu", "sluice-native", {cpu = "x86-64-v3"
// INPUT: module @flow_level attributes {stream.affinity.default = #hal.device.affinity<@__device_0>}
// INPUT-NEXT: util.global private @__device_0 = #{{.+}}
// INPUT: util.func public @mul(%{{.+}}: !hal.buffer_view, %{{.+}}: !hal.buffer_view) -> !hal.buffer_view
// INPUT-SAME: iree.abi.stub
// INPUT: flow.dispatch @static_ex::@mul(
// INPUT-NEXT: flow.dispatch @static_ex::@mul(
// INPUT: util.func public @dyn_add(%{{.+}}: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub}
// INPUT-NOT: @_mul
// INPUT-NOT: @square
//
// AOT, then JIT.
// RUN: sluice-compile %s -o %t.so
// RUN: sluice-run --module=%t.so --function=mul --input=4xf32=1,2,3,4 --input=4xf32=2 | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: sluice-run --module=%t.so --function=dyn_add --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=DYN5 --match-full-lines
// RUN: sluice-run --module=%t.so --function=dyn_add "--input=0xf32=" | FileCheck %s --check-prefix=DYN0 --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--sluice-opt-level=1" --function=mul --input=4xf32=1,2,3,4 --input=4xf32=2 | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: sluice-run --module=%s --jit_flags="--sluice-opt-level=1" --function=dyn_add --input=5xf32=1,2,3,4,5 | FileCheck %s --check-prefix=DYN5 --match-full-lines
// (a * b) squared: (2 4 6 8)^2.
// MUL:      EXEC @mul
// MUL-NEXT: result[0]: hal.buffer_view
// MUL-NEXT: 4xf32=4 16 36 64
// x + x on a dynamic shape.
// DYN5:      EXEC @dyn_add
// DYN5-NEXT: result[0]: hal.buffer_view
// DYN5-NEXT: 5xf32=2 4 6 8 10
// DYN0:      EXEC @dyn_add
// DYN0-NEXT: result[0]: hal.buffer_view
// DYN0-NEXT: 0xf32=

#map = affine_map<(d0) -> (d0)>
module @flow_level {
  flow.executable private @static_ex {
    flow.executable.export public @mul workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @mul(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.mulf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  flow.executable private @dynamic_ex {
    flow.executable.export public @add workgroups(%n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>, %n0: index, %o0: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>) {
        %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index
        %a = flow.dispatch.tie_shape %a0 : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %o = flow.dispatch.tie_shape %o0 : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
        %e = tensor.empty(%n) : tensor<?xf32>
        %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%ta : tensor<?xf32>) outs(%e : tensor<?xf32>) {
        ^bb0(%x: f32, %out: f32):
          %s = arith.addf %x, %x : f32
          linalg.yield %s : f32
        } -> tensor<?xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        return
      }
    }
  }
  // Wrapped by phase input; @square is inlined.
  util.func public @mul(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %p = flow.dispatch @static_ex::@mul(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r = util.call @square(%p) : (tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
  util.func private @square(%t: tensor<4xf32>) -> tensor<4xf32> {
    %r = flow.dispatch @static_ex::@mul(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
  // Already wrapped: the ABI ops are written by hand.
  util.func public @dyn_add(%view: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
    %input = hal.tensor.import %view "input0" : !hal.buffer_view -> tensor<?xf32>{%n}
    %out = flow.dispatch @dynamic_ex::@add[%n](%input, %n) : (tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}
    %result = hal.tensor.export %out "output0" : tensor<?xf32>{%n} -> !hal.buffer_view
    util.return %result : !hal.buffer_view
  }
}
