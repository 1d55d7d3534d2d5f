//===- ReuseAllocations.cpp - --iree-stream-reuse-allocations -------------===//
//
// Reuses the resource of a `stream.resource.dealloca` for a later
// `stream.resource.alloca` on the same timeline (stream-passes-2.md §10).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace sluice::stream {
#define GEN_PASS_DEF_REUSEALLOCATIONSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {

/// Whether `deallocaOp` frees a resource `allocaOp` can take over.
static bool isReusable(ResourceDeallocaOp deallocaOp,
                       ResourceAllocaOp allocaOp) {
  return deallocaOp.getOperandSize() == allocaOp.getStorageSize() &&
         deallocaOp.getOperand().getType() == allocaOp.getResult().getType() &&
         deallocaOp.getAffinityAttr() == allocaOp.getAffinityAttr() &&
         deallocaOp->getBlock() == allocaOp->getBlock();
}

/// Searches the timeline behind `allocaOp`'s await for a reusable dealloca:
/// through joins of the same block (the last-pushed operand first, RA1 keeps
/// the dead scatter case), stopping at any other op.
static ResourceDeallocaOp findReusableDealloca(ResourceAllocaOp allocaOp) {
  Value await = allocaOp.getAwaitTimepoint();
  if (!await)
    return {};
  Operation *definingOp = await.getDefiningOp();
  Block *block = allocaOp->getBlock();
  if (!definingOp || !isa<TimelineOpInterface>(definingOp) ||
      definingOp->getBlock() != block)
    return {};
  SmallVector<Operation *> worklist = {definingOp};
  SmallPtrSet<Operation *, 8> visited = {definingOp};
  auto push = [&](Value value) {
    Operation *op = value ? value.getDefiningOp() : nullptr;
    if (op && op->getBlock() == block && visited.insert(op).second)
      worklist.push_back(op);
  };
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op)) {
      if (isReusable(deallocaOp, allocaOp))
        return deallocaOp;
    } else if (auto joinOp = dyn_cast<TimepointJoinOp>(op)) {
      for (Value timepoint : joinOp.getTimepoints())
        push(timepoint);
    } else if (auto scatterOp = dyn_cast<AsyncParameterScatterOp>(op)) {
      push(scatterOp.getAwaitTimepoint());
    }
  }
  return {};
}

namespace {

struct ReuseAllocationsPass
    : public impl::ReuseAllocationsPassBase<ReuseAllocationsPass> {
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(getOperation());
    bool changed = false;
    auto finish = [&] {
      if (guard.unchanged(changed, getName()))
        markAllAnalysesPreserved();
    };
    Region *region = getOperation().getCallableRegion();
    if (!region || region->empty())
      return finish();
    for (ResourceAllocaOp allocaOp :
         llvm::make_early_inc_range(region->getOps<ResourceAllocaOp>())) {
      ResourceDeallocaOp deallocaOp = findReusableDealloca(allocaOp);
      if (!deallocaOp)
        continue;
      Value available = deallocaOp.getAwaitTimepoint();
      if (!available) {
        OpBuilder builder(deallocaOp);
        available =
            TimepointImmediateOp::create(builder, deallocaOp.getLoc(),
                                         builder.getType<TimepointType>())
                .getResult();
      }
      allocaOp.getResult().replaceAllUsesWith(deallocaOp.getOperand());
      allocaOp.getResultTimepoint().replaceAllUsesWith(available);
      allocaOp.erase();
      deallocaOp.getResultTimepoint().replaceAllUsesWith(available);
      deallocaOp.erase();
      changed = true;
    }
    finish();
  }
};

} // namespace

} // namespace sluice::stream
