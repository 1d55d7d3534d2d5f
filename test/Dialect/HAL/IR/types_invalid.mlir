// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{unknown HAL type: bogus}}
util.func private @unknown_type(!hal.bogus)
