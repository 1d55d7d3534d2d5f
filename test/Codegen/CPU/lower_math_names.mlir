// RUN: sluice-opt --split-input-file --sluice-cpu-lower-math %s | FileCheck %s
// REQUIRES: sluice-opt

// A user function named like the libm function a math op becomes is never
// called in its place (it would recurse, or be called with the wrong
// arguments): the declaration gets another name and keeps the libm name in
// sluice.link_name, which --sluice-link-executables binds.

// CHECK-LABEL: func.func private @sluice_libm__exp(f64) -> f64 attributes {llvm.readnone, sluice.link_name = "exp"}
// CHECK-LABEL: func.func @exp(
// CHECK-NOT: call @exp(
// CHECK: %[[E:.+]] = call @sluice_libm__exp(%{{.+}}) : (f64) -> f64
// CHECK: return %[[E]] : f64
func.func @exp(%x: f64) -> f64 {
  %e = math.exp %x : f64
  return %e : f64
}

// -----

// A dispatch-like function named powf, and a user function already named
// like the first choice for the declaration.

// CHECK-DAG: func.func private @sluice_libm__powf_1(f32, f32) -> f32 attributes {llvm.readnone, sluice.link_name = "powf"}
// CHECK-DAG: func.func private @cbrtf(f32) -> f32
// CHECK-LABEL: func.func @powf(
// CHECK: call @sluice_libm__powf_1(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
// CHECK: call @sluice_libm__powf(%{{.+}}) : (f32) -> f32
// CHECK: call @cbrtf(%{{.+}}) : (f32) -> f32
// CHECK-LABEL: func.func @sluice_libm__powf(
// CHECK-NOT: sluice.link_name
// CHECK: // -----
func.func @powf(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<4xf32>
  %p = math.powf %x, %x : f32
  %q = call @sluice_libm__powf(%p) : (f32) -> f32
  %c = math.cbrt %q : f32
  memref.store %c, %m[%c0] : memref<4xf32>
  return
}
func.func @sluice_libm__powf(%x: f32) -> f32 {
  return %x : f32
}

// -----

// The user's own calls keep their callee (@user calls the user's @cbrtf);
// a global named like a libm function is not taken for it either.

// CHECK-DAG: func.func private @sluice_libm__cbrtf(f32) -> f32 attributes {llvm.readnone, sluice.link_name = "cbrtf"}
// CHECK-DAG: func.func private @sluice_libm__sinh(f64) -> f64 attributes {llvm.readnone, sluice.link_name = "sinh"}
// CHECK-LABEL: func.func private @cbrtf(
// CHECK: call @sluice_libm__cbrtf(%{{.+}}) : (f32) -> f32
// CHECK-LABEL: func.func @user(
// CHECK: call @cbrtf(%{{.+}}) : (f32) -> f32
// CHECK: memref.global "private" constant @sinh : memref<f64> = dense<1.000000e+00>
// CHECK-LABEL: func.func @g(
// CHECK-DAG: call @sluice_libm__sinh(%{{.+}}) : (f64) -> f64
// CHECK-DAG: memref.get_global @sinh : memref<f64>
func.func private @cbrtf(%x: f32) -> f32 {
  %y = math.cbrt %x : f32
  return %y : f32
}
func.func @user(%x: f32) -> f32 {
  %y = call @cbrtf(%x) : (f32) -> f32
  return %y : f32
}
memref.global "private" constant @sinh : memref<f64> = dense<1.0>
func.func @g(%d: f64) -> f64 {
  %s = math.sinh %d : f64
  %m = memref.get_global @sinh : memref<f64>
  %v = memref.load %m[] : memref<f64>
  %r = arith.addf %s, %v : f64
  return %r : f64
}
