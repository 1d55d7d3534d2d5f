//===- StreamAsyncHelpers.h - helpers of the async-phase ops ----*- C++ -*-===//
//
// Small helpers shared by the async-phase op files (stream-folding.md §3.11,
// §3.12, §4.3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H

#include "mlir/IR/Value.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

namespace sluice::stream {

/// An access of `resource` over `[start, end)` with `length` bytes.
inline AsyncAccessRange makeRange(ResourceAccessBitfield access,
                                  mlir::Value resource, mlir::Value start,
                                  mlir::Value end, mlir::Value length) {
  AsyncAccessRange range;
  range.access = access;
  range.resource = resource;
  range.start = start;
  range.end = end;
  range.length = length;
  return range;
}

/// §3.12 `hasValueSemantics`: defined by an untied result of an async op.
bool hasAsyncValueSemantics(mlir::Value value);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCHELPERS_H
