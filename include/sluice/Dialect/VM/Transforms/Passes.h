//===- Passes.h - vm passes -------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_VM_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_VM_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice::vm {

#define GEN_PASS_DECL
#include "sluice/Dialect/VM/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/VM/Transforms/Passes.h.inc"

/// Registers every vm pass (and the VM target flags).
void registerVMTransformPasses();

/// The value of `--iree-vm-target-index-bits` (the compiler's VM target
/// option; the standalone conversion pass does not read it).
unsigned getVMTargetIndexBits();

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_TRANSFORMS_PASSES_H
