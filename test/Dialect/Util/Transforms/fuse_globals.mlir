// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-fuse-globals %s | FileCheck %s
// Every no-change claim (UnchangedIR.h) checked against a fingerprint:
// RUN: sluice-opt --split-input-file --sluice-check-unchanged --iree-util-fuse-globals %s | FileCheck %s

// stream-passes-2.md §15.6.

// The same value stored to two private globals in one block: fused.
// CHECK: util.global private mutable @fusable0 : index
util.global private mutable @fusable0 : index
// CHECK-NOT: util.global private mutable @fusable1
util.global private mutable @fusable1 : index
// CHECK-LABEL: util.func public @foo0
util.func public @foo0(%arg0: index) -> (index, index) {
  // CHECK: util.global.store %arg0, @fusable0
  util.global.store %arg0, @fusable0 : index
  // CHECK-NOT: util.global.store %arg0, @fusable1
  util.global.store %arg0, @fusable1 : index
  // CHECK: util.global.load @fusable0
  %0 = util.global.load @fusable0 : index
  // CHECK: %[[L1:.+]] = util.global.load @fusable0
  %1 = util.global.load @fusable1 : index
  // CHECK: util.optimization_barrier {op.attr = @fusable0} %[[L1]]
  util.optimization_barrier {op.attr = @fusable1} %1 : index
  util.return %0, %1 : index, index
}

// -----

// A global also stored alone elsewhere is not fused.
// CHECK: util.global private mutable @unfusable0 : index
util.global private mutable @unfusable0 : index
// CHECK: util.global private mutable @unfusable1 : index
util.global private mutable @unfusable1 : index
util.func public @foo1(%arg0: index) {
  util.global.store %arg0, @unfusable0 : index
  util.global.store %arg0, @unfusable1 : index
  util.return
}
util.func public @bar1(%arg0: index) {
  util.global.store %arg0, @unfusable0 : index
  util.return
}

// -----

// Different initial values: not fused.
// CHECK: util.global private mutable @unfusable0 = 5 : index
util.global private mutable @unfusable0 = 5 : index
// CHECK: util.global private mutable @unfusable1 = 6 : index
util.global private mutable @unfusable1 = 6 : index
util.func public @foo2(%arg0: index) {
  util.global.store %arg0, @unfusable0 : index
  util.global.store %arg0, @unfusable1 : index
  util.return
}

// -----

// A subset stored separately: only the correlated subset fuses.
// CHECK: util.global private mutable @fusable0 : index
util.global private mutable @fusable0 : index
// CHECK-NOT: @fusable1
util.global private mutable @fusable1 : index
// CHECK: util.global private mutable @unfusable2 : index
util.global private mutable @unfusable2 : index
// CHECK-LABEL: util.func public @foo3
util.func public @foo3(%arg0: index) {
  // CHECK-NEXT: util.global.store %arg0, @fusable0
  util.global.store %arg0, @fusable0 : index
  util.global.store %arg0, @fusable1 : index
  // CHECK-NEXT: util.global.store %arg0, @unfusable2
  util.global.store %arg0, @unfusable2 : index
  util.return
}
// CHECK-LABEL: util.func public @bar3
util.func public @bar3(%arg0: index, %arg1: index) {
  // CHECK-NEXT: util.global.store %arg0, @fusable0
  util.global.store %arg0, @fusable0 : index
  util.global.store %arg0, @fusable1 : index
  // CHECK-NEXT: util.global.store %arg1, @unfusable2
  util.global.store %arg1, @unfusable2 : index
  util.return
}

// -----

// Public globals and globals whose address is taken never fuse.
// CHECK: util.global public mutable @public0 : index
util.global public mutable @public0 : index
// CHECK: util.global public mutable @public1 : index
util.global public mutable @public1 : index
// CHECK: util.global private mutable @indirect0 : index
util.global private mutable @indirect0 : index
// CHECK: util.global private mutable @indirect1 : index
util.global private mutable @indirect1 : index
util.func public @foo4(%arg0: index) -> !util.ptr<index> {
  util.global.store %arg0, @public0 : index
  util.global.store %arg0, @public1 : index
  util.global.store %arg0, @indirect0 : index
  util.global.store %arg0, @indirect1 : index
  %0 = util.global.address @indirect1 : !util.ptr<index>
  util.return %0 : !util.ptr<index>
}
