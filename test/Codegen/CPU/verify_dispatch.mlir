// RUN: sluice-opt --split-input-file --sluice-cpu-verify-dispatch --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// Everything the CPU codegen accepts passes unchanged.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @accepted
func.func @accepted() {
  %c0 = arith.constant 0 : index
  %b = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>> -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = arith.constant 1.0 : f32
  %filled = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%filled : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %y = math.exp %x : f32
    %z = arith.addf %y, %o : f32
    linalg.yield %z : f32
  } -> tensor<4xf32>
  %a = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%c0]
  %p = ub.poison : f32
  iree_tensor_ext.dispatch.tensor.store %r, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
  return
}

// -----

func.func @rejected(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op cannot be compiled by the Sluice CPU dispatch codegen}}
  %v = memref.load %m[%c0] : memref<4xf32>
  return
}

// -----

func.func @buffer_linalg(%m: memref<4xf32>) {
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'linalg.fill' op cannot be compiled by the Sluice CPU dispatch codegen}}
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  return
}

// -----

func.func @control_flow(%c: i1) {
  // expected-error @+1 {{'cf.cond_br' op cannot be compiled by the Sluice CPU dispatch codegen}}
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}
