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
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Region.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace sluice::stream {

/// The blocks of `region` so that each block comes after its dominator: a
/// post-order of the dominator tree started from each block taken from the
/// back of the block list, reversed (§2.1). Unreachable blocks have no
/// dominator-tree node and are visited on their own.
llvm::SmallVector<mlir::Block *>
sortBlocksInDominanceOrder(mlir::Region &region);

/// The canonicalization patterns of every loaded dialect (in
/// `getLoadedDialects()` order), then of every registered op (in
/// `getRegisteredOperations()` order) — the in-pass greedy cleanup of §1.5.
/// Pass-specific patterns are added by the caller afterwards.
void populateAllCanonicalizationPatterns(mlir::RewritePatternSet &patterns);

/// The position of every op of `block` in block order.
llvm::DenseMap<mlir::Operation *, unsigned> getOpPositions(mlir::Block *block);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULINGUTILS_H
