//===- HostFunctions.h - iterating host functions ---------------*- C++ -*-===//
//
// What the phase-native passes share: the host functions of a module are the
// util.func and util.initializer ops with a body.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_SLUICERT_TRANSFORMS_HOSTFUNCTIONS_H
#define SLUICE_LIB_DIALECT_SLUICERT_TRANSFORMS_HOSTFUNCTIONS_H

#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/BuiltinOps.h"

namespace sluice::sluice_rt {

/// Calls `fn` on every host function of `module` with a body (all of them,
/// even after a failure) and fails when any call failed.
inline mlir::LogicalResult forEachHostFunction(
    mlir::ModuleOp module,
    llvm::function_ref<mlir::LogicalResult(mlir::Operation *)> fn) {
  bool failed = false;
  for (mlir::Operation &op : module.getOps()) {
    if (!mlir::isa<util::FuncOp, util::InitializerOp>(op) ||
        op.getRegion(0).empty())
      continue;
    if (mlir::failed(fn(&op)))
      failed = true;
  }
  return mlir::failure(failed);
}

} // namespace sluice::sluice_rt

#endif // SLUICE_LIB_DIALECT_SLUICERT_TRANSFORMS_HOSTFUNCTIONS_H
