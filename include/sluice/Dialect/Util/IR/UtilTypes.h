//===- UtilTypes.h - util types and interfaces ------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILTYPES_H
#define SLUICE_DIALECT_UTIL_IR_UTILTYPES_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Types.h"

#include "sluice/Dialect/Util/IR/UtilTypeInterfaces.h.inc"
#include "sluice/Dialect/Util/IR/UtilOpInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilTypes.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILTYPES_H
