//===- StreamPatterns.h - canonicalization patterns shared by ops -*- C++ -*-===//
//
// Small pattern templates reused across stream op families
// (stream-folding.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

namespace sluice::stream {

/// §3.5: erases the op when none of its results is used (benefit 1000).
template <typename OpT>
struct ElideUnusedOp : public mlir::OpRewritePattern<OpT> {
  explicit ElideUnusedOp(mlir::MLIRContext *context)
      : mlir::OpRewritePattern<OpT>(context, /*benefit=*/1000) {}
  mlir::LogicalResult matchAndRewrite(OpT op,
                                      mlir::PatternRewriter &rewriter) const override {
    if (!op->use_empty())
      return mlir::failure();
    rewriter.eraseOp(op);
    return mlir::success();
  }
};

/// §3.8: drops an `await(...)` on an immediate timepoint.
template <typename OpT>
struct ElideImmediateTimepointWait : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult matchAndRewrite(OpT op,
                                      mlir::PatternRewriter &rewriter) const override {
    mlir::Value timepoint = op.getAwaitTimepoint();
    if (!timepoint || !timepoint.template getDefiningOp<TimepointImmediateOp>())
      return mlir::failure();
    rewriter.modifyOpInPlace(op, [&] { op.getAwaitTimepointMutable().clear(); });
    return mlir::success();
  }
};

/// True when `value` is produced by `stream.timepoint.immediate` (or folds to
/// `#stream.timepoint<immediate>`).
bool isImmediateTimepoint(mlir::Value value);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H
