//===- ResourceLiveness.h - resource liveness and slice packing -*- C++ -*-===//
//
// Liveness intervals of resources and the packing of sized, lifetime-bounded
// slices into one slab (stream-passes-2.md §7.3, §7.6, §9).
//
// * `LivenessInterval` / `computeExecutionIntervals`: the inclusive op-index
//   intervals of the resource values of a `stream.async.execute` body, unioned
//   over alias classes (`buildExecutionAliasSets`), as schedule-allocation uses
//   them to pick the region's local transients.
// * `IntervalIndex`: a static centered interval tree over inclusive integer
//   intervals with per-interval activation, enumerating the active intervals
//   that intersect a query in O(log n + k).
// * `packSlicesReference`: the reference's greedy static layout (§9.2) on top
//   of `IntervalIndex`; `packSlicesBest`: the smallest of several placement
//   heuristics (§9.4); `assignSliceBins`: first-fit binning of same-size
//   slices (§9.3); `computeMaxLiveBytes`: the max-live lower bound of a layout.
//
// The pieces are independent of any pass so that other allocators (external
// transients) can reuse them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCELIVENESS_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCELIVENESS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// Liveness of resources in an execution region
//===----------------------------------------------------------------------===//

/// Alias classes of resource values (union-find).
using ValueAliasSets = llvm::EquivalenceClasses<mlir::Value>;

/// Builds the alias classes of §7.3 for the body of `regionOp` (a
/// `stream.async.execute` or `stream.async.concurrent`): each yielded value of
/// a tied result joins the entry argument of the tied capture, and every tied
/// resource result joins its tied operand; nested `stream.async.concurrent`
/// regions are visited recursively.
void buildExecutionAliasSets(mlir::Operation *regionOp, ValueAliasSets &sets);

/// An inclusive interval `[start, end]` of op indices in one block during
/// which `value` is live.
struct LivenessInterval {
  /// The value is defined before the block (a block argument).
  static constexpr int64_t kLiveIn = std::numeric_limits<int64_t>::min();
  /// The value is used after the block (yielded).
  static constexpr int64_t kLiveOut = std::numeric_limits<int64_t>::max();
  /// Ordinal of values produced inside nested waves that are never used.
  static constexpr int64_t kNestedOrdinal = -1;

  int64_t start = 0;
  int64_t end = 0;
  int64_t ordinal = 0;
  mlir::Value value;

  bool isLiveIn() const { return start == kLiveIn; }
  bool isLiveOut() const { return end == kLiveOut; }
};

/// Computes the intervals of §7.6 for the single-block `body` of a
/// `stream.async.execute`: entry arguments start live-in, results of the op
/// at index i start at i and end at their last top-level user (live-out when
/// yielded by the block terminator); untied results nested in waves with no
/// uses get `[i, i]` with `kNestedOrdinal`. Intervals of an alias class with a
/// top-level member are widened to the class's union. The result is sorted
/// stably by ordinal; nested values keep walk order.
llvm::SmallVector<LivenessInterval>
computeExecutionIntervals(mlir::Block &body, const ValueAliasSets &aliases);

//===----------------------------------------------------------------------===//
// Interval index
//===----------------------------------------------------------------------===//

/// A static index over inclusive intervals `[start, end]` (start <= end),
/// built once; intervals are activated individually and queries report only
/// active ones. Build is O(n log n); a query is O(log n + m) where m counts
/// the intersecting intervals, active or not.
class IntervalIndex {
public:
  IntervalIndex() = default;
  explicit IntervalIndex(llvm::ArrayRef<std::pair<int64_t, int64_t>> intervals);

  size_t size() const { return starts.size(); }
  void activate(unsigned id) { active[id] = true; }
  bool isActive(unsigned id) const { return active[id]; }

