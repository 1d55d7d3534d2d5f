// REQUIRES: sluice-opt
// Sluice's --cse (CSE.cpp): MLIR's declaration and rewrite behind an
// UnchangedIRGuard. (Its statistics exist only in builds with
// LLVM_ENABLE_STATS, which Release builds and this suite do not have.)
// RUN: sluice-opt --split-input-file --cse %s | FileCheck %s
// A second run finds nothing (and says so: the lit suite checks the claim).
// RUN: sluice-opt --split-input-file --cse --cse %s | FileCheck %s

// One addition is CSE'd, one unused multiplication is DCE'd.
// CHECK-LABEL: util.func public @dedup
util.func public @dedup(%x: i32) -> (i32, i32) {
  // CHECK-NEXT: %[[A:.+]] = arith.addi %arg0, %arg0
  // CHECK-NEXT: util.return %[[A]], %[[A]]
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %m = arith.muli %x, %x : i32
  util.return %a, %b : i32, i32
}

// -----

// Nothing shared across blocks that do not dominate each other; an op in a
// nested region is replaced by a dominating equivalent outside it.
// CHECK-LABEL: util.func public @regions
util.func public @regions(%x: i32, %c: i1) -> (i32, i32) {
  // CHECK: %[[A:.+]] = arith.addi %arg0, %arg0
  // CHECK: scf.if
  // CHECK-NEXT: scf.yield %[[A]]
  %a = arith.addi %x, %x : i32
  %r = scf.if %c -> i32 {
    %b = arith.addi %x, %x : i32
    scf.yield %b : i32
  } else {
    scf.yield %x : i32
  }
  util.return %a, %r : i32, i32
}

// -----

// An unreachable block and a self-loop: the loop's addition is replaced by
// the entry's, which dominates it; the unreachable block is left alone.
// CHECK-LABEL: func.func @cfg
func.func @cfg(%x: i32, %c: i1) -> i32 {
  // CHECK: %[[A:.+]] = arith.addi %arg0, %arg0
  // CHECK-NEXT: cf.br ^[[LOOP:.+]]
  %a = arith.addi %x, %x : i32
  cf.br ^loop
// CHECK: ^[[LOOP]]:
// CHECK-NEXT: cf.cond_br %arg1, ^[[LOOP]], ^[[EXIT:bb[0-9]+]]
^loop:
  %b = arith.addi %x, %x : i32
  cf.cond_br %c, ^loop, ^exit
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: %[[S:.+]] = arith.muli %[[A]], %[[A]]
// CHECK-NEXT: return %[[S]]
^exit:
  %s = arith.muli %a, %b : i32
  return %s : i32
// CHECK: ^{{.+}}:
// CHECK-NEXT: %[[D:.+]] = arith.addi %arg0, %arg0
// CHECK-NEXT: return %[[D]]
^unreachable:
  %d = arith.addi %x, %x : i32
  return %d : i32
}
