//===- Passes.td - util passes -----------------------------*- tablegen -*-===//
//
// The util passes the stream pipelines run (stream-passes-2.md §15), under
// the reference flags (--iree-util-...). Each pass is implemented in
// lib/Dialect/Util/Transforms/<PassName>.cpp.
//
// `--canonicalize` is Sluice's too (Canonicalizer.cpp) but is not declared
// here: it is MLIR's own declaration (mlir/Transforms/Passes.td, generated
// into the public mlir/Transforms/Passes.h.inc) that it derives from, so that
// argument, options, defaults and printed form stay upstream's exactly. What
// differs is the rewrite: through applyPatternsGreedilyLinear
// (RegionSimplify.h), claiming no change when it touched nothing
// (UnchangedIR.h). `--cse` likewise (CSE.cpp): MLIR's declaration and
// rewrite, with a guard so that it takes part in rerun elision. Both, and
// the cleanup passes below (apply-patterns, optimize-int-arithmetic,
// simplify-global-accesses, fold-globals, fuse-globals, ipo), skip a run
// that would repeat an earlier run that changed nothing (UnchangedIR.h,
// --sluice-elide-reruns). Two more upstream passes appear in the pipelines
// under their own flags without a registration of ours: `inline`, created
// with Sluice's canonicalizer as its default pipeline
// (util::createInlinerPass), and `convert-scf-to-cf`, a wrapper printed
// like MLIR's pass that runs it only when the op holds an scf op and claims
// no change otherwise (SCFToControlFlow.cpp, util::createSCFToControlFlowPass).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES
#define SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def VerifyInitializationOrderPass :
    Pass<"iree-util-verify-initialization-order", "mlir::ModuleOp"> {
  let summary = "Verifies that globals are initialized in a valid order.";
  let description = [{
    Reports (stream-passes-2.md §15.1), on the offending load/store/call:

    1. initializers (and the functions they call, transitively) that access
       or store a global defined after them in the module;
    2. immutable globals initialized both by an initial value and by a store
       in an initializer (or stored twice by initializers);
    3. stores in initializers to later globals that have an initial value;
    4. stores to immutable globals outside initializer-only code (errors for
       code reachable from public functions or outside any function, warnings
       where reachability is unknown or the store is conditional).

    Phases 1-3 stop at the first error; phase 4 reports every store. The pass
    never signals failure: the module is left unchanged and the diagnostics
    are the result (as in the reference).
  }];
}

def OptimizeIntArithmeticPass : Pass<"iree-util-optimize-int-arithmetic"> {
  let summary = "Optimizes integer arithmetic using range and divisibility analysis.";
  let description = [{
    Expands `affine.apply` into arith, then alternates an integer-range /
    divisibility dataflow analysis with a greedy rewrite until the rewrite
    changes nothing (stream-passes-2.md §15.2): constant ranges become
    constants, signed ops on provably non-negative values become unsigned,
    `index_castui` of i64 arithmetic is hoisted into index arithmetic,
    `remui` of a known multiple folds to 0, and with `narrow-to-i32` values
    and `scf.for` induction variables that fit are narrowed to i32.

    Errors: «failed to perform int range analysis», «int arithmetic
    optimization failed to converge on iteration <i>».
  }];
  let options = [
    Option<"narrowToI32", "narrow-to-i32", "bool", /*default=*/"false",
           "Narrows index/i64 computations that provably fit in 32 bits.">,
    Option<"indexIsI64", "index-is-i64", "bool", /*default=*/"false",
           "Treats index as 64 bits wide for the unsigned-range checks "
           "(otherwise index values must fit in 32 bits).">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
  ];
}

def SimplifyGlobalAccessesPass :
    InterfacePass<"iree-util-simplify-global-accesses",
                  "mlir::CallableOpInterface"> {
  let summary = "Hoists, forwards and deduplicates global loads and stores.";
  let description = [{
    Within one callable (stream-passes-2.md §15.3): loads of immutable
    globals move to the entry block (one per global); then, per block and
    between ops that block motion (calls, yield points, terminators), a load
    after a store of the same global takes the stored value, repeated loads
    are merged, earlier stores overwritten by a later one are erased, and the
    remaining loads move up / stores move down to the sequence boundaries.
    Nothing is done after an indirect global access.
  }];
}

