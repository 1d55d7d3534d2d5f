// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{total length mismatch: calculated size of values is 4 but composite reports 8}}
util.global private @a : !util.buffer = #util.composite<8xi8, [dense<1> : tensor<1xi32>]>

// -----

// expected-error @+1 {{value is not serializable: 1 : i32}}
util.global private @b : !util.buffer = #util.composite<4xi8, [1 : i32]>

// -----

// expected-error @+1 {{invalid type specifier; expected i8}}
util.global private @c : !util.buffer = #util.composite<4xi16, []>

// -----

// expected-error @+1 {{invalid length specifier}}
util.global private @d : !util.buffer = #util.composite<?xi8, []>

// -----

// expected-error @+1 {{unterminated value list}}
util.global private @e : !util.buffer = #util.composite<4xi8, [dense<1> : tensor<1xi32> dense<1> : tensor<1xi32>]>

// -----

// expected-error @+2 {{expected attribute value}}
// expected-error @+1 {{invalid value attribute}}
util.global private @f : !util.buffer = #util.composite<4xi8, [foo]>
