//===- HALTypes.h - hal types -----------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALTYPES_H
#define SLUICE_DIALECT_HAL_IR_HALTYPES_H

#include "mlir/IR/Types.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/HAL/IR/HALTypes.h.inc"

#endif // SLUICE_DIALECT_HAL_IR_HALTYPES_H
