//===- StreamPatterns.h - canonicalization patterns shared by ops -*- C++
//-*-===//
//
// Small pattern templates reused across stream op families
// (stream-folding.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::stream {

/// §3.5: erases the op when none of its results is used (benefit 1000).
template <typename OpT>
struct ElideUnusedOp : public mlir::OpRewritePattern<OpT> {
  explicit ElideUnusedOp(mlir::MLIRContext *context)
      : mlir::OpRewritePattern<OpT>(context, /*benefit=*/1000) {}
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
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
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    mlir::Value timepoint = op.getAwaitTimepoint();
    if (!timepoint || !timepoint.template getDefiningOp<TimepointImmediateOp>())
      return mlir::failure();
    rewriter.modifyOpInPlace(op,
                             [&] { op.getAwaitTimepointMutable().clear(); });
    return mlir::success();
  }
};

/// §3.9: resources produced by non-sync awaits are used directly and the op
/// awaits those awaits' timepoints instead (replacing its own await).
template <typename OpT>
struct ChainDependentAwaits : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    llvm::SmallVector<mlir::Value> newTimepoints;
    llvm::SmallVector<std::pair<unsigned, mlir::Value>> replacements;
    for (auto [i, operand] : llvm::enumerate(op.getResourceOperands())) {
      auto await = operand.template getDefiningOp<TimepointAwaitOp>();
      if (!await || await.getSync())
        continue;
      newTimepoints.push_back(await.getAwaitTimepoint());
      unsigned resultIndex =
          llvm::cast<mlir::OpResult>(operand).getResultNumber();
      replacements.push_back(
          {static_cast<unsigned>(i), await.getResourceOperands()[resultIndex]});
    }
    if (replacements.empty())
      return mlir::failure();
    llvm::SetVector<mlir::Operation *> awaits;
    for (auto [index, source] : replacements)
      awaits.insert(op.getResourceOperands()[index].getDefiningOp());
    rewriter.setInsertionPoint(op);
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [index, source] : replacements)
        op.getResourceOperandsMutable()[index].set(source);
    });
    // The awaits left dead are erased before the await operand is set:
    // setting it grows the op's operand storage, which re-links all its
    // operands at the front of their use lists, and the erase notification of
    // the greedy driver then walks each await's size operand past all those
    // uses (quadratic for an execute capturing thousands of awaited values of
    // one size). The driver would erase them as trivially dead anyway.
    for (mlir::Operation *await : awaits)
      if (mlir::isOpTriviallyDead(await))
        rewriter.eraseOp(await);
    rewriter.modifyOpInPlace(op, [&] {
      llvm::cast<TimelineOpInterface>(op.getOperation())
          .setAwaitTimepoints(newTimepoints, rewriter);
    });
    return mlir::success();
  }
};

/// §3.3: ops that may be sunk towards their consumers.
bool isSinkCandidate(mlir::Operation *op);
/// §3.3: whether moving `toSink` right before `target` makes progress without
/// ping-ponging with other sinkable ops.
bool canStablySinkTo(mlir::Operation *toSink, mlir::Operation *target);
/// The op to sink `op` before so that it lands in the nearest common dominator
/// of the blocks of `users` (lifted to a common region), before the first
/// user (or ancestor of a user) in that block, else before its terminator.
/// The dominator is computed locally (LocalDominance.h), in O(blocks between
/// `op` and the users); when that cannot decide (users in unreachable blocks,
/// or more control flow in between than the local budget) `op`'s own block,
/// which dominates every user, is used. Null when there is no such op (a
/// block without terminator and no user in it).
mlir::Operation *findSinkTarget(mlir::Operation *op,
                                llvm::ArrayRef<mlir::Operation *> users);

/// True when `value` is produced by `stream.timepoint.immediate` (or folds to
/// `#stream.timepoint<immediate>`).
bool isImmediateTimepoint(mlir::Value value);

/// §3.1: the narrowest repeating byte pattern equivalent to `pattern` (not a
/// numeric narrowing: `1 : i32` stays as is).
llvm::APInt requiredPatternBits(const llvm::APInt &pattern);
/// §3.1: a signless integer attribute holding the narrowed byte pattern of an
/// integer or float attribute, or `attr` itself when it cannot be narrowed.
mlir::TypedAttr tryNarrowPatternBits(mlir::TypedAttr attr);

