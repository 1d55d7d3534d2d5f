//===- ElideAsyncCopies.cpp - remove unneeded async copies ----------------===//
//
// --iree-stream-elide-async-copies (stream-passes-1.md §10): clones,
// transfers, slices and updates that ElisionAnalysis proves unnecessary are
// removed; the analysis is rerun until nothing changes.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "StreamPassHelpers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Stream/Analysis/ElisionAnalysis.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_ELIDEASYNCCOPIESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// The driver's bound on analysis + elision rounds.
constexpr unsigned kMaxIterations = 30;

Lifetime getLifetime(Value value) {
  return cast<ResourceType>(value.getType()).getLifetime();
}

struct ElisionCounts {
  unsigned clones = 0;
  unsigned transfers = 0;
  unsigned slices = 0;
  unsigned updates = 0;
  unsigned total() const { return clones + transfers + slices + updates; }
};

//===----------------------------------------------------------------------===//
// Clones (§10.3)
//===----------------------------------------------------------------------===//

bool isSafeToElideClone(AsyncCloneOp op, ElisionAnalysis &analysis) {
  Value source = op.getSource();
  Value result = op.getResult();
  // Lifetime changes are resolved by usage refinement.
  if (getLifetime(source) != getLifetime(result))
    return false;
  if (getLifetime(source) == Lifetime::Constant)
    return analysis.isNeverMutated(source) && analysis.isNeverMutated(result);
  if (auto arg = dyn_cast<BlockArgument>(source))
    if (!analysis.isArgMoved(arg))
      return false;
  bool resultSafe = analysis.isNeverMutated(result);
  if (!resultSafe && analysis.containsBorrowedStorage(source))
    return false;
  if (resultSafe && analysis.isNeverMutated(source))
    return true;
  if (source.hasOneUse())
    return true;
  return analysis.isLastUser(source, op);
}

//===----------------------------------------------------------------------===//
// Transfers (§10.4)
//===----------------------------------------------------------------------===//

bool isSafeToElideTransfer(AsyncTransferOp op, ElisionAnalysis &analysis,
                           AffinityTopologyAttrInterface topology) {
  if (getLifetime(op.getSource()) != getLifetime(op.getResult()))
    return false;
  AffinityAttr sourceAffinity = op.getSourceAffinityAttr();
  if (!sourceAffinity)
    sourceAffinity = analysis.tryInferValueAffinity(op.getSource());
  AffinityAttr targetAffinity = op.getResultAffinityAttr();
  bool topologyAllows = false;
  if (sourceAffinity && targetAffinity && topology) {
    if (!topology.hasUnifiedMemory(sourceAffinity, targetAffinity) &&
        !topology.hasTransparentAccess(sourceAffinity, targetAffinity))
      return false;
    topologyAllows = true;
  }
  if (!topologyAllows &&
      op.getSourceAffinityAttr() != op.getTargetAffinityAttr())
    return false;
  // Same lifetime from here on: every remaining rule of the reference elides.
  return true;
}

//===----------------------------------------------------------------------===//
// Slices (§10.5)
//===----------------------------------------------------------------------===//

/// `a + b` before `consumer`, skipping constant zeros.
Value addOffset(Value a, Value b, Location loc, Operation *consumer) {
  if (matchPattern(a, m_Zero()))
    return b;
  if (matchPattern(b, m_Zero()))
    return a;
  OpBuilder builder(consumer);
  return builder.createOrFold<arith::AddIOp>(loc, a, b);
}

