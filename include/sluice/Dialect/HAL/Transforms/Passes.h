//===- Passes.h - hal passes ------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_HAL_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_HAL_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace sluice::hal {

#define GEN_PASS_DECL
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

/// Registers every hal pass.
void registerHALTransformPasses();

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_TRANSFORMS_PASSES_H
