//===- StreamablePartitioning.cpp - execute partitions of a block ---------===//
//
// The reference partitioner of stream-passes-2.md §2.2 with the near-linear
// data structures of §2.10: partition sets are IntervalSets (most hazard sets
// are a prefix [0, n) plus a few bits), the usable partitions are always a
// suffix [firstUsable, size) of the ordinals, and `canAdd`'s cycle check
// only looks at the few partitions whose hazards contain ordinals above their
// own (all others can never block a later candidate).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Support/IntervalSet.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <memory>
#include <set>

using namespace mlir;

namespace sluice::stream {

namespace {

struct OpInfo {
  /// Partitions containing the op.
  IntervalSet membership;
  /// Partitions that (transitively) depend on the op.
  IntervalSet hazards;
  /// Partitions fed by a non-streamable region op that captures the op.
  IntervalSet nestedRegionHazards;
};

struct PartitionBuilder {
  unsigned ordinal = 0;
  AffinityAttr affinity;
  llvm::SetVector<Operation *> ops;
  llvm::DenseSet<Operation *> clonedOps;
  IntervalSet hazards;
};

static AffinityAttr getOpAffinity(Operation *op) {
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
    return affinityOp.getAffinityAttr();
  return {};
}

class StreamablePartitioner {
public:
  explicit StreamablePartitioner(Block *block) : block(block) {}

  PartitionSet run();

private:
  OpInfo *lookupInfo(Operation *op) {
    auto it = opInfos.find(op);
    return it == opInfos.end() ? nullptr : it->second;
  }

  void collectNestedConsumers();
  OpInfo *getEffectiveUserInfo(Operation *user, OpInfo &opInfo);
  const IntervalSet &getNestedUserHazards(Operation *regionOp);

  /// `canAdd` step 5 for the partitions that can have ordinals above their own
  /// in their hazards: true if some `h` in H (`inH`) with h < p has `p` in
  /// its hazards.
  template <typename InH>
  bool isBlockedByLaterHazard(unsigned p, InH inH) const {
    for (auto it = highBuilders.lower_bound(firstUsable);
         it != highBuilders.end() && *it < p; ++it)
      if (inH(*it) && builders[*it]->hazards.test(p))
        return true;
    return false;
  }

  /// `canAdd(op, info, p, cloneMode=false)` for an op with affinity
  /// `affinity`: H = hazards | nestedRegionHazards.
  bool canAddFull(AffinityAttr affinity, const OpInfo &info, unsigned p,
                  std::optional<unsigned> maxH) const;
  /// `canAdd(op, info, p, cloneMode=true)` for a clone-preferring op: H =
  /// `userHazards`, the hazards of the op's users already in partition `p`.
  bool canAddCloned(AffinityAttr affinity, const OpInfo &info, unsigned p,
                    const IntervalSet &userHazards) const;

  void insert(Operation *op, OpInfo &info, unsigned ordinal);
  void processOp(Operation *op);
  PartitionSet emit();

  Block *block;
  std::vector<std::unique_ptr<PartitionBuilder>> builders;
  /// Usable partitions are exactly [firstUsable, builders.size()).
  unsigned firstUsable = 0;
  /// Partitions whose hazards contain an ordinal above their own.
  std::set<unsigned> highBuilders;
  std::deque<OpInfo> infoStorage;
  llvm::DenseMap<Operation *, OpInfo *> opInfos;
  /// Deferred barriers/transfers by producer, in walk order.
  llvm::DenseMap<Operation *, llvm::SmallVector<Operation *, 1>> syncOps;
  /// Block-level non-streamable region ops consuming a value of this block.
  llvm::DenseMap<Value, llvm::SmallVector<Operation *, 1>> nestedConsumers;
  /// The partitions each op was inserted into.
  llvm::DenseMap<Operation *, llvm::SmallVector<unsigned, 1>> placement;
  /// Memoized union of membership|hazards of the in-block users of a region
  /// op's results (final once the region op's users are processed).
  llvm::DenseMap<Operation *, IntervalSet> nestedUserHazards;
};

void StreamablePartitioner::collectNestedConsumers() {
  for (Operation &op : *block) {
    if (op.getNumRegions() == 0 || isa<StreamableOpInterface>(op))
      continue;
    op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *definingOp = operand.getDefiningOp();
        if (!definingOp || definingOp->getBlock() != block)
          continue;
        auto &list = nestedConsumers[operand];
        if (list.empty() || list.back() != &op)
          list.push_back(&op);
      }
    });
  }
}

