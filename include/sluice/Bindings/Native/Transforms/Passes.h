//===- Passes.h - native ABI binding passes ---------------------*- C++ -*-===//

#ifndef SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES_H
#define SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice::abi {

/// The calling convention a wrapper implements (execution.md §2.2 step 4).
enum class InvocationModel {
  /// `(views..., storage) -> views`.
  Sync,
  /// `(views..., storage, wait: !hal.fence, signal: !hal.fence) -> views`.
  CoarseFences,
};

#define GEN_PASS_DECL
#include "sluice/Bindings/Native/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Bindings/Native/Transforms/Passes.h.inc"

/// Registers every native ABI binding pass.
void registerNativeBindingsTransformPasses();

} // namespace sluice::abi

#endif // SLUICE_BINDINGS_NATIVE_TRANSFORMS_PASSES_H
