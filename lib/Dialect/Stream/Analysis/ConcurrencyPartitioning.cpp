//===- ConcurrencyPartitioning.cpp - concurrent waves of an execute body --===//
//
// The wave builder of stream-passes-2.md §3.2 with the [SCALE] design of
// §3.5: access ranges are computed once per op, each resource value keeps the
// list of its tied users in block order (so the tied-use scan visits only the
// users after the op, and nothing at all for values without tied uses), and
// partition sets are IntervalSets.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Support/IntervalSet.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>

using namespace mlir;

namespace sluice::stream {

namespace {

struct WaveOpInfo {
  IntervalSet membership;
  IntervalSet hazards;
};

/// Hazards between two ops of one body (the reference's
/// ResourceHazardAnalysis) with memoized access ranges.
class HazardOracle {
public:
  /// True if `consumer` must run after `producer`. A null `producer` stands
  /// for the non-streamable op `walked` (CC1 fix: hazard iff `consumer` uses
  /// one of its results). `consumerIsUser`: the caller knows `consumer` uses a
  /// result of `walked` (it came from its users), which saves the scan of the
  /// consumer's operands — linear in them, so quadratic overall when one op
  /// (an execute's yield) uses thousands of results.
  bool hasHazard(Operation *walked, Operation *producer, Operation *consumer,
                 bool consumerIsUser = false) {
    if (!producer)
      return consumerIsUser || usesResultOf(consumer, walked);
    const auto *producerRanges = getRanges(producer);
    const auto *consumerRanges = getRanges(consumer);
    if (!producerRanges || !consumerRanges)
      return consumerIsUser || usesResultOf(consumer, producer);
    for (const AsyncAccessRange &p : *producerRanges) {
      for (const AsyncAccessRange &c : *consumerRanges) {
        if (p.resource != c.resource)
          continue;
        if (!AsyncAccessRange::mayOverlap(p, c))
          continue;
        if (p.isReadOnly() && c.isReadOnly())
          continue;
        return true;
      }
    }
    return false;
  }

  /// The op's access ranges, or null if it does not implement
  /// AsyncAccessOpInterface.
  const llvm::SmallVector<AsyncAccessRange> *getRanges(Operation *op) {
    auto [it, inserted] = ranges.try_emplace(op);
    if (inserted) {
      if (auto accessOp = dyn_cast<AsyncAccessOpInterface>(op)) {
        it->second.emplace();
        accessOp.getAsyncAccessRanges(*it->second);
      }
    }
    return it->second ? &*it->second : nullptr;
  }

  /// True if `op` has ranges and one of them writes `resource`.
  bool writes(Operation *op, Value resource) {
    const auto *opRanges = getRanges(op);
    return opRanges && llvm::any_of(*opRanges, [&](const AsyncAccessRange &r) {
             return r.resource == resource && !r.isReadOnly();
           });
  }

private:
  static bool usesResultOf(Operation *consumer, Operation *producer) {
    return llvm::any_of(consumer->getOperands(), [&](Value operand) {
      return operand.getDefiningOp() == producer;
    });
  }

  llvm::DenseMap<Operation *,
                 std::optional<llvm::SmallVector<AsyncAccessRange>>>
      ranges;
};

class ConcurrencyPartitioner {
public:
  ConcurrencyPartitioner(Favor favor, Block *block, bool exhaustiveTiedScan)
      : favor(favor), block(block), exhaustiveTiedScan(exhaustiveTiedScan) {}

  PartitionSet run();

private:
  struct TiedUsers {
    /// `TiedOpInterface::hasAnyTiedUses(value)`.
    bool anyTiedUse = false;
    /// Users in this block implementing TiedOpInterface, by block position.
    llvm::SmallVector<std::pair<unsigned, Operation *>> users;
    /// The subset of `users` with an access range writing the value.
    llvm::SmallVector<std::pair<unsigned, Operation *>> writers;
    /// Union of the hazards of the users processed so far (the reverse walk
    /// processes them from the end, so at any op it holds exactly the users
    /// after that op).
    IntervalSet processedHazards;
  };

