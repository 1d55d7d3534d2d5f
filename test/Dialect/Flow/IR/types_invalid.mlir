// REQUIRES: sluice-opt
// RUN: sluice-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{unknown Flow type: chanel}}
util.func private @unknown_type(%arg0: !flow.chanel)

// -----

// expected-error @+1 {{parameter config 'offset' must be a non-negative integer}}
util.global private @negative_offset = #flow.parameter.named<"s"::"k", {offset = -1 : i64}> : tensor<4xf32>

// -----

// expected-error @+1 {{parameter config 'length' must be a non-negative integer}}
util.global private @bad_length = #flow.parameter.named<"s"::"k", {length = "x"}> : tensor<4xf32>
