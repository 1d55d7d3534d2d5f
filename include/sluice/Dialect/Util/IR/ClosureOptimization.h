//===- ClosureOptimization.h - closure capture/result elision ---*- C++ -*-===//
//
// Generic optimization of ops implementing util::ClosureOpInterface
// (stream-folding.md §4.1, §4.3): unused and duplicate captures are dropped,
// duplicate region results merged, and the op rebuilt through the op's
// `cloneReplacementExcludingOperandsAndResults` hook.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_CLOSUREOPTIMIZATION_H
#define SLUICE_DIALECT_UTIL_IR_CLOSUREOPTIMIZATION_H

#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

namespace sluice::util {

/// Drops the excluded operand and result positions of a closure together with
/// the size values they own: one per dynamic dimension of a shaped type, one
/// for a size-aware type, none otherwise.
void excludeClosureOperandsAndResults(
    llvm::SmallVectorImpl<mlir::Value> &operandValues,
    llvm::SmallVectorImpl<mlir::Value> &operandSizes,
    llvm::ArrayRef<unsigned> excludedOperandIndices,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    llvm::SmallVectorImpl<mlir::Value> &resultSizes,
    llvm::ArrayRef<unsigned> excludedResultIndices);

/// Elides unused/duplicate captures and duplicate results of `closureOp` and
/// replaces it by a rebuilt op; fails when nothing can be elided.
mlir::LogicalResult optimizeClosureLikeOp(ClosureOpInterface closureOp,
                                          mlir::PatternRewriter &rewriter);

/// `optimizeClosureLikeOp` as a pattern rooted at `OpT`.
template <typename OpT>
struct ClosureOptimizationPattern : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    return optimizeClosureLikeOp(
        llvm::cast<ClosureOpInterface>(op.getOperation()), rewriter);
  }
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_CLOSUREOPTIMIZATION_H