def ApplyPatternsPass : Pass<"iree-util-apply-patterns"> {
  let summary = "Applies every canonicalization pattern plus util's common patterns.";
  let description = [{
    One greedy rewrite (default configuration) with the canonicalization
    patterns of every loaded dialect and registered op, util's dialect
    patterns, and (stream-passes-2.md §15.4): duplicate block-argument
    folding, uniform branch-operand elision, one-case `scf.index_switch` to
    `scf.if`, merging of adjacent `scf.index_switch` ops with the same
    selector and cases, and simplifications of control flow that reaches
    `util.unreachable` / `util.scf.unreachable`.

    Error: «failed to apply patterns, likely due to a bad pattern that causes
    an infinite fixed point iteration».
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
    "::sluice::util::UtilDialect",
  ];
}

def FoldGlobalsPass : Pass<"iree-util-fold-globals", "mlir::ModuleOp"> {
  let summary = "Folds duplicate, constant and unused globals.";
  let description = [{
    Up to 10 rounds of (stream-passes-2.md §15.5): canonicalize the module;
    turn globals always stored the same constant into initial values; rename
    globals that only ever take another global's value; make globals stored
    only in initializer-only code immutable; inline loads of constant
    immutable globals; erase unused private globals; merge private constant
    globals with the same value, type and dialect attributes. Signals the
    enclosing fixed-point iterator when anything changed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::sluice::util::UtilDialect",
  ];
}

def FuseGlobalsPass : Pass<"iree-util-fuse-globals", "mlir::ModuleOp"> {
  let summary = "Fuses private globals that are always stored the same value.";
  let description = [{
    Private globals that are stored the same SSA value in the same blocks
    everywhere (and have the same initial value) are merged into the first
    of them (stream-passes-2.md §15.6). Signals the enclosing fixed-point
    iterator when a global was erased.
  }];
}

def IPOPass : Pass<"iree-util-ipo", "mlir::ModuleOp"> {
  let summary = "Interprocedural cleanup of util.func arguments and results.";
  let description = [{
    For every private `util.func` whose call sites are all known
    (stream-passes-2.md §15.7): drops unused arguments, inlines arguments
    that are the same constant (or immutable global) at every call, merges
    duplicate arguments and results, drops results no caller uses and
    results that are constants or pass-through arguments (callers get the
    value directly); functions left empty are erased with their calls.
    Signals the enclosing fixed-point iterator when anything changed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::util::UtilDialect",
  ];
}

def CombineInitializersPass :
    Pass<"iree-util-combine-initializers", "mlir::ModuleOp"> {
  let summary = "Combines all initializers and initial values into one initializer.";
  let description = [{
    Moves the initializers, the globals they touch and the globals with
    initial values together (module order) and combines them into a single
    `util.initializer`: initializer bodies are inlined in order and
    materializable initial values become stores (stream-passes-2.md §15.8).
    Error: «failed to inline into combined initializer».
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::sluice::util::UtilDialect",
  ];
}

def FixedPointIteratorPass : Pass<"iree-util-fixed-point-iterator"> {
  let summary = "Runs a pipeline until it stops changing the IR.";
  let description = [{
    Runs `pipeline` repeatedly (stream-passes-2.md §15.9): before each run
    the root gets `iree.fixedpoint.iteration = <i>`; passes that changed
    something set `iree.fixedpoint.modified`; the loop ends after a run
    that did not. Errors: «nested fixed point pipelines not supported»,
    «maximum iteration count exceeded in fixed point pipeline».
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string", /*default=*/"",
           "The pipeline to iterate, `<op-name>(<passes>)`.">,
    Option<"maxIterations", "max-iterations", "int", /*default=*/"10",
           "Maximum number of iterations.">,
  ];
}

def PropagateSubrangesPass :
    Pass<"iree-util-propagate-subranges", "mlir::ModuleOp"> {
  let summary = "Propagates resource subranges across globals, calls and branches.";
  let description = [{
    Expands every value of a `SubrangeTypeInterface` type to (resource,
    storage size, offset, length) across globals (three `index` globals
    `__storage_size`, `__offset`, `__length` per resource global), private
    `util.func` signatures, calls, returns, branches and structured control
    flow, so that subrange ops compose (stream-passes-2.md §15.10).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::sluice::util::UtilDialect",
  ];
}

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES
