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

def VerifyInputPass : Pass<"iree-stream-verify-input", "mlir::ModuleOp"> {
  let summary = "Verifies that the input program can be converted to stream";
  let description = [{
    Read-only check run first in the tensor phase (stream-passes-1.md §4).
    Rejects indirect global access (`util.global.address`,
    `util.global.load.indirect`, `util.global.store.indirect`) and any
    `flow.executable` whose inner module has a public function-like with
    results ("cannot be converted to stream because it contains public
    functions with a result"). Every illegal op gets the op error "illegal
    for this phase of lowering in the stream dialect; expected to have been
    converted or removed"; all errors are reported before the pass fails.
    `hal.executable` bodies are not inspected.
  }];
}

def VerifyLoweringToTensorsPass
    : Pass<"iree-stream-verify-lowering-to-tensors", "mlir::ModuleOp"> {
  let summary = "Verifies that no tensor, linalg or flow op remains";
  let description = [{
    Read-only check run at the end of the tensor phase (stream-passes-1.md
    §4): the `tensor`, `linalg` and `flow` dialects are illegal outside of
    `stream.executable` and `hal.executable` bodies, which are skipped.
  }];
}

def VerifyLoweringToAsyncResourcesPass
    : Pass<"iree-stream-verify-lowering-to-async-resources",
           "mlir::ModuleOp"> {
  let summary = "Verifies that no tensor-phase stream op remains";
  let description = [{
    As `--iree-stream-verify-lowering-to-tensors`, and every op with the
    stream `TensorPhaseOp` trait (`stream.tensor.*`) is illegal
    (stream-passes-1.md §4).
  }];
}

def VerifyLoweringToAsyncPass
    : Pass<"iree-stream-verify-lowering-to-async", "mlir::ModuleOp"> {
  let summary = "Verifies that the program is in the async phase";
  let description = [{
    As `--iree-stream-verify-lowering-to-async-resources`, and additionally
    (stream-passes-1.md §4): an operand or result of type
    `!stream.resource<*>` (unknown lifetime) is illegal, and every
    `StreamableOpInterface` op that is neither a command-phase op nor a
    metadata op must be nested in a `stream.async.execute` region (": streamable
    op expected to be in an execution region").
  }];
}

def VerifyLoweringToCmdPass
    : Pass<"iree-stream-verify-lowering-to-cmd", "mlir::ModuleOp"> {
  let summary = "Verifies that no async-phase stream op remains";
  let description = [{
    As `--iree-stream-verify-lowering-to-async-resources`, and every op with
    the `AsyncPhaseOp` trait is illegal, as is any operand or result of type
    `!stream.resource<*>` (stream-passes-1.md §4).
  }];
}

def CloneToConsumersPass
    : Pass<"iree-stream-clone-to-consumers", "mlir::ModuleOp"> {
  let summary = "Clones cheap producers into each consumer affinity";
  let description = [{
    Runs on the pre-conversion (flow) program (stream-passes-1.md §6). A
    cloneable producer (a `StreamableOpInterface` op that prefers cloning to
    consumers, or any pure op that does not implement that interface) whose
    result is used on more than one affinity, as answered by the affinity
    analysis, is cloned immediately before each consumer that would otherwise
    need a transfer; the earliest consumer keeps the original. Whole chains of
    cloneable producers are cloned in one iteration. The analysis is rebuilt
    and the walk repeated until nothing changes, at most 32 times (then a
    remark: "clone to consumers pass failed to reach a fixed point after 32
    iterations; ambiguous affinity may be present"). A failing analysis is
    the error "failed to solve for affinity analysis". CSE must not run
    between this pass and `--iree-stream-conversion`.
  }];
  // The affinity models of tensors are attached when stream loads.
  let dependentDialects = ["::sluice::stream::StreamDialect"];
}

def ConvertToStreamPass : Pass<"iree-stream-conversion", "mlir::ModuleOp"> {
  let summary = "Converts flow/util/hal-ABI/std tensor programs to stream";
  let description = [{
    Converts every tensor value outside executables into a
    (`!stream.resource<*>`, `index` byte size) pair (stream-passes-1.md §3):
    flow tensor, dispatch, call, executable, channel and collective ops,
    `arith.constant` of tensors, the cf/scf structural ops, `util.func`,
    `util.call`, `util.return`, tensor globals (split into a resource global
    and a `__size` global) and the `hal.tensor.*` ABI ops become `stream`
    ops. Placement comes from the affinity analysis computed on the input.
    Unknown ops that take or produce tensors are wrapped with
    `stream.tensor.export`/`stream.tensor.import`. When the analysis does not
    converge the pass fails with "affinity analysis failed to converge (input
    program may have invalid affinities assigned); use`--iree-stream-annotate-input-affinities`
    to help identify the invalid affinities". Finally the `stream.affinity`
    attribute is removed from the ops directly in the module.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

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

def SpecializeEncodingsPass :
    Pass<"iree-stream-specialize-encodings", "mlir::ModuleOp"> {
  let summary = "Resolves device-specific layouts into tensor encodings";
  let description = [{
    Resolves the verbose encodings of stream tensor-phase ops into serialized
    layouts for the devices they run on, and duplicates executables per layout
    variant (stream-passes-1.md §7.1 as corrected by encoding.md §8.1).

    The layout resolvers of a device come from the single loaded dialect that
    implements `AffinityAnalysisDialectInterface` (HAL): each executable
    target's `iree.encoding.resolver`, or `#iree_encoding.identity_resolver`.
    Candidates are the tensor-phase ops with an affinity and a recognized
    (serializable) encoding: `sizeof`, `empty`, `splat`, `fill`, `encode`
    (resolved), `constant`, `clone`, `slice`, `update` (must already be
    serialized) and `dispatch` to recognized stream executables (operand
    encodings resolved for the operand's resource affinity, result encodings
    for the dispatch's affinity). Each recognized, unserialized encoding gets
    `encoding.cloneWithLayouts([r.getLayout(T) for r in resolvers])`.

    The first candidate that fails gets «failed to resolve recognized layout»
    (when a layout could not be resolved, including for a device without
    executable targets) and «failed to convert unserialized encoding to
    serialized encoding»; the module gets «failed to add layouts to
    Stream::TensorPhaseOp with encodings» and the pass fails. Later candidates
    are left alone.

    Dispatched executables are then specialized: every distinct list of
    binding layouts of an export gets its own copy of the executable
    (`<executable>_dup<k>`, one counter per original executable) whose
    `stream.binding.subspan` result types carry the layouts, and each
    dispatch is retargeted to its copy.
  }];
  let dependentDialects = [
    "::sluice::iree_encoding::IREEEncodingDialect",
    "::sluice::stream::StreamDialect",
  ];
}

def EncodeHostTensorsPass : Pass<"iree-stream-encode-host-tensors"> {
  let summary = "Encodes tensor-phase ops into async resource ops";
  let description = [{
    Lowers `stream.tensor.*` host ops to `stream.async.*`, computing byte
    sizes and offsets (stream-passes-1.md §7.2, encoding.md §8.2): `sizeof`
    becomes arithmetic, `empty` an `alloca`, `constant` an `async.constant`
    (odd-width integers widened to their storage type; sub-byte and
    `packed_storage` values kept packed), `splat`/`fill` an `async.splat` /
    `async.fill` of a byte pattern (sub-byte values replicated into a byte),
    `clone`/`slice`/`update`/`load`/`store` their async forms with byte
    offsets, `dispatch` an `async.dispatch` over whole resources, and the
    parameter ops `async.parameter.load/write` followed by an await.

    Serialized encodings compute their own storage size. A pattern declines
    (with a match-failure note) on an unserialized encoding, on sub-byte
    loads/stores, on offsets into non-identity serialized layouts [fix], and
    on statically non-contiguous fills. Errors: «failed to calculate total
    byte count: <type> does not have integral number of total bytes» and
    «has unsupported pattern type <type> with too large/non-byte-aligned bit
    width; a new builtin is required» (the pass then fails).

    [SLUICE] The byte length of a fill is the element count of the filled
    region converted to bytes (the reference used the offset of the lengths
    tuple).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::sluice::stream::StreamDialect",
  ];
}

def EncodeDeviceTensorsPass : Pass<"iree-stream-encode-device-tensors"> {
  let summary = "Widens odd-width integer tensors inside executables";
  let description = [{
    Makes executables agree with the host's byte layout (stream-passes-1.md
    §7.3, encoding.md §8.3): a `stream.binding.subspan` of a dispatch tensor
    whose element type is not a storage type (`i1`, `i3`, `i33`, ...) gets
    the storage element type (encoding kept [fix]); loads of such tensors
    are followed by `arith.trunci`, stores preceded by `arith.extui`.
    Packable sub-byte types (`i2`, `i4`, and `i1` with
    `#iree_encoding.packed_storage`) are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def MaterializeEncodingsPass :
    Pass<"iree-stream-materialize-encodings", "mlir::ModuleOp"> {
  let summary = "Turns stream.tensor.encode ops into dispatches";
  let description = [{
    Folds identity encodes away, then replaces every remaining
    `stream.tensor.encode` with a `stream.async.dispatch` to a generated
    executable `@_encoding_<n>` (placed before the function using it) whose
    function `_encoding_<n>_encode_<S>_to_<R>` loads the source,
    `iree_encoding.unset_encoding`s / `set_encoding`s it and stores the
    result (stream-passes-1.md §7.4, encoding.md §8.4). Encodes with the
    same source and result types share one executable.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::sluice::iree_encoding::IREEEncodingDialect",
    "::sluice::iree_tensor_ext::IREETensorExtDialect",
    "::sluice::stream::StreamDialect",
  ];
}

def UnifyEncodingForGlobalsPass :
    Pass<"iree-stream-unify-encoding-for-globals", "mlir::ModuleOp"> {
  let summary = "Unifies the encodings of globals encoded from one source";
  let description = [{
    Experimental (pipeline flag
    `--iree-stream-experimental-unify-encoding-for-globals`). When
    initializers encode one immutable source (a global or a parameter) into
    several immutable globals with different encodings, every such global is
    switched to one encoding: the single resolver's `getUnifiedEncoding`, or
    `#iree_encoding.identity` (stream-passes-1.md §7.5, encoding.md §8.5).
    Readers of those globals are updated: dispatch operands take the unified
    encoding (tied results are re-encoded back), clones/updates and the other
    tensor ops get a re-encode to what they expect [fix], encodes read from
    the unified encoding; dispatched executables are duplicated per layout
    variant. The only diagnostic is «failed to duplicate executables for
    unified encoding variants».
  }];
  let dependentDialects = [
    "::sluice::iree_encoding::IREEEncodingDialect",
    "::sluice::stream::StreamDialect",
  ];
}

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

def ScheduleAllocationPass : Pass<"iree-stream-schedule-allocation",
                                  "mlir::ModuleOp"> {
  let summary = "Allocates storage and issues commands for async execution "
                "regions.";
  let description = [{
    Converts every `stream.async.execute` into a `stream.cmd.execute` over
    explicitly allocated storage (stream-passes-2.md §7):

    * constants inside execution regions are extracted into
      `stream.resource.constants` ops, one per lifetime and affinity;
    * results are allocated with queue-ordered `stream.resource.alloca`s (a
      `stream.resource.pack` plus subviews when several share a lifetime);
    * values that live and die inside a region are packed by liveness into one
      transient `stream.resource.alloca` released after the region;
    * every `stream.async.*` op in the region becomes its `stream.cmd.*` form
      over the allocated ranges.

    Host-side ops are converted too: `stream.async.load/store` become
    `stream.resource.load/store`, `stream.async.parameter.*` become
    `stream.cmd.parameter.*` and `stream.async.func` declarations become
    `stream.cmd.func`. Afterwards no `stream.async.*` op remains. Ops that
    cannot be converted (for example constants nested in
    `stream.async.concurrent` or of a lifetime other than constant/variable) are
    reported with `unhandled async op <name> during allocation (should have
    been removed earlier)` and fail the pass.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

def PackConstantsPass : InterfacePass<"iree-stream-pack-constants",
                                      "mlir::CallableOpInterface"> {
  let summary = "Packs `stream.resource.constants` into uploadable storage.";
  let description = [{
    Expands every `stream.resource.constants` op into host storage plus the
    operations that make it usable on the device (stream-passes-2.md §8):

    * serialized values are packed into storage buckets of at most
      `max_allocation_size` bytes (offsets aligned to
      `min_buffer_offset_alignment`), each a `util.buffer.constant` holding a
      `#util.composite`; constant-lifetime buckets are first tried with
      `stream.resource.try_map` and fall back to an allocation and a
      `stream.file.read`, variable-lifetime buckets are always read;
    * `#stream.parameter.named` values become `stream.cmd.parameter.load`
      (one load per scope; with the unified memory model every constant
      parameter has its own storage so it can be mapped) or
      `stream.cmd.parameter.gather` into a packed allocation.

    Each constants result becomes a `stream.resource.subview` of its storage and
    the constants timepoint becomes the join of all uploads. A value larger than
    `max_allocation_size` still gets its own bucket and is reported with the
    warning `constant of <N> bytes exceeds max_allocation_size <M>`.
    Resource constraints come from `#stream.resource_config` lookups or the
    `--iree-stream-resource-*` flags.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

def LayoutSlicesPass : InterfacePass<"iree-stream-layout-slices",
                                     "mlir::CallableOpInterface"> {
  let summary = "Lays out packed slices and materializes their offsets.";
  let description = [{
    Replaces every `stream.resource.pack` with index arithmetic giving each
    slice its byte offset and the pack its total length (stream-passes-2.md
    §9). Slices whose inclusive lifetime intervals do not intersect may share
    memory. Statically sized slices are placed first by the reference's greedy
    best-fit strategy, in slice order, using an interval index so only
    reservations whose lifetimes intersect are examined; dynamically sized
    slices follow, sharing memory only with slices of the same size value.
    Offsets honour `min_buffer_offset_alignment` and sizes
    `min_buffer_range_alignment` of the op's resource configuration.

    `--sluice-stream-layout-strategy=reference|best` (§9.4) chooses the static
    layout. `reference` (the default) is the layout above, bit-exact with the
    reference. `best` keeps the smallest of the reference layout and greedy
    placements of the slices ordered by size, lifetime start, size x
    duration and duration (each first-fit and best-fit), followed by a
    bounded compaction; it is never larger than the reference layout and
    stops early once the max-live lower bound is reached. Dynamic slices are
    laid out the same way under both strategies.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::util::UtilDialect",
  ];
}

def ReuseAllocationsPass : InterfacePass<"iree-stream-reuse-allocations",
                                         "mlir::CallableOpInterface"> {
  let summary = "Reuses a deallocated resource for a later allocation.";
  let description = [{
    Turns a `stream.resource.dealloca` followed on the same timeline by a
    `stream.resource.alloca` of the same size value, type and affinity into a
    reuse of the deallocated resource (stream-passes-2.md §10). Only allocas
    directly in the callable's blocks are considered; the dealloca is found by
    following the alloca's await timepoint back through `stream.timepoint.join`
    ops of the same block.
  }];
}

def AutomaticReferenceCountingPass :
    Pass<"iree-stream-automatic-reference-counting", "mlir::ModuleOp"> {
  let summary = "Inserts deallocations after the last use of allocations.";
  let description = [{
    Inserts a `stream.resource.dealloca` after the last timeline use of every
    resource produced by a `stream.resource.alloca` whose lifetime can be
    proven inside its function (stream-passes-2.md §11). Uses that fork are
    joined before the deallocation. `scf.for`, `scf.if` and `scf.while` bodies
    are analysed in their own scopes: resources captured by a region live until
    the region's result timepoint, region-local resources are released inside,
    yielded resources after the region. Functions with several blocks or with
    calls in their entry block, and resources that escape (returned, stored,
    tied, passed to unknown ops), are left alone.
  }];
  let dependentDialects = [
    "::sluice::stream::StreamDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Dispatch optimizations and statistics (stream-passes-2.md §12-§13)
//===----------------------------------------------------------------------===//

def FuseDispatchBindingsPass :
    Pass<"iree-stream-fuse-dispatch-bindings", "mlir::ModuleOp"> {
  let summary = "Fuses bindings to the same underlying storage to reduce binding count.";
  let description = [{
    Per export with dispatch sites (stream-passes-2.md §12.1): bindings that
    receive the same resource at every site (and, unless the resource
    config allows aliasing mutable bindings, do not write it) become one
    binding of the whole resource; every binding's offset becomes a leading
    `index` operand added to its `stream.binding.subspan` offsets. Bindings
    are rebased even when nothing fuses [REF]. Exports named by a
    multi-entry-point dispatch are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def AnnotateDispatchArgumentsPass :
    Pass<"iree-stream-annotate-dispatch-arguments", "mlir::ModuleOp"> {
  let summary = "Annotates dispatch arguments with potential values and alignments.";
  let description = [{
    A whole-program analysis of the values reaching every dispatch
    (stream-passes-2.md §12.2) annotates export function arguments with
    `stream.values` (every possible constant, sorted by unsigned value) and
    `stream.alignment` (index operands and binding offsets). [QUIRK AD1]
    values whose producers are all known but carry no information keep the
    maximum alignment (binding offsets then get the resource config's
    minimum offset alignment); [QUIRK AD2] exports without dispatch sites
    get `stream.values = []`.
  }];
}

def AnnotateDispatchAssumptionsPass :
    Pass<"iree-stream-annotate-dispatch-assumptions", "mlir::ModuleOp"> {
  let summary = "Annotates dispatch arguments with integer range and divisibility assumptions.";
  let description = [{
    Runs integer range and divisibility analysis on every function with a
    dispatch and adds one `util.assume.int` at the start of each export
    function over the integer/index operands that have any information at
    any site, one `#util.int.assumption` row entry per site
    (stream-passes-2.md §12.3).
  }];
  let dependentDialects = ["::sluice::util::UtilDialect"];
}

def PackDispatchOperandsPass :
    Pass<"iree-stream-pack-dispatch-operands", "mlir::ModuleOp"> {
  let summary = "Packs dispatch operands into i32 push constants.";
  let description = [{
    Every uniform dispatch operand becomes one or two i32 values
    (stream-passes-2.md §12.4): complex values split into parts, index
    values cast to the resource config's index width, floats bitcast,
    narrow integers zero-extended to i32 ([QUIRK PD1] fixed: every width
    below 32, `i31` included), 64-bit values split into low and high halves.
    Export functions recompose the original values at their entry and move
    the argument attributes onto the last recomposing op.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
  ];
}

def FoldUniformOperandsPass :
    Pass<"iree-stream-fold-uniform-operands", "mlir::ModuleOp"> {
  let summary = "Folds redundant and uniformly constant dispatch operands.";
  let description = [{
    Per export with dispatch sites (stream-passes-2.md §12.5): operands
    duplicated at every site are merged, duplicate workload values are
    merged (workload ordinals renumbered; [QUIRK FU1] fixed: a dropped
    ordinal maps to its live twin), and operands that are the same constant
    at every site are inlined into the function as `arith.constant`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SpecializeDispatchesPass :
    Pass<"iree-stream-specialize-dispatches", "mlir::ModuleOp"> {
  let summary = "Specializes executables by inlining/fusing operands based on dispatch sites.";
  let description = [{
    Operands that are constant at every site move into per-type lookup
    tables (`arith.constant dense<...>` indexed by a new site-id argument)
    inside the export function (stream-passes-2.md §12.6). Not part of the
    pipelines. [QUIRK SD1] fixed: exports without a function are skipped.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def DumpStatisticsPass :
    Pass<"iree-stream-dump-statistics", "mlir::ModuleOp"> {
  let summary = "Dumps stream dialect usage information to a file.";
  let description = [{
    Prints static statistics of a command-phase program (stream-passes-2.md
    §13): constants, variables, host syncs, submissions, transient memory,
    fills, copies, collectives, dispatches, calls and executables, as a
    `pretty`/`verbose` summary or as CSV with one row per command.
    [QUIRK DS1] fixed: zero dispatches print `0% reuse`. Sluice addition:
    functions carrying `sluice.transients.statistics` (recorded by
    `--iree-stream-emplace-transients` with `statistics=true`) get an
    "External Transients" section (a table in CSV) with their emplaced and
    unplaced alloca counts and bytes (external-transients.md §9.7); the
    attribute is then removed. Nothing else in the IR is modified.
  }];
  let options = [
    Option<"outputFormat", "output-format", "std::string",
           /*default=*/"\"pretty\"",
           "Output format: `pretty`, `verbose` or `csv`.">,
    Option<"outputFile", "output-file", "std::string", /*default=*/"\"\"",
           "File path to write to; empty for stderr, `-` for stdout.">,
  ];
}

//===----------------------------------------------------------------------===//
// Parameters (stream-passes-2.md §14)
//===----------------------------------------------------------------------===//

def SplitParameterEncoderPass
    : Pass<"iree-stream-split-parameter-encoder", "mlir::ModuleOp"> {
  let summary = "Moves parameter re-encoding into an offline encoder module";
  let description = [{
    stream-passes-2.md §14. Finds the constant expressions that initializers
    store into `!stream.resource<constant>` globals (backward slices of the
    stored values made of const-expr ops: parameter and inline constants,
    fills, slices, dispatches, `scf` ops, ...), keeps those the policy
    accepts (parameter/constant inputs enabled, output no larger than
    `max-encoding-growth-factor` times the inputs), and

    * builds an encoder module (`module @encoder`, reflection
      `iree.tool = "iree-encode-parameters"`) with the functions
      `@__encode_parameter_detect_target`, `@__encode_parameter_indices_all`,
      `@__encode_parameter_steps_all` and `@__encode_parameters_all` that
      recompute each expression from the original parameters and scatter the
      results into new parameters `parameter0`, `parameter1`, ... of scope
      `output-scope`;
    * rewrites every such store to load its value from the new parameter
      (`stream.async.constant` of `#stream.parameter.named`, plus a
      `stream.resource.subview` when the value is a subrange), and prunes the
      computation that became dead.

    The encoder module is printed to standard output, or written to
    `output-file` (`.mlirbc`: bytecode). Without any expression the module is
    left unchanged, nothing is printed and an existing `output-file` is
    removed.

    `output-scope` only applies when the option is given explicitly (as the
    pipeline does); otherwise the produced parameters have the empty scope
    (reference behaviour, quirk SP1). Slicing memoizes the const-expr flag and
    the rejection of every op, so each op is judged once for all stores.
  }];
  let options = [
    Option<"mode", "mode", "::sluice::stream::ParameterEncoderMode",
           /*default=*/"::sluice::stream::ParameterEncoderMode::Consolidate",
           "`consolidate` moves pass-through stores into the new parameters "
           "too; `overlay` leaves them alone.",
           [{::llvm::cl::values(
             clEnumValN(::sluice::stream::ParameterEncoderMode::Consolidate,
                        "consolidate", "Move pass-through parameters as well."),
             clEnumValN(::sluice::stream::ParameterEncoderMode::Overlay,
                        "overlay", "Only move transformed parameters.")
           )}]>,
    Option<"outputScope", "output-scope", "std::string",
           /*default=*/"\"encoded\"",
           "Scope of the produced parameters (used only when set "
           "explicitly; the empty scope otherwise).">,
    Option<"outputFile", "output-file", "std::string", /*default=*/"",
           "Writes the encoder module to this file (`.mlirbc`: bytecode) "
           "instead of standard output.">,
    Option<"hoistParameterExpressions", "hoist-parameter-expressions", "bool",
           /*default=*/"true",
           "Hoist expressions that read parameters.">,
    Option<"hoistConstantExpressions", "hoist-constant-expressions", "bool",
           /*default=*/"true",
           "Hoist expressions that read only inline constants.">,
    Option<"maxEncodingGrowthFactor", "max-encoding-growth-factor", "float",
           /*default=*/"1.2f",
           "Largest accepted ratio of output to input bytes.">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::hal::HALDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

//===----------------------------------------------------------------------===//
// External transients (external-transients.md)
//===----------------------------------------------------------------------===//

def EmplaceTransientsPass
    : Pass<"iree-stream-emplace-transients", "::mlir::ModuleOp"> {
  let summary = "places transient allocations into caller-provided storage";
  let description = [{
    For every public function with `stream.resource.transients` ops
    (external-transients.md §5), finds the transient-lifetime
    `stream.resource.alloca`s on the timeline ancestry of the annotated
    results, gives each a slot of one `stream.resource.pack` marked
    `stream.experimental.transients`, and replaces each alloca with a
    `stream.resource.subview` of the caller's storage. The matching deallocas
    and the transients ops are removed.

    Slots: allocas in sibling regions that can never both run (the branches
    of `scf.if`, the cases of `scf.index_switch`) share slots position-wise;
    every other alloca gets its own slot. All slots are laid out with the
    interval `[0, 0]`, so every slot overlaps every other one (nothing
    aliases); the description of the reference pass claims liveness
    intervals, the reference code does not use them (§9.11 row 8). A slot
    shared by several allocas is as large as the largest (`arith.maxui`).

    With `reference-compat=true` (the default) the output and the
    diagnostics are the reference's (§5, §9.0), with the crash and
    undefined-behaviour fixes that apply in both modes: a null await becomes
    `stream.timepoint.immediate`, several storage buffers fail the pass, the
    sibling regions of `scf.while` never share a slot (§9.4). With
    `reference-compat=false` (what Sluice's pipelines use) it also:

    * checks at run time that the storage is at least the packed size when
      the storage is a `stream.tensor.import` of a `!hal.buffer`
      (`size-check`, §9.1);
    * accepts calls to callees that perform no transient allocation, and
      specializes callees that do (§9.2): post-order over the call graph,
      `@C$transients` is a private copy of `@C` taking a slab
      (`!stream.resource<transient>` and its size) into which its own
      allocas (those on the timeline of what it returns) are placed the same
      way, and `@C$transients_size` a private function returning that slab's
      size from the arguments it needs. In the caller the call becomes a
      call of `@C$transients` on a subview of the caller's storage (or slab)
      and counts like an alloca of size `util.call @C$transients_size(...)`
      (marked `sluice.transients.size_call`): one slot, shared position-wise
      across exclusive branches. The call's timepoint arguments become the
      slab's timepoint, and when every timepoint the callee returns follows
      one of its timepoint arguments the emplaced slab is released after the
      call's results alone (no join chain through consecutive calls).
      Recursion through an allocating callee and
      a callee size that is not computable at the function entry are
      errors; indirect calls and calls in loops whose callee does not wait
      on its timepoint arguments are reported like unplaced allocas and keep
      the original callee;
    * accepts several storages told apart by the function argument they come
      from (through `stream.tensor.import`), each on its own affinity
      (§9.3): every storage gets the allocas on its affinity, its own pack
      (tagged `sluice.transients.storage_arg` with the argument index) and
      its own size check; two storages on one affinity, or two
      `iree.abi.transients` arguments without distinct `iree.abi.affinity`,
      are an error;
    * places the pack and the size computation in the entry block, hoisting
      only pure and speculatable ops, and reports size computations that
      cannot be hoisted with a precise diagnostic (§9.5, §9.11 rows 4-5);
    * reports every transient alloca left in a function with storage
      (`unplaced`, §9.7), with one of the five §9.7 reasons;
    * in the sync invocation model (no `iree.abi.model = "coarse-fences"`
      in the function's reflection) also emplaces allocas whose dealloca is
      host-awaited on every path to the return (§9.7);
    * leaves in place (and reports) allocas whose size depends on an
      argument of a non-entry block of the function body, and allocas whose
      affinity differs from the `iree.abi.affinity` of a single storage
      argument; allocas in other blocks of the body are served by a pack at
      the end of the entry block;
    * with `statistics=true`, records the function's emplaced and unplaced
      alloca counts and bytes in `sluice.transients.statistics`, which
      `--iree-stream-dump-statistics` prints and removes (§9.7);
    * reads the storage (`hal.buffer.length`, `stream.tensor.import`) only
      after the size check, so a null storage fails the check cleanly
      (§9.10);
    * makes every emplaced alloca also await the `!hal.fence` argument
      named by `sluice.abi.transients_wait = <index>` on the storage
      argument (§9.8);
    * replaces a size that depends on a loop-variant value by its upper
      bound from integer range analysis (loop bounds, `util.assume.int`),
      and fails when no finite bound exists (§9.5);
    * with `liveness-packing=true`, gives the slots real lifetimes (§9.11
      row 8): a slot of one entry-block alloca with one dealloca in the
      entry block lives from its alloca until the last slot that is not
      ordered after its dealloca on the timeline; every other slot spans
      all of them. The pack is marked `sluice.stream.layout = "best"` so
      that `--iree-stream-layout-slices` lays it out with `packSlicesBest`;
      slots with disjoint lifetimes then share bytes.
  }];
  let options = [
    Option<"referenceCompat", "reference-compat", "bool", /*default=*/"true",
           "Reproduce the reference output and diagnostics exactly "
           "(external-transients.md §9.0).">,
    Option<"sizeCheck", "size-check", "bool", /*default=*/"true",
           "With reference-compat=false: assert at run time that the "
           "storage holds the packed size (§9.1).">,
    Option<"unplaced", "unplaced", "::sluice::stream::TransientsUnplaced",
           /*default=*/"::sluice::stream::TransientsUnplaced::Warn",
           "With reference-compat=false: what to do with transient "
           "allocations left in a function with storage (§9.7).",
           [{::llvm::cl::values(
             clEnumValN(::sluice::stream::TransientsUnplaced::Ignore,
                        "ignore", "Say nothing."),
             clEnumValN(::sluice::stream::TransientsUnplaced::Warn,
                        "warn", "Emit a warning."),
             clEnumValN(::sluice::stream::TransientsUnplaced::Error,
                        "error", "Emit an error and fail.")
           )}]>,
    Option<"statistics", "statistics", "bool", /*default=*/"false",
           "With reference-compat=false: record the per-function §9.7 "
           "statistics in `sluice.transients.statistics` for "
           "--iree-stream-dump-statistics.">,
    Option<"livenessPacking", "liveness-packing", "bool", /*default=*/"false",
           "With reference-compat=false: give slots liveness intervals so "
           "that slots with disjoint lifetimes share bytes (§9.11 row 8).">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::hal::HALDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

def MaterializeTransientSizeQueriesPass
    : Pass<"iree-stream-materialize-transient-size-queries",
           "::mlir::ModuleOp"> {
  let summary = "creates the `<fn>_transients_size` query functions";
  let description = [{
    For every function with `stream.resource.pack` ops marked
    `stream.experimental.transients` (left by
    `--iree-stream-emplace-transients`), removes the marker and inserts,
    right after the function, a public
    `util.func @<fn>_transients_size` with the same arguments that clones the
    pure computation of each pack's total length and returns one `index` per
    pack (external-transients.md §6). The function's `iree.reflection` gets
    `iree.abi.transients.size = @<fn>_transients_size`. The name is uniqued
    (`_0`, `_1`, ...) when the symbol exists already (§9.9).

    A size that depends on a value the query cannot compute (an impure op,
    a block argument other than the function's own arguments) is an error
    instead of invalid IR.

    Calls marked `sluice.transients.size_call` (the sizes of specialized
    callees, external-transients.md §9.2) are part of the computation and
    are inlined into the query, transitively, so that the query calls
    nothing. Packs tagged `sluice.transients.storage_arg` (one per storage
    argument, §9.3) are returned in argument order and lose the tag.

    With `reference-compat=false` the function's reflection also gets
    `iree.abi.transients.args` (the storage argument indices, when the
    storage traces to function arguments; when nothing was emplaced, the
    arguments declared with `iree.abi.transients`) and
    `iree.abi.transients.alignment` (the resource config's minimum buffer
    offset alignment, as a decimal string), and the query function gets
    `iree.reflection = {iree.abi.model = "sync"}` plus the exported
    function's `iree.abi.declaration` if it has one (§9.9).
  }];
  let options = [
    Option<"referenceCompat", "reference-compat", "bool", /*default=*/"true",
           "Add no reflection key beyond the reference's "
           "(external-transients.md §9.0).">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::stream::StreamDialect",
    "::sluice::util::UtilDialect",
  ];
}

def AnnotateConstantTransientSizePass
    : Pass<"iree-stream-annotate-constant-transient-size",
           "::mlir::ModuleOp"> {
  let summary = "records constant transient sizes in reflection";
  let description = [{
    For every function whose `iree.reflection` names a size query
    (`iree.abi.transients.size`) and has no
    `iree.abi.transients.size.constant` yet, adds
    `iree.abi.transients.size.constant = N : index` when the query's single
    block returns a constant (external-transients.md §7). The pass folds
    nothing itself: it relies on LayoutSlices and canonicalization having
    run. A missing query symbol, a query with no result or a non-`index`
    result is an error; a query with several results is skipped with a
    warning.

    With `reference-compat=false`, a query with one result per storage
    argument of a function whose reflection lists two or more storage
    arguments (`iree.abi.transients.args`) is annotated with the
    comma-separated list of the constants, if all of them are constant
    (§9.3).

    With `reference-compat=false`, a function whose query is not constant
    gets `iree.abi.transients.size.upper_bound = "<U>"` (one bound per query
    result, comma-separated) when integer range analysis over the query
    finds a finite maximum U for every result, using `util.assume.int`
    (which `sluice.abi.dim_bounds` produces) and loop bounds (§9.6). With
    `upper-bound=required` a non-constant query without a bound is an
    error.
  }];
  let options = [
    Option<"referenceCompat", "reference-compat", "bool", /*default=*/"true",
           "Reference behaviour only (external-transients.md §9.0).">,
    Option<"upperBound", "upper-bound",
           "::sluice::stream::TransientsUpperBound",
           /*default=*/"::sluice::stream::TransientsUpperBound::Optional",
           "With reference-compat=false: whether a non-constant query must "
           "have an upper bound (§9.6).",
           [{::llvm::cl::values(
             clEnumValN(::sluice::stream::TransientsUpperBound::Optional,
                        "optional", "Add the bound when one is found."),
             clEnumValN(::sluice::stream::TransientsUpperBound::Required,
                        "required", "Fail when no bound is found.")
           )}]>,
  ];
  let dependentDialects = ["::sluice::util::UtilDialect"];
}

//===----------------------------------------------------------------------===//
// Sluice reports (memory report, timeline picture)
//===----------------------------------------------------------------------===//

def MemoryReportPass :
    Pass<"sluice-stream-memory-report", "mlir::ModuleOp"> {
  let summary = "Reports the memory each public function needs";
  let description = [{
    Prints, for every public function (and every initializer) of a stream
    program, the bytes it holds: transients — the peak of the transient
    allocations live at once (their packed sizes) and the max-live lower
    bound over the slots inside them (both in program order, computed with
    `computeMaxLiveBytes`), the sum of all transient allocations, and the
    external transient storage with its size query's constant or formula —
    constants, parameters read and written, and external results. Dynamic
    sizes print as formulas over the function's arguments. The IR is not
    changed. Details and a sample: `docs/memory-report.md`.

    `--sluice-stream-memory-report[=FILE]`: a bare value is the output file
    (`output-file=FILE`). The report is text, or JSON when `format=json` or
    the file name ends in `.json`. Without a file it goes to stderr; `-` is
    stdout.
  }];
  let options = [
    Option<"outputFile", "output-file", "std::string", /*default=*/"\"\"",
           "File to write; empty for stderr, `-` for stdout.">,
    Option<"format", "format", "std::string", /*default=*/"\"\"",
           "`text` or `json`; empty: JSON for a `.json` file, text "
           "otherwise.">,
  ];
}

def DumpTimelinePass :
    Pass<"sluice-stream-dump-timeline", "mlir::ModuleOp"> {
  let summary = "Draws the schedule and transient memory of each function";
  let description = [{
    Writes an SVG picture, one section per function with execution regions:
    the execution regions (`stream.cmd.execute`) on a static timeline, one
    row per affinity and queue lane, the waits between them (timepoint
    edges) and host waits; below, the transient memory: every transient slab
    (alloca or external storage) as a band whose height is its size, with
    each slot (accessed subrange) drawn at its offset over its lifetime.
    Every element has a `<title>` tooltip; labels are drawn only where they
    fit, so the picture stays readable at thousands of regions. Meant for
    command-phase programs (after the cmd pipeline). The IR is not changed.
    Layout rules: `docs/memory-report.md`.

    `--sluice-stream-dump-timeline=FILE.svg` (a bare value is the output
    file; `-` is stdout).
  }];
  let options = [
    Option<"outputFile", "output-file", "std::string", /*default=*/"\"\"",
           "SVG file to write (required); `-` for stdout.">,
    Option<"maxWidth", "max-width", "unsigned", /*default=*/"12000",
           "Largest picture width in pixels; wider timelines are scaled "
           "down.">,
  ];
}

//===----------------------------------------------------------------------===//
// Sluice parameter upload pipelining (execution.md §2.4 step 2)
//===----------------------------------------------------------------------===//

def PipelineParameterUploadsPass :
    Pass<"sluice-pipeline-parameter-uploads", "mlir::ModuleOp"> {
  let summary = "Splits parameter gathers/loads and their consumer into chunks";
  let description = [{
    [SLUICE] Makes parameter I/O overlap the compute that consumes it
    (execution.md §2.4 step 2, §7 E9). `sluice-compile` runs it after the
    stream pipeline; `--sluice-pipeline-parameter-uploads=false` disables it.

    For every `stream.cmd.parameter.gather` G (or `stream.cmd.parameter.load`
    L) with result timepoint T such that exactly one `stream.cmd.execute` E
    awaits T (as its `await` operand) and E's body is one wave — no
    `stream.cmd.serial`, at most one `stream.cmd.concurrent` holding all
    commands, no command writing a range another command reads:

    * G's rows are grouped: the rows one command of E touches form one group,
      rows touched by several commands merge their groups (union-find), rows
      touched by no command form their own group. A gather row is the target
      range `[offset for length]`; a load row is its result resource. A
      command touches a row when one of its ranges on the captured target (or
      result) overlaps it; a range that is not constant overlaps every row of
      that resource;
    * groups are packed in row order (by their first row) into chunks of at
      least `chunk-bytes` bytes; the last chunk may be smaller;
    * with one chunk nothing changes; otherwise G becomes one gather per chunk
      (same scope, target, affinity and `await`, rows in original order) and
      E one execute per chunk (same `once`, affinity and attributes), each
      awaiting its chunk's timepoint, capturing only what its commands use
      and holding the commands that touch the chunk's rows (inside a
      `stream.cmd.concurrent` when E had one); commands that touch no row go
      into the first execute. A chunk whose rows no command touches still
      gets an (empty) execute, so that the join below covers every chunk;
    * every use of T other than by E, and every use of E's timepoint, is
      replaced by the `stream.timepoint.join` of the new gather (resp.
      execute) timepoints; load results are replaced by the new loads'.

    Choices where the spec is silent (docs/execution-tools.md, «Phase stream»): a command
    *writing* a row also joins its group (it must wait for that row to
    arrive), not only dispatches but every command (copy, fill, collective,
    flush, invalidate, discard) is grouped the same way, and a body where two
    commands write overlapping ranges is not one wave either (a serial body's
    order would otherwise be lost). For that check, captures of one value
    are one resource, and a capture of a `stream.resource.subview` counts
    as the whole of its source.

    Input the pass leaves unchanged: rows whose target offset, length or
    result size is not a constant (chunk sizes unknown); an execute whose
    body holds another op (`stream.cmd.call`, nested regions) or uses a
    resource it does not capture; an execute capturing a
    `stream.resource.subview` of the target or of a load result (an alias the
    pass does not follow); gathers/loads of fewer than two rows.
  }];
  let options = [
    Option<"chunkBytes", "chunk-bytes", "uint64_t", /*default=*/"33554432",
           "Smallest chunk size in bytes (the last chunk may be smaller).">,
  ];
}

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
