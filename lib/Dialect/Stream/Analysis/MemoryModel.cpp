//===- MemoryModel.cpp - static memory and schedule model -----------------===//

#include "sluice/Dialect/Stream/Analysis/MemoryModel.h"

#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

namespace sluice::stream {

static std::optional<uint64_t> getConstantBytes(Value value) {
  APInt v;
  if (value && matchPattern(value, m_ConstantInt(&v)) && !v.isNegative() &&
      v.getActiveBits() <= 64)
    return v.getZExtValue();
  return std::nullopt;
}

void ByteTotal::add(Value size) {
  ++count;
  if (!size) {
    ++unknown;
    return;
  }
  if (std::optional<uint64_t> bytes = getConstantBytes(size))
    known = llvm::SaturatingAdd(known, *bytes);
  else
    dynamic.push_back(size);
}

void ByteTotal::add(uint64_t bytes) {
  ++count;
  known = llvm::SaturatingAdd(known, bytes);
}

namespace {

/// One resource access of a command: (resource, offset, length) and whether
/// it only writes (starts a new value in the range).
struct Access {
  Value resource, offset, length;
  bool writeOnly = false;
};

/// Whether entry `index` of a command's access array is write-only.
bool isWriteOnly(ArrayAttr accesses, unsigned index) {
  auto attr = accesses && index < accesses.size()
                  ? dyn_cast<IntegerAttr>(accesses[index])
                  : nullptr;
  // ResourceAccessBitfield: Read = 1, Write = 2.
  return attr && attr.getInt() == 2;
}

void getCommandAccesses(Operation *op, SmallVectorImpl<Access> &accesses) {
  // The i-th resource of a command uses the i-th offset, length and access
  // kind. Only resource-typed operands have ranges (a `stream.cmd.call`
  // also passes primitive operands); ranges missing from an op that did not
  // pass its verifier are not invented.
  auto addRanges = [&](ValueRange operands, ValueRange offsets,
                       ValueRange lengths, ArrayAttr kinds) {
    unsigned i = 0;
    for (Value resource : operands) {
      if (!isa<ResourceType>(resource.getType()))
        continue;
      if (i >= offsets.size() || i >= lengths.size())
        return;
      accesses.push_back(
          {resource, offsets[i], lengths[i], isWriteOnly(kinds, i)});
      ++i;
    }
  };
  if (auto dispatchOp = dyn_cast<CmdDispatchOp>(op))
    addRanges(dispatchOp.getResources(), dispatchOp.getResourceOffsets(),
              dispatchOp.getResourceLengths(),
              dispatchOp.getResourceAccesses());
  else if (auto collectiveOp = dyn_cast<CmdCollectiveOp>(op))
    addRanges(collectiveOp.getResources(), collectiveOp.getResourceOffsets(),
              collectiveOp.getResourceLengths(),
              collectiveOp.getResourceAccesses());
  else if (auto callOp = dyn_cast<CmdCallOp>(op))
    addRanges(callOp.getResourceOperands(), callOp.getResourceOperandOffsets(),
              callOp.getResourceOperandLengths(),
              callOp.getResourceOperandAccesses());
  else if (auto copyOp = dyn_cast<CmdCopyOp>(op)) {
    accesses.push_back(
        {copyOp.getSource(), copyOp.getSourceOffset(), copyOp.getLength()});
    accesses.push_back({copyOp.getTarget(), copyOp.getTargetOffset(),
                        copyOp.getLength(), /*writeOnly=*/true});
  } else if (auto fillOp = dyn_cast<CmdFillOp>(op))
    accesses.push_back({fillOp.getTarget(), fillOp.getTargetOffset(),
                        fillOp.getTargetLength(), /*writeOnly=*/true});
  else if (auto flushOp = dyn_cast<CmdFlushOp>(op))
    accesses.push_back({flushOp.getTarget(), flushOp.getTargetOffset(),
                        flushOp.getTargetLength()});
  else if (auto invalidateOp = dyn_cast<CmdInvalidateOp>(op))
    accesses.push_back({invalidateOp.getTarget(),
                        invalidateOp.getTargetOffset(),
                        invalidateOp.getTargetLength()});
  else if (auto discardOp = dyn_cast<CmdDiscardOp>(op))
    accesses.push_back({discardOp.getTarget(), discardOp.getTargetOffset(),
                        discardOp.getTargetLength()});
}

bool isTransientResource(Value value) {
  auto type = dyn_cast<ResourceType>(value.getType());
  return type && type.getLifetime() == Lifetime::Transient;
}

/// The size of `value` from its defining op, when it reports one.
Value findDefinedSize(Value value) {
  if (auto allocaOp = value.getDefiningOp<ResourceAllocaOp>())
    return allocaOp.getStorageSize();
  if (auto sizeAware = value.getDefiningOp<util::SizeAwareOpInterface>())
    return sizeAware.getResultSizeFromValue(value);
  return nullptr;
}

/// Timeline facts of a timepoint value.
struct TimepointInfo {
  int64_t level = 0;
  SmallVector<unsigned, 4> producers;
  bool truncated = false;
};

class ModelBuilder {
public:
  explicit ModelBuilder(FunctionMemoryModel &model) : model(model) {}

