//===- Passes.h - phase input passes ----------------------------*- C++ -*-===//
//
// Phase input of sluice-compile (execution.md §2.2) and its registered
// pipeline `--sluice-input-pipeline`.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_INPUT_PASSES_H
#define SLUICE_INPUT_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace sluice::input {

#define GEN_PASS_DECL
#include "sluice/Input/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Input/Passes.h.inc"

/// Registers every phase-input pass and `--sluice-input-pipeline`.
void registerInputPasses();

} // namespace sluice::input

#endif // SLUICE_INPUT_PASSES_H
