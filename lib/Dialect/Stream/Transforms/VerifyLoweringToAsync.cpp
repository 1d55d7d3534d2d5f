//===- VerifyLoweringToAsync.cpp - the async phase ------------------------===//
//
// stream-passes-1.md §4.2: as to-async-resources, plus resources of unknown
// lifetime are illegal and streamable ops must sit in execution regions.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYLOWERINGTOASYNCPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

using namespace mlir;

namespace {

std::optional<LoweringVerifier::Legality> checkStreamableOp(Operation *op) {
  auto streamableOp = dyn_cast<StreamableOpInterface>(op);
  if (!streamableOp)
    return std::nullopt;
  if (op->hasTrait<OpTrait::CmdPhaseOp>() || streamableOp.isMetadata())
    return LoweringVerifier::Legality::Legal;
  if (!op->getParentOfType<AsyncExecuteOp>()) {
    // The leading ": " is the reference's text.
    op->emitOpError() << ": streamable op expected to be in an execution "
                         "region";
    return LoweringVerifier::Legality::Illegal;
  }
  return std::nullopt;
}

struct VerifyLoweringToAsyncPass
    : impl::VerifyLoweringToAsyncPassBase<VerifyLoweringToAsyncPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    LoweringVerifier verifier;
    configureLoweringToAsyncResources(verifier);
    addUnknownLifetimeIllegal(verifier);
    verifier.addOpPredicate(checkStreamableOp);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
