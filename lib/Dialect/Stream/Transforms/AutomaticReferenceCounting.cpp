//===- AutomaticReferenceCounting.cpp - --iree-stream-automatic-ref... ----===//
//
// Inserts `stream.resource.dealloca` after the last timeline use of resources
// allocated with `stream.resource.alloca` (stream-passes-2.md §11).
//
// Timeline coverage ("t is reached only after p") is answered by reachability
// over the recorded await edges: timepoints get indices in first-seen order,
// which is a topological order, so a backward search from t can stop at
// indices below p's (§11.7). Nothing is quadratic in the number of
// timepoints.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_AUTOMATICREFERENCECOUNTINGPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {

namespace {

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

/// Which timepoints are known to be reached before which (§11.2
/// ScopedCoverage), shared by all scopes of a function.
class TimepointCoverage {
public:
  void addRoot(Value timepoint) { indexOf(timepoint); }

  void addEdge(Value pred, Value timepoint) {
    auto it = indices.find(pred);
    if (it == indices.end())
      return;
    unsigned predIndex = it->second;
    preds[indexOf(timepoint)].push_back(predIndex);
  }

  /// Whether reaching `timepoint` implies `pred` was reached.
  bool covers(Value pred, Value timepoint) {
    auto predIt = indices.find(pred);
    auto it = indices.find(timepoint);
    if (predIt == indices.end() || it == indices.end())
      return false;
    unsigned target = predIt->second, start = it->second;
    if (target == start)
      return true;
    if (target > start)
      return false;
    // Backward search; indices are topological, so anything below `target`
    // cannot lead to it.
    ++generation;
    SmallVector<unsigned, 16> stack = {start};
    visitedAt[start] = generation;
    while (!stack.empty()) {
      unsigned node = stack.pop_back_val();
      for (unsigned pred : preds[node]) {
        if (pred == target)
          return true;
        if (pred < target || visitedAt[pred] == generation)
          continue;
        visitedAt[pred] = generation;
        stack.push_back(pred);
      }
    }
    return false;
  }

private:
  unsigned indexOf(Value timepoint) {
    auto [it, inserted] = indices.try_emplace(timepoint, preds.size());
    if (inserted) {
      preds.emplace_back();
      visitedAt.push_back(0);
    }
    return it->second;
  }

  DenseMap<Value, unsigned> indices;
  SmallVector<SmallVector<unsigned, 2>> preds;
  SmallVector<uint64_t> visitedAt;
  uint64_t generation = 0;
};

//===----------------------------------------------------------------------===//
// Last uses
//===----------------------------------------------------------------------===//

/// The last timeline uses of the resources of one scope (§11.2 LastUseSet).
class LastUseSet {
public:
  explicit LastUseSet(TimepointCoverage &coverage) : coverage(coverage) {}

  Value base(Value value) {
    if (Value aliased = aliasBase.lookup(value))
      return aliased;
    auto [it, inserted] = baseMemo.try_emplace(value);
    if (inserted)
      it->second = util::TiedOpInterface::findTiedBaseValue(value);
    return it->second;
  }

  void produce(Value resource, Value timepoint) {
    order.push_back(resource);
    last[resource] = {timepoint};
  }

  void consume(Value value, Value timepoint) {
    SmallVector<Value, 2> &uses = last[base(value)];
    llvm::erase_if(uses, [&](Value previous) {
      return coverage.covers(previous, timepoint);
    });
    if (!llvm::is_contained(uses, timepoint))
      uses.push_back(timepoint);
  }

  void tie(Value source, Value result, Value timepoint) {
    aliasBase[result] = base(source);
    consume(source, timepoint);
  }

  ArrayRef<Value> getOrder() const { return order; }
  ArrayRef<Value> getLastUses(Value resource) const {
    auto it = last.find(resource);
    return it == last.end() ? ArrayRef<Value>() : ArrayRef<Value>(it->second);
  }

private:
  TimepointCoverage &coverage;
  SmallVector<Value> order;
  DenseMap<Value, SmallVector<Value, 2>> last;
  DenseMap<Value, Value> aliasBase;
  DenseMap<Value, Value> baseMemo;
};

//===----------------------------------------------------------------------===//
// The analysis of one function
//===----------------------------------------------------------------------===//

static bool isResource(Value value) {
  return isa<ResourceType>(value.getType());
}

class FunctionRefCounter {
public:
  void run(Block &entry);

private:
  void analyzeBlock(Block &block, LastUseSet &set);
  LogicalResult analyzeRegionOp(Operation *op, LastUseSet &set);
  void extendCaptured(Region &region, Value timepoint, LastUseSet &set);
  void noteYielded(Value yielded, Value parentResult, LastUseSet &regionSet,
                   LastUseSet &parentSet, DenseMap<Value, Value> &yieldedBases);
  void insertDeallocas(LastUseSet &set);

