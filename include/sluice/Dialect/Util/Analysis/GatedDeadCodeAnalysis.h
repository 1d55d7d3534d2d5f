//===- GatedDeadCodeAnalysis.h - DeadCodeAnalysis, linear in operands -*- C++
//-*-===//
//
// mlir::dataflow::DeadCodeAnalysis with the same results, for ops with many
// operands. Upstream, the visit of a region-branch op (e.g. a
// stream.async.execute capturing n values) and of a region terminator (its
// stream.yield of n values) reads the constant lattices of its operands and
// gives up at the first uninitialized one, after subscribing to the ones it
// read. As these lattices are initialized one by one, the op is visited again
// after each and its operands read again: O(n^2) for an op with n operands
// (a 33k-operand execute region of the `params` benchmark spent 36 % of
// iree-util-optimize-int-arithmetic there).
//
// This analysis skips those visits while an operand lattice is still
// uninitialized (it remembers, per op, how far the operands are known to be
// initialized and subscribes to the first uninitialized one), and runs the
// upstream visit once they are all initialized; at that point the upstream
// visit reads the same lattices it would have read. Each operand update
// queues another visit of the op (n visits of n operands again); once a visit
// has seen every operand initialized and the op reports for these values the
// successors it reports for unknown operands (stream.async.execute,
// stream.yield: always), no later visit can mark more, and the op is skipped
// until the next initialize(). The solver reaches the same fixed point.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_GATEDDEADCODEANALYSIS_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_GATEDDEADCODEANALYSIS_H

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace sluice::util {

/// Load it instead of mlir::dataflow::DeadCodeAnalysis (with
/// SparseConstantPropagation, as for the upstream analysis).
class GatedDeadCodeAnalysis : public mlir::dataflow::DeadCodeAnalysis {
public:
  using DeadCodeAnalysis::DeadCodeAnalysis;

  mlir::LogicalResult initialize(mlir::Operation *top) override;
  mlir::LogicalResult visit(mlir::ProgramPoint *point) override;

private:
  /// Per op: its operands before this index had initialized constant
  /// lattices when last checked.
  llvm::DenseMap<mlir::Operation *, unsigned> initializedPrefix;
  /// Ops whose visit cannot mark anything new until the next initialize().
  llvm::DenseSet<mlir::Operation *> saturated;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_GATEDDEADCODEANALYSIS_H
