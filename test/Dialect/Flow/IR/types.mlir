// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file | sluice-opt --split-input-file | FileCheck %s

// CHECK-LABEL: util.func public @channel_type
// CHECK-SAME: (%arg0: !flow.channel) -> !flow.channel
util.func public @channel_type(%arg0: !flow.channel) -> !flow.channel {
  util.return %arg0 : !flow.channel
}

// -----

// CHECK: util.global private @w = #flow.parameter.named<"opt"::"w", {length = 8 : i64}> : tensor<2xf32>
util.global private @w = #flow.parameter.named<"opt"::"w", {length = 8 : i64}> : tensor<2xf32>
// CHECK: util.global private @key_only = #flow.parameter.named<"key"> : tensor<10xf32>
util.global private @key_only = #flow.parameter.named<"key"> : tensor<10xf32>
// CHECK: util.global private @empty_scope = #flow.parameter.named<""::"key"> : tensor<10xf32>
util.global private @empty_scope = #flow.parameter.named<""::"key"> : tensor<10xf32>
// CHECK: util.global private @spaced = #flow.parameter.named<"s"::"k"> : tensor<1xi8>
util.global private @spaced = #flow.parameter.named<"s" : : "k"> : tensor<1xi8>
// Sluice escapes scope and key when printing.
// CHECK: util.global private @escaped = #flow.parameter.named<"a\22b"::"c\0Ad"> : tensor<1xi8>
util.global private @escaped = #flow.parameter.named<"a\"b"::"c\nd"> : tensor<1xi8>
// CHECK: util.global private mutable @scalar = #flow.parameter.named<"s"::"scalar"> : i32
util.global private mutable @scalar = #flow.parameter.named<"s"::"scalar"> : i32
// CHECK: util.global private @config = #flow.parameter.named<"s"::"c", {offset = 64 : i64, other = "x"}> : tensor<32xf32>
util.global private @config = #flow.parameter.named<"s"::"c", {offset = 64 : i64, other = "x"}> : tensor<32xf32>

// -----

// An untyped reference (no trailing `: T`) is accepted and prints untyped.
// CHECK: util.func private @untyped() attributes {param = #flow.parameter.named<"s"::"k">}
util.func private @untyped() attributes {param = #flow.parameter.named<"s"::"k">}
