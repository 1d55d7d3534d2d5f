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

#endif // SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES
