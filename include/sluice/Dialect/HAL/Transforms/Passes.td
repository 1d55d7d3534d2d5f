//===- Passes.td - hal passes ------------------------------*- tablegen -*-===//
//
// The passes of the phase `hal` (execution.md §2.5), under their reference
// flags. Each is implemented in lib/Dialect/HAL/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_TRANSFORMS_PASSES
#define SLUICE_DIALECT_HAL_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def ConvertToHALPass : Pass<"iree-hal-conversion", "mlir::ModuleOp"> {
  let summary = "Converts stream-level programs to the HAL (and io_parameters)";
  let description = [{
    One partial dialect conversion of the module (execution.md §2.5.1).

    Types: `!stream.resource<*>` becomes `!hal.buffer`, `!stream.timepoint`
    `!hal.fence`, `!stream.file` `!hal.file`, `!stream.channel`
    `!hal.channel`; integer and float tensors become `!hal.buffer_view`;
    `!util.ptr`/`!util.list` convert element-wise; a loaded dialect's
    HAL-conversion hook may convert further types; everything else is kept.

    Legality: the `hal` dialect is legal and `hal.executable` is recursively
    legal; the `stream` dialect, `hal.device.resolve`, `tensor.dim` and
    `tensor.rank` are illegal; util globals, structural ops and util list/
    barrier/assume ops are legal once their types are. Every other op is
    legal iff none of its operand or result types changes.

    Pattern sets, in order: HAL->HAL, Util->HAL, Std->HAL, Stream->HAL and
    then every loaded dialect's HAL-conversion hook (`io_parameters`, loaded
    by this pass, contributes StreamToParams: `stream.cmd.parameter.*` ->
    `io_parameters.load/gather/scatter`, io-parameters.md §10).

    After a successful conversion every `hal.executable.export` loses its
    condition, fallback and workgroup-count regions and the module's
    `stream.affinity.default` attribute is removed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::sluice::hal::HALDialect",
    "::sluice::io_parameters::IOParametersDialect",
    "::sluice::util::UtilDialect",
  ];
}

#endif // SLUICE_DIALECT_HAL_TRANSFORMS_PASSES
