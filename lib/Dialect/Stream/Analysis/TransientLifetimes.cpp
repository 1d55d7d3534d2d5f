//===- TransientLifetimes.cpp - lifetimes of external transient slots -----===//
//
// See TransientLifetimes.h for the model.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/TransientLifetimes.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>

using namespace mlir;

namespace sluice::stream {
namespace {

/// Deallocas kept beyond the prefix in one set; more are dropped (the
/// smallest first), which only loses ordering facts.
constexpr unsigned kMaxExtra = 32;
/// Slots checked one by one below the prefix bound when computing an end.
constexpr unsigned kMaxRefine = 64;

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

/// The deallocas (numbered in program order) a timepoint is known to follow:
/// every one below `prefix`, and those listed in `extra` (sorted, each above
/// `prefix`).
struct FollowSet {
  uint32_t prefix = 0;
  llvm::SmallVector<uint32_t, 4> extra;

  bool empty() const { return prefix == 0 && extra.empty(); }

  bool contains(uint32_t dealloca) const {
    return dealloca < prefix ||
           std::binary_search(extra.begin(), extra.end(), dealloca);
  }

  void unite(const FollowSet &other) {
    prefix = std::max(prefix, other.prefix);
    llvm::SmallVector<uint32_t, 8> merged;
    std::set_union(extra.begin(), extra.end(), other.extra.begin(),
                   other.extra.end(), std::back_inserter(merged));
    extra.assign(merged.begin(), merged.end());
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
computeTransientSlotLifetimes(Block &entry, ArrayRef<Operation *> slotAllocas) {
  llvm::DenseMap<Operation *, unsigned> slotOfAlloca, slotOfDealloca;
  for (auto [slot, allocaOp] : llvm::enumerate(slotAllocas)) {
    if (!allocaOp || allocaOp->getBlock() != &entry ||
        !isa<ResourceAllocaOp>(allocaOp))
      continue;
    slotOfAlloca[allocaOp] = slot;
    if (Operation *deallocaOp = findSingleDealloca(entry, allocaOp))
      slotOfDealloca[deallocaOp] = slot;
  }

  // Only deallocas that some alloca of an ordered slot awaits (transitively)
  // are numbered: one nobody waits for (side work, or awaited only by the
  // function's results) would otherwise stop every later prefix from
  // advancing. One backward walk from all those awaits, each timepoint once.
  llvm::DenseSet<Value> awaited;
  SmallVector<Value> worklist;
  for (auto &entryPair : slotOfAlloca)
    if (Value await =
            cast<ResourceAllocaOp>(entryPair.first).getAwaitTimepoint())
      worklist.push_back(await);
  while (!worklist.empty()) {
    Value timepoint = worklist.pop_back_val();
    if (!awaited.insert(timepoint).second)
      continue;
    auto timelineOp = timepoint.getDefiningOp<TimelineOpInterface>();
    if (!timelineOp || timelineOp->getBlock() != &entry)
      continue;
    for (Value await : timelineOp.getAwaitTimepoints())
      if (await)
        worklist.push_back(await);
  }

  // Forward pass: what each timepoint follows; the sets seen by the allocas
  // (in program order) and the dealloca number of each slot.
  llvm::DenseMap<Value, FollowSet> follows;
  SmallVector<unsigned> order;
  SmallVector<FollowSet> allocaFollows;
  SmallVector<uint32_t> deallocaOfSlot(slotAllocas.size(), kNone);
  uint32_t numDeallocas = 0;
  for (Operation &op : entry) {
    auto timelineOp = dyn_cast<TimelineOpInterface>(&op);
    if (!timelineOp)
      continue;
    FollowSet set;
    for (Value await : timelineOp.getAwaitTimepoints()) {
      if (!await)
        continue;
      auto it = follows.find(await);
      if (it != follows.end())
        set.unite(it->second);
    }
    if (auto it = slotOfAlloca.find(&op); it != slotOfAlloca.end()) {
      order.push_back(it->second);
      allocaFollows.push_back(set);
    }
    if (auto it = slotOfDealloca.find(&op); it != slotOfDealloca.end()) {
      if (awaited.contains(timelineOp.getResultTimepoint())) {
        deallocaOfSlot[it->second] = numDeallocas;
        set.insert(numDeallocas++);
      }
    }
    Value result = timelineOp.getResultTimepoint();
    if (result && !set.empty())
      follows[result] = std::move(set);
  }

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
           m > k && steps < kMaxRefine && allocaFollows[m].contains(dealloca);
           ++steps)
        --m;
      end = m;
    }
    lifetimes[slot] = {k, end};
  }
  return lifetimes;
}

} // namespace sluice::stream
