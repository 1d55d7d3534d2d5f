//===- StreamAsyncDirectives.h - custom directives of the async ops -*- C++ -*-===//
//
// Custom assembly directives of the async-phase ops (stream-ir.md §12.7, §12.8, §11.10, §11.13, §11.18).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H
