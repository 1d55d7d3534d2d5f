//===- Passes.h - sluice_rt passes ------------------------------*- C++ -*-===//
//
// The passes of the phase `native` (execution.md §2.7) and the function that
// builds the phase.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace sluice::sluice_rt {

#define GEN_PASS_DECL
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h.inc"

/// Registers every sluice_rt pass. The phase pipeline is
/// `--sluice-native-pipeline` (sluice::pipelines::registerPhasePipelines).
void registerSluiceRTTransformPasses();

} // namespace sluice::sluice_rt

#endif // SLUICE_DIALECT_SLUICERT_TRANSFORMS_PASSES_H
