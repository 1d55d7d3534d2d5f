//===- Passes.td - sluice_rt passes ------------------------*- tablegen -*-===//
//
// The passes of the phase `native` (execution.md §2.7). Each is implemented
// in lib/Dialect/SluiceRT/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES
#define SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

#endif // SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES
