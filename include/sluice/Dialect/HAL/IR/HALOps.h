//===- HALOps.h - hal ops ---------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALOPS_H
#define SLUICE_DIALECT_HAL_IR_HALOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/HAL/IR/HALOps.h.inc"

#define GET_OP_CLASSES
#include "sluice/Dialect/HAL/IR/HALCommandOps.h.inc"

#endif // SLUICE_DIALECT_HAL_IR_HALOPS_H
