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

// Ops that neither MathToLibm nor MathToLLVM lowers (found by
// test/e2e/math_ops_*.mlir): isinf and isnormal become comparisons of |x|,
// clampf is minimumf(maximumf(x, lo), hi), constant-exponent fpowi uses the
// upstream expansion, other
// fpowi become powf (then libm).
// CHECK-LABEL: func.func @unlowered
// CHECK-DAG: %[[INF:.+]] = arith.constant dense<0x7F800000> : vector<4xf32>
// CHECK-DAG: %[[MIN:.+]] = arith.constant dense<1.17549435E-38> : vector<4xf32>
// CHECK-DAG: %[[LO:.+]] = arith.constant -5.000000e-01 : f64
// CHECK-DAG: %[[HI:.+]] = arith.constant 6.000000e-01 : f64
// CHECK: %[[A:.+]] = math.absf %[[V:.+]] : vector<4xf32>
// CHECK: %[[ISINF:.+]] = arith.cmpf oeq, %[[A]], %[[INF]] : vector<4xf32>
// CHECK: %[[B:.+]] = math.absf %[[V]] : vector<4xf32>
// CHECK: %[[GE:.+]] = arith.cmpf oge, %[[B]], %[[MIN]] : vector<4xf32>
// CHECK: %[[LT:.+]] = arith.cmpf olt, %[[B]], %[[INF]] : vector<4xf32>
// CHECK: %[[NORMAL:.+]] = arith.andi %[[GE]], %[[LT]] : vector<4xi1>
// CHECK: %[[CMAX:.+]] = arith.maximumf %{{.+}}, %[[LO]] : f64
// CHECK: %[[CLAMP:.+]] = arith.minimumf %[[CMAX]], %[[HI]] : f64
// CHECK-NOT: math.clampf
// CHECK-NOT: math.fpowi
// CHECK: %[[SQ:.+]] = arith.mulf %[[X:.+]], %[[X]] : f32
// CHECK: %[[CUBE:.+]] = arith.mulf %[[SQ]], %[[X]] : f32
// CHECK: %[[NF:.+]] = arith.sitofp %{{.+}} : i32 to f32
// CHECK: %[[POW:.+]] = call @powf(%[[X]], %[[NF]]) : (f32, f32) -> f32
// CHECK: return %[[ISINF]], %[[NORMAL]], %[[CLAMP]], %[[CUBE]], %[[POW]]
func.func @unlowered(%v: vector<4xf32>, %d: f64, %x: f32, %n: i32) -> (vector<4xi1>, vector<4xi1>, f64, f32, f32) {
  %i = math.isinf %v : vector<4xf32>
  %m = math.isnormal %v : vector<4xf32>
  %lo = arith.constant -0.5 : f64
  %hi = arith.constant 0.6 : f64
  %c = math.clampf %d to [%lo, %hi] : f64
  %three = arith.constant 3 : i32
  %p = math.fpowi %x, %three : f32, i32
  %q = math.fpowi %x, %n : f32, i32
  return %i, %m, %c, %p, %q : vector<4xi1>, vector<4xi1>, f64, f32, f32
}

// math.ipowi (no upstream lowering runs at this step): square-and-multiply
// over the exponent's 8 bits (7 squarings, 8 conditional products), then
// the negative-exponent cases: base 1 -> 1, base -1 -> -1 or 1 by parity,
// otherwise 0. Vectors the same way.
// CHECK-LABEL: func.func @ipowi(
// CHECK-SAME: %[[X:[a-z0-9]+]]: i8, %[[E:[a-z0-9]+]]: i8, %[[V:[a-z0-9]+]]: vector<4xi32>)
// CHECK-NOT: math.ipowi
// CHECK-COUNT-8: arith.select %{{.+}}, %{{.+}}, %{{.+}} : i8
// CHECK-NOT: arith.muli %{{.+}} : i8
// CHECK: %[[ONE:.+]] = arith.cmpi eq, %[[X]], %{{.+}} : i8
// CHECK: %[[MONE:.+]] = arith.cmpi eq, %[[X]], %{{.+}} : i8
// CHECK: arith.select %[[MONE]]
// CHECK: arith.select %[[ONE]]
// CHECK: %[[NEG:.+]] = arith.cmpi slt, %[[E]], %{{.+}} : i8
// CHECK: %[[OUT:.+]] = arith.select %[[NEG]], %{{.+}}, %{{.+}} : i8
// CHECK-COUNT-32: arith.select %{{.+}}, %{{.+}}, %{{.+}} : vector<4xi1>, vector<4xi32>
// CHECK: arith.cmpi slt, %[[V]], %{{.+}} : vector<4xi32>
// CHECK-NOT: math.ipowi
// CHECK: return %[[OUT]]
func.func @ipowi(%x: i8, %e: i8, %v: vector<4xi32>) -> (i8, vector<4xi32>) {
  %r = math.ipowi %x, %e : i8
  %w = math.ipowi %v, %v : vector<4xi32>
  return %r, %w : i8, vector<4xi32>
}
