//===- SluiceRTOps.h - sluice_rt ops ----------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS_H
#define SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h.inc"

namespace sluice::sluice_rt {

/// True for the fallible operations of execution.md §3.5: their runtime call
/// returns a status, and `sluice_rt.check_status` must follow them.
bool isFallibleOp(mlir::Operation *op);

/// True for the reference-counted types of execution.md §3.6.
bool isCountedRefType(mlir::Type type);

/// True when `op` is a util.func marked as a command function.
bool isCommandFunction(mlir::Operation *op);

} // namespace sluice::sluice_rt

#endif // SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS_H
