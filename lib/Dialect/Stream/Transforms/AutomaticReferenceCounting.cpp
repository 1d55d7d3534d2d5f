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
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "sluice/Support/PrefetchOp.h"
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
  static constexpr unsigned kUnindexed = ~0u;

  /// Indexes `timepoint` (if new) and returns its index.
  unsigned addRoot(Value timepoint) { return indexOf(timepoint); }

  /// Records that `timepoint` awaits `pred` if `pred` is indexed. Returns the
  /// index of `timepoint` (kUnindexed if it has none yet). `node` caches that
  /// index between calls for the awaits of one op.
  void addEdge(Value pred, Value timepoint, unsigned &node) {
    auto it = indices.find(pred);
    if (it == indices.end())
      return;
    unsigned predIndex = it->second;
    if (node == kUnindexed)
      node = indexOf(timepoint);
    edges.push_back({predIndex, firstEdge[node]});
    firstEdge[node] = edges.size() - 1;
  }

  /// Whether reaching index `start` implies index `target` was reached.
  bool covers(unsigned target, unsigned start) {
    if (target == kUnindexed || start == kUnindexed || target > start)
      return false;
    if (target == start)
      return true;
    // Indices are topological, so anything below `target` cannot lead to it.
    return walkBackward(start, /*floor=*/target, /*stopAt=*/target);
  }

  /// Marks `start` and everything reached before it down to index `floor`,
  /// so that covers(t, start) for several t >= floor is one search instead of
  /// one each (isMarked(t) until the next search).
  void markCovered(unsigned start, unsigned floor) {
    walkBackward(start, floor, /*stopAt=*/kUnindexed);
  }

  /// Visits the predecessors of `start` (transitively) whose indices are at
  /// least `floor`, marking them for isMarked; returns true as soon as a
  /// predecessor equals `stopAt`.
  bool walkBackward(unsigned start, unsigned floor, unsigned stopAt) {
    nextGeneration();
    SmallVector<unsigned, 16> stack = {start};
    visitedAt[start] = generation;
    while (!stack.empty()) {
      unsigned node = stack.pop_back_val();
      for (unsigned edge = firstEdge[node]; edge != kNoEdge;
           edge = edges[edge].next) {
        unsigned pred = edges[edge].pred;
        if (pred == stopAt)
          return true;
        if (pred < floor || visitedAt[pred] == generation)
          continue;
        visitedAt[pred] = generation;
        stack.push_back(pred);
      }
    }
    return false;
  }
  bool isMarked(unsigned index) const { return visitedAt[index] == generation; }

private:
  unsigned indexOf(Value timepoint) {
    auto [it, inserted] = indices.try_emplace(timepoint, firstEdge.size());
    if (inserted) {
      firstEdge.push_back(kNoEdge);
      visitedAt.push_back(0);
    }
    return it->second;
  }

  void nextGeneration() {
    if (++generation == 0) {
      llvm::fill(visitedAt, 0);
      generation = 1;
    }
  }

  static constexpr unsigned kNoEdge = ~0u;
  /// One await edge; a node's edges are a list through `next` (the graph is
  /// flat: 4 bytes per node, 8 per edge, no per-node allocation).
  struct Edge {
    unsigned pred;
    unsigned next;
  };

  DenseMap<Value, unsigned> indices;
  SmallVector<unsigned> firstEdge;
  SmallVector<Edge> edges;
  SmallVector<uint32_t> visitedAt;
  uint32_t generation = 0;
};

//===----------------------------------------------------------------------===//
// Last uses
//===----------------------------------------------------------------------===//

/// A last-use timepoint and the position of the op it belongs to. Positions
/// are handed out in visiting order over the whole function, so within one
/// block they are the block order; sorting by them replaces
/// `Operation::isBeforeInBlock`, whose block renumbering after every inserted
/// dealloca was the superlinear part of this pass.
struct LastUse {
  Value timepoint;
  unsigned position;
  /// The timepoint's coverage index (TimepointCoverage::lookup).
  unsigned index;
};

/// The last timeline uses of the resources of one scope (§11.2 LastUseSet).
///
/// Every value the set meets gets a slot in one dense vector, found through a
/// single map: the slot holds the value's base resource (memoized, or set by
/// `tie`) and, for the values used as a key of the last-use relation, their
/// last uses. One lookup per operand instead of one per relation.
class LastUseSet {
public:
  explicit LastUseSet(TimepointCoverage &coverage) : coverage(coverage) {}

