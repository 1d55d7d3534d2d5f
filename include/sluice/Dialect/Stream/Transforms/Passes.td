//===- Passes.td - stream passes ---------------------------*- tablegen -*-===//
//
// Every stream pass, under its reference flag (--iree-stream-...) or, for
// Sluice-only passes, --sluice-stream-.... One section per pass family; each
// pass is implemented in lib/Dialect/Stream/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
#define SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Tensor phase: verification, affinities, clone-to-consumers, conversion
// (stream-passes-1.md §2-§6)
//===----------------------------------------------------------------------===//

def AnnotateAffinitiesPass :
    Pass<"iree-stream-annotate-affinities", "mlir::ModuleOp"> {
  let summary = "Annotates affinities on all ops for debugging.";
  let description = [{
    Diagnostic pass (stream-passes-1.md §5.1). Runs the whole-program
    AffinityAnalysis and writes what it found as discardable attributes:

    * `stream.affinities = [...]` on globals of an affinity type and on ops
      that implement `AffinityOpInterface` and require an affinity: where the
      global lives / where the op executes (sorted; omitted when the analysis
      has no answer);
    * `stream.affinities.operands`, `stream.affinities.operands.usage`,
      `stream.affinities.results`, `stream.affinities.results.usage` on every
      op inside a function-like: one list per affinity-typed operand/result,
      the resource affinity (where the value is produced, pinned affinities
      first) and the usage affinity (producers, consumers and pins together);
      `[]` where the analysis failed for that value.

    Executables (`ObjectLike` ops) are skipped. The solver's iteration cap is
    the global flag `--iree-stream-affinity-solver-max-iterations` (default
    128); if the solver does not converge the pass fails without a message.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def VerifyAffinitiesPass :
    Pass<"iree-stream-verify-affinities", "mlir::ModuleOp"> {
  let summary = "Verifies that all operations have affinities assigned.";
  let description = [{
    Read-only check (stream-passes-1.md §5.2). Walks the module pre-order;
    every op implementing `AffinityOpInterface` that requires an affinity must
    have one on itself or an ancestor (`stream.affinity`, an affinity op's own
    affinity, or `stream.affinity.default`). The first op without one gets
    the error "does not have an affinity assigned; ensure that the op or some
    ancestor of it has a valid execution affinity assigned" and the pass fails.
    Nested modules are entered; the regions of other `ObjectLike` or
    `SymbolTable` ops are not.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

//===----------------------------------------------------------------------===//
// Encodings (stream-passes-1.md §7, encoding.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Async phase: builtins, copy-on-write, copy elision, usage, emplacement,
// access ranges, transfer placement (stream-passes-1.md §8-§14)
//===----------------------------------------------------------------------===//

def MaterializeBuiltinsPass
    : Pass<"iree-stream-materialize-builtins", "mlir::ModuleOp"> {
  let summary = "Materialize builtin dispatch executables for fills and splats";
  let description = [{
    Replaces `stream.async.splat` and `stream.async.fill` ops whose pattern
    cannot be written natively by the device with `stream.async.dispatch`es
    of builtin executables (`@__builtin_splat_i<N>`, `@__builtin_fill_i<N>`
    for N in 8, 16, 32, 64) and merges those executables into the module.

    A pattern wider than 32 bits always uses a builtin; with the global flag
    `--iree-stream-emulate-memset` every splat and fill does. The element
    count `bytes / (N / 8)` is computed before the op, or before the
    outermost enclosing `stream.async.execute` when the op is nested in one.
    Splats become untied dispatches; fills become dispatches over the
    target range with the result tied to the target. Each builtin is merged
    once, at the start of the module; a private symbol of the same name in
    the module is renamed (`<name>_<n>`), two public ones are an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::iree_tensor_ext::IREETensorExtDialect",
    "::sluice::util::UtilDialect",
  ];
}

def MaterializeCopyOnWritePass
    : Pass<"iree-stream-materialize-copy-on-write", ""> {
  let summary = "Materializes copy-on-write clones before in-place mutations";
  let description = [{
    Before every async op that mutates a resource in place (a result tied to
    an operand: `stream.async.fill`, `.update`, `.copy`, `.collective`,
    `.dispatch`, `.call`, `.execute`, `.concurrent`) inserts a
    `stream.async.clone` of the tied operand unless the clone is provably
    unnecessary: the operand is an op result (not a block argument), its
    lifetime is not `constant`, and every use of it belongs to this op. The
    clone replaces the tied operand and, except for collectives, every other
    use of the same value by the op. Runs on every region under the anchor,
    nested regions first; `--iree-stream-elide-async-copies` later removes
    the clones an analysis proves unneeded.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def ElideAsyncCopiesPass
    : Pass<"iree-stream-elide-async-copies", "mlir::ModuleOp"> {
  let summary = "Elides async copies not required for correctness";
  let description = [{
    Removes `stream.async.clone`, `stream.async.transfer`, `stream.async.slice`
    and `stream.async.update` ops that a whole-program analysis of move
    semantics, last uses and mutation proves unnecessary:

    * a clone whose source is never mutated (nor the clone), whose source
      has one use, or whose user is the source's last user (lifetime changes
      and clones of borrowed storage that get mutated are kept);
    * a same-lifetime transfer, unless a device topology says the two
      affinities share no memory or the explicit source and target
      affinities differ;
    * a slice read only by copies and untied dispatch operands, folded into
      their ranges, when nothing may write the sliced bytes;
    * an update into a dead, moved target whose written range is exactly
      overwritten afterwards.

    The analysis is rerun until nothing changes (at most 30 times; a remark
    is emitted if that bound is hit).
  }];
  let statistics = [
    Statistic<"numClonesElided", "num-clones-elided",
              "Number of async clone operations elided">,
    Statistic<"numTransfersElided", "num-transfers-elided",
              "Number of async transfer operations elided">,
    Statistic<"numSlicesElided", "num-slices-elided",
              "Number of async slice operations elided">,
    Statistic<"numIterations", "num-iterations",
              "Number of fixed-point iterations required for convergence">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::stream::StreamDialect",
  ];
}

def RefineUsagePass
    : Pass<"iree-stream-refine-usage", "mlir::ModuleOp"> {
  let summary = "Refines resource lifetimes from their whole-program usage";
  let description = [{
    Runs the resource usage analysis and gives every `!stream.resource<*>`
    the lifetime its usage implies (`external`, `staging`, `constant`,
    `variable` or `transient`), rewriting block argument, function and op
    result types in place. A value that already has a concrete lifetime
    different from the analysed one is converted with a
    `stream.async.transfer` after its producer; `stream.async.cast`s between
    two concrete lifetimes become transfers and casts whose types became
    equal fold away. Any `stream.async.cast` left afterwards is an error.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def EmplaceAllocationsPass
    : Pass<"iree-stream-emplace-allocations", ""> {
  let summary = "Emplaces dispatch results into the targets of their updates";
  let description = [{
    When the only use of a `stream.async.dispatch` result is the update
    operand of a `stream.async.update` with the same affinity (the concat
    pattern), the dispatch writes directly into the update's target range:
    the target becomes a new tied resource operand of the dispatch with the
    update's range, and the update is removed. The values the new operand
    needs are moved above the dispatch when they are defined after it; a
    candidate whose values cannot be moved is skipped. Every result of a
    dispatch with at least one candidate is tied to a resource operand
    (untouched results to a fresh `stream.async.alloca`). Dispatches with
    tied results are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::stream::StreamDialect",
  ];
}

def VerifyAsyncAccessRangesPass
    : Pass<"iree-stream-verify-async-access-ranges", "mlir::ModuleOp"> {
  let summary = "Verifies that constant async access ranges are in bounds";
  let description = [{
    Checks every access range reported by `AsyncAccessOpInterface` ops whose
    bounds are constants: start <= end, length <= end, start + length ==
    end and all within the resource size when that is a constant. Every
    violation of the first op that has one is reported as an op error and
    the pass fails. Read-only.
  }];
}


def PlaceTransferExecutionsPass
    : Pass<"iree-stream-place-transfer-executions", "mlir::ModuleOp"> {
  let summary = "Executes transfers on the affinity their results are pinned to";
  let description = [{
    A `stream.async.transfer` without an explicit execution affinity whose
    result is pinned (by the affinity analysis) to exactly one affinity P
    that can execute with its target affinity, and whose default execution
    affinity cannot execute with P, gets `execution_affinity = P`
    (`on(P)`), so the pinned allocation need not be reachable from the
    source device.
  }];
}

//===----------------------------------------------------------------------===//
// Scheduling and timepoints (stream-passes-2.md §2-§6)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Command phase: allocation, constants, slices, reuse, reference counting
// (stream-passes-2.md §7-§11)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Dispatch optimizations and statistics (stream-passes-2.md §12-§13)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Parameters (stream-passes-2.md §14)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// External transients (external-transients.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Sluice reports (memory report, timeline picture)
//===----------------------------------------------------------------------===//

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
