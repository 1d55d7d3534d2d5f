// The usual mlir-opt flags work on Sluice IR.
// RUN: sluice-opt --pass-pipeline='builtin.module(util.func(cse,canonicalize))' %s | FileCheck %s
// RUN: sluice-opt --cse --mlir-print-local-scope %s | FileCheck %s
// RUN: sluice-opt --mlir-print-op-generic %s | sluice-opt --cse | FileCheck %s
// RUN: sluice-opt --help | FileCheck %s --check-prefix=HELP
// REQUIRES: sluice-opt

// HELP-DAG: --sluice-io-materialize-parameter-literals
// HELP-DAG: --split-input-file
// HELP-DAG: --verify-diagnostics

// CHECK-LABEL: util.func public @cse
// CHECK: %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NOT: arith.addi
// CHECK: util.return %[[A]], %[[A]] : i32, i32
util.func public @cse(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  util.return %a, %b : i32, i32
}
