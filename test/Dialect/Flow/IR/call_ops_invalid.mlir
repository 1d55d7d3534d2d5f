// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @undefined(%a: tensor<4xf32>) {
  // expected-error @+1 {{undefined external call: missing}}
  %0 = flow.call @missing(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

util.func private @not_flow(%a: tensor<4xf32>) -> tensor<4xf32>
util.func public @callee_kind(%a: tensor<4xf32>) {
  // expected-error @+1 {{undefined external call: not_flow}}
  %0 = flow.call @not_flow(%a) : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

flow.func private @f(%arg0: tensor<4xf32>) -> tensor<4xf32>
util.func public @type_mismatch(%a: tensor<4xf32>) {
  // expected-error @+1 {{function type mismatch; expected '(tensor<4xf32>) -> tensor<8xf32>' but callee is '(tensor<4xf32>) -> tensor<4xf32>'}}
  %0 = flow.call @f(%a) : (tensor<4xf32>) -> tensor<8xf32>
  util.return
}

// -----

flow.func private @f(%arg0: tensor<?xf32>) -> tensor<4xf32>
util.func public @call_dims(%a: tensor<?xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.call"(%a) <{callee = @f, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<?xf32>) -> tensor<4xf32>
  util.return
}

// -----

util.func public @tied_missing(%a: tensor<4xf32>) {
  // expected-error @+1 {{tied operand not found for result reference %b}}
  %0 = flow.call @f(%a) : (tensor<4xf32>) -> %b
  util.return
}