  /// The base resource: the explicit alias of `tie`, else the memoized
  /// findTiedBaseValue.
  Value base(Value value) { return slots[baseSlot(slotOf(value))].value; }

  void produce(Value resource, LastUse use) {
    unsigned slot = slotOf(resource);
    order.push_back(slot);
    SmallVector<LastUse, 2> &uses = slots[slot].uses;
    uses.clear();
    uses.push_back(use);
  }

  void consume(Value value, LastUse use) {
    consumeSlot(baseSlot(slotOf(value)), use);
  }

  void tie(Value source, Value result, LastUse use) {
    unsigned sourceBase = baseSlot(slotOf(source));
    unsigned resultSlot = slotOf(result);
    slots[resultSlot].base = sourceBase;
    consumeSlot(sourceBase, use);
  }

  /// The produced resources, in order of production (repeats possible).
  size_t size() const { return order.size(); }
  Value getResource(size_t i) const { return slots[order[i]].value; }
  ArrayRef<LastUse> getLastUses(size_t i) const { return slots[order[i]].uses; }

private:
  static constexpr unsigned kNoBase = ~0u;
  struct Slot {
    Value value;
    /// The slot of the value's base, kNoBase until asked.
    unsigned base = kNoBase;
    SmallVector<LastUse, 2> uses;
  };

  unsigned slotOf(Value value) {
    auto [it, inserted] = slotIndex.try_emplace(value, slots.size());
    if (inserted) {
      slots.emplace_back();
      slots.back().value = value;
    }
    return it->second;
  }

  unsigned baseSlot(unsigned slot) {
    if (slots[slot].base == kNoBase) {
      Value baseValue =
          util::TiedOpInterface::findTiedBaseValue(slots[slot].value);
      unsigned found =
          baseValue == slots[slot].value ? slot : slotOf(baseValue);
      slots[slot].base = found;
    }
    return slots[slot].base;
  }

  void consumeSlot(unsigned slot, LastUse use) {
    SmallVector<LastUse, 2> &uses = slots[slot].uses;
    if (uses.size() == 1) {
      if (coverage.covers(uses.front().index, use.index))
        uses.clear();
    } else if (uses.size() > 1 && use.index != TimepointCoverage::kUnindexed) {
      // A fork: one search answers the query for every previous use.
      unsigned floor = TimepointCoverage::kUnindexed;
      for (const LastUse &previous : uses)
        if (previous.index <= use.index)
          floor = std::min(floor, previous.index);
      if (floor != TimepointCoverage::kUnindexed) {
        coverage.markCovered(use.index, floor);
        llvm::erase_if(uses, [&](const LastUse &previous) {
          return previous.index <= use.index &&
                 coverage.isMarked(previous.index);
        });
      }
    }
    if (llvm::none_of(uses, [&](const LastUse &previous) {
          return previous.timepoint == use.timepoint;
        }))
      uses.push_back(use);
  }

  TimepointCoverage &coverage;
  SmallVector<unsigned> order;
  DenseMap<Value, unsigned> slotIndex;
  std::vector<Slot> slots;
};

//===----------------------------------------------------------------------===//
// The analysis of one function
//===----------------------------------------------------------------------===//

static bool isResource(Value value) {
  return isa<ResourceType>(value.getType());
}

class FunctionRefCounter {
public:
  /// Analyses the function body `entry` and inserts the deallocas, unless a
  /// call sits directly in it (ARC2, the function is left alone). Returns
  /// whether it changed the IR (every change creates an op).
  bool run(Block &entry);

private:
  /// Analyses `block`; in the function's `entry` block fails (before any IR
  /// change) when it holds a call, so that no separate walk looks for one.
  LogicalResult analyzeBlock(Block &block, LastUseSet &set, bool entry = false);
  LogicalResult analyzeRegionOp(Operation *op, LastUseSet &set);
  void extendCaptured(Region &region, LastUse use, LastUseSet &set);
  void noteYielded(Value yielded, Value parentResult, LastUseSet &regionSet,
                   LastUseSet &parentSet, DenseMap<Value, Value> &yieldedBases);
  void insertDeallocas(LastUseSet &set);

  enum : uint8_t { kIndeterminate = 1, kHandled = 2 };
  /// Marks the base resource `value` (one map for both marks).
  void mark(Value value, uint8_t flag) { marks[value] |= flag; }
  void markIndeterminate(Value value) { mark(value, kIndeterminate); }
  void markHandled(Value value) { mark(value, kHandled); }

