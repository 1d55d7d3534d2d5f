// REQUIRES: sluice-opt
// The reference's import test: export, then import the same archive. Packed
// types (i1, i4) stay parameters; i8/f32 values come back as they were, and
// splats come back as splats (io-parameters.md §12.2).

// RUN: rm -f %t.irpa
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path="opt=%t.irpa" minimum-size=0})" %s | \
// RUN:   sluice-opt --pass-pipeline="builtin.module(iree-io-import-parameters{paths="opt=%t.irpa"})" 2> %t.stderr | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.stderr

// WARN-DAG: WARNING: not importing parameter `constant_scalar_i1` of type tensor<i1> as packed types are not yet supported
// WARN-DAG: WARNING: not importing parameter `constant_dense_3xi4` of type tensor<3xi4> as packed types are not yet supported

// CHECK-LABEL: module @parameter_example
module @parameter_example {
  // CHECK: util.global private @constant_scalar_i1 = #flow.parameter.named<"opt"::"constant_scalar_i1"> : tensor<i1>
  util.global private @constant_scalar_i1 = dense<true> : tensor<i1>
  // CHECK: util.global private @constant_dense_2xi1 = #flow.parameter.named<"opt"::"constant_dense_2xi1"> : tensor<2xi1>
  util.global private @constant_dense_2xi1 = dense<[true, false]> : tensor<2xi1>
  // CHECK: util.global private @constant_dense_3xi4 = #flow.parameter.named<"opt"::"constant_dense_3xi4"> : tensor<3xi4>
  util.global private @constant_dense_3xi4 = dense<[4, 5, 6]> : tensor<3xi4>
  // CHECK: util.global private @constant_dense_2xi8 = dense<[4, 5]> : tensor<2xi8>
  util.global private @constant_dense_2xi8 = dense<[4, 5]> : tensor<2xi8>
  // CHECK: util.global private @constant_dense_2xf32 = dense<[1.100000e+01, 1.200000e+01]> : tensor<2xf32>
  util.global private @constant_dense_2xf32 = dense<[11.0, 12.0]> : tensor<2xf32>
  // CHECK: util.global private @constant_splat_2xf32 = dense<1.100000e+01> : tensor<2xf32>
  util.global private @constant_splat_2xf32 = dense<11.0> : tensor<2xf32>

  // CHECK: util.global private mutable @mutable_scalar_i1 = #flow.parameter.named<"opt"::"mutable_scalar_i1"> : tensor<i1>
  util.global private mutable @mutable_scalar_i1 = dense<true> : tensor<i1>
  // CHECK: util.global private mutable @mutable_dense_3xi4 = #flow.parameter.named<"opt"::"mutable_dense_3xi4"> : tensor<3xi4>
  util.global private mutable @mutable_dense_3xi4 = dense<[4, 5, 6]> : tensor<3xi4>
  // CHECK: util.global private mutable @mutable_dense_2xf32 = dense<[1.100000e+01, 1.200000e+01]> : tensor<2xf32>
  util.global private mutable @mutable_dense_2xf32 = dense<[11.0, 12.0]> : tensor<2xf32>
  // CHECK: util.global private mutable @mutable_splat_2xf32 = dense<1.100000e+01> : tensor<2xf32>
  util.global private mutable @mutable_splat_2xf32 = dense<11.0> : tensor<2xf32>
}
