//===- VerifyLoweringToAsyncResources.cpp - no tensor-phase ops -----------===//
//
// stream-passes-1.md §4.2: as to-tensors, plus no TensorPhaseOp may remain.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYLOWERINGTOASYNCRESOURCESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

namespace {
struct VerifyLoweringToAsyncResourcesPass
    : impl::VerifyLoweringToAsyncResourcesPassBase<
          VerifyLoweringToAsyncResourcesPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    LoweringVerifier verifier;
    configureLoweringToAsyncResources(verifier);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace sluice::stream
