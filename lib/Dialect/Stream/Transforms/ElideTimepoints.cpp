//===- ElideTimepoints.cpp - --iree-stream-elide-timepoints ---------------===//
//
// Replaces timepoints that are provably reached (immediate, or covered by
// another awaited timepoint) with `stream.timepoint.immediate`, and moves and
// folds host awaits into the timeline ops that consume the awaited resources
// (stream-passes-2.md §6). The analysis (TimepointAnalysis) is solved once
// before any rewrite and its answers are never updated.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Timepoints.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/FixedPoint.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_ELIDETIMEPOINTSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using sluice::util::Explorer;
using sluice::util::TraversalAction;
using sluice::util::TraversalBehavior;

namespace sluice::stream {
namespace {

class CallableRewriter {
public:
  CallableRewriter(Operation *callableOp, const TimepointAnalysis &analysis,
                   Explorer &explorer)
      : callableOp(callableOp), analysis(analysis), explorer(explorer),
        dominanceInfo(callableOp) {}

  /// Returns true if anything changed.
  bool run();

private:
  Value createImmediate(OpBuilder &builder, Location loc) {
    changed = true;
    return TimepointImmediateOp::create(
               builder, loc, TimepointType::get(builder.getContext()))
        .getResult();
  }

  void elideOperand(Operation *op, Value timepoint);
  void elideOperands(Operation *op);
  void elideResults(Operation *op);
  void processTimelineOp(TimelineOpInterface op);

  bool isLoopHeader(Block *block);
  /// Absorbs or rewires the consumers of the await's results. May erase the
  /// await. Returns true if anything changed.
  bool foldAwait(TimepointAwaitOp awaitOp);
  /// One step of await movement; true on a structural change.
  bool moveAwait(TimepointAwaitOp awaitOp);
  void eliminateYields(TimepointAwaitOp awaitOp);
  /// Calls fn(resource, use) for every transitive use (not through ties) of
  /// each result of `awaitOp`, with the awaited resource it stands for.
  void forEachAwaitedUse(TimepointAwaitOp awaitOp,
                         llvm::function_ref<void(Value, OpOperand &)> fn);

