//===- StreamAsyncPatterns.cpp - async-phase canonicalizations ------------===//
//
// Canonicalization patterns of the async-phase ops (stream-folding.md §5.4).
//
//===----------------------------------------------------------------------===//

#include "StreamAsyncHelpers.h"
#include "StreamPatterns.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/ClosureOptimization.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"

using namespace mlir;
using namespace sluice::stream;
using sluice::util::TiedOpInterface;

namespace {

//===----------------------------------------------------------------------===//
// Shared
//===----------------------------------------------------------------------===//

/// §3.3 `sinkOp`: raw-moves `op` before `target` when that is stable.
LogicalResult sinkOp(Operation *op, Operation *target) {
  if (!canStablySinkTo(op, target))
    return failure();
  op->moveBefore(target);
  return success();
}

/// `SinkAllocaLikeOpToConsumers` (roots async.alloca, async.splat).
template <typename OpT>
struct SinkAllocaLikeOpToConsumers : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    Value result = op.getResult();
    SmallVector<Operation *> users;
    for (OpOperand &use : result.getUses())
      users.push_back(use.getOwner());
    if (users.empty())
      return failure();
    if (users.size() == 1)
      return sinkOp(op, users.front());
    Block *block = op->getBlock();
    if (!result.isUsedOutsideOfBlock(block)) {
      Operation *earliest = users.front();
      for (Operation *user : users)
        if (user->isBeforeInBlock(earliest))
          earliest = user;
      return sinkOp(op, earliest);
    }
    Operation *target = findSinkTarget(op, users);
    if (!target)
      return failure();
    return sinkOp(op, target);
  }
};

/// §3.7 `TieRegionResults` (roots async.execute, async.concurrent).
template <typename OpT> struct TieRegionResults : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    auto tiedOp = cast<TiedOpInterface>(op.getOperation());
    Region &body = op.getBody();
    if (body.empty())
      return failure();
    bool changed = false;
    for (Block &block : body) {
      for (auto yieldOp : block.getOps<YieldOp>()) {
        for (auto [i, value] : llvm::enumerate(yieldOp.getResourceOperands())) {
          if (i >= op.getResults().size() ||
              tiedOp.getTiedResultOperandIndex(i))
            continue;
          Value base = TiedOpInterface::findTiedBaseValue(value);
          auto arg = dyn_cast<BlockArgument>(base);
          if (!arg || arg.getOwner() != &body.front())
            continue;
          rewriter.modifyOpInPlace(op, [&] {
            tiedOp.setTiedResultOperandIndex(i, arg.getArgNumber());
          });
          changed = true;
        }
      }
    }
    return success(changed);
  }
};

//===----------------------------------------------------------------------===//
// stream.async.constant
//===----------------------------------------------------------------------===//

struct ConvertSplatConstantsIntoSplats
    : public OpRewritePattern<AsyncConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value || !value.isSplat())
      return failure();
    // Declined for element types async.splat cannot take (the reference
    // builds invalid IR there).
    auto elementType = dyn_cast<IntegerType>(value.getElementType());
    if (!elementType ||
        !llvm::is_contained({8u, 16u, 32u, 64u}, elementType.getWidth()))
      return failure();
    auto splatValue = arith::ConstantOp::create(
        rewriter, op.getLoc(), value.getSplatValue<TypedAttr>());
    rewriter.replaceOpWithNewOp<AsyncSplatOp>(
        op, op.getResult().getType(), splatValue, op.getResultSize(),
        op.getAffinityAttr(), op.getAwaitTimepoint());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.slice
//===----------------------------------------------------------------------===//

struct PropagateSplatsThroughSlices : public OpRewritePattern<AsyncSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSource().getDefiningOp<AsyncSplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<AsyncSplatOp>(
        op, op.getResult().getType(), splat.getValue(), op.getResultSize(),
        op.getAffinityAttr(), splat.getAwaitTimepoint());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.fill
//===----------------------------------------------------------------------===//

struct FlattenFullFillToSplat : public OpRewritePattern<AsyncFillOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncFillOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getTargetLength() != op.getTargetSize() ||
        !op.getTarget().getDefiningOp() ||
        TiedOpInterface::findTiedBaseValue(op.getTarget()) != op.getTarget())
      return failure();
    rewriter.replaceOpWithNewOp<AsyncSplatOp>(op, op.getResult().getType(),
                                              op.getValue(), op.getTargetSize(),
                                              op.getAffinityAttr());
    return success();
  }
};

struct ElideRedundantFill : public OpRewritePattern<AsyncFillOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncFillOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getTarget().getDefiningOp<AsyncSplatOp>();
    if (!splat || splat.getValue() != op.getValue())
      return failure();
    rewriter.replaceOp(op, splat.getResult());
    return success();
  }
};

