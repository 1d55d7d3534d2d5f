//===- StreamParameterDirectives.h - custom directives of the parameter ops -*- C++ -*-===//
//
// Custom assembly directives of the tensor/async/cmd parameter ops (stream-ir.md §12.6, §12.9, §12.11, §11.19–§11.24).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H
