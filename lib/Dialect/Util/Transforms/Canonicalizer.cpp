//===- Canonicalizer.cpp - --canonicalize, linear greedy driver ----------===//
//
// Sluice's `--canonicalize`: the same pass as MLIR's (same argument, name,
// options and pattern set: every loaded dialect's and registered op's
// canonicalization patterns, filtered by `disable-patterns` /
// `enable-patterns`), whose rewrite runs through
// `util::applyPatternsGreedilyLinear`, so that the region simplification
// after its last, unchanged round is skipped on straight-line IR
// (RegionSimplify.h). The pipelines run it dozens of times on functions with
// ~10^5 ops, where that simplification was ~40 % of each run.
//
// The options come from MLIR's generated base class (the public
// `mlir/Transforms/Passes.h.inc`), so the pass prints and parses exactly like
// upstream's; `registerCanonicalizerPass` registers it under `canonicalize`
// instead of upstream's, which must then not be registered.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/Patterns.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
#define GEN_PASS_DEF_CANONICALIZER
#include "mlir/Transforms/Passes.h.inc"
} // namespace mlir

using namespace mlir;

namespace sluice::util {
namespace {

struct CanonicalizerPass : mlir::impl::CanonicalizerBase<CanonicalizerPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    config.setUseTopDownTraversal(topDownProcessingEnabled);
    config.setRegionSimplificationLevel(regionSimplifyLevel);
    config.setMaxIterations(maxIterations);
    config.setMaxNumRewrites(maxNumRewrites);
    // Upstream's pattern set and order (dialects, then registered ops): the
    // order breaks ties between equal-benefit patterns.
    RewritePatternSet owning(context);
    populateAllCanonicalizationPatterns(context, owning,
                                        /*upstreamSwitchPatterns=*/true);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owning), disabledPatterns, enabledPatterns);
    return success();
  }

  void runOnOperation() override {
    UnchangedIRGuard guard(*this, getOperation());
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    // A rewrite budget counts across rounds in the upstream driver and per
    // call in the round-by-round one: keep upstream's driver for it (and
    // claim a change, which that driver cannot rule out).
    bool modified = true;
    LogicalResult converged =
        config.getMaxNumRewrites() == GreedyRewriteConfig::kNoLimit
            ? applyPatternsGreedilyLinear(getOperation(), *patterns, config,
                                          /*changed=*/nullptr, &modified)
            : applyPatternsGreedily(getOperation(), *patterns, config);
    // Best effort, as upstream: not converging fails only when asked to.
    if (testConvergence && failed(converged))
      return signalPassFailure();
    if (guard.unchanged(modified, getName()))
      markAllAnalysesPreserved();
  }

  GreedyRewriteConfig config;
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace

std::unique_ptr<Pass> createCanonicalizerPass() {
  return std::make_unique<CanonicalizerPass>();
}

void registerCanonicalizerPass() {
  registerPass([] { return createCanonicalizerPass(); });
}

std::unique_ptr<Pass> createInlinerPass() {
  return mlir::createInlinerPass(
      {}, [](OpPassManager &pm) { pm.addPass(createCanonicalizerPass()); });
}

} // namespace sluice::util