  Operation *callableOp;
  const TimepointAnalysis &analysis;
  Explorer &explorer;
  DominanceInfo dominanceInfo;
  /// Timepoint results to replace by immediates at the end.
  llvm::MapVector<Value, Value> pending;
  bool changed = false;
};

void CallableRewriter::elideOperand(Operation *op, Value timepoint) {
  if (isDefinedImmediate(timepoint))
    return;
  if (!llvm::is_contained(op->getOperands(), timepoint))
    return;
  Value immediate;
  if (auto it = pending.find(timepoint); it != pending.end()) {
    immediate = it->second;
  } else {
    OpBuilder builder(op);
    immediate = createImmediate(builder, timepoint.getLoc());
  }
  op->replaceUsesOfWith(timepoint, immediate);
  changed = true;
}

void CallableRewriter::elideOperands(Operation *op) {
  llvm::SmallVector<Value> operands(op->getOperands());
  for (Value operand : operands)
    if (isTimepointValue(operand) && analysis.isImmediate(operand))
      elideOperand(op, operand);
}

void CallableRewriter::elideResults(Operation *op) {
  for (OpResult result : llvm::reverse(op->getResults())) {
    if (!isTimepointValue(result) || result.use_empty() ||
        isDefinedImmediate(result) || !analysis.isImmediate(result))
      continue;
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    pending[result] = createImmediate(builder, result.getLoc());
  }
}

void CallableRewriter::processTimelineOp(TimelineOpInterface op) {
  llvm::SmallVector<Value> awaits = op.getAwaitTimepoints();
  if (awaits.empty())
    return;
  if (Value result = op.getResultTimepoint()) {
    if (!result.use_empty() && !isDefinedImmediate(result) &&
        analysis.isImmediate(result)) {
      OpBuilder builder(op->getContext());
      builder.setInsertionPointAfter(result.getDefiningOp());
      pending[result] = createImmediate(builder, result.getLoc());
    }
  }
  llvm::SmallVector<Value> possible;
  for (Value await : awaits) {
    if (analysis.isImmediate(await))
      elideOperand(op, await);
    else
      possible.push_back(await);
  }
  if (possible.size() < 2)
    return;
  llvm::SmallVector<bool> required = analysis.computeRequired(possible);
  for (auto [await, isRequired] : llvm::zip(possible, required))
    if (!isRequired)
      elideOperand(op, await);
}

bool CallableRewriter::isLoopHeader(Block *block) {
  // Blocks of structured ops are never treated as CFG loop headers [REF].
  for (Operation *parent = block->getParentOp(); parent && parent != callableOp;
       parent = parent->getParentOp())
    if (isa<RegionBranchOpInterface>(parent))
      return false;
  for (Block *predecessor : block->getPredecessors())
    if (predecessor == block || dominanceInfo.dominates(block, predecessor))
      return true;
  return false;
}

void CallableRewriter::forEachAwaitedUse(
    TimepointAwaitOp awaitOp, llvm::function_ref<void(Value, OpOperand &)> fn) {
  for (auto [resource, result] :
       llvm::zip(awaitOp.getResourceOperands(), awaitOp.getResults())) {
    Value replacement = resource;
    explorer.walkTransitiveUses(
        result,
        [&](OpOperand &use) {
          fn(replacement, use);
          return WalkResult::advance();
        },
        TraversalBehavior::DONT_WALK_TIED_VALUES);
  }
}

bool CallableRewriter::foldAwait(TimepointAwaitOp awaitOp) {
  Value timepoint = awaitOp.getAwaitTimepoint();
  struct Record {
    Operation *user;
    Value usedValue;
    Value replacement;
    bool absorb;
  };
  llvm::SmallVector<Record> records;
  forEachAwaitedUse(awaitOp, [&](Value replacement, OpOperand &use) {
    Operation *user = use.getOwner();
    auto timelineOp = dyn_cast<TimelineOpInterface>(user);
    if (!timelineOp || !dominanceInfo.properlyDominates(replacement, user))
      return;
    // The awaited timepoint must dominate the consumer to be absorbed. It
    // always does in the input, but an earlier fold may have replaced it
    // with a join created inside a region (the reference does not check and
    // produces invalid IR then).
    if (!dominanceInfo.properlyDominates(timepoint, user))
      return;
    Value usedValue = use.get();
    if (auto arg = dyn_cast<BlockArgument>(usedValue))
      if (isLoopHeader(arg.getOwner()) &&
          !dominanceInfo.properlyDominates(timepoint, user))
        return;
    bool covered = analysis.covers(timepoint, timelineOp.getAwaitTimepoints());
    records.push_back({user, usedValue, replacement, !covered});
  });

  bool didChange = false;
  llvm::SmallPtrSet<Operation *, 4> absorbed;
  for (const Record &record : records) {
    if (!record.absorb || !absorbed.insert(record.user).second)
      continue;
    auto timelineOp = cast<TimelineOpInterface>(record.user);
    llvm::SmallVector<Value> awaits = timelineOp.getAwaitTimepoints();
    if (!llvm::is_contained(awaits, timepoint))
      awaits.push_back(timepoint);
    OpBuilder builder(record.user);
    timelineOp.setAwaitTimepoints(awaits, builder);
    didChange = true;
  }
  for (const Record &record : records) {
    bool replace = false;
    if (auto definingOp = record.usedValue.getDefiningOp()) {
      replace = dominanceInfo.properlyDominates(record.replacement, definingOp);
    } else {
      Block *argBlock = cast<BlockArgument>(record.usedValue).getOwner();
      Value replacementValue = record.replacement;
      Block *replacementBlock = replacementValue.getParentBlock();
      replace = !isLoopHeader(argBlock) &&
                dominanceInfo.properlyDominates(replacementBlock, argBlock);
    }
    if (!replace)
      continue;
    bool any = false;
    for (OpOperand &operand : record.user->getOpOperands()) {
      if (operand.get() != record.usedValue)
        continue;
      operand.set(record.replacement);
      any = true;
    }
    didChange |= any;
  }
  if (didChange) {
    changed = true;
    if (awaitOp->use_empty())
      awaitOp.erase();
  }
  return didChange;
}

bool CallableRewriter::moveAwait(TimepointAwaitOp awaitOp) {
  Operation *next = awaitOp->getNextNode();
  if (!next || next->getNumRegions() == 0) {
    foldAwait(awaitOp);
    return false;
  }
  auto usedInRegion = [](Value value, Region &region) {
    return llvm::any_of(value.getUses(), [&](OpOperand &use) {
      return region.isAncestor(use.getOwner()->getParentRegion());
    });
  };
  if (isa<scf::IfOp, scf::IndexSwitchOp>(next)) {
    llvm::SmallVector<Region *> regions;
    for (Value result : awaitOp.getResults())
      for (Region &region : next->getRegions())
        if (usedInRegion(result, region))
          regions.push_back(&region);
    if (!regions.empty()) {
      for (Region *region : regions) {
        auto builder = OpBuilder::atBlockBegin(&region->front());
        Operation *clone = builder.clone(*awaitOp.getOperation());
        for (auto [result, cloneResult] :
             llvm::zip(awaitOp.getResults(), clone->getResults()))
          result.replaceUsesWithIf(cloneResult, [&](OpOperand &use) {
            return region->isAncestor(use.getOwner()->getParentRegion());
          });
      }
      if (awaitOp->use_empty())
        awaitOp.erase();
      changed = true;
      return true;
    }
  }
  bool usedByNext = false;
  for (Value result : awaitOp.getResults()) {
    for (Region &region : next->getRegions())
      usedByNext |= usedInRegion(result, region);
    usedByNext |= llvm::is_contained(next->getOperands(), result);
  }
  if (usedByNext)
    return false;
  awaitOp->moveAfter(next);
  changed = true;
  return true;
}

void CallableRewriter::eliminateYields(TimepointAwaitOp awaitOp) {
  Value timepoint = awaitOp.getAwaitTimepoint();
  llvm::SmallVector<std::pair<OpOperand *, Value>> rewrites;
  forEachAwaitedUse(awaitOp, [&](Value replacement, OpOperand &use) {
    Operation *owner = use.getOwner();
    auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(owner);
    if (!terminator ||
        !isa_and_present<RegionBranchOpInterface>(owner->getParentOp()))
      return;
    llvm::SmallVector<Attribute> operandAttrs(owner->getNumOperands(),
                                              Attribute());
    llvm::SmallVector<RegionSuccessor> successors;
    terminator.getSuccessorRegions(operandAttrs, successors);
    for (RegionSuccessor &successor : successors) {
      if (!successor.isParent())
        continue;
      llvm::SmallVector<Value> yielded;
      for (Value value : terminator.getMutableSuccessorOperands(successor)
                             .getAsOperandRange())
        if (isTimepointValue(value))
          yielded.push_back(value);
      if (!yielded.empty() && analysis.covers(timepoint, yielded) &&
          dominanceInfo.properlyDominates(replacement, owner))
        rewrites.push_back({&use, replacement});
    }
  });
  for (auto [use, replacement] : rewrites) {
    if (use->get() == replacement)
      continue;
    use->set(replacement);
    changed = true;
  }
}

bool CallableRewriter::run() {
  // Elide immediate and covered timepoints.
  callableOp->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto timelineOp = dyn_cast<TimelineOpInterface>(op)) {
      processTimelineOp(timelineOp);
    } else if (isa<scf::IfOp, scf::ForOp, util::GlobalLoadOp>(op)) {
      elideResults(op);
    } else if (isa<CallOpInterface, arith::SelectOp>(op)) {
      elideOperands(op);
      elideResults(op);
    } else if (isa<cf::BranchOp, cf::CondBranchOp, util::ReturnOp>(op)) {
      elideOperands(op);
    }
  });

  // Move awaits down to their consumers until nothing moves.
  bool moved = true;
  while (moved) {
    moved = false;
    callableOp->walk(
        [&](TimepointAwaitOp awaitOp) { moved |= moveAwait(awaitOp); });
  }
  callableOp->walk([&](TimepointAwaitOp awaitOp) { foldAwait(awaitOp); });
  callableOp->walk([&](TimepointAwaitOp awaitOp) { eliminateYields(awaitOp); });

  for (auto [oldValue, immediate] : pending)
    oldValue.replaceAllUsesWith(immediate);
  return changed;
}

struct ElideTimepointsPass
    : impl::ElideTimepointsPassBase<ElideTimepointsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    Explorer explorer(moduleOp, TraversalAction::RECURSE);
    explorer.setOpAction<ExecutableOp>(TraversalAction::IGNORE);
    explorer.setOpAction<AsyncExecuteOp>(TraversalAction::SHALLOW);
    explorer.setOpAction<CmdExecuteOp>(TraversalAction::SHALLOW);
    explorer.initialize();
    TimepointAnalysis analysis(moduleOp, explorer);
    analysis.run();

    bool changed = false;
    for (Operation &op : *moduleOp.getBody()) {
      auto callableOp = dyn_cast<CallableOpInterface>(op);
      if (!callableOp)
        continue;
      Region *region = callableOp.getCallableRegion();
      if (!region || region->empty())
        continue;
      changed |= CallableRewriter(&op, analysis, explorer).run();
    }
    if (changed)
      util::signalFixedPointModified(moduleOp);
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
