// RUN: sluice-opt --sluice-cpu-lower-math %s | FileCheck %s
// REQUIRES: sluice-opt

// execution.md §5.1 step 13: f32/f16/bf16 exp, tanh, erf, ... become
// polynomial approximations (f16/bf16 computed in f32); f64 and the ops
// MLIR does not approximate become libm calls; sqrt stays for LLVM's
// intrinsic (one instruction, exact).

// CHECK-DAG: func.func private @exp(f64) -> f64
// CHECK-DAG: func.func private @cbrtf(f32) -> f32
// CHECK-LABEL: func.func @approximated
// CHECK-NOT: math.exp
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: arith.extf %{{.+}} : f16 to f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
// CHECK-NOT: math.tanh
// CHECK: return
func.func @approximated(%x: f32, %h: f16) -> (f32, f32, f32, f16) {
  %e = math.exp %x : f32
  %t = math.tanh %x : f32
  %r = math.erf %x : f32
  %th = math.tanh %h : f16
  return %e, %t, %r, %th : f32, f32, f32, f16
}
// CHECK-LABEL: func.func @libm
// CHECK: call @exp(%{{.+}}) : (f64) -> f64
// CHECK: call @cbrtf(%{{.+}}) : (f32) -> f32
// CHECK: math.sqrt %{{.+}} : f32
// CHECK: math.absf %{{.+}} : f32
func.func @libm(%d: f64, %x: f32) -> (f64, f32, f32, f32) {
  %e = math.exp %d : f64
  %c = math.cbrt %x : f32
  %s = math.sqrt %x : f32
  %a = math.absf %x : f32
  return %e, %c, %s, %a : f64, f32, f32, f32
}
// CHECK-LABEL: func.func @vector
// CHECK-NOT: math.exp
// CHECK: return
func.func @vector(%v: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %v : vector<8xf32>
  return %e : vector<8xf32>
}
