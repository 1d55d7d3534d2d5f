//===- IntervalSetTest.cpp - run-length integer sets ----------------------===//
//
// Hand-checked cases for every operation, then a randomized cross-check of
// all of them against a dense reference (std::vector<bool>).
//
//===----------------------------------------------------------------------===//

#include "sluice/Support/IntervalSet.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using sluice::IntervalSet;
using Runs = std::vector<IntervalSet::Run>;

namespace {

Runs runs(const IntervalSet &set) {
  return Runs(set.getRuns().begin(), set.getRuns().end());
}

TEST(IntervalSetTest, SetMergesTouchingRuns) {
  IntervalSet s;
  EXPECT_TRUE(s.empty());
  s.set(3);
  s.set(5);
  EXPECT_EQ(runs(s), (Runs{{3, 4}, {5, 6}}));
  s.set(4);
  EXPECT_EQ(runs(s), (Runs{{3, 6}}));
  s.setRange(0, 2);
  EXPECT_EQ(runs(s), (Runs{{0, 2}, {3, 6}}));
  s.setRange(2, 3);
  EXPECT_EQ(runs(s), (Runs{{0, 6}}));
  s.setRange(10, 10); // empty range: no-op
  EXPECT_EQ(runs(s), (Runs{{0, 6}}));
  EXPECT_EQ(s.count(), 6u);
}

TEST(IntervalSetTest, ResetSplitsRuns) {
  IntervalSet s;
  s.setRange(0, 10);
  s.reset(4);
  EXPECT_EQ(runs(s), (Runs{{0, 4}, {5, 10}}));
  s.reset(0);
  s.reset(9);
  EXPECT_EQ(runs(s), (Runs{{1, 4}, {5, 9}}));
  s.reset(20); // absent: no-op
  EXPECT_EQ(runs(s), (Runs{{1, 4}, {5, 9}}));
  EXPECT_FALSE(s.test(4));
  EXPECT_TRUE(s.test(5));
}

TEST(IntervalSetTest, UnionIntersectSubtract) {
  IntervalSet a, b;
  a.setRange(0, 4);
  a.setRange(8, 12);
  b.setRange(2, 9);
  b.set(20);
  IntervalSet u = a;
  u.unionWith(b);
  EXPECT_EQ(runs(u), (Runs{{0, 12}, {20, 21}}));
  IntervalSet i = a;
  i.intersectWith(b);
  EXPECT_EQ(runs(i), (Runs{{2, 4}, {8, 9}}));
  IntervalSet d = a;
  d.subtract(b);
  EXPECT_EQ(runs(d), (Runs{{0, 2}, {9, 12}}));
}

TEST(IntervalSetTest, Searches) {
  IntervalSet s;
  s.setRange(0, 3);
  s.setRange(5, 7);
  EXPECT_EQ(s.findFirst(), 0u);
  EXPECT_EQ(s.findLast(), 6u);
  EXPECT_EQ(s.findNextUnset(0), 3u);
  EXPECT_EQ(s.findNextUnset(4), 4u);
  EXPECT_EQ(s.findNextUnset(5), 7u);
  EXPECT_EQ(s.findNext(3), 5u);
  EXPECT_EQ(s.findNext(6), 6u);
  EXPECT_EQ(s.findNext(7), std::nullopt);
  EXPECT_EQ(s.findLastUnset(0, 7), 4u);
  EXPECT_EQ(s.findLastUnset(0, 3), std::nullopt);
  EXPECT_EQ(s.findLastUnset(0, 10), 9u);
  EXPECT_EQ(s.findLastUnset(5, 7), std::nullopt);
  EXPECT_EQ(IntervalSet().findLast(), std::nullopt);
}

TEST(IntervalSetTest, RandomAgainstDense) {
  std::mt19937 rng(1234);
  constexpr unsigned kSize = 96;
  for (int round = 0; round < 300; ++round) {
    IntervalSet a, b;
    std::vector<bool> da(kSize), db(kSize);
    for (int step = 0; step < 40; ++step) {
      unsigned x = rng() % kSize, y = rng() % kSize;
      unsigned lo = std::min(x, y), hi = std::max(x, y);
      bool toA = rng() % 2;
      IntervalSet &s = toA ? a : b;
      std::vector<bool> &d = toA ? da : db;
      switch (rng() % 3) {
      case 0:
        s.set(x);
        d[x] = true;
        break;
      case 1:
        s.reset(x);
        d[x] = false;
        break;
      default:
        s.setRange(lo, hi);
        for (unsigned k = lo; k < hi; ++k)
          d[k] = true;
        break;
      }
    }
    auto check = [&](const IntervalSet &s, const std::vector<bool> &d) {
      size_t count = 0;
      for (unsigned k = 0; k < kSize; ++k) {
        ASSERT_EQ(s.test(k), d[k]) << k;
        count += d[k];
      }
      ASSERT_EQ(s.count(), count);
      // Runs are sorted, disjoint and non-adjacent.
      auto r = s.getRuns();
      for (size_t k = 0; k < r.size(); ++k) {
        ASSERT_LT(r[k].first, r[k].second);
        if (k)
          ASSERT_LT(r[k - 1].second, r[k].first);
      }
      for (unsigned from = 0; from < kSize; ++from) {
        unsigned expect = from;
        while (expect < kSize && d[expect])
          ++expect;
        ASSERT_EQ(s.findNextUnset(from), expect);
        std::optional<unsigned> last;
        for (unsigned k = from; k < kSize; ++k)
          if (!d[k])
            last = k;
        ASSERT_EQ(s.findLastUnset(from, kSize), last);
      }
    };
    check(a, da);
    check(b, db);
    IntervalSet u = a, i = a, d = a;
    u.unionWith(b);
    i.intersectWith(b);
    d.subtract(b);
    std::vector<bool> du(kSize), di(kSize), dd(kSize);
    for (unsigned k = 0; k < kSize; ++k) {
      du[k] = da[k] || db[k];
      di[k] = da[k] && db[k];
      dd[k] = da[k] && !db[k];
    }
    check(u, du);
    check(i, di);
    check(d, dd);
  }
}

} // namespace
