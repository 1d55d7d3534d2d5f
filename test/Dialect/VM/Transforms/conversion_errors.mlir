// REQUIRES: sluice-opt
// --iree-vm-conversion on what it cannot lower: the op left over is named
// by the full conversion and the pass fails.

// RUN: sluice-opt --split-input-file --iree-vm-conversion --verify-diagnostics %s

util.func private @unsupportedOp(%cond: i1, %a: i32, %b: i32) -> i32 {
  // expected-error @+1 {{failed to legalize operation 'arith.addi'}}
  %0 = arith.addi %a, %b : i32
  util.return %0 : i32
}

// -----

// expected-error @+1 {{failed to legalize operation 'util.func'}}
util.func private @unconvertibleType(%t: tensor<4xf32>) {
  util.return
}

// -----

util.func private @floatConstant() -> f32 {
  // expected-error @+1 {{failed to legalize operation 'arith.constant'}}
  %0 = arith.constant 1.0 : f32
  util.return %0 : f32
}

// -----

// expected-error @+1 {{failed to legalize operation 'util.global'}}
util.global private @global : i32
