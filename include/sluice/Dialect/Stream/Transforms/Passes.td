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
