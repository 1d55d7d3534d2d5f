// REQUIRES: sluice-compile
// A form-B program (linalg on tensors, execution.md §1.3) passes phase
// input's verification and imports, but dispatch formation (§2.2 steps
// 7-10) is not built yet: phase input stops it with one clear error per op
// (--sluice-verify-flow-level) and sluice-compile exits with status 1
// without writing the output. Replace this test by the §8.4 form-B tests
// (elementwise.mlir, ...) when dispatch formation lands.
// RUN: bash -c 'sluice-compile %s -o %t.so; echo "exit status $?"' 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.so
// CHECK: [[FILE]]:19:10: error: 'tensor.empty' op needs dispatch formation (execution.md §2.2 steps 7-10), which this build of Sluice does not have yet; write the program at the flow level (flow.dispatch of a flow.executable)
// CHECK: [[FILE]]:20:10: error: 'linalg.generic' op needs dispatch formation
// CHECK-NOT: error:
// CHECK: exit status 1

#map = affine_map<(d0) -> (d0)>
module @elementwise {
  ml_program.global private mutable @calls(dense<0> : tensor<1xi32>) : tensor<1xi32>
  func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}
