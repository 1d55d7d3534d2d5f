// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// CHECK: util.global private @device : !hal.device
util.global private @device : !hal.device
// CHECK: util.global public mutable @counter = 0 : i32
util.global mutable @counter = 0 : i32
// CHECK: util.global private @w = #util.uninitialized : tensor<4xf32>
util.global private @w = #util.uninitialized : tensor<4xf32>
// A typed initial value of another (compatible) type keeps the explicit type.
// CHECK: util.global private @dyn : tensor<?xf32> = dense<1.000000e+00> : tensor<4xf32>
util.global private @dyn : tensor<?xf32> = dense<1.0> : tensor<4xf32>
// Discardable attributes print between the name and the type.
// CHECK: util.global private @policy {inlining_policy = #util.inline.never, test.note} : i32
util.global private @policy {inlining_policy = #util.inline.never, test.note} : i32
// CHECK: util.global nested @nested : index
util.global nested @nested : index

// CHECK-LABEL: util.func public @accessors
util.func public @accessors() -> (!hal.device, i32) {
  // CHECK: %device = util.global.load immutable @device : !hal.device
  %0 = util.global.load immutable @device : !hal.device
  // CHECK: %counter = util.global.load @counter : i32
  %1 = util.global.load @counter : i32
  // CHECK: util.global.store %counter, @counter : i32
  util.global.store %1, @counter : i32
  // A dynamically shaped load of a statically typed global is compatible.
  // CHECK: %dyn = util.global.load @dyn : tensor<?xf32>
  %2 = util.global.load @dyn : tensor<?xf32>
  // CHECK: %ptr_counter = util.global.address @counter : !util.ptr<i32>
  %3 = util.global.address @counter : !util.ptr<i32>
  // CHECK: %[[V:.+]] = util.global.load.indirect %ptr_counter : !util.ptr<i32> -> i32
  %4 = util.global.load.indirect %3 : !util.ptr<i32> -> i32
  // CHECK: util.global.store.indirect %[[V]], %ptr_counter : i32 -> !util.ptr<i32>
  util.global.store.indirect %4, %3 : i32 -> !util.ptr<i32>
  util.return %0, %1 : !hal.device, i32
}

// CHECK: util.initializer {
// CHECK-NEXT: %[[C:.+]] = arith.constant 1 : i32
// CHECK-NEXT: util.global.store %[[C]], @counter : i32
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.initializer {
  %c = arith.constant 1 : i32
  util.global.store %c, @counter : i32
  util.return
}

// CHECK: util.initializer attributes {test.attr} {
util.initializer attributes {test.attr} {
  cf.br ^bb1
^bb1:
  util.return
}
