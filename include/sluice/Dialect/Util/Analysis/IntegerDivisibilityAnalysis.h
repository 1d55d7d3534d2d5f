//===- IntegerDivisibilityAnalysis.h - divisibility dataflow ---*- C++ -*-===//
//
// A sparse forward dataflow analysis propagating IntegerDivisibility through
// ops implementing InferIntDivisibilityOpInterface (support-dialects.md
// §1.4.11, §6.5.1). Load it into a DataFlowSolver together with
// DeadCodeAnalysis (and SparseConstantPropagation, which DeadCodeAnalysis
// relies on); it is a silent no-op without DeadCodeAnalysis.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERDIVISIBILITYANALYSIS_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERDIVISIBILITYANALYSIS_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "sluice/Dialect/Util/IR/UtilDivisibility.h"

namespace sluice::util {

/// The divisibility lattice element of one SSA value.
class IntegerDivisibilityLattice
    : public mlir::dataflow::Lattice<IntegerDivisibility> {
public:
  using Lattice::Lattice;
};

class IntegerDivisibilityAnalysis
    : public mlir::dataflow::SparseForwardDataFlowAnalysis<
          IntegerDivisibilityLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  /// Nothing is known at an entry point: {1, 1}.
  void setToEntryState(IntegerDivisibilityLattice *lattice) override;

  /// Runs the op's InferIntDivisibilityOpInterface and joins what it reports
  /// into the result lattices; ops without the interface get {1, 1}.
  mlir::LogicalResult
  visitOperation(mlir::Operation *op,
                 llvm::ArrayRef<const IntegerDivisibilityLattice *> operands,
                 llvm::ArrayRef<IntegerDivisibilityLattice *> results) override;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERDIVISIBILITYANALYSIS_H
