// RUN: sluice-opt --split-input-file --sluice-cpu-select-strategy %s | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-cpu-select-strategy=strategy=loops %s | FileCheck %s --check-prefix=LOOPS
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(builtin.module(sluice-cpu-select-strategy))))' %s | FileCheck %s --check-prefix=VARIANT
// RUN: not sluice-opt --split-input-file --sluice-cpu-select-strategy=strategy=fast %s 2>&1 | FileCheck %s --check-prefix=BAD
// REQUIRES: sluice-opt

// BAD: invalid --sluice-cpu-strategy value 'fast' (expected auto or loops)

// execution.md §5.1 step 4 / §5.2: the stored op is the root; its strategy
// and tiles. V = 32 bytes / 4 = 8 for f32 (2V = 16).

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @elementwise_3d
// Innermost 40 -> 40 rounded down to a multiple of 16 = 32; then
// max(1, 4096 / 32) = 128 clamped to 3; then 4096 / 96 = 42 clamped to 2.
// CHECK: linalg.generic
// CHECK-SAME: sluice_cpu.strategy = {inner_tiles = [1, 1, 16], kind = "elementwise", workgroup_tiles = [2, 3, 32]}
// LOOPS-LABEL: func.func @elementwise_3d
// LOOPS: sluice_cpu.strategy = {inner_tiles = [0, 0, 0], kind = "loops", workgroup_tiles = [2, 3, 32]}
func.func @elementwise_3d() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<2x3x40xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<2x3x40xf32>
  %t = bufferization.to_tensor %a restrict : memref<2x3x40xf32> to tensor<2x3x40xf32>
  %e = tensor.empty() : tensor<2x3x40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t : tensor<2x3x40xf32>) outs(%e : tensor<2x3x40xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<2x3x40xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<2x3x40xf32>, memref<2x3x40xf32>) -> ()
  return
}

// -----

// A dynamic innermost range gets the 4096 target; a range below 2V is
// taken whole (7, not rounded); i8 has V = 32 (2V = 64).
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @dynamic_fill
// CHECK: linalg.fill {sluice_cpu.strategy = {inner_tiles = [64], kind = "elementwise", workgroup_tiles = [4096]}}
func.func @dynamic_fill(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i8
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<?xi8>{%n}
  %e = tensor.empty(%n) : tensor<?xi8>
  %f = linalg.fill ins(%c1 : i8) outs(%e : tensor<?xi8>) -> tensor<?xi8>
  bufferization.materialize_in_destination %f in restrict writable %o : (tensor<?xi8>, memref<?xi8>) -> ()
  return
}
// CHECK-LABEL: func.func @small_copy
// CHECK: linalg.copy {sluice_cpu.strategy = {inner_tiles = [16], kind = "elementwise", workgroup_tiles = [7]}}
func.func @small_copy() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<7xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<7xf32>
  %t = bufferization.to_tensor %a restrict : memref<7xf32> to tensor<7xf32>
  %e = tensor.empty() : tensor<7xf32>
  %r = linalg.copy ins(%t : tensor<7xf32>) outs(%e : tensor<7xf32>) -> tensor<7xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<7xf32>, memref<7xf32>) -> ()
  return
}

// -----

// Reduction: parallel loops as elementwise with 64 as the innermost target;
// the reduction loop is not distributed.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.generic
// CHECK-SAME: sluice_cpu.strategy = {inner_tiles = [1, 16], kind = "reduction", workgroup_tiles = [64, 0]}
func.func @row_sum() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<1000x300xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<1000xf32>
  %t = bufferization.to_tensor %a restrict : memref<1000x300xf32> to tensor<1000x300xf32>
  %e = tensor.empty() : tensor<1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1000xf32>) -> tensor<1000xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<1000x300xf32>) outs(%f : tensor<1000xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1000xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<1000xf32>, memref<1000xf32>) -> ()
  return
}

// -----

