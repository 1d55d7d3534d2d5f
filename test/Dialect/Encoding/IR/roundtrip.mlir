// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Every iree_encoding attribute and op of encoding.md §4-§5 prints back in
// the documented form. `encoding`, `layout`, `testing` and `unknown` print
// behind the `#encoding` alias; everything else inline (§2).

// CHECK: #[[TESTING:.+]] = #iree_encoding.testing<>
// CHECK-LABEL: util.func public @set_and_unset
util.func public @set_and_unset(%t: tensor<8x?xi8>, %n: index) -> tensor<8x?xi8> {
  // CHECK: %[[SET:.+]] = iree_encoding.set_encoding %{{.+}} : tensor<8x?xi8> -> tensor<8x?xi8, #[[TESTING]]>
  %0 = iree_encoding.set_encoding %t : tensor<8x?xi8> -> tensor<8x?xi8, #iree_encoding.testing<>>
  // CHECK: iree_encoding.unset_encoding %[[SET]] : tensor<8x?xi8, #[[TESTING]]> -> tensor<8x?xi8>{%{{.+}}}
  %1 = iree_encoding.unset_encoding %0 : tensor<8x?xi8, #iree_encoding.testing<>> -> tensor<8x?xi8>{%n}
  util.return %1 : tensor<8x?xi8>
}

// -----

// The logical shape may be refined (`?` matches anything), and the attribute
// dictionary comes before the operand.
// CHECK-LABEL: util.func public @shape_refinement
util.func public @shape_refinement(%t: tensor<4x?xf32>) -> tensor<?x5xf32, #iree_encoding.testing<>> {
  // CHECK: iree_encoding.set_encoding {foo = 1 : i64} %{{.+}} : tensor<4x?xf32> -> tensor<?x5xf32, #encoding>
  %0 = iree_encoding.set_encoding {foo = 1} %t : tensor<4x?xf32> -> tensor<?x5xf32, #iree_encoding.testing<>>
  util.return %0 : tensor<?x5xf32, #iree_encoding.testing<>>
}

// -----

// encoding_dims are glued to their keyword; unset_encoding's result dims to
// its type.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4096, ?]>
// CHECK-LABEL: util.func public @encoding_dims
util.func public @encoding_dims(%t: tensor<?x?xf32>, %m: index, %k: index) -> tensor<?x?xf32> {
  // CHECK: %[[SET:.+]] = iree_encoding.set_encoding %{{.+}} encoding_dims{%{{.+}}, %{{.+}}} : tensor<?x?xf32> -> tensor<?x?xf32, #encoding>
  %0 = iree_encoding.set_encoding %t encoding_dims{%m, %k} : tensor<?x?xf32> -> tensor<?x?xf32, #enc>
  // CHECK: iree_encoding.unset_encoding %[[SET]] encoding_dims{%{{.+}}, %{{.+}}} : tensor<?x?xf32, #encoding> -> tensor<?x?xf32>{%{{.+}}, %{{.+}}}
  %1 = iree_encoding.unset_encoding %0 encoding_dims{%m, %k} : tensor<?x?xf32, #enc> -> tensor<?x?xf32>{%m, %k}
  util.return %1 : tensor<?x?xf32>
}

// -----

// CHECK-DAG: #[[T0:.+]] = #iree_encoding.testing<>
// CHECK-DAG: #[[T1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>
// CHECK-DAG: #[[T2:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity], original_element_type = i4>
// CHECK-DAG: #[[T3:.+]] = #iree_encoding.testing<layouts = []>
// CHECK-LABEL: util.func public @testing
// CHECK-SAME: a = #[[T0]]
// CHECK-SAME: b = #[[T1]]
// CHECK-SAME: c = #[[T2]]
// CHECK-SAME: d = #[[T3]]
util.func public @testing() attributes {
  a = #iree_encoding.testing<>,
  b = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>,
  // Struct keys may come in any order; they print in declaration order.
  c = #iree_encoding.testing<original_element_type = i4, layouts = [#iree_encoding.identity]>,
  d = #iree_encoding.testing<layouts = []>
} {
  util.return
}

// -----

