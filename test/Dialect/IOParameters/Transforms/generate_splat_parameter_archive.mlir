// REQUIRES: sluice-opt, sluice-params
// The reference's splat-archive test: the IR is unchanged and every named
// parameter (globals and flow.tensor.constant, nested ops included) gets a
// zero splat keyed by its key, in first-seen order (io-parameters.md §12.3).

// RUN: rm -f %t.irpa
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-generate-splat-parameter-archive{file="%t.irpa"})" %s | FileCheck %s
// RUN: sluice-params dump --parameters=%t.irpa | FileCheck %s --check-prefix=DUMP --strict-whitespace --match-full-lines

// CHECK: util.global private @tensor_i1 = #flow.parameter.named<"scope"::"tensor_i1"> : tensor<i1>
util.global private @tensor_i1 = #flow.parameter.named<"scope"::"tensor_i1"> : tensor<i1>
// CHECK: util.global private @tensor_i8 = #flow.parameter.named<"scope"::"tensor_i8"> : tensor<i8>
util.global private @tensor_i8 = #flow.parameter.named<"scope"::"tensor_i8"> : tensor<i8>
// CHECK: util.global private @tensor_1x2xi32 = #flow.parameter.named<"scope"::"tensor_1x2xi32"> : tensor<1x2xi32>
util.global private @tensor_1x2xi32 = #flow.parameter.named<"scope"::"tensor_1x2xi32"> : tensor<1x2xi32>
// CHECK: util.global private @tensor_2x2xi4 = #flow.parameter.named<"scope"::"tensor_2x2xi4"> : tensor<2x2xi4>
util.global private @tensor_2x2xi4 = #flow.parameter.named<"scope"::"tensor_2x2xi4"> : tensor<2x2xi4>
// CHECK: util.global private @tensor_3xi4 = #flow.parameter.named<"scope"::"tensor_3xi4"> : tensor<3xi4>
util.global private @tensor_3xi4 = #flow.parameter.named<"scope"::"tensor_3xi4"> : tensor<3xi4>

// CHECK-LABEL: func.func @function
func.func @function() -> tensor<1xf32> {
  // CHECK: flow.tensor.constant #flow.parameter.named<"scope"::"inline"> : tensor<1xf32>
  %0 = flow.tensor.constant #flow.parameter.named<"scope"::"inline"> : tensor<1xf32>
  return %0 : tensor<1xf32>
}

// DUMP://===--------------------------------------------------------------------------------------------------------------===//
// DUMP-NEXT:// Parameter scope <global> (6 entries, 18 total bytes)
// DUMP-NEXT://===------------+------------------+------------------+-----------------------------------------------------------===//
// DUMP-NEXT://         Start |              End |           Length | Key
// DUMP-NEXT://---------------+------------------+------------------+--------------------------------------------------------------//
// DUMP-NEXT:               - |                - |                1 | `tensor_i1`
// DUMP-NEXT:               - |                - |                1 | `tensor_i8`
// DUMP-NEXT:               - |                - |                8 | `tensor_1x2xi32`
// DUMP-NEXT:               - |                - |                2 | `tensor_2x2xi4`
// DUMP-NEXT:               - |                - |                2 | `tensor_3xi4`
// DUMP-NEXT:               - |                - |                4 | `inline`
// DUMP-EMPTY:
