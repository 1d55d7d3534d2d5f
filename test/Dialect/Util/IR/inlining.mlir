// The inliner's default canonicalization is disabled so that the output shows
// the util inliner interface's terminator handling as is.
// RUN: sluice-opt --inline='default-pipeline=' --split-input-file %s | FileCheck %s
// REQUIRES: sluice-opt

// Single-block callee: the util.return operands replace the call results.

util.func private @add_one(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %arg0, %c1 : i32
  util.return %0 : i32
}

// CHECK-NOT: @add_one
// CHECK-LABEL: util.func public @single_block
// CHECK-SAME: (%[[ARG:.+]]: i32)
util.func public @single_block(%arg0: i32) -> i32 {
  // CHECK-NOT: util.call
  // CHECK: %[[C1:.+]] = arith.constant 1 : i32
  // CHECK: %[[SUM:.+]] = arith.addi %[[ARG]], %[[C1]] : i32
  %0 = util.call @add_one(%arg0) : (i32) -> i32
  // CHECK-NEXT: util.return %[[SUM]] : i32
  util.return %0 : i32
}

// -----

// Multi-block callee: each util.return becomes a branch to the continuation
// block carrying its operands.

util.func private @select(%cond: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  util.return %a : i32
^bb2:
  util.return %b : i32
}

// CHECK-LABEL: util.func public @multi_block
// CHECK-SAME: (%[[COND:.+]]: i1, %[[A:.+]]: i32, %[[B:.+]]: i32)
util.func public @multi_block(%cond: i1, %a: i32, %b: i32) -> i32 {
  // CHECK-NOT: util.call
  // CHECK: cf.cond_br %[[COND]], ^[[BB1:.+]], ^[[BB2:.+]]
  // CHECK: ^[[BB1]]:
  // CHECK-NEXT: cf.br ^[[CONT:.+]](%[[A]] : i32)
  // CHECK: ^[[BB2]]:
  // CHECK-NEXT: cf.br ^[[CONT]](%[[B]] : i32)
  // CHECK: ^[[CONT]](%[[R:.+]]: i32):
  // CHECK-NEXT: util.return %[[R]] : i32
  %0 = util.call @select(%cond, %a, %b) : (i1, i32, i32) -> i32
  util.return %0 : i32
}

// -----

// Multi-block callee with util.unreachable on one path: it becomes a branch to
// the continuation block with no operands.

util.func private @check(%cond: i1) {
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  util.return
^bb2:
  util.unreachable "bad input"
}

// CHECK-LABEL: util.func public @multi_block_unreachable
// CHECK-SAME: (%[[COND:.+]]: i1)
util.func public @multi_block_unreachable(%cond: i1) -> i32 {
  // CHECK-NOT: util.call
  // CHECK-NOT: util.unreachable
  // CHECK: cf.cond_br %[[COND]], ^[[BB1:.+]], ^[[BB2:.+]]
  // CHECK: ^[[BB1]]:
  // CHECK-NEXT: cf.br ^[[CONT:bb[0-9]+]]{{$}}
  // CHECK: ^[[BB2]]:
  // CHECK-NEXT: cf.br ^[[CONT]]{{$}}
  // CHECK: ^[[CONT]]:
  // CHECK-NEXT: %[[C:.+]] = arith.constant 7 : i32
  // CHECK-NEXT: util.return %[[C]] : i32
  util.call @check(%cond) : (i1) -> ()
  %c7 = arith.constant 7 : i32
  util.return %c7 : i32
}

// -----

// Single-block callee ending in util.unreachable (not covered by the spec):
// the marker is kept as util.scf.unreachable and the never-produced results
// become ub.poison.

util.func private @abort() -> i32 {
  util.unreachable "abort"
}

// CHECK-LABEL: util.func public @single_block_unreachable
util.func public @single_block_unreachable() -> i32 {
  // CHECK-NOT: util.call
  // CHECK: util.scf.unreachable "abort"
  // CHECK-NEXT: %[[P:.+]] = ub.poison : i32
  // CHECK-NEXT: util.return %[[P]] : i32
  %0 = util.call @abort() : () -> i32
  util.return %0 : i32
}

// -----

// Inlining policy: #util.inline.never on the inherent `inlining_policy`
// blocks inlining; #util.inline.always allows it.

// CHECK-LABEL: util.func private @never
util.func private @never() -> i32 attributes {inlining_policy = #util.inline.never} {
  %c1 = arith.constant 1 : i32
  util.return %c1 : i32
}

// CHECK-NOT: @always
util.func private @always() -> i32 attributes {inlining_policy = #util.inline.always} {
  %c2 = arith.constant 2 : i32
  util.return %c2 : i32
}

// CHECK-LABEL: util.func public @policies
util.func public @policies() -> (i32, i32) {
  // CHECK: %[[N:.+]] = util.call @never() : () -> i32
  %0 = util.call @never() : () -> i32
  // CHECK: %[[A:.+]] = arith.constant 2 : i32
  %1 = util.call @always() : () -> i32
  // CHECK: util.return %[[N]], %[[A]] : i32, i32
  util.return %0, %1 : i32, i32
}

// -----

// Inlining policy from a dotted discardable attribute: a callee pinned to
// @dev_a by stream.affinity is inlined only into call sites whose affinity is
// the same.

// CHECK-LABEL: util.func private @on_a
util.func private @on_a() -> i32 attributes {stream.affinity = #hal.device.affinity<@dev_a>} {
  %c3 = arith.constant 3 : i32
  util.return %c3 : i32
}

// CHECK-LABEL: util.func public @same_device
util.func public @same_device() -> i32 attributes {stream.affinity = #hal.device.affinity<@dev_a>} {
  // CHECK-NOT: util.call
  // CHECK: %[[C:.+]] = arith.constant 3 : i32
  // CHECK-NEXT: util.return %[[C]]
  %0 = util.call @on_a() : () -> i32
  util.return %0 : i32
}

// CHECK-LABEL: util.func public @other_device
util.func public @other_device() -> i32 attributes {stream.affinity = #hal.device.affinity<@dev_b>} {
  // CHECK: util.call @on_a() : () -> i32
  %0 = util.call @on_a() : () -> i32
  util.return %0 : i32
}

// CHECK-LABEL: util.func public @no_device
util.func public @no_device() -> i32 {
  // CHECK: util.call @on_a() : () -> i32
  %0 = util.call @on_a() : () -> i32
  util.return %0 : i32
}

// -----

// An undotted discardable attribute is not consulted as a policy.

// CHECK-NOT: @undotted
util.func private @undotted() -> i32 attributes {policy = #util.inline.never} {
  %c4 = arith.constant 4 : i32
  util.return %c4 : i32
}

// CHECK-LABEL: util.func public @calls_undotted
util.func public @calls_undotted() -> i32 {
  // CHECK-NOT: util.call
  // CHECK: arith.constant 4 : i32
  %0 = util.call @undotted() : () -> i32
  util.return %0 : i32
}
