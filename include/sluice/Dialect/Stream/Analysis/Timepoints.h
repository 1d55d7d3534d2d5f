//===- Timepoints.h - timepoint immediacy and coverage ------------*- C++
//-*-===//
//
// The analysis behind --iree-stream-elide-timepoints (stream-passes-2.md
// §6.1–§6.3) with the near-linear design of §6.7:
//
// * Immediacy is a greatest fixpoint over the defining-op graph (block
//   arguments through their incoming edges, call results through returns,
//   global loads through stores, region results through yields, joins and
//   selects through their operands): a value is immediate unless it reaches
//   a refuting definition. One backward sweep from the refuting nodes.
// * Coverage (`Cov(v)`, the timepoints known to be reached whenever `v` is)
//   is never materialized as sets. The coverage equations form an AND/OR
//   graph (timeline results and fences are unions, block arguments and
//   call/region results are intersections) whose strongly connected
//   components are numbered in topological order; `covers(p, ts)` is a least
//   fixpoint evaluated on the part of the graph reachable from `p` that can
//   still reach a target (components below the lowest target's are pruned).
//
// The known sets of §6.1 (seeds plus every value their equations consult)
// are reproduced: queries on values outside them get the pessimistic answer
// (EL8). EL1–EL3 are fixed as the spec lists: mutually covering awaits keep
// one member per class, select coverage is the intersection of both sides,
// and a block argument with incompletely known incoming edges covers only
// itself.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_TIMEPOINTS_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_TIMEPOINTS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace sluice::util {
class Explorer;
} // namespace sluice::util

namespace sluice::stream {

/// True if `value` is a `!stream.timepoint`.
bool isTimepointValue(mlir::Value value);
/// True if `value` is produced by `stream.timepoint.immediate`.
bool isDefinedImmediate(mlir::Value value);

class TimepointAnalysis {
public:
  /// Reference behaviour switches, for tests of the quirk register. The
  /// defaults are Sluice's fixes.
  struct Options {
    /// EL2: select coverage is the intersection of both sides (else union).
    bool intersectSelects = true;
    /// EL3: an incompletely known block argument covers only itself.
    bool incompleteArgCoversSelf = true;
  };

  /// Analyzes `moduleOp`; `explorer` must be initialized on it with
  /// `stream.executable` ignored and the execute ops shallow.
  TimepointAnalysis(mlir::ModuleOp moduleOp, util::Explorer &explorer);
  TimepointAnalysis(mlir::ModuleOp moduleOp, util::Explorer &explorer,
                    Options options);
  ~TimepointAnalysis();

  /// Solves immediacy and builds the coverage graph. The answers are frozen:
  /// values created afterwards are outside the known sets.
  void run();

  /// `v` is defined by `stream.timepoint.immediate`, or is in the known set
  /// and provably immediate.
  bool isImmediate(mlir::Value value) const;

  /// True iff `timepoints` is non-empty and `Cov(producer)` contains every
  /// one of them.
  bool covers(mlir::Value producer, mlir::ValueRange timepoints) const;

  /// For the await list of one op (already without immediate timepoints):
  /// which entries are required. An entry is not required if another entry
  /// (a different value) covers it; entries that cover each other form a
  /// class that keeps its first member unless something outside the class
  /// covers it (EL1 fix). Duplicated values get the same answer.
  llvm::SmallVector<bool>
  computeRequired(llvm::ArrayRef<mlir::Value> possible) const;

  /// Statistics for benchmarks: coverage and immediacy graph sizes.
  size_t getCoverageNodeCount() const;
  size_t getImmediacyNodeCount() const;

private:
  class Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_TIMEPOINTS_H
