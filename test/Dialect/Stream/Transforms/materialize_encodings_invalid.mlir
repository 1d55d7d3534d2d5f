// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-materialize-encodings --verify-diagnostics %s

// [SLUICE] An encode from or to an encoding that does not implement
// SerializableAttr cannot become set_encoding/unset_encoding.

util.func public @toOpaque(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*> {
  // expected-error @+1 {{cannot materialize an encode from 'tensor<4xf32>' to 'tensor<4xf32, #iree_encoding.unknown>': encodings must implement SerializableAttr}}
  %0 = stream.tensor.encode %arg0 : tensor<4xf32> in !stream.resource<*>{%arg1} -> tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @fromOpaque(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*> {
  // expected-error @+1 {{cannot materialize an encode from 'tensor<4xf32, #iree_encoding.specialization_resolver<1>>' to 'tensor<4xf32>'}}
  %0 = stream.tensor.encode %arg0 : tensor<4xf32, #iree_encoding.specialization_resolver<1>> in !stream.resource<*>{%arg1} -> tensor<4xf32> in !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
}

// -----

// encoding.md §8.4 item 4 (reproduced): a result encoding that needs
// encoding dims makes the created set_encoding fail its verifier.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 16, 16]>
util.func public @dynamicEncodingDims(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> !stream.resource<*> {
  // expected-error @+1 {{encoding expects 1 dynamic encoding dimension(s), but 0 provided}}
  %0 = stream.tensor.encode %arg0 : tensor<?x16xf32>{%arg1} in !stream.resource<*>{%arg2} -> tensor<?x16xf32, #enc>{%arg1} in !stream.resource<*>{%arg2}
  util.return %0 : !stream.resource<*>
}
