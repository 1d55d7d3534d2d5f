//===- Passes.h - io_parameters passes --------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice::io_parameters {

#define GEN_PASS_DECL
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"

} // namespace sluice::io_parameters

#endif // SLUICE_DIALECT_IOPARAMETERS_TRANSFORMS_PASSES_H