/// §3.1: replaces a constant fill `value` operand by the narrowest equivalent
/// byte-pattern constant (roots tensor.splat/fill, async.splat/fill).
template <typename OpT>
struct NarrowFillPattern : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    mlir::TypedAttr value;
    if (!mlir::matchPattern(op.getValue(), mlir::m_Constant(&value)))
      return mlir::failure();
    mlir::TypedAttr narrowed = tryNarrowPatternBits(value);
    if (narrowed == value)
      return mlir::failure();
    auto constant =
        mlir::arith::ConstantOp::create(rewriter, op.getLoc(), narrowed);
    rewriter.modifyOpInPlace(op,
                             [&] { op.getValueMutable().assign(constant); });
    return mlir::success();
  }
};

/// §3.6: re-materializes a producer that prefers to be cloned (splats,
/// allocas, empties, …) in front of each user of the clone op. The first
/// result of the producer copy takes the clone's result type (quirk: always
/// result 0).
template <typename CloneOpT>
struct PropagateCloneableOps : public mlir::OpRewritePattern<CloneOpT> {
  using mlir::OpRewritePattern<CloneOpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(CloneOpT cloneOp,
                  mlir::PatternRewriter &rewriter) const override {
    if (cloneOp->use_empty())
      return mlir::failure();
    auto producer =
        cloneOp.getSource().template getDefiningOp<StreamableOpInterface>();
    if (!producer || !producer.preferCloneToConsumers())
      return mlir::failure();
    mlir::Value result = cloneOp->getResult(0);
    for (mlir::OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      rewriter.setInsertionPoint(use.getOwner());
      mlir::Operation *copy = rewriter.clone(*producer.getOperation());
      mlir::Value replacement = copy->getResult(0);
      replacement.setType(result.getType());
      use.set(replacement);
    }
    if (cloneOp->use_empty())
      rewriter.eraseOp(cloneOp);
    return mlir::success();
  }
};

/// Captures of subviews capture the subview's source instead and re-create
/// the subview at the start of the region (CloneCapturedAsyncExecuteSubviewOps
/// and CloneCapturedCmdExecuteSubviewOps of stream-folding.md §5.4/§5.5).
template <typename ExecuteOpT>
struct CloneCapturedSubviewOps : public mlir::OpRewritePattern<ExecuteOpT> {
  using mlir::OpRewritePattern<ExecuteOpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(ExecuteOpT op,
                  mlir::PatternRewriter &rewriter) const override {
    llvm::SmallVector<std::pair<unsigned, ResourceSubviewOp>> captures;
    for (auto [index, operand] : llvm::enumerate(op.getResourceOperands()))
      if (ResourceSubviewOp subview = ResourceSubviewOp::findSubviewOp(operand))
        captures.push_back({static_cast<unsigned>(index), subview});
    if (captures.empty() || op.getBody().empty())
      return mlir::failure();
    mlir::Block &entryBlock = op.getBody().front();
    mlir::OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&entryBlock);
    rewriter.startOpModification(op);
    for (auto [index, subview] : captures) {
      op.getResourceOperandsMutable()[index].set(subview.getSource());
      op.getResourceOperandSizesMutable()[index].set(subview.getSourceSize());
      mlir::BlockArgument arg = entryBlock.getArgument(index);
      auto newSubview = ResourceSubviewOp::create(
          rewriter, subview.getLoc(), arg.getType(), arg,
          subview.getSourceSize(), subview.getSourceOffset(),
          subview.getResultSize());
      rewriter.replaceAllUsesExcept(arg, newSubview.getResult(), newSubview);
    }
    rewriter.finalizeOpModification(op);
    return mlir::success();
  }
};

/// stream-folding.md §3.11: how a closure value (an entry block argument or a
/// yielded value) is read, written and discarded, following ties through the
/// region (shared by the async and cmd closure ops).
sluice::util::ValueAccess computeValueAccess(mlir::Value root);

/// `deduplicateArrayElements` of stream-folding.md §4.7: first occurrences in
/// order; returns `array` itself when nothing repeats.
mlir::ArrayAttr deduplicateArrayElements(mlir::ArrayAttr array);

/// Drops repeated entry points of a dispatch op (tensor/async/cmd.dispatch).
template <typename OpT>
struct DeduplicateDispatchEntryRefs : public mlir::OpRewritePattern<OpT> {
  using mlir::OpRewritePattern<OpT>::OpRewritePattern;
  mlir::LogicalResult
  matchAndRewrite(OpT op, mlir::PatternRewriter &rewriter) const override {
    mlir::ArrayAttr entryPoints = op.getEntryPointsAttr();
    mlir::ArrayAttr unique = deduplicateArrayElements(entryPoints);
    if (unique == entryPoints)
      return mlir::failure();
    rewriter.modifyOpInPlace(op, [&] { op.setEntryPointsAttr(unique); });
    return mlir::success();
  }
};

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMPATTERNS_H
