//===- StreamLivenessTest.cpp - resource liveness and slice packing -------===//
//
// stream-passes-2.md §7.3/§7.6 (alias sets and liveness intervals of execution
// regions), §9.2/§9.3 (static and dynamic slice layout) and the interval index
// and max-live bound behind them (ResourceLiveness.h), plus the fork joins of
// automatic-reference-counting (§11.5), each against hand-checked values.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

//===----------------------------------------------------------------------===//
// Execution region intervals
//===----------------------------------------------------------------------===//

class ExecutionIntervalsTest : public sluice::testing::DialectTest {
protected:
  /// Intervals of the first execute in `source`, keyed by the value's name
  /// (`argN` for entry arguments, else the result's op name and number).
  struct Parsed {
    OwningOpRef<ModuleOp> module;
    AsyncExecuteOp executeOp;
    SmallVector<LivenessInterval> intervals;
  };
  Parsed compute(StringRef source) {
    Parsed parsed;
    parsed.module = parse(source);
    EXPECT_TRUE(parsed.module);
    parsed.executeOp = findOp<AsyncExecuteOp>(*parsed.module);
    ValueAliasSets aliases;
    buildExecutionAliasSets(parsed.executeOp, aliases);
    parsed.intervals =
        computeExecutionIntervals(parsed.executeOp.getBody().front(), aliases);
    return parsed;
  }
  const LivenessInterval *find(const Parsed &parsed, Value value) {
    for (const LivenessInterval &interval : parsed.intervals)
      if (interval.value == value)
        return &interval;
    return nullptr;
  }
};

TEST_F(ExecutionIntervalsTest, ChainOfLocals) {
  Parsed parsed = compute(R"mlir(
    util.func public @f(%size: index, %in: !stream.resource<external>) -> !stream.resource<external> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c255_i8 = arith.constant 255 : i8
      %r, %t = stream.async.execute with(%in as %arg: !stream.resource<external>{%size}) -> %in{%size} {
        %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
        %1 = stream.async.dispatch @ex::@a[%c1](%0[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
        %2 = stream.async.dispatch @ex::@b[%c1](%1[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> %1{%size}
        %3 = stream.async.dispatch @ex::@c[%c1](%2[%c0 to %size for %size], %arg[%c0 to %size for %size]) : (!stream.resource<transient>{%size}, !stream.resource<external>{%size}) -> %arg{%size}
        stream.yield %3 : !stream.resource<external>{%size}
      } => !stream.timepoint
      util.return %r : !stream.resource<external>
    }
  )mlir");
  Block &body = parsed.executeOp.getBody().front();
  SmallVector<Operation *> ops = llvm::map_to_vector(
      body.without_terminator(), [](Operation &op) { return &op; });
  ASSERT_EQ(ops.size(), 4u);

  // Entry argument: live-in, and live-out through the tied result.
  const LivenessInterval *arg = find(parsed, body.getArgument(0));
  ASSERT_TRUE(arg);
  EXPECT_TRUE(arg->isLiveIn());
  EXPECT_TRUE(arg->isLiveOut());
  EXPECT_EQ(arg->ordinal, 1);

  // %0 is produced at 0 and last used at 1.
  const LivenessInterval *splat = find(parsed, ops[0]->getResult(0));
  ASSERT_TRUE(splat);
  EXPECT_EQ(splat->start, 0);
  EXPECT_EQ(splat->end, 1);
  EXPECT_EQ(splat->ordinal, 2);

  // %1 and %2 are one alias class: both get [1, 3].
  const LivenessInterval *a = find(parsed, ops[1]->getResult(0));
  const LivenessInterval *b = find(parsed, ops[2]->getResult(0));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->start, 1);
  EXPECT_EQ(a->end, 3);
  EXPECT_EQ(b->start, 1);
  EXPECT_EQ(b->end, 3);

  // %3 is tied to the argument: its class is live-in and live-out.
  const LivenessInterval *c = find(parsed, ops[3]->getResult(0));
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->isLiveIn());
  EXPECT_TRUE(c->isLiveOut());

  // Sorted by ordinal.
  EXPECT_TRUE(
      llvm::is_sorted(parsed.intervals, [](const auto &x, const auto &y) {
        return x.ordinal < y.ordinal;
      }));
}

TEST_F(ExecutionIntervalsTest, UnusedWaveResultsComeFirstInWalkOrder) {
  Parsed parsed = compute(R"mlir(
    util.func public @f(%size: index, %in: !stream.resource<transient>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c255_i8 = arith.constant 255 : i8
      %t = stream.async.execute with(%in as %arg: !stream.resource<transient>{%size}) {
        %x = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%size}
        %w:2 = stream.async.concurrent with(%arg as %inner: !stream.resource<transient>{%size}) -> (!stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
          %a = stream.async.dispatch @ex::@a[%c1](%inner[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
          %b = stream.async.dispatch @ex::@b[%c1](%inner[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
          %c = stream.async.dispatch @ex::@c[%c1](%inner[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<transient>{%size}
          stream.yield %a, %b : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
        }
        stream.yield
      } => !stream.timepoint
      util.return
    }
  )mlir");
  // Only %c is unused inside the wave; it gets [1, 1] with the nested
  // ordinal and sorts first.
  ASSERT_FALSE(parsed.intervals.empty());
  const LivenessInterval &first = parsed.intervals.front();
  EXPECT_EQ(first.ordinal, LivenessInterval::kNestedOrdinal);
  EXPECT_EQ(first.start, 1);
  EXPECT_EQ(first.end, 1);
  auto dispatches = collect<AsyncDispatchOp>(*parsed.module);
  ASSERT_EQ(dispatches.size(), 3u);
  EXPECT_EQ(first.value, dispatches[2].getResult(0));
  EXPECT_EQ(llvm::count_if(parsed.intervals,
                           [](const LivenessInterval &i) {
                             return i.ordinal ==
                                    LivenessInterval::kNestedOrdinal;
                           }),
            1);
  // The wave's own (unused) results are top-level values ending where made.
  auto concurrentOp = findOp<AsyncConcurrentOp>(*parsed.module);
  for (Value result : concurrentOp.getResults()) {
    const LivenessInterval *interval = find(parsed, result);
    ASSERT_TRUE(interval);
    EXPECT_EQ(interval->start, 1);
    EXPECT_EQ(interval->end, 1);
    EXPECT_GT(interval->ordinal, 0);
  }
}

//===----------------------------------------------------------------------===//
// IntervalIndex
//===----------------------------------------------------------------------===//

TEST(IntervalIndexTest, ReportsOnlyActiveIntersecting) {
  IntervalIndex index({{0, 1}, {1, 2}, {2, 3}, {0, 4}, {5, 6}, {5, 8}});
  SmallVector<unsigned> found;
  index.findIntersecting(2, 2, found);
  EXPECT_TRUE(found.empty());
  for (unsigned id : {0u, 1u, 2u, 3u, 4u, 5u})
    index.activate(id);
  index.findIntersecting(2, 2, found);
  llvm::sort(found);
  EXPECT_EQ(found, (SmallVector<unsigned>{1, 2, 3}));
  found.clear();
  index.findIntersecting(4, 5, found);
  llvm::sort(found);
  EXPECT_EQ(found, (SmallVector<unsigned>{3, 4, 5}));
  found.clear();
  index.findIntersecting(9, 20, found);
  EXPECT_TRUE(found.empty());
}

TEST(IntervalIndexTest, MatchesBruteForceOnRandomIntervals) {
  std::mt19937 rng(1234);
  for (int round = 0; round < 50; ++round) {
    unsigned n = 1 + rng() % 200;
    SmallVector<std::pair<int64_t, int64_t>> intervals;
    for (unsigned i = 0; i < n; ++i) {
      int64_t start = rng() % 100;
      intervals.push_back({start, start + rng() % 20});
    }
    IntervalIndex index(intervals);
    SmallVector<bool> active(n, false);
    for (unsigned i = 0; i < n; ++i)
      if (rng() % 3) {
        index.activate(i);
        active[i] = true;
      }
    for (int query = 0; query < 20; ++query) {
      int64_t start = rng() % 120, end = start + rng() % 30;
      SmallVector<unsigned> found;
      index.findIntersecting(start, end, found);
      llvm::sort(found);
      SmallVector<unsigned> expected;
      for (unsigned i = 0; i < n; ++i)
        if (active[i] && intervals[i].second >= start &&
            end >= intervals[i].first)
          expected.push_back(i);
      ASSERT_EQ(found, expected) << "round " << round << " query " << query;
    }
  }
}

//===----------------------------------------------------------------------===//
// Static layout
//===----------------------------------------------------------------------===//

TEST(StaticLayoutTest, ReferenceGolden) {
  // stream-passes-2.md §9.2: alignment 16.
  std::optional<StaticPackResult> result = packSlicesReference({{0, 1, 100},
                                                                {1, 2, 100},
                                                                {2, 3, 100},
                                                                {0, 4, 200},
                                                                {5, 6, 200},
                                                                {5, 8, 100}},
                                                               16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{0, 112, 0, 224, 0, 208}));
  EXPECT_EQ(result->totalSize, 432u);
}

TEST(StaticLayoutTest, UnalignedCursorQuirk) {
  // LS1: offsets aligned to 64, sizes to 16. The last slice fits at 64 and at
  // 192 (both gaps 64); the first gap counts as 112 from the unaligned
  // cursor, so 192 wins.
  std::optional<StaticPackResult> result = packSlicesReference(
      {{0, 9, 16}, {0, 0, 48}, {0, 9, 16}, {0, 0, 48}, {0, 9, 16}, {5, 9, 16}},
      64, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets,
            (SmallVector<uint64_t>{0, 64, 128, 192, 256, 192}));
  EXPECT_EQ(result->totalSize, 272u);
}

TEST(StaticLayoutTest, NoSortBySize) {
  // Placed in slice order: the small slice first takes offset 0, the large
  // one goes above it, although size-descending order would pack tighter.
  std::optional<StaticPackResult> result =
      packSlicesReference({{0, 1, 16}, {1, 2, 64}, {2, 3, 64}}, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{0, 16, 80}));
  EXPECT_EQ(result->totalSize, 144u);
}

TEST(StaticLayoutTest, InvertedIntervalsIntersectExactly) {
  // [5, 3] intersects [b, e] only if b <= 3 and e >= 5: it does not
  // intersect [4, 4], which may share its memory.
  std::optional<StaticPackResult> result =
      packSlicesReference({{5, 3, 16}, {4, 4, 16}, {0, 9, 16}}, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{0, 0, 16}));
}

TEST(StaticLayoutTest, OverflowIsReported) {
  uint64_t huge = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  EXPECT_FALSE(packSlicesReference({{0, 1, huge}}, 16, 16));
  EXPECT_FALSE(
      packSlicesReference({{0, 1, huge / 2}, {0, 1, huge / 2 + 64}}, 16, 16));
}

TEST(StaticLayoutTest, AllOverlappingSlicesMatchTheGreedyScan) {
  // Slices that all share a point and have nonzero sizes take the O(n)
  // sequential layout; one more slice that overlaps none of them, placed
  // last, sends the same slices through the general greedy scan, which must
  // give them the same offsets (it places them before the extra one).
  std::mt19937 rng(7);
  for (int round = 0; round < 40; ++round) {
    SmallVector<PackSlice> slices;
    unsigned n = 1 + rng() % 120;
    for (unsigned i = 0; i < n; ++i) {
      int64_t start = rng() % 20;
      slices.push_back(
          {start, 20 + static_cast<int64_t>(rng() % 20), 1 + rng() % 300});
    }
    uint64_t offsetAlignment = uint64_t(1) << (rng() % 8);
    uint64_t rangeAlignment = uint64_t(1) << (rng() % 8);
    std::optional<StaticPackResult> fast =
        packSlicesReference(slices, offsetAlignment, rangeAlignment);
    SmallVector<PackSlice> withDisjoint(slices);
    withDisjoint.push_back({100, 101, 1 + rng() % 300});
    std::optional<StaticPackResult> general =
        packSlicesReference(withDisjoint, offsetAlignment, rangeAlignment);
    ASSERT_TRUE(fast && general);
    EXPECT_EQ(fast->offsets,
              SmallVector<uint64_t>(general->offsets.begin(),
                                    general->offsets.begin() + n));
    EXPECT_EQ(fast->totalSize % rangeAlignment, 0u);
    EXPECT_GE(fast->totalSize, fast->offsets.back() + slices.back().size);
  }
  // A zero-size slice can sit in the alignment padding below the top: it
  // keeps the general path (offset 0, the first gap, not the top).
  std::optional<StaticPackResult> withEmpty =
      packSlicesReference({{0, 9, 16}, {0, 9, 16}, {0, 9, 0}}, 16, 16);
  ASSERT_TRUE(withEmpty);
  std::optional<StaticPackResult> withEmptyGeneral = packSlicesReference(
      {{0, 9, 16}, {0, 9, 16}, {0, 9, 0}, {20, 21, 16}}, 16, 16);
  ASSERT_TRUE(withEmptyGeneral);
  EXPECT_EQ(withEmpty->offsets,
            SmallVector<uint64_t>(withEmptyGeneral->offsets.begin(),
                                  withEmptyGeneral->offsets.begin() + 3));
}

TEST(StaticLayoutTest, NeverOverlapsLiveSlices) {
  std::mt19937 rng(42);
  for (int round = 0; round < 30; ++round) {
    SmallVector<PackSlice> slices;
    unsigned n = 1 + rng() % 150;
    for (unsigned i = 0; i < n; ++i) {
      int64_t start = rng() % 60;
      slices.push_back(
          {start, start + static_cast<int64_t>(rng() % 10), 1 + rng() % 500});
    }
    std::optional<StaticPackResult> result =
        packSlicesReference(slices, 64, 16);
    ASSERT_TRUE(result);
    for (unsigned i = 0; i < n; ++i) {
      EXPECT_EQ(result->offsets[i] % 64, 0u);
      EXPECT_LE(result->offsets[i] + slices[i].size, result->totalSize);
      for (unsigned j = i + 1; j < n; ++j) {
        if (!slices[i].intersects(slices[j]))
          continue;
        bool disjoint =
            result->offsets[i] + slices[i].size <= result->offsets[j] ||
            result->offsets[j] + slices[j].size <= result->offsets[i];
        ASSERT_TRUE(disjoint) << "slices " << i << " and " << j;
      }
    }
    EXPECT_GE(result->totalSize, computeMaxLiveBytes(slices, 16));
  }
}

//===----------------------------------------------------------------------===//
// Best-of static layout (§9.4)
//===----------------------------------------------------------------------===//

/// Checks that `layout` is a valid layout of `slices`: every offset aligned,
/// every slice inside the slab, intersecting slices disjoint in bytes, the
/// slab range-aligned and no smaller than the max-live bound.
static void expectValidLayout(ArrayRef<PackSlice> slices,
                              const StaticPackResult &layout,
                              uint64_t offsetAlignment,
                              uint64_t rangeAlignment) {
  ASSERT_EQ(layout.offsets.size(), slices.size());
  EXPECT_EQ(layout.totalSize % rangeAlignment, 0u);
  EXPECT_GE(layout.totalSize, computeMaxLiveBytes(slices, rangeAlignment));
  auto aligned = [&](uint64_t size) {
    return llvm::alignTo(size, rangeAlignment);
  };
  for (unsigned i = 0; i < slices.size(); ++i) {
    EXPECT_EQ(layout.offsets[i] % offsetAlignment, 0u) << "slice " << i;
    EXPECT_LE(layout.offsets[i] + aligned(slices[i].size), layout.totalSize)
        << "slice " << i;
    for (unsigned j = i + 1; j < slices.size(); ++j) {
      if (!slices[i].intersects(slices[j]))
        continue;
      bool disjoint =
          layout.offsets[i] + aligned(slices[i].size) <= layout.offsets[j] ||
          layout.offsets[j] + aligned(slices[j].size) <= layout.offsets[i];
      EXPECT_TRUE(disjoint) << "slices " << i << " and " << j;
    }
  }
}

/// Checks that the reference needs `referenceTotal` bytes for `slices`, that
/// `bound` is their max-live bound (alignments 64) and that packSlicesBest
/// reaches it with a valid layout.
static void expectBestReachesBound(ArrayRef<PackSlice> slices,
                                   uint64_t referenceTotal, uint64_t bound) {
  EXPECT_EQ(computeMaxLiveBytes(slices, 64), bound);
  std::optional<StaticPackResult> reference =
      packSlicesReference(slices, 64, 64);
  ASSERT_TRUE(reference);
  EXPECT_EQ(reference->totalSize, referenceTotal);
  std::optional<StaticPackResult> result = packSlicesBest(slices, 64, 64);
  ASSERT_TRUE(result);
  expectValidLayout(slices, *result, 64, 64);
  EXPECT_EQ(result->totalSize, bound);
}

TEST(BestLayoutTest, SizeOrderBeatsSliceOrder) {
  // The reference places the 16-byte slice at 0 and the two 64-byte ones
  // above it (144 bytes, NoSortBySize). Largest first: [1,2] at 0, [2,3]
  // intersects it and goes to 64, then [0,1] intersects only [1,2] and takes
  // 64 too: 128 bytes, the max-live bound (time 2: 64 + 64).
  SmallVector<PackSlice> slices = {{0, 1, 16}, {1, 2, 64}, {2, 3, 64}};
  std::optional<StaticPackResult> result = packSlicesBest(slices, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{64, 0, 64}));
  EXPECT_EQ(result->totalSize, 128u);
  EXPECT_EQ(computeMaxLiveBytes(slices, 16), 128u);
}

TEST(BestLayoutTest, KeepsTheReferenceWhenItIsOptimal) {
  // The §9.2 golden already meets its bound (432): the reference layout is
  // kept as is.
  SmallVector<PackSlice> slices = {{0, 1, 100}, {1, 2, 100}, {2, 3, 100},
                                   {0, 4, 200}, {5, 6, 200}, {5, 8, 100}};
  std::optional<StaticPackResult> result = packSlicesBest(slices, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{0, 112, 0, 224, 0, 208}));
  EXPECT_EQ(result->totalSize, 432u);
}

TEST(BestLayoutTest, TransformerBlockReachesTheBound) {
  // One transformer-shaped region of the packing report (x, q, k, v of 4 KiB,
  // scores/probs and the MLP's up/act of 16 KiB). At time 5 x=[0,8],
  // v=[3,6], scores=[4,5] and probs=[5,6] are live: 40 KiB, the bound. The
  // reference's slice order needs 48 KiB: it puts q and k low, so scores and
  // probs cannot share the space below v.
  SmallVector<PackSlice> slices = {
      {0, 8, 4096},  {1, 4, 4096},   {2, 4, 4096},    {3, 6, 4096},
      {4, 5, 16384}, {5, 6, 16384},  {6, 7, 4096},    {7, 8, 4096},
      {8, 12, 4096}, {9, 10, 16384}, {10, 11, 16384}, {11, 12, 4096},
      {12, 13, 4096}};
  expectBestReachesBound(slices, 49152, 40960);
}

TEST(BestLayoutTest, PromotingTheTopSliceReachesTheBound) {
  // A `body=mixed` region of the packing report. The peak is at time 13:
  // the long-lived 12 KiB slice plus two 48 KiB slices, 110592 bytes. The
  // reference (and each of the eight greedy orders) puts one 48 KiB slice
  // of the peak 12 KiB too high; placing the slice that reaches
  // the top first, then the others largest first, reaches the bound.
  SmallVector<PackSlice> slices = {
      {1, 15, 12288},  {2, 3, 4096},    {3, 4, 3072},    {4, 5, 3072},
      {5, 6, 256},     {6, 9, 192},     {7, 8, 65536},   {8, 9, 768},
      {9, 10, 65536},  {10, 11, 256},   {11, 12, 12288}, {12, 13, 49152},
      {13, 14, 49152}, {14, 15, 16384}, {15, 16, 49152}};
  expectBestReachesBound(slices, 122880, 110592);
}

TEST(BestLayoutTest, HonoursOffsetAlignment) {
  // Offsets aligned to 256 while sizes only to 16: three 16-byte slices live
  // together need offsets 0, 256, 512 (528 bytes) whatever the order.
  SmallVector<PackSlice> slices = {{0, 2, 16}, {1, 3, 16}, {2, 4, 16}};
  std::optional<StaticPackResult> result = packSlicesBest(slices, 256, 16);
  ASSERT_TRUE(result);
  expectValidLayout(slices, *result, 256, 16);
  EXPECT_EQ(result->totalSize, 528u);
  SmallVector<uint64_t> sorted(result->offsets);
  llvm::sort(sorted);
  EXPECT_EQ(sorted, (SmallVector<uint64_t>{0, 256, 512}));
}

TEST(BestLayoutTest, EmptyZeroSizedAndInverted) {
  std::optional<StaticPackResult> empty = packSlicesBest({}, 16, 16);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->offsets.empty());
  EXPECT_EQ(empty->totalSize, 0u);
  // A zero-sized slice holds no bytes and does not split the gap below the
  // 32-byte slice.
  SmallVector<PackSlice> zero = {{0, 9, 64}, {0, 9, 0}, {0, 9, 32}};
  std::optional<StaticPackResult> result = packSlicesBest(zero, 16, 16);
  ASSERT_TRUE(result);
  expectValidLayout(zero, *result, 16, 16);
  EXPECT_EQ(result->totalSize, 96u);
  // [5, 3] does not intersect [4, 4] (exact test), so they share memory.
  SmallVector<PackSlice> inverted = {{5, 3, 16}, {4, 4, 16}, {0, 9, 16}};
  result = packSlicesBest(inverted, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->totalSize, 32u);
  EXPECT_EQ(result->offsets[0], result->offsets[1]);
}

TEST(BestLayoutTest, OverflowIsReported) {
  uint64_t huge = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  EXPECT_FALSE(packSlicesBest({{0, 1, huge}}, 16, 16));
  EXPECT_FALSE(
      packSlicesBest({{0, 1, huge / 2}, {0, 1, huge / 2 + 64}}, 16, 16));
  // Disjoint lifetimes share the bytes, so the same sizes fit.
  std::optional<StaticPackResult> result =
      packSlicesBest({{0, 1, huge / 2}, {2, 3, huge / 2 + 64}}, 16, 16);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->offsets, (SmallVector<uint64_t>{0, 0}));
}

TEST(BestLayoutTest, RandomLayoutsAreValidAndNoWorseThanTheReference) {
  std::mt19937 rng(7);
  uint64_t referenceTotal = 0, bestTotal = 0, boundTotal = 0;
  for (int round = 0; round < 200; ++round) {
    SmallVector<PackSlice> slices;
    unsigned n = 1 + rng() % 120;
    int64_t span = 4 + rng() % 80;
    for (unsigned i = 0; i < n; ++i) {
      int64_t start = rng() % span;
      // Log-uniform sizes from 1 byte to 64 KiB, some of them zero.
      uint64_t size = rng() % 16 == 0 ? 0 : (1u << (rng() % 16)) + rng() % 97;
      slices.push_back(
          {start, start + static_cast<int64_t>(rng() % (span / 2)), size});
    }
    uint64_t offsetAlignment = 1u << (rng() % 8);
    uint64_t rangeAlignment = 1u << (rng() % 8);
    std::optional<StaticPackResult> reference =
        packSlicesReference(slices, offsetAlignment, rangeAlignment);
    std::optional<StaticPackResult> best =
        packSlicesBest(slices, offsetAlignment, rangeAlignment);
    ASSERT_TRUE(reference && best);
    expectValidLayout(slices, *best, offsetAlignment, rangeAlignment);
    EXPECT_LE(best->totalSize, reference->totalSize);
    // Deterministic.
    std::optional<StaticPackResult> again =
        packSlicesBest(slices, offsetAlignment, rangeAlignment);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->offsets, best->offsets);
    referenceTotal += reference->totalSize;
    bestTotal += best->totalSize;
    boundTotal += computeMaxLiveBytes(slices, rangeAlignment);
  }
  // Across the rounds the heuristics must actually help.
  EXPECT_LT(bestTotal, referenceTotal);
  EXPECT_GE(bestTotal, boundTotal);
}

//===----------------------------------------------------------------------===//
// Dynamic bins and the max-live bound
//===----------------------------------------------------------------------===//

TEST(DynamicLayoutTest, FirstFitBins) {
  // [0,1] and [2,3] share bin 0; [1,2] intersects both and opens bin 1;
  // [3,4] intersects [2,3] (bin 0) but not [1,2] (bin 1).
  EXPECT_EQ(assignSliceBins({{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}}),
            (SmallVector<unsigned>{0, 1, 0, 1}));
  // Everything live at once: one bin each.
  EXPECT_EQ(assignSliceBins({{0, 9, 0}, {0, 9, 0}, {0, 9, 0}}),
            (SmallVector<unsigned>{0, 1, 2}));
  // Out-of-order starts are still checked against the whole bin.
  EXPECT_EQ(assignSliceBins({{10, 12, 0}, {0, 2, 0}, {1, 11, 0}}),
            (SmallVector<unsigned>{0, 0, 1}));
  // Inverted intervals use the exact test.
  EXPECT_EQ(assignSliceBins({{5, 3, 0}, {4, 4, 0}}),
            (SmallVector<unsigned>{0, 0}));
}

TEST(DynamicLayoutTest, AllOverlappingSlicesMatchTheBinScan) {
  // Slices sharing a point get one bin each without a scan; with one more
  // slice that overlaps none of them (last), the same slices go through the
  // scan, which must agree.
  std::mt19937 rng(11);
  for (int round = 0; round < 40; ++round) {
    SmallVector<PackSlice> slices;
    unsigned n = 1 + rng() % 100;
    for (unsigned i = 0; i < n; ++i)
      slices.push_back({static_cast<int64_t>(rng() % 20),
                        20 + static_cast<int64_t>(rng() % 20), 0});
    SmallVector<unsigned> fast = assignSliceBins(slices);
    SmallVector<PackSlice> withDisjoint(slices);
    withDisjoint.push_back({100, 101, 0});
    SmallVector<unsigned> scanned = assignSliceBins(withDisjoint);
    EXPECT_EQ(fast,
              SmallVector<unsigned>(scanned.begin(), scanned.begin() + n));
    EXPECT_EQ(scanned.back(), 0u);
  }
}

