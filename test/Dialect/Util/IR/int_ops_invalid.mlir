// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @row_count(%a: index) -> index {
  // expected-error @+1 {{'util.assume.int' op expected 1 assumption rows to match number of operands}}
  %0 = "util.assume.int"(%a) <{assumptions = []}> : (index) -> index
  util.return %0 : index
}

// -----

util.func public @row_length(%a: index, %b: index) -> (index, index) {
  // expected-error @+1 {{'util.assume.int' op expected operand #1 to have 2 assumptions but it has 3}}
  %0:2 = util.assume.int %a[<umin = 1>, <umin = 2>], %b[<>, <>, <>] : index, index
  util.return %0#0, %0#1 : index, index
}

// -----

util.func public @bad_key(%a: index) -> index {
  // expected-error @+1 {{expected one of umin, umax, udiv; got umid}}
  %0 = util.assume.int %a<umid = 1> : index
  util.return %0 : index
}


// -----

util.func public @duplicate_key(%a: index) -> index {
  // expected-error @+1 {{duplicate assumption key umin}}
  %0 = util.assume.int %a<umin = 1, umin = 2> : index
  util.return %0 : index
}