const IntervalSet &
StreamablePartitioner::getNestedUserHazards(Operation *regionOp) {
  auto [it, inserted] = nestedUserHazards.try_emplace(regionOp);
  if (!inserted)
    return it->second;
  IntervalSet &set = it->second;
  for (Value result : regionOp->getResults()) {
    for (Operation *user : result.getUsers()) {
      if (user->getBlock() != block)
        continue;
      if (OpInfo *info = lookupInfo(user)) {
        set.unionWith(info->membership);
        set.unionWith(info->hazards);
      }
    }
  }
  return set;
}

OpInfo *StreamablePartitioner::getEffectiveUserInfo(Operation *user,
                                                    OpInfo &opInfo) {
  if (user->getBlock() == block)
    return lookupInfo(user);
  Operation *container = block->findAncestorOpInBlock(*user);
  if (!container)
    return nullptr;
  OpInfo *containerInfo = lookupInfo(container);
  if (containerInfo && isa<StreamableOpInterface>(container))
    return containerInfo;
  opInfo.nestedRegionHazards.unionWith(getNestedUserHazards(container));
  return nullptr;
}

bool StreamablePartitioner::canAddFull(AffinityAttr affinity,
                                       const OpInfo &info, unsigned p,
                                       std::optional<unsigned> maxH) const {
  if (!AffinityAttr::canExecuteTogether(affinity, builders[p]->affinity))
    return false;
  if (info.nestedRegionHazards.test(p))
    return false;
  if (maxH && *maxH > p)
    return false;
  return !isBlockedByLaterHazard(p, [&](unsigned h) {
    return info.hazards.test(h) || info.nestedRegionHazards.test(h);
  });
}

bool StreamablePartitioner::canAddCloned(AffinityAttr affinity,
                                         const OpInfo &info, unsigned p,
                                         const IntervalSet &userHazards) const {
  if (!AffinityAttr::canExecuteTogether(affinity, builders[p]->affinity))
    return false;
  if (info.nestedRegionHazards.test(p))
    return false;
  std::optional<unsigned> maxH = userHazards.findLast();
  if (maxH && *maxH > p)
    return false;
  return !isBlockedByLaterHazard(
      p, [&](unsigned h) { return userHazards.test(h); });
}

void StreamablePartitioner::insert(Operation *op, OpInfo &info,
                                   unsigned ordinal) {
  PartitionBuilder &builder = *builders[ordinal];
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op)) {
    AffinityAttr opAffinity = affinityOp.getAffinityAttr();
    builder.affinity =
        builder.affinity ? builder.affinity.joinAND(opAffinity) : opAffinity;
  }
  info.membership.set(ordinal);
  info.hazards.reset(ordinal);
  builder.ops.insert(op);
  placement[op].push_back(ordinal);
  builder.hazards.unionWith(info.hazards);
  builder.hazards.unionWith(info.nestedRegionHazards);
  std::optional<unsigned> last = builder.hazards.findLast();
  if (last && *last > ordinal)
    highBuilders.insert(ordinal);
}

