// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-verify-flow-level --verify-diagnostics %s | FileCheck %s

// The temporary stand-in for execution.md §2.2 steps 7-10: form-B ops
// outside dispatches are rejected with one clear message each.

util.func public @formB(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tensor.empty' op needs dispatch formation (execution.md §2.2 steps 7-10), which this build of Sluice does not have yet; write the program at the flow level (flow.dispatch of a flow.executable)}}
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.generic' op needs dispatch formation}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // Not inspected: inside a reported op.
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  // expected-error @+1 {{'arith.addf' op needs dispatch formation}}
  %t = arith.addf %r, %b : tensor<4xf32>
  util.return %t : tensor<4xf32>
}

// -----

// Flow-level programs pass unchanged: tensor.dim, tensor constants, scalar
// arith, flow ops, and anything inside executables.
// CHECK-LABEL: util.func public @formA
// CHECK: tensor.dim
// CHECK: arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: flow.tensor.empty
// CHECK: flow.executable private @ex
// CHECK: linalg.fill
util.func public @formA(%a: tensor<?xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %m = arith.addi %n, %n : index
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %e = flow.tensor.empty : tensor<?xf32>{%m}
  util.return %cst : tensor<4xf32>
}
flow.executable private @ex {
  builtin.module {
    func.func @f() -> tensor<4xf32> {
      %c = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }
  }
}
