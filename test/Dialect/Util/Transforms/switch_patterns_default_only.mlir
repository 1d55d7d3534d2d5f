// REQUIRES: sluice-opt
// RUN: sluice-opt --allow-unregistered-dialect --iree-util-apply-patterns %s | FileCheck %s

// A switch whose single predecessor is a default-only switch on the same
// selector. Upstream's cf.switch patterns read the predecessor's (absent)
// case values and crash (null attribute) when the inner switch is matched
// first, as iree-util-apply-patterns does; Sluice's switch patterns treat it
// as "no cases": the outer switch becomes a branch and the blocks merge.

// CHECK-LABEL: func.func @default_only_predecessor
func.func @default_only_predecessor(%s: i32, %x: i32) -> i32 {
  // CHECK-NEXT: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1,
  // CHECK-NEXT:   0: ^bb2
  // CHECK-NEXT: ]
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: "test.a"()
  // CHECK-NEXT: return %arg1
  // CHECK-NEXT: ^bb2:
  // CHECK-NEXT: "test.b"()
  // CHECK-NEXT: return %arg0
  cf.switch %s : i32, [
    default: ^bb1
  ]
^bb1:
  cf.switch %s : i32, [
    default: ^bb2,
    0: ^bb3
  ]
^bb2:
  "test.a"() : () -> ()
  return %x : i32
^bb3:
  "test.b"() : () -> ()
  return %s : i32
}
