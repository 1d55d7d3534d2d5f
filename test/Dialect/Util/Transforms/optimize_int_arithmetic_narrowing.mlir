// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-optimize-int-arithmetic=narrow-to-i32=true --cse --allow-unregistered-dialect %s | FileCheck %s

// stream-passes-2.md §15.2, narrow-to-i32.

// An scf.for whose index IV fits in 31 bits iterates over i32.
// CHECK-LABEL: @narrowLoop
util.func public @narrowLoop(%arg0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // CHECK: scf.for %[[IV:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32
  scf.for %i = %c0 to %c100 step %c1 {
    // CHECK: %[[WIDE:.+]] = arith.index_castui %[[IV]] : i32 to index
    // CHECK: "test.use"(%[[WIDE]])
    "test.use"(%i) : (index) -> ()
  }
  util.return
}

// -----

// Unknown bounds: not narrowed.
// CHECK-LABEL: @wideLoop
util.func public @wideLoop(%arg0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for %{{.+}} = %{{.+}} to %arg0 step %{{.+}} {
  scf.for %i = %c0 to %arg0 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  util.return
}

// -----

// util.assume.int over an index cast of a narrow integer assumes the narrow
// value.
// CHECK-LABEL: @narrowAssume
util.func public @narrowAssume(%arg0: i32) -> index {
  %0 = arith.index_castui %arg0 : i32 to index
  // CHECK: %[[A:.+]] = util.assume.int %arg0<umin = 0, umax = 100> : i32
  %1 = util.assume.int %0<umin = 0, umax = 100> : index
  // CHECK: %[[C:.+]] = arith.index_castui %[[A]] : i32 to index
  // CHECK: util.return %[[C]]
  util.return %1 : index
}
