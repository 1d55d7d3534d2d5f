//===- PlaceTransferExecutions.cpp - run transfers where results live -----===//
//
// --iree-stream-place-transfer-executions (stream-passes-1.md §14): a
// transfer whose result is pinned to one device executes on that device
// when its default execution affinity could not reach it.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_PLACETRANSFEREXECUTIONSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// The single affinity `value` is pinned to, or null.
AffinityAttr findSinglePinnedAffinity(AffinityAnalysis &analysis, Value value) {
  SmallVector<AffinityAttr> pinned;
  if (!analysis.tryLookupPinnedAffinities(value, pinned) || pinned.empty())
    return {};
  llvm::SmallSetVector<AffinityAttr, 2> distinct(pinned.begin(), pinned.end());
  return distinct.size() == 1 ? distinct.front() : AffinityAttr();
}

struct PlaceTransferExecutionsPass
    : public stream::impl::PlaceTransferExecutionsPassBase<
          PlaceTransferExecutionsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    AffinityAnalysis analysis(moduleOp);
    if (failed(analysis.run()))
      return signalPassFailure();

    bool changed = false;
    moduleOp.walk([&](AsyncTransferOp op) {
      if (op.getExecutionAffinityAttr())
        return;
      AffinityAttr pinned = findSinglePinnedAffinity(analysis, op.getResult());
      if (!pinned)
        return;
      AffinityAttr target = op.getTargetAffinityAttr();
      if (!target || !AffinityAttr::canExecuteTogether(pinned, target))
        return;
      // Without an explicit execution affinity this is the default one
      // (stream-ir.md §12.7.11).
      if (AffinityAttr::canExecuteTogether(op.getAffinityAttr(), pinned))
        return;
      op.setExecutionAffinityAttr(pinned);
      changed = true;
    });
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