struct CoalesceAdjacentFills : public OpRewritePattern<AsyncFillOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncFillOp fillOp,
                                PatternRewriter &rewriter) const override {
    auto sourceOp = fillOp.getTarget().getDefiningOp<AsyncFillOp>();
    if (!sourceOp || !sourceOp.getResult().hasOneUse() ||
        sourceOp.getValue() != fillOp.getValue())
      return failure();
    bool forward = sourceOp.getTargetEnd() == fillOp.getTargetOffset();
    bool backward = sourceOp.getTargetOffset() == fillOp.getTargetEnd();
    if (!forward && !backward)
      return failure();
    Block *block = sourceOp->getBlock();
    Block::iterator point(sourceOp);
    if (!sluice::util::isValueUsableForOp(fillOp.getTargetOffset(), block,
                                          point) ||
        !sluice::util::isValueUsableForOp(fillOp.getTargetLength(), block,
                                          point))
      return failure();
    rewriter.setInsertionPoint(sourceOp);
    Location loc = rewriter.getFusedLoc({sourceOp.getLoc(), fillOp.getLoc()});
    Value offset, end, length;
    if (forward) {
      offset = sourceOp.getTargetOffset();
      end = rewriter.createOrFold<arith::AddIOp>(loc, sourceOp.getTargetEnd(),
                                                 fillOp.getTargetLength());
      length = rewriter.createOrFold<arith::AddIOp>(
          loc, sourceOp.getTargetLength(), fillOp.getTargetLength());
    } else {
      // Quirk (stream-folding.md §5.4): the sum of both offsets.
      offset = rewriter.createOrFold<arith::AddIOp>(
          loc, fillOp.getTargetOffset(), sourceOp.getTargetOffset());
      end = sourceOp.getTargetEnd();
      length = rewriter.createOrFold<arith::AddIOp>(
          loc, fillOp.getTargetLength(), sourceOp.getTargetLength());
    }
    rewriter.modifyOpInPlace(sourceOp, [&] {
      sourceOp.getTargetOffsetMutable().assign(offset);
      sourceOp.getTargetEndMutable().assign(end);
      sourceOp.getTargetLengthMutable().assign(length);
    });
    rewriter.replaceOp(fillOp, sourceOp.getResult());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.update
//===----------------------------------------------------------------------===//

struct ElideInPlaceUpdate : public OpRewritePattern<AsyncUpdateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncUpdateOp op,
                                PatternRewriter &rewriter) const override {
    Value update = op.getUpdate();
    if (op.getUpdateSize() != op.getTargetSize() ||
        update.getType() != op.getResult().getType())
      return failure();
    if (TiedOpInterface::findTiedBaseValue(update) !=
        TiedOpInterface::findTiedBaseValue(op.getTarget()))
      return failure();
    for (Operation *user : update.getUsers()) {
      if (auto accessOp = dyn_cast<AsyncAccessOpInterface>(user)) {
        SmallVector<AsyncAccessRange> ranges;
        accessOp.getAsyncAccessRanges(ranges);
        for (const AsyncAccessRange &range : ranges)
          if (range.resource == update &&
              range.access != ResourceAccessBitfield::Read)
            return failure();
        continue;
      }
      std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
          getEffectsRecursively(user);
      if (!effects)
        return failure();
      for (const MemoryEffects::EffectInstance &effect : *effects)
        if (isa<MemoryEffects::Write>(effect.getEffect()))
          return failure();
    }
    rewriter.replaceOp(op, update);
    return success();
  }
};

struct CombineSplatUpdateFromToFill : public OpRewritePattern<AsyncUpdateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncUpdateOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getUpdate().getDefiningOp<AsyncSplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<AsyncFillOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        op.getTargetOffset(), op.getTargetEnd(), op.getUpdateSize(),
        splat.getValue(), op.getAffinityAttr());
    return success();
  }
};

struct CombineSliceUpdateFromToCopy : public OpRewritePattern<AsyncUpdateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncUpdateOp op,
                                PatternRewriter &rewriter) const override {
    auto slice = op.getUpdate().getDefiningOp<AsyncSliceOp>();
    if (!slice || slice->getBlock() != op->getBlock())
      return failure();
    rewriter.replaceOpWithNewOp<AsyncCopyOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        op.getTargetOffset(), op.getTargetEnd(), slice.getSource(),
        slice.getSourceSize(), slice.getSourceOffset(), slice.getSourceEnd(),
        slice.getResultSize(), op.getAffinityAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.copy
//===----------------------------------------------------------------------===//

struct AsyncCopyFullSourceToUpdate : public OpRewritePattern<AsyncCopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncCopyOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceEnd() != op.getSourceSize() ||
        op.getLength() != op.getSourceSize())
      return failure();
    rewriter.replaceOpWithNewOp<AsyncUpdateOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        op.getTargetOffset(), op.getTargetEnd(), op.getSource(),
        op.getSourceSize(), op.getAffinityAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.transfer
