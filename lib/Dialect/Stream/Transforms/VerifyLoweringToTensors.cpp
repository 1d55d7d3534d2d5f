//===- VerifyLoweringToTensors.cpp - end of the tensor phase --------------===//
//
// stream-passes-1.md §4.2: no tensor, linalg or flow op may remain.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYLOWERINGTOTENSORSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

namespace {
struct VerifyLoweringToTensorsPass
    : impl::VerifyLoweringToTensorsPassBase<VerifyLoweringToTensorsPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    LoweringVerifier verifier;
    configureLoweringToTensors(verifier);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};
} // namespace
} // namespace sluice::stream
