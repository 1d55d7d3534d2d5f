//===- CSE.cpp - --cse that takes part in rerun elision -------------------===//
//
// Sluice's `--cse`: MLIR's pass (argument, name, statistics, and the rewrite
// itself, `mlir::eliminateCommonSubExpressions`) with an UnchangedIRGuard,
// so that the cleanup pipeline can skip a run that would find nothing
// (UnchangedIR.h, rerun elision) and a run that found nothing keeps the
// chain of skips after it going. Like upstream, a run that changed nothing
// preserves all analyses and one that did preserves dominance.
//
// The statistics are counted through a rewrite listener: a CSE'd op is
// announced as replaced before it is erased, a DCE'd op is only erased.
// (Upstream also counts as CSE'd the ops it replaces in graph regions,
// which the rewrite does not announce; they count as DCE'd here.) Builds
// without statistics (LLVM_ENABLE_STATS off, as in Release) skip the
// counting: MLIR would print nothing anyway.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"

namespace mlir {
#define GEN_PASS_DEF_CSE
#include "mlir/Transforms/Passes.h.inc"
} // namespace mlir

using namespace mlir;

namespace sluice::util {
namespace {

#if LLVM_ENABLE_STATS
/// Counts the ops a CSE rewrite replaced and erased.
struct EliminationCounter : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *op, ValueRange) override {
    replaced.insert(op);
  }
  void notifyOperationErased(Operation *op) override {
    erased.push_back({op, op->getParentOp()});
  }
  /// Ops erased on their own (not with an erased parent), replaced or not.
  std::pair<unsigned, unsigned> counts() const {
    llvm::DenseSet<Operation *> erasedOps;
    for (auto [op, parent] : erased)
      erasedOps.insert(op);
    unsigned cse = 0, dce = 0;
    for (auto [op, parent] : erased) {
      if (erasedOps.contains(parent))
        continue;
      ++(replaced.contains(op) ? cse : dce);
    }
    return {cse, dce};
  }

  llvm::DenseSet<Operation *> replaced;
  llvm::SmallVector<std::pair<Operation *, Operation *>> erased;
};
#endif

struct CSEPass : mlir::impl::CSEBase<CSEPass> {
  void runOnOperation() override {
    UnchangedIRGuard guard(*this, getOperation());
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
#if LLVM_ENABLE_STATS
    EliminationCounter counter;
    IRRewriter rewriter(&getContext(), &counter);
#else
    IRRewriter rewriter(&getContext());
#endif
    bool changed = false;
    eliminateCommonSubExpressions(rewriter, getAnalysis<DominanceInfo>(),
                                  getOperation(), &changed);
#if LLVM_ENABLE_STATS
    auto [cse, dce] = counter.counts();
    numCSE += cse;
    numDCE += dce;
#endif
    if (guard.unchanged(changed, getName()))
      return markAllAnalysesPreserved();
    // As upstream: CSE erases no op with regions, dominance stays valid.
    markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};

} // namespace

std::unique_ptr<Pass> createCSEPass() { return std::make_unique<CSEPass>(); }

void registerCSEPass() {
  registerPass([] { return createCSEPass(); });
}

} // namespace sluice::util
