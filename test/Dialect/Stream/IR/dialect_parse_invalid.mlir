// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// stream-ir.md §1: an unknown type mnemonic gets MLIR's generated text, with
// two spaces after `unknown`.
// expected-error @+1 {{unknown  type `bogus` in dialect `stream`}}
util.func private @unknown_type(!stream.bogus)

// -----

// expected-error @+1 {{unknown attribute `bogus` in dialect `stream`}}
util.global private @unknown_attr {x = #stream.bogus} : i32

// -----

// stream-ir.md §4.3: the generated-parser texts of #stream.collective.
// expected-error @+1 {{failed to parse Stream_CollectiveAttr parameter 'kind' which is to be a `CollectiveKind`}}
util.global private @bad_kind {x = #stream.collective<gossip : f32>} : i32

// -----

// expected-error @+1 {{failed to parse Stream_CollectiveAttr parameter 'reduction' which is to be a `CollectiveReductionOp`}}
util.global private @bad_reduction {x = #stream.collective<all_reduce with median : f32>} : i32

// -----

// expected-error @+1 {{failed to parse Stream_CollectiveAttr parameter 'element_type' which is to be a `CollectiveElementType`}}
util.global private @bad_element_type {x = #stream.collective<all_reduce with sum : f128>} : i32
