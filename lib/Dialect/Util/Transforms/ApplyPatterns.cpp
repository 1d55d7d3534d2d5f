//===- ApplyPatterns.cpp - iree-util-apply-patterns -----------------------===//
//
// stream-passes-2.md §15.4: every canonicalization pattern plus util's
// common patterns, applied greedily with the default configuration.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/Patterns.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice::util {
#define GEN_PASS_DEF_APPLYPATTERNSPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

class ApplyPatternsPass
    : public impl::ApplyPatternsPassBase<ApplyPatternsPass> {
public:
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owning(context);
    populateAllCanonicalizationPatterns(context, owning);
    populateCommonPatterns(context, owning);
    patterns = FrozenRewritePatternSet(std::move(owning));
    return success();
  }

  void runOnOperation() override {
    UnchangedIRGuard guard(*this, getOperation());
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    bool modified = true;
    if (failed(applyPatternsGreedilyLinear(getOperation(), patterns, {},
                                           /*changed=*/nullptr, &modified))) {
      getOperation()->emitOpError()
          << "failed to apply patterns, likely due to a bad pattern that "
             "causes an infinite fixed point iteration";
      return signalPassFailure();
    }
    if (guard.unchanged(modified, getName()))
      markAllAnalysesPreserved();
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
} // namespace sluice::util
