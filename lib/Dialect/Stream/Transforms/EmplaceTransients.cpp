//===- EmplaceTransients.cpp - --iree-stream-emplace-transients ----------===//
//
// Places the transient allocas on the timeline of the results annotated with
// `stream.resource.transients` into the caller's storage
// (external-transients.md §5, §9). With reference-compat=true the output is
// the reference's; see the pass description for what changes with false.
//
//===----------------------------------------------------------------------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

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
  Value storage;
  Value storageSize;
  AffinityAttr affinity;
  SmallVector<ResourceAllocaOp> allocas;
  SmallVector<ResourceDeallocaOp> deallocas;
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
/// transient allocas and deallocas reached, in the order reported.
void walkTimelineAncestry(Explorer &explorer, ArrayRef<Value> seeds,
                          llvm::SetVector<Operation *> &allocas,
                          llvm::SetVector<Operation *> &deallocas) {
  SmallVector<Value> worklist;
  llvm::DenseSet<Value> visited;
  for (Value seed : seeds)
    if (seed && visited.insert(seed).second)
      worklist.push_back(seed);
  while (!worklist.empty()) {
    Value timepoint = worklist.pop_back_val();
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
          if (await && visited.insert(await).second)
            worklist.push_back(await);
      return WalkResult::advance();
    });
  }
}

