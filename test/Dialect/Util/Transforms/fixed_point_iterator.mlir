// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-fixed-point-iterator='pipeline=builtin.module(iree-util-fold-globals,canonicalize)' %s | FileCheck %s

// stream-passes-2.md §15.9: the pipeline runs until fold-globals stops
// signalling; the attributes are removed at the end.

// CHECK-LABEL: module @fold
// CHECK-NOT: util.global
// CHECK-NOT: iree.fixedpoint
module @fold {
  util.global private mutable @g : index
  util.func public @f() -> index {
    %c1 = arith.constant 1 : index
    util.global.store %c1, @g : index
    // CHECK: %[[C:.+]] = arith.constant 1 : index
    // CHECK: util.return %[[C]]
    %0 = util.global.load @g : index
    util.return %0 : index
  }
}

// -----

// Nothing to do: one iteration, module unchanged.
// CHECK-LABEL: module @idle
// CHECK-NOT: iree.fixedpoint
// CHECK: util.global public mutable @g : index
module @idle {
  util.global public mutable @g : index
}
