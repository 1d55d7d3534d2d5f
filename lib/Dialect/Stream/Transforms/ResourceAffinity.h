//===- ResourceAffinity.h - affinity queries for allocation -----*- C++ -*-===//
//
// The two AffinityAnalysis queries schedule-allocation relies on
// (stream-passes-2.md §1.6), answered by a local, demand-driven walk of the
// IR until the whole-program AffinityAnalysis (stream-passes-1.md §2) lands:
//
// * pinned affinities of a value: the execution affinities of the pinning ops
//   (`pinsValueAffinity()`) its storage reaches, forwards through uses and
//   backwards through producers (ties, branches, region captures and yields);
// * resource usage affinities: the union of where the value is produced and
//   where it is consumed, each side dropped when it reaches something the walk
//   cannot see through (function arguments, returns, calls, globals without an
//   affinity), with the `stream.affinity.default` fallback.
//
// Results are de-duplicated and sorted by printed text as the analysis does.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace sluice::stream {

class ResourceAffinityQueries {
public:
  /// True iff some pinning op pins `value`; `out` gets their affinities.
  bool tryLookupPinnedAffinities(mlir::Value value,
                                 llvm::SmallVectorImpl<AffinityAttr> &out);
  /// Producer, consumer and pinned affinities of `value` (or the default
  /// affinity when none is known); false when nothing could be determined.
  bool tryLookupResourceUsageAffinity(mlir::Value value,
                                      llvm::SmallVectorImpl<AffinityAttr> &out);

  /// What the walks found for one value.
  struct Summary {
    llvm::SmallVector<AffinityAttr> producers, consumers, pinned;
    bool producersValid = true, consumersValid = true;
  };
  /// Walks the producers and consumers of `value` (iteratively, each value
  /// visited once per direction).
  static Summary summarize(mlir::Value value);
};

/// Stable sort of affinities by their printed text, dropping duplicates.
void sortAffinities(llvm::SmallVectorImpl<AffinityAttr> &affinities);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H
