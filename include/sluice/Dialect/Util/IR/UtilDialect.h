//===- UtilDialect.h - util dialect -----------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILDIALECT_H
#define SLUICE_DIALECT_UTIL_IR_UTILDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/Util/IR/UtilDialect.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILDIALECT_H
