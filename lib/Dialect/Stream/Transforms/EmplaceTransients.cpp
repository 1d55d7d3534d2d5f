//===- EmplaceTransients.cpp - --iree-stream-emplace-transients ----------===//
//
// Places the transient allocas on the timeline of the results annotated with
// `stream.resource.transients` into the caller's storage
// (external-transients.md §5, §9). With reference-compat=true the output is
// the reference's; see the pass description for what changes with false.
//
//===----------------------------------------------------------------------===//

#include "StreamPassHelpers.h"
#include "TransientsBounds.h"
#include "TransientsCalls.h"
#include "TransientsUtils.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/Analysis/BlockTimeline.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/Analysis/TransientLifetimes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/TransientsStorage.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "sluice/Support/PrefetchOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <deque>

namespace sluice::stream {
#define GEN_PASS_DEF_EMPLACETRANSIENTSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using sluice::util::Explorer;
using sluice::util::TraversalAction;

namespace sluice::stream {
namespace {

/// §5.3 D: memory-effect free and not a call.
bool isSliceable(Operation *op) {
  return isMemoryEffectFree(op) && !isa<CallOpInterface>(op);
}

/// §9.5: pure and speculatable; a region op counts when everything nested in
/// it is.
bool isSpeculatableOp(Operation *op) {
  if (isSpeculatable(op))
    return true;
  if (op->getNumRegions() == 0)
    return false;
  return !op->walk([&](Operation *nested) {
              if (nested == op ||
                  nested->hasTrait<mlir::OpTrait::IsTerminator>())
                return WalkResult::advance();
              return isPure(nested) ? WalkResult::advance()
                                    : WalkResult::interrupt();
            }).wasInterrupted();
}

/// Everything the gather step (§5.2) finds for one function.
struct Gathered {
  SmallVector<ResourceTransientsOp> transientsOps;
  /// Where diagnostics about the storage and the pack's location go: the
  /// first transients op, or the specialized callee (§9.2).
  Operation *anchor = nullptr;
  Value storage;
  Value storageSize;
  AffinityAttr affinity;
  SmallVector<ResourceAllocaOp> allocas;
  SmallVector<ResourceDeallocaOp> deallocas;
};

/// What the steps of processFunction need from the whole function, found by
/// one walk (post-order, like the typed walks it replaces) before anything is
/// changed. At 100k ops the function no longer fits in the last-level cache
/// and every whole-function walk costs as much as the rest of a step.
struct FunctionScan {
  SmallVector<ResourceTransientsOp> transientsOps;
  /// Every CallOpInterface op.
  SmallVector<CallOpInterface> calls;
  /// True if a transient `stream.resource.alloca` is in the function.
  bool allocates = false;
  /// The transient allocas and the calls, in walk order: after
  /// specializeCalls (each rewritten call stands for its slab's alloca, at
  /// the same place) and the emplacement (which erases the emplaced ones),
  /// the transient allocas left in the function (reportUnplaced).
  SmallVector<Operation *> allocasAndCalls;
  /// The `stream.timepoint.await` ops directly in the function's body.
  SmallVector<TimepointAwaitOp> bodyAwaits;
  /// The `stream.resource.pack` ops marked as transients packs.
  SmallVector<ResourcePackOp> transientsPacks;
  /// The timeline of the entry block of a function with transients
  /// (recordTimeline), each op tagged with the explorer's DefiningOpStep for
  /// its result timepoint (plus one; 0 without one), so that the timeline
  /// walks and the lifetimes follow it without reading the ops again. Valid
  /// until the function's timeline changes.
  std::optional<BlockTimeline> timeline;
  /// The ops of a public function's entry block in program order, from
  /// which recordTimeline makes `timeline`; none after a call
  /// (specializeCalls changes the block).
  std::optional<SmallVector<Operation *>> entryOps;
  /// The number in `timeline` of each op of transientsOps and bodyAwaits
  /// (BlockTimeline::kNone if outside the entry block or not recorded).
  SmallVector<uint32_t> transientsNodes;
  SmallVector<uint32_t> bodyAwaitNodes;
};

/// The tag of a timeline op: how the explorer's walkDefiningOps treats it.
uint8_t definingOpStepTag(Explorer::DefiningOpStep step) {
  return static_cast<uint8_t>(step) + 1;
}

/// Records `op`, the next op of the timeline's block, tagged with the
/// explorer's step for its result timepoint. Returns its number or kNone.
uint32_t recordTimelineOp(Explorer &explorer, BlockTimeline &timeline,
                          Operation *op) {
  uint32_t node = timeline.append(op);
  if (node != BlockTimeline::kNone)
    if (Value result = timeline.getResult(node))
      timeline.setTag(node, definingOpStepTag(explorer.getDefiningOpStep(
                                cast<OpResult>(result))));
  return node;
}

FunctionScan scanFunction(Explorer &explorer, FunctionOpInterface funcOp) {
  FunctionScan scan;
  Region *body = &funcOp.getFunctionBody();
  Block *entry = nullptr;
  if (funcOp.isPublic() && !body->empty()) {
    entry = &body->front();
    scan.entryOps.emplace();
  }
  funcOp.walk([&](Operation *op) {
    // The walk is post-order: the ops of the entry block come in program
    // order (each after the ops nested in it).
    if (entry && op->getBlock() == entry)
      scan.entryOps->push_back(op);
    if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
      if (isTransientResourceType(allocaOp.getResult().getType())) {
        scan.allocates = true;
        scan.allocasAndCalls.push_back(op);
      }
    } else if (auto callOp = dyn_cast<CallOpInterface>(op)) {
      scan.calls.push_back(callOp);
      scan.allocasAndCalls.push_back(op);
      // specializeCalls will change the block: stop listing it.
      scan.entryOps.reset();
      entry = nullptr;
    } else if (auto transientsOp = dyn_cast<ResourceTransientsOp>(op)) {
      scan.transientsOps.push_back(transientsOp);
    } else if (auto awaitOp = dyn_cast<TimepointAwaitOp>(op)) {
      if (op->getParentRegion() == body)
        scan.bodyAwaits.push_back(awaitOp);
    } else if (auto packOp = dyn_cast<ResourcePackOp>(op)) {
      if (op->hasAttr(kTransientsPackAttr))
        scan.transientsPacks.push_back(packOp);
    }
  });
  return scan;
}

/// Records the timeline of a public function's entry block, with the
/// numbers of the scan's transients and await ops in it, from the ops the
/// scan listed or, when a call made it stop (specializeCalls changed the
/// block), from the block. The ops are read from a vector, a few ahead of
/// the one being recorded prefetched: at 10^5 ops each op is a memory
/// round trip, which a walk of the block's list would take one at a time.
void recordTimeline(Explorer &explorer, FunctionOpInterface funcOp,
                    FunctionScan &scan) {
  Region &body = funcOp.getFunctionBody();
  if (!funcOp.isPublic() || body.empty())
    return;
  if (!scan.entryOps)
    scan.entryOps.emplace(llvm::make_pointer_range(body.front()));
  scan.timeline.emplace(body.front());
  llvm::SmallDenseMap<Operation *, uint32_t> nodeOf;
  constexpr size_t kAhead = 8;
  ArrayRef<Operation *> ops = *scan.entryOps;
  for (size_t i = 0, e = ops.size(); i < e; ++i) {
    if (i + kAhead < e)
      prefetchOp(ops[i + kAhead]);
    Operation *op = ops[i];
    uint32_t node = recordTimelineOp(explorer, *scan.timeline, op);
    if (node != BlockTimeline::kNone &&
        isa<ResourceTransientsOp, TimepointAwaitOp>(op))
      nodeOf[op] = node;
  }
  scan.entryOps.reset();
  auto lookup = [&](Operation *op) {
    auto it = nodeOf.find(op);
    return it == nodeOf.end() ? BlockTimeline::kNone : it->second;
  };
  scan.transientsNodes.clear();
  for (ResourceTransientsOp op : scan.transientsOps)
    scan.transientsNodes.push_back(lookup(op));
  scan.bodyAwaitNodes.clear();
  for (TimepointAwaitOp op : scan.bodyAwaits)
    scan.bodyAwaitNodes.push_back(lookup(op));
}

/// Count and bytes of a set of allocas (dynamic sizes counted apart), for
/// the §9.7 statistics.
struct PlacementTally {
  int64_t count = 0, bytes = 0, dynamic = 0;
  PlacementTally &operator+=(const PlacementTally &other) {
    count += other.count;
    bytes = static_cast<int64_t>(
        std::min<uint64_t>(llvm::SaturatingAdd<uint64_t>(bytes, other.bytes),
                           std::numeric_limits<int64_t>::max()));
    dynamic += other.dynamic;
    return *this;
  }
};

/// The size computation of one alloca within one region (§5.3 D).
struct SizeSlice {
  Value root;
  SmallVector<Operation *> ops;
  llvm::SetVector<Value> captured;
};

/// One slot: its members in gather order.
struct Slot {
  SmallVector<ResourceAllocaOp> members;
  Value size;
};

/// Walks the timeline backwards from `seeds` (§5.2 step 3) and records the
/// transient allocas and deallocas reached, in the order reported. The
/// timepoints visited are left in `visitedOut` when given; those in `skip`
/// are not visited (nor what only they reach). With `timeline` (the entry
/// block's, still valid), `seedNodes[i]` is the number of the op defining
/// `seeds[i]` in it (or kNone), and the result timepoints of the timeline
/// that the explorer would report alone are followed through the timeline's
/// record instead of reading their ops: the same walk, in the same order.
void walkTimelineAncestry(Explorer &explorer, ArrayRef<Value> seeds,
                          llvm::SetVector<Operation *> &allocas,
                          llvm::SetVector<Operation *> &deallocas,
                          llvm::DenseSet<Value> *visitedOut = nullptr,
                          const llvm::DenseSet<Value> *skip = nullptr,
                          const BlockTimeline *timeline = nullptr,
                          ArrayRef<uint32_t> seedNodes = {}) {
  constexpr uint32_t kNone = BlockTimeline::kNone;
  SmallVector<std::pair<Value, uint32_t>> worklist;
  llvm::DenseSet<Value> localVisited;
  llvm::DenseSet<Value> &visited = visitedOut ? *visitedOut : localVisited;
  auto isSkipped = [&](Value value) { return skip && skip->contains(value); };
  auto push = [&](Value value, uint32_t node) {
    if (value && !isSkipped(value) && visited.insert(value).second)
      worklist.push_back({value, node});
  };
  for (auto [index, seed] : llvm::enumerate(seeds))
    push(seed, timeline && index < seedNodes.size() ? seedNodes[index] : kNone);
  const uint8_t reportsResult =
      definingOpStepTag(Explorer::DefiningOpStep::ReportsResult);
  const uint8_t reportsNothing =
      definingOpStepTag(Explorer::DefiningOpStep::ReportsNothing);
  while (!worklist.empty()) {
    auto [timepoint, node] = worklist.pop_back_val();
    if (node != kNone && timepoint == timeline->getResult(node)) {
      uint8_t tag = timeline->getTag(node);
      if (tag == reportsNothing)
        continue;
      if (tag == reportsResult) {
        uint8_t kind = timeline->getKind(node);
        if (kind & BlockTimeline::kTransient) {
          if (kind & BlockTimeline::kAlloca)
            allocas.insert(timeline->getOp(node));
          else if (kind & BlockTimeline::kDealloca)
            deallocas.insert(timeline->getOp(node));
        }
        for (uint32_t a : timeline->awaitsOf(node))
          push(timeline->getAwait(a), timeline->getAwaitDef(a));
        continue;
      }
    }
    explorer.walkDefiningOps(timepoint, [&](OpResult result) {
      Operation *op = result.getOwner();
      if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
        if (isTransientResourceType(allocaOp.getResult().getType()))
          allocas.insert(op);
      } else if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op)) {
        if (isTransientResourceType(deallocaOp.getOperand().getType()))
          deallocas.insert(op);
      }
      if (auto timelineOp = dyn_cast<TimelineOpInterface>(op))
        for (Value await : timelineOp.getAwaitTimepoints())
          push(await, kNone);
      return WalkResult::advance();
    });
  }
}

