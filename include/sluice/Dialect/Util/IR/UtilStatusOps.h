//===- UtilStatusOps.h - util status ops ------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS_H
#define SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "sluice/Dialect/Util/IR/UtilDialect.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/Util/IR/UtilStatusOps.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILSTATUSOPS_H
