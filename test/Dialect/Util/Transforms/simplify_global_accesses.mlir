// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(util.func(iree-util-simplify-global-accesses),util.initializer(iree-util-simplify-global-accesses))' %s | FileCheck %s

// stream-passes-2.md §15.3.

util.global private @varA = 1 : i32
// CHECK-LABEL: @hoistImmutableLoads
util.func public @hoistImmutableLoads(%arg0: i1) -> i32 {
  // CHECK-NEXT: %[[A:.+]] = util.global.load @varA : i32
  // CHECK-NEXT: cf.cond_br
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  // CHECK-NOT: util.global.load
  %0 = util.global.load @varA : i32
  // CHECK: util.return %[[A]]
  util.return %0 : i32
^bb2:
  %1 = util.global.load @varA : i32
  // CHECK: util.return %[[A]]
  util.return %1 : i32
}

// -----

util.global private mutable @varB = 2 : i32
util.global private mutable @varC = 3 : i32
// Loads move to the top in reverse name order, stores to the bottom in name
// order.
// CHECK-LABEL: @moveAccesses
util.func public @moveAccesses() {
  // CHECK-NEXT: %[[C:.+]] = util.global.load @varC
  // CHECK-NEXT: %[[B:.+]] = util.global.load @varB
  // CHECK-NEXT: %[[ONE:.+]] = arith.constant 1
  %c1 = arith.constant 1 : i32
  %0 = util.global.load @varB : i32
  %1 = util.global.load @varC : i32
  // CHECK-NEXT: %[[SUM:.+]] = arith.addi %[[B]], %[[C]]
  %2 = arith.addi %0, %1 : i32
  util.global.store %2, @varC : i32
  util.global.store %c1, @varB : i32
  // CHECK-NEXT: util.global.store %[[ONE]], @varB
  // CHECK-NEXT: util.global.store %[[SUM]], @varC
  // CHECK-NEXT: util.return
  util.return
}

// -----

util.global private mutable @varA : i32
// A load after a store takes the stored value; then the first store is dead.
// CHECK-LABEL: @forwarding
util.func public @forwarding() {
  // CHECK-NEXT: %[[A:.+]] = util.global.load @varA
  // CHECK-NEXT: util.global.store %[[A]], @varA
  // CHECK-NEXT: util.return
  %0 = util.global.load @varA : i32
  util.global.store %0, @varA : i32
  %1 = util.global.load @varA : i32
  util.global.store %1, @varA : i32
  util.return
}

// -----

util.global private mutable @varA : i32
util.func private @other()
// Calls block motion and forwarding.
// CHECK-LABEL: @blockedByCall
util.func public @blockedByCall() -> i32 {
  %c1 = arith.constant 1 : i32
  // CHECK: util.global.store %{{.+}}, @varA
  util.global.store %c1, @varA : i32
  // CHECK-NEXT: util.call @other
  util.call @other() : () -> ()
  // CHECK-NEXT: %[[L:.+]] = util.global.load @varA
  %0 = util.global.load @varA : i32
  // CHECK-NEXT: util.return %[[L]]
  util.return %0 : i32
}

// -----

util.global private mutable @varA : i32
// Loads are merged (RAR).
// CHECK-LABEL: @mergeLoads
util.func public @mergeLoads() -> (i32, i32) {
  // CHECK-NEXT: %[[L:.+]] = util.global.load @varA
  %0 = util.global.load @varA : i32
  %1 = util.global.load @varA : i32
  // CHECK-NEXT: util.return %[[L]], %[[L]]
  util.return %0, %1 : i32, i32
}

// -----

util.global private @immutable : i32
util.global private mutable @sink : i32
// Inside an initializer immutable globals are not hoisted (the initializer
// may be what initializes them) but take part in forwarding.
// CHECK-LABEL: util.initializer
util.initializer {
  // CHECK-NEXT: %[[C:.+]] = arith.constant 1
  %c1 = arith.constant 1 : i32
  // CHECK-NEXT: util.global.store %[[C]], @immutable
  util.global.store %c1, @immutable : i32
  // CHECK-NOT: util.global.load
  %0 = util.global.load @immutable : i32
  // CHECK-NEXT: util.global.store %[[C]], @sink
  util.global.store %0, @sink : i32
  util.return
}

// -----

util.global private mutable @varA : i32
// An indirect access stops everything after the immutable hoisting.
// CHECK-LABEL: @indirect
util.func public @indirect(%ptr: !util.ptr<i32>) -> i32 {
  %c1 = arith.constant 1 : i32
  // CHECK: util.global.store %{{.+}}, @varA
  util.global.store %c1, @varA : i32
  // CHECK: util.global.load.indirect
  %0 = util.global.load.indirect %ptr : !util.ptr<i32> -> i32
  // CHECK: util.global.load @varA
  %1 = util.global.load @varA : i32
  util.return %1 : i32
}
