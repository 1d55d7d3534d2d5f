//===- StreamPassHelpers.h - helpers shared by stream passes ----*- C++ -*-===//
//
// Small helpers several stream passes use (stream-passes-1.md §0):
// `tryMoveProducerBefore` and `getResourceRangeIndex` (`IndexSet`, the memo
// of index constants, is shared with the conversion in
// sluice/Dialect/Stream/Conversion/PatternUtils.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace sluice::stream {

class AsyncDispatchOp;

/// Makes `value` available before `consumer`: true for block arguments and
/// for producers already before it in its block; producers later in the
/// block are moved right before it (their operands' producers first, and
/// failing if one is a result of `consumer`). A value from another block
/// is usable iff it dominates the consumer; nothing is moved then.
/// The caller tracks which operations of the consumer's block are after the
/// consumer: `isAfterConsumer(op)` answers that for an operation of the
/// block, and `onMoved(op)` is told of every operation moved before the
/// consumer. (`Operation::isBeforeInBlock` would renumber the whole block
/// after moves, which makes many moves in one block quadratic.)
bool tryMoveProducerBefore(
    mlir::Value value, mlir::Operation *consumer,
    llvm::function_ref<bool(mlir::Operation *)> isAfterConsumer,
    llvm::function_ref<void(mlir::Operation *)> onMoved);

/// The index into the size/offset/end/length lists of `dispatchOp` of its
/// resource operand `operandIndex` (an index into its resource operands):
/// the number of resource-typed operands before it.
unsigned getResourceRangeIndex(AsyncDispatchOp dispatchOp,
                               unsigned operandIndex);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H
