//===- AnnotateDispatchAssumptions.cpp - ...annotate-dispatch-assumptions -===//
//
// stream-passes-2.md §12.3: integer range and divisibility of every
// dispatch operand (one analysis per function holding dispatches) become a
// `util.assume.int` at the start of each export function, one row entry
// per dispatch site.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/IntegerAnalyses.h"
#include "sluice/Dialect/Util/Analysis/IntegerDivisibilityAnalysis.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"

namespace sluice::stream {
#define GEN_PASS_DEF_ANNOTATEDISPATCHASSUMPTIONSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

class AnnotateDispatchAssumptionsPass
    : public impl::AnnotateDispatchAssumptionsPassBase<
          AnnotateDispatchAssumptionsPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    SmallVector<ExportSites> exports = collectExportSites(moduleOp);

    // One solver per function that holds a dispatch.
    llvm::DenseMap<Operation *, std::unique_ptr<DataFlowSolver>> solvers;
    for (ExportSites &entry : exports) {
      for (CmdDispatchOp site : entry.sites) {
        Operation *root = site->getParentOfType<FunctionOpInterface>();
        if (!root || solvers.contains(root))
          continue;
        auto solver = std::make_unique<DataFlowSolver>();
        util::loadIntegerAnalyses(*solver);
        if (failed(util::runIntegerAnalyses(root, *solver)))
          return signalPassFailure();
        solvers[root] = std::move(solver);
      }
    }

    bool changed = false;
    for (ExportSites &entry : exports) {
      if (!entry.funcOp || entry.funcOp.isExternal() ||
          entry.funcOp.getFunctionBody().empty())
        continue;
      changed |= annotate(entry, solvers);
    }
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }

private:
  /// Returns whether the function got an assumption op.
  bool annotate(
      ExportSites &entry,
      llvm::DenseMap<Operation *, std::unique_ptr<DataFlowSolver>> &solvers) {
    FunctionOpInterface funcOp = entry.funcOp;
    MLIRContext *context = funcOp->getContext();
    Block &block = funcOp.getFunctionBody().front();
    SmallVector<unsigned> operandToArg =
        CmdDispatchOp::makeOperandToArgMap(funcOp);
    SmallVector<Value> keptArgs;
    SmallVector<Attribute> keptRows;
    for (auto [k, argIndex] : llvm::enumerate(operandToArg)) {
      BlockArgument arg = block.getArgument(argIndex);
      if (!arg.getType().isIntOrIndex())
        continue;
      SmallVector<Attribute> row;
      bool any = false;
      for (CmdDispatchOp site : entry.sites) {
        std::optional<uint64_t> umin, umax, udiv;
        Operation *root = site->getParentOfType<FunctionOpInterface>();
        DataFlowSolver *solver = nullptr;
        if (auto it = solvers.find(root); it != solvers.end())
          solver = it->second.get();
        if (solver && k < site.getUniformOperands().size()) {
          Value operand = site.getUniformOperands()[k];
          auto *range =
              solver->lookupState<dataflow::IntegerValueRangeLattice>(operand);
          if (range && !range->getValue().isUninitialized()) {
            const ConstantIntRanges &r = range->getValue().getValue();
            if ((!r.umin().isZero() || !r.umax().isAllOnes()) &&
                r.umax().getActiveBits() <= 64) {
              umin = r.umin().getZExtValue();
              umax = r.umax().getZExtValue();
            }
          }
          auto *div =
              solver->lookupState<util::IntegerDivisibilityLattice>(operand);
          if (div && !div->getValue().isUninitialized() &&
              div->getValue().getValue().udiv() > 1)
            udiv = div->getValue().getValue().udiv();
        }
        any |= umin || umax || udiv;
        row.push_back(util::IntAssumptionAttr::get(context, umin, umax, udiv));
      }
      if (!any)
        continue;
      keptArgs.push_back(arg);
      keptRows.push_back(ArrayAttr::get(context, row));
    }
    if (keptArgs.empty())
      return false;
    OpBuilder builder = OpBuilder::atBlockBegin(&block);
    auto assumeOp = util::AssumeIntOp::create(
        builder, funcOp->getLoc(), keptArgs, ArrayAttr::get(context, keptRows));
    for (auto [arg, result] : llvm::zip_equal(keptArgs, assumeOp.getResults()))
      arg.replaceAllUsesExcept(result, assumeOp);
    return true;
  }
};

} // namespace
} // namespace sluice::stream
