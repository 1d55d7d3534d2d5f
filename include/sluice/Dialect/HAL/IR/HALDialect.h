//===- HALDialect.h - hal dialect -------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALDIALECT_H
#define SLUICE_DIALECT_HAL_IR_HALDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/HAL/IR/HALDialect.h.inc"

#endif // SLUICE_DIALECT_HAL_IR_HALDIALECT_H
