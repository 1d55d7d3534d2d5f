// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @undefined(%x: i32) {
  // expected-error @+1 {{'util.call' op undefined/incompatible callee: missing}}
  util.call @missing(%x) : (i32) -> ()
  util.return
}

// -----

func.func private @not_util(i32)
util.func public @wrong_kind(%x: i32) {
  // expected-error @+1 {{'util.call' op undefined/incompatible callee: not_util}}
  util.call @not_util(%x) : (i32) -> ()
  util.return
}

// -----

util.func private @f(%a: i32) -> i32
util.func public @type_mismatch(%x: i64) -> i32 {
  // expected-error @+1 {{'util.call' op function type mismatch; expected '(i64) -> i32' but callee is '(i32) -> i32'}}
  %0 = util.call @f(%x) : (i64) -> i32
  util.return %0 : i32
}

// -----

util.func private @tied(%a: tensor<4xf32>) -> %a
util.func public @ties_mismatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'util.call' op function tied operands mismatch; have [-1 : index] but callee is [0 : index]}}
  %0 = util.call @tied(%x) : (tensor<4xf32>) -> tensor<4xf32>
  util.return %0 : tensor<4xf32>
}

// -----

util.func public @unknown_tie(%x: i32) {
  // expected-error @+1 {{tied operand not found for result reference %y}}
  %0 = util.call @f(%x) : (i32) -> %y
  util.return
}

// -----

util.func public @bad_tied_index(%x: i32) -> i32 {
  // expected-error @+1 {{op results/tied operand indices mismatch}}
  %0 = "util.call"(%x) <{callee = @f, tied_operands = [-1 : index, -1 : index]}> : (i32) -> i32
  util.return %0 : i32
}
