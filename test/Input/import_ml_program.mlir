// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-import-ml-program --verify-diagnostics %s | FileCheck %s

// execution.md §2.2 step 2.

// CHECK-LABEL: module
// CHECK: util.global private mutable @state = dense<1.000000e+00> : tensor<4xf32>
// CHECK: util.global private @weights = dense<2.000000e+00> : tensor<4xf32>
// CHECK: util.global private mutable @empty : tensor<4xf32>
// CHECK-NOT: ml_program
ml_program.global private mutable @state(dense<1.0> : tensor<4xf32>) : tensor<4xf32>
ml_program.global public @weights(dense<2.0> : tensor<4xf32>) : tensor<4xf32>
ml_program.global private mutable @empty : tensor<4xf32>

// CHECK: func.func @step
func.func @step(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[S:.+]] = util.global.load @state : tensor<4xf32>
  %s = ml_program.global_load @state : tensor<4xf32>
  // CHECK-NEXT: %[[W:.+]] = util.global.load immutable @weights : tensor<4xf32>
  %w = ml_program.global_load @weights : tensor<4xf32>
  // CHECK-NEXT: %[[C:.+]] = util.global.load immutable @weights : tensor<4xf32>
  %c = ml_program.global_load_const @weights : tensor<4xf32>
  // CHECK-NEXT: util.global.store %[[C]], @state : tensor<4xf32>
  ml_program.global_store @state = %c : tensor<4xf32>
  // CHECK-NEXT: scf.execute_region
  %r = scf.execute_region -> tensor<4xf32> {
    // CHECK-NEXT: util.global.load @empty : tensor<4xf32>
    %e = ml_program.global_load @empty : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  }
  // CHECK: return %[[S]]
  return %s : tensor<4xf32>
}

// -----

// Executables are untouched.
// CHECK-LABEL: module
// CHECK: flow.executable
// CHECK: ml_program.global private @inner
// CHECK: ml_program.global_load_const @inner
flow.executable private @ex {
  builtin.module {
    ml_program.global private @inner(dense<1> : tensor<2xi32>) : tensor<2xi32>
    func.func @f() -> tensor<2xi32> {
      %0 = ml_program.global_load_const @inner : tensor<2xi32>
      return %0 : tensor<2xi32>
    }
  }
}

// -----

// expected-error @+1 {{'ml_program.global' op with an external value is not supported; write the weight as a util.global with a #flow.parameter.named value}}
ml_program.global private @ext(#ml_program.extern : tensor<4xf32>) : tensor<4xf32>