struct EmplaceTransientsPass
    : impl::EmplaceTransientsPassBase<EmplaceTransientsPass> {
  using Base::Base;

  /// Why an alloca of the current function was left in place (§9.7).
  llvm::DenseMap<Operation *, StringRef> unplacedReasons;

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    Explorer explorer(moduleOp, TraversalAction::RECURSE);
    explorer.initialize();
    for (auto funcOp :
         llvm::make_early_inc_range(moduleOp.getOps<FunctionOpInterface>())) {
      if (funcOp.isExternal())
        continue;
      if (failed(processFunction(explorer, funcOp)))
        return signalPassFailure();
    }
  }

  //===--------------------------------------------------------------------===//
  // Per function (§5.1)
  //===--------------------------------------------------------------------===//

  LogicalResult processFunction(Explorer &explorer,
                                FunctionOpInterface funcOp) {
    unplacedReasons.clear();
    Gathered gathered;
    funcOp.walk(
        [&](ResourceTransientsOp op) { gathered.transientsOps.push_back(op); });
    if (gathered.transientsOps.empty())
      return success();
    if (!funcOp.isPublic())
      return funcOp.emitError(
          "only public functions with stream.resource.transients are "
          "supported");
    if (failed(checkCalls(funcOp)))
      return failure();
    if (failed(gather(explorer, funcOp, gathered)))
      return failure();
    if (!referenceCompat &&
        failed(addStorageWait(funcOp, gathered.storage, gathered.allocas,
                              gathered.affinity)))
      return failure();
    if (gathered.allocas.empty()) {
      emplaceNothing(gathered);
    } else if (failed(process(funcOp, gathered))) {
      return failure();
    }
    if (!referenceCompat)
      return reportUnplaced(explorer, funcOp);
    return success();
  }

  /// §5.1 step 3; with reference-compat=false calls to callees that
  /// transitively allocate no transient memory are accepted (§9.2 item 1).
  LogicalResult checkCalls(FunctionOpInterface funcOp) {
    auto callResult = funcOp.walk([&](CallOpInterface callOp) {
      if (referenceCompat) {
        funcOp.emitError("function contains function calls, which are not "
                         "supported by EmplaceTransientsPass");
        return WalkResult::interrupt();
      }
      Operation *allocating = findAllocatingCallee(callOp);
      if (!allocating)
        return WalkResult::advance();
      InFlightDiagnostic diag =
          callOp.emitError()
          << "call to '@" << SymbolTable::getSymbolName(allocating).getValue()
          << "' performs transient allocations; "
             "external transients do not yet place the "
             "transients of callees";
      diag.attachNote(allocating->getLoc()) << "callee defined here";
      return WalkResult::interrupt();
    });
    return failure(callResult.wasInterrupted());
  }

  /// The first callee reachable from `callOp` (transitively) that contains a
  /// transient alloca; null if none. Indirect calls count as allocating
  /// (returns the caller's function).
  Operation *findAllocatingCallee(CallOpInterface callOp) {
    SmallVector<Operation *> worklist;
    llvm::DenseSet<Operation *> visited;
    auto enqueue = [&](CallOpInterface call) -> Operation * {
      auto symbol = dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
      if (!symbol)
        return call->getParentOfType<FunctionOpInterface>();
      Operation *callee = SymbolTable::lookupNearestSymbolFrom(call, symbol);
      if (callee && visited.insert(callee).second)
        worklist.push_back(callee);
      return nullptr;
    };
    if (Operation *indirect = enqueue(callOp))
      return indirect;
    while (!worklist.empty()) {
      Operation *callee = worklist.pop_back_val();
      Operation *found = nullptr;
      callee->walk([&](Operation *op) {
        if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
          if (isTransientResourceType(allocaOp.getResult().getType())) {
            found = callee;
            return WalkResult::interrupt();
          }
        } else if (auto nestedCall = dyn_cast<CallOpInterface>(op)) {
          if (Operation *indirect = enqueue(nestedCall)) {
            found = indirect;
            return WalkResult::interrupt();
          }
        }
        return WalkResult::advance();
      });
      if (found)
        return found;
    }
    return nullptr;
  }

  //===--------------------------------------------------------------------===//
  // Gather (§5.2)
  //===--------------------------------------------------------------------===//

  LogicalResult gather(Explorer &explorer, FunctionOpInterface funcOp,
                       Gathered &gathered) {
    ResourceTransientsOp first = gathered.transientsOps.front();
    for (ResourceTransientsOp op : gathered.transientsOps) {
      if (op.getStorage() != first.getStorage())
        return op.emitError(
            "multiple unique storage buffers not supported - all "
            "stream.resource.transients ops must use the same storage");
    }
    gathered.storage = first.getStorage();
    gathered.storageSize = first.getStorageSize();
    gathered.affinity = first.getAffinityAttr();

    SmallVector<Value> seeds;
    for (ResourceTransientsOp op : gathered.transientsOps)
      seeds.push_back(op.getAwaitTimepoint());
    llvm::SetVector<Operation *> allocas, deallocas;
    walkTimelineAncestry(explorer, seeds, allocas, deallocas);

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
    return success();
  }

  /// True if `from` reaches a value accepted by `isTarget` through the
  /// awaits of timeline ops.
  static bool timelineReaches(Value from,
                              llvm::function_ref<bool(Value)> isTarget) {
    if (!from)
      return false;
    SmallVector<Value> worklist{from};
    llvm::DenseSet<Value> seen{from};
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

  /// §5.3 A.
  void emplaceNothing(Gathered &gathered) {
    ResourceTransientsOp first = gathered.transientsOps.front();
    OpBuilder builder(first);
    auto packOp = ResourcePackOp::create(builder, first.getLoc(), Value(),
                                         ValueRange{}, gathered.affinity);
    packOp->setAttr(kTransientsPackAttr, builder.getUnitAttr());
    for (ResourceTransientsOp op : gathered.transientsOps)
      eraseTransientsOp(op);
  }

  LogicalResult process(FunctionOpInterface funcOp, Gathered &gathered) {
    DominanceInfo domInfo(funcOp);
    FailureOr<Operation *> insertionOp =
        referenceCompat ? findInsertionPoint(funcOp, gathered, domInfo)
                        : findEntryInsertionPoint(funcOp, gathered);
    if (failed(insertionOp))
      return failure();
    Operation *B = *insertionOp;

    SmallVector<Slot> slots = assignSlots(gathered);

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
    Location loc = gathered.transientsOps.front().getLoc();
    SmallVector<Value> sizes;
    for (Slot &slot : slots)
      sizes.push_back(slot.size);
    auto packOp =
        ResourcePackOp::create(builder, loc, Value(), sizes, gathered.affinity);
    packOp->setAttr(kTransientsPackAttr, builder.getUnitAttr());
    Value required = packOp.getTotalLength();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    if (!referenceCompat && sizeCheck)
      emitSizeCheck(builder, funcOp, gathered, required, zero, loc);
    if (!referenceCompat)
      deferStorageReads({gathered.storage, gathered.storageSize}, B);
    Type storageType = gathered.storage.getType();
    Value base =
        ResourceSubviewOp::create(builder, loc, storageType, gathered.storage,
                                  gathered.storageSize, zero, required)
            .getResult();

    // G. Rewrite.
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
  FailureOr<Operation *> findEntryInsertionPoint(FunctionOpInterface funcOp,
                                                 Gathered &gathered) {
    return earliestAncestorIn(funcOp, gathered,
                              &funcOp.getFunctionBody().front());
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
  LogicalResult checkComputable(Value value, Operation *user,
                                FunctionOpInterface funcOp,
                                llvm::DenseSet<Value> &checked) {
    Block *entry = &funcOp.getFunctionBody().front();
    SmallVector<Value> worklist{value};
    while (!worklist.empty()) {
      Value current = worklist.pop_back_val();
      if (!checked.insert(current).second)
        continue;
      if (auto arg = dyn_cast<BlockArgument>(current)) {
        if (arg.getOwner() == entry)
          continue;
        std::string name;
        llvm::raw_string_ostream os(name);
        arg.printAsOperand(os, OpPrintingFlags());
        InFlightDiagnostic diag =
            user->emitError()
            << "transient allocation size depends on loop-variant value "
            << name
            << "; external transients need loop-invariant or bounded sizes";
        diag.attachNote(arg.getOwner()->getParentOp()->getLoc())
            << "defined by this op";
        return failure();
      }
      Operation *def = current.getDefiningOp();
      if (!isMemoryEffectFree(def) || isa<CallOpInterface>(def)) {
        InFlightDiagnostic diag = user->emitError()
                                  << "transient allocation size depends on '"
                                  << def->getName()
                                  << "' which has side effects; it cannot be "
                                     "computed by the size query";
        diag.attachNote(def->getLoc()) << "see this op";
        return failure();
      }
      if (def->getBlock() != entry && !isSpeculatableOp(def)) {
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
    // Positions of the entry block taken once: moving ops would make every
    // isBeforeInBlock query renumber the block (quadratic on long bodies).
    Operation *def = value.getDefiningOp();
    auto position = entryPositions.find(def);
    bool inEntry = position != entryPositions.end();
    if (inEntry && position->second < entryPositions.lookup(B))
      return value;
    SmallVector<Value> inputs(def->getOperands());
    visitUsedValuesDefinedAbove(def->getRegions(), [&](OpOperand *use) {
      inputs.push_back(use->get());
    });
    for (Value input : inputs)
      materializeBefore(input, B, mapping);
    if (inEntry) {
      def->moveBefore(B);
      for (Value result : def->getResults())
        mapping.map(result, result);
      return value;
    }
    OpBuilder builder(B);
    Operation *clone = builder.clone(*def, mapping);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  }

  /// Position of every op of the entry block (computeSlotSizesAtEntry).
  llvm::DenseMap<Operation *, unsigned> entryPositions;

  LogicalResult computeSlotSizesAtEntry(FunctionOpInterface funcOp,
                                        Gathered &gathered,
                                        SmallVector<Slot> &slots, Operation *B,
                                        DominanceInfo &domInfo) {
    llvm::DenseSet<Value> checked;
    for (Slot &slot : slots)
      for (ResourceAllocaOp member : slot.members)
        if (failed(checkComputable(member.getStorageSize(), member, funcOp,
                                   checked)))
          return failure();
    // The storage is always hoisted to the entry block (§9.11 row 4); it is
    // pure (an import and a length query) or an argument.
    Operation *firstTransients = gathered.transientsOps.front();
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
    entryPositions.clear();
    for (auto [index, op] : llvm::enumerate(B->getBlock()->getOperations()))
      entryPositions[&op] = index;
    IRMapping mapping;
    gathered.storage = materializeBefore(gathered.storage, B, mapping);
    gathered.storageSize = materializeBefore(gathered.storageSize, B, mapping);
    for (Slot &slot : slots) {
      SmallVector<Value> sizes;
      for (ResourceAllocaOp member : slot.members)
        sizes.push_back(materializeBefore(member.getStorageSize(), B, mapping));
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
  // Sluice additions (§9.1, §9.7)
  //===--------------------------------------------------------------------===//

  /// §9.1: `hal.buffer.assert` of the storage buffer against the packed
  /// size, guarded by `required != 0` so that a null storage is never read.
  void emitSizeCheck(OpBuilder &builder, FunctionOpInterface funcOp,
                     Gathered &gathered, Value required, Value zero,
                     Location loc) {
    auto importOp = gathered.storage.getDefiningOp<TensorImportOp>();
    if (!importOp)
      return;
    Value source = importOp.getSource();
    if (!isa<hal::BufferType, hal::BufferViewType>(source.getType()))
      return;
    MLIRContext *context = builder.getContext();
    std::string fnName = SymbolTable::getSymbolName(funcOp).str();
    std::string message =
        "external transient storage for '" + fnName + "' (size query '" +
        getUniqueQueryName(funcOp->getParentOfType<ModuleOp>(), fnName) + "')";
    Value nonZero = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, required, zero);
    auto ifOp = scf::IfOp::create(builder, loc, nonZero, /*withElse=*/false);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    Value buffer = source;
    if (isa<hal::BufferViewType>(source.getType()))
      buffer = hal::BufferViewBufferOp::create(
          thenBuilder, loc, hal::BufferType::get(context), source);
    AffinityAttr affinity = importOp.getAffinityAttr();
    if (!affinity)
      affinity = gathered.affinity;
    auto resolveOp = ContextResolveOp::create(
        thenBuilder, loc, TypeRange{hal::AllocatorType::get(context)},
        affinity);
    hal::BufferAssertOp::create(
        thenBuilder, loc, buffer, thenBuilder.getStringAttr(message),
        resolveOp.getResult(0), required, thenBuilder.getI32IntegerAttr(0),
        thenBuilder.getI32IntegerAttr(0));
  }

  /// §9.7: every transient alloca left in a function with storage.
  LogicalResult reportUnplaced(Explorer &explorer, FunctionOpInterface funcOp) {
    if (unplaced == TransientsUnplaced::Ignore)
      return success();
    SmallVector<ResourceAllocaOp> remaining;
    funcOp.walk([&](ResourceAllocaOp allocaOp) {
      if (isTransientResourceType(allocaOp.getResult().getType()))
        remaining.push_back(allocaOp);
    });
    if (remaining.empty())
      return success();
    // Allocas on the ancestry of a host wait were cut off by it.
    SmallVector<Value> hostWaits;
    funcOp.walk([&](TimepointAwaitOp awaitOp) {
      hostWaits.push_back(awaitOp.getAwaitTimepoint());
    });
    llvm::SetVector<Operation *> beforeHostWait, unusedDeallocas;
    walkTimelineAncestry(explorer, hostWaits, beforeHostWait, unusedDeallocas);
    bool failedAny = false;
    for (ResourceAllocaOp allocaOp : remaining) {
      StringRef reason =
          unplacedReasons.contains(allocaOp) ? unplacedReasons.lookup(allocaOp)
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