bool isSafeToElideSlice(AsyncSliceOp op) {
  Value source = op.getSource();
  for (OpOperand &use : op.getResult().getUses()) {
    Operation *user = use.getOwner();
    if (auto copyOp = dyn_cast<AsyncCopyOp>(user)) {
      if (&use != &copyOp.getSourceMutable())
        return false;
    } else if (auto dispatchOp = dyn_cast<AsyncDispatchOp>(user)) {
      auto tiedOp = cast<util::TiedOpInterface>(user);
      if (tiedOp.isOperandTied(use.getOperandNumber()))
        return false;
    } else {
      return false;
    }
  }
  if (util::TiedOpInterface::findTiedBaseValue(source) != source)
    return false;
  AsyncAccessRange sliceRange;
  sliceRange.access = ResourceAccessBitfield::Read;
  sliceRange.resource = source;
  sliceRange.start = op.getSourceOffset();
  sliceRange.end = op.getSourceEnd();
  sliceRange.length = op.getResultSize();
  for (Operation *user : source.getUsers()) {
    if (user == op)
      continue;
    auto accessOp = dyn_cast<AsyncAccessOpInterface>(user);
    if (!accessOp)
      return false;
    SmallVector<AsyncAccessRange> ranges;
    accessOp.getAsyncAccessRanges(ranges);
    for (const AsyncAccessRange &range : ranges) {
      if (range.resource != source)
        continue;
      if (AsyncAccessRange::mayOverlap(sliceRange, range) &&
          !range.isReadOnly())
        return false;
    }
  }
  return true;
}

/// Rewrites every user of the slice to read its source directly.
void elideSlice(AsyncSliceOp op) {
  Value source = op.getSource();
  Value sourceSize = op.getSourceSize();
  Value offset = op.getSourceOffset();
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : op.getResult().getUses())
    uses.push_back(&use);
  for (OpOperand *use : uses) {
    Operation *user = use->getOwner();
    Location loc =
        FusedLoc::get(op.getContext(), {op.getLoc(), user->getLoc()});
    if (auto copyOp = dyn_cast<AsyncCopyOp>(user)) {
      Value newOffset =
          addOffset(offset, copyOp.getSourceOffset(), loc, copyOp);
      Value newEnd = addOffset(offset, copyOp.getSourceEnd(), loc, copyOp);
      copyOp.getSourceMutable().set(source);
      copyOp.getSourceOffsetMutable().set(newOffset);
      copyOp.getSourceEndMutable().set(newEnd);
      copyOp.getSourceSizeMutable().set(sourceSize);
      continue;
    }
    auto dispatchOp = cast<AsyncDispatchOp>(user);
    unsigned operandIndex =
        use->getOperandNumber() -
        dispatchOp.getResourceOperands().getBeginOperandIndex();
    unsigned rangeIndex = getResourceRangeIndex(dispatchOp, operandIndex);
    Value newOffset = addOffset(
        offset, dispatchOp.getResourceOperandOffsets()[rangeIndex], loc, user);
    Value newEnd = addOffset(
        offset, dispatchOp.getResourceOperandEnds()[rangeIndex], loc, user);
    use->set(source);
    dispatchOp.getResourceOperandOffsetsMutable()[rangeIndex].set(newOffset);
    dispatchOp.getResourceOperandEndsMutable()[rangeIndex].set(newEnd);
    dispatchOp.getResourceOperandSizesMutable()[rangeIndex].set(sourceSize);
  }
  op.erase();
}

//===----------------------------------------------------------------------===//
// Updates (§10.6)
//===----------------------------------------------------------------------===//

bool isSafeToElideUpdate(AsyncUpdateOp op, ElisionAnalysis &analysis) {
  Value target = op.getTarget();
  Value result = op.getResult();
  Value base = util::TiedOpInterface::findTiedBaseValue(target);
  if (auto arg = dyn_cast<BlockArgument>(base))
    if (!analysis.isArgMoved(arg))
      return false;
  if (!target.hasOneUse())
    return false;

  AsyncAccessRange writeRange;
  writeRange.access = ResourceAccessBitfield::Write;
  writeRange.resource = result;
  writeRange.start = op.getTargetOffset();
  writeRange.end = op.getTargetEnd();
  writeRange.length = op.getUpdateSize();
  for (OpOperand &use : result.getUses()) {
    Operation *user = use.getOwner();
    // (a) A later update of exactly the same range.
    if (auto updateOp = dyn_cast<AsyncUpdateOp>(user);
        updateOp && updateOp.getTarget() == result) {
      if (updateOp.getTargetOffset() == op.getTargetOffset() &&
          updateOp.getTargetEnd() == op.getTargetEnd())
        continue;
      return false;
    }
    auto accessOp = dyn_cast<AsyncAccessOpInterface>(user);
    SmallVector<AsyncAccessRange> ranges;
    if (accessOp)
      accessOp.getAsyncAccessRanges(ranges);
    // (b) A tied consumer must write exactly the updated range.
    if (auto tiedOp = dyn_cast<util::TiedOpInterface>(user)) {
      bool tiedUse = llvm::any_of(user->getOpOperands(), [&](OpOperand &o) {
        return o.get() == result && tiedOp.isOperandTied(o.getOperandNumber());
      });
      if (tiedUse) {
        if (!accessOp)
          return false;
        bool writesRange =
            llvm::any_of(ranges, [&](const AsyncAccessRange &range) {
              return (range.resource == result || range.resource == target) &&
                     !range.isReadOnly() &&
                     range.start == op.getTargetOffset() &&
                     range.end == op.getTargetEnd();
            });
        if (!writesRange)
          return false;
      }
    }
    // (c) Nothing may read what the update wrote.
    if (!accessOp)
      return false;
    for (const AsyncAccessRange &range : ranges) {
      if (range.resource != target && range.resource != result)
        continue;
      if (AsyncAccessRange::mayOverlap(writeRange, range) &&
          !range.isWriteOnly())
        return false;
    }
  }
  return true;
}

