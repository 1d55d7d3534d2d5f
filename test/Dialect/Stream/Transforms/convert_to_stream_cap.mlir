// REQUIRES: sluice-opt
// RUN: sluice-opt --iree-stream-affinity-solver-max-iterations=1 --iree-stream-conversion --verify-diagnostics %s

// The affinity analysis of a two-device program does not converge in one
// round: the pass fails with the reference's message (no space after "use").

// expected-error @+1 {{affinity analysis failed to converge (input program may have invalid affinities assigned); use`--iree-stream-annotate-input-affinities` to help identify the invalid affinities}}
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
