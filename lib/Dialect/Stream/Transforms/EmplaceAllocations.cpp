//===- EmplaceAllocations.cpp - dispatch results into update targets ------===//
//
// --iree-stream-emplace-allocations (stream-passes-1.md §12): a dispatch
// whose result is only copied into another resource by a
// `stream.async.update` writes into that resource directly.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "StreamPassHelpers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "llvm/ADT/DenseSet.h"

namespace sluice::stream {
#define GEN_PASS_DEF_EMPLACEALLOCATIONSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// The operations of the visited block that are after the dispatch being
/// visited (not yet reached by the in-order walk and not moved before it).
/// Stands in for `Operation::isBeforeInBlock`, which renumbers the block
/// after every batch of moves (quadratic over a block of many emplacements).
using OpsAfter = llvm::DenseSet<Operation *>;

struct Candidate {
  AsyncUpdateOp updateOp;
  unsigned resultIndex;
};

/// Rebinds resource operand `operandIndex` (an index into the resource
/// operands) of `dispatchOp` to `resource[offset to end for length]` of a
/// resource of size `size`.
void rebindResourceOperand(AsyncDispatchOp dispatchOp, unsigned operandIndex,
                           Value resource, Value size, Value offset, Value end,
                           Value length) {
  unsigned rangeIndex = getResourceRangeIndex(dispatchOp, operandIndex);
  dispatchOp.getResourceOperandsMutable()[operandIndex].set(resource);
  dispatchOp.getResourceOperandSizesMutable()[rangeIndex].set(size);
  dispatchOp.getResourceOperandOffsetsMutable()[rangeIndex].set(offset);
  dispatchOp.getResourceOperandEndsMutable()[rangeIndex].set(end);
  dispatchOp.getResourceOperandLengthsMutable()[rangeIndex].set(length);
}

/// Ties every result of `dispatchOp` to a fresh `stream.async.alloca` of its
/// size, bound as a new resource operand `[%c0 to size for size]`.
/// Returns the allocas.
SmallVector<AsyncAllocaOp> tieResultsToAllocas(AsyncDispatchOp dispatchOp,
                                               IndexSet &indexSet) {
  SmallVector<AsyncAllocaOp> allocaOps;
  Value zero = indexSet.get(0);
  OpBuilder builder(dispatchOp);
  auto tiedOp = cast<util::TiedOpInterface>(dispatchOp.getOperation());
  for (auto [index, result] : llvm::enumerate(dispatchOp.getResults())) {
    Value size = dispatchOp.getResultSizes()[index];
    auto allocaOp =
        AsyncAllocaOp::create(builder, dispatchOp.getLoc(), result.getType(),
                              size, dispatchOp.getAffinityAttr());
    unsigned operandIndex = dispatchOp.getResourceOperands().size();
    dispatchOp.getResourceOperandsMutable().append(allocaOp.getResult());
    dispatchOp.getResourceOperandSizesMutable().append(size);
    dispatchOp.getResourceOperandOffsetsMutable().append(zero);
    dispatchOp.getResourceOperandEndsMutable().append(size);
    dispatchOp.getResourceOperandLengthsMutable().append(size);
    tiedOp.setTiedResultOperandIndex(index, operandIndex);
    allocaOps.push_back(allocaOp);
  }
  return allocaOps;
}

/// Undoes `tieResultsToAllocas` on a dispatch none of whose results could be
/// emplaced: drops the appended operands, the ties and the allocas.
void untieResultsFromAllocas(AsyncDispatchOp dispatchOp,
                             ArrayRef<AsyncAllocaOp> allocaOps) {
  unsigned count = allocaOps.size();
  auto dropBack = [&](MutableOperandRange range) {
    range.erase(range.size() - count, count);
  };
  dropBack(dispatchOp.getResourceOperandsMutable());
  dropBack(dispatchOp.getResourceOperandSizesMutable());
  dropBack(dispatchOp.getResourceOperandOffsetsMutable());
  dropBack(dispatchOp.getResourceOperandEndsMutable());
  dropBack(dispatchOp.getResourceOperandLengthsMutable());
  dispatchOp->removeAttr(util::TiedOpInterface::getStorageAttrName());
  for (AsyncAllocaOp allocaOp : allocaOps)
    allocaOp.erase();
}

/// Places result `resultIndex` of `dispatchOp` into the target range of
/// `updateOp` and removes the update. Fails (leaving the dispatch as it is)
/// when the values the new binding needs cannot be made available.
bool tryEmplace(AsyncDispatchOp dispatchOp, AsyncUpdateOp updateOp,
                unsigned resultIndex, OpsAfter &opsAfter) {
  auto tiedOp = cast<util::TiedOpInterface>(dispatchOp.getOperation());
  Value target = updateOp.getTarget();
  if (auto targetResult = dyn_cast<OpResult>(target);
      targetResult && targetResult.getOwner() == dispatchOp)
    target = tiedOp.getTiedResultOperand(targetResult);
  if (!target)
    return false;
  Value required[] = {updateOp.getUpdateSize(), updateOp.getTargetSize(),
                      updateOp.getTargetOffset(), updateOp.getTargetEnd(),
                      target};
  for (Value value : required)
    if (!tryMoveProducerBefore(
            value, dispatchOp,
            [&](Operation *op) { return opsAfter.contains(op); },
            [&](Operation *op) { opsAfter.erase(op); }))
      return false;

  std::optional<unsigned> tiedOperand =
      tiedOp.getTiedResultOperandIndex(resultIndex);
  if (!tiedOperand)
    return false;
  unsigned operandIndex =
      *tiedOperand - dispatchOp.getResourceOperands().getBeginOperandIndex();
  Value previous = dispatchOp.getResourceOperands()[operandIndex];
  rebindResourceOperand(dispatchOp, operandIndex, target,
                        updateOp.getTargetSize(), updateOp.getTargetOffset(),
                        updateOp.getTargetEnd(), updateOp.getUpdateSize());
  dispatchOp.getResultSizesMutable()[resultIndex].set(updateOp.getTargetSize());

  Value result = dispatchOp.getResult(resultIndex);
  Value replacement = result;
  if (result.getType() != updateOp.getResult().getType()) {
    OpBuilder builder(dispatchOp->getContext());
    builder.setInsertionPointAfter(dispatchOp);
    Value size = util::SizeAwareTypeInterface::queryValueSize(
        dispatchOp.getLoc(), result, builder);
    replacement = AsyncTransferOp::create(
        builder, dispatchOp.getLoc(), updateOp.getResult().getType(), result,
        size, size, dispatchOp.getAffinityAttr(), dispatchOp.getAffinityAttr());
    // The size query (if one was created) and the transfer are after the
    // dispatch.
    for (Operation *op = dispatchOp->getNextNode();
         op != replacement.getDefiningOp()->getNextNode();
         op = op->getNextNode())
      opsAfter.insert(op);
  }
  updateOp.getResult().replaceAllUsesWith(replacement);
  opsAfter.erase(updateOp);
  updateOp.erase();
  if (previous.use_empty())
    if (Operation *allocaOp = previous.getDefiningOp())
      allocaOp->erase();
  return true;
}

/// Emplaces the results of `dispatchOp` that are only used as the update
/// of a `stream.async.update` in the same block with the same affinity.
/// Returns whether it touched the IR (conservatively: a rolled-back attempt
/// counts).
bool tryEmplaceDispatch(AsyncDispatchOp dispatchOp, IndexSet &indexSet,
                        OpsAfter &opsAfter) {
  auto tiedOp = cast<util::TiedOpInterface>(dispatchOp.getOperation());
  for (unsigned i = 0, e = dispatchOp.getNumResults(); i < e; ++i)
    if (tiedOp.getTiedResultOperandIndex(i))
      return false;

  SmallVector<Candidate> candidates;
  for (auto [index, result] : llvm::enumerate(dispatchOp.getResults())) {
    if (!result.hasOneUse())
      continue;
    OpOperand &use = *result.use_begin();
    auto updateOp = dyn_cast<AsyncUpdateOp>(use.getOwner());
    if (!updateOp || &use != &updateOp.getUpdateMutable())
      continue;
    // [SLUICE] only updates in the dispatch's own block: hoisting the write
    // out of a nested region would make a conditional update unconditional.
    if (updateOp->getBlock() != dispatchOp->getBlock())
      continue;
    if (updateOp.getAffinityAttr() != dispatchOp.getAffinityAttr())
      continue;
    candidates.push_back({updateOp, static_cast<unsigned>(index)});
  }
  if (candidates.empty())
    return false;

  SmallVector<AsyncAllocaOp> allocaOps =
      tieResultsToAllocas(dispatchOp, indexSet);
  llvm::sort(candidates, [](const Candidate &a, const Candidate &b) {
    return a.updateOp->isBeforeInBlock(b.updateOp);
  });
  bool anyEmplaced = false;
  for (const Candidate &candidate : candidates)
    anyEmplaced |= tryEmplace(dispatchOp, candidate.updateOp,
                              candidate.resultIndex, opsAfter);
  // [SLUICE] roll back the speculative allocas when nothing was emplaced
  // (the reference leaves them, stream-passes-1.md §12).
  if (!anyEmplaced)
    untieResultsFromAllocas(dispatchOp, allocaOps);
  return true;
}

/// Returns whether it touched the IR.
bool emplaceAllocationsInBlock(Block &block) {
  if (block.empty())
    return false;
  // Constants go to the top of the block, before its first op at the start
  // of the visit.
  OpBuilder builder(&block.front());
  IndexSet indexSet(block.front().getLoc(), builder);
  OpsAfter opsAfter;
  for (Operation &op : block)
    opsAfter.insert(&op);
  bool changed = false;
  for (Operation *op = &block.front(); op; op = op->getNextNode()) {
    opsAfter.erase(op);
    if (auto dispatchOp = dyn_cast<AsyncDispatchOp>(op))
      changed |= tryEmplaceDispatch(dispatchOp, indexSet, opsAfter);
  }
  // Rolled-back dispatches may leave the lazily created zero unused.
  indexSet.eraseUnusedCreated();
  return changed;
}

struct EmplaceAllocationsPass
    : public stream::impl::EmplaceAllocationsPassBase<EmplaceAllocationsPass> {
  void runOnOperation() override {
    util::UnchangedIRGuard guard(getOperation());
    bool changed = false;
    getOperation()->walk([&](Region *region) {
      for (Block &block : *region)
        changed |= emplaceAllocationsInBlock(block);
    });
    // A run with no candidate update claims it: no verifier after it (on the
    // stream pipeline's hostsync program, 100k ops, that verifier was all of
    // the pass's --mlir-timing line).
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
