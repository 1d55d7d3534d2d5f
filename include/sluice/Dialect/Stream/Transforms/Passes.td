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

def ScheduleExecutionPass
    : InterfacePass<"iree-stream-schedule-execution",
                    "mlir::CallableOpInterface"> {
  let summary = "Partitions the streamable ops of each block into "
                "`stream.async.execute` regions";
  let description = [{
    For every block of the callable region (in dominance order) the
    streamable ops are grouped into partitions: an op joins the
    lowest-ordinal partition that may take it (preferring partitions that
    consume it), `stream.async.barrier`/`stream.async.transfer` ride along
    with their producer, side-effecting host ops freeze the partitions below
    them, values used by host ops that feed later partitions are produced in
    earlier partitions, and clone-preferring ops (splats) are duplicated into
    each consuming partition. The partition set is verified, then each
    partition becomes one `stream.async.execute` placed after its last op,
    awaiting the joined awaits of its timeline ops, capturing the resources
    it consumes and yielding the values that escape; escaping values are
    awaited on the host (`stream.timepoint.await`) right after the execute.
    Bodies of `scf.if/for/while/index_switch` are partitioned recursively.
    Finally all canonicalization patterns of the loaded dialects and
    registered ops run greedily together with a pattern that removes every
    `stream.async.barrier`.

    Diagnostics: the partition-set verifier's messages (`op affinity ... is
    not compatible with the partition affinity ...`, `cannot partition
    timeline op with result timepoint; ...`, `operand not declared in
    partition inputs or by an op within the partition`, `output not defined
    by an op within the partition (or captured)`, `circular dependency: ...`,
    `partition set out of order; ...`) and `failed to schedule execution
    partitions without cyclic dependencies` when the partitions cannot be
    ordered.

    The configuration comes from the nearest `stream.partitioning` attribute
    or `--iree-stream-partitioning-favor`; it does not change this pass.
    Sluice always awaits an escaping value on the execute's own timepoint
    (the reference reuses a timeline-aware consumer's signal fence, which
    deadlocks at run time).
  }];
  let dependentDialects = [
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

def ScheduleConcurrencyPass
    : InterfacePass<"iree-stream-schedule-concurrency",
                    "mlir::CallableOpInterface"> {
  let summary = "Groups the ops of each `stream.async.execute` that may run "
                "together into `stream.async.concurrent` waves";
  let description = [{
    For each `stream.async.execute` directly in the callable body, the body's
    ops are assigned to waves by a reverse walk: an op must run before every
    wave holding a user it has a resource hazard with (overlapping access
    ranges of one resource, not both reads; or a plain use) and before every
    wave those users must precede; later tied users of its resource operands
    count as users. With `min-peak-memory` (the default) an op joins the
    latest-executing wave it may join, with `max-concurrency` the earliest;
    `debug` disables the pass. Metadata ops never enter waves. Every wave
    with two or more ops becomes one `stream.async.concurrent` placed after
    the last producer of the values it captures.

    `--sluice-stream-concurrency-nested` (default off) also processes
    executes nested in structured control flow, which the reference skips.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def ElideTimepointsPass
    : Pass<"iree-stream-elide-timepoints", "mlir::ModuleOp"> {
  let summary = "Elides timepoint waits that are provably already reached "
                "and folds host awaits into their consumers";
  let description = [{
    A whole-program analysis computes which timepoints are immediate
    (reached when they are created: `stream.timepoint.immediate`, joins and
    selects of immediates, globals only ever stored immediates, block
    arguments and call/region results that only receive immediates) and
    which timepoints each timepoint covers (reaching it implies they were
    reached: the awaits of a timeline op, values reaching a block argument on
    every edge, fences bridged by timeline-aware ops). Then, per callable:
    immediate operands and results become `stream.timepoint.immediate`; an
    await list keeps only the timepoints not covered by another one in the
    list; `stream.timepoint.await` ops are sunk into the `scf.if` /
    `scf.index_switch` branches that use them or moved below region ops that
    do not, and are folded into the timeline ops consuming the awaited
    resources (the timeline op awaits the timepoint and uses the resource
    directly); yields of awaited values covered by the yielded timepoint use
    the resource directly.

    The pass never canonicalizes; it reports a change to an enclosing
    `iree-util-fixed-point-iterator`. Sluice fixes three reference quirks
    (EL1: mutually covering awaits keep one member; EL2: select coverage is
    the intersection of both sides; EL3: block arguments with unknown
    incoming edges cover only themselves) and solves without the
    reference's transitive-closure sets or their 8192-element cap.
  }];
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def PropagateTimepointsPass
    : Pass<"iree-stream-propagate-timepoints", "mlir::ModuleOp"> {
  let summary = "Carries a timepoint alongside every resource across globals, "
                "calls, branches and structured control flow";
  let description = [{
    Every resource global gets a mutable `@<name>__timepoint` global
    (initially `#stream.timepoint<immediate>`) stored and loaded next to it.
    Private functions get a `!stream.timepoint` after every resource argument
    and result; calls, returns, `cf` branches and `scf.if/for/while/
    index_switch` (through MutableRegionBranchOpInterface) carry (resource,
    timepoint) pairs. Where a resource enters a scope (block argument, call
    result, global load, region result) a host `stream.timepoint.await` is
    placed; where it is consumed (execute captures, timeline ops, stores,
    branches) the timepoint it is available at is awaited instead, so the
    host waits can later fold into `await(...)` clauses. Values with no known
    timepoint get a fresh `stream.timepoint.immediate`. All rewrites are
    local and redundant; canonicalization, IPO and global folding remove the
    excess.
  }];
  let dependentDialects = [
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

def SyncInitializersPass
    : Pass<"iree-stream-sync-initializers", "mlir::ModuleOp"> {
  let summary = "Makes every host await inside a `util.initializer` "
                "synchronous";
  let description = [{
    Sets the `sync` unit attribute on every `stream.timepoint.await` nested
    in a `util.initializer` directly in the module, so that
    `--iree-stream-propagate-timepoints` treats the awaited values as
    materialized before they are stored to globals. Functions called from
    initializers are not followed.
  }];
}

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
