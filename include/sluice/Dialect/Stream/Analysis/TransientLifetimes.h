//===- TransientLifetimes.h - lifetimes of external transient slots -*- C++
//-*-===//
//
// Liveness intervals for the slots of the pack that
// --iree-stream-emplace-transients builds (external-transients.md §9.11 row
// 8, `liveness-packing`). The intervals are the `stream.resource.pack`
// lifetimes; --iree-stream-layout-slices then lays the pack out (with
// `packSlicesBest`, ResourceLiveness.h), so slots whose intervals are
// disjoint share bytes.
//
// Model. The slots that can be ordered are those whose single member is a
// `stream.resource.alloca` in the function's entry block; they are numbered
// 0..N-1 in program order and slot k starts at k. Such a slot that also has
// exactly one `stream.resource.dealloca`, in the entry block, ends at
//
//   e_k = the last slot m > k whose alloca is not ordered after k's dealloca
//         on the timeline (k itself if there is none),
//
// so any slot l > e_k follows k's dealloca: its memory is first used after
// k's last use. Every other slot (several members, nested regions, no or
// several deallocas) spans [0, N-1] (or [k, N-1]) and overlaps everything.
//
// "Ordered after" is decided by one forward pass over the entry block: every
// timepoint gets the set of deallocas it follows (through the awaits of
// TimelineOpInterface ops, joins included; timepoints of other ops, block
// arguments and region results follow nothing). A set is kept as "every
// dealloca before index P in program order" plus at most a fixed number of
// later ones, so the pass is linear; dropping an element only makes the
// result more conservative, never wrong. Deallocas that no ordered slot's
// alloca awaits (found by one backward pass) are not numbered, so that they
// do not hold the prefix back; their slots span to the end.
//
// Memory. The pass reads the entry block's timeline as recorded by
// BlockTimeline (its ops numbered in program order, awaits as numbers): every
// table is a vector indexed by that number (a bit per op for the backward
// pass, a 12-byte record per op for the sets, whose extra entries share one
// pool), plus one map from op to number for the allocas and deallocas. At
// 100k ops the IR does not fit in the last-level cache; a caller that reads
// the timeline for other purposes too (emplace-transients' walks) records it
// once and passes it here.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_TRANSIENTLIFETIMES_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_TRANSIENTLIFETIMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace mlir {
class Operation;
} // namespace mlir

namespace sluice::stream {

class BlockTimeline;

/// The inclusive lifetime interval of each slot, in slot order.
/// `slotAllocas[i]` is the `stream.resource.alloca` of slot i when the slot
/// has exactly one member, null otherwise. `timeline` is the function's
/// entry block's (BlockTimeline::build, or recorded op by op), which must
/// still describe the block's timeline ops and their awaits. Cost: O(timeline
/// ops x a constant + slots x log slots).
llvm::SmallVector<std::pair<int64_t, int64_t>>
computeTransientSlotLifetimes(const BlockTimeline &timeline,
                              llvm::ArrayRef<mlir::Operation *> slotAllocas);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_TRANSIENTLIFETIMES_H
