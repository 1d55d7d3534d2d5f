//===- RegionSimplify.h - linear region simplification ----------*- C++ -*-===//
//
// MLIR's greedy driver, at the Aggressive region-simplification level (the
// default of a default-constructed GreedyRewriteConfig), runs
// `mlir::simplifyRegions(..., /*mergeBlocks=*/true)` after every pattern
// round: unreachable-block erasure, region DCE, identical-block merging and
// redundant-block-argument removal. Upstream rewrites a branch op's successor
// operands once per touched successor, and computing a `cf.switch`'s
// successor operands is O(cases) (its case-operand segments are summed), so
// on one switch with n successors both the merging and the argument removal
// are quadratic in time and — every rewrite uniques a new n-entry segment
// attribute that is never freed — in memory.
//
// This header offers the same simplification with the same result, in time
// linear in the size of the regions: successor-operand ranges are computed
// once per branch op, and every branch op's successor operands are rewritten
// at most once per phase.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_REGIONSIMPLIFY_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_REGIONSIMPLIFY_H

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice::util {

/// One round of Aggressive region simplification over `regions` and every
/// region nested in them, with the effect of
/// `mlir::simplifyRegions(rewriter, regions, /*mergeBlocks=*/true)`:
///   1. erase blocks unreachable from their region's entry block;
///   2. region DCE: erase ops that are trivially dead or whose results only
///      feed dead ops, and non-entry block arguments (with the branch operands
///      that feed them) that only feed dead ops;
///   3. merge identical blocks (same successors, equivalent ops; operands
///      defined outside the block that differ become new arguments of the
///      leader block, passed by every predecessor);
///   4. drop redundant block arguments (every predecessor passes the same
///      value: the argument is replaced by it and removed).
/// Returns success if anything changed, reported as upstream does: the dead
/// block arguments step 2 erases (with the branch operands feeding them) do
/// not count as a change on their own. Linear in the size of the regions.
mlir::LogicalResult
simplifyRegionsAggressively(mlir::RewriterBase &rewriter,
                            mlir::MutableArrayRef<mlir::Region> regions);

/// True if every region of `regions` and every region nested in them has at
/// most one block, and no op directly in a graph region has results. One walk
/// that reads each op's region count and nothing else.
///
/// After a greedy round whose worklist changed nothing (the driver also erases
/// unreachable blocks at the start of every round and reported none), region
/// simplification of such regions changes nothing either, at either level:
///   * no block is unreachable and there is nothing to merge or to drop
///     (single-block regions: only entry blocks, whose arguments are kept);
///   * region DCE erases a set of ops that are all trivially dead and whose
///     results are used only inside the set. Without graph-region results the
///     uses are acyclic (a use is dominated by its definition), so such a set
///     has an op whose results have no use at all: `isOpTriviallyDead` holds
///     for it. The round visited every op, found none trivially dead and
///     changed nothing, so there is no such op and the set is empty. (The
///     round's silent constant moves -- the folder hoisting or de-duplicating
///     an unused constant without notification -- change no use and no block.)
bool hasOnlyTrivialRegions(mlir::MutableArrayRef<mlir::Region> regions);

/// True if the greedy driver's constant folder, filling its worklist from
/// `regions`, moves no constant: every constant (a ConstantLike op that folds
/// to an attribute) is in the entry block of a region whose parent op is
/// isolated from above or unlinked, preceded only by such constants. The
/// folder hoists any other constant to the top of its insertion region and
/// changes its location, and reports neither (no listener hears of it, the
/// driver's `changed` stays false). Conservative: constants in a region a
/// dialect asks constants to be materialized into count as moving.
bool constantsStayInPlace(mlir::MutableArrayRef<mlir::Region> regions);

/// `mlir::applyPatternsGreedily(op, patterns, config)` for the Normal and
/// Aggressive region-simplification levels, with the same result: the driver
/// runs without simplification, one round at a time, and the simplification
/// runs after each round (Aggressive: simplifyRegionsAggressively; Normal:
/// its first two steps, as `mlir::simplifyRegions` without block merging) --
/// the same alternation and iteration limit as the upstream driver: a round is
/// one worklist pass plus one simplification, the rewrite converges when a
/// round changes nothing. A round that changed nothing on trivial regions
/// (hasOnlyTrivialRegions) skips the simplification: on the straight-line
/// functions of the stream pipelines, every unchanged run of a greedy pass
/// would otherwise pay three or four whole-IR walks for nothing. Disabled goes
/// to the upstream driver. Returns failure if the rewrite did not converge
/// within the config's iteration limit; `changed` (if given) is set when any
/// round changed IR, as upstream reports it.
///
/// `modified` (if given) is set unless the IR is provably untouched: no
/// round changed anything, no rewrite notification reached the listener (the
/// config's own listener still hears everything), region DCE dropped no dead
/// block argument, and the folder had no constant to move
/// (constantsStayInPlace, checked before the first round). A pass may then
/// mark all analyses preserved, which skips the verifier after it.
mlir::LogicalResult
applyPatternsGreedilyLinear(mlir::Operation *op,
                            const mlir::FrozenRewritePatternSet &patterns,
                            mlir::GreedyRewriteConfig config = {},
                            bool *changed = nullptr, bool *modified = nullptr);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_REGIONSIMPLIFY_H
