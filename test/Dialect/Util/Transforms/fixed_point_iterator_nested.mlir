// REQUIRES: sluice-opt
// RUN: sluice-opt --verify-diagnostics --pass-pipeline='builtin.module(iree-util-fixed-point-iterator{pipeline=builtin.module(iree-util-fixed-point-iterator{pipeline=builtin.module(canonicalize)})})' %s

// A fixed-point iterator inside another one's pipeline is refused.
// expected-error @+1 {{nested fixed point pipelines not supported}}
module {
}
