//===- ResourceAffinity.h - affinity queries for allocation -----*- C++ -*-===//
//
// The two AffinityAnalysis queries schedule-allocation relies on
// (stream-passes-2.md §1.6), answered by a local analysis of the IR until the
// whole-program AffinityAnalysis (stream-passes-1.md §2) is available:
//
// * pinned affinities of a value: the execution affinities of the pinning ops
//   (`pinsValueAffinity()`) its storage reaches, forwards through uses and
//   backwards through producers (ties, branches, region captures and yields);
// * resource usage affinities: the union of where the value is produced and
//   where it is consumed, each side dropped when it reaches something the
//   walk cannot see through (function arguments, returns, calls, globals
//   without an affinity), with the `stream.affinity.default` fallback.
//
// Each direction is a union over a value graph (a value's set is its own
// contributions plus the sets of the values it flows into / comes from),
// solved once per strongly connected component with an iterative Tarjan
// walk and memoized, so a whole module costs O(values + uses). The memo
// refers to the IR as it was when first queried: query before mutating.
// Results are de-duplicated and sorted by printed text as the analysis does.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H

#include "mlir/IR/Value.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <vector>

namespace sluice::stream {

/// What one direction of the walk found for a value.
struct AffinityFlow {
  llvm::SmallVector<AffinityAttr, 2> affinities;
  llvm::SmallVector<AffinityAttr, 1> pinned;
  /// False when the walk reached something it cannot see through.
  bool valid = true;

  void merge(const AffinityFlow &other);
};

/// Memoized union of `AffinityFlow`s over the graph `expand` describes:
/// `expand(v, direct, next)` fills v's own contributions and the values whose
/// flows v's includes.
class AffinityFlowSolver {
public:
  using ExpandFn = std::function<void(mlir::Value, AffinityFlow &,
                                      llvm::SmallVectorImpl<mlir::Value> &)>;
  explicit AffinityFlowSolver(ExpandFn expand) : expand(std::move(expand)) {}

  const AffinityFlow &get(mlir::Value root);

private:
  struct Node {
    AffinityFlow direct;
    llvm::SmallVector<mlir::Value, 4> next;
    unsigned index = 0, lowlink = 0;
    bool onStack = false;
    int result = -1;
  };
  unsigned visit(mlir::Value value, std::vector<unsigned> &tarjanStack,
                 unsigned &counter);

  ExpandFn expand;
  llvm::DenseMap<mlir::Value, unsigned> ids;
  std::vector<Node> nodes;
  std::vector<AffinityFlow> results;
};

class ResourceAffinityQueries {
public:
  ResourceAffinityQueries();

  /// True iff some pinning op pins `value`; `out` gets their affinities.
  bool tryLookupPinnedAffinities(mlir::Value value,
                                 llvm::SmallVectorImpl<AffinityAttr> &out);
  /// Producer, consumer and pinned affinities of `value` (or the default
  /// affinity when none is known); false when nothing could be determined.
  bool tryLookupResourceUsageAffinity(mlir::Value value,
                                      llvm::SmallVectorImpl<AffinityAttr> &out);

private:
  AffinityFlowSolver consumers;
  AffinityFlowSolver producers;
};

/// Stable sort of affinities by their printed text, dropping duplicates.
void sortAffinities(llvm::SmallVectorImpl<AffinityAttr> &affinities);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_RESOURCEAFFINITY_H
