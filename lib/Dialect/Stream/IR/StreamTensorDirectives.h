//===- StreamTensorDirectives.h - custom directives of the tensor ops -*- C++ -*-===//
//
// Custom assembly directives of the tensor-phase ops (stream-ir.md §12.5, §11.9, §11.11, §11.12).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H