  TimepointCoverage coverage;
  /// The position of the last op visited (see LastUse).
  unsigned position = 0;
  DenseMap<Value, uint8_t> marks;
  bool changed = false;
};

bool FunctionRefCounter::run(Block &entry) {
  LastUseSet set(coverage);
  for (BlockArgument arg : entry.getArguments())
    if (isa<TimepointType>(arg.getType()))
      coverage.addRoot(arg);
  // Resources live into the block (defined outside the function region) are
  // not ours; a single block without successors has nothing live out.
  // An isolated function (util.func, func.func, util.initializer) uses no
  // value from outside, so only other function ops need the walk.
  Region *region = entry.getParent();
  if (!region->getParentOp()->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
    entry.walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (isResource(operand) &&
            !region->isAncestor(operand.getParentRegion()))
          markIndeterminate(set.base(operand));
    });
  if (failed(analyzeBlock(entry, set, /*entry=*/true)))
    return changed;
  insertDeallocas(set);
  return changed;
}

LogicalResult FunctionRefCounter::analyzeBlock(Block &block, LastUseSet &set,
                                               bool entry) {
  // ARC2: a call anywhere directly in the function body disables the
  // function. Calls are looked for while walking; before the first IR change
  // (an analysed scf op) the rest of the block is checked once.
  bool lookForCalls = entry;
  for (auto it = block.begin(), end = block.end(); it != end;) {
    Operation &op = *it++;
    // The next op loads while this one is analysed. As before (an early-inc
    // walk), `it` is taken before the body: the join inserted right after an
    // scf op is not visited, and nothing here erases ops of this block.
    prefetchOp(it == end ? nullptr : &*it);
    ++position;
    if (lookForCalls && isa<CallOpInterface>(op))
      return failure();
    if (isa<TimepointImmediateOp, TimepointImportOp>(op)) {
      for (Value result : op.getResults())
        if (isa<TimepointType>(result.getType()))
          coverage.addRoot(result);
      continue;
    }
    if (isa<ResourceRetainOp, ResourceReleaseOp>(op)) {
      markHandled(set.base(op.getOperand(0)));
      continue;
    }
    auto timelineOp = dyn_cast<TimelineOpInterface>(op);
    if (!timelineOp) {
      if (isa<RegionBranchOpInterface>(op)) {
        if (lookForCalls) {
          if (llvm::any_of(
                  llvm::make_range(op.getIterator(), block.end()),
                  [](Operation &next) { return isa<CallOpInterface>(next); }))
            return failure();
          lookForCalls = false;
        }
        if (succeeded(analyzeRegionOp(&op, set)))
          continue;
        for (size_t i = 0, e = set.size(); i != e; ++i)
          markIndeterminate(set.getResource(i));
        op.walk([&](Operation *nested) {
          for (Value value : nested->getOperands())
            if (isResource(value))
              markIndeterminate(set.base(value));
          for (Value value : nested->getResults())
            if (isResource(value))
              markIndeterminate(set.base(value));
        });
        continue;
      }
      for (Value value : op.getOperands())
        if (isResource(value))
          markIndeterminate(set.base(value));
      for (Value value : op.getResults())
        if (isResource(value))
          markIndeterminate(set.base(value));
      continue;
    }
    Value timepoint = timelineOp.getResultTimepoint();
    if (!timepoint)
      continue;
    SmallVector<Value> awaits = timelineOp.getAwaitTimepoints();
    // Indexed (or not) just now, for good.
    unsigned index = TimepointCoverage::kUnindexed;
    if (awaits.empty())
      index = coverage.addRoot(timepoint);
    for (Value await : awaits)
      coverage.addEdge(await, timepoint, index);
    LastUse use = {timepoint, position, index};
    auto allocaOp = dyn_cast<ResourceAllocaOp>(op);
    if (allocaOp && allocaOp.getIndeterminateLifetime())
      markIndeterminate(allocaOp.getResult());
    if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op))
      markHandled(set.base(deallocaOp.getOperand()));
    for (Value operand : op.getOperands())
      if (isResource(operand))
        set.consume(operand, use);
    auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
    for (Value result : op.getResults()) {
      if (!isResource(result))
        continue;
      if (Value operand =
              tiedOp ? tiedOp.getTiedResultOperand(result) : Value()) {
        set.tie(operand, result, use);
        continue;
      }
      set.produce(result, use);
      // Only alloca-produced resources are owned here.
      if (!allocaOp)
        markIndeterminate(result);
    }
  }
  return success();
}

