// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-clone-to-consumers --verify-diagnostics %s | FileCheck %s

// A splat passed twice to one call whose callee uses the two arguments on two
// devices stays ambiguous with two uses: every iteration clones it for the
// call (one clone shared by both operands) and erases the previous copy, so
// the pass gives up after 32 iterations with a remark (not an error).

// expected-remark @+1 {{clone to consumers pass failed to reach a fixed point after 32 iterations; ambiguous affinity may be present}}
module {
  util.global private @device_a : !hal.device
  util.global private @device_b : !hal.device
  util.func private @use2(%a: tensor<1xi32>, %b: tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>) {
    %ta = flow.tensor.transfer %a : tensor<1xi32> to #hal.device.affinity<@device_a>
    %tb = flow.tensor.transfer %b : tensor<1xi32> to #hal.device.affinity<@device_b>
    util.return %ta, %tb : tensor<1xi32>, tensor<1xi32>
  }
  // CHECK-LABEL: util.func public @ambiguous
  util.func public @ambiguous(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
    // CHECK-NEXT: %[[SPLAT:.+]] = flow.tensor.splat %arg0 : tensor<1xi32>
    // CHECK-NEXT: util.call @use2(%[[SPLAT]], %[[SPLAT]])
    %splat = flow.tensor.splat %value : tensor<1xi32>
    %r:2 = util.call @use2(%splat, %splat) : (tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>)
    util.return %r#0, %r#1 : tensor<1xi32>, tensor<1xi32>
  }
}
