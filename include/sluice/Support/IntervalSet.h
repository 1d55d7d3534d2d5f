//===- IntervalSet.h - sets of small integers as runs -------------*- C++
//-*-===//
//
// A set of unsigned integers stored as sorted, disjoint, non-adjacent
// half-open runs [lo, hi). The schedulers keep per-op partition sets in this
// form: most of them are a prefix [0, n) plus a few bits, so they stay a
// handful of words where a dense bit vector would grow with the partition
// count (stream-passes-2.md §2.10, §3.5).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_SUPPORT_INTERVALSET_H
#define SLUICE_SUPPORT_INTERVALSET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>

namespace sluice {

class IntervalSet {
public:
  using Run = std::pair<unsigned, unsigned>;

  IntervalSet() = default;

  bool empty() const { return runs.empty(); }
  bool any() const { return !runs.empty(); }
  llvm::ArrayRef<Run> getRuns() const { return runs; }

  /// Number of members.
  size_t count() const {
    size_t n = 0;
    for (const Run &r : runs)
      n += r.second - r.first;
    return n;
  }

  bool test(unsigned i) const {
    auto it = upperBound(i);
    if (it == runs.begin())
      return false;
    --it;
    return i < it->second;
  }

  void set(unsigned i) { setRange(i, i + 1); }

  /// Adds [lo, hi).
  void setRange(unsigned lo, unsigned hi) {
    if (lo >= hi)
      return;
    // First run that ends at or after `lo` (touching runs merge).
    auto first =
        std::lower_bound(runs.begin(), runs.end(), lo,
                         [](const Run &r, unsigned v) { return r.second < v; });
    // First run that starts after `hi` (touching runs merge).
    auto last =
        std::upper_bound(first, runs.end(), hi,
                         [](unsigned v, const Run &r) { return v < r.first; });
    if (first == last) {
      runs.insert(first, Run(lo, hi));
      return;
    }
    unsigned newLo = std::min(lo, first->first);
    unsigned newHi = std::max(hi, (last - 1)->second);
    *first = Run(newLo, newHi);
    runs.erase(first + 1, last);
  }

  void reset(unsigned i) {
    auto it = upperBound(i);
    if (it == runs.begin())
      return;
    --it;
    if (i >= it->second)
      return;
    if (it->first == i && it->second == i + 1) {
      runs.erase(it);
    } else if (it->first == i) {
      it->first = i + 1;
    } else if (it->second == i + 1) {
      it->second = i;
    } else {
      Run tail(i + 1, it->second);
      it->second = i;
      runs.insert(it + 1, tail);
    }
  }

  void clear() { runs.clear(); }

  /// this |= other.
  void unionWith(const IntervalSet &other) {
    if (other.runs.empty() || &other == this)
      return;
    if (runs.empty()) {
      runs = other.runs;
      return;
    }
    if (other.runs.size() == 1) {
      setRange(other.runs[0].first, other.runs[0].second);
      return;
    }
    llvm::SmallVector<Run, 4> merged;
    merged.reserve(runs.size() + other.runs.size());
    auto a = runs.begin(), ae = runs.end();
    auto b = other.runs.begin(), be = other.runs.end();
    auto push = [&](const Run &r) {
      if (!merged.empty() && r.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, r.second);
      else
        merged.push_back(r);
    };
    while (a != ae || b != be) {
      if (b == be || (a != ae && a->first <= b->first))
        push(*a++);
      else
        push(*b++);
    }
    runs.assign(merged.begin(), merged.end());
  }

  /// this &= other.
  void intersectWith(const IntervalSet &other) {
    llvm::SmallVector<Run, 4> result;
    auto a = runs.begin(), ae = runs.end();
    auto b = other.runs.begin(), be = other.runs.end();
    while (a != ae && b != be) {
      unsigned lo = std::max(a->first, b->first);
      unsigned hi = std::min(a->second, b->second);
      if (lo < hi)
        result.push_back(Run(lo, hi));
      if (a->second < b->second)
        ++a;
      else
        ++b;
    }
    runs.assign(result.begin(), result.end());
  }

  /// this -= other.
  void subtract(const IntervalSet &other) {
    if (runs.empty() || other.runs.empty())
      return;
    llvm::SmallVector<Run, 4> result;
    auto b = other.runs.begin(), be = other.runs.end();
    for (Run a : runs) {
      while (b != be && b->second <= a.first)
        ++b;
      auto c = b;
      while (c != be && c->first < a.second) {
        if (c->first > a.first)
          result.push_back(Run(a.first, c->first));
        a.first = std::max(a.first, c->second);
        if (c->second >= a.second)
          break;
        ++c;
      }
      if (a.first < a.second)
        result.push_back(a);
    }
    runs.assign(result.begin(), result.end());
  }

  std::optional<unsigned> findFirst() const {
    if (runs.empty())
      return std::nullopt;
    return runs.front().first;
  }
  std::optional<unsigned> findLast() const {
    if (runs.empty())
      return std::nullopt;
    return runs.back().second - 1;
  }

  /// Lowest member >= from.
  std::optional<unsigned> findNext(unsigned from) const {
    auto it = upperBound(from);
    if (it != runs.begin() && from < (it - 1)->second)
      return from;
    if (it == runs.end())
      return std::nullopt;
    return it->first;
  }

  /// Lowest non-member >= from.
  unsigned findNextUnset(unsigned from) const {
    auto it = upperBound(from);
    if (it != runs.begin() && from < (it - 1)->second)
      return (it - 1)->second;
    return from;
  }

  /// Highest non-member in [lo, hi).
  std::optional<unsigned> findLastUnset(unsigned lo, unsigned hi) const {
    if (lo >= hi)
      return std::nullopt;
    unsigned i = hi - 1;
    auto it = upperBound(i);
    if (it == runs.begin())
      return i;
    --it;
    if (i >= it->second)
      return i;
    // `i` is inside `*it`; the highest gap below it ends at it->first.
    if (it->first <= lo)
      return std::nullopt;
    return it->first - 1;
  }

  /// Calls fn(i) for every member in ascending order; stops early when fn
  /// returns false.
  template <typename Fn> void forEach(Fn fn) const {
    for (const Run &r : runs)
      for (unsigned i = r.first; i < r.second; ++i)
        if (!fn(i))
          return;
  }

  bool operator==(const IntervalSet &other) const { return runs == other.runs; }
  bool operator!=(const IntervalSet &other) const { return !(*this == other); }

private:
  /// First run whose start is > i.
  llvm::SmallVectorImpl<Run>::const_iterator upperBound(unsigned i) const {
    return std::upper_bound(
        runs.begin(), runs.end(), i,
        [](unsigned v, const Run &r) { return v < r.first; });
  }
  llvm::SmallVectorImpl<Run>::iterator upperBound(unsigned i) {
    return std::upper_bound(
        runs.begin(), runs.end(), i,
        [](unsigned v, const Run &r) { return v < r.first; });
  }

  llvm::SmallVector<Run, 2> runs;
};

} // namespace sluice

#endif // SLUICE_SUPPORT_INTERVALSET_H