  /// Appends to `out` the ids of the active intervals intersecting
  /// `[start, end]` (in no particular order).
  void findIntersecting(int64_t start, int64_t end,
                        llvm::SmallVectorImpl<unsigned> &out) const;

private:
  struct Node {
    int64_t center = 0;
    // Ranges into `byStart` / `byEnd`.
    unsigned begin = 0, count = 0;
    int left = -1, right = -1;
  };
  int build(llvm::SmallVectorImpl<unsigned> &ids);

  llvm::SmallVector<int64_t> starts, ends;
  llvm::SmallVector<bool> active;
  llvm::SmallVector<Node> nodes;
  llvm::SmallVector<unsigned> byStart, byEnd;
  int root = -1;
};

//===----------------------------------------------------------------------===//
// Slice packing
//===----------------------------------------------------------------------===//

/// Discardable string attribute of a `stream.resource.pack`: `"best"` makes
/// --iree-stream-layout-slices lay out the pack's static slices with
/// `packSlicesBest` whatever --sluice-stream-layout-strategy says (set by
/// --iree-stream-emplace-transients with `liveness-packing=true`).
inline constexpr llvm::StringLiteral kPackLayoutAttr = "sluice.stream.layout";
inline constexpr llvm::StringLiteral kPackLayoutBest = "best";

/// A slice to place: live over the inclusive interval `[start, end]`.
struct PackSlice {
  int64_t start = 0;
  int64_t end = 0;
  uint64_t size = 0;

  bool intersects(const PackSlice &other) const {
    return end >= other.start && other.end >= start;
  }
};

struct StaticPackResult {
  /// Offset of each slice, in slice order.
  llvm::SmallVector<uint64_t> offsets;
  /// Total slab size, aligned to the range alignment.
  uint64_t totalSize = 0;
};

/// The reference's greedy layout (stream-passes-2.md §9.2, quirks LS1 kept):
/// slices are placed in order; each takes the smallest gap (measured from the
/// unaligned cursor) between reservations whose lifetimes intersect it, or
/// goes above them. Sizes are aligned to `rangeAlignment`, offsets to
/// `offsetAlignment` (powers of two). Returns std::nullopt if a size or offset
/// does not fit in int64.
std::optional<StaticPackResult>
packSlicesReference(llvm::ArrayRef<PackSlice> slices, uint64_t offsetAlignment,
                    uint64_t rangeAlignment);

/// The smallest of several static layouts (stream-passes-2.md §9.4): the
/// reference's (`packSlicesReference`, so the result is never larger) and
/// greedy placements of the slices ordered by size (descending), by lifetime
/// start, by size x duration and by duration, each placed both first-fit
/// (lowest offset) and best-fit (smallest gap) among the reservations whose
/// lifetimes intersect, found through `IntervalIndex`; the best of them is
/// then compacted and re-placed with the slices reaching the top placed
/// first, a bounded number of times. Deterministic. Intersection is
/// `PackSlice::intersects`; offsets are aligned to `offsetAlignment`, sizes and
/// the total to `rangeAlignment` (powers of two, 0 meaning 1). Cost: each of
/// the bounded number of placements is O(S log S + sum K log K), K the slices
/// intersecting one slice. Returns std::nullopt if no layout fits in int64.
std::optional<StaticPackResult> packSlicesBest(llvm::ArrayRef<PackSlice> slices,
                                               uint64_t offsetAlignment,
                                               uint64_t rangeAlignment);

/// First-fit binning of slices that share one size (§9.3): slice i goes to the
/// first bin holding no slice whose interval intersects it, or to a new bin.
/// Returns the bin of each slice; bins are numbered in creation order.
llvm::SmallVector<unsigned> assignSliceBins(llvm::ArrayRef<PackSlice> slices);

/// The largest sum of (range-aligned) sizes of simultaneously live slices: a
/// lower bound for any layout's slab size. Saturates at UINT64_MAX.
uint64_t computeMaxLiveBytes(llvm::ArrayRef<PackSlice> slices,
                             uint64_t rangeAlignment = 1);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_RESOURCELIVENESS_H
