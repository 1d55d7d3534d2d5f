//===- SluiceRTDialect.h - sluice_rt dialect --------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_SLUICERT_IR_SLUICERTDIALECT_H
#define SLUICE_DIALECT_SLUICERT_IR_SLUICERTDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/IR/Dialect.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h.inc"

#endif // SLUICE_DIALECT_SLUICERT_IR_SLUICERTDIALECT_H
