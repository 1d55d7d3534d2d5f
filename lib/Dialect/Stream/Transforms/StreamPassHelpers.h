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

/// Index-typed array attributes of small non-negative values (pack lifetime
/// intervals) whose element attributes are made once per value: a pack of n
/// slots otherwise asks the context's attribute uniquer -- one hash table
/// shared by every attribute of the context, cold on large programs -- for 2n
/// integer attributes. Values outside [0, kMaxCached) take the uniquer.
class IndexArrayAttrBuilder {
public:
  explicit IndexArrayAttrBuilder(mlir::MLIRContext *context);

  /// What `Builder::getIndexArrayAttr(values)` returns.
  mlir::ArrayAttr get(llvm::ArrayRef<int64_t> values);

private:
  static constexpr int64_t kMaxCached = 1 << 22;
  mlir::Attribute getElement(int64_t value);

  mlir::Builder builder;
  llvm::SmallVector<mlir::Attribute> elements; // by value, null until made
  llvm::SmallVector<mlir::Attribute> scratch;
};

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H