  TimepointCoverage coverage;
  DenseSet<Value> indeterminate;
  DenseSet<Value> handled;
};

void FunctionRefCounter::run(Block &entry) {
  LastUseSet set(coverage);
  for (BlockArgument arg : entry.getArguments())
    if (isa<TimepointType>(arg.getType()))
      coverage.addRoot(arg);
  // Resources live into the block (defined outside the function region) are
  // not ours; a single block without successors has nothing live out.
  Region *region = entry.getParent();
  entry.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (isResource(operand) && !region->isAncestor(operand.getParentRegion()))
        indeterminate.insert(set.base(operand));
  });
  analyzeBlock(entry, set);
  insertDeallocas(set);
}

void FunctionRefCounter::analyzeBlock(Block &block, LastUseSet &set) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isa<TimepointImmediateOp, TimepointImportOp>(op)) {
      for (Value result : op.getResults())
        if (isa<TimepointType>(result.getType()))
          coverage.addRoot(result);
      continue;
    }
    if (isa<ResourceRetainOp, ResourceReleaseOp>(op)) {
      handled.insert(set.base(op.getOperand(0)));
      continue;
    }
    auto timelineOp = dyn_cast<TimelineOpInterface>(op);
    if (!timelineOp) {
      if (isa<RegionBranchOpInterface>(op)) {
        if (succeeded(analyzeRegionOp(&op, set)))
          continue;
        for (Value resource : set.getOrder())
          indeterminate.insert(resource);
        op.walk([&](Operation *nested) {
          for (Value value : nested->getOperands())
            if (isResource(value))
              indeterminate.insert(set.base(value));
          for (Value value : nested->getResults())
            if (isResource(value))
              indeterminate.insert(set.base(value));
        });
        continue;
      }
      for (Value value : op.getOperands())
        if (isResource(value))
          indeterminate.insert(set.base(value));
      for (Value value : op.getResults())
        if (isResource(value))
          indeterminate.insert(set.base(value));
      continue;
    }
    Value timepoint = timelineOp.getResultTimepoint();
    if (!timepoint)
      continue;
    SmallVector<Value> awaits = timelineOp.getAwaitTimepoints();
    if (awaits.empty())
      coverage.addRoot(timepoint);
    for (Value await : awaits)
      coverage.addEdge(await, timepoint);
    auto allocaOp = dyn_cast<ResourceAllocaOp>(op);
    if (allocaOp && allocaOp.getIndeterminateLifetime())
      indeterminate.insert(allocaOp.getResult());
    if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op))
      handled.insert(set.base(deallocaOp.getOperand()));
    for (Value operand : op.getOperands())
      if (isResource(operand))
        set.consume(operand, timepoint);
    auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
    for (Value result : op.getResults()) {
      if (!isResource(result))
        continue;
      if (Value operand =
              tiedOp ? tiedOp.getTiedResultOperand(result) : Value()) {
        set.tie(operand, result, timepoint);
        continue;
      }
      set.produce(result, timepoint);
      // Only alloca-produced resources are owned here.
      if (!allocaOp)
        indeterminate.insert(result);
    }
  }
}

void FunctionRefCounter::extendCaptured(Region &region, Value timepoint,
                                        LastUseSet &set) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(region, captured);
  for (Value value : captured)
    if (isResource(value))
      set.consume(value, timepoint);
}

void FunctionRefCounter::noteYielded(Value yielded, Value parentResult,
                                     LastUseSet &regionSet,
                                     LastUseSet &parentSet,
                                     DenseMap<Value, Value> &yieldedBases) {
  Value base = regionSet.base(yielded);
  handled.insert(base);
  auto [it, inserted] = yieldedBases.try_emplace(base, parentResult);
  if (!inserted) {
    // A resource yielded twice cannot be tracked through either result.
    indeterminate.insert(parentSet.base(it->second));
    indeterminate.insert(parentSet.base(parentResult));
  }
}