void StreamablePartitioner::processOp(Operation *op) {
  // 1. Constants and global stores are not tracked.
  if (op->hasTrait<mlir::OpTrait::ConstantLike>() ||
      isa<util::GlobalStoreOpInterface>(op))
    return;

  // 2. A side-effecting non-streamable op freezes every existing partition.
  auto streamableOp = dyn_cast<StreamableOpInterface>(op);
  if (!streamableOp && !wouldOpBeTriviallyDead(op))
    firstUsable = builders.size();

  // 3. Barriers and transfers ride along with their producer.
  if (isa<AsyncBarrierOp, AsyncTransferOp>(op)) {
    Operation *producer = op->getOperand(0).getDefiningOp();
    if (producer && isa<StreamableOpInterface>(producer)) {
      bool compatible = true;
      if (auto transferOp = dyn_cast<AsyncTransferOp>(op))
        if (auto producerAffinityOp = dyn_cast<AffinityOpInterface>(producer))
          compatible = AffinityAttr::canExecuteTogether(
              transferOp.getAffinityAttr(),
              producerAffinityOp.getAffinityAttr());
      if (compatible) {
        syncOps[producer].push_back(op);
        return;
      }
    }
  }

  // 4.
  OpInfo &info = infoStorage.emplace_back();
  opInfos[op] = &info;
  IntervalSet consumers;

  // 5. Direct users. Partitions that depend on the op through a host
  // (non-streamable) user can never take the op, even when another user
  // makes them consumers (see docs: the spec's rules alone would place the
  // op there and form a cycle, e.g. `deviceHostDeviceCrossing`).
  IntervalSet hostHazards;
  for (Operation *user : op->getUsers()) {
    if (OpInfo *userInfo = getEffectiveUserInfo(user, info)) {
      consumers.unionWith(userInfo->membership);
      info.hazards.unionWith(userInfo->membership);
      info.hazards.unionWith(userInfo->hazards);
      if (user->getBlock() == block && !isa<StreamableOpInterface>(user))
        hostHazards.unionWith(userInfo->hazards);
    }
  }
  consumers.subtract(hostHazards);

  // 6. Non-streamable region ops consuming a result inside their regions.
  for (Value result : op->getResults()) {
    auto it = nestedConsumers.find(result);
    if (it == nestedConsumers.end())
      continue;
    for (Operation *consumer : it->second) {
      if (OpInfo *consumerInfo = lookupInfo(consumer)) {
        info.hazards.unionWith(consumerInfo->membership);
        info.hazards.unionWith(consumerInfo->hazards);
      }
    }
  }

  // 7. Users of the deferred sync ops.
  llvm::ArrayRef<Operation *> syncs;
  if (auto it = syncOps.find(op); it != syncOps.end())
    syncs = it->second;
  for (Operation *syncOp : syncs) {
    for (Operation *user : syncOp->getUsers()) {
      if (OpInfo *userInfo = getEffectiveUserInfo(user, info)) {
        info.hazards.unionWith(userInfo->membership);
        info.hazards.unionWith(userInfo->hazards);
        consumers.clear();
      }
    }
  }

  // 10. Non-streamable ops only carry hazards.
  if (!streamableOp)
    return;

  // 8, 9, 11, 12. Candidates.
  const unsigned size = builders.size();
  const bool prefersClone = streamableOp.preferCloneToConsumers();
  const AffinityAttr opAffinity = getOpAffinity(op);
  std::optional<unsigned> maxH = info.hazards.findLast();
  if (std::optional<unsigned> nestedMax = info.nestedRegionHazards.findLast())
    maxH = maxH ? std::max(*maxH, *nestedMax) : *nestedMax;

  llvm::SmallVector<AffinityAttr> syncAffinities;
  for (Operation *syncOp : syncs)
    syncAffinities.push_back(getOpAffinity(syncOp));
  auto syncOpsFit = [&](unsigned p) {
    return llvm::all_of(syncAffinities, [&](AffinityAttr affinity) {
      return canAddFull(affinity, info, p, maxH);
    });
  };
  auto inInitialCandidates = [&](unsigned p) {
    return p >= firstUsable && p < size &&
           (!info.hazards.test(p) || consumers.test(p));
  };

  // Clone-mode hazards: per partition, the hazards of the op's users already
  // in it.
  llvm::SmallDenseMap<unsigned, IntervalSet> userHazardsByPartition;
  if (prefersClone) {
    for (Operation *user : op->getUsers()) {
      auto it = placement.find(user);
      if (it == placement.end())
        continue;
      OpInfo *userInfo = lookupInfo(user);
      for (unsigned p : it->second) {
        IntervalSet &set = userHazardsByPartition[p];
        if (userInfo)
          set.unionWith(userInfo->hazards);
      }
    }
  }
  const IntervalSet noHazards;
  auto canAddClonedTo = [&](unsigned p) {
    auto it = userHazardsByPartition.find(p);
    return canAddCloned(opAffinity, info, p,
                        it == userHazardsByPartition.end() ? noHazards
                                                           : it->second);
  };

  // For a clone-preferring op the first filter uses the clone-mode hazards;
  // if some consumer fails it, the candidates are filtered again with the
  // op's full hazards (step 11).
  bool cloneMode = false;
  if (prefersClone) {
    cloneMode = true;
    consumers.forEach([&](unsigned p) {
      if (!inInitialCandidates(p) || !canAddClonedTo(p) || !syncOpsFit(p)) {
        cloneMode = false;
        return false;
      }
      return true;
    });
  }
  auto isCandidate = [&](unsigned p) {
    if (!inInitialCandidates(p))
      return false;
    if (prefersClone && !canAddClonedTo(p))
      return false;
    if (!cloneMode && !canAddFull(opAffinity, info, p, maxH))
      return false;
    return syncOpsFit(p);
  };

  IntervalSet candidateConsumers;
  if (cloneMode) {
    candidateConsumers = consumers;
  } else if (maxH && consumers.test(*maxH) && isCandidate(*maxH)) {
    // Consumers are hazards, and the full hazard check only admits ordinals
    // >= max(H): the highest hazard is the only consumer that can remain.
    candidateConsumers.set(*maxH);
  }

  std::optional<unsigned> first = candidateConsumers.findFirst();
  if (!first) {
    unsigned start = firstUsable;
    if (!cloneMode && maxH)
      start = std::max(start, *maxH + 1);
    for (unsigned p = info.hazards.findNextUnset(start); p < size;
         p = info.hazards.findNextUnset(p + 1)) {
      if (isCandidate(p)) {
        first = p;
        break;
      }
    }
  }

  // 13. No candidate: a new partition.
  if (!first) {
    if (size > 0)
      info.hazards.setRange(0, size - 1);
    info.membership.set(size);
    auto builder = std::make_unique<PartitionBuilder>();
    builder->ordinal = size;
    builders.push_back(std::move(builder));
    first = size;
  }

  // 14.
  for (Operation *syncOp : syncs)
    insert(syncOp, info, *first);

  // 15. Placement.
  bool shouldClone = prefersClone && (candidateConsumers.count() > 1 ||
                                      info.nestedRegionHazards.any());
  if (shouldClone && candidateConsumers.any()) {
    candidateConsumers.forEach([&](unsigned p) {
      insert(op, info, p);
      builders[p]->clonedOps.insert(op);
      return true;
    });
  } else if (shouldClone) {
    bool usedInBlock = llvm::any_of(op->getUsers(), [&](Operation *user) {
      return user->getBlock() == block;
    });
    if (usedInBlock)
      insert(op, info, *first);
  } else {
    insert(op, info, *first);
  }
}

