// RUN: sluice-opt --split-input-file --sluice-materialize-error-edges --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func private @callee() -> index
util.func public @call_in_scf(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'util.call' op is fallible inside 'scf.if'; convert structured control flow to cf before the native lowering}}
    %0 = util.call @callee() : () -> index
  }
  util.return
}

// -----

util.func public @unreachable_in_scf(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'util.scf.unreachable' op is unreachable inside 'scf.for'; convert structured control flow to cf before the native lowering}}
    util.scf.unreachable "never"
  }
  util.return
}
