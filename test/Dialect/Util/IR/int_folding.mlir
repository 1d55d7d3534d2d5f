// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// REQUIRES: sluice-opt

// CHECK-LABEL: util.func public @align_constants
util.func public @align_constants() -> (index, index) {
  // CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
  // CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
  // CHECK: util.return %[[C64]], %[[C128]]
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c65 = arith.constant 65 : index
  %c128 = arith.constant 128 : index
  %0 = util.align %c64, %c16 : index
  %1 = util.align %c65, %c64 : index
  util.return %0, %1 : index, index
}

// -----

// CHECK-LABEL: util.func public @align_already_aligned
util.func public @align_already_aligned(%x: index, %y: index) -> (index, index, index, index) {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // CHECK: %[[A:.+]] = util.align %arg0, %c64 : index
  %a = util.align %x, %c64 : index
  // Re-aligning to a divisor of a previous alignment is a no-op.
  %b = util.align %a, %c16 : index
  // Sums of aligned values are aligned.
  // CHECK: %[[S:.+]] = arith.addi %[[A]], %[[A]]
  %s = arith.addi %a, %a : index
  %c = util.align %s, %c16 : index
  // Products with an aligned factor are aligned.
  // CHECK: %[[M:.+]] = arith.muli %arg1, %[[A]]
  %m = arith.muli %y, %a : index
  %d = util.align %m, %c64 : index
  // CHECK: util.return %[[A]], %[[A]], %[[S]], %[[M]]
  util.return %a, %b, %c, %d : index, index, index, index
}

// -----

// CHECK-LABEL: util.func public @align_not_provable
util.func public @align_not_provable(%x: index) -> index {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // Aligning to 16 does not make a value 64-aligned.
  // CHECK: %[[A:.+]] = util.align %arg0, %c16
  // CHECK: %[[B:.+]] = util.align %[[A]], %c64
  %a = util.align %x, %c16 : index
  %b = util.align %a, %c64 : index
  util.return %b : index
}

// -----

// CHECK-LABEL: util.func public @cmp
util.func public @cmp(%a: !util.buffer, %b: !util.buffer) -> (i1, i1, i1) {
  // CHECK-DAG: %[[TRUE:.+]] = arith.constant true
  // CHECK-DAG: %[[FALSE:.+]] = arith.constant false
  // CHECK-DAG: %[[EQ:.+]] = util.cmp.eq %arg0, %arg1
  %0 = util.cmp.eq %a, %a : !util.buffer
  %1 = util.cmp.ne %a, %a : !util.buffer
  %2 = util.cmp.eq %a, %b : !util.buffer
  // CHECK: util.return %[[TRUE]], %[[FALSE]], %[[EQ]]
  util.return %0, %1, %2 : i1, i1, i1
}

// -----

// CHECK-LABEL: util.func public @sizeof
util.func public @sizeof() -> (index, index, index) {
  // CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
  %0 = util.sizeof i1
  %1 = util.sizeof i23
  %2 = util.sizeof i33
  // CHECK: util.return %[[C1]], %[[C4]], %[[C8]]
  util.return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: util.func public @assume_normalize
util.func public @assume_normalize(%a: index, %b: index, %c: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  // Constants bypass the op, pinned values become constants, unused results
  // go, uniform rows collapse.
  // CHECK-DAG: %[[C7:.+]] = arith.constant 7 : index
  // CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
  // CHECK: %[[R:.+]] = util.assume.int %arg2<umin = 1> : index
  // CHECK: util.return %[[C4]], %[[C7]], %[[R]]
  %0:4 = util.assume.int %c4<umin = 1>, %a<umin = 7, umax = 7>, %b<umin = 3>, %c[<umin = 1>, <umin = 1>] : index, index, index, index
  util.return %0#0, %0#1, %0#3 : index, index, index
}

// -----

// CHECK-LABEL: util.func public @assume_dedup
util.func public @assume_dedup(%a: index) -> (index, index) {
  // CHECK: %[[R:.+]] = util.assume.int %arg0<umin = 4, umax = 8, udiv = 12> : index
  // CHECK: util.return %[[R]], %[[R]]
  %0:2 = util.assume.int %a<umin = 2, umax = 8, udiv = 4>, %a<umin = 4, umax = 16, udiv = 6> : index, index
  util.return %0#0, %0#1 : index, index
}

// -----

// CHECK-LABEL: util.func public @assume_div_mul
util.func public @assume_div_mul(%a: index) -> (index, index) {
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  // CHECK: %[[A:.+]] = util.assume.int %arg0<udiv = 8> : index
  %0 = util.assume.int %a<udiv = 8> : index
  %1 = arith.divui %0, %c4 : index
  %2 = arith.muli %1, %c4 : index
  // 3 does not divide 8: kept.
  // CHECK: %[[D:.+]] = arith.divui %[[A]], %c3
  // CHECK: %[[M:.+]] = arith.muli %[[D]], %c3
  %3 = arith.divui %0, %c3 : index
  %4 = arith.muli %3, %c3 : index
  // CHECK: util.return %[[A]], %[[M]]
  util.return %2, %4 : index, index
}
