//===- ResourceLiveness.cpp - resource liveness and slice packing ---------===//

#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace mlir;

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// Alias sets
//===----------------------------------------------------------------------===//

static bool isResource(Value value) {
  return isa<ResourceType>(value.getType());
}

void buildExecutionAliasSets(Operation *regionOp, ValueAliasSets &sets) {
  if (regionOp->getNumRegions() != 1 || regionOp->getRegion(0).empty())
    return;
  Block &body = regionOp->getRegion(0).front();
  Operation *terminator =
      body.empty() ? nullptr : body.getTerminator(); // may be null
  if (auto tiedOp = dyn_cast<util::TiedOpInterface>(regionOp)) {
    unsigned operandBase = tiedOp.getTiedOperandsIndexAndLength().first;
    for (OpResult result : regionOp->getResults()) {
      if (!isResource(result))
        continue;
      std::optional<unsigned> operandIndex =
          tiedOp.getTiedResultOperandIndex(result.getResultNumber());
      if (!operandIndex || !terminator)
        continue;
      unsigned argIndex = *operandIndex - operandBase;
      if (*operandIndex < operandBase || argIndex >= body.getNumArguments() ||
          result.getResultNumber() >= terminator->getNumOperands())
        continue;
      sets.unionSets(terminator->getOperand(result.getResultNumber()),
                     body.getArgument(argIndex));
    }
  }
  for (Operation &op : body) {
    if (isa<AsyncConcurrentOp>(op))
      buildExecutionAliasSets(&op, sets);
    auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
    if (!tiedOp)
      continue;
    for (OpResult result : op.getResults()) {
      if (!isResource(result))
        continue;
      if (Value operand = tiedOp.getTiedResultOperand(result))
        sets.unionSets(result, operand);
    }
  }
}

//===----------------------------------------------------------------------===//
// Execution intervals
//===----------------------------------------------------------------------===//

SmallVector<LivenessInterval>
computeExecutionIntervals(Block &body, const ValueAliasSets &aliases) {
  SmallVector<LivenessInterval> intervals;
  DenseMap<Value, unsigned> intervalOf;
  DenseMap<Operation *, int64_t> indexOf;
  int64_t index = 0;
  for (Operation &op : body)
    indexOf[&op] = index++;

  llvm::SmallPtrSet<Value, 16> yielded;
  if (!body.empty() && body.back().hasTrait<mlir::OpTrait::IsTerminator>())
    for (Value value : body.back().getOperands())
      yielded.insert(value);

  // The last op of the block using `value`, no earlier than `from`.
  auto lastUse = [&](Value value, int64_t from) {
    int64_t end = from;
    for (Operation *user : value.getUsers())
      if (Operation *ancestor = body.findAncestorOpInBlock(*user))
        end = std::max(end, indexOf.lookup(ancestor));
    return end;
  };
  auto add = [&](Value value, int64_t start, int64_t end, int64_t ordinal) {
    intervalOf[value] = intervals.size();
    intervals.push_back({start, end, ordinal, value});
  };

  int64_t ordinal = 0;
  for (BlockArgument arg : body.getArguments()) {
    if (!isResource(arg))
      continue;
    int64_t end = yielded.contains(arg) ? LivenessInterval::kLiveOut
                                        : lastUse(arg, /*from=*/0);
    add(arg, LivenessInterval::kLiveIn, end, ++ordinal);
  }
  for (Operation &op : body) {
    int64_t at = indexOf[&op];
    if (isa<AsyncConcurrentOp>(op)) {
      // Unused results inside waves still need memory (SA1: walk order).
      for (Region &region : op.getRegions())
        region.walk<WalkOrder::PreOrder>([&](Operation *nested) {
          auto tiedOp = dyn_cast<util::TiedOpInterface>(nested);
          for (OpResult result : nested->getResults()) {
            if (!isResource(result) || !result.use_empty())
              continue;
            if (tiedOp && tiedOp.getTiedResultOperand(result))
              continue;
            add(result, at, at, LivenessInterval::kNestedOrdinal);
          }
        });
    }
    for (OpResult result : op.getResults()) {
      if (!isResource(result))
        continue;
      int64_t end = yielded.contains(result) ? LivenessInterval::kLiveOut
                                             : lastUse(result, at);
      add(result, at, end, ++ordinal);
    }
  }

  // Widen every member of an alias class with a top-level member to the
  // class's union interval.
  llvm::MapVector<Value, SmallVector<unsigned>> classes;
  for (auto [i, interval] : llvm::enumerate(intervals)) {
    Value leader = aliases.contains(interval.value)
                       ? aliases.getLeaderValue(interval.value)
                       : interval.value;
    classes[leader].push_back(i);
  }
  for (auto &[leader, members] : classes) {
    (void)leader;
    bool allNested = llvm::all_of(members, [&](unsigned i) {
      return intervals[i].ordinal == LivenessInterval::kNestedOrdinal;
    });
    if (allNested || members.size() < 2)
      continue;
    int64_t start = LivenessInterval::kLiveOut;
    int64_t end = LivenessInterval::kLiveIn;
    for (unsigned i : members) {
      start = std::min(start, intervals[i].start);
      end = std::max(end, intervals[i].end);
    }
    for (unsigned i : members) {
      intervals[i].start = start;
      intervals[i].end = end;
    }
  }

  // Stable by ordinal (std::stable_sort's buffer API is deprecated here).
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, intervals.size()));
  llvm::sort(order, [&](unsigned a, unsigned b) {
    if (intervals[a].ordinal != intervals[b].ordinal)
      return intervals[a].ordinal < intervals[b].ordinal;
    return a < b;
  });
  return llvm::map_to_vector(order, [&](unsigned i) { return intervals[i]; });
}

//===----------------------------------------------------------------------===//
// IntervalIndex
//===----------------------------------------------------------------------===//

IntervalIndex::IntervalIndex(ArrayRef<std::pair<int64_t, int64_t>> intervals) {
  starts.reserve(intervals.size());
  ends.reserve(intervals.size());
  for (auto [start, end] : intervals) {
    starts.push_back(std::min(start, end));
    ends.push_back(std::max(start, end));
  }
  active.assign(intervals.size(), false);
  byStart.reserve(intervals.size());
  byEnd.reserve(intervals.size());
  SmallVector<unsigned> ids =
      llvm::to_vector(llvm::seq<unsigned>(0, intervals.size()));
  root = ids.empty() ? -1 : build(ids);
}

int IntervalIndex::build(SmallVectorImpl<unsigned> &ids) {
  // Center: the median of all endpoints, so at least one interval contains it
  // and each side holds at most half of the intervals.
  SmallVector<int64_t> points;
  points.reserve(ids.size() * 2);
  for (unsigned id : ids) {
    points.push_back(starts[id]);
    points.push_back(ends[id]);
  }
  auto mid = points.begin() + points.size() / 2;
  std::nth_element(points.begin(), mid, points.end());
  int64_t center = *mid;

  SmallVector<unsigned> left, right, here;
  for (unsigned id : ids) {
    if (ends[id] < center)
      left.push_back(id);
    else if (starts[id] > center)
      right.push_back(id);
    else
      here.push_back(id);
  }
  int nodeIndex = nodes.size();
  nodes.push_back({});
  Node node;
  node.center = center;
  node.begin = byStart.size();
  node.count = here.size();
  llvm::sort(here, [&](unsigned a, unsigned b) {
    return std::make_pair(starts[a], a) < std::make_pair(starts[b], b);
  });
  byStart.append(here.begin(), here.end());
  llvm::sort(here, [&](unsigned a, unsigned b) {
    return std::make_pair(ends[a], b) > std::make_pair(ends[b], a);
  });
  byEnd.append(here.begin(), here.end());
  // Release the scratch vectors before recursing.
  ids.clear();
  here.clear();
  node.left = left.empty() ? -1 : build(left);
  node.right = right.empty() ? -1 : build(right);
  nodes[nodeIndex] = node;
  return nodeIndex;
}

void IntervalIndex::findIntersecting(int64_t start, int64_t end,
                                     SmallVectorImpl<unsigned> &out) const {
  if (root < 0)
    return;
  SmallVector<int, 32> stack = {root};
  while (!stack.empty()) {
    const Node &node = nodes[stack.pop_back_val()];
    if (end < node.center) {
      // Every interval here contains the center, so ends after `end` >= start;
      // it intersects iff it starts no later than `end`.
      for (unsigned i = node.begin, e = node.begin + node.count; i < e; ++i) {
        unsigned id = byStart[i];
        if (starts[id] > end)
          break;
        if (active[id])
          out.push_back(id);
      }
      if (node.left >= 0)
        stack.push_back(node.left);
    } else if (start > node.center) {
      for (unsigned i = node.begin, e = node.begin + node.count; i < e; ++i) {
        unsigned id = byEnd[i];
        if (ends[id] < start)
          break;
        if (active[id])
          out.push_back(id);
      }
      if (node.right >= 0)
        stack.push_back(node.right);
    } else {
      for (unsigned i = node.begin, e = node.begin + node.count; i < e; ++i)
        if (active[byStart[i]])
          out.push_back(byStart[i]);
      if (node.left >= 0)
        stack.push_back(node.left);
      if (node.right >= 0)
        stack.push_back(node.right);
    }
  }
}

//===----------------------------------------------------------------------===//
// Slice packing
//===----------------------------------------------------------------------===//

static constexpr uint64_t kMaxOffset =
    static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
/// Compaction plus promotion rounds after the heuristics of packSlicesBest.
static constexpr unsigned kImprovementRounds = 5;

/// `value` rounded up to `alignment` (a power of two, 0 meaning 1), or
/// std::nullopt when the result exceeds int64.
static std::optional<uint64_t> alignChecked(uint64_t value,
                                            uint64_t alignment) {
  if (alignment <= 1)
    return value <= kMaxOffset ? std::optional<uint64_t>(value) : std::nullopt;
  if (value > kMaxOffset)
    return std::nullopt;
  uint64_t aligned = llvm::alignTo(value, alignment);
  if (aligned > kMaxOffset)
    return std::nullopt;
  return aligned;
}

namespace {
/// Where a greedy placement puts a slice among the reservations it may not
/// overlap.
enum class Fit {
  /// The lowest aligned offset where it fits.
  First,
  /// The smallest gap where it fits (lowest offset on ties), else the top.
  Best,
  /// As `Best`, but a gap is measured from the unaligned cursor (LS1).
  Reference,
};
} // namespace

/// The offset of a slice of aligned size `size` among `candidates`, the
/// reservations it may not overlap in ascending offset order (`offsets` and
/// `alignedSizes` are indexed by slice): the gap `fit` picks, else the top.
/// std::nullopt if the offset or its end exceeds int64.
static std::optional<uint64_t> chooseOffset(ArrayRef<unsigned> candidates,
                                            ArrayRef<uint64_t> offsets,
                                            ArrayRef<uint64_t> alignedSizes,
                                            uint64_t size,
                                            uint64_t offsetAlignment, Fit fit) {
  std::optional<uint64_t> chosen;
  uint64_t bestGap = std::numeric_limits<uint64_t>::max();
  uint64_t cursor = 0;
  for (unsigned other : candidates) {
    uint64_t otherOffset = offsets[other];
    std::optional<uint64_t> candidate = alignChecked(cursor, offsetAlignment);
    if (!candidate)
      return std::nullopt;
    if (*candidate + size <= otherOffset &&
        otherOffset - *candidate < bestGap) {
      chosen = *candidate;
      bestGap = otherOffset - (fit == Fit::Reference ? cursor : *candidate);
      if (fit == Fit::First)
        break;
    }
    cursor = std::max(cursor, otherOffset + alignedSizes[other]);
  }
  if (!chosen) {
    chosen = alignChecked(cursor, offsetAlignment);
    if (!chosen)
      return std::nullopt;
  }
  if (*chosen > kMaxOffset - size)
    return std::nullopt;
  return chosen;
}

/// True when every slice's lifetime is a proper interval (start <= end) and
/// all of them share a point, i.e. every slice intersects every other.
static bool allSlicesOverlap(ArrayRef<PackSlice> slices) {
  int64_t maxStart = std::numeric_limits<int64_t>::min();
  int64_t minEnd = std::numeric_limits<int64_t>::max();
  for (const PackSlice &slice : slices) {
    if (slice.start > slice.end)
      return false;
    maxStart = std::max(maxStart, slice.start);
    minEnd = std::min(minEnd, slice.end);
  }
  return maxStart <= minEnd;
}

/// The reference layout when every slice overlaps every other and has a
/// nonzero size (e.g. the transient slots of emplace-transients without
/// liveness packing, which all live for the whole function): each slice goes
/// at the aligned end of the one before. Proof: by induction the placed
/// slices lie at o_0 = 0 and o_k+1 = align(o_k + s_k), so scanning them in
/// offset order the aligned cursor before slice k is exactly o_k, and a slice
/// of nonzero size never fits below it; chooseOffset then picks the top.
/// Returns std::nullopt when the precondition does not hold (`applies` is
/// false) or, with `applies` true, when an offset exceeds int64. O(n) where
/// the general greedy scan is O(n^2).
static std::optional<StaticPackResult>
packOverlappingSlices(ArrayRef<PackSlice> slices, uint64_t offsetAlignment,
                      uint64_t rangeAlignment, bool &applies) {
  applies = false;
  if (slices.empty())
    return std::nullopt;
  // Intervals pairwise intersect iff they share a point (max start <= min
  // end); inverted lifetimes (start > end) take the general path.
  if (!allSlicesOverlap(slices) ||
      llvm::any_of(slices, [](const PackSlice &s) { return s.size == 0; }))
    return std::nullopt;
  applies = true;
  StaticPackResult result;
  result.offsets.reserve(slices.size());
  uint64_t cursor = 0;
  for (const PackSlice &slice : slices) {
    std::optional<uint64_t> alignedSize =
        alignChecked(slice.size, rangeAlignment);
    std::optional<uint64_t> offset = alignChecked(cursor, offsetAlignment);
    if (!alignedSize || !offset || *offset > kMaxOffset - *alignedSize)
      return std::nullopt;
    result.offsets.push_back(*offset);
    cursor = *offset + *alignedSize;
  }
  std::optional<uint64_t> total = alignChecked(cursor, rangeAlignment);
  if (!total)
    return std::nullopt;
  result.totalSize = *total;
  return result;
}

std::optional<StaticPackResult> packSlicesReference(ArrayRef<PackSlice> slices,
                                                    uint64_t offsetAlignment,
                                                    uint64_t rangeAlignment) {
  bool overlapping = false;
  std::optional<StaticPackResult> sequential = packOverlappingSlices(
      slices, offsetAlignment, rangeAlignment, overlapping);
  if (overlapping)
    return sequential;
  StaticPackResult result;
  result.offsets.resize(slices.size());
  SmallVector<std::pair<int64_t, int64_t>> lifetimes;
  lifetimes.reserve(slices.size());
  for (const PackSlice &slice : slices)
    lifetimes.push_back({slice.start, slice.end});
  IntervalIndex index(lifetimes);
  SmallVector<uint64_t> alignedSizes(slices.size());

  uint64_t highWater = 0;
  SmallVector<unsigned> candidates;
  for (auto [i, slice] : llvm::enumerate(slices)) {
    std::optional<uint64_t> alignedSize =
        alignChecked(slice.size, rangeAlignment);
    if (!alignedSize)
      return std::nullopt;
    alignedSizes[i] = *alignedSize;

    // The reservations this slice may not overlap, in the reference's list
    // order: ascending offset, later insertions before earlier ones.
    candidates.clear();
    index.findIntersecting(std::min(slice.start, slice.end),
                           std::max(slice.start, slice.end), candidates);
    // The index works on [min, max]; inverted intervals (start > end, which
    // the op accepts) intersect less than that, so filter exactly.
    llvm::erase_if(candidates, [&](unsigned other) {
      return !slice.intersects(slices[other]);
    });
    llvm::sort(candidates, [&](unsigned a, unsigned b) {
      if (result.offsets[a] != result.offsets[b])
        return result.offsets[a] < result.offsets[b];
      return a > b;
    });

    std::optional<uint64_t> best =
        chooseOffset(candidates, result.offsets, alignedSizes, *alignedSize,
                     offsetAlignment, Fit::Reference);
    if (!best)
      return std::nullopt;
    result.offsets[i] = *best;
    highWater = std::max(highWater, *best + *alignedSize);
    index.activate(i);
  }
  std::optional<uint64_t> total = alignChecked(highWater, rangeAlignment);
  if (!total)
    return std::nullopt;
  result.totalSize = *total;
  return result;
}

namespace {

/// Greedy placement of the slices of one pack in a given order (the engine
/// of packSlicesBest). The interval index is built once and copied per
/// placement, since activation cannot be undone.
class GreedyPlacer {
public:
  GreedyPlacer(ArrayRef<PackSlice> slices, ArrayRef<uint64_t> alignedSizes,
               uint64_t offsetAlignment, uint64_t rangeAlignment)
      : slices(slices), alignedSizes(alignedSizes),
        offsetAlignment(offsetAlignment), rangeAlignment(rangeAlignment) {
    SmallVector<std::pair<int64_t, int64_t>> lifetimes;
    lifetimes.reserve(slices.size());
    for (const PackSlice &slice : slices)
      lifetimes.push_back(
          {std::min(slice.start, slice.end), std::max(slice.start, slice.end)});
    prototype = IntervalIndex(lifetimes);
  }

  /// Places the slices in `order` (a permutation of the slice ids). Returns
  /// std::nullopt on overflow or as soon as the slab reaches `limit` (no
  /// improvement possible).
  std::optional<StaticPackResult> place(ArrayRef<unsigned> order, Fit fit,
                                        uint64_t limit) const;

private:
  ArrayRef<PackSlice> slices;
  ArrayRef<uint64_t> alignedSizes;
  uint64_t offsetAlignment, rangeAlignment;
  IntervalIndex prototype;
};

} // namespace

std::optional<StaticPackResult>
GreedyPlacer::place(ArrayRef<unsigned> order, Fit fit, uint64_t limit) const {
  IntervalIndex index = prototype;
  StaticPackResult result;
  result.offsets.assign(slices.size(), 0);
  uint64_t highWater = 0;
  SmallVector<unsigned> candidates;
  for (unsigned i : order) {
    const PackSlice &slice = slices[i];
    uint64_t size = alignedSizes[i];
    candidates.clear();
    index.findIntersecting(std::min(slice.start, slice.end),
                           std::max(slice.start, slice.end), candidates);
    // Empty reservations hold no bytes: they must not split a gap.
    llvm::erase_if(candidates, [&](unsigned other) {
      return !slice.intersects(slices[other]) || alignedSizes[other] == 0;
    });
    llvm::sort(candidates, [&](unsigned a, unsigned b) {
      return std::make_pair(result.offsets[a], a) <
             std::make_pair(result.offsets[b], b);
    });
    std::optional<uint64_t> chosen = chooseOffset(
        candidates, result.offsets, alignedSizes, size, offsetAlignment, fit);
    if (!chosen)
      return std::nullopt;
    result.offsets[i] = *chosen;
    highWater = std::max(highWater, *chosen + size);
    if (highWater >= limit)
      return std::nullopt;
    index.activate(i);
  }
  std::optional<uint64_t> total = alignChecked(highWater, rangeAlignment);
  if (!total || *total >= limit)
    return std::nullopt;
  result.totalSize = *total;
  return result;
}

std::optional<StaticPackResult> packSlicesBest(ArrayRef<PackSlice> slices,
                                               uint64_t offsetAlignment,
                                               uint64_t rangeAlignment) {
  // The reference layout first: `best` is never worse than the default.
  std::optional<StaticPackResult> best =
      packSlicesReference(slices, offsetAlignment, rangeAlignment);
  SmallVector<uint64_t> alignedSizes;
  alignedSizes.reserve(slices.size());
  for (const PackSlice &slice : slices) {
    std::optional<uint64_t> size = alignChecked(slice.size, rangeAlignment);
    if (!size)
      return std::nullopt;
    alignedSizes.push_back(*size);
  }
  // Nothing beats the max-live bound: stop once it is reached.
  uint64_t bound = computeMaxLiveBytes(slices, rangeAlignment);
  auto reachedBound = [&] { return best && best->totalSize <= bound; };
  GreedyPlacer placer(slices, alignedSizes, offsetAlignment, rangeAlignment);
  auto tryOrder = [&](ArrayRef<unsigned> order, Fit fit) {
    if (reachedBound())
      return;
    uint64_t limit = best ? best->totalSize : kMaxOffset + 1;
    if (std::optional<StaticPackResult> layout =
            placer.place(order, fit, limit))
      best = std::move(layout);
  };

  auto duration = [&](unsigned i) -> uint64_t {
    const PackSlice &s = slices[i];
    // Saturates for the full int64 range.
    return static_cast<uint64_t>(std::max(s.start, s.end)) -
           static_cast<uint64_t>(std::min(s.start, s.end));
  };
  auto lifetimeStart = [&](unsigned i) {
    return std::min(slices[i].start, slices[i].end);
  };
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, slices.size()));
  // Each ordering is total (the slice id breaks ties): deterministic.
  auto runOrdering = [&](auto less) {
    llvm::sort(order, less);
    tryOrder(order, Fit::First);
    tryOrder(order, Fit::Best);
  };
  // Largest first: big slices claim the bottom, small ones fill the gaps.
  auto largerFirst = [&](unsigned a, unsigned b) {
    return std::make_tuple(alignedSizes[b], duration(b), lifetimeStart(a), a) <
           std::make_tuple(alignedSizes[a], duration(a), lifetimeStart(b), b);
  };
  runOrdering(largerFirst);
  // By lifetime start: optimal when all sizes are equal (interval colouring).
  runOrdering([&](unsigned a, unsigned b) {
    return std::make_tuple(lifetimeStart(a), alignedSizes[b], a) <
           std::make_tuple(lifetimeStart(b), alignedSizes[a], b);
  });
  // By area (size x duration), then by duration alone: long-lived slices
  // constrain everything they overlap.
  runOrdering([&](unsigned a, unsigned b) {
    unsigned __int128 areaA = static_cast<unsigned __int128>(alignedSizes[a]) *
                              (static_cast<unsigned __int128>(duration(a)) + 1);
    unsigned __int128 areaB = static_cast<unsigned __int128>(alignedSizes[b]) *
                              (static_cast<unsigned __int128>(duration(b)) + 1);
    if (areaA != areaB)
      return areaA > areaB;
    return std::make_pair(alignedSizes[b], a) <
           std::make_pair(alignedSizes[a], b);
  });
  runOrdering([&](unsigned a, unsigned b) {
    return std::make_tuple(duration(b), alignedSizes[b], a) <
           std::make_tuple(duration(a), alignedSizes[a], b);
  });
  if (!best)
    return std::nullopt;

  // Improvement. Round 0 re-places first-fit in the order of the current
  // offsets, which never moves a slice up (the earlier slices only move
  // down, so each slice's old place stays free). Later rounds place the
  // slices that reach the top first, then the others largest first or, if
  // that does not help, in the order of their current offsets, so the slab's
  // critical slices settle at the bottom and the rest fill around them. A
  // result that only matches the current slab is kept too (limit one past
  // it) so that the next round starts from it; a round without one ends the
  // search (the next would repeat it).
  enum class Rest { ByOffset, LargerFirst };
  for (unsigned round = 0; round < kImprovementRounds && !reachedBound();
       ++round) {
    const StaticPackResult current = *best;
    uint64_t top = 0;
    for (auto [i, offset] : llvm::enumerate(current.offsets))
      top = std::max(top, offset + alignedSizes[i]);
    auto critical = [&](unsigned i) {
      return round != 0 && current.offsets[i] + alignedSizes[i] == top;
    };
    bool kept = false;
    for (Rest rest : {Rest::LargerFirst, Rest::ByOffset}) {
      if (kept || (round == 0 && rest == Rest::LargerFirst))
        continue;
      llvm::sort(order, [&](unsigned a, unsigned b) {
        bool ca = critical(a), cb = critical(b);
        if (ca != cb)
          return ca;
        if (ca || rest == Rest::LargerFirst)
          return largerFirst(a, b);
        return std::make_pair(current.offsets[a], a) <
               std::make_pair(current.offsets[b], b);
      });
      if (std::optional<StaticPackResult> layout =
              placer.place(order, Fit::First, current.totalSize + 1)) {
        best = std::move(layout);
        kept = true;
      }
    }
    if (!kept)
      break;
  }
  return best;
}