struct EmplaceTransientsPass
    : impl::EmplaceTransientsPassBase<EmplaceTransientsPass> {
  using Base::Base;
  EmplaceTransientsPass() = default;
  // Options are not copyable; Pass::clone copies their values afterwards.
  EmplaceTransientsPass(const EmplaceTransientsPass &other) : Base(other) {}

  /// Why an alloca of the current function was left in place (§9.7).
  llvm::DenseMap<Operation *, StringRef> unplacedReasons;
  /// The lifetime intervals of the packs made in this run.
  std::optional<IndexArrayAttrBuilder> intervalAttrs;
  /// Whether a function of this run has a stream.resource.transients op:
  /// without one the pass edits nothing.
  bool anyTransients = false;
  /// Reasons with a parameter (the affinity).
  llvm::DenseMap<Operation *, std::string> unplacedTexts;

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    // Lazily: most functions' timeline walks never cross a call or a
    // global, and the two whole-module walks are a large share of the
    // pass at 100k ops. specializeCalls materializes them before the only
    // rewrite that changes calls or global uses (the callee clones).
    Explorer explorer(moduleOp, TraversalAction::RECURSE);
    explorer.initializeLazily();
    callGraph.reset();
    specializations.clear();
    specializing.clear();
    unorderedCallAllocas.clear();
    slabJoins.clear();
    followingClones.clear();
    erasedCalls.clear();
    cloneAffinities.clear();
    intervalAttrs.emplace(moduleOp.getContext());
    anyTransients = false;
    util::UnchangedIRGuard guard(moduleOp);
    for (auto funcOp :
         llvm::make_early_inc_range(moduleOp.getOps<FunctionOpInterface>())) {
      if (funcOp.isExternal())
        continue;
      if (failed(processFunction(explorer, funcOp)))
        return signalPassFailure();
    }
    if (guard.unchanged(anyTransients, getName()))
      markAllAnalysesPreserved();
  }

  //===--------------------------------------------------------------------===//
  // Per function (§5.1)
  //===--------------------------------------------------------------------===//

  LogicalResult processFunction(Explorer &explorer,
                                FunctionOpInterface funcOp) {
    unplacedReasons.clear();
    unplacedTexts.clear();
    sizeBounds.reset();
    rewrittenCalls.clear();
    emplacedAllocas.clear();
    gatherVisited.clear();
    gatherDeallocas.clear();
    gatherWalkKept = false;
    FunctionScan scan = scanFunction(explorer, funcOp);
    // The timeline walks reach the function's arguments, whose callers
    // the explorer would otherwise find by walking the whole module.
    if (scan.calls.empty())
      explorer.assumeNoCallsIn(funcOp);
    Gathered gathered;
    gathered.transientsOps = scan.transientsOps;
    if (gathered.transientsOps.empty())
      return success();
    // Everything below may edit the IR.
    anyTransients = true;
    if (!funcOp.isPublic())
      return funcOp.emitError(
          "only public functions with stream.resource.transients are "
          "supported");
    if (failed(checkCalls(explorer, funcOp, scan)))
      return failure();
    if (!referenceCompat) {
      PlacementTally severalEmplaced;
      FailureOr<bool> several = processSeveralStorages(
          explorer, funcOp, gathered.transientsOps, scan, severalEmplaced);
      if (failed(several))
        return failure();
      if (*several)
        return reportUnplaced(explorer, funcOp, severalEmplaced, &scan);
    }
    // The function has transients: record its timeline for the walks and
    // the lifetimes (after specializeCalls, which changes it).
    recordTimeline(explorer, funcOp, scan);
    if (failed(gather(explorer, funcOp, gathered, scan)))
      return failure();
    if (!referenceCompat)
      applySluicePlacementRules(explorer, funcOp, gathered, scan);
    gatherVisited = llvm::DenseSet<Value>();
    gatherWalkKept = false;
    // The slots' lifetimes are computed on the timeline the scan recorded,
    // before the storage wait edits the allocas' awaits (that edit changes
    // no lifetime: each alloca then awaits a join of its await and the
    // storage's fence, which follows what its await followed).
    std::optional<SlotPlan> plan;
    if (!gathered.allocas.empty() && !referenceCompat && livenessPacking &&
        scan.timeline) {
      plan.emplace();
      plan->slots = assignSlots(gathered);
      plan->intervals = computeSlotLifetimes(*scan.timeline, plan->slots);
    }
    scan.timeline.reset();
    PlacementTally emplaced = tallyAllocas(gathered.allocas);
    if (!referenceCompat &&
        failed(addStorageWait(funcOp, gathered.storage, gathered.allocas,
                              gathered.affinity)))
      return failure();
    if (gathered.allocas.empty()) {
      emplaceNothing(gathered);
    } else {
      for (ResourceAllocaOp allocaOp : gathered.allocas)
        emplacedAllocas.insert(allocaOp);
      if (failed(process(funcOp, gathered, plan ? &*plan : nullptr)))
        return failure();
    }
    if (!referenceCompat)
      return reportUnplaced(explorer, funcOp, emplaced, &scan);
    return success();
  }

  /// §5.1 step 3 (reference-compat=true); with reference-compat=false the
  /// calls are specialized instead (§9.2).
  LogicalResult checkCalls(Explorer &explorer, FunctionOpInterface funcOp,
                           const FunctionScan &scan) {
    if (!referenceCompat)
      return specializeCalls(explorer, funcOp, &scan);
    if (scan.calls.empty())
      return success();
    return funcOp.emitError("function contains function calls, which are not "
                            "supported by EmplaceTransientsPass");
  }

  /// The calls of the function being processed that specializeCalls
  /// rewrote, with the alloca standing for each one's slab (the calls are
  /// erased: the keys are only compared).
  llvm::DenseMap<Operation *, Operation *> rewrittenCalls;
  /// The allocas of the function being processed handed to `process`, which
  /// erases them (only compared too).
  llvm::DenseSet<Operation *> emplacedAllocas;

  /// The ops of `scan.allocasAndCalls` with each rewritten call replaced by
  /// its slab's alloca, for which `keep` holds; `keep` may only compare the
  /// op (the emplaced ones are erased).
  SmallVector<Operation *>
  currentAllocas(const FunctionScan &scan,
                 llvm::function_ref<bool(Operation *)> keep) {
    SmallVector<Operation *> result;
    for (Operation *op : scan.allocasAndCalls) {
      if (Operation *allocaOp = rewrittenCalls.lookup(op))
        op = allocaOp;
      if (keep(op))
        result.push_back(op);
    }
    return result;
  }

  //===--------------------------------------------------------------------===//
  // Gather (§5.2)
  //===--------------------------------------------------------------------===//

  LogicalResult gather(Explorer &explorer, FunctionOpInterface funcOp,
                       Gathered &gathered, const FunctionScan &scan) {
    ResourceTransientsOp first = gathered.transientsOps.front();
    for (ResourceTransientsOp op : gathered.transientsOps) {
      if (op.getStorage() != first.getStorage())
        return op.emitError(
            "multiple unique storage buffers not supported - all "
            "stream.resource.transients ops must use the same storage");
    }
    gathered.anchor = first;
    gathered.storage = first.getStorage();
    gathered.storageSize = first.getStorageSize();
    gathered.affinity = first.getAffinityAttr();

    SmallVector<Value> seeds;
    for (ResourceTransientsOp op : gathered.transientsOps)
      seeds.push_back(op.getAwaitTimepoint());
    // The op defining each seed in the scan's timeline: a transients op's
    // only await.
    SmallVector<uint32_t> seedNodes;
    const BlockTimeline *timeline = scan.timeline ? &*scan.timeline : nullptr;
    if (timeline)
      for (uint32_t node : scan.transientsNodes)
        seedNodes.push_back(awaitDefOf(*timeline, node));
    gatherAllocas(explorer, funcOp, seeds, gathered, /*keepWalk=*/true,
                  timeline, seedNodes);
    return success();
  }

  /// §5.2 steps 3-4: the allocas and deallocas of `funcOp` on the timeline
  /// ancestry of `seeds`, in gather order. With `keepWalk`, the walk is kept
  /// in gatherVisited and gatherDeallocas.
  void gatherAllocas(Explorer &explorer, FunctionOpInterface funcOp,
                     ArrayRef<Value> seeds, Gathered &gathered,
                     bool keepWalk = false,
                     const BlockTimeline *timeline = nullptr,
                     ArrayRef<uint32_t> seedNodes = {}) {
    llvm::SetVector<Operation *> allocas, deallocas;
    walkAncestry(explorer, seeds, allocas, deallocas,
                 keepWalk ? &gatherVisited : nullptr, /*skip=*/nullptr,
                 timeline, seedNodes);
    if (keepWalk) {
      gatherDeallocas.assign(deallocas.begin(), deallocas.end());
      gatherWalkKept = true;
    }

    llvm::DenseSet<Value> allocaResults;
    for (Operation *op : llvm::reverse(allocas)) {
      auto allocaOp = cast<ResourceAllocaOp>(op);
      if (!funcOp->isProperAncestor(allocaOp))
        continue;
      if (!referenceCompat &&
          !isLoopSlotReuseOrdered(funcOp, allocaOp, deallocas)) {
        unplacedReasons[allocaOp] =
            "its loop iterations are not ordered on the timeline";
        continue;
      }
      gathered.allocas.push_back(allocaOp);
      allocaResults.insert(allocaOp.getResult());
    }
    for (Operation *op : llvm::reverse(deallocas)) {
      auto deallocaOp = cast<ResourceDeallocaOp>(op);
      if (allocaResults.contains(deallocaOp.getOperand()))
        gathered.deallocas.push_back(deallocaOp);
    }
  }

  /// True if `from` reaches a value accepted by `isTarget` through the
  /// awaits of timeline ops (and the timepoint operands of the calls
  /// accepted by `crossesCall`, when given).
  static bool
  timelineReaches(Value from, llvm::function_ref<bool(Value)> isTarget,
                  llvm::function_ref<bool(CallOpInterface)> crossesCall = {}) {
    if (!from)
      return false;
    SmallVector<Value> worklist{from};
    llvm::SmallDenseSet<Value, 16> seen{from};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (isTarget(value))
        return true;
      auto push = [&](Value next) {
        if (next && seen.insert(next).second)
          worklist.push_back(next);
      };
      Operation *def = value.getDefiningOp();
      if (auto timelineOp = dyn_cast_or_null<TimelineOpInterface>(def)) {
        for (Value await : timelineOp.getAwaitTimepoints())
          push(await);
      } else if (auto callOp = dyn_cast_or_null<CallOpInterface>(def)) {
        if (crossesCall && crossesCall(callOp))
          for (Value operand : callOp.getArgOperands())
            if (isa<TimepointType>(operand.getType()))
              push(operand);
      } else if (isa_and_nonnull<RegionBranchOpInterface>(def)) {
        // A nested scf.if/scf.for: the values its regions yield.
        unsigned index = cast<OpResult>(value).getResultNumber();
        for (Region &region : def->getRegions())
          for (Block &block : region)
            if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(
                    block.getTerminator()))
              if (index < terminator->getNumOperands())
                push(terminator->getOperand(index));
      }
    }
    return false;
  }

  /// §9.4 loop slot reuse: an alloca in a loop body may reuse its slot in
  /// every iteration only if its await depends on the loop-carried timepoint
  /// and the value carried to the next iteration depends on its dealloca.
  /// Only the innermost loop around the alloca is checked.
  static bool
  isLoopSlotReuseOrdered(FunctionOpInterface funcOp, ResourceAllocaOp allocaOp,
                         const llvm::SetVector<Operation *> &deallocas) {
    Region *loopRegion = nullptr;
    for (Region *region = allocaOp->getParentRegion();
         region && region != &funcOp.getFunctionBody();
         region = region->getParentOp()->getParentRegion()) {
      auto branchOp = dyn_cast<RegionBranchOpInterface>(region->getParentOp());
      if (branchOp && branchOp.isRepetitiveRegion(region->getRegionNumber())) {
        loopRegion = region;
        break;
      }
    }
    if (!loopRegion)
      return true;
    Block &entry = loopRegion->front();
    bool awaitsCarried =
        timelineReaches(allocaOp.getAwaitTimepoint(), [&](Value value) {
          auto arg = dyn_cast<BlockArgument>(value);
          return arg && arg.getOwner() == &entry;
        });
    if (!awaitsCarried)
      return false;
    llvm::DenseSet<Value> deallocaTimepoints;
    for (Operation *op : deallocas) {
      auto deallocaOp = cast<ResourceDeallocaOp>(op);
      if (deallocaOp.getOperand() == allocaOp.getResult())
        deallocaTimepoints.insert(deallocaOp.getResultTimepoint());
    }
    if (deallocaTimepoints.empty())
      return false;
    for (Block &block : *loopRegion) {
      Operation *terminator = block.getTerminator();
      if (!terminator || !isa<RegionBranchTerminatorOpInterface>(terminator))
        continue;
      for (Value operand : terminator->getOperands())
        if (isa<TimepointType>(operand.getType()) &&
            timelineReaches(operand, [&](Value value) {
              return deallocaTimepoints.contains(value);
            }))
          return true;
    }
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Process (§5.3)
  //===--------------------------------------------------------------------===//

  /// `stream.timepoint.immediate` before `op` (the fallback of §5.3 A/G).
  static Value createImmediate(OpBuilder &builder, Location loc) {
    return TimepointImmediateOp::create(
               builder, loc, TimepointType::get(builder.getContext()))
        .getResult();
  }

  /// Replaces a transients op's results by its inputs and erases it.
  static void eraseTransientsOp(ResourceTransientsOp op) {
    Value await = op.getAwaitTimepoint();
    if (!await) {
      OpBuilder builder(op);
      await = createImmediate(builder, op.getLoc());
    }
    op.getResultTimepoint().replaceAllUsesWith(await);
    op.getResult().replaceAllUsesWith(op.getResource());
    op.erase();
  }

  /// The transients pack the last emplaceNothing or process created.
  ResourcePackOp lastTransientsPack;

  /// §5.3 A.
  void emplaceNothing(Gathered &gathered) {
    ResourceTransientsOp first = gathered.transientsOps.front();
    OpBuilder builder(first);
    auto packOp = ResourcePackOp::create(builder, first.getLoc(), Value(),
                                         ValueRange{}, gathered.affinity);
    packOp->setAttr(kTransientsPackAttr, builder.getUnitAttr());
    lastTransientsPack = packOp;
    for (ResourceTransientsOp op : gathered.transientsOps)
      eraseTransientsOp(op);
  }

  /// The slots of a function and their lifetime intervals (liveness
  /// packing), when computed before `process` (processFunction).
  struct SlotPlan {
    SmallVector<Slot> slots;
    SmallVector<int64_t> intervals;
  };

  LogicalResult process(FunctionOpInterface funcOp, Gathered &gathered,
                        SlotPlan *plan = nullptr) {
    DominanceInfo domInfo(funcOp);
    FailureOr<Operation *> insertionOp =
        referenceCompat ? findInsertionPoint(funcOp, gathered, domInfo)
                        : findEntryInsertionPoint(funcOp, gathered);
    if (failed(insertionOp))
      return failure();
    Operation *B = *insertionOp;

    SmallVector<Slot> slots =
        plan ? std::move(plan->slots) : assignSlots(gathered);

    if (referenceCompat) {
      if (failed(computeSlotSizesReference(funcOp, slots, B, domInfo)))
        return failure();
      if (failed(hoistReference(funcOp, gathered, slots, B, domInfo)))
        return failure();
    } else {
      if (failed(computeSlotSizesAtEntry(funcOp, gathered, slots, B, domInfo)))
        return failure();
    }

    // F. The pack and the base view of the storage.
    OpBuilder builder(B);
    Location loc = gathered.anchor->getLoc();
    SmallVector<Value> sizes;
    for (Slot &slot : slots)
      sizes.push_back(slot.size);
    auto packOp =
        ResourcePackOp::create(builder, loc, Value(), sizes, gathered.affinity);
    packOp->setAttr(kTransientsPackAttr, builder.getUnitAttr());
    lastTransientsPack = packOp;
    if (!referenceCompat && livenessPacking)
      applySlotLifetimes(
          packOp,
          plan ? plan->intervals
               : computeSlotLifetimes(
                     BlockTimeline::build(funcOp.getFunctionBody().front()),
                     slots),
          *intervalAttrs);
    Value required = packOp.getTotalLength();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    if (!referenceCompat) {
      SmallVector<Operation *> reads =
          deferStorageReads({gathered.storage, gathered.storageSize}, B);
      guardStorage(
          builder, funcOp, gathered, required, zero, loc, reads,
          ResourceConfigAttr::lookup(packOp).getMinBufferOffsetAlignment());
    }
    Type storageType = gathered.storage.getType();
    Value base =
        ResourceSubviewOp::create(builder, loc, storageType, gathered.storage,
                                  gathered.storageSize, zero, required)
            .getResult();

    // G. Rewrite.
    if (!referenceCompat)
      reuseEntrySizes(gathered.allocas);
    llvm::DenseMap<Operation *, unsigned> slotOf;
    for (auto [index, slot] : llvm::enumerate(slots))
      for (ResourceAllocaOp member : slot.members)
        slotOf[member] = index;
    for (ResourceAllocaOp allocaOp : gathered.allocas) {
      OpBuilder allocaBuilder(allocaOp);
      Value view = ResourceSubviewOp::create(
          allocaBuilder, allocaOp.getLoc(), storageType, base, required,
          packOp.getPackedOffsets()[slotOf.lookup(allocaOp)],
          allocaOp.getStorageSize());
      Value await = allocaOp.getAwaitTimepoint();
      if (!await)
        await = createImmediate(allocaBuilder, allocaOp.getLoc());
      if (auto it = slabJoins.find(allocaOp); it != slabJoins.end()) {
        dropSlabTimepoint(it->second);
        slabJoins.erase(it);
      }
      allocaOp.getResult().replaceAllUsesWith(view);
      allocaOp.getResultTimepoint().replaceAllUsesWith(await);
      allocaOp.erase();
    }
    for (ResourceDeallocaOp deallocaOp : gathered.deallocas) {
      Value await = deallocaOp.getAwaitTimepoint();
      if (!await) {
        OpBuilder deallocaBuilder(deallocaOp);
        await = createImmediate(deallocaBuilder, deallocaOp.getLoc());
      }
      deallocaOp.getResultTimepoint().replaceAllUsesWith(await);
      deallocaOp.erase();
    }
    for (ResourceTransientsOp op : gathered.transientsOps)
      eraseTransientsOp(op);
    return success();
  }

  /// §5.3 B.
  FailureOr<Operation *> findInsertionPoint(FunctionOpInterface funcOp,
                                            Gathered &gathered,
                                            DominanceInfo &domInfo) {
    Block *common = gathered.allocas.front()->getBlock();
    for (ResourceAllocaOp allocaOp : gathered.allocas) {
      common = domInfo.findNearestCommonDominator(common, allocaOp->getBlock());
      if (!common)
        return funcOp.emitError(
            "cannot find common dominator for allocas - internal error");
    }
    return earliestAncestorIn(funcOp, gathered, common);
  }

  /// §9.5: the earliest ancestor of the allocas in the entry block.
  /// Allocas in other blocks of the function body (a `cf` CFG) are served by
  /// a pack at the end of the entry block, which dominates them.
  FailureOr<Operation *> findEntryInsertionPoint(FunctionOpInterface funcOp,
                                                 Gathered &gathered) {
    Block *entry = &funcOp.getFunctionBody().front();
    if (llvm::any_of(gathered.allocas, [&](ResourceAllocaOp allocaOp) {
          return !entry->findAncestorOpInBlock(*allocaOp);
        }))
      return entry->getTerminator();
    return earliestAncestorIn(funcOp, gathered, entry);
  }

  FailureOr<Operation *> earliestAncestorIn(FunctionOpInterface funcOp,
                                            Gathered &gathered, Block *block) {
    Operation *earliest = nullptr;
    for (ResourceAllocaOp allocaOp : gathered.allocas) {
      Operation *ancestor = block->findAncestorOpInBlock(*allocaOp);
      if (!ancestor)
        return funcOp.emitError(
            "alloca has no parent in common dominator block");
      if (!earliest || ancestor->isBeforeInBlock(earliest))
        earliest = ancestor;
    }
    return earliest;
  }

  /// True if the two sibling regions (given by an op in each) can never both
  /// run: neither reaches the other through the region successor graph
  /// (§9.4; `scf.while` regions are not exclusive).
  static bool areExclusive(Operation *a, Operation *b) {
    return insideMutuallyExclusiveRegions(a, b) &&
           insideMutuallyExclusiveRegions(b, a);
  }

  /// §5.3 C with the §9.4 exclusivity rule.
  SmallVector<Slot> assignSlots(Gathered &gathered) {
    llvm::MapVector<Region *, SmallVector<ResourceAllocaOp>> byRegion;
    for (ResourceAllocaOp allocaOp : gathered.allocas)
      byRegion[allocaOp->getParentRegion()].push_back(allocaOp);

    SmallVector<SmallVector<Region *>> exclusiveGroups;
    llvm::DenseSet<Operation *> handledParents;
    llvm::DenseSet<Region *> grouped;
    for (auto &entry : byRegion) {
      Operation *parentOp = entry.first->getParentOp();
      if (!isa<RegionBranchOpInterface>(parentOp) ||
          !handledParents.insert(parentOp).second)
        continue;
      SmallVector<Region *> withAllocas;
      for (Region &region : parentOp->getRegions())
        if (byRegion.contains(&region))
          withAllocas.push_back(&region);
      // Maximal sets of pairwise-exclusive regions, greedily in region order.
      SmallVector<SmallVector<Region *>> groups;
      for (Region *region : withAllocas) {
        Operation *probe = byRegion[region].front();
        SmallVector<Region *> *target = nullptr;
        for (SmallVector<Region *> &group : groups) {
          if (llvm::all_of(group, [&](Region *other) {
                return areExclusive(probe, byRegion[other].front());
              })) {
            target = &group;
            break;
          }
        }
        if (target)
          target->push_back(region);
        else
          groups.push_back({region});
      }
      for (SmallVector<Region *> &group : groups) {
        if (group.size() < 2)
          continue;
        for (Region *region : group)
          grouped.insert(region);
        exclusiveGroups.push_back(std::move(group));
      }
    }

    SmallVector<Slot> slots;
    slots.reserve(gathered.allocas.size());
    for (SmallVector<Region *> &group : exclusiveGroups) {
      size_t depth = 0;
      for (Region *region : group)
        depth = std::max(depth, byRegion[region].size());
      for (size_t position = 0; position < depth; ++position) {
        Slot slot;
        for (ResourceAllocaOp allocaOp : gathered.allocas) {
          auto &members = byRegion[allocaOp->getParentRegion()];
          if (llvm::is_contained(group, allocaOp->getParentRegion()) &&
              position < members.size() && members[position] == allocaOp)
            slot.members.push_back(allocaOp);
        }
        slots.push_back(std::move(slot));
      }
    }
    for (auto &entry : byRegion) {
      if (grouped.contains(entry.first))
        continue;
      for (ResourceAllocaOp allocaOp : entry.second)
        slots.push_back(Slot{{allocaOp}, Value()});
    }
    return slots;
  }

  //===--------------------------------------------------------------------===//
  // Slot sizes, reference placement (§5.3 D-E)
  //===--------------------------------------------------------------------===//

  /// The size slice of `allocaOp` (§5.3 D).
  LogicalResult buildSizeSlice(ResourceAllocaOp allocaOp, SizeSlice &slice) {
    Value size = allocaOp.getStorageSize();
    slice.root = size;
    if (isa<BlockArgument>(size)) {
      slice.captured.insert(size);
      return success();
    }
    Region *region = size.getParentRegion();
    Region *allocaRegion = allocaOp->getParentRegion();
    if (region != allocaRegion && region->isProperAncestor(allocaRegion)) {
      slice.captured.insert(size);
      return success();
    }
    Operation *root = size.getDefiningOp();
    if (!isSliceable(root))
      return allocaOp.emitError(
          "cannot hoist transient size computation - contains non-pure "
          "operations or unsupported patterns");
    // Depth-first post-order from the root, operands in operand order.
    llvm::DenseSet<Operation *> seen;
    SmallVector<std::pair<Operation *, unsigned>> stack;
    seen.insert(root);
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto &[op, next] = stack.back();
      if (next == op->getNumOperands()) {
        slice.ops.push_back(op);
        stack.pop_back();
        continue;
      }
      Value operand = op->getOperand(next++);
      if (auto arg = dyn_cast<BlockArgument>(operand)) {
        if (arg.getParentRegion() != region)
          slice.captured.insert(arg);
        continue;
      }
      Operation *def = operand.getDefiningOp();
      if (def->getParentRegion() != region || !isSliceable(def)) {
        slice.captured.insert(operand);
        continue;
      }
      if (seen.insert(def).second)
        stack.push_back({def, 0});
    }
    return success();
  }

  /// The op among `ops` that all others dominate (the latest); null if
  /// `ops` is empty.
  static Operation *latestOf(ArrayRef<Operation *> ops,
                             DominanceInfo &domInfo) {
    Operation *latest = nullptr;
    for (Operation *op : ops)
      if (!latest || domInfo.properlyDominates(latest, op))
        latest = op;
    return latest;
  }

  static void setInsertionAfterLatest(OpBuilder &builder,
                                      ArrayRef<Value> values,
                                      DominanceInfo &domInfo) {
    SmallVector<Operation *> defs;
    for (Value value : values)
      if (Operation *def = value.getDefiningOp())
        defs.push_back(def);
    if (Operation *latest = latestOf(defs, domInfo))
      builder.setInsertionPointAfter(latest);
  }

  /// Builds `maxui(s0, s0), maxui(_, s1), ...` (§5.3 D step 4).
  static Value buildMaxChain(OpBuilder &builder, Location loc,
                             ArrayRef<Value> sizes) {
    Value result = arith::MaxUIOp::create(builder, loc, sizes[0], sizes[0]);
    for (Value size : sizes.drop_front())
      result = arith::MaxUIOp::create(builder, loc, result, size);
    return result;
  }

  LogicalResult computeSlotSizesReference(FunctionOpInterface funcOp,
                                          SmallVector<Slot> &slots,
                                          Operation *B,
                                          DominanceInfo &domInfo) {
    for (Slot &slot : slots) {
      SmallVector<SizeSlice> slices(slot.members.size());
      llvm::SetVector<Value> captured;
      llvm::SetVector<Operation *> ops;
      for (auto [member, slice] : llvm::zip(slot.members, slices)) {
        if (failed(buildSizeSlice(member, slice)))
          return failure();
        captured.insert_range(slice.captured);
        ops.insert_range(slice.ops);
      }
      OpBuilder builder(B);
      setInsertionAfterLatest(builder, captured.getArrayRef(), domInfo);
      IRMapping mapping;
      for (Operation *op : ops)
        builder.clone(*op, mapping);
      SmallVector<Value> sizes;
      for (SizeSlice &slice : slices)
        sizes.push_back(mapping.lookupOrDefault(slice.root));
      if (sizes.size() == 1) {
        slot.size = sizes.front();
        continue;
      }
      SmallVector<Value> anchors(sizes);
      anchors.append(captured.begin(), captured.end());
      setInsertionAfterLatest(builder, anchors, domInfo);
      slot.size = buildMaxChain(builder, slot.members.front().getLoc(), sizes);
    }
    (void)funcOp;
    return success();
  }

  /// §5.3 E.
  LogicalResult hoistReference(FunctionOpInterface funcOp, Gathered &gathered,
                               ArrayRef<Slot> slots, Operation *B,
                               DominanceInfo &domInfo) {
    llvm::SetVector<Operation *> opsToHoist;
    for (const Slot &slot : slots)
      if (Operation *def = slot.size.getDefiningOp())
        opsToHoist.insert(def);
    if (Operation *def = gathered.storageSize.getDefiningOp())
      opsToHoist.insert(def);
    if (Operation *def = gathered.storage.getDefiningOp())
      opsToHoist.insert(def);

    for (Operation *op : opsToHoist) {
      // The inclusive backward slice of the operands that B does not see.
      SmallVector<Operation *> toMove;
      llvm::DenseSet<Operation *> seen;
      bool hitsB = false;
      std::function<void(Value)> visit = [&](Value value) {
        Operation *def = value.getDefiningOp();
        if (!def || domInfo.properlyDominates(def, B) ||
            !seen.insert(def).second)
          return;
        if (def == B) {
          hitsB = true;
          return;
        }
        for (Value operand : def->getOperands())
          visit(operand);
        visitUsedValuesDefinedAbove(def->getRegions(),
                                    [&](OpOperand *use) { visit(use->get()); });
        toMove.push_back(def);
      };
      for (Value operand : op->getOperands())
        visit(operand);
      visitUsedValuesDefinedAbove(op->getRegions(),
                                  [&](OpOperand *use) { visit(use->get()); });
      if (hitsB)
        return funcOp.emitError(
            "failed to hoist transient size computations and storage "
            "resource - values may depend on operations defined after "
            "allocations");
      for (Operation *def : toMove)
        def->moveBefore(B);
    }
    for (Operation *op : opsToHoist)
      op->moveBefore(B);
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Slot sizes, entry-block placement (§9.5)
  //===--------------------------------------------------------------------===//

  /// Checks that the size query can compute `value` from the function's
  /// arguments (§9.5): every op on the way is free of side effects, ops
  /// outside the entry block are speculatable too, and no block argument
  /// other than the function's own is reached. Errors go on `user`.
  /// With `loopVariant` set, a block argument other than the function's own
  /// is recorded there (the first one) instead of being an error, so that
  /// the caller can try an upper bound (§9.5).
  LogicalResult checkComputable(Value value, Operation *user,
                                FunctionOpInterface funcOp,
                                llvm::DenseSet<Value> &checked,
                                BlockArgument *loopVariant = nullptr) {
    Block *entry = &funcOp.getFunctionBody().front();
    SmallVector<Value> worklist{value};
    while (!worklist.empty()) {
      Value current = worklist.pop_back_val();
      if (!checked.insert(current).second)
        continue;
      if (auto arg = dyn_cast<BlockArgument>(current)) {
        if (arg.getOwner() == entry)
          continue;
        if (!loopVariant)
          return emitLoopVariantError(user, arg);
        if (!*loopVariant)
          *loopVariant = arg;
        continue;
      }
      Operation *def = current.getDefiningOp();
      if (!isSizeComputationOp(def)) {
        InFlightDiagnostic diag = user->emitError()
                                  << "transient allocation size depends on '"
                                  << def->getName()
                                  << "' which has side effects; it cannot be "
                                     "computed by the size query";
        diag.attachNote(def->getLoc()) << "see this op";
        return failure();
      }
      if (def->getBlock() != entry && !isSpeculatableOp(def) &&
          !isTransientSizeCall(def)) {
        InFlightDiagnostic diag = user->emitError()
                                  << "transient allocation size uses '"
                                  << def->getName()
                                  << "' which cannot be speculatively computed "
                                     "before the function runs";
        diag.attachNote(def->getLoc()) << "see this op";
        return failure();
      }
      worklist.append(def->operand_begin(), def->operand_end());
      visitUsedValuesDefinedAbove(def->getRegions(), [&](OpOperand *use) {
        worklist.push_back(use->get());
      });
    }
    return success();
  }

  /// Makes `value` (checked by checkComputable, or the storage) available
  /// before `B`, an op of the entry block: values that dominate B are used
  /// as they are, ops of the entry block after B are moved before it, ops
  /// in nested regions are cloned before it.
  Value materializeBefore(Value value, Operation *B, IRMapping &mapping) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    // Arguments of the entry block (the only ones checkComputable and the
    // storage checks let through) dominate B.
    if (isa<BlockArgument>(value))
      return value;
    // The ops before B are taken once: moving ops would make every
    // isBeforeInBlock query renumber the block (quadratic on long bodies).
    // Moving an op before B changes no other op's side of B; a moved op is
    // added (rather than its results to `mapping`, which a clone reads with
    // lookupOrDefault anyway).
    Operation *def = value.getDefiningOp();
    bool inEntry = def->getBlock() == B->getBlock();
    if (inEntry && opsBeforeB.contains(def))
      return value;
    SmallVector<Value> inputs(def->getOperands());
    visitUsedValuesDefinedAbove(def->getRegions(), [&](OpOperand *use) {
      inputs.push_back(use->get());
    });
    for (Value input : inputs)
      materializeBefore(input, B, mapping);
    if (inEntry) {
      def->moveBefore(B);
      opsBeforeB.insert(def);
      return value;
    }
    OpBuilder builder(B);
    Operation *clone = builder.clone(*def, mapping);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  }

  /// The ops of the entry block before the pack's insertion point B: those
  /// there when computeSlotSizesAtEntry starts materializing, and those
  /// materializeBefore moves there.
  llvm::DenseSet<Operation *> opsBeforeB;
  /// The exact size of an alloca computed in a nested region, as
  /// materialized before the pack (computeSlotSizesAtEntry).
  llvm::DenseMap<Operation *, Value> entrySizes;

  /// Lets the users of each alloca's size computed in a nested region (the
  /// alloca, a specialized call and its dealloca) read the copy made before
  /// the pack, which dominates them, and erases the original computation
  /// when nothing else reads it: a size call in a branch or loop then runs
  /// once (at the entry), not twice.
  void reuseEntrySizes(ArrayRef<ResourceAllocaOp> allocas) {
    for (ResourceAllocaOp allocaOp : allocas) {
      Value entrySize = entrySizes.lookup(allocaOp);
      if (!entrySize)
        continue;
      Value original = allocaOp.getStorageSize();
      original.replaceAllUsesWith(entrySize);
      // Each op is visited once (an op erased here is never seen again).
      SmallVector<Operation *> worklist;
      llvm::SmallPtrSet<Operation *, 8> seen;
      auto push = [&](Value value) {
        if (Operation *def = value.getDefiningOp())
          if (seen.insert(def).second)
            worklist.push_back(def);
      };
      push(original);
      while (!worklist.empty()) {
        Operation *op = worklist.pop_back_val();
        if (!op->use_empty() || !isSizeComputationOp(op) ||
            op->getNumRegions() != 0)
          continue;
        SmallVector<Value> operands(op->getOperands());
        op->erase();
        for (Value operand : operands)
          push(operand);
      }
    }
    entrySizes.clear();
  }

  LogicalResult computeSlotSizesAtEntry(FunctionOpInterface funcOp,
                                        Gathered &gathered,
                                        SmallVector<Slot> &slots, Operation *B,
                                        DominanceInfo &domInfo) {
    // Sizes computed in the entry block only reach entry-block values and
    // arguments: they share one visited set. A size computed in a nested
    // region may reach a loop-variant value and is checked on its own.
    entrySizes.clear();
    Block *entry = &funcOp.getFunctionBody().front();
    llvm::DenseSet<Value> checked;
    llvm::DenseMap<Operation *, Value> boundedSizes;
    for (Slot &slot : slots)
      for (ResourceAllocaOp member : slot.members) {
        Value size = member.getStorageSize();
        llvm::DenseSet<Value> local;
        bool nested = size.getParentBlock() != entry;
        BlockArgument loopVariant;
        if (failed(checkComputable(size, member, funcOp,
                                   nested ? local : checked, &loopVariant)))
          return failure();
        if (!loopVariant)
          continue;
        FailureOr<Value> bound =
            boundLoopVariantSize(funcOp, member, loopVariant, B);
        if (failed(bound))
          return failure();
        boundedSizes[member] = *bound;
      }
    // The storage is always hoisted to the entry block (§9.11 row 4); it is
    // pure (an import and a length query) or an argument.
    Operation *firstTransients = gathered.anchor;
    for (Value value : {gathered.storage, gathered.storageSize})
      if (Operation *def = value.getDefiningOp(); def && !isPure(def))
        return firstTransients->emitError()
               << "the transient storage is produced by '" << def->getName()
               << "', which cannot be hoisted to the function entry";
    for (Value value : {gathered.storage, gathered.storageSize})
      if (auto arg = dyn_cast<BlockArgument>(value);
          arg && !arg.getOwner()->isEntryBlock())
        return firstTransients->emitError(
            "the transient storage is a block argument that is not available "
            "at the function entry");
    opsBeforeB.clear();
    for (Operation &op : *B->getBlock()) {
      if (&op == B)
        break;
      opsBeforeB.insert(&op);
    }
    IRMapping mapping;
    gathered.storage = materializeBefore(gathered.storage, B, mapping);
    gathered.storageSize = materializeBefore(gathered.storageSize, B, mapping);
    for (Slot &slot : slots) {
      SmallVector<Value> sizes;
      for (ResourceAllocaOp member : slot.members) {
        if (boundedSizes.contains(member)) {
          sizes.push_back(boundedSizes.lookup(member));
          continue;
        }
        sizes.push_back(materializeBefore(member.getStorageSize(), B, mapping));
        if (sizes.back() != member.getStorageSize())
          entrySizes[member] = sizes.back();
      }
      if (sizes.size() == 1) {
        slot.size = sizes.front();
        continue;
      }
      OpBuilder builder(B);
      slot.size = buildMaxChain(builder, slot.members.front().getLoc(), sizes);
    }
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Calls to callees that allocate (§9.2 items 2-6)
  //===--------------------------------------------------------------------===//

  /// A callee specialized to take a slab (§9.2 item 2). `clone` is null when
  /// nothing of the callee can be placed: its calls then stay as they are.
  struct Specialization {
    FunctionOpInterface clone;
    FunctionOpInterface sizeFunction;
    /// The callee arguments the size function reads, in order.
    SmallVector<unsigned> sizeArgs;
    /// Every placed allocation of the callee (transitively) waits on one of
    /// its timepoint arguments: a call in a loop body may then reuse its
    /// slot in every iteration (§9.4).
    bool ordered = true;
    /// The callee returns at least one timepoint and every one it returns
    /// (transitively) follows one of its timepoint arguments: the results
    /// of a call, whose timepoint arguments are all the slab's timepoint,
    /// follow that timepoint (dropSlabTimepoint).
    bool resultsFollowArguments = false;
  };
  // Shared pointers: the pass must stay copyable (clonePass); reset per run.
  std::shared_ptr<TransientCallGraph> callGraph;
  llvm::DenseMap<Operation *, std::shared_ptr<Specialization>> specializations;
  /// The callees being specialized, outermost first (recursion, §9.2 item 4).
  SmallVector<Operation *> specializing;
  /// Calls erased by rewriteTransientCall that the explorer's call graph
  /// (the callers of each function, built at initialization) still names.
  /// The timeline walks cross calls, so they are dropped from it before the
  /// next walk (fuzz finding of 2026-12-02: a use after free through the
  /// callers of a callee whose call in a loop was left in place).
  llvm::DenseSet<Operation *> erasedCalls;
  void walkAncestry(Explorer &explorer, ArrayRef<Value> seeds,
                    llvm::SetVector<Operation *> &allocas,
                    llvm::SetVector<Operation *> &deallocas,
                    llvm::DenseSet<Value> *visitedOut = nullptr,
                    const llvm::DenseSet<Value> *skip = nullptr,
                    const BlockTimeline *timeline = nullptr,
                    ArrayRef<uint32_t> seedNodes = {}) {
    if (!erasedCalls.empty()) {
      explorer.forgetCalls(erasedCalls);
      erasedCalls.clear();
    }
    walkTimelineAncestry(explorer, seeds, allocas, deallocas, visitedOut, skip,
                         timeline, seedNodes);
  }
  /// The number of the op defining the only await of timeline op `node`
  /// (kNone if it has none, or `node` is kNone).
  static uint32_t awaitDefOf(const BlockTimeline &timeline, uint32_t node) {
    if (node == BlockTimeline::kNone)
      return BlockTimeline::kNone;
    auto awaits = timeline.awaitsOf(node);
    return awaits.empty() ? BlockTimeline::kNone
                          : timeline.getAwaitDef(*awaits.begin());
  }
  /// The gather walk of the function being processed (gather): the
  /// timepoints it visited and the deallocas it reached, so that the walks
  /// from its host waits need not go through the same ancestry again
  /// (addHostSynchronizedAllocas).
  llvm::DenseSet<Value> gatherVisited;
  SmallVector<Operation *> gatherDeallocas;
  bool gatherWalkKept = false;
  /// Allocas standing for calls to callees that are not `ordered`.
  llvm::DenseSet<Operation *> unorderedCallAllocas;
  /// Allocas standing for calls to callees whose results follow their
  /// timepoint arguments, with the join their slab's dealloca awaits: once
  /// such an alloca is emplaced, its timepoint is dropped from the join.
  llvm::DenseMap<Operation *, TimepointJoinOp> slabJoins;
  /// The specialized callees whose `resultsFollowArguments` holds.
  llvm::DenseSet<Operation *> followingClones;

  /// True if `clone` returns a timepoint and every timepoint it returns
  /// reaches one of its timepoint arguments through the awaits of timeline
  /// ops, region results and calls to clones in `followingClones` whose
  /// timepoint operands are all one value (the rewritten calls: after
  /// emplacement that value is the slab's await, which the result follows).
  bool returnsFollowArguments(FunctionOpInterface clone) {
    Block *entry = &clone.getFunctionBody().front();
    auto isArgument = [&](Value value) {
      auto arg = dyn_cast<BlockArgument>(value);
      return arg && arg.getOwner() == entry;
    };
    auto crossesCall = [&](CallOpInterface callOp) {
      FunctionOpInterface callee = callGraph->lookupCallee(callOp);
      if (!callee || !followingClones.contains(callee))
        return false;
      Value common;
      for (Value operand : callOp.getArgOperands()) {
        if (!isa<TimepointType>(operand.getType()))
          continue;
        if (common && operand != common)
          return false;
        common = operand;
      }
      return true;
    };
    bool any = false;
    WalkResult result = clone.walk([&](Operation *op) {
      if (!op->hasTrait<mlir::OpTrait::ReturnLike>() ||
          op->getParentOp() != clone)
        return WalkResult::advance();
      for (Value operand : op->getOperands()) {
        if (!isa<TimepointType>(operand.getType()))
          continue;
        any = true;
        if (!timelineReaches(operand, isArgument, crossesCall))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return any && !result.wasInterrupted();
  }

  /// Rewrites every call of `funcOp` to a callee that performs transient
  /// allocations into a call of its specialization (§9.2 items 2-5).
  /// `scan` is that of `funcOp` when it is the function being processed
  /// (null for a specialized callee, which is walked here): its calls are
  /// taken from it, and the rewritten ones recorded in rewrittenCalls.
  LogicalResult specializeCalls(Explorer &explorer, FunctionOpInterface funcOp,
                                const FunctionScan *scan = nullptr) {
    if (!callGraph) {
      TransientFunctionSummary summary;
      if (scan) {
        summary.funcOp = funcOp;
        summary.allocates = scan->allocates;
        summary.calls = scan->calls;
      }
      callGraph = std::make_shared<TransientCallGraph>(getOperation(), summary);
    }
    SmallVector<CallOpInterface> calls;
    if (scan) {
      for (CallOpInterface callOp : scan->calls)
        if (!isTransientSizeCall(callOp))
          calls.push_back(callOp);
    } else {
      funcOp.walk([&](CallOpInterface callOp) {
        if (!isTransientSizeCall(callOp))
          calls.push_back(callOp);
      });
    }

    if (!calls.empty())
      explorer.materialize();
    for (CallOpInterface callOp : calls) {
      FunctionOpInterface callee = callGraph->lookupCallee(callOp);
      if (!callee) {
        if (isa<SymbolRefAttr>(callOp.getCallableForCallee()))
          continue;
        if (failed(reportUnplacedCall(callOp, "an indirect call",
                                      "its callee is not known")))
          return failure();
        continue;
      }
      if (!callGraph->allocates(callee))
        continue;
      std::string calleeName =
          ("'@" + SymbolTable::getSymbolName(callee).getValue() + "'").str();
      if (auto it = llvm::find(specializing, callee.getOperation());
          it != specializing.end()) {
        std::string cycle;
        for (Operation *op : llvm::make_range(it, specializing.end()))
          cycle +=
              ("@" + SymbolTable::getSymbolName(op).getValue() + " -> ").str();
        cycle += ("@" + SymbolTable::getSymbolName(callee).getValue()).str();
        return callOp.emitError()
               << "external transients do not support recursive calls "
                  "(cycle: "
               << cycle << ")";
      }
      FailureOr<Specialization *> specialization = specialize(explorer, callee);
      if (failed(specialization))
        return failure();
      Specialization &spec = **specialization;
      if (!spec.clone)
        continue;
      for (unsigned index : spec.sizeArgs)
        if (!isComputableAtEntry(callOp.getArgOperands()[index], funcOp))
          return callOp.emitError()
                 << "transient size of call to " << calleeName
                 << " depends on values that cannot be computed before the "
                    "call";
      if (!spec.ordered && isInsideLoop(callOp, funcOp)) {
        if (failed(reportUnplacedCall(
                callOp, "the call to " + calleeName,
                "its loop iterations are not ordered on the timeline")))
          return failure();
        continue;
      }
      Operation *erasedCall = callOp.getOperation();
      erasedCalls.insert(erasedCall);
      TransientCallRewrite rewrite =
          rewriteTransientCall(callOp, spec.clone, spec.sizeFunction,
                               spec.sizeArgs, affinityOfAllocas(spec.clone));
      if (scan)
        rewrittenCalls[erasedCall] = rewrite.allocaOp;
      if (!spec.ordered)
        unorderedCallAllocas.insert(rewrite.allocaOp);
      if (spec.resultsFollowArguments)
        slabJoins[rewrite.allocaOp] = rewrite.releaseJoin;
    }
    return success();
  }

  /// The affinity the slab of a specialized callee is allocated on: that of
  /// its first placed allocation (as the reference takes the storage's from
  /// its first transients op).
  llvm::DenseMap<Operation *, AffinityAttr> cloneAffinities;
  AffinityAttr affinityOfAllocas(FunctionOpInterface clone) {
    return cloneAffinities.lookup(clone);
  }

  /// Clones `callee` with a slab, places its allocas into the slab exactly
  /// as for an exported function, and builds its size function. Memoized:
  /// every caller shares one specialization.
  FailureOr<Specialization *> specialize(Explorer &explorer,
                                         FunctionOpInterface callee) {
    // No reference into the map is held: nested specializations insert.
    if (auto it = specializations.find(callee); it != specializations.end())
      return it->second.get();
    auto spec = std::make_shared<Specialization>();
    SymbolTable &symbolTable = callGraph->getSymbolTable();
    FunctionOpInterface clone = cloneWithSlab(callee, symbolTable);
    // An exported function called from another one: its own annotations
    // are the caller's business now.
    SmallVector<ResourceTransientsOp> transientsOps;
    clone.walk([&](ResourceTransientsOp op) { transientsOps.push_back(op); });
    for (ResourceTransientsOp op : transientsOps)
      eraseTransientsOp(op);

    specializing.push_back(callee);
    LogicalResult nested = specializeCalls(explorer, clone);
    specializing.pop_back();
    if (failed(nested))
      return failure();

    // What the callee's returned timepoints wait for is done when the
    // caller's timeline passes the call (§5.2 with the returns as seeds).
    Gathered gathered;
    gathered.anchor = clone;
    Block &body = clone.getFunctionBody().front();
    gathered.storage = body.getArgument(body.getNumArguments() - 2);
    gathered.storageSize = body.getArgument(body.getNumArguments() - 1);
    SmallVector<Value> seeds;
    clone.walk([&](Operation *op) {
      if (op->hasTrait<mlir::OpTrait::ReturnLike>() &&
          op->getParentOp() == clone)
        for (Value operand : op->getOperands())
          if (isa<TimepointType>(operand.getType()))
            seeds.push_back(operand);
    });
    unplacedReasons.clear();
    gatherAllocas(explorer, clone, seeds, gathered);
    if (gathered.allocas.empty()) {
      LogicalResult reported =
          reportUnplaced(explorer, clone, PlacementTally());
      clone.walk([&](ResourceAllocaOp op) {
        slabJoins.erase(op);
        unorderedCallAllocas.erase(op);
      });
      clone->erase();
      if (failed(reported))
        return failure();
      return (specializations[callee] = std::move(spec)).get();
    }
    gathered.affinity = gathered.allocas.front().getAffinityAttr();
    for (ResourceAllocaOp allocaOp : gathered.allocas)
      if (unorderedCallAllocas.contains(allocaOp) ||
          !timelineReaches(allocaOp.getAwaitTimepoint(), [&](Value value) {
            auto arg = dyn_cast<BlockArgument>(value);
            return arg && arg.getOwner() == &body;
          }))
        spec->ordered = false;
    PlacementTally emplaced = tallyAllocas(gathered.allocas);
    if (failed(process(clone, gathered)) ||
        failed(reportUnplaced(explorer, clone, emplaced)))
      return failure();
    unplacedReasons.clear();
    Operation *pack = nullptr;
    clone.walk([&](ResourcePackOp packOp) {
      if (packOp->removeAttr(kTransientsPackAttr))
        pack = packOp;
    });
    FailureOr<FunctionOpInterface> sizeFunction =
        createSizeFunction(callee, clone, pack, symbolTable, spec->sizeArgs);
    if (failed(sizeFunction))
      return failure();
    spec->clone = clone;
    spec->sizeFunction = *sizeFunction;
    spec->resultsFollowArguments = returnsFollowArguments(clone);
    if (spec->resultsFollowArguments)
      followingClones.insert(clone);
    cloneAffinities[clone] = gathered.affinity;
    return (specializations[callee] = std::move(spec)).get();
  }

  /// A call whose callee's transient allocations stay real allocations,
  /// reported like an unplaced alloca (§9.7).
  LogicalResult reportUnplacedCall(CallOpInterface callOp, StringRef what,
                                   StringRef reason) {
    if (unplaced == TransientsUnplaced::Ignore)
      return success();
    std::string text =
        ("the transient allocations of " + what +
         " were not placed in external transient storage: " + reason)
            .str();
    if (unplaced == TransientsUnplaced::Error)
      return callOp.emitError(text);
    callOp.emitWarning(text);
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Several storages, one per affinity (§9.3)
  //===--------------------------------------------------------------------===//

  /// Owns the reason texts built at run time (unplacedReasons holds refs).
  std::deque<std::string> ownedReasons;

  /// With reference-compat=false: storages are told apart by the function
  /// argument they come from (through imports), not by SSA value. One
  /// storage: its transients ops are made to name one value and false is
  /// returned (the single-storage path goes on). Several: each gets the
  /// allocas on its affinity, its own pack (in argument order) and its own
  /// size check; returns true and adds the allocas placed into each storage
  /// to `emplaced` (the §9.7 statistics).
  FailureOr<bool>
  processSeveralStorages(Explorer &explorer, FunctionOpInterface funcOp,
                         ArrayRef<ResourceTransientsOp> transientsOps,
                         const FunctionScan &scan, PlacementTally &emplaced) {
    llvm::MapVector<Value, SmallVector<ResourceTransientsOp>> byStorage;
    for (ResourceTransientsOp op : transientsOps) {
      Value key = traceStorageArgument(op.getStorage());
      byStorage[key ? key : op.getStorage()].push_back(op);
    }
    if (byStorage.size() == 1) {
      ResourceTransientsOp first = transientsOps.front();
      for (ResourceTransientsOp op : transientsOps.drop_front()) {
        // The ops are erased by the emplacement; only gather reads these.
        op.getStorageMutable().assign(first.getStorage());
        op.getStorageSizeMutable().assign(first.getStorageSize());
      }
      return false;
    }
    if (failed(checkStorageAffinities(funcOp, byStorage)))
      return failure();
    // Argument order (§9.3: the query returns one size per storage
    // argument, in argument order); storages not traced to an argument last.
    auto rank = [&](unsigned index) -> std::pair<unsigned, unsigned> {
      auto arg = dyn_cast<BlockArgument>(byStorage.begin()[index].first);
      return {arg ? arg.getArgNumber() : funcOp.getNumArguments(), index};
    };
    SmallVector<unsigned> order;
    for (unsigned index = 0, e = byStorage.size(); index < e; ++index)
      order.push_back(index);
    llvm::sort(order,
               [&](unsigned a, unsigned b) { return rank(a) < rank(b); });
    SmallVector<std::pair<Value, SmallVector<ResourceTransientsOp>>> groups;
    for (unsigned index : order)
      groups.push_back(byStorage.begin()[index]);

    Gathered all;
    SmallVector<Value> seeds;
    for (ResourceTransientsOp op : transientsOps)
      seeds.push_back(op.getAwaitTimepoint());
    gatherAllocas(explorer, funcOp, seeds, all);

    SmallVector<Gathered> perStorage;
    llvm::DenseMap<AffinityAttr, unsigned> storageOfAffinity;
    for (auto &[key, ops] : groups) {
      Gathered gathered;
      gathered.transientsOps = ops;
      gathered.anchor = ops.front();
      gathered.storage = ops.front().getStorage();
      gathered.storageSize = ops.front().getStorageSize();
      gathered.affinity = ops.front().getAffinityAttr();
      for (ResourceTransientsOp op : ops) {
        op.getStorageMutable().assign(gathered.storage);
        op.getStorageSizeMutable().assign(gathered.storageSize);
      }
      storageOfAffinity[gathered.affinity] = perStorage.size();
      perStorage.push_back(std::move(gathered));
    }
    llvm::DenseMap<Value, unsigned> storageOfAlloca;
    for (ResourceAllocaOp allocaOp : all.allocas) {
      auto it = storageOfAffinity.find(allocaOp.getAffinityAttr());
      if (it == storageOfAffinity.end()) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "no storage argument matches its affinity ";
        if (AffinityAttr affinity = allocaOp.getAffinityAttr())
          os << affinity;
        else
          os << "(none)";
        unplacedReasons[allocaOp] = ownedReasons.emplace_back(std::move(text));
        continue;
      }
      perStorage[it->second].allocas.push_back(allocaOp);
      storageOfAlloca[allocaOp.getResult()] = it->second;
    }
    for (ResourceDeallocaOp deallocaOp : all.deallocas) {
      auto it = storageOfAlloca.find(deallocaOp.getOperand());
      if (it != storageOfAlloca.end())
        perStorage[it->second].deallocas.push_back(deallocaOp);
    }

    // The transients packs without a storage argument yet: those of the
    // input, then the one of each storage (nothing else makes them).
    SmallVector<ResourcePackOp> untagged;
    for (ResourcePackOp packOp : scan.transientsPacks)
      if (!packOp->hasAttr(kStorageArgAttr))
        untagged.push_back(packOp);
    for (auto [index, gathered] : llvm::enumerate(perStorage)) {
      emplaced += tallyAllocas(gathered.allocas);
      if (gathered.allocas.empty()) {
        emplaceNothing(gathered);
      } else {
        for (ResourceAllocaOp allocaOp : gathered.allocas)
          emplacedAllocas.insert(allocaOp);
        if (failed(process(funcOp, gathered)))
          return failure();
      }
      untagged.push_back(lastTransientsPack);
      // Tell the size query which argument this pack sizes.
      auto arg = dyn_cast<BlockArgument>(groups[index].first);
      if (!arg)
        continue;
      for (ResourcePackOp packOp : untagged)
        packOp->setAttr(kStorageArgAttr,
                        IntegerAttr::get(IndexType::get(funcOp.getContext()),
                                         arg.getArgNumber()));
      untagged.clear();
    }
    return true;
  }

  /// §9.3: several storages need distinct affinities, both on the arguments
  /// (`iree.abi.affinity` next to `iree.abi.transients`) and on the
  /// transients ops that name them.
  LogicalResult checkStorageAffinities(
      FunctionOpInterface funcOp,
      const llvm::MapVector<Value, SmallVector<ResourceTransientsOp>>
          &byStorage) {
    auto fail = [&] {
      return funcOp.emitError("multiple iree.abi.transients arguments must "
                              "have distinct iree.abi.affinity values");
    };
    llvm::DenseSet<Attribute> argAffinities;
    unsigned annotated = 0;
    for (unsigned i = 0, e = funcOp.getNumArguments(); i < e; ++i) {
      if (!funcOp.getArgAttr(i, "iree.abi.transients"))
        continue;
      ++annotated;
      argAffinities.insert(funcOp.getArgAttr(i, "iree.abi.affinity"));
    }
    if (argAffinities.size() != annotated)
      return fail();
    llvm::DenseSet<Attribute> opAffinities;
    for (auto &entry : byStorage) {
      ResourceTransientsOp first = entry.second.front();
      if (!opAffinities.insert(first.getAffinityAttr()).second)
        return fail();
    }
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Sluice additions (§9.1, §9.5 bounds, §9.7, §9.11 row 8)
  //===--------------------------------------------------------------------===//

  /// §9.3/§9.5/§9.7 with reference-compat=false, between gather and
  /// placement: allocas whose size only the function's own control flow
  /// decides, or whose affinity the storage does not serve, are left in
  /// place (and reported); in the sync invocation model, host-synchronized
  /// allocas are added.
  void applySluicePlacementRules(Explorer &explorer, FunctionOpInterface funcOp,
                                 Gathered &gathered, const FunctionScan &scan) {
    Attribute storageAffinity;
    if (BlockArgument arg = traceStorageArgument(gathered.storage))
      storageAffinity = funcOp.getArgAttr(arg.getArgNumber(), kAbiAffinityAttr);
    // Nothing to check without a storage affinity and with a one-block body:
    // the filters below then read no alloca or dealloca (4 % of the pass's
    // instructions on a chain of 10^5 ops).
    bool checkSizes = !funcOp.getFunctionBody().hasOneBlock();
    auto keep = [&](ResourceAllocaOp allocaOp) {
      Attribute affinity =
          storageAffinity ? allocaOp.getAffinityAttr() : Attribute();
      if (storageAffinity && affinity && affinity != storageAffinity) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "no storage argument matches its affinity " << affinity;
        unplacedTexts[allocaOp] = text;
        return false;
      }
      if (checkSizes &&
          dependsOnBodyBlockArgument(funcOp, allocaOp.getStorageSize())) {
        unplacedReasons[allocaOp] =
            "its size cannot be computed by the size query";
        return false;
      }
      return true;
    };
    if (isSyncModel(funcOp))
      addHostSynchronizedAllocas(explorer, funcOp, gathered, scan);
    size_t numAllocas = gathered.allocas.size();
    if (storageAffinity || checkSizes)
      llvm::erase_if(gathered.allocas, [&](ResourceAllocaOp allocaOp) {
        return !keep(allocaOp);
      });
    // Every dealloca gathered is one of a gathered alloca's.
    if (gathered.allocas.size() == numAllocas)
      return;
    llvm::DenseSet<Value> kept;
    for (ResourceAllocaOp allocaOp : gathered.allocas)
      kept.insert(allocaOp.getResult());
    llvm::erase_if(gathered.deallocas, [&](ResourceDeallocaOp deallocaOp) {
      return !kept.contains(deallocaOp.getOperand());
    });
  }

  /// True if computing `size` needs an argument of a non-entry block of the
  /// function body: a value only the function's branches decide, which the
  /// size query (a copy of the entry computation) cannot know. Arguments of
  /// nested regions (loops) are left to the §9.5 checks. Never true of a
  /// one-block body.
  static bool dependsOnBodyBlockArgument(FunctionOpInterface funcOp,
                                         Value size) {
    Region &body = funcOp.getFunctionBody();
    SmallVector<Value> worklist{size};
    llvm::SmallDenseSet<Value, 16> seen{size};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      auto push = [&](Value next) {
        if (seen.insert(next).second)
          worklist.push_back(next);
      };
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        if (arg.getOwner()->getParent() == &body &&
            !arg.getOwner()->isEntryBlock())
          return true;
        continue;
      }
      Operation *def = value.getDefiningOp();
      for (Value operand : def->getOperands())
        push(operand);
      visitUsedValuesDefinedAbove(def->getRegions(),
                                  [&](OpOperand *use) { push(use->get()); });
    }
    return false;
  }

  /// §9.7: functions are in the sync model unless their reflection says
  /// `iree.abi.model = "coarse-fences"`.
  static bool isSyncModel(FunctionOpInterface funcOp) {
    auto reflection = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr);
    auto model =
        reflection ? reflection.getAs<StringAttr>("iree.abi.model") : nullptr;
    return !model || model.getValue() != "coarse-fences";
  }

  /// §9.7 host-synchronized work: transient allocas off the results'
  /// timeline whose dealloca is awaited by a `stream.timepoint.await` that
  /// runs on every path to the function's return (an await directly in the
  /// body whose block post-dominates the dealloca's). The work is finished
  /// when the call returns, so the storage may hold it. They are appended in
  /// program order, with the loop-order rule of §9.4.
  void addHostSynchronizedAllocas(Explorer &explorer,
                                  FunctionOpInterface funcOp,
                                  Gathered &gathered,
                                  const FunctionScan &scan) {
    // specializeCalls makes and erases no await.
    ArrayRef<TimepointAwaitOp> awaits = scan.bodyAwaits;
    if (awaits.empty())
      return;
    PostDominanceInfo postDomInfo(funcOp);
    llvm::DenseSet<Operation *> gatheredOps;
    for (ResourceAllocaOp allocaOp : gathered.allocas)
      gatheredOps.insert(allocaOp);
    // A dealloca is only used below if its alloca is a candidate (not
    // gathered, in the function, transient). When no dealloca the gather
    // walk reached has a candidate alloca, the ancestry that walk visited
    // (closed: it holds everything it reaches) adds nothing, and the walks
    // from the awaits stop at it. The IR has not changed since that walk.
    auto isCandidate = [&](Operation *deallocaOp) {
      auto allocaOp = cast<ResourceDeallocaOp>(deallocaOp)
                          .getOperand()
                          .getDefiningOp<ResourceAllocaOp>();
      return allocaOp && !gatheredOps.contains(allocaOp) &&
             funcOp->isProperAncestor(allocaOp) &&
             isTransientResourceType(allocaOp.getResult().getType());
    };
    const llvm::DenseSet<Value> *skip = nullptr;
    if (gatherWalkKept && llvm::none_of(gatherDeallocas, isCandidate))
      skip = &gatherVisited;
    llvm::SetVector<Operation *> allocas, deallocas;
    const BlockTimeline *timeline = scan.timeline ? &*scan.timeline : nullptr;
    for (auto [index, constAwaitOp] : llvm::enumerate(awaits)) {
      TimepointAwaitOp awaitOp = constAwaitOp;
      llvm::SetVector<Operation *> reachedAllocas, reachedDeallocas;
      uint32_t seedNode =
          timeline ? awaitDefOf(*timeline, scan.bodyAwaitNodes[index])
                   : BlockTimeline::kNone;
      walkAncestry(explorer, awaitOp.getAwaitTimepoints(), reachedAllocas,
                   reachedDeallocas, /*visitedOut=*/nullptr, skip, timeline,
                   ArrayRef(seedNode));
      for (Operation *op : reachedDeallocas) {
        Operation *top = funcOp.getFunctionBody().findAncestorOpInRegion(*op);
        if (!top || !postDomInfo.postDominates(awaitOp, top))
          continue;
        deallocas.insert(op);
      }
    }
    llvm::DenseSet<Operation *> added;
    for (Operation *op : deallocas) {
      auto allocaOp = cast<ResourceDeallocaOp>(op)
                          .getOperand()
                          .getDefiningOp<ResourceAllocaOp>();
      if (!allocaOp || gatheredOps.contains(allocaOp) ||
          !funcOp->isProperAncestor(allocaOp) ||
          !isTransientResourceType(allocaOp.getResult().getType()))
        continue;
      if (!isLoopSlotReuseOrdered(funcOp, allocaOp, deallocas)) {
        unplacedReasons[allocaOp] =
            "its loop iterations are not ordered on the timeline";
        continue;
      }
      if (gatheredOps.insert(allocaOp).second)
        added.insert(allocaOp);
    }
    if (added.empty())
      return;
    llvm::DenseSet<Value> addedResults;
    // In walk order (nothing is erased yet).
    for (Operation *op : currentAllocas(
             scan, [&](Operation *op) { return added.contains(op); })) {
      auto allocaOp = cast<ResourceAllocaOp>(op);
      gathered.allocas.push_back(allocaOp);
      addedResults.insert(allocaOp.getResult());
    }
    for (Operation *op : deallocas) {
      auto deallocaOp = cast<ResourceDeallocaOp>(op);
      if (addedResults.contains(deallocaOp.getOperand()))
        gathered.deallocas.push_back(deallocaOp);
    }
  }

  /// «... depends on loop-variant value %argN ...» with a note on the op
  /// that owns the value's block (§9.5).
  static LogicalResult emitLoopVariantError(Operation *user,
                                            BlockArgument arg) {
    std::string name;
    llvm::raw_string_ostream os(name);
    arg.printAsOperand(os, OpPrintingFlags());
    InFlightDiagnostic diag =
        user->emitError()
        << "transient allocation size depends on loop-variant value " << name
        << "; external transients need loop-invariant or bounded sizes";
    diag.attachNote(arg.getOwner()->getParentOp()->getLoc())
        << "defined by this op";
    return failure();
  }

  /// Range analysis of the current function, built on first use (shared so
  /// that the pass stays copyable for clonePass).
  std::shared_ptr<TransientSizeBounds> sizeBounds;

  /// §9.5: a size that depends on the loop-variant `arg` is replaced by its
  /// upper bound from integer range analysis (loop bounds,
  /// `util.assume.int`, `sluice.abi.dim_bounds`), materialized as a
  /// constant before `B`; without a bound it is an error.
  FailureOr<Value> boundLoopVariantSize(FunctionOpInterface funcOp,
                                        ResourceAllocaOp member,
                                        BlockArgument arg, Operation *B) {
    if (!sizeBounds) {
      FailureOr<DimBoundMap> dimBounds = collectDimBounds(funcOp);
      if (failed(dimBounds))
        return failure();
      sizeBounds = std::make_shared<TransientSizeBounds>(funcOp, *dimBounds);
      if (!sizeBounds->run())
        return funcOp.emitError(
            "integer range analysis of the transient sizes failed");
    }
    std::optional<uint64_t> bound =
        sizeBounds->getUpperBound(member.getStorageSize());
    if (!bound)
      return emitLoopVariantError(member, arg);
    OpBuilder builder(B);
    return arith::ConstantIndexOp::create(builder, member.getLoc(),
                                          static_cast<int64_t>(*bound))
        .getResult();
  }

  /// §9.11 row 8 (`liveness-packing`): the slots get the lifetimes of
  /// computeTransientSlotLifetimes instead of `[0, 0]`, and the pack asks
  /// layout-slices for `packSlicesBest`, so that slots with disjoint
  /// lifetimes share bytes.
  static SmallVector<int64_t>
  computeSlotLifetimes(const BlockTimeline &timeline, ArrayRef<Slot> slots) {
    SmallVector<Operation *> slotAllocas;
    for (const Slot &slot : slots) {
      ResourceAllocaOp single;
      if (slot.members.size() == 1)
        single = slot.members.front();
      slotAllocas.push_back(single ? single.getOperation() : nullptr);
    }
    SmallVector<int64_t> intervals;
    for (auto [start, end] :
         computeTransientSlotLifetimes(timeline, slotAllocas)) {
      intervals.push_back(start);
      intervals.push_back(end);
    }
    return intervals;
  }
  static void applySlotLifetimes(ResourcePackOp packOp,
                                 ArrayRef<int64_t> intervals,
                                 IndexArrayAttrBuilder &intervalAttrs) {
    Builder builder(packOp.getContext());
    packOp.setLifetimeIntervalsAttr(intervalAttrs.get(intervals));
    packOp->setAttr(kPackLayoutAttr, builder.getStringAttr(kPackLayoutBest));
  }

  /// §9.1 and §9.10: everything that reads the storage buffer runs under
  /// `scf.if required != 0`:
  ///
  ///   %nz = arith.cmpi ne, %required, %c0
  ///   %buf, %len = scf.if %nz -> (!hal.buffer, index) {
  ///     %b = hal.buffer_view.buffer ...   (a view storage; null-tested)
  ///     hal.buffer.assert<%b> message(...) minimum_length(%required)
  ///         {sluice.storage_alignment = A}
  ///     %l = hal.buffer.length<%b>
  ///     scf.yield %b, %l
  ///   } else {
  ///     scf.yield %null, %c0
  ///   }
  ///   %st = stream.tensor.import %buf ... {%len} {sluice.null_if_empty}
  ///
  /// so that a null storage is never dereferenced when nothing is needed,
  /// and the size check (with `size-check`) fails cleanly on a null buffer
  /// when something is. `reads` are the storage reads deferStorageReads
  /// moved after the pack; when it could not move them, only the check is
  /// guarded (their results are used before the pack).
  void guardStorage(OpBuilder &builder, FunctionOpInterface funcOp,
                    Gathered &gathered, Value required, Value zero,
                    Location loc, ArrayRef<Operation *> reads,
                    int64_t alignment) {
    auto importOp = gathered.storage.getDefiningOp<TensorImportOp>();
    if (!importOp)
      return;
    Value source = importOp.getSource();
    if (!isa<hal::BufferType, hal::BufferViewType>(source.getType()))
      return;
    MLIRContext *context = builder.getContext();
    auto bufferType = hal::BufferType::get(context);
    bool guardReads = llvm::is_contained(reads, importOp.getOperation());
    if (!guardReads && !sizeCheck)
      return;
    SmallVector<Operation *> guarded;
    llvm::SmallPtrSet<Operation *, 4> guardedSet;
    if (guardReads)
      for (Operation *op : reads)
        if (op != importOp.getOperation()) {
          guarded.push_back(op);
          guardedSet.insert(op);
        }
    // The values used after the guard: results of guarded reads used
    // outside them, and the import's index operands (0 when empty).
    SmallVector<Value> yielded;
    if (guardReads) {
      for (Operation *op : guarded)
        for (Value result : op->getResults())
          if (llvm::any_of(result.getUsers(), [&](Operation *user) {
                return !guardedSet.contains(user);
              }))
            yielded.push_back(result);
      for (Value operand : importOp->getOperands())
        if (isa<IndexType>(operand.getType()) &&
            !llvm::is_contained(yielded, operand))
          yielded.push_back(operand);
    }
    if (guardReads && !guarded.empty())
      builder.setInsertionPoint(guarded.front());
    else if (guardReads)
      builder.setInsertionPoint(importOp);
    Value nonZero = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, required, zero);
    SmallVector<Type> resultTypes;
    for (Value value : yielded)
      resultTypes.push_back(value.getType());
    auto ifOp = scf::IfOp::create(builder, loc, resultTypes, nonZero,
                                  /*withElseRegion=*/!yielded.empty());
    OpBuilder thenBuilder = OpBuilder::atBlockBegin(ifOp.thenBlock());
    IRMapping mapping;
    // A view's buffer: null for a null view, so that the check reports it.
    auto viewBuffer = [&](Value view) -> Value {
      Value nullView = util::NullOp::create(thenBuilder, loc, view.getType());
      Value isNull = util::CmpEQOp::create(thenBuilder, loc, view, nullView);
      auto nullIf =
          scf::IfOp::create(thenBuilder, loc, TypeRange{bufferType}, isNull,
                            /*withElseRegion=*/true);
      OpBuilder inner = OpBuilder::atBlockBegin(nullIf.thenBlock());
      scf::YieldOp::create(
          inner, loc, ValueRange{util::NullOp::create(inner, loc, bufferType)});
      inner.setInsertionPointToStart(nullIf.elseBlock());
      scf::YieldOp::create(inner, loc,
                           ValueRange{hal::BufferViewBufferOp::create(
                               inner, loc, bufferType, view)});
      return nullIf.getResult(0);
    };
    for (Operation *op : guarded)
      if (auto bufferOp = dyn_cast<hal::BufferViewBufferOp>(op))
        mapping.map(bufferOp.getResult(), viewBuffer(bufferOp.getBufferView()));
    if (sizeCheck) {
      Value buffer = mapping.lookupOrDefault(source);
      if (isa<hal::BufferViewType>(buffer.getType()))
        buffer = viewBuffer(buffer);
      std::string fnName = SymbolTable::getSymbolName(funcOp).str();
      std::string message =
          "external transient storage for '" + fnName + "' (size query '" +
          getUniqueQueryName(funcOp->getParentOfType<ModuleOp>(), fnName) +
          "')";
      AffinityAttr affinity = importOp.getAffinityAttr();
      if (!affinity)
        affinity = gathered.affinity;
      auto resolveOp = ContextResolveOp::create(
          thenBuilder, loc, TypeRange{hal::AllocatorType::get(context)},
          affinity);
      auto assertOp = hal::BufferAssertOp::create(
          thenBuilder, loc, buffer, thenBuilder.getStringAttr(message),
          resolveOp.getResult(0), required, thenBuilder.getI32IntegerAttr(0),
          thenBuilder.getI32IntegerAttr(0));
      // §9.9: pack offsets are relative to the storage start, so its offset
      // in its allocation must honour the alignment the reflection states.
      if (alignment > 1)
        assertOp->setAttr(kStorageAlignmentAttr,
                          thenBuilder.getI64IntegerAttr(alignment));
    }
    if (!guardReads)
      return;
    for (Operation *op : guarded)
      if (!isa<hal::BufferViewBufferOp>(op))
        thenBuilder.clone(*op, mapping);
    SmallVector<Value> thenValues, elseValues;
    OpBuilder elseBuilder = OpBuilder::atBlockBegin(ifOp.elseBlock());
    for (Value value : yielded) {
      thenValues.push_back(mapping.lookupOrDefault(value));
      elseValues.push_back(
          isa<IndexType>(value.getType())
              ? zero
              : util::NullOp::create(elseBuilder, loc, value.getType())
                    .getResult());
    }
    scf::YieldOp::create(thenBuilder, loc, thenValues);
    scf::YieldOp::create(elseBuilder, loc, elseValues);
    // The import reads the guarded values; later users of a read see them.
    for (auto [value, result] : llvm::zip_equal(yielded, ifOp.getResults())) {
      if (value == gathered.storageSize)
        gathered.storageSize = result;
      value.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !ifOp->isAncestor(use.getOwner()) &&
               !guardedSet.contains(use.getOwner());
      });
    }
    for (Operation *op : llvm::reverse(guarded))
      if (op->use_empty())
        op->erase();
    // After the guard: the import is the first op after the scf.if.
    importOp->moveAfter(ifOp);
    importOp->setAttr(kNullIfEmptyAttr, UnitAttr::get(context));
    builder.setInsertionPointAfter(importOp);
  }

  static PlacementTally tallyAllocas(ArrayRef<ResourceAllocaOp> allocas) {
    PlacementTally tally;
    for (ResourceAllocaOp allocaOp : allocas) {
      ++tally.count;
      APInt size;
      if (matchPattern(allocaOp.getStorageSize(), m_ConstantInt(&size)) &&
          !size.isNegative() && size.getActiveBits() < 63)
        tally.bytes = static_cast<int64_t>(std::min<uint64_t>(
            llvm::SaturatingAdd<uint64_t>(tally.bytes, size.getZExtValue()),
            std::numeric_limits<int64_t>::max()));
      else
        ++tally.dynamic;
    }
    return tally;
  }

  /// §9.7 statistics: the function's emplaced and unplaced allocas, read by
  /// `--iree-stream-dump-statistics`.
  static void recordStatistics(FunctionOpInterface funcOp,
                               const PlacementTally &emplaced,
                               const PlacementTally &unplaced) {
    Builder b(funcOp.getContext());
    auto entry = [&](StringRef name, int64_t value) {
      return NamedAttribute(b.getStringAttr(name), b.getI64IntegerAttr(value));
    };
    funcOp->setAttr(kTransientsStatisticsAttr,
                    b.getDictionaryAttr({
                        entry("emplaced", emplaced.count),
                        entry("emplaced_bytes", emplaced.bytes),
                        entry("emplaced_dynamic", emplaced.dynamic),
                        entry("unplaced", unplaced.count),
                        entry("unplaced_bytes", unplaced.bytes),
                        entry("unplaced_dynamic", unplaced.dynamic),
                    }));
  }

  /// §9.7: every transient alloca left in a function with storage. With
  /// `scan` (the function being processed), they are those of the scan that
  /// were not emplaced; without, the function is walked.
  LogicalResult reportUnplaced(Explorer &explorer, FunctionOpInterface funcOp,
                               const PlacementTally &emplaced,
                               const FunctionScan *scan = nullptr) {
    if (!statistics && unplaced == TransientsUnplaced::Ignore)
      return success();
    SmallVector<ResourceAllocaOp> remaining;
    if (scan) {
      // Only the kept ops are dereferenced: the emplaced ones are erased,
      // and a call left in place is no alloca.
      for (Operation *op : currentAllocas(*scan, [&](Operation *op) {
             return !emplacedAllocas.contains(op);
           }))
        if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op))
          remaining.push_back(allocaOp);
    } else {
      funcOp.walk([&](ResourceAllocaOp allocaOp) {
        if (isTransientResourceType(allocaOp.getResult().getType()))
          remaining.push_back(allocaOp);
      });
    }
    if (statistics)
      recordStatistics(funcOp, emplaced, tallyAllocas(remaining));
    if (unplaced == TransientsUnplaced::Ignore)
      return success();
    if (remaining.empty())
      return success();
    // Allocas on the ancestry of a host wait were cut off by it.
    SmallVector<Value> hostWaits;
    funcOp.walk([&](TimepointAwaitOp awaitOp) {
      hostWaits.push_back(awaitOp.getAwaitTimepoint());
    });
    llvm::SetVector<Operation *> beforeHostWait, unusedDeallocas;
    walkAncestry(explorer, hostWaits, beforeHostWait, unusedDeallocas);
    bool failedAny = false;
    for (ResourceAllocaOp allocaOp : remaining) {
      StringRef reason =
          unplacedTexts.contains(allocaOp) ? StringRef(unplacedTexts[allocaOp])
          : unplacedReasons.contains(allocaOp)
              ? unplacedReasons.lookup(allocaOp)
          : beforeHostWait.contains(allocaOp)
              ? "it follows a host wait that breaks the timeline"
              : "it is not on the timeline of any annotated result";
      std::string sizeText;
      APInt constantSize;
      if (matchPattern(allocaOp.getStorageSize(), m_ConstantInt(&constantSize)))
        sizeText = std::to_string(constantSize.getZExtValue());
      else
        sizeText = "<dynamic>";
      std::string text = "transient allocation of " + sizeText +
                         " bytes was not placed in external transient "
                         "storage: " +
                         reason.str();
      if (unplaced == TransientsUnplaced::Error) {
        allocaOp.emitError(text);
        failedAny = true;
      } else {
        allocaOp.emitWarning(text);
      }
    }
    return failure(failedAny);
  }
};

} // namespace
} // namespace sluice::stream
