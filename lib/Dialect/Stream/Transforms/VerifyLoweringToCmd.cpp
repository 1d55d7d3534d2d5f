//===- VerifyLoweringToCmd.cpp - the command phase ------------------------===//
//
// stream-passes-1.md §4.2: as to-async-resources, plus no AsyncPhaseOp and no
// resource of unknown lifetime may remain.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYLOWERINGTOCMDPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

using namespace mlir;

namespace {
struct VerifyLoweringToCmdPass
    : impl::VerifyLoweringToCmdPassBase<VerifyLoweringToCmdPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    LoweringVerifier verifier;
    configureLoweringToAsyncResources(verifier);
    verifier.addOpPredicate(
        [](Operation *op) -> std::optional<LoweringVerifier::Legality> {
          if (op->hasTrait<OpTrait::AsyncPhaseOp>())
            return LoweringVerifier::Legality::Illegal;
          return std::nullopt;
        });
    addUnknownLifetimeIllegal(verifier);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace sluice::stream