// f32 matmul and batch_matmul: batch 1, M 64, N 64, K 0 (clamped to the
// static ranges); an i32 matmul is a contraction but not f32: loops.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul {sluice_cpu.strategy = {inner_tiles = [8, 32, 1], kind = "matmul", workgroup_tiles = [64, 64, 0]}}
func.func @matmul(%m: index) {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<?x256xf32>{%m}
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<256x100xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<?x100xf32>{%m}
  %ta = bufferization.to_tensor %a restrict : memref<?x256xf32> to tensor<?x256xf32>
  %tb = bufferization.to_tensor %b restrict : memref<256x100xf32> to tensor<256x100xf32>
  %to = bufferization.to_tensor %o restrict writable : memref<?x100xf32> to tensor<?x100xf32>
  %r = linalg.matmul ins(%ta, %tb : tensor<?x256xf32>, tensor<256x100xf32>) outs(%to : tensor<?x100xf32>) -> tensor<?x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<?x100xf32>, memref<?x100xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul {sluice_cpu.strategy = {inner_tiles = [1, 8, 32, 1], kind = "matmul", workgroup_tiles = [1, 13, 17, 0]}}
func.func @batch_matmul() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<2x13x19xf32>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<2x19x17xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<2x13x17xf32>
  %ta = bufferization.to_tensor %a restrict : memref<2x13x19xf32> to tensor<2x13x19xf32>
  %tb = bufferization.to_tensor %b restrict : memref<2x19x17xf32> to tensor<2x19x17xf32>
  %e = tensor.empty() : tensor<2x13x17xf32>
  %r = linalg.batch_matmul ins(%ta, %tb : tensor<2x13x19xf32>, tensor<2x19x17xf32>) outs(%e : tensor<2x13x17xf32>) -> tensor<2x13x17xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<2x13x17xf32>, memref<2x13x17xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @matmul_i32
// CHECK: linalg.matmul {sluice_cpu.strategy = {inner_tiles = [0, 0, 0], kind = "loops", workgroup_tiles = [4, 4, 0]}}
func.func @matmul_i32() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<4x4xi32>
  %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<4x4xi32>
  %ta = bufferization.to_tensor %a restrict : memref<4x4xi32> to tensor<4x4xi32>
  %e = tensor.empty() : tensor<4x4xi32>
  %r = linalg.matmul ins(%ta, %ta : tensor<4x4xi32>, tensor<4x4xi32>) outs(%e : tensor<4x4xi32>) -> tensor<4x4xi32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<4x4xi32>, memref<4x4xi32>) -> ()
  return
}

// -----

// Convolution: batch 1, output height 1, width 64, channels 64; at most
// three loops are distributed, so the batch (the outermost) is not.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-SAME: sluice_cpu.strategy = {inner_tiles = [1, 1, 8, 16, 1, 1, 1], kind = "conv", workgroup_tiles = [0, 1, 64, 64, 0, 0, 0]}
func.func @conv() {
  %c0 = arith.constant 0 : index
  %i = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<1x130x130x3xf32>
  %k = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<3x3x3x128xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<1x128x128x128xf32>
  %ti = bufferization.to_tensor %i restrict : memref<1x130x130x3xf32> to tensor<1x130x130x3xf32>
  %tk = bufferization.to_tensor %k restrict : memref<3x3x3x128xf32> to tensor<3x3x3x128xf32>
  %e = tensor.empty() : tensor<1x128x128x128xf32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%ti, %tk : tensor<1x130x130x3xf32>, tensor<3x3x3x128xf32>) outs(%e : tensor<1x128x128x128xf32>) -> tensor<1x128x128x128xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<1x128x128x128xf32>, memref<1x128x128x128xf32>) -> ()
  return
}

// -----

// Several stored results: the root is the last stored op in program order.
// A function without stores gets nothing; a stored value that is not a
// tileable op (a loaded tensor) gets `loops` without tiles.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @two_stores
// CHECK: linalg.generic
// CHECK-NOT: sluice_cpu.strategy
// CHECK: linalg.fill {sluice_cpu.strategy = {{.+}}kind = "elementwise"
func.func @two_stores() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<8xf32>
  %o1 = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<8xf32>
  %o2 = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<8xf32>
  %t = bufferization.to_tensor %a restrict : memref<8xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  bufferization.materialize_in_destination %f in restrict writable %o2 : (tensor<8xf32>, memref<8xf32>) -> ()
  bufferization.materialize_in_destination %r in restrict writable %o1 : (tensor<8xf32>, memref<8xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @no_store
// CHECK-NOT: sluice_cpu.strategy
// CHECK: return
func.func @no_store() {
  return
}
// CHECK-LABEL: func.func @store_of_load
// CHECK: bufferization.to_tensor {{.+}} {sluice_cpu.strategy = {inner_tiles = [], kind = "loops", workgroup_tiles = []}}
func.func @store_of_load() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<8xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<8xf32>
  %t = bufferization.to_tensor %a restrict : memref<8xf32> to tensor<8xf32>
  bufferization.materialize_in_destination %t in restrict writable %o : (tensor<8xf32>, memref<8xf32>) -> ()
  return
}

// -----

// The target's native_vector_size sets V: 64 bytes (AVX-512) -> V = 16 for
// f32, so 100 rounds down to a multiple of 32.
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native", {native_vector_size = 64 : i64}>) {
    hal.executable.export public @f ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    builtin.module {
      // VARIANT-LABEL: func.func @f
      // VARIANT: linalg.fill {sluice_cpu.strategy = {inner_tiles = [32], kind = "elementwise", workgroup_tiles = [96]}}
      func.func @f() {
        %c0 = arith.constant 0 : index
        %zero = arith.constant 0.0 : f32
        %o = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) offset(%c0) : memref<100xf32>
        %e = tensor.empty() : tensor<100xf32>
        %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100xf32>) -> tensor<100xf32>
        bufferization.materialize_in_destination %f in restrict writable %o : (tensor<100xf32>, memref<100xf32>) -> ()
        return
      }
    }
  }
}
