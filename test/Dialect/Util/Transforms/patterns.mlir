// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-apply-patterns --allow-unregistered-dialect %s | FileCheck %s

// stream-passes-2.md §15.4.

// Edges (%a, %a, %b, %a) and (%b, %a, %a, %a): only argument 3 folds into
// argument 1. (The block is then turned into selects by the cf patterns.)
// CHECK-LABEL: @foldBlockArgs
util.func public @foldBlockArgs(%cond: i1, %a: index, %b: index) -> (index, index, index, index) {
  // CHECK-DAG: %[[S0:.+]] = arith.select %arg0, %arg1, %arg2
  // CHECK-DAG: %[[S2:.+]] = arith.select %arg0, %arg2, %arg1
  cf.cond_br %cond, ^bb1(%a, %a, %b, %a : index, index, index, index), ^bb1(%b, %a, %a, %a : index, index, index, index)
^bb1(%0: index, %1: index, %2: index, %3: index):
  // CHECK: util.return %[[S0]], %arg1, %[[S2]], %arg1
  util.return %0, %1, %2, %3 : index, index, index, index
}

// -----

// Block arguments in a loop: the duplicate argument folds, the loop stays.
// CHECK-LABEL: @foldLoopArgs
util.func public @foldLoopArgs(%a: index) -> index {
  // CHECK: cf.br ^bb1(%arg0 : index)
  cf.br ^bb1(%a, %a : index, index)
// CHECK: ^bb1(%[[X:.+]]: index):
^bb1(%x: index, %y: index):
  // CHECK: %[[SUM:.+]] = arith.addi %[[X]], %[[X]]
  %sum = arith.addi %x, %y : index
  %cond = "test.cond"(%sum) : (index) -> i1
  // CHECK: cf.cond_br %{{.+}}, ^bb1(%[[SUM]] : index), ^bb2
  cf.cond_br %cond, ^bb1(%sum, %sum : index, index), ^bb2
^bb2:
  util.return %x : index
}

// -----

// A uniform operand (ignoring self edges) replaces the block argument.
// CHECK-LABEL: @elideBranchOperands
util.func public @elideBranchOperands(%a: index) -> index {
  // CHECK: cf.br ^bb1
  cf.br ^bb1(%a : index)
// CHECK: ^bb1:
^bb1(%x: index):
  %cond = "test.cond"(%x) : (index) -> i1
  // CHECK: "test.cond"(%arg0)
  cf.cond_br %cond, ^bb1(%x : index), ^bb2
^bb2:
  // CHECK: util.return %arg0
  util.return %x : index
}

// -----

// A one-case index_switch becomes an scf.if (here folded further to a
// select by the scf patterns).
// CHECK-LABEL: @indexSwitchToIf
util.func public @indexSwitchToIf(%arg: index) -> index {
  // CHECK: %[[C5:.+]] = arith.constant 5 : index
  // CHECK: %[[EQ:.+]] = arith.cmpi eq, %arg0, %[[C5]]
  // CHECK: arith.select %[[EQ]]
  %0 = scf.index_switch %arg -> index
  case 5 {
    %c1 = arith.constant 1 : index
    scf.yield %c1 : index
  }
  default {
    %c2 = arith.constant 2 : index
    scf.yield %c2 : index
  }
  util.return %0 : index
}

// -----

// A one-case index_switch with side effects becomes an scf.if.
// CHECK-LABEL: @indexSwitchToIfEffects
util.func public @indexSwitchToIfEffects(%arg: index) {
  // CHECK: %[[EQ:.+]] = arith.cmpi eq
  // CHECK: scf.if %[[EQ]] {
  // CHECK-NEXT: "test.a"
  // CHECK-NEXT: } else {
  // CHECK-NEXT: "test.b"
  scf.index_switch %arg
  case 5 {
    "test.a"() : () -> ()
    scf.yield
  }
  default {
    "test.b"() : () -> ()
  }
  util.return
}

// -----

// Adjacent switches on the same selector with the same cases merge; the
// second switch's uses of the first's results are remapped.
// CHECK-LABEL: @mergeIndexSwitch
util.func public @mergeIndexSwitch(%arg: index) -> (index, index) {
  // CHECK: %[[R:.+]]:2 = scf.index_switch %arg0 -> index, index
  // CHECK-NEXT: case 0 {
  // CHECK-NEXT: %[[A:.+]] = "test.a"()
  // CHECK-NEXT: %[[B:.+]] = "test.b"(%[[A]])
  // CHECK-NEXT: scf.yield %[[A]], %[[B]]
  // CHECK: case 1 {
  // CHECK-NEXT: %[[A1:.+]] = "test.a1"()
  // CHECK-NEXT: scf.yield %[[A1]], %[[A1]]
  // CHECK: default {
  // CHECK-NEXT: %[[C:.+]] = "test.c"()
  // CHECK-NEXT: scf.yield %[[C]], %arg0
  %0 = scf.index_switch %arg -> index
  case 0 {
    %a = "test.a"() : () -> index
    scf.yield %a : index
  }
  case 1 {
    %a1 = "test.a1"() : () -> index
    scf.yield %a1 : index
  }
  default {
    %c = "test.c"() : () -> index
    scf.yield %c : index
  }
  %1 = scf.index_switch %arg -> index
  case 0 {
    %b = "test.b"(%0) : (index) -> index
    scf.yield %b : index
  }
  case 1 {
    scf.yield %0 : index
  }
  default {
    scf.yield %arg : index
  }
  // CHECK: util.return %[[R]]#0, %[[R]]#1
  util.return %0, %1 : index, index
}

// -----

// Different selectors ([QUIRK AP2] fixed): not merged.
// CHECK-LABEL: @noMergeDifferentSelector
util.func public @noMergeDifferentSelector(%arg0: index, %arg1: index) {
  // CHECK: scf.index_switch %arg0
  scf.index_switch %arg0
  case 0 {
    "test.a"() : () -> ()
    scf.yield
  }
  case 1 {
    "test.a1"() : () -> ()
    scf.yield
  }
  default {
  }
  // CHECK: scf.index_switch %arg1
  scf.index_switch %arg1
  case 0 {
    "test.b"() : () -> ()
    scf.yield
  }
  case 1 {
    "test.b1"() : () -> ()
    scf.yield
  }
  default {
  }
  util.return
}

// -----

// An scf.if with an unreachable branch runs the other one inline; a branch
// to a block holding only util.unreachable is unreachable itself.
// CHECK-LABEL: @unreachableIf
util.func public @unreachableIf(%cond: i1) -> index {
  // CHECK-NOT: scf.if
  // CHECK: %[[V:.+]] = "test.value"()
  %0 = scf.if %cond -> index {
    util.scf.unreachable "nope"
    %p = "test.poison"() : () -> index
    scf.yield %p : index
  } else {
    %v = "test.value"() : () -> index
    scf.yield %v : index
  }
  // CHECK: util.return %[[V]]
  util.return %0 : index
}

// -----

// CHECK-LABEL: @unreachableBranch
util.func public @unreachableBranch(%cond: i1) {
  // CHECK: "test.before"
  // CHECK-NEXT: util.unreachable "bad"
  "test.before"() : () -> ()
  cf.br ^bb1
^bb1:
  util.unreachable "bad"
}