// CHECK-LABEL: util.func public @inline_attrs
// CHECK-SAME: a = #iree_encoding.specialized<123>
// CHECK-SAME: b = #iree_encoding.specialized<123, tensor<?x?xf32>>
// CHECK-SAME: c = #iree_encoding.specialization_resolver<7>
// CHECK-SAME: d = #iree_encoding.identity
// CHECK-SAME: e = #iree_encoding.identity_resolver
// CHECK-SAME: f = #iree_encoding.unsupported_resolver
// CHECK-SAME: g = #iree_encoding.padding<[0, 64]>
// CHECK-SAME: h = #iree_encoding.padding<[0, ?]>
// CHECK-SAME: i = #iree_encoding.packed_storage
// CHECK-SAME: j = #iree_encoding.optype<conv>
// CHECK-SAME: k = #iree_encoding.optype<scaled_matmul>
util.func public @inline_attrs() attributes {
  a = #iree_encoding.specialized<123>,
  b = #iree_encoding.specialized<123, tensor<?x?xf32>>,
  c = #iree_encoding.specialization_resolver<7>,
  d = #iree_encoding.identity,
  e = #iree_encoding.identity_resolver,
  f = #iree_encoding.unsupported_resolver,
  g = #iree_encoding.padding<[0, 64]>,
  h = #iree_encoding.padding<[0, ?]>,
  i = #iree_encoding.packed_storage,
  j = #iree_encoding.optype<conv>,
  k = #iree_encoding.optype<scaled_matmul>
} {
  util.return
}

// -----

// CHECK-DAG: #[[UNKNOWN:.+]] = #iree_encoding.unknown
// CHECK-DAG: #[[LAYOUT:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>
// CHECK-DAG: #[[LAYOUT2:.+]] = #iree_encoding.layout<[#iree_encoding.identity, #iree_encoding.specialized<1, tensor<4xf32>>]>
// CHECK-LABEL: util.func public @aliased
// CHECK-SAME: tensor<?x4xf32, #[[UNKNOWN]]>
// CHECK-SAME: tensor<?x2048xf16, #[[LAYOUT]]>
// CHECK-SAME: tensor<4xf32, #[[LAYOUT2]]>
util.func public @aliased(%a: tensor<?x4xf32, #iree_encoding.unknown>,
                          %b: tensor<?x2048xf16, #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>>,
                          %c: tensor<4xf32, #iree_encoding.layout<[#iree_encoding.identity, #iree_encoding.specialized<1, tensor<4xf32>>]>>) {
  util.return
}

// -----

// Inline encodings on tensor types (§2: matched literally by the tests).
// CHECK-LABEL: util.func public @inline_tensor_encodings
// CHECK-SAME: tensor<?x2048xf16, #iree_encoding.padding<[0, 64]>>
// CHECK-SAME: tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK-SAME: tensor<12xi1, #iree_encoding.packed_storage>
// CHECK-SAME: tensor<7xi4, #iree_encoding.packed_storage>
// CHECK-SAME: tensor<3xi2, #iree_encoding.packed_storage>
// CHECK-SAME: tensor<4x?xf32, #iree_encoding.specialization_resolver<5>>
util.func public @inline_tensor_encodings(
    %a: tensor<?x2048xf16, #iree_encoding.padding<[0, 64]>>,
    %b: tensor<4096x4096xf32, #iree_encoding.identity>,
    %c: tensor<12xi1, #iree_encoding.packed_storage>,
    %d: tensor<7xi4, #iree_encoding.packed_storage>,
    %e: tensor<3xi2, #iree_encoding.packed_storage>,
    %f: tensor<4x?xf32, #iree_encoding.specialization_resolver<5>>) {
  util.return
}

// -----

// The data-tiling encoding: operand_index keeps its type (a bare integer is
// an i64), op_type is a bare keyword, maps may be chains, iteration sizes
// may be dynamic.
// CHECK-DAG: #[[MAP0:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[MAP1:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MAP2:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[MAP3:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[E0:.+]] = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FNUZ, f8E4M3FNUZ, f32], user_indexing_maps = [#[[MAP0]], #[[MAP1]], #[[MAP2]]], iteration_sizes = [?, 4096, 4096]>
// CHECK-DAG: #[[E1:.+]] = #iree_encoding.encoding<operand_index = 0 : i64, op_type = conv, element_types = [f32, f32, f32], original_element_type = i4>
// CHECK-DAG: #[[E2:.+]] = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f32, f32, f32], user_indexing_maps = {{\[}}[#[[MAP0]], #[[MAP3]]], #[[MAP1]], #[[MAP2]]]>
// CHECK-DAG: #[[E3:.+]] = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = {{\[}}[], #[[MAP1]], #[[MAP2]]]>
// CHECK-LABEL: util.func public @data_tiling
// CHECK-SAME: a = #[[E0]]
// CHECK-SAME: b = #[[E1]]
// CHECK-SAME: c = #[[E2]]
// CHECK-SAME: d = #[[E3]]
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
util.func public @data_tiling() attributes {
  a = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FNUZ, f8E4M3FNUZ, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4096, 4096]>,
  b = #iree_encoding.encoding<op_type = conv, operand_index = 0, original_element_type = i4, element_types = [f32, f32, f32]>,
  c = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#map, #map3], #map1, #map2]>,
  d = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[], #map1, #map2]>
} {
  util.return
}
