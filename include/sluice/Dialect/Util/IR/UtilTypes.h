//===- UtilTypes.h - util types ---------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILTYPES_H
#define SLUICE_DIALECT_UTIL_IR_UTILTYPES_H

#include "mlir/IR/Types.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilTypes.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILTYPES_H
