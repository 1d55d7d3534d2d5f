// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s

// Stream tensor ops over iree_encoding tensors (encoding.md §9.1): the
// clone compatibility rule of stream-ir.md §8.3 through the real
// SerializableAttr, and encodes into encoded tensors.

// CHECK-DAG: #[[UNSERIALIZED:.+]] = #iree_encoding.testing<>
// CHECK-DAG: #[[SERIALIZED:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>
// CHECK-LABEL: util.func public @clone_unserialized_to_serialized
util.func public @clone_unserialized_to_serialized(%r: !stream.resource<*>, %n: index, %s: index) -> !stream.resource<*> {
  // CHECK: stream.tensor.clone %{{.+}} : tensor<?x4xf32, #[[UNSERIALIZED]]>{%{{.+}}} in !stream.resource<*>{%{{.+}}} -> tensor<?x4xf32, #[[SERIALIZED]]>{%{{.+}}} in !stream.resource<*>{%{{.+}}}
  %0 = stream.tensor.clone %r : tensor<?x4xf32, #iree_encoding.testing<>>{%n} in !stream.resource<*>{%s} -> tensor<?x4xf32, #iree_encoding.testing<layouts = [#iree_encoding.specialized<123>]>>{%n} in !stream.resource<*>{%s}
  util.return %0 : !stream.resource<*>
}

// -----

// packed_storage is compatible with no encoding, both ways (FlowToStream
// bitcasts).
// CHECK-LABEL: util.func public @clone_packed_storage
util.func public @clone_packed_storage(%r: !stream.resource<*>, %s: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: stream.tensor.clone %{{.+}} : tensor<4x16x8xi1> in !stream.resource<*>{%{{.+}}} -> tensor<4x16x8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%{{.+}}}
  %0 = stream.tensor.clone %r : tensor<4x16x8xi1> in !stream.resource<*>{%s} -> tensor<4x16x8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%s}
  // CHECK: stream.tensor.clone %{{.+}} : tensor<4x16x8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%{{.+}}} -> tensor<4x16x8xi1> in !stream.resource<*>{%{{.+}}}
  %1 = stream.tensor.clone %r : tensor<4x16x8xi1, #iree_encoding.packed_storage> in !stream.resource<*>{%s} -> tensor<4x16x8xi1> in !stream.resource<*>{%s}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Non-serializable encodings are compatible with anything but serializable
// ones that reject them.
// CHECK-LABEL: util.func public @clone_opaque
util.func public @clone_opaque(%r: !stream.resource<*>, %s: index) -> (!stream.resource<*>, !stream.resource<*>) {
  // CHECK: tensor<4xf32, #encoding> in !stream.resource<*>{%{{.+}}} -> tensor<4xf32> in
  %0 = stream.tensor.clone %r : tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%s} -> tensor<4xf32> in !stream.resource<*>{%s}
  // CHECK: tensor<4xf32, #iree_encoding.specialization_resolver<1>> in !stream.resource<*>{%{{.+}}} -> tensor<4xf32, #encoding> in
  %1 = stream.tensor.clone %r : tensor<4xf32, #iree_encoding.specialization_resolver<1>> in !stream.resource<*>{%s} -> tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%s}
  util.return %0, %1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @encode_to_encoded
util.func public @encode_to_encoded(%r: !stream.resource<*>, %n: index, %s: index, %t: index) -> !stream.resource<*> {
  // CHECK: stream.tensor.encode %{{.+}} : tensor<?x4xf32>{%{{.+}}} in !stream.resource<*>{%{{.+}}} -> tensor<?x4xf32, #encoding>{%{{.+}}} in !stream.resource<*>{%{{.+}}}
  %0 = stream.tensor.encode %r : tensor<?x4xf32>{%n} in !stream.resource<*>{%s} -> tensor<?x4xf32, #iree_encoding.testing<>>{%n} in !stream.resource<*>{%t}
  util.return %0 : !stream.resource<*>
}

// -----

// CHECK-LABEL: util.func public @sizeof_encoded
util.func public @sizeof_encoded(%n: index) -> (index, index) {
  // CHECK: stream.tensor.sizeof tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>{%{{.+}}} : index
  %0 = stream.tensor.sizeof tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>{%n} : index
  // CHECK: stream.tensor.sizeof tensor<4096x4096xf32, #iree_encoding.identity> : index
  %1 = stream.tensor.sizeof tensor<4096x4096xf32, #iree_encoding.identity> : index
  util.return %0, %1 : index, index
}
