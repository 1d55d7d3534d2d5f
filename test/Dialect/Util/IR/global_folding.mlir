// RUN: sluice-opt --split-input-file --canonicalize --cse %s | FileCheck %s
// REQUIRES: sluice-opt

util.global private mutable @g : i32

// A store of a load of the same global is a no-op.
// CHECK-LABEL: util.func public @round_trip
util.func public @round_trip() {
  // CHECK-NOT: util.global.store
  %0 = util.global.load @g : i32
  util.global.store %0, @g : i32
  util.return
}

// -----

util.global private mutable @a : i32
util.global private mutable @b : i32

// CHECK-LABEL: util.func public @different_global
util.func public @different_global() {
  // CHECK: util.global.store %a, @b : i32
  %0 = util.global.load @a : i32
  util.global.store %0, @b : i32
  util.return
}

// -----

util.global private @i : i32

// Immutable loads have no effects: unused ones go, equal ones CSE.
// CHECK-LABEL: util.func public @immutable_load
util.func public @immutable_load() -> (i32, i32) {
  // CHECK: %[[I:.+]] = util.global.load immutable @i : i32
  // CHECK-NEXT: util.return %[[I]], %[[I]]
  %0 = util.global.load immutable @i : i32
  %1 = util.global.load immutable @i : i32
  %2 = util.global.load immutable @i : i32
  util.return %0, %1 : i32, i32
}

// -----

util.global private mutable @counter = 0 : i32

// Initializers that only return are erased; others stay.
// CHECK: util.initializer {
// CHECK-NEXT: arith.constant 1
// CHECK-NEXT: util.global.store
// CHECK-NOT: util.initializer
util.initializer {
  util.return
}
util.initializer {
  %c = arith.constant 1 : i32
  util.global.store %c, @counter : i32
  util.return
}