TEST(MaxLiveTest, SumsSimultaneouslyLiveSizes) {
  // At time 1 the first two are live (2 x 112 aligned); the peak is the
  // 300-byte slice alone (304 aligned).
  EXPECT_EQ(computeMaxLiveBytes({{0, 1, 100}, {1, 2, 100}, {3, 4, 300}}, 16),
            304u);
  EXPECT_EQ(computeMaxLiveBytes({{0, 1, 100}, {1, 2, 100}, {3, 4, 200}}, 16),
            224u);
  EXPECT_EQ(computeMaxLiveBytes({{0, 1, 100}, {1, 2, 100}, {3, 4, 300}}, 1),
            300u);
  EXPECT_EQ(computeMaxLiveBytes({{0, 1, 100}, {1, 2, 150}}, 1), 250u);
  // The §9.2 golden peaks at [0,4] + [2,3] + [1,2] or [0,1] = 432 aligned.
  EXPECT_EQ(computeMaxLiveBytes({{0, 1, 100},
                                 {1, 2, 100},
                                 {2, 3, 100},
                                 {0, 4, 200},
                                 {5, 6, 200},
                                 {5, 8, 100}},
                                16),
            432u);
  EXPECT_EQ(computeMaxLiveBytes({}, 16), 0u);
}

