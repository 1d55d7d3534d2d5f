// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-diagnostics %s

// stream.tensor.clone rejects encoding changes that SerializableAttr's
// compatibility rule refuses (stream-ir.md §8.3, encoding.md §3.1).

util.func public @f(%r: !stream.resource<*>, %s: index) -> !stream.resource<*> {
  // An absent encoding is not compatible with a serializable one.
  // expected-error @+1 {{clones changing tensor encoding from <<NULL ATTRIBUTE>> to #iree_encoding.testing<>; not allowed}}
  %0 = stream.tensor.clone %r : tensor<4xf32> in !stream.resource<*>{%s} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%s}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @f(%r: !stream.resource<*>, %s: index) -> !stream.resource<*> {
  // Two different serialized encodings.
  // expected-error @+1 {{clones changing tensor encoding from #iree_encoding.identity to #iree_encoding.padding<[0, 0]>; not allowed}}
  %0 = stream.tensor.clone %r : tensor<4x4xf32, #iree_encoding.identity> in !stream.resource<*>{%s} -> tensor<4x4xf32, #iree_encoding.padding<[0, 0]>> in !stream.resource<*>{%s}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @f(%r: !stream.resource<*>, %s: index) -> !stream.resource<*> {
  // packed_storage accepts only itself or nothing.
  // expected-error @+1 {{clones changing tensor encoding from #iree_encoding.packed_storage to #iree_encoding.testing<>; not allowed}}
  %0 = stream.tensor.clone %r : tensor<4xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%s} -> tensor<4xi1, #iree_encoding.testing<>> in !stream.resource<*>{%s}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @f(%r: !stream.resource<*>, %s: index) -> !stream.resource<*> {
  // Two different bare specialized layouts are serialized and unequal
  // (encoding.md §4.2 [fix]).
  // expected-error @+1 {{clones changing tensor encoding from #iree_encoding.specialized<1> to #iree_encoding.specialized<2>; not allowed}}
  %0 = stream.tensor.clone %r : tensor<4xf32, #iree_encoding.specialized<1>> in !stream.resource<*>{%s} -> tensor<4xf32, #iree_encoding.specialized<2>> in !stream.resource<*>{%s}
  util.return %0 : !stream.resource<*>
}
