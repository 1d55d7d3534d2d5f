// RUN: sluice-opt --split-input-file --iree-stream-annotate-constant-transient-size --verify-diagnostics %s | FileCheck %s
// REQUIRES: sluice-opt

// No reflection: nothing happens.
// CHECK-LABEL: util.func public @no_transients()
// CHECK-NOT: iree.reflection
util.func public @no_transients() {
  util.return
}

// -----

// The whole dictionary: the existing key plus the constant, nothing else.
// CHECK-LABEL: util.func public @constant_size
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = @constant_size$transient_size, iree.abi.transients.size.constant = 1024 : index}
util.func public @constant_size(%arg0: !hal.buffer) attributes {iree.reflection = {iree.abi.transients.size = @constant_size$transient_size}} {
  util.return
}
util.func private @constant_size$transient_size(%arg0: !hal.buffer) -> index {
  %c1024 = arith.constant 1024 : index
  util.return %c1024 : index
}

// -----

// An existing constant wins, whatever the query returns.
// CHECK-LABEL: util.func public @already_annotated
// CHECK-SAME: iree.abi.transients.size.constant = 2048 : index
// CHECK-NOT: 1024 : index}
util.func public @already_annotated() attributes {iree.reflection = {iree.abi.transients.size = @already_annotated_transients_size, iree.abi.transients.size.constant = 2048 : index}} {
  util.return
}
util.func public @already_annotated_transients_size() -> index {
  %c1024 = arith.constant 1024 : index
  util.return %c1024 : index
}

// -----

// An unfolded computation is not annotated (the pass folds nothing).
// CHECK-LABEL: util.func public @non_constant
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = @non_constant_transients_size}
// CHECK: arith.addi
util.func public @non_constant() attributes {iree.reflection = {iree.abi.transients.size = @non_constant_transients_size}} {
  util.return
}
util.func public @non_constant_transients_size() -> index {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sum = arith.addi %c1, %c2 : index
  util.return %sum : index
}

// -----

// A dynamic query is not annotated either.
// CHECK-LABEL: util.func public @dynamic
// CHECK-NOT: size.constant
util.func public @dynamic(%arg0: index) attributes {iree.reflection = {iree.abi.transients.size = @dynamic_transients_size}} {
  util.return
}
util.func public @dynamic_transients_size(%arg0: index) -> index {
  util.return %arg0 : index
}

// -----

// The size key with another kind of value is ignored.
// CHECK-LABEL: util.func public @not_a_symbol
// CHECK-SAME: iree.reflection = {iree.abi.transients.size = "foo"}
util.func public @not_a_symbol() attributes {iree.reflection = {iree.abi.transients.size = "foo"}} {
  util.return
}

// -----

// expected-error @+1 {{referenced transient size query function '@missing' not found in module}}
util.func public @symbol_not_found() attributes {iree.reflection = {iree.abi.transients.size = @missing}} {
  util.return
}

// -----

util.global private @not_a_func : index

// expected-error @+1 {{referenced transient size query function '@not_a_func' not found in module}}
util.func public @symbol_not_a_func() attributes {iree.reflection = {iree.abi.transients.size = @not_a_func}} {
  util.return
}

// -----

util.func public @wrong_type() attributes {iree.reflection = {iree.abi.transients.size = @wrong_type_transients_size}} {
  util.return
}
// expected-error @+1 {{transient size query function must return index type}}
util.func public @wrong_type_transients_size() -> i32 {
  %c1 = arith.constant 1 : i32
  util.return %c1 : i32
}

// -----

util.func public @no_return() attributes {iree.reflection = {iree.abi.transients.size = @no_return_transients_size}} {
  util.return
}
// expected-error @+1 {{transient size query function must return exactly one value}}
util.func public @no_return_transients_size() {
  util.return
}

// -----

// CHECK-LABEL: util.func public @multi_value
// CHECK-NOT: size.constant
util.func public @multi_value() attributes {iree.reflection = {iree.abi.transients.size = @multi_value_transients_size}} {
  util.return
}
// expected-warning @+1 {{transient size query with multiple return values not yet supported for constant annotation}}
util.func public @multi_value_transients_size() -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  util.return %c1, %c2 : index, index
}

// -----

// A body-less query is skipped silently.
// CHECK-LABEL: util.func public @external_query
// CHECK-NOT: size.constant
util.func public @external_query() attributes {iree.reflection = {iree.abi.transients.size = @external_query_transients_size}} {
  util.return
}
util.func private @external_query_transients_size() -> index

// -----

// An error stops the pass: the later function is not annotated.
// CHECK-NOT: size.constant
// expected-error @+1 {{referenced transient size query function '@missing' not found in module}}
util.func public @stops_first() attributes {iree.reflection = {iree.abi.transients.size = @missing}} {
  util.return
}
util.func public @stops_second() attributes {iree.reflection = {iree.abi.transients.size = @stops_second_transients_size}} {
  util.return
}
util.func public @stops_second_transients_size() -> index {
  %c1 = arith.constant 1 : index
  util.return %c1 : index
}
