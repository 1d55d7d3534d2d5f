// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{expected SSA identifier}}
util.func private @named_then_type(%a: i32, i32)

// -----

// expected-error @+1 {{expected type instead of SSA identifier}}
util.func private @type_then_named(i32, %a: i32)

// -----

// expected-error @+1 {{tied operand not found for result reference %b}}
util.func private @unknown_tie(%a: i32) -> %b

// -----

// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
util.func @restated() attributes {sym_visibility = "private"}

// -----

// expected-error @+1 {{'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
util.func @restated_type() attributes {function_type = () -> ()}

// -----

// expected-error @+1 {{expected non-empty function body}}
util.func @empty_body() {}

// -----

// expected-error @+1 {{'util.func' op result #0 tied to invalid operand index 3}}
"util.func"() <{function_type = (i32) -> i32, sym_name = "bad_tie", tied_operands = [3 : index]}> ({
^bb0(%arg0: i32):
  "util.return"(%arg0) : (i32) -> ()
}) : () -> ()

// -----

util.func public @return_count(%a: i32) -> i32 {
  // expected-error @+1 {{'util.return' op has 0 operands, but enclosing function-like op returns 1}}
  util.return
}

// -----

util.func public @return_type(%a: i32) -> i64 {
  // expected-error @+1 {{'util.return' op type of return operand 0 ('i32') doesn't match function result type ('i64')}}
  util.return %a : i32
}

// -----

func.func @wrong_parent() {
  // expected-error @+1 {{'util.return' op expects parent op to be one of 'util.initializer, util.func, util.hoistable_conversion'}}
  util.return
}
