//===- SchedulingUtils.h - helpers of the scheduling passes -------*- C++
//-*-===//
//
// Pieces shared by --iree-stream-schedule-execution and
// --iree-stream-schedule-concurrency (stream-passes-2.md §1.5, §2.1, §2.5).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULINGUTILS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULINGUTILS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Region.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace sluice::stream {

struct Partition;

/// The blocks of `region` so that each block comes after its dominator: a
/// post-order of the dominator tree started from each block taken from the
/// back of the block list, reversed (§2.1). Unreachable blocks have no
/// dominator-tree node and are visited on their own.
llvm::SmallVector<mlir::Block *>
sortBlocksInDominanceOrder(mlir::Region &region);

/// The position of every op of `block` in block order.
llvm::DenseMap<mlir::Operation *, unsigned> getOpPositions(mlir::Block *block);

/// The location fused from the locations of `ops`, in order.
mlir::Location fuseOpLocations(mlir::MLIRContext *context,
                               llvm::ArrayRef<mlir::Operation *> ops);

/// Sets `builder` after the op of `candidates` that is last in `block`
/// according to `positions` (ops not in it are ignored), or at the start of
/// `block` if there is none.
void setInsertionPointAfterLast(
    mlir::OpBuilder &builder, llvm::ArrayRef<mlir::Operation *> candidates,
    mlir::Block *block,
    const llvm::DenseMap<mlir::Operation *, unsigned> &positions);

/// What an execute or concurrent region needs for `partition`, queried at
/// the builder's insertion point: the types and sizes of the escaping
/// values, and the resource inputs captured with their sizes.
struct PartitionSignature {
  llvm::SmallVector<mlir::Type> resultTypes;
  llvm::SmallVector<mlir::Value> resultSizes;
  llvm::SmallVector<mlir::Value> captures;
  llvm::SmallVector<mlir::Value> captureSizes;
};
/// Fails, with an error on the producer, when the size of an escaping value
/// cannot be found in the IR: computing it from the value itself would
/// create a use that the await replacing the value turns into a cycle
/// (tensor-phase ops do not report their result sizes).
mlir::FailureOr<PartitionSignature>
getPartitionSignature(const Partition &partition, mlir::Location loc,
                      mlir::OpBuilder &builder);

/// Adds the entry block of a new region op with one argument per capture and
/// maps each capture to its argument.
void addCaptureBlock(mlir::Region &region, mlir::ValueRange captures,
                     mlir::Location loc, mlir::IRMapping &mapping);

/// Appends `stream.yield` of the partition's escaping values (mapped into the
/// body) and their sizes to `body`.
void yieldPartitionOutputs(mlir::Block &body, const Partition &partition,
                           mlir::IRMapping &mapping, mlir::Location loc);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULINGUTILS_H
