//===- Passes.td - io_parameters passes --------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES
#define SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def MaterializeParameterLiteralsPass
    : Pass<"sluice-io-materialize-parameter-literals", "mlir::ModuleOp"> {
  let summary = "Rewrites legacy string-literal parameter references into SSA form";
  let description = [{
    Every `io_parameters` op written in the legacy string-literal form
    (`"scope"::"key"[%offset]`) is rewritten to take its scope and keys as
    `!util.buffer` operands. One `util.buffer.constant` is created per distinct
    string per op, immediately before the op.
  }];
  let dependentDialects = ["::sluice::util::UtilDialect"];
}

#endif // SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES
