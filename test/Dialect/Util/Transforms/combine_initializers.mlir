// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-util-verify-initialization-order --iree-util-combine-initializers --iree-util-verify-initialization-order %s | FileCheck %s

// stream-passes-2.md §15.8.

// CHECK: util.global private mutable @A : index
util.global private mutable @A = 1 : index
// CHECK-NEXT: util.global private @B : index
util.global private @B : index
// CHECK-NEXT: util.global private mutable @C : index
util.global private mutable @C = 3 : index
// CHECK-NEXT: util.global private @D : index
util.global private @D : index
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:   util.global.store %[[C1]], @A : index
// CHECK-NEXT:   %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT:   util.global.store %[[C3]], @C : index
// CHECK-NEXT:   %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:   util.global.store %[[C2]], @B : index
// CHECK-NEXT:   %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT:   util.global.store %[[C4]], @D : index
// CHECK-NEXT:   util.return
// CHECK-NEXT: }
// CHECK-NOT: util.initializer
util.initializer {
  %c2 = arith.constant 2 : index
  util.global.store %c2, @B : index
  util.return
}
util.initializer {
  %c4 = arith.constant 4 : index
  util.global.store %c4, @D : index
  util.return
}

// -----

// Only globals with initial values (no initializer): unchanged.
// CHECK: util.global private @X = 1 : index
util.global private @X = 1 : index
// CHECK: util.global private @Y = 2 : index
util.global private @Y = 2 : index
// CHECK-NOT: util.initializer

// -----

// A single initialization point: unchanged.
// CHECK: util.global private @X : index
util.global private @X : index
// CHECK: util.initializer
util.initializer {
  %c1 = arith.constant 1 : index
  util.global.store %c1, @X : index
  util.return
}

// -----

// A global touched by a function the initializer calls moves with it;
// functions stay put.
// CHECK: util.global private @first : i32
util.global private @first = 1 : i32
util.func private @helper() -> index {
  %0 = util.global.load @late : index
  util.return %0 : index
}
// CHECK: util.global private mutable @late : index
util.global private mutable @late = 7 : index
// CHECK-NEXT: util.global private @result : index
// CHECK-NEXT: util.initializer {
// CHECK: util.global.store %{{.+}}, @first
// CHECK: util.global.store %{{.+}}, @late
// CHECK: util.call @helper
// CHECK: util.global.store %{{.+}}, @result
// CHECK: util.return
// CHECK-NEXT: }
// CHECK-NEXT: util.func private @helper
util.global private @result : index
util.initializer {
  %0 = util.call @helper() : () -> index
  util.global.store %0, @result : index
  util.return
}

// -----

// Multi-block initializer bodies are inlined as blocks.
util.global private mutable @cond = true
util.global private mutable @value : index
// CHECK: util.initializer {
// CHECK:   util.global.store %{{.+}}, @cond
// CHECK:   cf.br ^bb1
// CHECK: ^bb1:
// CHECK:   cf.cond_br %{{.+}}, ^bb2, ^bb3
// CHECK: ^bb2:
// CHECK:   cf.br ^bb4
// CHECK: ^bb3:
// CHECK:   cf.br ^bb4
// CHECK: ^bb4:
// CHECK:   util.global.store %{{.+}}, @value
// CHECK:   util.return
util.initializer {
  %0 = util.global.load @cond : i1
  cf.cond_br %0, ^bb1, ^bb2
^bb1:
  %c1 = arith.constant 1 : index
  util.global.store %c1, @value : index
  util.return
^bb2:
  util.return
}
util.initializer {
  %c2 = arith.constant 2 : index
  util.global.store %c2, @value : index
  util.return
}
