// REQUIRES: sluice-opt, sluice-params
// The reference's export test: every tensor global becomes a parameter of
// scope "opt"; immutable splats become splat entries, everything else data
// entries in module order (io-parameters.md §12.1).

// RUN: rm -f %t.irpa
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path="opt=%t.irpa" minimum-size=0})" %s | FileCheck %s
// RUN: sluice-params dump --parameters=%t.irpa | FileCheck %s --check-prefix=DUMP --strict-whitespace --match-full-lines

// Data is little-endian in the packed physical layout.
// RUN: sluice-params dump --parameters=%t.irpa --extract=constant_dense_2xi1=%t.i1.bin --extract=constant_dense_3xi4=%t.i4.bin --extract=constant_dense_2xf32=%t.f32.bin --extract=mutable_splat_2xf32=%t.splat.bin > /dev/null
// RUN: od -v -A n -t x1 %t.i1.bin | FileCheck %s --check-prefix=I1
// RUN: od -v -A n -t x1 %t.i4.bin | FileCheck %s --check-prefix=I4
// RUN: od -v -A n -t x1 %t.f32.bin | FileCheck %s --check-prefix=F32
// RUN: od -v -A n -t x1 %t.splat.bin | FileCheck %s --check-prefix=SPLAT
// I1: 01 00
// I4: 54 06
// F32: 00 00 30 41 00 00 40 41
// SPLAT: 00 00 30 41 00 00 30 41

// CHECK-LABEL: module @parameter_example
module @parameter_example {
  // CHECK: util.global private @constant_scalar_i1 = #flow.parameter.named<"opt"::"constant_scalar_i1"> : tensor<i1>
  util.global private @constant_scalar_i1 = dense<true> : tensor<i1>
  // CHECK: util.global private @constant_dense_2xi1 = #flow.parameter.named<"opt"::"constant_dense_2xi1"> : tensor<2xi1>
  util.global private @constant_dense_2xi1 = dense<[true, false]> : tensor<2xi1>
  // CHECK: util.global private @constant_dense_3xi4 = #flow.parameter.named<"opt"::"constant_dense_3xi4"> : tensor<3xi4>
  util.global private @constant_dense_3xi4 = dense<[4, 5, 6]> : tensor<3xi4>
  // CHECK: util.global private @constant_dense_2xi8 = #flow.parameter.named<"opt"::"constant_dense_2xi8"> : tensor<2xi8>
  util.global private @constant_dense_2xi8 = dense<[4, 5]> : tensor<2xi8>
  // CHECK: util.global private @constant_dense_2xf32 = #flow.parameter.named<"opt"::"constant_dense_2xf32"> : tensor<2xf32>
  util.global private @constant_dense_2xf32 = dense<[11.0, 12.0]> : tensor<2xf32>
  // CHECK: util.global private @constant_splat_2xf32 = #flow.parameter.named<"opt"::"constant_splat_2xf32"> : tensor<2xf32>
  util.global private @constant_splat_2xf32 = dense<11.0> : tensor<2xf32>

  // CHECK: util.global private mutable @mutable_scalar_i1 = #flow.parameter.named<"opt"::"mutable_scalar_i1"> : tensor<i1>
  util.global private mutable @mutable_scalar_i1 = dense<true> : tensor<i1>
  // CHECK: util.global private mutable @mutable_dense_3xi4 = #flow.parameter.named<"opt"::"mutable_dense_3xi4"> : tensor<3xi4>
  util.global private mutable @mutable_dense_3xi4 = dense<[4, 5, 6]> : tensor<3xi4>
  // CHECK: util.global private mutable @mutable_dense_2xf32 = #flow.parameter.named<"opt"::"mutable_dense_2xf32"> : tensor<2xf32>
  util.global private mutable @mutable_dense_2xf32 = dense<[11.0, 12.0]> : tensor<2xf32>
  // CHECK: util.global private mutable @mutable_splat_2xf32 = #flow.parameter.named<"opt"::"mutable_splat_2xf32"> : tensor<2xf32>
  util.global private mutable @mutable_splat_2xf32 = dense<11.0> : tensor<2xf32>
}

// DUMP://===--------------------------------------------------------------------------------------------------------------===//
// DUMP-NEXT:// Parameter scope <global> (10 entries, 42 total bytes)
// DUMP-NEXT://===------------+------------------+------------------+-----------------------------------------------------------===//
// DUMP-NEXT://         Start |              End |           Length | Key
// DUMP-NEXT://---------------+------------------+------------------+--------------------------------------------------------------//
// DUMP-NEXT:               - |                - |                1 | `constant_scalar_i1`
// DUMP-NEXT:            1152 |             1154 |                2 | `constant_dense_2xi1`
// DUMP-NEXT:            1216 |             1218 |                2 | `constant_dense_3xi4`
// DUMP-NEXT:            1280 |             1282 |                2 | `constant_dense_2xi8`
// DUMP-NEXT:            1344 |             1352 |                8 | `constant_dense_2xf32`
// DUMP-NEXT:               - |                - |                8 | `constant_splat_2xf32`
// DUMP-NEXT:            1408 |             1409 |                1 | `mutable_scalar_i1`
// DUMP-NEXT:            1472 |             1474 |                2 | `mutable_dense_3xi4`
// DUMP-NEXT:            1536 |             1544 |                8 | `mutable_dense_2xf32`
// DUMP-NEXT:            1600 |             1608 |                8 | `mutable_splat_2xf32`
// DUMP-EMPTY:
