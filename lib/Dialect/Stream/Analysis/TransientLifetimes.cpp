//===- TransientLifetimes.cpp - lifetimes of external transient slots -----===//
//
// See TransientLifetimes.h for the model.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/TransientLifetimes.h"

#include "sluice/Dialect/Stream/Analysis/BlockTimeline.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>

using namespace mlir;

namespace sluice::stream {
namespace {

/// Deallocas kept beyond the prefix in one set; more are dropped (the
/// smallest first), which only loses ordering facts.
constexpr unsigned kMaxExtra = 32;
/// Slots checked one by one below the prefix bound when computing an end.
constexpr unsigned kMaxRefine = 64;

constexpr uint32_t kNone = BlockTimeline::kNone;

/// The deallocas (numbered in program order) a timepoint is known to follow:
/// every one below `prefix`, and those listed in `extra` (sorted, each above
/// `prefix`). The working form, while one op's set is computed.
struct FollowSet {
  uint32_t prefix = 0;
  llvm::SmallVector<uint32_t, 8> extra;

  bool empty() const { return prefix == 0 && extra.empty(); }

  /// Adds every dealloca of the set `{otherPrefix, otherExtra}`.
  void unite(uint32_t otherPrefix, llvm::ArrayRef<uint32_t> otherExtra) {
    prefix = std::max(prefix, otherPrefix);
    if (!otherExtra.empty()) {
      llvm::SmallVector<uint32_t, 16> merged;
      std::set_union(extra.begin(), extra.end(), otherExtra.begin(),
                     otherExtra.end(), std::back_inserter(merged));
      extra.assign(merged.begin(), merged.end());
    }
    normalize();
  }

  void insert(uint32_t dealloca) {
    auto it = std::lower_bound(extra.begin(), extra.end(), dealloca);
    if (it == extra.end() || *it != dealloca)
      extra.insert(it, dealloca);
    normalize();
  }

private:
  void normalize() {
    auto below = std::lower_bound(extra.begin(), extra.end(), prefix);
    extra.erase(extra.begin(), below);
    unsigned absorbed = 0;
    while (absorbed < extra.size() && extra[absorbed] == prefix) {
      ++prefix;
      ++absorbed;
    }
    extra.erase(extra.begin(), extra.begin() + absorbed);
    if (extra.size() > kMaxExtra)
      extra.erase(extra.begin(), extra.end() - kMaxExtra);
  }
};

/// A stored FollowSet: 12 bytes per timeline op, its extras in a shared
/// pool (`extraCount` is at most kMaxExtra).
struct StoredSet {
  uint32_t prefix = 0;
  uint32_t extraBegin = 0;
  uint32_t extraCount = 0;
};

/// The only `stream.resource.dealloca` of `allocaOp`'s resource when it is
/// in `entry`; null otherwise.
Operation *findSingleDealloca(Block &entry, Operation *allocaOp) {
  Operation *found = nullptr;
  for (Operation *user : allocaOp->getResult(0).getUsers()) {
    if (!isa<ResourceDeallocaOp>(user))
      continue;
    if (found || user->getBlock() != &entry)
      return nullptr;
    found = user;
  }
  return found;
}

} // namespace

SmallVector<std::pair<int64_t, int64_t>>
computeTransientSlotLifetimes(const BlockTimeline &timeline,
                              ArrayRef<Operation *> slotAllocas) {
  // Every table below is a vector indexed by the timeline's numbers (program
  // order), a few bytes per op: the ops themselves are not read again.
  Block &entry = timeline.getBlock();
  uint32_t numTimeline = timeline.size();
  auto awaitsOf = [&](uint32_t k) { return timeline.awaitsOf(k); };

  // The number of each alloca and dealloca (the only ops looked up by op).
  auto isResourceOp = [&](uint32_t k) {
    return timeline.getKind(k) &
           (BlockTimeline::kAlloca | BlockTimeline::kDealloca);
  };
  llvm::DenseMap<Operation *, uint32_t> numberOf;
  numberOf.reserve(llvm::count_if(llvm::seq(numTimeline), isResourceOp));
  for (uint32_t k = 0; k < numTimeline; ++k)
    if (isResourceOp(k))
      numberOf[timeline.getOp(k)] = k;
  SmallVector<uint32_t> slotOfAlloca(numTimeline, kNone);
  SmallVector<uint32_t> slotOfDealloca(numTimeline, kNone);
  for (auto [slot, allocaOp] : llvm::enumerate(slotAllocas)) {
    if (!allocaOp || allocaOp->getBlock() != &entry ||
        !isa<ResourceAllocaOp>(allocaOp))
      continue;
    auto allocaIt = numberOf.find(allocaOp);
    if (allocaIt == numberOf.end())
      continue;
    slotOfAlloca[allocaIt->second] = slot;
    if (Operation *deallocaOp = findSingleDealloca(entry, allocaOp))
      if (auto it = numberOf.find(deallocaOp); it != numberOf.end())
        slotOfDealloca[it->second] = slot;
  }

  // Only deallocas that some alloca of an ordered slot awaits (transitively)
  // are numbered: one nobody waits for (side work, or awaited only by the
  // function's results) would otherwise stop every later prefix from
  // advancing. One backward pass: a timepoint of the entry block is defined
  // before its users there, so the ops awaited from op k are all below k.
  llvm::BitVector awaited(numTimeline);
  for (uint32_t k = numTimeline; k-- > 0;) {
    // An alloca's awaits are its await timepoint.
    if (slotOfAlloca[k] == kNone && !awaited.test(k))
      continue;
    for (uint32_t a : awaitsOf(k))
      if (timeline.getAwaitDef(a) != kNone)
        awaited.set(timeline.getAwaitDef(a));
  }

  // Forward pass: what each timepoint follows; the sets seen by the allocas
  // (in program order) and the dealloca number of each slot.
  SmallVector<StoredSet> follows(numTimeline);
  SmallVector<uint32_t> pool;
  auto extrasOf = [&](const StoredSet &stored) {
    return ArrayRef<uint32_t>(pool).slice(stored.extraBegin, stored.extraCount);
  };
  SmallVector<unsigned> order;
  SmallVector<StoredSet> allocaFollows;
  SmallVector<uint32_t> deallocaOfSlot(slotAllocas.size(), kNone);
  uint32_t numDeallocas = 0;
  FollowSet set;
  for (uint32_t index = 0; index < numTimeline; ++index) {
    set.prefix = 0;
    set.extra.clear();
    for (uint32_t a : awaitsOf(index))
      if (timeline.awaitIsResult(a))
        set.unite(follows[timeline.getAwaitDef(a)].prefix,
                  extrasOf(follows[timeline.getAwaitDef(a)]));
    if (slotOfDealloca[index] != kNone && awaited.test(index)) {
      deallocaOfSlot[slotOfDealloca[index]] = numDeallocas;
      set.insert(numDeallocas++);
    }
    StoredSet stored;
    stored.prefix = set.prefix;
    stored.extraBegin = pool.size();
    stored.extraCount = set.extra.size();
    pool.append(set.extra.begin(), set.extra.end());
    if (timeline.getResult(index))
      follows[index] = stored;
    if (slotOfAlloca[index] != kNone) {
      order.push_back(slotOfAlloca[index]);
      allocaFollows.push_back(stored);
    }
  }
  auto contains = [&](const StoredSet &stored, uint32_t dealloca) {
    ArrayRef<uint32_t> extra = extrasOf(stored);
    return dealloca < stored.prefix ||
           std::binary_search(extra.begin(), extra.end(), dealloca);
  };

  int64_t count = static_cast<int64_t>(order.size());
  int64_t last = std::max<int64_t>(count - 1, 0);
  SmallVector<std::pair<int64_t, int64_t>> lifetimes(slotAllocas.size(),
                                                     {0, last});
  // suffixPrefix[m]: the smallest prefix of the allocas at m and after; a
  // dealloca below it is followed by all of them.
  SmallVector<uint32_t> suffixPrefix(count + 1, kNone);
  for (int64_t m = count - 1; m >= 0; --m)
    suffixPrefix[m] = std::min(suffixPrefix[m + 1], allocaFollows[m].prefix);
  for (int64_t k = 0; k < count; ++k) {
    unsigned slot = order[k];
    uint32_t dealloca = deallocaOfSlot[slot];
    int64_t end = last;
    if (dealloca != kNone) {
      // The first position after k from which every alloca follows the
      // dealloca by its prefix (suffixPrefix is non-decreasing).
      auto *first =
          std::partition_point(suffixPrefix.begin() + k + 1, suffixPrefix.end(),
                               [&](uint32_t p) { return p <= dealloca; });
      int64_t m = (first - suffixPrefix.begin()) - 1;
      for (unsigned steps = 0;
           m > k && steps < kMaxRefine && contains(allocaFollows[m], dealloca);
           ++steps)
        --m;
      end = m;
    }
    lifetimes[slot] = {k, end};
  }
  return lifetimes;
}

} // namespace sluice::stream