void FunctionRefCounter::extendCaptured(Region &region, LastUse use,
                                        LastUseSet &set) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(region, captured);
  for (Value value : captured)
    if (isResource(value))
      set.consume(value, use);
}

void FunctionRefCounter::noteYielded(Value yielded, Value parentResult,
                                     LastUseSet &regionSet,
                                     LastUseSet &parentSet,
                                     DenseMap<Value, Value> &yieldedBases) {
  Value base = regionSet.base(yielded);
  markHandled(base);
  auto [it, inserted] = yieldedBases.try_emplace(base, parentResult);
  if (!inserted) {
    // A resource yielded twice cannot be tracked through either result.
    markIndeterminate(parentSet.base(it->second));
    markIndeterminate(parentSet.base(parentResult));
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
    changed = true;
    regionTimepoint = TimepointJoinOp::create(
        builder, op->getLoc(), builder.getType<TimepointType>(), timepoints);
  }
  // The op's position (analyzeBlock just counted it); the join, if any, sits
  // right after it.
  LastUse regionUse = {regionTimepoint, position,
                       coverage.addRoot(regionTimepoint)};

  // Results of the op produced (once each) from analysable yields.
  DenseSet<Value> produced;
  auto produceResult = [&](Value result) {
    if (produced.insert(result).second)
      set.produce(result, regionUse);
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
        markIndeterminate(set.base(init));
    extendCaptured(forOp.getRegion(), regionUse, set);
    LastUseSet bodySet(coverage);
    Block &body = *forOp.getBody();
    (void)analyzeBlock(body, bodySet);
    noteTerminator(bodySet, body.getTerminator()->getOperands(),
                   forOp.getResults());
    insertDeallocas(bodySet);
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
      if (!region->empty())
        extendCaptured(*region, regionUse, set);
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      if (region->empty())
        continue;
      LastUseSet branchSet(coverage);
      Block &block = region->front();
      (void)analyzeBlock(block, branchSet);
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
      markIndeterminate(set.base(init));
  extendCaptured(whileOp.getBefore(), regionUse, set);
  extendCaptured(whileOp.getAfter(), regionUse, set);
  {
    LastUseSet beforeSet(coverage);
    Block &block = whileOp.getBefore().front();
    (void)analyzeBlock(block, beforeSet);
    noteTerminator(beforeSet, whileOp.getConditionOp().getArgs(),
                   whileOp.getResults());
    insertDeallocas(beforeSet);
  }
  {
    LastUseSet afterSet(coverage);
    Block &block = whileOp.getAfter().front();
    (void)analyzeBlock(block, afterSet);
    for (Value operand : block.getTerminator()->getOperands())
      if (isResource(operand))
        markHandled(afterSet.base(operand));
    insertDeallocas(afterSet);
  }
  return success();
}

void FunctionRefCounter::insertDeallocas(LastUseSet &set) {
  for (size_t i = set.size(); i-- > 0;) {
    Value resource = set.getResource(i);
    ArrayRef<LastUse> uses = set.getLastUses(i);
    if (uses.empty() || marks.lookup(resource))
      continue;
    // Block order (§11.5). Last uses are always op results of the set's block
    // (never block arguments), each op with at most one of them, so their
    // positions order them.
    SmallVector<LastUse, 2> sorted(uses);
    llvm::sort(sorted, [](const LastUse &a, const LastUse &b) {
      return a.position < b.position;
    });
    SmallVector<Value> lastUses = llvm::map_to_vector(
        sorted, [](const LastUse &use) { return use.timepoint; });
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
    // A size is found or made (only when found does nothing get created),
    // and the dealloca follows.
    changed = true;
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
    sluice::util::UnchangedIRGuard guard(getOperation());
    bool changed = false;
    for (Operation &op : *getOperation().getBody()) {
      auto funcOp = dyn_cast<FunctionOpInterface>(op);
      if (!funcOp || funcOp.isExternal())
        continue;
      Region &body = funcOp.getFunctionBody();
      // Unstructured control flow is not analysed.
      if (!body.hasOneBlock())
        continue;
      changed |= FunctionRefCounter().run(body.front());
    }
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace

} // namespace sluice::stream
