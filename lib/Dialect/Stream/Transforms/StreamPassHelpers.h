//===- StreamPassHelpers.h - helpers shared by stream passes ----*- C++ -*-===//
//
// Small helpers several stream passes use (stream-passes-1.md §0):
// `IndexSet`, a memo of index constants, and `tryMoveProducerBefore`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace sluice::stream {

class AsyncDispatchOp;

/// A memo of `index` constants. `get(n)` returns the memoized value or
/// creates `arith.constant n : index` (not folded) at the builder's point;
/// `populate` records existing constants so later `get`s reuse them.
class IndexSet {
public:
  IndexSet(mlir::Location loc, mlir::OpBuilder builder)
      : loc(loc), builder(builder) {}

  mlir::Value get(int64_t value);
  void populate(mlir::ValueRange values);
  /// Erases the constants this set created that ended up unused.
  void eraseUnusedCreated();

private:
  mlir::Location loc;
  mlir::OpBuilder builder;
  llvm::DenseMap<int64_t, mlir::Value> memo;
  llvm::SmallVector<mlir::Operation *> created;
};

/// Makes `value` available before `consumer`: true for block arguments and
/// for producers already before it in its block; producers later in the
/// block are moved right before it (their operands' producers first, and
/// failing if one is a result of `consumer`). A value from another block
/// is usable iff it dominates the consumer; nothing is moved then.
bool tryMoveProducerBefore(mlir::Value value, mlir::Operation *consumer);

/// The index into the size/offset/end/length lists of `dispatchOp` of its
/// resource operand `operandIndex` (an index into its resource operands):
/// the number of resource-typed operands before it.
unsigned getResourceRangeIndex(AsyncDispatchOp dispatchOp,
                               unsigned operandIndex);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_STREAMPASSHELPERS_H
