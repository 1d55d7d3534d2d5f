//===- FixedPointIterator.cpp - iree-util-fixed-point-iterator ------------===//
//
// stream-passes-2.md §15.9 and §1.3: runs a nested pipeline until no pass in
// it sets `iree.fixedpoint.modified` on the root.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/FixedPoint.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/PassRegistry.h"

#include <optional>

namespace sluice::util {
#define GEN_PASS_DEF_FIXEDPOINTITERATORPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

class FixedPointIteratorPass
    : public impl::FixedPointIteratorPassBase<FixedPointIteratorPass> {
public:
  using Base::Base;

  FixedPointIteratorPass(OpPassManager nested, int maxIters) {
    std::string text;
    llvm::raw_string_ostream os(text);
    nested.printAsTextualPipeline(os);
    pipeline = text;
    maxIterations = maxIters;
    nestedPipeline.emplace(std::move(nested));
  }

  FixedPointIteratorPass(const FixedPointIteratorPass &other)
      : impl::FixedPointIteratorPassBase<FixedPointIteratorPass>(other) {
    if (other.nestedPipeline)
      nestedPipeline.emplace(*other.nestedPipeline);
  }

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    nestedPipeline.reset();
    if (pipeline.empty())
      return success();
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
    if (failed(parsed))
      return errorHandler("invalid fixed point pipeline '" + pipeline +
                          "': " + errors);
    nestedPipeline.emplace(std::move(*parsed));
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    if (nestedPipeline)
      nestedPipeline->getDependentDialects(registry);
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    if (root->hasAttr(kFixedPointIterationAttr)) {
      root->emitError() << "nested fixed point pipelines not supported";
      return signalPassFailure();
    }
    if (!nestedPipeline)
      return;
    declareOnlyRunsOtherPasses(*this, root);
    Builder builder(context);
    for (int i = 0; i < maxIterations; ++i) {
      root->setAttr(kFixedPointIterationAttr, builder.getIndexAttr(i));
      root->removeAttr(kFixedPointModifiedAttr);
      if (failed(runPipeline(*nestedPipeline, root)))
        return signalPassFailure();
      if (!root->hasAttr(kFixedPointModifiedAttr)) {
        root->removeAttr(kFixedPointIterationAttr);
        // The nested pipeline ran on this pass's analysis manager, whose
        // passes invalidated what they changed, and under the pass manager's
        // verifier setting, which verified after every nested pass that
        // changed the IR: preserving everything here only skips a second
        // verification of IR already verified (this pass itself only adds
        // and removes its own marker attributes).
        markAllAnalysesPreserved();
        return;
      }
    }
    // [REF] the iteration attribute stays on the root.
    root->emitError()
        << "maximum iteration count exceeded in fixed point pipeline";
    signalPassFailure();
  }

private:
  std::optional<OpPassManager> nestedPipeline;
};

} // namespace

std::unique_ptr<Pass> createFixedPointIteratorPass(OpPassManager pipeline,
                                                   int maxIterations) {
  return std::make_unique<FixedPointIteratorPass>(std::move(pipeline),
                                                  maxIterations);
}

} // namespace sluice::util
