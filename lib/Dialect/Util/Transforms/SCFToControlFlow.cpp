//===- SCFToControlFlow.cpp - convert-scf-to-cf that says "unchanged" -----===//
//
// The stream pipeline's `convert-scf-to-cf` step as the pipelines create it:
// printed exactly like MLIR's pass (argument, name, its one option), it runs
// MLIR's pass as a nested pipeline when the op holds an scf op and otherwise
// claims no change (UnchangedIR.h): on the generated programs the step
// usually finds nothing, and as an upstream pass it ended the stretch of
// unchanged passes that rerun elision skips the next cleanup over. Parsing
// the printed pipeline gives MLIR's pass, which does the same.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace sluice::util {
namespace {

struct SCFToControlFlowIfAnyPass
    : PassWrapper<SCFToControlFlowIfAnyPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SCFToControlFlowIfAnyPass)

  SCFToControlFlowIfAnyPass() = default;
  SCFToControlFlowIfAnyPass(const SCFToControlFlowIfAnyPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "convert-scf-to-cf"; }
  StringRef getName() const final { return "SCFToControlFlowPass"; }
  StringRef getDescription() const final {
    return "Convert SCF dialect to ControlFlow dialect, replacing structured "
           "control flow with a CFG";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<cf::ControlFlowDialect>();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    UnchangedIRGuard guard(root);
    // No scf op without the loaded dialect; an unregistered op has none.
    Dialect *scfDialect = getContext().getLoadedDialect<scf::SCFDialect>();
    bool anySCF = scfDialect && root->walk([&](Operation *op) {
                                      return op->getDialect() == scfDialect
                                                 ? WalkResult::interrupt()
                                                 : WalkResult::advance();
                                    })
                                    .wasInterrupted();
    if (!anySCF) {
      if (guard.unchanged(false, getName()))
        markAllAnalysesPreserved();
      return;
    }
    OpPassManager nested(root->getName());
    SCFToControlFlowPassOptions options;
    options.allowPatternRollback = allowPatternRollback;
    nested.addPass(createSCFToControlFlowPass(options));
    if (failed(runPipeline(nested, root)))
      signalPassFailure();
  }

  Option<bool> allowPatternRollback{
      *this, "allow-pattern-rollback",
      llvm::cl::desc("Experimental performance flag to disallow pattern "
                     "rollback"),
      llvm::cl::init(true)};
};

} // namespace

std::unique_ptr<Pass> createSCFToControlFlowPass() {
  return std::make_unique<SCFToControlFlowIfAnyPass>();
}

} // namespace sluice::util