  WaveOpInfo *lookupInfo(Operation *op) {
    auto it = opInfos.find(op);
    return it == opInfos.end() ? nullptr : it->second;
  }
  TiedUsers &getTiedUsers(Value value);
  /// Calls fn(operand, entry) once per distinct resource operand of `op` that
  /// has a tied use anywhere.
  void
  forEachTiedResourceOperand(Operation *op,
                             llvm::function_ref<void(Value, TiedUsers &)> fn);
  void processOp(Operation *op);
  /// Adds the final hazards of `op` to the accumulators of its operands.
  void recordProcessed(Operation *op, const WaveOpInfo &info);
  PartitionSet emit();

  Favor favor;
  Block *block;
  bool exhaustiveTiedScan;
  llvm::DenseMap<Operation *, unsigned> positions;
  std::deque<WaveOpInfo> infoStorage;
  llvm::DenseMap<Operation *, WaveOpInfo *> opInfos;
  llvm::DenseMap<Value, TiedUsers> tiedUsers;
  std::vector<llvm::SetVector<Operation *>> waves;
  HazardOracle oracle;
};

ConcurrencyPartitioner::TiedUsers &
ConcurrencyPartitioner::getTiedUsers(Value value) {
  auto [it, inserted] = tiedUsers.try_emplace(value);
  if (!inserted)
    return it->second;
  TiedUsers &entry = it->second;
  for (OpOperand &use : value.getUses()) {
    auto tiedOp = dyn_cast<util::TiedOpInterface>(use.getOwner());
    if (!tiedOp)
      continue;
    if (tiedOp.isOperandTied(use.getOperandNumber()))
      entry.anyTiedUse = true;
    auto pos = positions.find(use.getOwner());
    if (pos != positions.end())
      entry.users.push_back({pos->second, use.getOwner()});
  }
  if (!entry.anyTiedUse) {
    entry.users.clear();
    return entry;
  }
  llvm::sort(entry.users);
  entry.users.erase(llvm::unique(entry.users), entry.users.end());
  for (auto &user : entry.users)
    if (oracle.writes(user.second, value))
      entry.writers.push_back(user);
  return entry;
}

void ConcurrencyPartitioner::forEachTiedResourceOperand(
    Operation *op, llvm::function_ref<void(Value, TiedUsers &)> fn) {
  llvm::SmallDenseSet<Value, 4> seen;
  for (Value operand : op->getOperands()) {
    if (!isa<ResourceType>(operand.getType()) || !seen.insert(operand).second)
      continue;
    TiedUsers &entry = getTiedUsers(operand);
    if (entry.anyTiedUse)
      fn(operand, entry);
  }
}

void ConcurrencyPartitioner::processOp(Operation *op) {
  if (op->hasTrait<mlir::OpTrait::ConstantLike>())
    return;
  auto streamableOp = dyn_cast<StreamableOpInterface>(op);
  Operation *producer = streamableOp ? op : nullptr;
  WaveOpInfo &info = infoStorage.emplace_back();
  opInfos[op] = &info;

  auto addUser = [&](Operation *user, WaveOpInfo &userInfo) {
    if (oracle.hasHazard(op, producer, user, /*consumerIsUser=*/true))
      info.hazards.unionWith(userInfo.membership);
    info.hazards.unionWith(userInfo.hazards);
  };
  for (Operation *user : op->getUsers())
    if (WaveOpInfo *userInfo = lookupInfo(user))
      addUser(user, *userInfo);

  // Tied-use scan: every TiedOpInterface user after the op of a resource
  // operand with any tied use contributes its hazards, and its membership
  // when the two ops have a resource hazard. The hazards of those users are
  // accumulated per value as the reverse walk processes them; the users
  // with a hazard are found among the value's writers (when the op only
  // reads it), the users of the op's results and the users of its other
  // resources, instead of scanning the whole use list (§3.5).
  unsigned position = positions.lookup(op);
  auto after = [&](ArrayRef<std::pair<unsigned, Operation *>> list) {
    return llvm::make_range(
        llvm::upper_bound(
            list, position,
            [](unsigned pos, const std::pair<unsigned, Operation *> &user) {
              return pos < user.first;
            }),
        list.end());
  };
  forEachTiedResourceOperand(op, [&](Value operand, TiedUsers &entry) {
    if (exhaustiveTiedScan) {
      for (auto &user : after(entry.users)) {
        if (WaveOpInfo *userInfo = lookupInfo(user.second)) {
          if (oracle.hasHazard(op, producer, user.second))
            info.hazards.unionWith(userInfo->membership);
          info.hazards.unionWith(userInfo->hazards);
        }
      }
      return;
    }
    info.hazards.unionWith(entry.processedHazards);
    auto addIfHazard = [&](Operation *user) {
      if (user == op)
        return;
      WaveOpInfo *userInfo = lookupInfo(user);
      if (userInfo && oracle.hasHazard(op, producer, user))
        info.hazards.unionWith(userInfo->membership);
    };
    if (!producer || !oracle.getRanges(op) || oracle.writes(op, operand)) {
      for (auto &user : after(entry.users))
        addIfHazard(user.second);
      return;
    }
    for (auto &user : after(entry.writers))
      addIfHazard(user.second);
    // Hazards through another resource: a later user of the op's results or
    // of its other operands that is also a tied-op user of `operand`.
    auto visitUsersOf = [&](Value resource) {
      for (Operation *user : resource.getUsers()) {
        auto pos = positions.find(user);
        if (pos == positions.end() || pos->second <= position ||
            !isa<util::TiedOpInterface>(user) ||
            !llvm::is_contained(user->getOperands(), operand))
          continue;
        addIfHazard(user);
      }
    };
    for (Value result : op->getResults())
      visitUsersOf(result);
    for (Value other : op->getOperands())
      if (other != operand && isa<ResourceType>(other.getType()))
        visitUsersOf(other);
  });

  if (!streamableOp || streamableOp.isMetadata()) {
    recordProcessed(op, info);
    return;
  }

  unsigned size = waves.size();
  std::optional<unsigned> wave;
  if (favor == Favor::MaxConcurrency) {
    unsigned p = info.hazards.findNextUnset(0);
    if (p < size)
      wave = p;
  } else {
    wave = info.hazards.findLastUnset(0, size);
  }
  if (wave) {
    waves[*wave].insert(op);
    info.membership.set(*wave);
    info.hazards.setRange(0, *wave);
    info.hazards.reset(*wave);
  } else {
    info.hazards.setRange(0, size);
    info.membership.set(size);
    waves.emplace_back().insert(op);
  }
  recordProcessed(op, info);
}

void ConcurrencyPartitioner::recordProcessed(Operation *op,
                                             const WaveOpInfo &info) {
  if (!isa<util::TiedOpInterface>(op))
    return;
  forEachTiedResourceOperand(op, [&](Value, TiedUsers &entry) {
    entry.processedHazards.unionWith(info.hazards);
  });
}

PartitionSet ConcurrencyPartitioner::emit() {
  PartitionSet set;
  for (auto &wave : llvm::reverse(waves)) {
    Partition partition;
    llvm::SetVector<Value> consumed;
    llvm::DenseSet<Value> produced;
    for (Operation *op : llvm::reverse(wave)) {
      consumed.insert(op->operand_begin(), op->operand_end());
      for (Value result : op->getResults()) {
        produced.insert(result);
        if (llvm::any_of(result.getUsers(),
                         [&](Operation *user) { return !wave.contains(user); }))
          partition.outs.insert(result);
      }
    }
    for (Value value : consumed)
      if (!produced.contains(value))
        partition.ins.insert(value);
    partition.ops = std::move(wave);
    set.partitions.push_back(std::move(partition));
  }
  return set;
}

PartitionSet ConcurrencyPartitioner::run() {
  unsigned position = 0;
  for (Operation &op : *block)
    positions[&op] = position++;
  for (Operation &op : llvm::reverse(*block))
    processOp(&op);
  return emit();
}

} // namespace

PartitionSet partitionRegionConcurrency(PartitioningConfigAttr config,
                                        Block *block, bool exhaustiveTiedScan) {
  Favor favor = config ? config.getFavor() : Favor::MinPeakMemory;
  if (favor == Favor::Debug)
    return {};
  return ConcurrencyPartitioner(favor, block, exhaustiveTiedScan).run();
}

} // namespace sluice::stream