  void build() {
    walkBody(model.func.getOperation());
    finish();
  }

private:
  /// Visits the ops of `funcOp` in program order; calls are looked into.
  void walkBody(Operation *funcOp) {
    funcOp->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == funcOp)
        return;
      if (!calleeStack.empty())
        ++calleeOpsVisited;
      assignTick(op);
      visit(op);
      // Host calls (`util.call`); stream calls (`stream.async.call`,
      // `stream.cmd.call`) are device work.
      if (auto callOp = dyn_cast<CallOpInterface>(op))
        if (!isa<AsyncCallOp, CmdCallOp>(op))
          visitCall(callOp);
    });
  }

  /// A value of a callee being looked into, traced back through the
  /// callee's entry block arguments to the calling function's value.
  Value resolve(Value value) {
    if (frameOfBlock.empty())
      return value;
    for (unsigned depth = 0; depth < 64; ++depth) {
      auto arg = dyn_cast_or_null<BlockArgument>(value);
      if (!arg)
        break;
      auto it = frameOfBlock.find(arg.getOwner());
      if (it == frameOfBlock.end())
        break;
      auto operands = it->second.getArgOperands();
      if (arg.getArgNumber() >= operands.size())
        break;
      value = operands[arg.getArgNumber()];
    }
    return value;
  }

  /// The callee being looked into that defines `value` and the number of
  /// its call instance ({null, 0}: the function itself): a callee's allocas
  /// are distinct slabs per call.
  std::pair<Operation *, unsigned> instanceOf(Value value) {
    if (instanceOfCallee.empty())
      return {nullptr, 0};
    Region *region = value.getParentRegion();
    Operation *owner = region ? region->getParentOp() : nullptr;
    while (owner && !isa<FunctionOpInterface>(owner))
      owner = owner->getParentOp();
    auto it = owner ? instanceOfCallee.find(owner) : instanceOfCallee.end();
    if (it == instanceOfCallee.end())
      return {nullptr, 0};
    return {owner, it->second};
  }
  unsigned instanceNumber(Value value) { return instanceOf(value).second; }

  /// Looks into the callee of `callOp` (see MemoryModel.h): its body is
  /// walked as if it ran here, with its arguments bound to the call's
  /// operands; the call's timepoint results take the timeline facts of the
  /// callee's returned timepoints.
  void visitCall(CallOpInterface callOp) {
    auto callee = dyn_cast_or_null<FunctionOpInterface>(
        callOp.resolveCallableInTable(&symbolTables));
    if (!callee || callee.isExternal() ||
        callee.getOperation() == model.func.getOperation() ||
        llvm::is_contained(calleeStack, callee.getOperation()) ||
        calleeOpsVisited >= FunctionMemoryModel::kMaxCalleeOps) {
      ++model.opaqueCalls;
      return;
    }
    Block &entry = callee.getFunctionBody().front();
    if (entry.getNumArguments() != callOp.getArgOperands().size() ||
        frameOfBlock.contains(&entry)) {
      ++model.opaqueCalls;
      return;
    }
    auto [it, inserted] =
        calleeIndex.try_emplace(callee.getOperation(), model.callees.size());
    if (inserted)
      model.callees.push_back({callee.getOperation(), 0});
    ++model.callees[it->second].calls;

    frameOfBlock[&entry] = callOp;
    instanceOfCallee[callee.getOperation()] = ++instanceCount;
    calleeStack.push_back(callee.getOperation());
    walkBody(callee.getOperation());
    calleeStack.pop_back();
    instanceOfCallee.erase(callee.getOperation());

    // Timepoint results: what the callee's returned timepoints wait for.
    for (OpResult result : callOp->getResults()) {
      if (!isa<TimepointType>(result.getType()))
        continue;
      SmallVector<Value> returned;
      for (Block &block : callee.getFunctionBody()) {
        if (block.empty() || !block.mightHaveTerminator())
          continue;
        Operation *terminator = block.getTerminator();
        if (terminator->hasTrait<mlir::OpTrait::ReturnLike>() &&
            result.getResultNumber() < terminator->getNumOperands())
          returned.push_back(terminator->getOperand(result.getResultNumber()));
      }
      timepointInfos[result] = lookupTimepoints(returned);
    }
    frameOfBlock.erase(&entry);
  }

  void assignTick(Operation *op) {
    Operation *parent = op->getParentOp();
    auto it = sharedTick.find(parent);
    int64_t tick = it != sharedTick.end() ? it->second : nextTick++;
    ticks[op] = tick;
    if (isa<CmdConcurrentOp>(op) || it != sharedTick.end())
      sharedTick[op] = tick;
    // Command ordinals inside execution regions (terminators excluded).
    if (op->hasTrait<mlir::OpTrait::IsTerminator>())
      return;
    if (auto executeOp = dyn_cast<CmdExecuteOp>(parent)) {
      unsigned region = regionIndex.lookup(executeOp);
      model.commandPositions[op] = {region,
                                    model.regions[region].commandCount++};
    } else if (auto pos = model.commandPositions.find(parent);
               pos != model.commandPositions.end()) {
      unsigned region = pos->second.first;
      unsigned ordinal = isa<CmdConcurrentOp>(parent)
                             ? pos->second.second
                             : model.regions[region].commandCount++;
      model.commandPositions[op] = {region, ordinal};
    }
  }

  TimepointInfo lookupTimepoints(ValueRange timepoints) {
    TimepointInfo info;
    info.level = hostFrontier;
    for (Value tp : timepoints) {
      if (!tp)
        continue;
      auto it = timepointInfos.find(resolve(tp));
      if (it == timepointInfos.end())
        continue;
      info.level = std::max(info.level, it->second.level);
      info.truncated |= it->second.truncated;
      for (unsigned p : it->second.producers) {
        if (llvm::is_contained(info.producers, p))
          continue;
        if (info.producers.size() >= FunctionMemoryModel::kMaxWaits) {
          info.truncated = true;
          break;
        }
        info.producers.push_back(p);
      }
    }
    return info;
  }

  void visit(Operation *op) {
    if (auto executeOp = dyn_cast<CmdExecuteOp>(op)) {
      visitExecute(executeOp);
    } else if (auto awaitOp = dyn_cast<TimepointAwaitOp>(op)) {
      TimepointInfo info = lookupTimepoints(awaitOp.getAwaitTimepoints());
      hostFrontier = std::max(hostFrontier, info.level);
      model.hostWaits.push_back({op, info.level});
    } else if (auto joinOp = dyn_cast<TimepointJoinOp>(op)) {
      timepointInfos[joinOp.getResultTimepoint()] =
          lookupTimepoints(joinOp.getTimepoints());
    } else if (auto timelineOp = dyn_cast<TimelineOpInterface>(op)) {
      if (Value result = timelineOp.getResultTimepoint())
        timepointInfos[result] =
            lookupTimepoints(timelineOp.getAwaitTimepoints());
    }

    if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
      if (isTransientResource(allocaOp.getResult())) {
        TransientSlab &slab = getOrCreateSlab(allocaOp.getResult());
        slab.start = ticks[op];
        model.transientsAllocated.add(resolve(allocaOp.getStorageSize()));
      }
    } else if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op)) {
      Value root = findRoot(deallocaOp.getOperand()).root;
      auto it = slabIndex.find({root, instanceNumber(root)});
      if (it != slabIndex.end())
        deallocTicks[it->second] = ticks[op];
    } else if (auto constantsOp = dyn_cast<ResourceConstantsOp>(op)) {
      for (auto [value, size] :
           llvm::zip(constantsOp.getValues(), constantsOp.getResultSizes())) {
        if (isa<NamedParameterAttr>(value))
          model.parametersRead.add(resolve(size));
        else
          model.constants.add(resolve(size));
      }
    } else if (auto tryMapOp = dyn_cast<ResourceTryMapOp>(op)) {
      auto type = cast<ResourceType>(tryMapOp.getResult().getType());
      if (type.getLifetime() == Lifetime::Constant)
        model.constants.add(resolve(tryMapOp.getResultSize()));
    } else if (auto constantOp = dyn_cast<AsyncConstantOp>(op)) {
      model.constants.add(resolve(constantOp.getResultSize()));
    } else if (auto loadOp = dyn_cast<CmdParameterLoadOp>(op)) {
      for (Value size : loadOp.getResultSizes())
        model.parametersRead.add(resolve(size));
    } else if (auto readOp = dyn_cast<CmdParameterReadOp>(op)) {
      model.parametersRead.add(resolve(readOp.getTargetLength()));
    } else if (auto gatherOp = dyn_cast<CmdParameterGatherOp>(op)) {
      for (Value length : gatherOp.getTargetLengths())
        model.parametersRead.add(resolve(length));
    } else if (auto writeOp = dyn_cast<CmdParameterWriteOp>(op)) {
      model.parametersWritten.add(resolve(writeOp.getSourceLength()));
    } else if (auto scatterOp = dyn_cast<CmdParameterScatterOp>(op)) {
      for (Value length : scatterOp.getSourceLengths())
        model.parametersWritten.add(resolve(length));
    } else if (op->hasTrait<mlir::OpTrait::ReturnLike>() &&
               op->getParentOp() == model.func.getOperation()) {
      for (Value value : op->getOperands())
        if (isa<ResourceType>(value.getType()) ||
            value.getDefiningOp<TensorExportOp>())
          model.externalResults.add(findResultSize(value));
    }

    // Accesses of commands inside execution regions.
    auto pos = model.commandPositions.find(op);
    if (pos == model.commandPositions.end())
      return;
    SmallVector<Access> accesses;
    getCommandAccesses(op, accesses);
    for (const Access &access : accesses)
      recordAccess(op, pos->second.first, access);
  }

  void visitExecute(CmdExecuteOp executeOp) {
    TimepointInfo info = lookupTimepoints(executeOp.getAwaitTimepoints());
    ExecutionRegion region;
    region.op = executeOp;
    region.tick = ticks[executeOp];
    region.level = info.level;
    region.waits.assign(info.producers.begin(), info.producers.end());
    region.waitsTruncated = info.truncated;
    region.callee = calleeStack.empty() ? nullptr : calleeStack.back();
    if (Attribute affinity = executeOp.getAffinityAttr()) {
      llvm::raw_string_ostream os(region.affinity);
      affinity.print(os);
    } else {
      region.affinity = "default";
    }
    // Queue lanes: a lane of the affinity free at this level (the one that
    // became free first), else a new one. Lanes are a min-heap on their end.
    AffinityLanes &lanes = laneEnds[region.affinity];
    auto later = [](auto a, auto b) { return a.first > b.first; };
    if (!lanes.heap.empty() && lanes.heap.front().first <= region.level) {
      std::pop_heap(lanes.heap.begin(), lanes.heap.end(), later);
      region.lane = lanes.heap.back().second;
      lanes.heap.back().first = region.level + 1;
    } else {
      region.lane = lanes.count++;
      lanes.heap.push_back({region.level + 1, region.lane});
    }
    std::push_heap(lanes.heap.begin(), lanes.heap.end(), later);
    unsigned index = model.regions.size();
    regionIndex[executeOp] = index;
    model.regions.push_back(std::move(region));
    model.levelCount = std::max(model.levelCount, info.level + 1);
    TimepointInfo done;
    done.level = info.level + 1;
    done.producers.push_back(index);
    timepointInfos[executeOp.getResultTimepoint()] = std::move(done);
  }

  /// Where an accessed value lives: its slab root (through execution region
  /// captures, subviews and ties), its constant offset in the root (nullopt
  /// when dynamic) and the root's size as last seen on the way (the source
  /// size of a subview of it, or the size it was captured with).
  struct RootInfo {
    Value root;
    std::optional<uint64_t> offset = 0;
    Value size;
  };
  RootInfo findRoot(Value value) {
    RootInfo info;
    for (unsigned depth = 0; depth < 256; ++depth) {
      // A callee's arguments map to the call's operands.
      value = resolve(value);
      // Execution region arguments map to their captured operands.
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        auto executeOp =
            dyn_cast_or_null<CmdExecuteOp>(arg.getOwner()->getParentOp());
        unsigned index = arg.getArgNumber();
        if (!executeOp || arg.getOwner() != &executeOp.getBody().front() ||
            index >= executeOp.getResourceOperands().size())
          break;
        value = executeOp.getResourceOperands()[index];
        if (index < executeOp.getResourceOperandSizes().size())
          info.size = executeOp.getResourceOperandSizes()[index];
        continue;
      }
      if (auto subviewOp = value.getDefiningOp<ResourceSubviewOp>()) {
        std::optional<uint64_t> base =
            getConstantBytes(resolve(subviewOp.getSourceOffset()));
        info.offset = info.offset && base
                          ? std::optional<uint64_t>(
                                llvm::SaturatingAdd(*info.offset, *base))
                          : std::nullopt;
        value = subviewOp.getSource();
        info.size = subviewOp.getSourceSize();
        continue;
      }
      auto tiedOp = value.getDefiningOp<util::TiedOpInterface>();
      Value tied = tiedOp ? tiedOp.getTiedResultOperand(value) : nullptr;
      if (!tied || !isTransientResource(tied) ||
          isa<ResourceTransientsOp>(tiedOp))
        break;
      // A tied result shares its operand's storage and size.
      if (auto sizeAware =
              dyn_cast<util::SizeAwareOpInterface>(tiedOp.getOperation()))
        if (Value size = sizeAware.getResultSizeFromValue(value))
          info.size = size;
      value = tied;
    }
    info.root = value;
    return info;
  }

  TransientSlab &getOrCreateSlab(Value root) {
    auto [owner, instance] = instanceOf(root);
    auto [it, inserted] =
        slabIndex.try_emplace({root, instance}, model.slabs.size());
    if (inserted) {
      activeSlots.emplace_back();
      TransientSlab slab;
      slab.root = root;
      slab.external = !root.getDefiningOp<ResourceAllocaOp>();
      slab.callee = owner;
      if (Value size = findDefinedSize(root))
        slab.size = resolve(size);
      slab.staticSize = getConstantBytes(slab.size);
      slab.start = std::numeric_limits<int64_t>::max();
      slab.end = std::numeric_limits<int64_t>::min();
      model.slabs.push_back(std::move(slab));
      slotIndices.emplace_back();
    }
    return model.slabs[it->second];
  }

  void recordAccess(Operation *op, unsigned region, const Access &access) {
    RootInfo where = findRoot(access.resource);
    Value root = where.root;
    std::optional<uint64_t> base = where.offset;
    if (!isTransientResource(root))
      return;
    ++model.regions[region].transientAccesses;
    TransientSlab &slab = getOrCreateSlab(root);
    // Storage from outside the function: its size is the one it was seen
    // with (a subview's source size or the size it was captured with).
    if (!slab.size && where.size) {
      slab.size = resolve(where.size);
      slab.staticSize = getConstantBytes(slab.size);
    }
    unsigned slabId = slabIndex[{root, instanceNumber(root)}];
    int64_t tick = ticks[op];
    // In a callee, a length or offset may be an argument of the call.
    Value accessOffset = resolve(access.offset);
    std::optional<uint64_t> length = getConstantBytes(resolve(access.length));
    if (!length) {
      slab.slotsComplete = false;
      accessTicks(slabId, tick);
      return;
    }
    std::optional<uint64_t> inner = getConstantBytes(accessOffset);
    std::optional<uint64_t> offset =
        base && inner ? std::optional<uint64_t>(*base + *inner) : std::nullopt;
    accessTicks(slabId, tick);
    if (offset) {
      recordPlacedAccess(slabId, op, tick, *offset, *length, access.writeOnly);
      return;
    }
    // Slots at dynamic offsets are keyed by the offset value and length.
    SlotKey key{accessOffset.getAsOpaquePointer(), 0, *length};
    auto [it, inserted] =
        slotIndices[slabId].try_emplace(key, slab.slots.size());
    if (inserted)
      slab.slots.push_back(newSlot(op, tick, std::nullopt, *length));
    extendSlot(slab.slots[it->second], op, tick);
  }

  TransientSlot newSlot(Operation *op, int64_t tick,
                        std::optional<uint64_t> offset, uint64_t size) {
    TransientSlot slot;
    slot.start = slot.end = tick;
    slot.offset = offset;
    slot.size = size;
    slot.first = slot.last = op;
    slot.firstPosition = slot.lastPosition = positionOf(op);
    slot.callee = calleeStack.empty() ? nullptr : calleeStack.back();
    return slot;
  }

  std::pair<unsigned, unsigned> positionOf(Operation *op) {
    auto it = model.commandPositions.find(op);
    return it != model.commandPositions.end()
               ? it->second
               : std::pair<unsigned, unsigned>{~0u, 0};
  }

  void extendSlot(TransientSlot &slot, Operation *op, int64_t tick) {
    if (tick < slot.start) {
      slot.start = tick;
      slot.first = op;
      slot.firstPosition = positionOf(op);
    }
    if (tick >= slot.end) {
      slot.end = tick;
      slot.last = op;
      slot.lastPosition = positionOf(op);
    }
    ++slot.accessCount;
  }

  /// An access at a constant offset. The slab's *active* slots are the
  /// values its bytes hold: a write-only access starts a new value (slot)
  /// and retires the active slots it covers entirely; any other access
  /// extends the active slots it overlaps (the values it reads), or starts
  /// a slot when it overlaps none (data from before the function).
  static constexpr size_t kMaxActiveSlots = 512;
  void recordPlacedAccess(unsigned slabId, Operation *op, int64_t tick,
                          uint64_t offset, uint64_t length, bool writeOnly) {
    TransientSlab &slab = model.slabs[slabId];
    SmallVector<unsigned> &active = activeSlots[slabId];
    uint64_t end = offset + length;
    auto overlaps = [&](const TransientSlot &slot) {
      return *slot.offset < end && offset < *slot.offset + slot.size;
    };
    if (writeOnly) {
      llvm::erase_if(active, [&](unsigned id) {
        const TransientSlot &slot = slab.slots[id];
        return offset <= *slot.offset && *slot.offset + slot.size <= end;
      });
    } else {
      bool found = false;
      for (unsigned id : active) {
        if (!overlaps(slab.slots[id]))
          continue;
        extendSlot(slab.slots[id], op, tick);
        found = true;
      }
      if (found)
        return;
    }
    if (active.size() >= kMaxActiveSlots)
      active.erase(active.begin());
    active.push_back(slab.slots.size());
    slab.slots.push_back(newSlot(op, tick, offset, length));
    ++slab.slots.back().accessCount;
  }

  void accessTicks(unsigned slabId, int64_t tick) {
    TransientSlab &slab = model.slabs[slabId];
    if (!slab.external)
      return;
    slab.start = std::min(slab.start, tick);
    slab.end = std::max(slab.end, tick);
  }

  Value findResultSize(Value value) {
    for (unsigned depth = 0; depth < 64 && value; ++depth) {
      if (auto exportOp = value.getDefiningOp<TensorExportOp>())
        return exportOp.getSourceSize();
      if (!isa<ResourceType>(value.getType()))
        return nullptr;
      if (Value size = findDefinedSize(value))
        return size;
      auto tiedOp = value.getDefiningOp<util::TiedOpInterface>();
      value = tiedOp ? tiedOp.getTiedResultOperand(value) : nullptr;
    }
    return nullptr;
  }

  /// Merges the slots of `slab` that overlap both in bytes and in time
  /// (subranges of one value accessed with different offsets or lengths
  /// while it is live) into their bounding box, until none overlap; slots
  /// sharing bytes at disjoint times are distinct values packed over each
  /// other and stay apart. Quadratic in the slots of one slab, so slabs with
  /// more than `kMaxMergedSlots` slots are left as they are.
  static constexpr size_t kMaxMergedSlots = 512;
  static void mergeOverlappingSlots(TransientSlab &slab) {
    SmallVector<TransientSlot> &slots = slab.slots;
    if (slots.size() < 2 || slots.size() > kMaxMergedSlots)
      return;
    auto overlaps = [](const TransientSlot &a, const TransientSlot &b) {
      return a.offset && b.offset && *a.offset < *b.offset + b.size &&
             *b.offset < *a.offset + a.size && a.start <= b.end &&
             b.start <= a.end;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < slots.size(); ++i) {
        for (size_t j = i + 1; j < slots.size();) {
          if (!overlaps(slots[i], slots[j])) {
            ++j;
            continue;
          }
          TransientSlot &a = slots[i];
          const TransientSlot &b = slots[j];
          uint64_t end = std::max(*a.offset + a.size, *b.offset + b.size);
          a.offset = std::min(*a.offset, *b.offset);
          a.size = end - *a.offset;
          if (b.start < a.start) {
            a.start = b.start;
            a.first = b.first;
            a.firstPosition = b.firstPosition;
            a.callee = b.callee;
          }
          if (b.end > a.end) {
            a.end = b.end;
            a.last = b.last;
            a.lastPosition = b.lastPosition;
          }
          a.accessCount += b.accessCount;
          slots.erase(slots.begin() + j);
          changed = true;
        }
      }
    }
  }

  void finish() {
    int64_t endTick = nextTick;
    for (TransientSlab &slab : model.slabs) {
      mergeOverlappingSlots(slab);
      slab.calleeSlots = llvm::count_if(
          slab.slots, [](const TransientSlot &slot) { return slot.callee; });
    }
    SmallVector<PackSlice> allocations, slots, externalSlots;
    bool allocationsStatic = true, slotsStatic = true, externalStatic = true;
    for (auto [id, slab] : llvm::enumerate(model.slabs)) {
      if (slab.external) {
        model.externalTransients.add(slab.size);
        if (slab.start > slab.end)
          slab.start = slab.end = 0;
      } else {
        auto it = deallocTicks.find(id);
        slab.end = it != deallocTicks.end() ? it->second : endTick;
        if (slab.start > slab.end)
          slab.start = slab.end;
        if (slab.staticSize)
          allocations.push_back({slab.start, slab.end, *slab.staticSize});
        else
          allocationsStatic = false;
      }
      SmallVector<PackSlice> &into = slab.external ? externalSlots : slots;
      if (slab.slotsComplete && !slab.slots.empty()) {
        for (const TransientSlot &slot : slab.slots)
          into.push_back({slot.start, slot.end, slot.size});
      } else if (slab.staticSize) {
        into.push_back({slab.start, slab.end, *slab.staticSize});
      } else {
        (slab.external ? externalStatic : slotsStatic) = false;
      }
    }
    if (allocationsStatic)
      model.transientsPeak = computeMaxLiveBytes(allocations);
    if (slotsStatic)
      model.transientsLowerBound = computeMaxLiveBytes(slots);
    if (externalStatic)
      model.externalTransientsLowerBound = computeMaxLiveBytes(externalSlots);
  }

  struct SlotKey {
    const void *dynamicOffset;
    uint64_t offset, length;
    bool operator==(const SlotKey &o) const {
      return dynamicOffset == o.dynamicOffset && offset == o.offset &&
             length == o.length;
    }
  };
  struct SlotKeyInfo {
    static SlotKey getEmptyKey() {
      return {llvm::DenseMapInfo<const void *>::getEmptyKey(), 0, 0};
    }
    static SlotKey getTombstoneKey() {
      return {llvm::DenseMapInfo<const void *>::getTombstoneKey(), 0, 0};
    }
    static unsigned getHashValue(const SlotKey &k) {
      return llvm::hash_combine(k.dynamicOffset, k.offset, k.length);
    }
    static bool isEqual(const SlotKey &a, const SlotKey &b) { return a == b; }
  };

  FunctionMemoryModel &model;
  int64_t nextTick = 0;
  int64_t hostFrontier = 0;
  llvm::DenseMap<Operation *, int64_t> ticks;
  llvm::DenseMap<Operation *, int64_t> sharedTick;
  llvm::DenseMap<Operation *, unsigned> regionIndex;
  llvm::DenseMap<Value, TimepointInfo> timepointInfos;
  struct AffinityLanes {
    SmallVector<std::pair<int64_t, unsigned>> heap;
    unsigned count = 0;
  };
  llvm::StringMap<AffinityLanes> laneEnds;
  /// Slabs by root and call instance (instanceOf).
  llvm::DenseMap<std::pair<Value, unsigned>, unsigned> slabIndex;
  /// Calls being looked into: the callee entry block -> the call; the
  /// callees, innermost last; the instance number of each.
  llvm::DenseMap<Block *, CallOpInterface> frameOfBlock;
  SmallVector<Operation *> calleeStack;
  llvm::DenseMap<Operation *, unsigned> instanceOfCallee;
  unsigned instanceCount = 0;
  uint64_t calleeOpsVisited = 0;
  llvm::DenseMap<Operation *, unsigned> calleeIndex;
  SymbolTableCollection symbolTables;
  llvm::DenseMap<unsigned, int64_t> deallocTicks;
  SmallVector<llvm::DenseMap<SlotKey, unsigned, SlotKeyInfo>> slotIndices;
  SmallVector<SmallVector<unsigned>> activeSlots;
};

} // namespace

FunctionMemoryModel buildFunctionMemoryModel(FunctionOpInterface func) {
  FunctionMemoryModel model;
  model.func = func;
  ModelBuilder(model).build();
  return model;
}

} // namespace sluice::stream
