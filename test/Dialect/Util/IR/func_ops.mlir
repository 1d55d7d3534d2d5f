// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// RUN: sluice-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: sluice-opt

// Declarations: type-only arguments print with %argN names; the visibility
// word is always printed.

// CHECK: util.func private @decl(%arg0: !hal.buffer_view) -> !hal.buffer_view
// GENERIC: sym_name = "decl", sym_visibility = "private", tied_operands = [-1 : index]
util.func private @decl(!hal.buffer_view) -> !hal.buffer_view

// -----

// No visibility keyword: nothing stored, `public` printed. `-> ()` is the same
// as no arrow.

// CHECK: util.func public @no_visibility(%arg0: i32)
// CHECK-NOT: ->
// GENERIC: function_type = (i32) -> (), sym_name = "no_visibility"}
util.func @no_visibility(%a: i32) -> () {
  util.return
}

// -----

// Tied results name an argument; ` as T` only when the type differs; result
// attributes force parentheses.

// CHECK-LABEL: util.func private @scale
// CHECK-SAME: (%arg0: tensor<?xf32> {my.note}, %arg1: index) -> (%arg0 {ret.note}, i1)
// CHECK-SAME: attributes {inlining_policy = "never"}
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: util.return %arg0, %true : tensor<?xf32>, i1
// GENERIC: tied_operands = [0 : index, -1 : index]
util.func private @scale(%arg0: tensor<?xf32> {my.note}, %arg1: index) -> (%arg0 {ret.note}, i1)
    attributes {inlining_policy = "never"} {
  %ok = arith.constant true
  util.return %arg0, %ok : tensor<?xf32>, i1
}

// -----

// CHECK-LABEL: util.func public @tied_as
// CHECK-SAME: (%arg0: i32, %arg1: tensor<4xf32>) -> (i32, %arg1 as tensor<2x2xf32>)
util.func public @tied_as(%x: i32, %t: tensor<4xf32>) -> (i32, %t as tensor<2x2xf32>) {
  %s = arith.constant dense<2> : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  util.return %x, %r : i32, tensor<2x2xf32>
}

// -----

// A single tied result without parentheses.

// CHECK-LABEL: util.func public @single_tied
// CHECK-SAME: (%arg0: !util.buffer) -> %arg0
util.func public @single_tied(%b: !util.buffer) -> %b {
  util.return %b : !util.buffer
}

// -----

// Discardable attributes go to `attributes {...}`.

// CHECK: util.func public @attrs() attributes {iree.abi.stub, stream.note = 1 : i64}
util.func public @attrs() attributes {iree.abi.stub, stream.note = 1 : i64} {
  util.return
}

// -----

// Multi-block bodies.

// CHECK-LABEL: util.func public @blocks
// CHECK: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: util.return %c1_i32 : i32
// CHECK: ^bb2:
// CHECK: util.return %c2_i32 : i32
util.func public @blocks(%c: i1) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %one = arith.constant 1 : i32
  util.return %one : i32
^b:
  %two = arith.constant 2 : i32
  util.return %two : i32
}
