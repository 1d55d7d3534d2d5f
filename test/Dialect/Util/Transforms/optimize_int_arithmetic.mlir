// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-optimize-int-arithmetic %s | FileCheck %s

// stream-passes-2.md §15.2.

// Signed ops on provably non-negative values become unsigned.
// CHECK-LABEL: @toUnsigned
util.func public @toUnsigned(%arg0: index, %arg1: i32) -> (index, index, index, index, index, i64) {
  %0:2 = util.assume.int %arg0<umin = 0, umax = 100>, %arg1<umin = 1, umax = 9> : index, i32
  %c4 = arith.constant 4 : index
  // CHECK: arith.divui
  %1 = arith.divsi %0#0, %c4 : index
  // CHECK: arith.remui
  %2 = arith.remsi %1, %c4 : index
  // CHECK: arith.ceildivui
  %3 = arith.ceildivsi %0#0, %c4 : index
  // CHECK: arith.minui
  %4 = arith.minsi %0#0, %c4 : index
  // CHECK: arith.maxui
  %5 = arith.maxsi %0#0, %c4 : index
  // CHECK: arith.extui
  %6 = arith.extsi %0#1 : i32 to i64
  util.return %2, %3, %4, %5, %0#0, %6 : index, index, index, index, index, i64
}

// -----

// Possibly negative: stays signed.
// CHECK-LABEL: @staysSigned
util.func public @staysSigned(%arg0: index) -> index {
  %c4 = arith.constant 4 : index
  // CHECK: arith.divsi
  %0 = arith.divsi %arg0, %c4 : index
  util.return %0 : index
}

// -----

// Index values must fit in 32 bits unless index-is-i64.
// CHECK-LABEL: @wideIndex
util.func public @wideIndex(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0, umax = 10000000000> : index
  %c4 = arith.constant 4 : index
  // CHECK: arith.divsi
  %1 = arith.divsi %0, %c4 : index
  util.return %1 : index
}

// -----

// Decidable comparisons and constant ranges become constants.
// CHECK-LABEL: @constantRanges
util.func public @constantRanges(%arg0: index) -> (i1, index) {
  %0 = util.assume.int %arg0<umin = 4, umax = 8> : index
  %c16 = arith.constant 16 : index
  // CHECK-DAG: %[[TRUE:.+]] = arith.constant true
  %1 = arith.cmpi ult, %0, %c16 : index
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  %2 = arith.divui %0, %c16 : index
  // CHECK: util.return %[[TRUE]], %[[C0]]
  util.return %1, %2 : i1, index
}

// -----

// remui of a known multiple of the divisor is 0.
// CHECK-LABEL: @remuiDivisibility
util.func public @remuiDivisibility(%arg0: index) -> (index, index) {
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %0 = arith.muli %arg0, %c16 : index
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  %1 = arith.remui %0, %c4 : index
  // CHECK-DAG: %[[REM:.+]] = arith.remui %{{.+}}, %c32
  %2 = arith.remui %0, %c32 : index
  // CHECK: util.return %[[C0]], %[[REM]]
  util.return %1, %2 : index, index
}

// -----

// i64 arithmetic between index casts becomes index arithmetic.
// CHECK-LABEL: @hoistIndexCast
util.func public @hoistIndexCast(%arg0: index, %arg1: index) -> index {
  %0:2 = util.assume.int %arg0<umin = 0, umax = 100>, %arg1<umin = 0, umax = 100> : index, index
  %a = arith.index_cast %0#0 : index to i64
  %b = arith.index_cast %0#1 : index to i64
  %c = arith.addi %a, %b : i64
  // CHECK: %[[SUM:.+]] = arith.addi %{{.+}}#0, %{{.+}}#1 : index
  %d = arith.index_castui %c : i64 to index
  // CHECK: util.return %[[SUM]]
  util.return %d : index
}

// -----

// trunci of an index cast is one index_castui.
// CHECK-LABEL: @elideTrunc
util.func public @elideTrunc(%arg0: index) -> i32 {
  // CHECK: %[[C:.+]] = arith.index_castui %arg0 : index to i32
  %0 = arith.index_cast %arg0 : index to i64
  %1 = arith.trunci %0 : i64 to i32
  // CHECK: util.return %[[C]]
  util.return %1 : i32
}

// -----

// affine.apply is expanded to arith first.
// CHECK-LABEL: @affine
util.func public @affine(%arg0: index) -> index {
  // CHECK-NOT: affine.apply
  // CHECK: arith.muli
  %0 = affine.apply affine_map<(d0) -> (d0 * 4)>(%arg0)
  util.return %0 : index
}

// -----

// util.align contributes its range and divisibility.
// CHECK-LABEL: @align
util.func public @align(%arg0: index) -> index {
  %0 = util.assume.int %arg0<umin = 0, umax = 1000> : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %1 = util.align %0, %c16 : index
  // CHECK: %[[C0:.+]] = arith.constant 0 : index
  %2 = arith.remui %1, %c8 : index
  // CHECK: util.return %[[C0]]
  util.return %2 : index
}

// -----

// An integer constant with no elements has no range to infer (the upstream
// arith.constant range inference read its first element and crashed): it gets
// the maximal range and is left alone.
// CHECK-LABEL: util.func public @empty_constant_tensor
// CHECK: %[[C:.+]] = arith.constant dense<> : tensor<0xi32>
// CHECK: util.return %[[C]]
util.func public @empty_constant_tensor() -> tensor<0xi32> {
  %cst = arith.constant dense<> : tensor<0xi32>
  util.return %cst : tensor<0xi32>
}