PartitionSet StreamablePartitioner::emit() {
  PartitionSet set;
  llvm::DenseSet<Operation *> exportedClones;
  for (auto &builder : llvm::reverse(builders)) {
    Partition partition;
    llvm::SetVector<Value> consumed;
    llvm::DenseSet<Value> produced;
    for (Operation *op : llvm::reverse(builder->ops)) {
      consumed.insert(op->operand_begin(), op->operand_end());
      bool isClone = builder->clonedOps.contains(op);
      bool cloneExported = false;
      for (Value result : op->getResults()) {
        produced.insert(result);
        if (isClone) {
          if (exportedClones.contains(op))
            continue;
          if (llvm::any_of(result.getUsers(), [](Operation *user) {
                return !isa<StreamableOpInterface>(user);
              })) {
            partition.outs.insert(result);
            cloneExported = true;
          }
        } else if (llvm::any_of(result.getUsers(), [&](Operation *user) {
                     return !builder->ops.contains(user);
                   })) {
          partition.outs.insert(result);
        }
      }
      if (cloneExported)
        exportedClones.insert(op);
    }
    for (Value value : consumed)
      if (!produced.contains(value))
        partition.ins.insert(value);
    partition.affinity = builder->affinity;
    partition.ops = std::move(builder->ops);
    set.partitions.push_back(std::move(partition));
  }
  return set;
}

PartitionSet StreamablePartitioner::run() {
  collectNestedConsumers();
  for (Operation &op : llvm::reverse(*block))
    processOp(&op);
  return emit();
}

} // namespace

PartitionSet partitionStreamableOps(PartitioningConfigAttr, Block *block) {
  return StreamablePartitioner(block).run();
}

} // namespace sluice::stream
