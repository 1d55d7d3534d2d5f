// REQUIRES: sluice-compile
// execution.md §8.5: sluice-compile of a tosa.add program prints the §1.4
// diagnostic with both notes (phase input, --sluice-verify-input) and exits
// with status 1 without writing the output.
// RUN: bash -c 'sluice-compile %s -o %t.so; echo "exit status $?"' 2>&1 | FileCheck %s --match-full-lines -DFILE=%s
// RUN: not test -e %t.so
// CHECK:      [[FILE]]:16:8: error: 'tosa.add' op is not supported as sluice-compile input
// CHECK-NEXT:   %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:        ^
// CHECK-NEXT: [[FILE]]:16:8: note: sluice-compile accepts flow-level programs (util, flow, hal ABI ops) and linalg-on-tensors programs (linalg, tensor, arith, math, scf, cf, func, ml_program)
// CHECK:      [[FILE]]:16:8: note: convert the program to linalg on tensors first
// CHECK:      exit status 1
// CHECK-NOT: {{.+}}

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
