//===- IntegerRangeAnalysis.h - upstream analysis, empty constants -*- C++
//-*-===//
//
// mlir::dataflow::IntegerRangeAnalysis, except that an `arith.constant` of a
// shaped type with no elements (`dense<> : tensor<0xi32>`) gets the maximal
// range instead of running arith.constant's range inference, which reads the
// first element of the attribute and crashes on an empty one.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERRANGEANALYSIS_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERRANGEANALYSIS_H

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"

namespace sluice::util {

/// Load it instead of mlir::dataflow::IntegerRangeAnalysis.
class IntegerRangeAnalysis : public mlir::dataflow::IntegerRangeAnalysis {
public:
  using mlir::dataflow::IntegerRangeAnalysis::IntegerRangeAnalysis;

  /// An `arith.constant` of a shaped type with no elements: gets the entry
  /// state instead of the op's range inference (also used by the
  /// straight-line walk of IntegerAnalyses.h).
  static bool isEmptyElementsConstant(mlir::Operation *op);

  mlir::LogicalResult visitOperation(
      mlir::Operation *op,
      llvm::ArrayRef<const mlir::dataflow::IntegerValueRangeLattice *> operands,
      llvm::ArrayRef<mlir::dataflow::IntegerValueRangeLattice *> results)
      override;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERRANGEANALYSIS_H
