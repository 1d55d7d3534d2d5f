//===- UtilOps.h - util ops -------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILOPS_H
#define SLUICE_DIALECT_UTIL_IR_UTILOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilDivisibility.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "sluice/Dialect/Util/IR/UtilAttrs.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/Util/IR/UtilOps.h.inc"

namespace sluice::util {

/// Symbol-DCE rule for util.func and util.global: discardable when not public
/// and not named by an attribute of an ancestor up to (and including) the
/// nearest symbol table.
bool canDiscardSymbolOnUseEmpty(mlir::Operation *op);

/// True when `value` is provably a multiple of `alignment` (the rule by which
/// util.align folds away): constants, util.align of a compatible alignment,
/// affine.apply with a known divisor, add/sub of aligned values, mul by one.
/// Walks add/sub chains to their ends; no block crossing.
bool isAlignedTo(mlir::Value value, mlir::Value alignment);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_UTILOPS_H
