//===- IOParametersOps.h - io_parameters ops --------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS_H
#define SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h.inc"

#endif // SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS_H
