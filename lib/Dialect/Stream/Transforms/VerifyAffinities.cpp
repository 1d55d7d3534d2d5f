//===- VerifyAffinities.cpp - --iree-stream-verify-affinities -------------===//
//
// stream-passes-1.md §5.2: every op that requires an affinity has one on
// itself or an ancestor.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

using namespace mlir;

namespace sluice::stream {

#define GEN_PASS_DEF_VERIFYAFFINITIESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

namespace {

class VerifyAffinitiesPass
    : public impl::VerifyAffinitiesPassBase<VerifyAffinitiesPass> {
public:
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    WalkResult result = getOperation()->walk<WalkOrder::PreOrder>(
        [](Operation *op) -> WalkResult {
          if (isa<ModuleOp>(op))
            return WalkResult::advance();
          if (auto affinityOp = dyn_cast<AffinityOpInterface>(op)) {
            if (affinityOp.requiresAffinity() &&
                !AffinityAttr::lookupOrDefault(op)) {
              op->emitOpError()
                  << "does not have an affinity assigned; ensure that the op "
                     "or some ancestor of it has a valid execution affinity "
                     "assigned";
              return WalkResult::interrupt();
            }
          }
          if (op->hasTrait<util::OpTrait::ObjectLike>() ||
              op->hasTrait<mlir::OpTrait::SymbolTable>())
            return WalkResult::skip();
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A verifier: nothing changed (no need to verify the IR again).
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