void elideUpdate(AsyncUpdateOp op) {
  Value replacement = op.getTarget();
  if (op.getUpdateSize() == op.getTargetSize() &&
      op.getUpdate().getType() == op.getResult().getType())
    replacement = op.getUpdate();
  op.getResult().replaceAllUsesWith(replacement);
  op.erase();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// One round of elision over the top-level callables of `moduleOp`.
ElisionCounts elideCopies(ModuleOp moduleOp, ElisionAnalysis &analysis,
                          AffinityTopologyAttrInterface topology) {
  ElisionCounts counts;
  auto visit = [&](Operation *op) {
    if (auto cloneOp = dyn_cast<AsyncCloneOp>(op)) {
      if (isSafeToElideClone(cloneOp, analysis)) {
        cloneOp.getResult().replaceAllUsesWith(cloneOp.getSource());
        cloneOp.erase();
        ++counts.clones;
      }
    } else if (auto transferOp = dyn_cast<AsyncTransferOp>(op)) {
      if (isSafeToElideTransfer(transferOp, analysis, topology)) {
        transferOp.getResult().replaceAllUsesWith(transferOp.getSource());
        transferOp.erase();
        ++counts.transfers;
      }
    } else if (auto sliceOp = dyn_cast<AsyncSliceOp>(op)) {
      if (isSafeToElideSlice(sliceOp)) {
        elideSlice(sliceOp);
        ++counts.slices;
      }
    } else if (auto updateOp = dyn_cast<AsyncUpdateOp>(op)) {
      if (isSafeToElideUpdate(updateOp, analysis)) {
        elideUpdate(updateOp);
        ++counts.updates;
      }
    }
  };
  for (Operation &op : moduleOp.getBody()->getOperations()) {
    auto callable = dyn_cast<CallableOpInterface>(op);
    Region *region = callable ? callable.getCallableRegion() : nullptr;
    if (!region)
      continue;
    for (Block &block : *region)
      block.walk<WalkOrder::PostOrder>(visit);
  }
  return counts;
}

struct ElideAsyncCopiesPass
    : public stream::impl::ElideAsyncCopiesPassBase<ElideAsyncCopiesPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    if (moduleOp.getBody()->empty())
      return markAllAnalysesPreserved();
    util::UnchangedIRGuard guard(moduleOp);
    auto topology = dyn_cast_if_present<AffinityTopologyAttrInterface>(
        moduleOp->getAttr("stream.topology"));

    bool changed = false;
    unsigned iteration = 0;
    for (; iteration < kMaxIterations; ++iteration) {
      ElisionAnalysis analysis(moduleOp);
      if (failed(analysis.run())) {
        moduleOp.emitError() << "failed to solve for elision analysis";
        return signalPassFailure();
      }
      ElisionCounts counts = elideCopies(moduleOp, analysis, topology);
      numClonesElided += counts.clones;
      numTransfersElided += counts.transfers;
      numSlicesElided += counts.slices;
      if (counts.total() == 0)
        break;
      changed = true;
    }
    numIterations += iteration;
    if (iteration == kMaxIterations)
      moduleOp.emitRemark()
          << "copy elision pass failed to reach a fixed point after "
          << kMaxIterations << " iterations; unneeded copies may be present";
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