LogicalResult FunctionRefCounter::analyzeRegionOp(Operation *op,
                                                  LastUseSet &set) {
  if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op))
    return failure();
  SmallVector<Value> timepoints;
  for (Value result : op->getResults())
    if (isa<TimepointType>(result.getType()))
      timepoints.push_back(result);
  if (timepoints.empty())
    return failure();
  Value regionTimepoint = timepoints.front();
  if (timepoints.size() > 1) {
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    regionTimepoint = TimepointJoinOp::create(
        builder, op->getLoc(), builder.getType<TimepointType>(), timepoints);
  }
  coverage.addRoot(regionTimepoint);

  // Results of the op produced (once each) from analysable yields.
  DenseSet<Value> produced;
  auto produceResult = [&](Value result) {
    if (produced.insert(result).second)
      set.produce(result, regionTimepoint);
  };
  // Notes the resources yielded to `results` by `terminatorOperands`.
  auto noteTerminator = [&](LastUseSet &regionSet,
                            OperandRange terminatorOperands,
                            ResultRange results) {
    DenseMap<Value, Value> yieldedBases;
    for (auto [operand, result] : llvm::zip(terminatorOperands, results)) {
      if (!isResource(operand))
        continue;
      noteYielded(operand, result, regionSet, set, yieldedBases);
      produceResult(result);
    }
  };

  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    for (Value init : forOp.getInitArgs())
      if (isResource(init))
        indeterminate.insert(set.base(init));
    extendCaptured(forOp.getRegion(), regionTimepoint, set);
    LastUseSet bodySet(coverage);
    Block &body = *forOp.getBody();
    analyzeBlock(body, bodySet);
    noteTerminator(bodySet, body.getTerminator()->getOperands(),
                   forOp.getResults());
    insertDeallocas(bodySet);
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
      if (!region->empty())
        extendCaptured(*region, regionTimepoint, set);
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      if (region->empty())
        continue;
      LastUseSet branchSet(coverage);
      Block &block = region->front();
      analyzeBlock(block, branchSet);
      noteTerminator(branchSet, block.getTerminator()->getOperands(),
                     ifOp.getResults());
      insertDeallocas(branchSet);
    }
    return success();
  }
  auto whileOp = cast<scf::WhileOp>(op);
  // Spec-silent choice (as for scf.for): the loop uses its init resources, so
  // they cannot be released after their last use before the loop.
  for (Value init : whileOp.getInits())
    if (isResource(init))
      indeterminate.insert(set.base(init));
  extendCaptured(whileOp.getBefore(), regionTimepoint, set);
  extendCaptured(whileOp.getAfter(), regionTimepoint, set);
  {
    LastUseSet beforeSet(coverage);
    Block &block = whileOp.getBefore().front();
    analyzeBlock(block, beforeSet);
    noteTerminator(beforeSet, whileOp.getConditionOp().getArgs(),
                   whileOp.getResults());
    insertDeallocas(beforeSet);
  }
  {
    LastUseSet afterSet(coverage);
    Block &block = whileOp.getAfter().front();
    analyzeBlock(block, afterSet);
    for (Value operand : block.getTerminator()->getOperands())
      if (isResource(operand))
        handled.insert(afterSet.base(operand));
    insertDeallocas(afterSet);
  }
  return success();
}

/// Block-order key: block arguments first by number, then ops by position.
static bool isBeforeInBlock(Value a, Value b) {
  auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
  if (argA && argB)
    return argA.getArgNumber() < argB.getArgNumber();
  if (argA || argB)
    return static_cast<bool>(argA);
  Operation *opA = a.getDefiningOp(), *opB = b.getDefiningOp();
  if (opA == opB)
    return cast<OpResult>(a).getResultNumber() <
           cast<OpResult>(b).getResultNumber();
  if (opA->getBlock() != opB->getBlock())
    return false;
  return opA->isBeforeInBlock(opB);
}

void FunctionRefCounter::insertDeallocas(LastUseSet &set) {
  for (Value resource : llvm::reverse(set.getOrder())) {
    SmallVector<Value> lastUses = llvm::to_vector(set.getLastUses(resource));
    if (lastUses.empty() || indeterminate.contains(resource) ||
        handled.contains(resource))
      continue;
    llvm::sort(lastUses, isBeforeInBlock);
    Value last = lastUses.back();
    OpBuilder builder(resource.getContext());
    if (auto arg = dyn_cast<BlockArgument>(last))
      builder.setInsertionPointToStart(arg.getOwner());
    else
      builder.setInsertionPointAfter(last.getDefiningOp());
    SmallVector<Location> locs;
    for (Value use : lastUses)
      locs.push_back(use.getLoc());
    locs.push_back(resource.getLoc());
    Location loc = builder.getFusedLoc(locs);
    Value size =
        util::SizeAwareTypeInterface::queryValueSize(loc, resource, builder);
    if (!size)
      continue;
    Operation *definingOp = resource.getDefiningOp();
    AffinityAttr affinity =
        definingOp ? AffinityAttr::lookup(definingOp) : AffinityAttr();
    Value await = last;
    Operation *joinOp = nullptr;
    if (lastUses.size() > 1) {
      joinOp = TimepointJoinOp::create(
          builder, loc, builder.getType<TimepointType>(), lastUses);
      await = joinOp->getResult(0);
    }
    auto deallocaOp = ResourceDeallocaOp::create(
        builder, loc, builder.getType<TimepointType>(), resource, size, await,
        /*prefer_origin=*/!affinity, affinity);
    last.replaceUsesWithIf(
        deallocaOp.getResultTimepoint(), [&](OpOperand &use) {
          Operation *owner = use.getOwner();
          return owner != deallocaOp.getOperation() && owner != joinOp;
        });
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct AutomaticReferenceCountingPass
    : public impl::AutomaticReferenceCountingPassBase<
          AutomaticReferenceCountingPass> {
  void runOnOperation() override {
    for (Operation &op : *getOperation().getBody()) {
      auto funcOp = dyn_cast<FunctionOpInterface>(op);
      if (!funcOp || funcOp.isExternal())
        continue;
      Region &body = funcOp.getFunctionBody();
      // Unstructured control flow is not analysed.
      if (!body.hasOneBlock())
        continue;
      Block &entry = body.front();
      // ARC2: a call anywhere directly in the body disables the function.
      if (llvm::any_of(entry,
                       [](Operation &op) { return isa<CallOpInterface>(op); }))
        continue;
      FunctionRefCounter().run(entry);
    }
  }
};

} // namespace

} // namespace sluice::stream
