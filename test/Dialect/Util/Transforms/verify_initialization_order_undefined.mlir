// REQUIRES: sluice-opt
// RUN: sluice-opt --mlir-very-unsafe-disable-verifier-on-parsing --verify-each=0 --iree-util-verify-initialization-order --verify-diagnostics %s

// stream-passes-2.md §15.1: a call to a missing function, reachable only when
// util.call's own verifier did not run. The reference writes '@' before the
// symbol reference, which prints its own, hence '@@missing'.
util.initializer {
  // expected-error @+1 {{call to undefined function '@@missing'}}
  util.call @missing() : () -> ()
  util.return
}