//===----------------------------------------------------------------------===//
// ARC fork joins
//===----------------------------------------------------------------------===//

class ReferenceCountingTest : public sluice::testing::DialectTest {
protected:
  OwningOpRef<ModuleOp> run(StringRef source) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(createAutomaticReferenceCountingPass());
    EXPECT_TRUE(succeeded(pm.run(*module)));
    return module;
  }
};

TEST_F(ReferenceCountingTest, ForkedUsersJoinBeforeRelease) {
  OwningOpRef<ModuleOp> module = run(R"mlir(
    util.func public @f(%size: index) -> !stream.timepoint {
      %r, %rt = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
      %e0 = stream.cmd.execute await(%rt) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      %e1 = stream.cmd.execute await(%rt) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      %e2 = stream.cmd.execute await(%e0) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      %j = stream.timepoint.join max(%e1, %e2) => !stream.timepoint
      util.return %j : !stream.timepoint
    }
  )mlir");
  auto executes = collect<CmdExecuteOp>(*module);
  auto deallocas = collect<ResourceDeallocaOp>(*module);
  ASSERT_EQ(executes.size(), 3u);
  ASSERT_EQ(deallocas.size(), 1u);
  // e2 covers e0 (it awaits it); e1 is a separate fork: the last uses are
  // {e1, e2}, joined in block order.
  auto joinOp =
      deallocas[0].getAwaitTimepoint().getDefiningOp<TimepointJoinOp>();
  ASSERT_TRUE(joinOp);
  ASSERT_EQ(joinOp.getTimepoints().size(), 2u);
  EXPECT_EQ(joinOp.getTimepoints()[0], executes[1].getResultTimepoint());
  EXPECT_EQ(joinOp.getTimepoints()[1], executes[2].getResultTimepoint());
  // Later waiters on the last-in-block-order use now wait on the release.
  auto userJoin = collect<TimepointJoinOp>(*module).back();
  EXPECT_EQ(userJoin.getTimepoints()[0], executes[1].getResultTimepoint());
  EXPECT_EQ(userJoin.getTimepoints()[1], deallocas[0].getResultTimepoint());
  EXPECT_TRUE(deallocas[0].getPreferOrigin());
}

TEST_F(ReferenceCountingTest, CoveredUsesCollapseThroughJoins) {
  OwningOpRef<ModuleOp> module = run(R"mlir(
    util.func public @f(%size: index) -> !stream.timepoint {
      %r, %rt = stream.resource.alloca uninitialized : !stream.resource<transient>{%size} => !stream.timepoint
      %e0 = stream.cmd.execute await(%rt) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      %e1 = stream.cmd.execute await(%rt) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      %j = stream.timepoint.join max(%e0, %e1) => !stream.timepoint
      %e2 = stream.cmd.execute await(%j) => with(%r as %c: !stream.resource<transient>{%size}) {
      } => !stream.timepoint
      util.return %e2 : !stream.timepoint
    }
  )mlir");
  auto executes = collect<CmdExecuteOp>(*module);
  auto deallocas = collect<ResourceDeallocaOp>(*module);
  ASSERT_EQ(deallocas.size(), 1u);
  // e2 covers both forks through the join: one last use, no new join.
  EXPECT_EQ(deallocas[0].getAwaitTimepoint(), executes[2].getResultTimepoint());
  EXPECT_EQ(collect<TimepointJoinOp>(*module).size(), 1u);
}

} // namespace

//===----------------------------------------------------------------------===//
// Transient packing of an execution region
//===----------------------------------------------------------------------===//

