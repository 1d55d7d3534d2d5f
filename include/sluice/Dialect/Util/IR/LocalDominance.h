//===- LocalDominance.h - bounded, local dominance queries ------*- C++ -*-===//
//
// Dominance questions answered by searching only the control flow between
// the blocks involved, for folders and canonicalization patterns. Building a
// DominanceInfo costs O(blocks of the region) per query, which makes a
// pattern that asks once per match quadratic on large functions (issue 24).
// These helpers visit at most `budget` blocks and report when that was not
// enough, so that callers can fall back to a conservative answer.
//
// Semantics follow mlir::DominanceInfo: a block dominates itself; blocks in
// different regions are first lifted to a common region; a block unreachable
// from its region's entry block is dominated by every block, and dominates
// no reachable block.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_LOCALDOMINANCE_H
#define SLUICE_DIALECT_UTIL_IR_LOCALDOMINANCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
class Block;
class Region;
} // namespace mlir

namespace sluice::util {

/// The default number of blocks one local query may visit.
inline constexpr unsigned kLocalDominanceBudget = 64;

/// Whether block `a` dominates block `b`, decided by a backward search from
/// `b` over predecessors that stops at `a`: `a` dominates `b` unless that
/// search reaches the region's entry block. `b` is first lifted to its
/// ancestor block in `a`'s region (false when there is none). std::nullopt
/// when the search would visit more than `budget` blocks.
std::optional<bool> dominatesLocally(mlir::Block *a, mlir::Block *b,
                                     unsigned budget = kLocalDominanceBudget);

/// The nearest common dominator of `blocks` (non-empty, null entries not
/// allowed). Blocks in different regions are lifted to blocks of their
/// nearest common region first, as DominanceInfo::findNearestCommonDominator
/// does. `top` must dominate every block (typically the block defining a
/// value they all use); when it is not in the common region, that region's
/// entry block is used instead. The answer is computed on the blocks between
/// `top` and `blocks` only. Returns null when it cannot be decided locally:
/// the search would visit more than `budget` blocks, one of the blocks is not
/// reachable from `top` (unreachable code, where DominanceInfo has no
/// answer), or one is reachable without passing `top` (a wrong `top`).
mlir::Block *
findNearestCommonDominatorLocally(llvm::ArrayRef<mlir::Block *> blocks,
                                  mlir::Block *top,
                                  unsigned budget = kLocalDominanceBudget);

/// Every block of `region`, in breadth-first order over its dominator tree
/// (so a block comes after all blocks that dominate it), followed by the
/// blocks the tree does not reach (unreachable ones) in block order. For
/// passes that rewrite block arguments and the branches targeting them, which
/// must visit unreachable blocks too. Builds one DominanceInfo: O(blocks).
llvm::SmallVector<mlir::Block *> blocksInDominanceOrder(mlir::Region &region);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_LOCALDOMINANCE_H
