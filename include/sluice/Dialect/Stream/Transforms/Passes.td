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