//===----------------------------------------------------------------------===//

bool isStaging(Type type) {
  auto resourceType = dyn_cast<ResourceType>(type);
  return resourceType && resourceType.getLifetime() == Lifetime::Staging;
}

struct SameAffinityTransferToClone : public OpRewritePattern<AsyncTransferOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncTransferOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceAffinityAttr() != op.getTargetAffinityAttr() ||
        isStaging(op.getSource().getType()) ||
        isStaging(op.getResult().getType()))
      return failure();
    rewriter.replaceOpWithNewOp<AsyncCloneOp>(
        op, op.getResult().getType(), op.getSource(), op.getSourceSize(),
        op.getResultSize(), op.getSourceAffinityAttr());
    return success();
  }
};

struct IntermediateTransferElision : public OpRewritePattern<AsyncTransferOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncTransferOp op,
                                PatternRewriter &rewriter) const override {
    AsyncTransferOp origin = op;
    while (auto previous =
               origin.getSource().getDefiningOp<AsyncTransferOp>()) {
      if (previous == op)
        return failure();
      origin = previous;
    }
    if (origin == op)
      return failure();
    rewriter.replaceOpWithNewOp<AsyncTransferOp>(
        op, op.getResult().getType(), origin.getSource(),
        origin.getSourceSize(), op.getResultSize(),
        origin.getSourceAffinityAttr(), op.getTargetAffinityAttr(),
        op.getExecutionAffinityAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.cast
//===----------------------------------------------------------------------===//

struct CollapseAsyncCastChain : public OpRewritePattern<AsyncCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncCastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSource().getDefiningOp<AsyncCastOp>();
    if (!inner || inner.getSource().getType() == op.getResult().getType())
      return failure();
    rewriter.replaceOpWithNewOp<AsyncCastOp>(
        op, op.getResult().getType(), inner.getSource(), inner.getSourceSize(),
        inner.getSourceSize(), op.getAffinityAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.load / store
//===----------------------------------------------------------------------===//

struct FoldAsyncLoadBitcast : public OpRewritePattern<AsyncLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncLoadOp op,
                                PatternRewriter &rewriter) const override {
    Value result = op.getResult();
    if (!result.hasOneUse())
      return failure();
    auto bitcast = dyn_cast<arith::BitcastOp>(*result.getUsers().begin());
    if (!bitcast)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { result.setType(bitcast.getType()); });
    rewriter.replaceOp(bitcast, result);
    return success();
  }
};

struct FoldAsyncCloneIntoLoad : public OpRewritePattern<AsyncLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncLoadOp op,
                                PatternRewriter &rewriter) const override {
    auto transfer = op.getSource().getDefiningOp<AsyncTransferOp>();
    if (!transfer || !transfer.getResult().hasOneUse())
      return failure();
    auto clone = transfer.getSource().getDefiningOp<AsyncCloneOp>();
    if (!clone)
      return failure();
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    int64_t bytes = static_cast<int64_t>(
        sluice::util::getRoundedElementByteWidth(op.getResult().getType()));
    Value byteCount = arith::ConstantIndexOp::create(rewriter, loc, bytes);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value end = rewriter.createOrFold<arith::AddIOp>(loc, op.getSourceOffset(),
                                                     byteCount);
    Type sourceType = clone.getSource().getType();
    auto slice = AsyncSliceOp::create(
        rewriter, loc, sourceType, clone.getSource(), clone.getSourceSize(),
        op.getSourceOffset(), end, byteCount, clone.getAffinityAttr());
    auto newTransfer = AsyncTransferOp::create(
        rewriter, loc, transfer.getResult().getType(), slice.getResult(),
        byteCount, byteCount, transfer.getSourceAffinityAttr(),
        transfer.getTargetAffinityAttr());
    rewriter.replaceOpWithNewOp<AsyncLoadOp>(
        op, op.getResult().getType(), newTransfer.getResult(), byteCount, zero);
    return success();
  }
};

struct FoldAsyncStoreBitcast : public OpRewritePattern<AsyncStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto bitcast = op.getValue().getDefiningOp<arith::BitcastOp>();
    if (!bitcast)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getValueMutable().assign(bitcast.getIn()); });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.async.execute
