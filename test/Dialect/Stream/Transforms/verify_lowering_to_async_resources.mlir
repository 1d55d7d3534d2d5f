// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-verify-lowering-to-async-resources %s --verify-diagnostics | FileCheck %s
// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-verify-lowering-to-async-resources)' %s --verify-diagnostics | FileCheck %s

// Async ops on resources of any lifetime pass.

// CHECK-LABEL: util.func public @async
util.func public @async(%arg0: index, %arg1: i32) -> (!stream.resource<*>, index) {
  // CHECK: stream.async.splat
  %0 = stream.async.splat %arg1 : i32 -> !stream.resource<*>{%arg0}
  util.return %0, %arg0 : !stream.resource<*>, index
}

// -----

// Tensor-phase stream ops must have been encoded away.

util.func public @tensor_phase(%arg0: index, %arg1: i32) -> (!stream.resource<*>, index) {
  // expected-error @+1 {{'stream.tensor.sizeof' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed}}
  %size = stream.tensor.sizeof tensor<?xi32>{%arg0} : index
  // expected-error @+1 {{'stream.tensor.splat' op illegal for this phase of lowering in the stream dialect}}
  %0 = stream.tensor.splat %arg1 : i32 -> tensor<?xi32>{%arg0} in !stream.resource<*>{%size}
  util.return %0, %size : !stream.resource<*>, index
}

// -----

// The flow/tensor rules of the previous phase still apply.

util.func public @flow_left(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.tensor.clone' op illegal for this phase of lowering in the stream dialect}}
  %0 = flow.tensor.clone %arg0 : tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
