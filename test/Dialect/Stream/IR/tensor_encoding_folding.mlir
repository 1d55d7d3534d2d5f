// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --canonicalize %s | FileCheck %s

// stream.tensor.encode folding with iree_encoding encodings
// (stream-folding.md, encoding.md §9.1): identity layouts fold, equal types
// fold, the unknown encoding is never identity.

// CHECK-LABEL: util.func public @fold_zero_padding
util.func public @fold_zero_padding(%r: !stream.resource<*>, %s: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NOT: stream.tensor.encode
  // CHECK: util.return %arg0, %arg0
  %0 = stream.tensor.encode %r : tensor<2x2xf32, #iree_encoding.padding<[0, 0]>> in !stream.resource<*>{%s} -> tensor<2x2xf32> in !stream.resource<*>{%s}
  %1 = stream.tensor.encode %r : tensor<2x2xf32> in !stream.resource<*>{%s} -> tensor<2x2xf32, #iree_encoding.padding<[0, 0]>> in !stream.resource<*>{%s}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @fold_identity_layouts
util.func public @fold_identity_layouts(%r: !stream.resource<*>, %s: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK-NOT: stream.tensor.encode
  // CHECK: util.return %arg0, %arg0
  %0 = stream.tensor.encode %r : tensor<2x2xf32, #iree_encoding.identity> in !stream.resource<*>{%s} -> tensor<2x2xf32, #iree_encoding.layout<[#iree_encoding.identity, #iree_encoding.padding<[0, 0]>]>> in !stream.resource<*>{%s}
  %1 = stream.tensor.encode %r : tensor<2x2xf32, #iree_encoding.unknown> in !stream.resource<*>{%s} -> tensor<2x2xf32, #iree_encoding.unknown> in !stream.resource<*>{%s}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @keep_non_identity
util.func public @keep_non_identity(%r: !stream.resource<*>, %s: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.tensor.encode %arg0 : tensor<2x2xf32, #encoding> in {{.+}} -> tensor<2x2xf32> in
  %0 = stream.tensor.encode %r : tensor<2x2xf32, #iree_encoding.unknown> in !stream.resource<*>{%s} -> tensor<2x2xf32> in !stream.resource<*>{%s}
  // CHECK: stream.tensor.encode %arg0 : tensor<2x2xf32> in {{.+}} -> tensor<2x2xf32, #encoding> in
  %1 = stream.tensor.encode %r : tensor<2x2xf32> in !stream.resource<*>{%s} -> tensor<2x2xf32, #iree_encoding.unknown> in !stream.resource<*>{%s}
  // CHECK: stream.tensor.encode %arg0 : tensor<2x2xf32> in {{.+}} -> tensor<2x2xf32, #iree_encoding.padding<[0, 64]>> in
  %2 = stream.tensor.encode %r : tensor<2x2xf32> in !stream.resource<*>{%s} -> tensor<2x2xf32, #iree_encoding.padding<[0, 64]>> in !stream.resource<*>{%s}
  // packed_storage is never an identity layout.
  // CHECK: stream.tensor.encode %arg0 : tensor<8xi1> in {{.+}} -> tensor<8xi1, #iree_encoding.packed_storage> in
  %3 = stream.tensor.encode %r : tensor<8xi1> in !stream.resource<*>{%s} -> tensor<8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%s}
  util.return %0, %1, %2, %3 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}
