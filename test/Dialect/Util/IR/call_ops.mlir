// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

util.func private @f(%a: i32) -> i32
util.func private @g()
util.func private @h(%x: i32, %t: tensor<4xf32>) -> (i32, %t as tensor<2x2xf32>)

// CHECK-LABEL: util.func public @calls
util.func public @calls(%x: i32, %t: tensor<4xf32>) -> tensor<2x2xf32> {
  // CHECK: %[[R:.+]] = util.call @f(%arg0) : (i32) -> i32
  %r = util.call @f(%x) : (i32) -> i32
  // CHECK: util.call @g() : () -> ()
  util.call @g() : () -> ()
  // CHECK: %{{.+}}:2 = util.call @h(%[[R]], %arg1) : (i32, tensor<4xf32>) -> (i32, %arg1 as tensor<2x2xf32>)
  %0:2 = util.call @h(%r, %t) : (i32, tensor<4xf32>) -> (i32, %t as tensor<2x2xf32>)
  util.return %0#1 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: util.func public @barrier
util.func public @barrier(%a: i32, %b: index) -> (i32, index) {
  // CHECK: %[[B:.+]]:2 = util.optimization_barrier %arg0, %arg1 : i32, index
  %0:2 = util.optimization_barrier %a, %b : i32, index
  // CHECK: util.optimization_barrier{{$}}
  util.optimization_barrier
  util.return %0#0, %0#1 : i32, index
}

// -----

// CHECK-LABEL: util.func public @unreachable
util.func public @unreachable(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  // CHECK: util.scf.unreachable "never here"
  util.scf.unreachable "never here"
  util.return
^b:
  // CHECK: util.unreachable "nope"
  util.unreachable "nope"
}