SmallVector<unsigned> assignSliceBins(ArrayRef<PackSlice> slices) {
  SmallVector<unsigned> binOf;
  binOf.reserve(slices.size());
  if (allSlicesOverlap(slices)) {
    // Each slice intersects the slices of every earlier bin: a bin of its
    // own (what the scans below find, without scanning every bin).
    for (unsigned i = 0, e = slices.size(); i < e; ++i)
      binOf.push_back(i);
    return binOf;
  }
  if (llvm::any_of(slices,
                   [](const PackSlice &s) { return s.start > s.end; })) {
    // Inverted intervals break the disjointness argument below: scan.
    SmallVector<SmallVector<unsigned>> bins;
    for (auto [i, slice] : llvm::enumerate(slices)) {
      unsigned chosen = bins.size();
      for (auto [b, bin] : llvm::enumerate(bins)) {
        if (llvm::none_of(bin, [&, &slice = slice](unsigned other) {
              return slice.intersects(slices[other]);
            })) {
          chosen = b;
          break;
        }
      }
      if (chosen == bins.size())
        bins.emplace_back();
      bins[chosen].push_back(i);
      binOf.push_back(chosen);
    }
    return binOf;
  }
  // Slices in one bin never intersect, so each bin is a set of disjoint
  // intervals keyed by start: the one starting last at or before `end` is the
  // only candidate for an intersection.
  SmallVector<std::map<int64_t, int64_t>> bins;
  for (const PackSlice &slice : slices) {
    int64_t start = slice.start, end = slice.end;
    unsigned chosen = bins.size();
    for (auto [b, bin] : llvm::enumerate(bins)) {
      auto it = bin.upper_bound(end);
      if (it != bin.begin() && std::prev(it)->second >= start)
        continue;
      chosen = b;
      break;
    }
    if (chosen == bins.size())
      bins.emplace_back();
    bins[chosen][start] = end;
    binOf.push_back(chosen);
  }
  return binOf;
}

uint64_t computeMaxLiveBytes(ArrayRef<PackSlice> slices,
                             uint64_t rangeAlignment) {
  // Sweep: sizes enter at `start` and leave after `end`.
  SmallVector<std::pair<int64_t, int64_t>> events; // (time, slice or ~slice)
  SmallVector<uint64_t> sizes;
  events.reserve(slices.size() * 2);
  for (auto [i, slice] : llvm::enumerate(slices)) {
    std::optional<uint64_t> size = alignChecked(slice.size, rangeAlignment);
    sizes.push_back(size ? *size : std::numeric_limits<uint64_t>::max());
    events.push_back(
        {std::min(slice.start, slice.end), static_cast<int64_t>(i)});
    int64_t end = std::max(slice.start, slice.end);
    // Leave strictly after the inclusive end; INT64_MAX never leaves.
    if (end != std::numeric_limits<int64_t>::max())
      events.push_back({end + 1, ~static_cast<int64_t>(i)});
  }
  // At equal times, departures come first.
  llvm::sort(events, [](auto a, auto b) {
    if (a.first != b.first)
      return a.first < b.first;
    return a.second < b.second;
  });
  uint64_t live = 0, maxLive = 0;
  for (auto [time, event] : events) {
    (void)time;
    if (event < 0) {
      live -= std::min(live, sizes[~event]);
      continue;
    }
    uint64_t size = sizes[event];
    live = size > std::numeric_limits<uint64_t>::max() - live
               ? std::numeric_limits<uint64_t>::max()
               : live + size;
    maxLive = std::max(maxLive, live);
  }
  return maxLive;
}

} // namespace sluice::stream
