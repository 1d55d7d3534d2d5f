// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @import_dims(%view: !hal.buffer_view, %d: index) {
  // expected-error @+1 {{'hal.tensor.import' op number of target_dims must match number of dynamic dims in target type}}
  %0 = "hal.tensor.import"(%view, %d) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, target_encoding = tensor<4xf32>}> : (!hal.buffer_view, index) -> tensor<4xf32>
  util.return
}

// -----

util.func public @import_encoding(%view: !hal.buffer_view, %d: index) {
  // expected-error @+1 {{'hal.tensor.import' op encoding and storage types must have the same dynamic dimension values; encoding shape 'tensor<?x?xf32>' incompatible with storage shape 'tensor<?x4xf32>'}}
  %0 = hal.tensor.import %view : !hal.buffer_view -> tensor<?x?xf32> as tensor<?x4xf32>{%d}
  util.return
}

// -----

util.func public @import_source(%t: tensor<4xf32>) {
  // expected-error @+1 {{'hal.tensor.import' op operand #0 must be}}
  %0 = "hal.tensor.import"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, target_encoding = tensor<4xf32>}> : (tensor<4xf32>) -> tensor<4xf32>
  util.return
}

// -----

util.func public @export_dims(%t: tensor<?xf32>) {
  // expected-error @+1 {{'hal.tensor.export' op number of source_dims must match number of dynamic dims in source type}}
  %0 = "hal.tensor.export"(%t) <{source_encoding = tensor<?xf32>}> : (tensor<?xf32>) -> !hal.buffer_view
  util.return
}

// -----

util.func public @export_encoding(%t: tensor<4xf32>) {
  // expected-error @+1 {{'hal.tensor.export' op encoding and storage types must have the same dynamic dimension values; encoding shape 'tensor<?xf32>' incompatible with storage shape 'tensor<4xf32>'}}
  %0 = hal.tensor.export %t : tensor<?xf32> as tensor<4xf32> -> !hal.buffer_view
  util.return
}

// -----

util.func public @alias_dims(%t: tensor<?xf32>, %buf: !hal.buffer) {
  // expected-error @+1 {{'hal.tensor.alias' op number of dynamic dims must match the operand type}}
  %0 = "hal.tensor.alias"(%t, %buf) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (tensor<?xf32>, !hal.buffer) -> tensor<?xf32>
  util.return
}

// -----

util.func public @alias_types(%t: tensor<4xf32>, %buf: !hal.buffer) {
  // expected-error @+1 {{'hal.tensor.alias' op failed to verify that all of {source, result} have same type}}
  %0 = "hal.tensor.alias"(%t, %buf) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (tensor<4xf32>, !hal.buffer) -> tensor<4xi32>
  util.return
}

// -----

util.func public @transients_dims(%t: tensor<4xf32>, %d: index, %buf: !hal.buffer) {
  // expected-error @+1 {{'hal.tensor.transients' op number of dynamic dims must match the operand type}}
  %0 = "hal.tensor.transients"(%t, %d, %buf) : (tensor<4xf32>, index, !hal.buffer) -> tensor<4xf32>
  util.return
}

// -----

util.func public @barrier_types(%t: tensor<4xf32>, %f: !hal.fence) {
  // expected-error @+1 {{'hal.tensor.barrier' op failed to verify that all of {sources, results} have same type}}
  %0 = "hal.tensor.barrier"(%t, %f) : (tensor<4xf32>, !hal.fence) -> tensor<4xi32>
  util.return
}

// -----

util.func public @barrier_fence(%t: tensor<4xf32>, %f: !hal.buffer) {
  // expected-error @+1 {{'hal.tensor.barrier' op operand #1 must be a set of semaphore timepoints}}
  %0 = "hal.tensor.barrier"(%t, %f) : (tensor<4xf32>, !hal.buffer) -> tensor<4xf32>
  util.return
}