//===----------------------------------------------------------------------===//

using CloneCapturedAsyncExecuteSubviewOps =
    CloneCapturedSubviewOps<AsyncExecuteOp>;

struct ElideNoOpAsyncExecuteOp : public OpRewritePattern<AsyncExecuteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncExecuteOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getBody().empty())
      return failure();
    Block &entry = op.getBody().front();
    if (entry.empty() || &entry.front() != &entry.back())
      return failure();
    auto yieldOp = dyn_cast<YieldOp>(entry.back());
    if (!yieldOp)
      return failure();
    SmallVector<Value> replacements;
    for (Value value : yieldOp.getResourceOperands()) {
      auto arg = dyn_cast<BlockArgument>(value);
      if (!arg || arg.getOwner() != &entry)
        return failure();
      replacements.push_back(op.getResourceOperands()[arg.getArgNumber()]);
    }
    auto immediate = TimepointImmediateOp::create(
        rewriter, op.getLoc(), rewriter.getType<TimepointType>());
    replacements.push_back(immediate.getResult());
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Registration (stream-folding.md §5.4 order)
//===----------------------------------------------------------------------===//

void AsyncAllocaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncAllocaOp>>(context);
  results.add<SinkAllocaLikeOpToConsumers<AsyncAllocaOp>>(context);
}

void AsyncConstantOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ConvertSplatConstantsIntoSplats>(context);
}

void AsyncSplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<NarrowFillPattern<AsyncSplatOp>>(context);
  results.add<SinkAllocaLikeOpToConsumers<AsyncSplatOp>>(context);
  results.add<ElideUnusedOp<AsyncSplatOp>>(context);
}

void AsyncCloneOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<PropagateCloneableOps<AsyncCloneOp>>(context);
  results.add<ElideUnusedOp<AsyncCloneOp>>(context);
}

void AsyncSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<PropagateSplatsThroughSlices>(context);
  results.add<ElideUnusedOp<AsyncSliceOp>>(context);
}

void AsyncFillOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<NarrowFillPattern<AsyncFillOp>>(context);
  results.add<FlattenFullFillToSplat>(context);
  results.add<ElideRedundantFill>(context);
  results.add<CoalesceAdjacentFills>(context);
  results.add<ElideUnusedOp<AsyncFillOp>>(context);
}

void AsyncUpdateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<ElideInPlaceUpdate>(context);
  results.add<CombineSplatUpdateFromToFill>(context);
  results.add<CombineSliceUpdateFromToCopy>(context);
  results.add<ElideUnusedOp<AsyncUpdateOp>>(context);
}

void AsyncCopyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<AsyncCopyFullSourceToUpdate>(context);
  results.add<ElideUnusedOp<AsyncCopyOp>>(context);
}

void AsyncCollectiveOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncCollectiveOp>>(context);
}

// The reference registers no patterns here.
void AsyncBarrierOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                 MLIRContext *) {}

void AsyncTransferOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<SameAffinityTransferToClone>(context);
  results.add<IntermediateTransferElision>(context);
  results.add<ElideUnusedOp<AsyncTransferOp>>(context);
}

void AsyncCastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<CollapseAsyncCastChain>(context);
  results.add<ElideUnusedOp<AsyncCastOp>>(context);
}

void AsyncLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldAsyncLoadBitcast>(context);
  results.add<FoldAsyncCloneIntoLoad>(context);
}

void AsyncStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldAsyncStoreBitcast>(context);
}

void AsyncDispatchOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncDispatchOp>>(context);
  results.add<DeduplicateDispatchEntryRefs<AsyncDispatchOp>>(context);
}

// The reference registers no patterns here.
void AsyncCallOp::getCanonicalizationPatterns(RewritePatternSet &,
                                              MLIRContext *) {}

void AsyncExecuteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ElideImmediateTimepointWait<AsyncExecuteOp>>(context);
  results.add<ChainDependentAwaits<AsyncExecuteOp>>(context);
  results.add<CloneCapturedAsyncExecuteSubviewOps>(context);
  results.add<ElideNoOpAsyncExecuteOp>(context);
  results.add<sluice::util::ClosureOptimizationPattern<AsyncExecuteOp>>(
      context);
  results.add<TieRegionResults<AsyncExecuteOp>>(context);
  results.add<ElideUnusedOp<AsyncExecuteOp>>(context);
}

void AsyncConcurrentOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<sluice::util::ClosureOptimizationPattern<AsyncConcurrentOp>>(
      context);
  results.add<TieRegionResults<AsyncConcurrentOp>>(context);
  results.add<ElideUnusedOp<AsyncConcurrentOp>>(context);
}
