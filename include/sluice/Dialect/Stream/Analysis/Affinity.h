//===- Affinity.h - whole-program affinity analysis ------------*- C++ -*-===//
//
// AffinityAnalysis (stream-passes-1.md §2): where resources live and where
// ops execute, solved over the whole module with the DFX solver.
//
//   AffinityAnalysis analysis(moduleOp);
//   if (failed(analysis.run()))
//     return signalPassFailure();
//   SmallVector<AffinityAttr> affinities;
//   if (analysis.tryLookupResourceAffinity(value, affinities)) ...
//
// `tryX` queries return a success flag and fill a sorted list (sorted by the
// printed text of each attribute); `X` queries return one affinity: null if
// `tryX` failed or found none, the member if it found one, else the lead of
// the list if every member is compatible with it (§2.5).
//
// The iteration cap is the global flag
// `--iree-stream-affinity-solver-max-iterations` (default 128).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_AFFINITY_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_AFFINITY_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace sluice::util {
class Explorer;
namespace dfx {
class Solver;
} // namespace dfx
} // namespace sluice::util

namespace sluice::stream {

/// The value of `--iree-stream-affinity-solver-max-iterations`.
int getAffinitySolverMaxIterations();

class AffinityAnalysis {
public:
  explicit AffinityAnalysis(mlir::Operation *rootOp);
  ~AffinityAnalysis();
  AffinityAnalysis(const AffinityAnalysis &) = delete;
  AffinityAnalysis &operator=(const AffinityAnalysis &) = delete;

  /// Seeds and solves (§2.4). Failure if the solver did not converge within
  /// `maxIterations` (default: the command-line flag).
  llvm::LogicalResult run();
  llvm::LogicalResult run(int maxIterations);

  /// Rounds the solver ran (for tests and benchmarks).
  unsigned getSolverIterationCount() const;

  /// Where a global's storage lives.
  AffinityAttr lookupGlobalAffinity(mlir::Operation *globalOp);
  bool tryLookupGlobalAffinity(mlir::Operation *globalOp,
                               llvm::SmallVectorImpl<AffinityAttr> &affinities);

  /// Where an op executes (its OpAffinityPVS element).
  AffinityAttr lookupExecutionAffinity(mlir::Operation *op);
  bool
  tryLookupExecutionAffinity(mlir::Operation *op,
                             llvm::SmallVectorImpl<AffinityAttr> &affinities);

  /// Where an op would execute: its execution affinity for affinity ops,
  /// else from its operands' producers or its results' consumers.
  AffinityAttr inferExecutionAffinity(mlir::Operation *op);
  bool
  tryInferExecutionAffinity(mlir::Operation *op,
                            llvm::SmallVectorImpl<AffinityAttr> &affinities);

  /// Where a resource/tensor value is produced (pinned affinities first).
  AffinityAttr lookupResourceAffinity(mlir::Value value);
  bool
  tryLookupResourceAffinity(mlir::Value value,
                            llvm::SmallVectorImpl<AffinityAttr> &affinities);

  /// Producer, consumer and pinned affinities of a value together.
  bool tryLookupResourceUsageAffinity(
      mlir::Value value, llvm::SmallVectorImpl<AffinityAttr> &affinities);

  /// The execution affinities of the ops pinning `value` (§2.2).
  bool
  tryLookupPinnedAffinities(mlir::Value value,
                            llvm::SmallVectorImpl<AffinityAttr> &affinities);

private:
  std::unique_ptr<util::Explorer> explorer;
  std::unique_ptr<util::dfx::Solver> solver;
  struct PinnedMap;
  std::unique_ptr<PinnedMap> pinned;
};

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_AFFINITY_H
