// REQUIRES: sluice-opt
// RUN: sluice-opt --verify-diagnostics --pass-pipeline='builtin.module(iree-util-fixed-point-iterator{max-iterations=1 pipeline=builtin.module(iree-util-fold-globals)})' %s

// stream-passes-2.md §15.9: a pipeline still changing the IR after
// max-iterations runs fails the pass.

// expected-error @+1 {{maximum iteration count exceeded in fixed point pipeline}}
module @fold {
  util.global private mutable @g : index
  util.func public @f() -> index {
    %c1 = arith.constant 1 : index
    util.global.store %c1, @g : index
    %0 = util.global.load @g : index
    util.return %0 : index
  }
}
