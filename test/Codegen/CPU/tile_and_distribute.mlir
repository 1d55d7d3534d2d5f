// RUN: sluice-opt --split-input-file --sluice-cpu-select-strategy --sluice-cpu-tile-and-distribute %s | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(builtin.module(sluice-cpu-select-strategy,sluice-cpu-tile-and-distribute))))' %s | FileCheck %s --check-prefix=VARIANT
// REQUIRES: sluice-opt

// execution.md §5.1 step 5: the root is tiled over workgroups (fusing its
// producers) and the workgroup forall becomes straight-line code on
// hal.interface.workgroup.id; each count is an affine.apply marked for
// resolve-workgroup-count.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-DAG: #[[COUNT32:.+]] = affine_map<()[s0, s1] -> ((s1 - s0) ceildiv 32)>
// CHECK-DAG: #[[TIMES32:.+]] = affine_map<()[s0] -> (s0 * 32)>
// CHECK-DAG: #[[SIZE:.+]] = affine_map<(d0) -> (-d0 + 40, 32)>
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[IN:.+]] = bufferization.to_tensor %{{.+}} restrict : memref<40xf32>
// CHECK-DAG: %[[OUT:.+]] = bufferization.to_tensor %{{.+}} restrict writable : memref<40xf32>
// CHECK: affine.apply #[[COUNT32]]()[%{{.+}}, %{{.+}}] {sluice_cpu.workgroup_count = 0 : index}
// CHECK: %[[ID:.+]] = hal.interface.workgroup.id[0] : index
// CHECK: %[[IV:.+]] = affine.apply #[[TIMES32]]()[%[[ID]]]
// CHECK: %[[SZ:.+]] = affine.min #[[SIZE]](%[[IV]])
// CHECK: %[[A:.+]] = tensor.extract_slice %[[IN]][%[[IV]]] [%[[SZ]]] [1]
// CHECK: %[[D:.+]] = tensor.extract_slice %[[OUT]][%[[IV]]] [%[[SZ]]] [1]
// CHECK: %[[R:.+]] = linalg.generic {{.+}} ins(%[[A]] : tensor<?xf32>) outs(%[[D]] : tensor<?xf32>)
// CHECK: %[[INS:.+]] = tensor.insert_slice %[[R]] into %[[OUT]][%[[IV]]] [%[[SZ]]] [1]
// CHECK: bufferization.materialize_in_destination %[[INS]] in writable
// CHECK-NOT: scf.forall
// CHECK-NOT: tensor.empty
func.func @elementwise() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<40xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<40xf32>
  %t = bufferization.to_tensor %a restrict : memref<40xf32> to tensor<40xf32>
  %e = tensor.empty() : tensor<40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<40xf32>) outs(%e : tensor<40xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<40xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<40xf32>, memref<40xf32>) -> ()
  return
}

// -----

// Dynamic M (a workload ordinal): the count reads the binding's dimension,
// not a tensor.dim; the fill of the accumulator is fused into the tile; N
// has one tile (4 <= 64), so y uses no workgroup id.
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @matmul
// CHECK: %[[M0:.+]] = hal.interface.constant.load
// CHECK: %[[M:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[M0]], 0 : index
// CHECK-NOT: hal.interface.workgroup.id[0]
// CHECK: affine.apply #{{.+}}()[%{{.+}}, %[[M]]] {sluice_cpu.workgroup_count = 1 : index}
// CHECK: hal.interface.workgroup.id[1] : index
// CHECK: affine.apply #{{.+}}()[%{{.+}}, %{{.+}}] {sluice_cpu.workgroup_count = 0 : index}
// CHECK-NOT: hal.interface.workgroup.id[0]
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK: tensor.insert_slice
func.func @matmul() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m0 = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %m = iree_tensor_ext.dispatch.workload.ordinal %m0, 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<?x8xf32>{%m}
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<8x4xf32>
  %o = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : memref<?x4xf32>{%m}
  %ta = bufferization.to_tensor %a restrict : memref<?x8xf32> to tensor<?x8xf32>
  %tb = bufferization.to_tensor %b restrict : memref<8x4xf32> to tensor<8x4xf32>
  %e = tensor.empty(%m) : tensor<?x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = linalg.matmul ins(%ta, %tb : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %o : (tensor<?x4xf32>, memref<?x4xf32>) -> ()
  return
}

