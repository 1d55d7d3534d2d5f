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
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/Util/IR/UtilOps.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILOPS_H
