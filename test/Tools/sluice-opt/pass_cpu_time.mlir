// `--sluice-pass-cpu-time` prints, per pass name, the thread CPU time summed
// over its runs and the number of runs (a pass nested in the fixed-point
// iterator runs once per iteration; a nested pass once per op).
// RUN: sluice-opt --mlir-disable-threading --sluice-pass-cpu-time \
// RUN:   --iree-util-fixed-point-iterator='pipeline=builtin.module(iree-util-fold-globals,canonicalize)' \
// RUN:   %s -o /dev/null 2>&1 | FileCheck %s
// RUN: sluice-opt --mlir-disable-threading --sluice-pass-cpu-time \
// RUN:   --pass-pipeline='builtin.module(util.func(cse))' %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// REQUIRES: sluice-opt

// Iteration 0 folds the store into the load and signals; iteration 1 changes
// nothing.
// CHECK-DAG: sluice-pass-cpu-time: {{[0-9]+\.[0-9]+}} FixedPointIteratorPass
// CHECK-DAG: sluice-pass-runs: 1 FixedPointIteratorPass
// CHECK-DAG: sluice-pass-cpu-time: {{[0-9]+\.[0-9]+}} FoldGlobalsPass
// CHECK-DAG: sluice-pass-runs: 2 FoldGlobalsPass
// CHECK-DAG: sluice-pass-runs: 2 Canonicalizer

// NESTED-DAG: sluice-pass-cpu-time: {{[0-9]+\.[0-9]+}} CSE
// NESTED-DAG: sluice-pass-runs: 2 CSE

util.global private mutable @g : index
util.func public @f() -> index {
  %c1 = arith.constant 1 : index
  util.global.store %c1, @g : index
  %0 = util.global.load @g : index
  util.return %0 : index
}
util.func public @h(%x: i32) -> i32 {
  util.return %x : i32
}
