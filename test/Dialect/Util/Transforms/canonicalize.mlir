// Sluice's --canonicalize (Canonicalizer.cpp): upstream's argument and
// options, its rewrite run round by round with the region simplification
// skipped after an unchanged round on straight-line IR.

// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s
// RUN: sluice-opt --split-input-file --canonicalize=region-simplify=disabled %s | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: sluice-opt --split-input-file --canonicalize=region-simplify=aggressive %s | FileCheck %s --check-prefix=AGGRESSIVE
// RUN: sluice-opt --canonicalize --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not sluice-opt --split-input-file --canonicalize="max-iterations=1 test-convergence=true" %s -o /dev/null
// RUN: sluice-opt --split-input-file --canonicalize="max-iterations=1" %s -o /dev/null
// RUN: sluice-opt --split-input-file --canonicalize="max-num-rewrites=1" %s | FileCheck %s --check-prefix=BUDGET

// The options print as upstream's.
// OPTIONS: canonicalize{ max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}

// Straight-line code: folds, and nothing for the region simplification.
// CHECK-LABEL: func.func @straight_line
// CHECK-NEXT: %[[C:.+]] = arith.constant 7 : i32
// CHECK-NEXT: %[[R:.+]] = scf.if
// CHECK:      return %[[R]]
// BUDGET-LABEL: func.func @straight_line
func.func @straight_line(%c: i1, %x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %s = arith.addi %c3, %c4 : i32
  %r = scf.if %c -> i32 {
    %m = arith.muli %x, %s : i32
    scf.yield %m : i32
  } else {
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// A loop-carried value used only by itself: no op is trivially dead, the
// region DCE of the Normal and Aggressive levels erases it.
// CHECK-LABEL: func.func @dead_loop_value
// CHECK-NOT:   arith.addi
// CHECK:       return
// NOSIMPLIFY-LABEL: func.func @dead_loop_value
// NOSIMPLIFY:       arith.addi
// AGGRESSIVE-LABEL: func.func @dead_loop_value
// AGGRESSIVE-NOT:   arith.addi
// AGGRESSIVE:       return
func.func @dead_loop_value(%c: i1, %x: i32) {
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  %n = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1(%n : i32), ^bb2
^bb2:
  return
}

// -----

// Identical blocks merge only at the Aggressive level.
// CHECK-LABEL: func.func @identical_blocks
// CHECK-COUNT-2: return
// AGGRESSIVE-LABEL: func.func @identical_blocks
// AGGRESSIVE-COUNT-1: return
// AGGRESSIVE-NOT: return
func.func @identical_blocks(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  return %x : i32
}

// -----

// An unreachable block (using a value defined after it in no dominance
// order) is erased at every level, region simplification or not.
// CHECK-LABEL: func.func @unreachable_block
// CHECK-NEXT:  return %arg0
// NOSIMPLIFY-LABEL: func.func @unreachable_block
// NOSIMPLIFY-NEXT:  return %arg0
// AGGRESSIVE-LABEL: func.func @unreachable_block
// AGGRESSIVE-NEXT:  return %arg0
func.func @unreachable_block(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %y = arith.addi %y, %y : i32
  cf.br ^bb1
}