namespace {

class TransientPackingTest : public sluice::testing::DialectTest {
protected:
  OwningOpRef<ModuleOp> run(StringRef source, bool layout) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(createScheduleAllocationPass());
    if (layout)
      pm.addNestedPass<util::FuncOp>(createLayoutSlicesPass());
    EXPECT_TRUE(succeeded(pm.run(*module)));
    return module;
  }
};

constexpr StringLiteral kLocals = R"mlir(
  util.func public @f(%a: index, %b: index) -> !stream.timepoint attributes {
    stream.resources = #stream.resource_config<{min_buffer_offset_alignment = 16, min_buffer_range_alignment = 16}>
  } {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c255_i8 = arith.constant 255 : i8
    %t = stream.async.execute with() {
      %0 = stream.async.splat %c255_i8 : i8 -> !stream.resource<transient>{%c100}
      %1 = stream.async.dispatch @ex::@a[%c1](%0[%c0 to %c100 for %c100]) : (!stream.resource<transient>{%c100}) -> !stream.resource<transient>{%c300}
      %2 = stream.async.dispatch @ex::@b[%c1](%1[%c0 to %c300 for %c300]) : (!stream.resource<transient>{%c300}) -> !stream.resource<transient>{%c100}
      %3 = stream.async.dispatch @ex::@c[%c1](%2[%c0 to %c100 for %c100]) : (!stream.resource<transient>{%c100}) -> !stream.resource<transient>{%c100}
      stream.yield
    } => !stream.timepoint
    util.return %t : !stream.timepoint
  }
)mlir";

} // namespace

TEST_F(TransientPackingTest, LocalsArePackedByLiveness) {
  OwningOpRef<ModuleOp> module = run(kLocals, /*layout=*/false);
  auto packOp = findOp<ResourcePackOp>(*module);
  ASSERT_TRUE(packOp);
  // One slice per local, intervals from producer to last user.
  SmallVector<ResourcePackOp::Slice> slices = packOp.getSlices();
  ASSERT_EQ(slices.size(), 4u);
  SmallVector<std::pair<int64_t, int64_t>> intervals;
  for (auto &slice : slices)
    intervals.push_back({slice.lifetimeStart, slice.lifetimeEnd});
  EXPECT_EQ(intervals, (SmallVector<std::pair<int64_t, int64_t>>{
                           {0, 1}, {1, 2}, {2, 3}, {3, 3}}));
  // The slab is one transient alloca released after the region.
  auto allocaOp = findOp<ResourceAllocaOp>(*module);
  ASSERT_TRUE(allocaOp);
  EXPECT_EQ(allocaOp.getStorageSize(), packOp.getTotalLength());
  auto deallocaOp = findOp<ResourceDeallocaOp>(*module);
  ASSERT_TRUE(deallocaOp);
  EXPECT_EQ(deallocaOp.getOperand(), allocaOp.getResult());
}

TEST_F(TransientPackingTest, SlabReusesDeadSlices) {
  OwningOpRef<ModuleOp> module = run(kLocals, /*layout=*/true);
  auto allocaOp = findOp<ResourceAllocaOp>(*module);
  ASSERT_TRUE(allocaOp);
  APInt total;
  ASSERT_TRUE(matchPattern(allocaOp.getStorageSize(), m_ConstantInt(&total)));
  // Sizes 112, 304, 112, 112 (16-aligned): [0,1] at 0, [1,2] at 112,
  // [2,3] at 0 (the first is dead), [3,3] at 112 (the 304 one is dead):
  // 416 bytes where the sum is 640; max-live is 416.
  EXPECT_EQ(total.getZExtValue(), 416u);
  EXPECT_EQ(computeMaxLiveBytes(
                {{0, 1, 100}, {1, 2, 300}, {2, 3, 100}, {3, 3, 100}}, 16),
            416u);
}
