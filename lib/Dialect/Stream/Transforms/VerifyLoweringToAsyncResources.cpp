//===- VerifyLoweringToAsyncResources.cpp - no tensor-phase ops -----------===//
//
// stream-passes-1.md §4.2: as to-tensors, plus no TensorPhaseOp may remain.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYLOWERINGTOASYNCRESOURCESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

namespace {
struct VerifyLoweringToAsyncResourcesPass
    : impl::VerifyLoweringToAsyncResourcesPassBase<
          VerifyLoweringToAsyncResourcesPass> {
  void runOnOperation() override {
    LoweringVerifier verifier;
    configureLoweringToAsyncResources(verifier);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace sluice::stream
