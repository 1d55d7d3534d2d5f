//===- StreamCmdDirectives.h - custom directives of the cmd ops -*- C++ -*-===//
//
// Custom assembly directives of the command-phase ops (stream-ir.md §12.10, §11.14–§11.17).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H
