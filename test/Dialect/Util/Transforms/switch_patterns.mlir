// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --allow-unregistered-dialect --iree-util-apply-patterns %s | FileCheck %s
// RUN: sluice-opt --split-input-file --allow-unregistered-dialect --iree-util-apply-patterns %s > %t.ours
// RUN: sluice-opt --split-input-file --allow-unregistered-dialect --iree-util-apply-patterns --sluice-upstream-switch-patterns %s > %t.upstream
// RUN: diff %t.ours %t.upstream

// stream-passes-2.md §15.4: iree-util-apply-patterns applies the
// canonicalization patterns of every registered op. For cf.switch it uses
// Sluice's linear patterns (Util/Transforms/SwitchPatterns.cpp) instead of
// upstream's, which are O(cases^2) per match attempt; the rewrites must be
// the same. Every case below is run through apply-patterns with ours and with
// upstream's (hidden flag --sluice-upstream-switch-patterns) and the outputs
// are compared byte for byte.

// A switch with only a default becomes a branch (and the blocks merge).
// CHECK-LABEL: func.func @only_default
func.func @only_default(%s: i32) {
  // CHECK-NOT: cf.switch
  // CHECK: "test.a"() : () -> ()
  // CHECK-NEXT: return
  cf.switch %s : i32, [
    default: ^bb1
  ]
^bb1:
  "test.a"() : () -> ()
  return
}

// -----

// Cases that branch where the default does, with the same operands, are
// dropped; a case with other operands stays.
// CHECK-LABEL: func.func @cases_equal_to_default
func.func @cases_equal_to_default(%s: i32, %x: i32, %y: i32) {
  // CHECK: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1(%arg1 : i32),
  // CHECK-NEXT:   2: ^bb1(%arg2 : i32),
  // CHECK-NEXT:   3: ^bb2
  // CHECK-NEXT: ]
  cf.switch %s : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%x : i32),
    2: ^bb1(%y : i32),
    3: ^bb2,
    4: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  "test.a"(%a) : (i32) -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
}

// -----

// A constant selector picks its case; a value no case has picks the default.
// CHECK-LABEL: func.func @constant_selector
func.func @constant_selector(%x: i32) {
  %c2 = arith.constant 2 : i32
  // CHECK-NOT: cf.switch
  // CHECK: "test.c"(%arg0)
  // CHECK-NEXT: return
  cf.switch %c2 : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3(%x : i32)
  ]
^bb1:
  "test.a"() : () -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
^bb3(%a: i32):
  "test.c"(%a) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @constant_selector_default
func.func @constant_selector_default() {
  %c7 = arith.constant 7 : i32
  // CHECK-NOT: cf.switch
  // CHECK: "test.a"()
  // CHECK-NEXT: return
  cf.switch %c7 : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  "test.a"() : () -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
}

// -----

// Case and default destinations that only forward to another block are
// bypassed, their forwarded arguments remapped to the switch's operands.
// CHECK-LABEL: func.func @pass_through
func.func @pass_through(%s: i32, %x: i32, %y: i32) {
  // (util's ElideBranchOperands then removes the uniform second argument.)
  // CHECK: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb2(%arg2 : i32),
  // CHECK-NEXT:   0: ^bb2(%arg1 : i32),
  // CHECK-NEXT:   1: ^bb1
  // CHECK-NEXT: ]
  // CHECK: ^bb2(%[[P:.+]]: i32):
  // CHECK-NEXT: "test.a"(%[[P]], %arg1)
  cf.switch %s : i32, [
    default: ^bb3(%y : i32),
    0: ^bb1,
    1: ^bb2
  ]
^bb1:
  cf.br ^bb4(%x, %x : i32, i32)
^bb2:
  "test.b"() : () -> ()
  return
^bb3(%a: i32):
  cf.br ^bb4(%a, %x : i32, i32)
^bb4(%p: i32, %q: i32):
  "test.a"(%p, %q) : (i32, i32) -> ()
  return
}

// -----

// A branch cycle is never collapsed into.
// CHECK-LABEL: func.func @pass_through_cycle
func.func @pass_through_cycle(%s: i32) {
  // CHECK: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1,
  // CHECK-NEXT:   0: ^bb2
  cf.switch %s : i32, [
    default: ^bb1,
    0: ^bb2
  ]
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}

// -----

// Reached through case 1 of a switch on the same selector: the inner switch
// branches straight to its case 1; reached through a case the inner switch
// does not have: to its default.
// CHECK-LABEL: func.func @known_from_case
func.func @known_from_case(%s: i32) {
  // CHECK: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1,
  // CHECK-NEXT:   1: ^bb2,
  // CHECK-NEXT:   2: ^bb3
  // CHECK-NEXT: ]
  // CHECK: ^bb2:
  // CHECK-NEXT: "test.one"()
  // CHECK: ^bb3:
  // CHECK-NEXT: "test.other"()
  cf.switch %s : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  "test.a"() : () -> ()
  return
^bb2:
  cf.switch %s : i32, [
    default: ^bb4,
    1: ^bb5
  ]
^bb3:
  cf.switch %s : i32, [
    default: ^bb4,
    1: ^bb5
  ]
^bb4:
  "test.other"() : () -> ()
  return
^bb5:
  "test.one"() : () -> ()
  return
}

// -----

// Reached through the default of a switch on the same selector: the inner
// cases for values the outer switch sends elsewhere are dropped.
// CHECK-LABEL: func.func @excluded_by_default
func.func @excluded_by_default(%s: i32) {
  // CHECK: ^bb1:
  // CHECK-NEXT: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb3,
  // CHECK-NEXT:   3: ^bb4
  // CHECK-NEXT: ]
  cf.switch %s : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb2
  ]
^bb1:
  cf.switch %s : i32, [
    default: ^bb3,
    1: ^bb4,
    2: ^bb4,
    3: ^bb4
  ]
^bb2:
  "test.a"() : () -> ()
  return
^bb3:
  "test.b"() : () -> ()
  return
^bb4:
  "test.c"() : () -> ()
  return
}
