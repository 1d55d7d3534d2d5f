// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-diagnostics %s

// Every verifier and parser diagnostic of the iree_encoding attributes and
// ops (encoding.md §4, §5).

util.func public @f() attributes {
  // expected-error @+1 {{expected non-empty layouts}}
  a = #iree_encoding.layout<[]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{expected all the layout attributes to implement SerializableAttr}}
  a = #iree_encoding.layout<[#iree_encoding.identity, #iree_encoding.unknown]>
} {
  util.return
}

// -----

// A layout verifies its elements against the tensor it encodes.
// expected-error @+1 {{bit-width of the element type is 32 but packed_storage is currently only supported for sub-byte types}}
util.func public @f(%a: tensor<?x4xf32, #iree_encoding.layout<[#iree_encoding.packed_storage]>>) {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{expected all padding values need to be non-negative or dynamic}}
  a = #iree_encoding.padding<[0, -1]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{expected '['}}
  // expected-error @+1 {{failed to parse IREEEncoding_PaddingAttr parameter 'padding'}}
  a = #iree_encoding.padding<0>
} {
  util.return
}

// -----

// expected-error @+1 {{bit-width of the element type is 8 but packed_storage is currently only supported for sub-byte types}}
util.func public @f(%a: tensor<4xi8, #iree_encoding.packed_storage>) {
  util.return
}

// -----

// expected-error @+1 {{bit-width of the element type is 3 but packed_storage currently only supports types with power-of-two bitwidth}}
util.func public @f(%a: tensor<4xi3, #iree_encoding.packed_storage>) {
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
util.func public @f() attributes {
  // expected-error @+1 {{`operandIndex` exceeds the size of `user_indexing_maps`}}
  a = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map]>
} {
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
util.func public @f() attributes {
  // expected-error @+1 {{found a non-composable attribute in `user_indexing_maps` at index: 1}}
  a = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, 1, #map]>
} {
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
util.func public @f() attributes {
  // Nested chains are not composable.
  // expected-error @+1 {{found a non-composable attribute in `user_indexing_maps` at index: 2}}
  a = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map, [[#map]]]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{found `iteration_sizes` without any corresponding `user_indexing_maps`}}
  a = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [1, 2, 3]>
} {
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
util.func public @f() attributes {
  // An empty chain has no map either.
  // expected-error @+1 {{found `iteration_sizes` without any corresponding `user_indexing_maps`}}
  a = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[], #map, #map], iteration_sizes = [1, 2, 3]>
} {
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
util.func public @f() attributes {
  // expected-error @+1 {{found an encoding with 2 iteration sizes, but expected 3 based on the user indexing maps}}
  a = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map, #map], iteration_sizes = [?, 2]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{struct is missing required parameter: operand_index}}
  a = #iree_encoding.encoding<op_type = matmul, element_types = [f32, f32, f32]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{duplicate or unknown struct parameter name: layout}}
  a = #iree_encoding.testing<layout = []>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{expected valid keyword}}
  // expected-error @+1 {{expected a parameter name in struct}}
  a = #iree_encoding.testing<layouts = [], [1]>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{expected '<'}}
  a = #iree_encoding.specialized
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{expected valid keyword}}
  // expected-error @+1 {{failed to parse IREEEncoding_EncodingAttr parameter 'op_type'}}
  a = #iree_encoding.encoding<operand_index = 0, op_type = 3, element_types = []>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+2 {{expected ::sluice::iree_encoding::EncodingOpType to be one of: matmul, scaled_matmul, conv}}
  // expected-error @+1 {{failed to parse IREEEncoding_EncodingOpTypeAttr parameter 'value'}}
  a = #iree_encoding.optype<gemm>
} {
  util.return
}

// -----

util.func public @f() attributes {
  // expected-error @+1 {{unknown attribute `pad_encoding_layout` in dialect `iree_encoding`}}
  a = #iree_encoding.pad_encoding_layout<[0, 64]>
} {
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{source of set_encoding op cannot have a tensor encoding}}
  %0 = iree_encoding.set_encoding %t : tensor<4xf32, #iree_encoding.testing<>> -> tensor<4xf32, #iree_encoding.testing<>>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{result of set_encoding op expected to have a valid tensor encoding}}
  %0 = iree_encoding.set_encoding %t : tensor<4xf32> -> tensor<4xf32>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // A non-serializable encoding is not a valid one.
  // expected-error @+1 {{result of set_encoding op expected to have a valid tensor encoding}}
  %0 = iree_encoding.set_encoding %t : tensor<4xf32> -> tensor<4xf32, #iree_encoding.unknown>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{cannot change the rank of the tensor}}
  %0 = iree_encoding.set_encoding %t : tensor<4xf32> -> tensor<4x1xf32, #iree_encoding.testing<>>
  util.return
}

// -----

util.func public @f(%t: tensor<4x?xf32>) {
  // expected-error @+1 {{expected to preserve the logical shape of the tensor}}
  %0 = iree_encoding.set_encoding %t : tensor<4x?xf32> -> tensor<5x?xf32, #iree_encoding.testing<>>
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4096, ?]>
util.func public @f(%t: tensor<?x?xf32>) {
  // expected-error @+1 {{encoding expects 2 dynamic encoding dimension(s), but 0 provided}}
  %0 = iree_encoding.set_encoding %t : tensor<?x?xf32> -> tensor<?x?xf32, #enc>
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [8, 4096, 16]>
util.func public @f(%t: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{encoding expects 0 dynamic encoding dimension(s), but 1 provided}}
  %0 = iree_encoding.set_encoding %t encoding_dims{%d} : tensor<?x?xf32> -> tensor<?x?xf32, #enc>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{result of unset_encoding op cannot have a tensor encoding}}
  %0 = iree_encoding.unset_encoding %t : tensor<4xf32, #iree_encoding.testing<>> -> tensor<4xf32, #iree_encoding.testing<>>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32, #iree_encoding.specialization_resolver<1>>) {
  // expected-error @+1 {{source of unset_encoding op expected to have a valid tensor encoding}}
  %0 = iree_encoding.unset_encoding %t : tensor<4xf32, #iree_encoding.specialization_resolver<1>> -> tensor<4xf32>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{cannot change the rank of the tensor}}
  %0 = iree_encoding.unset_encoding %t : tensor<4xf32, #iree_encoding.testing<>> -> tensor<2x2xf32>
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{expected to preserve the logical shape of the tensor}}
  %0 = iree_encoding.unset_encoding %t : tensor<4xf32, #iree_encoding.testing<>> -> tensor<8xf32>
  util.return
}

// -----

util.func public @f(%t: tensor<?x?xf32, #iree_encoding.testing<>>, %d: index) {
  // expected-error @+1 {{result type set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %0 = iree_encoding.unset_encoding %t : tensor<?x?xf32, #iree_encoding.testing<>> -> tensor<?x?xf32>{%d}
  util.return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4096, 16]>
util.func public @f(%t: tensor<?x?xf32, #enc>, %d: index) {
  // expected-error @+1 {{encoding expects 1 dynamic encoding dimension(s), but 0 provided}}
  %0 = iree_encoding.unset_encoding %t : tensor<?x?xf32, #enc> -> tensor<?x?xf32>{%d, %d}
  util.return
}

// -----

util.func public @f(%t: tensor<*xf32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor}}
  %0 = iree_encoding.set_encoding %t : tensor<*xf32> -> tensor<4xf32, #iree_encoding.testing<>>
  util.return
}
