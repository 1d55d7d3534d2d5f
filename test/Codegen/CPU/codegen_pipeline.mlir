// RUN: sluice-opt --split-input-file --sluice-cpu-codegen-pipeline %s | FileCheck %s
// RUN: not sluice-opt --split-input-file --sluice-cpu-codegen-pipeline=strategy=vector %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: sluice-opt --split-input-file --sluice-cpu-codegen-pipeline=strategy=loops %s | FileCheck %s --check-prefix=LOOPS
// BAD: invalid --sluice-cpu-strategy value 'vector' (expected auto or loops)
// REQUIRES: sluice-opt

// The whole pipeline turns each
// llvm-cpu variant into LLVM-dialect workgroup functions with the §4.5
// signature; the count region gets the workgroup counts of the tiling and
// the export gets a cost. Four f32 elements are one tile: (1, 1, 1).

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @elementwise {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    // CHECK: hal.executable.export public @add
    // CHECK: %[[ONE:.+]] = arith.constant 1 : index
    // CHECK-NEXT: hal.return %[[ONE]], %[[ONE]], %[[ONE]]
    // CHECK: sluice.workgroup_cost_ns = {{[1-9][0-9]*}} : i64
    hal.executable.export public @add ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK: builtin.module {
    // CHECK-NEXT: llvm.func @add(%[[ENV:.+]]: !llvm.ptr, %[[DS:.+]]: !llvm.ptr, %[[WS:.+]]: !llvm.ptr) -> i32 {
    // CHECK-NOT: memref.
    // CHECK-NOT: linalg.
    // CHECK-NOT: hal.interface
    // CHECK-NOT: unrealized_conversion_cast
    // CHECK: llvm.fadd
    // CHECK: llvm.fmul
    // CHECK: llvm.store
    // CHECK: llvm.return %{{.+}} : i32
    builtin.module {
      func.func @add() {
        %c0 = arith.constant 0 : index
        %k = hal.interface.constant.load layout(#layout) ordinal(0) : f32
        %a = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %b = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %o = hal.interface.binding.subspan layout(#layout) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          %t = arith.mulf %s, %k : f32
          linalg.yield %t : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
}

// -----

// Matmul with a fill of the accumulator, dynamic M: the result is written
// straight into the output binding (no allocation, no copy).
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @matmul {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    // M is tiled by 64 over y: the count region computes ceil(m / 64).
    // CHECK-LABEL: hal.executable.export public @mm
    // CHECK-SAME: count(%{{.+}}: !hal.device, %[[M:.+]]: index)
    // CHECK: arith.divsi %{{.+}}, %c64 : index
    // CHECK: %[[Y:.+]] = arith.select
    // CHECK: hal.return %c1, %[[Y]], %c1 : index, index, index
    // With strategy=loops the matmul is tiled like an elementwise op: N by 4,
    // M by 4096 / 4 = 1024.
    // LOOPS-LABEL: hal.executable.export public @mm
    // LOOPS: arith.divsi %{{.+}}, %c1024 : index
    // LOOPS: %[[Y:.+]] = arith.select
    // LOOPS: hal.return %c1, %[[Y]], %c1 : index, index, index
    hal.executable.export public @mm ordinal(0) layout(#layout) count(%device: !hal.device, %m: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%m)
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK-LABEL: llvm.func @mm(
    // CHECK: llvm.getelementptr %{{.+}}[4] : (!llvm.ptr) -> !llvm.ptr, i8
    // CHECK-NOT: llvm.call @malloc
    // CHECK-NOT: memcpy
    // CHECK: llvm.fmul
    // CHECK: llvm.fadd
    // CHECK: llvm.return
    builtin.module {
      func.func @mm() {
        %c0 = arith.constant 0 : index
        %zero = arith.constant 0.0 : f32
        %m0 = hal.interface.constant.load layout(#layout) ordinal(0) : index
        %m = iree_tensor_ext.dispatch.workload.ordinal %m0, 0 : index
        %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%m}
        %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x4xf32>>
        %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xf32>>{%m}
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [%m, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%m} -> tensor<?x8xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [8, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x4xf32>> -> tensor<8x4xf32>
        %e = tensor.empty(%m) : tensor<?x4xf32>
        %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
        %r = linalg.matmul ins(%ta, %tb : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0, 0], sizes = [%m, 4], strides = [1, 1] : tensor<?x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x4xf32>>{%m}
        return
      }
    }
  }
}

// -----

// A row reduction (max) and a second export in the same variant.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @reduce {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @rowmax ordinal(0) layout(#layout)
    hal.executable.export public @fill ordinal(1) layout(#layout)
    // CHECK-LABEL: llvm.func @rowmax(
    // CHECK: llvm.fcmp "ugt"
    // CHECK: llvm.select
    // CHECK: llvm.return
    // CHECK-LABEL: llvm.func @fill(
    // CHECK: llvm.store
    // CHECK: llvm.return
    builtin.module {
      func.func @rowmax() {
        %c0 = arith.constant 0 : index
        %init = arith.constant 0xFF800000 : f32
        %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>>
        %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>
        %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
        %e = tensor.empty() : tensor<3xf32>
        %f = linalg.fill ins(%init : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<3x5xf32>) outs(%f : tensor<3xf32>) {
        ^bb0(%x: f32, %acc: f32):
          %m = arith.maximumf %x, %acc : f32
          linalg.yield %m : f32
        } -> tensor<3xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0], sizes = [3], strides = [1] : tensor<3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>
        return
      }
      func.func @fill() {
        %c0 = arith.constant 0 : index
        %v = arith.constant 7 : i64
        %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi64>>
        %e = tensor.empty() : tensor<16xi64>
        %f = linalg.fill ins(%v : i64) outs(%e : tensor<16xi64>) -> tensor<16xi64>
        iree_tensor_ext.dispatch.tensor.store %f, %out, offsets = [0], sizes = [16], strides = [1] : tensor<16xi64> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xi64>>
        return
      }
    }
  }
}

// -----

// Variants of other backends are left alone; no unresolved cast or
// dispatch-level op survives anywhere.
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: iree_tensor_ext
// CHECK-LABEL: hal.executable private @other
// CHECK: func.func @keep()
hal.executable private @other {
  hal.executable.variant public @v target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @keep ordinal(0) layout(#hal.pipeline.layout<bindings = []>)
    builtin.module {
      func.func @keep() {
        return
      }
    }
  }
}

// -----

// A row normalization: the root (the division) is tiled over x (40 -> 32,
// two workgroups); the row sum is fused into each tile and its 4-element
// scratch is on the stack (step 10); math.exp is approximated (step 13): no
// libm call, no malloc.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @norm {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    // CHECK-LABEL: hal.executable.export public @norm
    // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
    // CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
    // CHECK: hal.return %[[C2]], %[[C1]], %[[C1]] : index, index, index
    hal.executable.export public @norm ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK-LABEL: llvm.func @norm(
    // CHECK-NOT: llvm.call
    // CHECK: llvm.alloca %{{.+}} x f32
    // CHECK-NOT: llvm.call
    // CHECK: llvm.return
    builtin.module {
      func.func @norm() {
        %c0 = arith.constant 0 : index
        %zero = arith.constant 0.0 : f32
        %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x40xf32>>
        %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x40xf32>>
        %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [4, 40], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x40xf32>> -> tensor<4x40xf32>
        %e1 = tensor.empty() : tensor<4xf32>
        %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
        %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x40xf32>) outs(%f : tensor<4xf32>) {
        ^bb0(%x: f32, %acc: f32):
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        %e2 = tensor.empty() : tensor<4x40xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t, %sum : tensor<4x40xf32>, tensor<4xf32>) outs(%e2 : tensor<4x40xf32>) {
        ^bb0(%x: f32, %s: f32, %o: f32):
          %d = arith.divf %x, %s : f32
          %ex = math.exp %d : f32
          linalg.yield %ex : f32
        } -> tensor<4x40xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0, 0], sizes = [4, 40], strides = [1, 1] : tensor<4x40xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x40xf32>>
        return
      }
    }
  }
}