// -----

// Not distributed (one workgroup): a readwrite binding is loaded (an
// in-place update), several ops' results are stored, the body already uses
// workgroup ids.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @in_place
// CHECK-NOT: hal.interface.workgroup.id
// CHECK-NOT: sluice_cpu.workgroup_count
// CHECK: return
func.func @in_place() {
  %c0 = arith.constant 0 : index
  %io = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<64xf32>
  %t = bufferization.to_tensor %io restrict writable : memref<64xf32> to tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (63 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<64xf32>) outs(%t : tensor<64xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  } -> tensor<64xf32>
  bufferization.materialize_in_destination %r in restrict writable %io : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @two_stores
// CHECK-NOT: hal.interface.workgroup.id
// CHECK: return
func.func @two_stores() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %o1 = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<64xf32>
  %o2 = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %f2 = linalg.fill ins(%one : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  bufferization.materialize_in_destination %f1 in restrict writable %o1 : (tensor<64xf32>, memref<64xf32>) -> ()
  bufferization.materialize_in_destination %f2 in restrict writable %o2 : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @hand_distributed
// CHECK-COUNT-1: hal.interface.workgroup.id[0]
// CHECK-NOT: sluice_cpu.workgroup_count
// CHECK: return
func.func @hand_distributed() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %id = hal.interface.workgroup.id[0] : index
  %o = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<64xf32>
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %sub = memref.subview %o[%id] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: ?>>
  bufferization.materialize_in_destination %f in restrict writable %sub : (tensor<32xf32>, memref<32xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

// The root may sit in any block of a multi-block function; unreachable
// blocks are left alone.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: func.func @multi_block
// CHECK: cf.br ^bb1
// CHECK: ^bb1:
// CHECK: hal.interface.workgroup.id[0]
// CHECK: linalg.fill
// CHECK: ^bb2:
// CHECK-NEXT: return
func.func @multi_block() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %o = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<10000xf32>
  cf.br ^bb1
^bb1:
  %e = tensor.empty() : tensor<10000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10000xf32>) -> tensor<10000xf32>
  bufferization.materialize_in_destination %f in restrict writable %o : (tensor<10000xf32>, memref<10000xf32>) -> ()
  return
^bb2:
  return
}

// -----

// Inside a variant: an export with an explicit count region keeps its
// dispatch one workgroup per count (nothing is tiled); a
// workgroup_count_from_slice export is distributed.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @explicit ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    hal.executable.export public @sliced ordinal(1) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      hal.return %x, %y, %z : index, index, index
    }
    builtin.module {
      // VARIANT-LABEL: func.func @explicit
      // VARIANT-NOT: hal.interface.workgroup.id
      // VARIANT: return
      func.func @explicit() {
        %c0 = arith.constant 0 : index
        %zero = arith.constant 0.0 : f32
        %o = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<10000xf32>
        %e = tensor.empty() : tensor<10000xf32>
        %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10000xf32>) -> tensor<10000xf32>
        bufferization.materialize_in_destination %f in restrict writable %o : (tensor<10000xf32>, memref<10000xf32>) -> ()
        return
      }
      // VARIANT-LABEL: func.func @sliced
      // VARIANT: sluice_cpu.workgroup_count = 0 : index
      // VARIANT: hal.interface.workgroup.id[0]
      func.func @sliced() {
        %c0 = arith.constant 0 : index
        %zero = arith.constant 0.0 : f32
        %o = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<10000xf32>
        %e = tensor.empty() : tensor<10000xf32>
        %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10000xf32>) -> tensor<10000xf32>
        bufferization.materialize_in_destination %f in restrict writable %o : (tensor<10000xf32>, memref<10000xf32>) -> ()
        return
      }
    }
  }
}
