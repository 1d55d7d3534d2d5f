//===- IOParametersDialect.h - io_parameters dialect ------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSDIALECT_H
#define SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h.inc"

#endif // SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSDIALECT_H
