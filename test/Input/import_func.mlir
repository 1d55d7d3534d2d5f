// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-import-func %s | FileCheck %s

// execution.md §2.2 step 3.

// CHECK-LABEL: util.func public @entry
// CHECK-SAME: (%[[A:.+]]: tensor<4xf32> {iree.abi.name = "lhs"}, %[[N:.+]]: index)
// CHECK-SAME: -> (tensor<4xf32> {iree.abi.name = "out"})
// CHECK-SAME: attributes {iree.reflection = {k = "v"}}
func.func @entry(%a: tensor<4xf32> {iree.abi.name = "lhs"}, %n: index) -> (tensor<4xf32> {iree.abi.name = "out"}) attributes {iree.reflection = {k = "v"}} {
  // CHECK: %[[OK:.+]] = arith.cmpi
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi ult, %n, %c4 : index
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : i32
  // CHECK-DAG: %[[C9:.+]] = arith.constant 9 : i32
  // CHECK: %[[CODE:.+]] = arith.select %[[OK]], %[[C0]], %[[C9]] : i32
  // CHECK-NEXT: util.status.check_ok %[[CODE]], "index out of range"
  cf.assert %ok, "index out of range"
  // CHECK: %[[R:.+]] = util.call @helper(%[[A]]) {tag} : (tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @helper(%a) {tag} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: scf.if
  %s = scf.if %ok -> tensor<4xf32> {
    // CHECK: util.call @helper
    %t = func.call @helper(%r) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %t : tensor<4xf32>
  } else {
    scf.yield %r : tensor<4xf32>
  }
  // CHECK: util.return %{{.+}} : tensor<4xf32>
  return %s : tensor<4xf32>
}

// CHECK-LABEL: util.func private @helper
func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  // Several blocks and an unreachable block survive.
  // CHECK: cf.br ^bb1
  cf.br ^bb1
// CHECK: ^bb1:
^bb1:
  // CHECK-NEXT: util.return
  return %a : tensor<4xf32>
// CHECK: ^bb2:
^bb2:
  // CHECK-NEXT: util.return
  return %a : tensor<4xf32>
}

// CHECK-LABEL: util.func private @noResults()
// CHECK-NEXT: util.return
// CHECK-NOT: func.
func.func private @noResults() {
  return
}

// -----

// An assert in an initializer; func.func inside executables is untouched.
// CHECK-LABEL: util.initializer
// CHECK: util.status.check_ok %{{.+}}, "bad"
util.initializer {
  %true = arith.constant true
  cf.assert %true, "bad"
  util.return
}
// CHECK: flow.executable
// CHECK: func.func @ex()
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: cf.assert
// CHECK-NEXT: return
flow.executable private @ex {
  builtin.module {
    func.func @ex() {
      %true = arith.constant true
      cf.assert %true, "kept"
      return
    }
  }
}
