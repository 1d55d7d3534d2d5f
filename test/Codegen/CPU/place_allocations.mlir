// RUN: sluice-opt --split-input-file --sluice-cpu-place-allocations %s | FileCheck %s
// REQUIRES: sluice-opt

// execution.md §5.1 step 10: static allocations of at most 64 KiB become
// allocas at the start of the function; others are freed by the buffer
// deallocation pipeline.

// CHECK-LABEL: func.func @small
// CHECK-NEXT: %[[A:.+]] = memref.alloca() {alignment = 64 : i64} : memref<16384xf32>
// CHECK-NEXT: %[[B:.+]] = memref.alloca() : memref<4xi8>
// CHECK-NOT: memref.alloc(
// CHECK-NOT: memref.dealloc
// CHECK: scf.for
// CHECK: memref.store %{{.+}}, %[[B]]
func.func @small(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %i = arith.constant 1 : i8
  %a = memref.alloc() {alignment = 64 : i64} : memref<16384xf32>
  memref.store %v, %a[%c0] : memref<16384xf32>
  memref.dealloc %a : memref<16384xf32>
  scf.for %k = %c0 to %n step %c1 {
    // Used only inside its iteration: moved to the entry block.
    %b = memref.alloc() : memref<4xi8>
    memref.store %i, %b[%c0] : memref<4xi8>
  }
  return
}

// -----

// 64 KiB + 4 bytes and a dynamic size stay on the heap and get freed.
// CHECK-LABEL: func.func @large
// CHECK-NOT: memref.alloca
// CHECK: %[[L:.+]] = memref.alloc() : memref<16385xf32>
// CHECK: %[[D:.+]] = memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK-DAG: memref.dealloc %[[L]]
// CHECK-DAG: memref.dealloc %[[D]]
// CHECK: return
func.func @large(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = memref.alloc() : memref<16385xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %v = arith.constant 1.0 : f32
  linalg.fill ins(%v : f32) outs(%l : memref<16385xf32>)
  linalg.fill ins(%v : f32) outs(%d : memref<?xf32>)
  %x = memref.load %l[%c0] : memref<16385xf32>
  %y = memref.load %d[%c0] : memref<?xf32>
  memref.store %x, %out[%c0] : memref<2xf32>
  memref.store %y, %out[%c1] : memref<2xf32>
  return
}

// -----

// A buffer yielded out of a loop iteration keeps one allocation per
// iteration (heap, freed); nothing is hoisted.
// CHECK-LABEL: func.func @yielded
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: memref.alloc() : memref<4xf32>
func.func @yielded(%n: index, %init: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    %x = memref.load %prev[%c0] : memref<4xf32>
    memref.store %x, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %out = memref.load %r[%c0] : memref<4xf32>
  return %out : f32
}

// -----

// Functions without allocations, with several blocks and unreachable
// blocks are left alone.
// CHECK-LABEL: func.func @blocks
// CHECK: cf.br ^bb1
// CHECK: ^bb2:
// CHECK-NEXT: return
func.func @blocks() {
  cf.br ^bb1
^bb1:
  return
^bb2:
  return
}

// -----

// A heap buffer next to the bindings of a dispatch function.
// CHECK-LABEL: func.func @with_binding
// CHECK: %[[B:.+]] = hal.interface.binding.subspan
// CHECK: %[[L:.+]] = memref.alloc() : memref<32768xf32>
// CHECK: memref.copy %[[L]], %[[B]]
// CHECK: memref.dealloc %[[L]]
func.func @with_binding() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %b = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) offset(%c0) : memref<32768xf32>
  %l = memref.alloc() : memref<32768xf32>
  linalg.fill ins(%v : f32) outs(%l : memref<32768xf32>)
  memref.copy %l, %b : memref<32768xf32> to memref<32768xf32>
  return
}
