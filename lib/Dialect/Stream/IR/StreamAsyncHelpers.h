//===- StreamAsyncHelpers.h - helpers of the async-phase ops ----*- C++ -*-===//
//
// Small helpers shared by the async-phase op files (stream-folding.md §3.11,
// §3.12, §4.3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H

#include "mlir/IR/Value.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

namespace sluice::stream {

/// §3.12 `hasValueSemantics`: defined by an untied result of an async op.
bool hasAsyncValueSemantics(mlir::Value value);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H
