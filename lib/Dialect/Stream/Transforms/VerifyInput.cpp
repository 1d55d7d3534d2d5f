//===- VerifyInput.cpp - --iree-stream-verify-input -----------------------===//
//
// stream-passes-1.md §4.2: rejects input the conversion cannot handle.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace sluice::stream {
#define GEN_PASS_DEF_VERIFYINPUTPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// A flow.executable whose inner module exports a function with results has
/// no stream equivalent (stream.executable functions return nothing).
std::optional<LoweringVerifier::Legality> checkFlowExecutable(Operation *op) {
  auto executableOp = dyn_cast<flow::ExecutableOp>(op);
  if (!executableOp)
    return std::nullopt;
  ModuleOp innerModule = executableOp.getInnerModule();
  if (!innerModule)
    return std::nullopt;
  for (auto funcOp : innerModule.getOps<FunctionOpInterface>()) {
    if (funcOp.isPublic() && funcOp.getNumResults() > 0) {
      op->emitOpError() << "cannot be converted to stream because it "
                           "contains public functions with a result";
      return LoweringVerifier::Legality::Illegal;
    }
  }
  return std::nullopt;
}

struct VerifyInputPass : impl::VerifyInputPassBase<VerifyInputPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    LoweringVerifier verifier;
    using Legality = LoweringVerifier::Legality;
    verifier.addOp<util::GlobalAddressOp>(Legality::Illegal);
    verifier.addOp<util::GlobalLoadIndirectOp>(Legality::Illegal);
    verifier.addOp<util::GlobalStoreIndirectOp>(Legality::Illegal);
    verifier.addOpPredicate(checkFlowExecutable);
    if (failed(verifier.run(getOperation())))
      return signalPassFailure();
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
