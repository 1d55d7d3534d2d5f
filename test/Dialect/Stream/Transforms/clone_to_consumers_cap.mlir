// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-affinity-solver-max-iterations=1 --iree-stream-clone-to-consumers --verify-diagnostics %s

// A failing affinity analysis fails the pass.

// expected-error @+1 {{failed to solve for affinity analysis}}
module {
  util.global private @device_a : !hal.device
  util.global private @device_b : !hal.device
  util.func public @splat(%value: i32) -> (tensor<1xi32>, tensor<1xi32>) {
    %splat = flow.tensor.splat %value : tensor<1xi32>
    %transfer_a = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_a>
    %transfer_b = flow.tensor.transfer %splat : tensor<1xi32> to #hal.device.affinity<@device_b>
    util.return %transfer_a, %transfer_b : tensor<1xi32>, tensor<1xi32>
  }
}
