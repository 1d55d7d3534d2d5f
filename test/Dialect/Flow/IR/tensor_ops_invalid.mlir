// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

util.func public @reshape_bit_widths(%x: tensor<4xf32>) {
  // expected-error @+1 {{element bit widths must match}}
  %0 = flow.tensor.reshape %x : tensor<4xf32> -> tensor<4xf16>
  util.return
}

// -----

util.func public @reshape_dims(%x: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.reshape"(%x, %d) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<?xf32>, index) -> tensor<?xf32>
  util.return
}

// -----

util.func public @parse_dims(%x: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{value set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %0 = flow.tensor.clone %x : tensor<?x?xf32>{%d}
  util.return
}

// -----

util.func public @load_type(%x: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{value type matches the element type of source}}
  %0 = "flow.tensor.load"(%x, %i) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4xf32>, index) -> i32
  util.return
}

// -----

util.func public @splat_dims(%f: f32) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.splat"(%f) : (f32) -> tensor<?xf32>
  util.return
}

// -----

util.func public @empty_dims(%d: index) {
  // expected-error @+1 {{value set has 0 dynamic dimensions but only 1 dimension values are attached}}
  %0 = "flow.tensor.empty"(%d) : (index) -> tensor<4xf32>
  util.return
}

// -----

util.func public @alloca_dims() {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.alloca"() : () -> tensor<?xf32>
  util.return
}

// -----

util.func public @encode_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{the operand shape and result shape are not compatible}}
  %0 = flow.tensor.encode %x : tensor<4x8xf32> -> tensor<4x4xf32>
  util.return
}

// -----

util.func public @barrier_dims(%x: tensor<?xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.barrier"(%x) <{target = "a"}> : (tensor<?xf32>) -> tensor<?xf32>
  util.return
}

// -----

util.func public @transfer_dims(%x: tensor<?xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.transfer"(%x) <{target = "a"}> : (tensor<?xf32>) -> tensor<?xf32>
  util.return
}

// -----

util.func public @slice_dims(%x: tensor<?xf32>, %i: index) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.slice"(%x, %i, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>}> : (tensor<?xf32>, index, index) -> tensor<4xf32>
  util.return
}

// -----

util.func public @update_dims(%x: tensor<?xf32>, %u: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.update"(%x, %i, %u) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>}> : (tensor<?xf32>, index, tensor<4xf32>) -> tensor<?xf32>
  util.return
}

// -----

util.func public @store_dims(%x: tensor<?xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.tensor.store"(%v, %x, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (f32, tensor<?xf32>, index) -> tensor<?xf32>
  util.return
}

// -----

util.func public @trace_dims(%x: tensor<?xf32>) {
  // expected-error @+1 {{value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "flow.tensor.trace"(%x) <{key = "k", operandSegmentSizes = array<i32: 1, 0>}> : (tensor<?xf32>) -> ()
  util.return
}

// -----

util.func public @encode_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{the operand element type and result element type must match}}
  %0 = flow.tensor.encode %x : tensor<4xf32> -> tensor<4xi32>
  util.return
}

// -----

util.func public @dynamic_constant_type() {
  // expected-error @+1 {{value type 'tensor<2x4xi32>' is not compatible with result type 'tensor<?x?x?xi32>'}}
  %0 = flow.tensor.dynamic_constant dense<2> : tensor<2x4xi32> -> tensor<?x?x?xi32>
  util.return
}
