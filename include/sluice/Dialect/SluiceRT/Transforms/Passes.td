//===- Passes.td - sluice_rt passes ------------------------*- tablegen -*-===//
//
// The passes of the phase `native` (execution.md §2.7). Each is implemented
// in lib/Dialect/SluiceRT/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES
#define SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def OutlineCommandBuffersPass
    : Pass<"sluice-outline-command-buffers", "mlir::ModuleOp"> {
  let summary = "Compiles command-buffer recordings into command functions made of waves";
  let description = [{
    execution.md §4.3. Every `hal.command_buffer.create` ...
    `hal.command_buffer.finalize` recording of a host function becomes a
    private `util.func @<fn>$cmd<N>` marked `sluice_rt.command_function`
    whose arguments are the recording's captures (values used by the
    recording and defined outside it, in first-use order, then the binding
    table slots that indirect commands use), and its
    `hal.device.queue.execute[.indirect]` becomes a `sluice_rt.queue.execute`
    of that function with the same device, affinity and fences.

    The commands are split at `hal.command_buffer.execution_barrier`s into
    `sluice_rt.wave`s (no empty waves): `dispatch` -> `sluice_rt.dispatch`
    with the static export symbol of its `hal.executable.lookup` ->
    `hal.executable.lookup.function` chain, `fill_buffer` ->
    `sluice_rt.fill`, `copy_buffer` -> `sluice_rt.copy`. Slot operands of
    indirect command buffers become the slot's buffer with the slot's offset
    added. Constants and pure ops the commands use are cloned into the
    command function. `cost(n)` is set when every dispatch has constant
    workgroup counts and an export with `sluice.workgroup_cost_ns`, and every
    fill and copy a constant length. A recording without commands is not
    outlined: its execute becomes `hal.device.queue.barrier`.

    Afterwards no `!hal.command_buffer` or `!hal.executable` value and no
    `hal.executable.lookup*` op of a recording remains.

    Errors (exact): «command buffer recording must be a straight-line
    sequence in one block», «command buffer is used by '<op>', which the
    native lowering cannot compile», «command buffer must be submitted
    exactly once by a hal.device.queue.execute that it dominates», «cannot
    resolve the executable function of a dispatch statically», «'<op>' op
    cannot appear in a command buffer recording», «binding table slot must
    be a constant index», «hal.device.memoize must be inlined before
    outlining command buffers (run --iree-hal-inline-memoize-regions)».
  }];
  let dependentDialects = [
    "::sluice::sluice_rt::SluiceRTDialect",
    "::sluice::util::UtilDialect",
    "::sluice::hal::HALDialect",
    "::mlir::arith::ArithDialect",
  ];
}

def MaterializeErrorEdgesPass
    : Pass<"sluice-materialize-error-edges", "mlir::ModuleOp"> {
  let summary = "Makes the failure paths of host functions explicit";
  let description = [{
    execution.md §2.7 step 2 and §3.5. In every `util.func` and
    `util.initializer` body:

    * after every fallible op (the list of §3.5: `util.call`,
      `hal.allocator.allocate/import`, `hal.buffer.subspan/assert/load/store`,
      `hal.buffer_view.create/assert`, `hal.ex.file.from_memory`,
      `hal.devices.get` with a non-constant index, `hal.fence.create/join/
      signal`, every `hal.device.queue.*` except `flush`,
      `sluice_rt.queue.execute`, `io_parameters.load/gather/scatter`) the
      block is split and `sluice_rt.check_status ^continue, ^error` ends it;
    * `util.status.check_ok %code, "m"` becomes
      `sluice_rt.check_code %code, "m" ^continue, ^error` (`""` without a
      message);
    * `util.unreachable "m"` and a `util.scf.unreachable "m"` directly in the
      function body become `sluice_rt.fail "m"` (the ops after a
      `util.scf.unreachable` move to a block without predecessors).

    Each function that needs one gets a single `^error` block, appended at the
    end of its body, holding `sluice_rt.fail`. A fallible op already followed
    by `sluice_rt.check_status` is left as it is, so the pass is idempotent.

    Fallible ops and unreachables nested in structured control flow cannot
    get an edge: «'<op>' op is fallible inside '<parent>'; convert structured
    control flow to cf before the native lowering» (or «… is unreachable
    inside …»).
  }];
  let dependentDialects = [
    "::sluice::sluice_rt::SluiceRTDialect",
  ];
}

def MaterializeRefCountingPass
    : Pass<"sluice-materialize-ref-counting", "mlir::ModuleOp"> {
  let summary = "Inserts explicit retains and releases of HAL references";
  let description = [{
    execution.md §3.6. In every `util.func` and `util.initializer` body, every
    value of a counted type (`!hal.buffer`, `!hal.buffer_view`, `!hal.fence`,
    `!hal.file`, `!hal.semaphore`) is released exactly once on every path,
    error edges included:

    1. Ownership: results of `hal.allocator.allocate/import`,
       `hal.device.queue.alloca`, `hal.buffer.subspan`,
       `hal.buffer_view.create`, `hal.fence.create/join`,
       `hal.ex.file.from_memory`, `io_parameters.load`, `util.call` and
       `sluice_rt.retain`, and arguments of non-entry blocks, are owned.
       Entry-block arguments, `util.null`, `util.global.load immutable`
       outside initializers and `hal.buffer_view.buffer` of a borrowed view
       are borrowed. Any other counted result gets a `sluice_rt.retain` that
       replaces its uses.
    2. Consuming uses (successor operands of single-successor branches and
       `util.return` operands) take a +1: an owned value that dies on the edge
       moves, every other position gets a `sluice_rt.retain`. Edges of
       multi-successor branches that pass counted values are first split
       into a block ending in `cf.br`, so that every consumption happens on
       exactly one edge.
    3. Releases (from `mlir::Liveness`): after the last non-consuming use in
       the block where an owned value dies (right after its definition when
       unused), or on the CFG edges where it dies — at the start of the
       successor when the edge is its only predecessor, else in a new block
       splitting the edge. The results of a fallible op are not released on
       the error edge of the `sluice_rt.check_status` after it; a release
       that would fall between a fallible op and its `check_status` moves to
       the check's edges.

    Run after `--sluice-materialize-error-edges`; no canonicalization must
    run afterwards. References used inside structured control flow are
    rejected: «'<op>' op uses a reference inside '<parent>'; convert
    structured control flow to cf before the native lowering».
  }];
  let dependentDialects = [
    "::sluice::sluice_rt::SluiceRTDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

#endif // SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES
