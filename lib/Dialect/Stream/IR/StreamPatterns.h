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

/// §3.9: resources produced by non-sync awaits are used directly and the op
/// awaits those awaits' timepoints instead (replacing its own await).
template <typename OpT>
struct ChainDependentAwaits : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult matchAndRewrite(OpT op,
                                      mlir::PatternRewriter &rewriter) const override {
    llvm::SmallVector<mlir::Value> newTimepoints;
    llvm::SmallVector<std::pair<unsigned, mlir::Value>> replacements;
    for (auto [i, operand] : llvm::enumerate(op.getResourceOperands())) {
      auto await = operand.template getDefiningOp<TimepointAwaitOp>();
      if (!await || await.getSync())
        continue;
      newTimepoints.push_back(await.getAwaitTimepoint());
      unsigned resultIndex = llvm::cast<mlir::OpResult>(operand).getResultNumber();
      replacements.push_back({static_cast<unsigned>(i),
                              await.getResourceOperands()[resultIndex]});
    }
    if (replacements.empty())
      return mlir::failure();
    rewriter.setInsertionPoint(op);
    rewriter.modifyOpInPlace(op, [&] {
      llvm::cast<TimelineOpInterface>(op.getOperation())
          .setAwaitTimepoints(newTimepoints, rewriter);
      for (auto [index, source] : replacements)
        op.getResourceOperandsMutable()[index].set(source);
    });
    return mlir::success();
  }
};

/// §3.3: ops that may be sunk towards their consumers.
bool isSinkCandidate(mlir::Operation *op);
/// §3.3: whether moving `toSink` right before `target` makes progress without
/// ping-ponging with other sinkable ops.
bool canStablySinkTo(mlir::Operation *toSink, mlir::Operation *target);

/// True when `value` is produced by `stream.timepoint.immediate` (or folds to
/// `#stream.timepoint<immediate>`).
bool isImmediateTimepoint(mlir::Value value);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H
