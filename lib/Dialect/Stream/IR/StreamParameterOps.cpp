//===- StreamParameterOps.cpp - tensor/async/cmd parameter ops ----===//
//
// Interfaces, verifiers and canonicalization patterns of the parameter ops
// (stream-ir.md §12.6, §12.9, §12.11; stream-folding.md §5.4, §5.5, §7.1).
//
//===----------------------------------------------------------------------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {

/// The await timepoint as a list (empty when absent).
SmallVector<Value> getAwaitTimepointList(Value timepoint) {
  if (timepoint)
    return {timepoint};
  return {};
}

/// The InferTypeOpInterface check of ops whose results are (type of
/// `resource`, !stream.timepoint), with the interface's diagnostics.
LogicalResult verifyInferredResourceResultTypes(Operation *op, Value resource) {
  SmallVector<Type> inferred = {resource.getType(),
                                TimepointType::get(op->getContext())};
  SmallVector<Type> actual(op->getResultTypes());
  if (inferred == actual)
    return success();
  emitError(op->getLoc()) << "'" << op->getName() << "' op inferred type(s) "
                          << inferred
                          << " are incompatible with return type(s) of "
                             "operation "
                          << actual;
  return op->emitOpError() << "failed to infer returned types";
}

/// `arith.index_cast %v : index to i64`, folded when possible.
Value createIndexToI64(OpBuilder &builder, Location loc, Value value) {
  return builder.createOrFold<arith::IndexCastOp>(loc, builder.getI64Type(),
                                                  value);
}

/// `arith.addi %lhs, %rhs`, folded when possible.
Value createAdd(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return builder.createOrFold<arith::AddIOp>(loc, lhs, rhs);
}

/// stream-folding.md §3.12 `tryLookThroughAwait`.
Value tryLookThroughAwait(Value value) {
  auto await = value.getDefiningOp<TimepointAwaitOp>();
  if (!await || !value.hasOneUse())
    return value;
  unsigned index = cast<OpResult>(value).getResultNumber();
  Value operand = await.getResourceOperands()[index];
  if (!operand.hasOneUse() || !operand.getDefiningOp<TimelineOpInterface>())
    return value;
  return operand;
}

/// stream-folding.md §3.12 `findConsumerThroughAwait`: the single consumer of
/// `value`, possibly through one `stream.timepoint.await`, and the value it
/// consumes. Going through an await is only accepted when the await's other
/// results are unused, so that the await dies once its result is replaced.
std::optional<std::pair<Operation *, Value>>
findConsumerThroughAwait(Value value) {
  if (!value.hasOneUse())
    return std::nullopt;
  Operation *user = *value.user_begin();
  auto await = dyn_cast<TimepointAwaitOp>(user);
  if (!await)
    return std::make_pair(user, value);
  auto operands = await.getResourceOperands();
  auto it = llvm::find(operands, value);
  if (it == operands.end())
    return std::nullopt;
  unsigned index = std::distance(operands.begin(), it);
  Value result = await.getResults()[index];
  if (!result.hasOneUse())
    return std::nullopt;
  for (Value other : await.getResults())
    if (other != result && !other.use_empty())
      return std::nullopt;
  return std::make_pair(*result.user_begin(), result);
}

/// stream-folding.md §4.6 `tryMoveProducerBefore` (raw moves): the
/// producers in `consumer`'s block that `value` depends on and that follow
/// `consumer` are moved before it in post-order (operands first). Iterative,
/// since producer chains can be long, and failing on a cycle of producers
/// (possible in graph regions) instead of recursing forever.
bool tryMoveProducerBefore(Value value, Operation *consumer) {
  Block *block = consumer->getBlock();
  // Whether `operand` is already available before `consumer`; null when its
  // producer still has to be moved.
  auto isAvailable = [&](Value operand) -> std::optional<bool> {
    Operation *producer = operand.getDefiningOp();
    if (!producer)
      return true;
    if (producer->getBlock() != block)
      return sluice::util::isValueUsableForOp(operand, block,
                                              Block::iterator(consumer));
    if (producer == consumer)
      return false;
    if (producer->isBeforeInBlock(consumer))
      return true;
    return std::nullopt;
  };
  if (std::optional<bool> available = isAvailable(value))
    return *available;
  Operation *root = value.getDefiningOp();
  SmallVector<std::pair<Operation *, unsigned>> stack = {{root, 0}};
  llvm::SmallPtrSet<Operation *, 8> visited = {root};
  while (!stack.empty()) {
    auto [producer, next] = stack.back();
    if (next == producer->getNumOperands()) {
      producer->moveBefore(consumer);
      stack.pop_back();
      continue;
    }
    ++stack.back().second;
    Value operand = producer->getOperand(next);
    if (std::optional<bool> available = isAvailable(operand)) {
      if (!*available)
        return false;
      continue;
    }
    Operation *operandProducer = operand.getDefiningOp();
    if (!visited.insert(operandProducer).second)
      return false; // A cycle of producers.
    stack.push_back({operandProducer, 0});
  }
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// stream.tensor.parameter.load
//===----------------------------------------------------------------------===//

ValueRange TensorParameterLoadOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorParameterLoadOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorParameterLoadOp::getOperandSize(unsigned) { return {}; }
Value TensorParameterLoadOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorParameterLoadOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getResultSize());
}

//===----------------------------------------------------------------------===//
// stream.tensor.parameter.write
//===----------------------------------------------------------------------===//

ValueRange TensorParameterWriteOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorParameterWriteOp::getResultDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
Value TensorParameterWriteOp::getOperandSize(unsigned) {
  return getSourceSize();
}
Value TensorParameterWriteOp::getResultSize(unsigned) {
  return getSourceSize();
}
std::optional<unsigned>
TensorParameterWriteOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorParameterWriteOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorParameterWriteOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

//===----------------------------------------------------------------------===//
// stream.async.parameter.load
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncParameterLoadOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

void AsyncParameterLoadOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back({ResourceAccessBitfield::Write, getResult(), Value{},
                    getResultSize(), getResultSize()});
}

Value AsyncParameterLoadOp::getOperandSize(unsigned) { return {}; }
Value AsyncParameterLoadOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncParameterLoadOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getResultSize());
}

namespace {

/// Folds a view of a parameter load's result (`stream.resource.subview` or
/// `stream.async.slice`, possibly seen through one await) into the load's
/// offset and size: FoldAsyncParameterLoadResultSubview/Slice.
template <typename ViewOp>
struct FoldAsyncParameterLoadResultView
    : public OpRewritePattern<AsyncParameterLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncParameterLoadOp op,
                                PatternRewriter &rewriter) const override {
    auto consumer = findConsumerThroughAwait(op.getResult());
    if (!consumer)
      return failure();
    auto viewOp = dyn_cast<ViewOp>(consumer->first);
    if (!viewOp || viewOp.getSource() != consumer->second)
      return failure();
    op->moveBefore(viewOp);
    rewriter.setInsertionPoint(op);
    Value offset =
        createIndexToI64(rewriter, viewOp.getLoc(), viewOp.getSourceOffset());
    Value newOffset =
        createAdd(rewriter, op.getLoc(), op.getSourceOffset(), offset);
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceOffsetMutable().assign(newOffset);
      op.getResultSizeMutable().assign(viewOp.getResultSize());
    });
    rewriter.replaceOp(viewOp, op.getResult());
    return success();
  }
};
using FoldAsyncParameterLoadResultSubview =
    FoldAsyncParameterLoadResultView<ResourceSubviewOp>;
using FoldAsyncParameterLoadResultSlice =
    FoldAsyncParameterLoadResultView<AsyncSliceOp>;

} // namespace

void AsyncParameterLoadOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncParameterLoadOp>,
              ElideImmediateTimepointWait<AsyncParameterLoadOp>,
              FoldAsyncParameterLoadResultSubview,
              FoldAsyncParameterLoadResultSlice>(context);
}

//===----------------------------------------------------------------------===//
// stream.async.parameter.read
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncParameterReadOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

void AsyncParameterReadOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back({ResourceAccessBitfield::Write, getTarget(),
                    getTargetOffset(), getTargetEnd(), getTargetLength()});
  ranges.push_back({ResourceAccessBitfield::Write, getResult(),
                    getTargetOffset(), getTargetEnd(), getTargetLength()});
}

Value AsyncParameterReadOp::getOperandSize(unsigned) { return getTargetSize(); }
Value AsyncParameterReadOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned>
AsyncParameterReadOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return 0u;
  return std::nullopt;
}
SmallVector<int64_t> AsyncParameterReadOp::getTiedResultOperandIndices() {
  return {0, -1};
}

LogicalResult AsyncParameterReadOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

namespace {

/// Reads into a subview read into the subview's source instead.
struct FoldAsyncParameterReadTargetSubview
    : public OpRewritePattern<AsyncParameterReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncParameterReadOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp =
        tryLookThroughAwait(op.getTarget()).getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    Value sourceOffset =
        createAdd(rewriter, loc, op.getSourceOffset(), baseI64);
    Value targetOffset = createAdd(rewriter, loc, base, op.getTargetOffset());
    Value targetEnd =
        createAdd(rewriter, loc, targetOffset, op.getTargetLength());
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceOffsetMutable().assign(sourceOffset);
      op.getTargetMutable().assign(subviewOp.getSource());
      op.getTargetSizeMutable().assign(subviewOp.getSourceSize());
      op.getTargetOffsetMutable().assign(targetOffset);
      op.getTargetEndMutable().assign(targetEnd);
    });
    return success();
  }
};

} // namespace

void AsyncParameterReadOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncParameterReadOp>,
              ElideImmediateTimepointWait<AsyncParameterReadOp>,
              FoldAsyncParameterReadTargetSubview>(context);
}

//===----------------------------------------------------------------------===//
// stream.async.parameter.write
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncParameterWriteOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

void AsyncParameterWriteOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back({ResourceAccessBitfield::Read, getSource(),
                    getSourceOffset(), getSourceEnd(), getSourceLength()});
  ranges.push_back({ResourceAccessBitfield::Read, getResult(),
                    getSourceOffset(), getSourceEnd(), getSourceLength()});
}

Value AsyncParameterWriteOp::getOperandSize(unsigned) {
  return getSourceSize();
}
Value AsyncParameterWriteOp::getResultSize(unsigned) { return getSourceSize(); }
std::optional<unsigned>
AsyncParameterWriteOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return 0u;
  return std::nullopt;
}
SmallVector<int64_t> AsyncParameterWriteOp::getTiedResultOperandIndices() {
  return {0, -1};
}

LogicalResult AsyncParameterWriteOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

namespace {

/// Writes from a subview write from the subview's source instead.
struct FoldAsyncParameterWriteSourceSubview
    : public OpRewritePattern<AsyncParameterWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncParameterWriteOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp =
        tryLookThroughAwait(op.getSource()).getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    Value sourceOffset = createAdd(rewriter, loc, base, op.getSourceOffset());
    Value sourceEnd =
        createAdd(rewriter, loc, sourceOffset, op.getSourceLength());
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    Value targetOffset =
        createAdd(rewriter, loc, op.getTargetOffset(), baseI64);
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceMutable().assign(subviewOp.getSource());
      op.getSourceSizeMutable().assign(subviewOp.getSourceSize());
      op.getSourceOffsetMutable().assign(sourceOffset);
      op.getSourceEndMutable().assign(sourceEnd);
      op.getTargetOffsetMutable().assign(targetOffset);
    });
    return success();
  }
};

} // namespace

void AsyncParameterWriteOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncParameterWriteOp>,
              ElideImmediateTimepointWait<AsyncParameterWriteOp>,
              FoldAsyncParameterWriteSourceSubview>(context);
}

//===----------------------------------------------------------------------===//
// stream.async.parameter.gather
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncParameterGatherOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

void AsyncParameterGatherOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back({ResourceAccessBitfield::Write, getTarget(), Value{},
                    getTargetSize(), getTargetSize()});
  ranges.push_back({ResourceAccessBitfield::Write, getResult(), Value{},
                    getTargetSize(), getTargetSize()});
}

Value AsyncParameterGatherOp::getOperandSize(unsigned) {
  return getTargetSize();
}
Value AsyncParameterGatherOp::getResultSize(unsigned) {
  return getTargetSize();
}
// stream-ir.md Q7: the target's true flat operand index.
std::optional<unsigned>
AsyncParameterGatherOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return getTargetMutable().getOperandNumber();
  return std::nullopt;
}
SmallVector<int64_t> AsyncParameterGatherOp::getTiedResultOperandIndices() {
  return {static_cast<int64_t>(getTargetMutable().getOperandNumber()), -1};
}

LogicalResult AsyncParameterGatherOp::verify() {
  size_t count = getSourceKeys().size();
  if (getSourceOffsets().size() != count ||
      getTargetOffsets().size() != count || getTargetEnds().size() != count ||
      getTargetLengths().size() != count)
    return emitOpError("requires that the source keys, source offsets, target "
                       "offsets, target ends, and lengths are all 1:1");
  if (failed(verifyOpValueSizes(*this, getTarget(), getTargetSize())))
    return failure();
  return verifyInferredResourceResultTypes(*this, getTarget());
}

namespace {

/// Gathers into a subview gather into the subview's source instead.
struct FoldAsyncParameterGatherTargetSubview
    : public OpRewritePattern<AsyncParameterGatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncParameterGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp =
        tryLookThroughAwait(op.getTarget()).getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    SmallVector<Value> sourceOffsets, targetOffsets, targetEnds;
    for (Value sourceOffset : op.getSourceOffsets())
      sourceOffsets.push_back(createAdd(rewriter, loc, sourceOffset, baseI64));
    for (Value targetOffset : op.getTargetOffsets())
      targetOffsets.push_back(createAdd(rewriter, loc, base, targetOffset));
    for (auto [targetOffset, targetLength] :
         llvm::zip_equal(targetOffsets, op.getTargetLengths()))
      targetEnds.push_back(
          createAdd(rewriter, loc, targetOffset, targetLength));
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceOffsetsMutable().assign(sourceOffsets);
      op.getTargetMutable().assign(subviewOp.getSource());
      op.getTargetSizeMutable().assign(subviewOp.getSourceSize());
      op.getTargetOffsetsMutable().assign(targetOffsets);
      op.getTargetEndsMutable().assign(targetEnds);
    });
    return success();
  }
};

} // namespace

void AsyncParameterGatherOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncParameterGatherOp>,
              ElideImmediateTimepointWait<AsyncParameterGatherOp>,
              FoldAsyncParameterGatherTargetSubview>(context);
}

//===----------------------------------------------------------------------===//
// stream.async.parameter.scatter
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncParameterScatterOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

void AsyncParameterScatterOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back({ResourceAccessBitfield::Read, getSource(), Value{},
                    getSourceSize(), getSourceSize()});
  ranges.push_back({ResourceAccessBitfield::Read, getResult(), Value{},
                    getSourceSize(), getSourceSize()});
}

Value AsyncParameterScatterOp::getOperandSize(unsigned) {
  return getSourceSize();
}
Value AsyncParameterScatterOp::getResultSize(unsigned) {
  return getSourceSize();
}
std::optional<unsigned>
AsyncParameterScatterOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return 0u;
  return std::nullopt;
}
SmallVector<int64_t> AsyncParameterScatterOp::getTiedResultOperandIndices() {
  return {0, -1};
}

LogicalResult AsyncParameterScatterOp::verify() {
  size_t count = getTargetKeys().size();
  if (getSourceOffsets().size() != count || getSourceEnds().size() != count ||
      getSourceLengths().size() != count || getTargetOffsets().size() != count)
    return emitOpError("requires that the source offsets, source ends, "
                       "lengths, target keys, and target offsets are all 1:1");
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())))
    return failure();
  return verifyInferredResourceResultTypes(*this, getSource());
}

namespace {

/// Scatters from a subview scatter from the subview's source instead.
struct FoldAsyncParameterScatterSourceSubview
    : public OpRewritePattern<AsyncParameterScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncParameterScatterOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp =
        tryLookThroughAwait(op.getSource()).getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    SmallVector<Value> sourceOffsets, sourceEnds, targetOffsets;
    for (Value sourceOffset : op.getSourceOffsets())
      sourceOffsets.push_back(createAdd(rewriter, loc, base, sourceOffset));
    for (auto [sourceOffset, sourceLength] :
         llvm::zip_equal(sourceOffsets, op.getSourceLengths()))
      sourceEnds.push_back(
          createAdd(rewriter, loc, sourceOffset, sourceLength));
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    for (Value targetOffset : op.getTargetOffsets())
      targetOffsets.push_back(createAdd(rewriter, loc, targetOffset, baseI64));
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceMutable().assign(subviewOp.getSource());
      op.getSourceSizeMutable().assign(subviewOp.getSourceSize());
      op.getSourceOffsetsMutable().assign(sourceOffsets);
      op.getSourceEndsMutable().assign(sourceEnds);
      op.getTargetOffsetsMutable().assign(targetOffsets);
    });
    return success();
  }
};

} // namespace

void AsyncParameterScatterOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncParameterScatterOp>,
              ElideImmediateTimepointWait<AsyncParameterScatterOp>,
              FoldAsyncParameterScatterSourceSubview>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.parameter.load
//===----------------------------------------------------------------------===//

SmallVector<Value> CmdParameterLoadOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

Value CmdParameterLoadOp::getOperandSize(unsigned) { return {}; }
Value CmdParameterLoadOp::getResultSize(unsigned idx) {
  if (idx < getResultSizes().size())
    return getResultSizes()[idx];
  return {};
}

LogicalResult CmdParameterLoadOp::verify() {
  size_t count = getSourceKeys().size();
  if (getSourceOffsets().size() != count || getResultSizes().size() != count)
    return emitOpError("requires that the source keys, source offsets, and "
                       "result sizes are all 1:1");
  return success();
}

namespace {

/// Loads whose result is only viewed through one subview load just the
/// viewed range.
struct FoldParameterLoadTargetSubviews
    : public OpRewritePattern<CmdParameterLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdParameterLoadOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.setInsertionPoint(op);
    bool changed = false;
    SmallVector<Value> sourceOffsets, resultSizes;
    for (auto [result, sourceOffset, resultSize] : llvm::zip_equal(
             op.getResults(), op.getSourceOffsets(), op.getResultSizes())) {
      if (result.hasOneUse()) {
        if (auto subviewOp =
                dyn_cast<ResourceSubviewOp>(*result.user_begin())) {
          Value offset = subviewOp.getSourceOffset();
          Value length = subviewOp.getResultSize();
          if (tryMoveProducerBefore(offset, op) &&
              tryMoveProducerBefore(length, op)) {
            Location loc = subviewOp.getLoc();
            Value offsetI64 = createIndexToI64(rewriter, loc, offset);
            sourceOffsets.push_back(
                createAdd(rewriter, loc, sourceOffset, offsetI64));
            resultSizes.push_back(length);
            // Erased here rather than left dead for the driver: each later
            // erasure would requeue this load, whose every visit (folding
            // included) walks all its operands, quadratic in the results.
            rewriter.replaceOp(subviewOp, result);
            changed = true;
            continue;
          }
        }
      }
      sourceOffsets.push_back(sourceOffset);
      resultSizes.push_back(resultSize);
    }
    if (!changed)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceOffsetsMutable().assign(sourceOffsets);
      op.getResultSizesMutable().assign(resultSizes);
    });
    return success();
  }
};

} // namespace

void CmdParameterLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results
      .add<ElideUnusedOp<CmdParameterLoadOp>, FoldParameterLoadTargetSubviews,
           ElideImmediateTimepointWait<CmdParameterLoadOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.parameter.read
//===----------------------------------------------------------------------===//

SmallVector<Value> CmdParameterReadOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

Value CmdParameterReadOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdParameterReadOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdParameterReadOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

namespace {

/// Reads into a subview read into the subview's source instead (the
/// parameter offset is adjusted too, stream-folding.md §8 item 4).
struct FoldParameterReadTargetSubview
    : public OpRewritePattern<CmdParameterReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdParameterReadOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp = op.getTarget().getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    Value sourceOffset =
        createAdd(rewriter, loc, op.getSourceOffset(), baseI64);
    Value targetOffset = createAdd(rewriter, loc, base, op.getTargetOffset());
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceOffsetMutable().assign(sourceOffset);
      op.getTargetMutable().assign(subviewOp.getSource());
      op.getTargetSizeMutable().assign(subviewOp.getSourceSize());
      op.getTargetOffsetMutable().assign(targetOffset);
    });
    return success();
  }
};

} // namespace

void CmdParameterReadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results.add<ElideUnusedOp<CmdParameterReadOp>, FoldParameterReadTargetSubview,
              ElideImmediateTimepointWait<CmdParameterReadOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.parameter.write
//===----------------------------------------------------------------------===//

SmallVector<Value> CmdParameterWriteOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

Value CmdParameterWriteOp::getOperandSize(unsigned) { return getSourceSize(); }
Value CmdParameterWriteOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdParameterWriteOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

namespace {

/// Writes from a subview write from the subview's source instead (the
/// parameter offset is adjusted too, stream-folding.md §8 item 4).
struct FoldParameterWriteSourceSubview
    : public OpRewritePattern<CmdParameterWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdParameterWriteOp op,
                                PatternRewriter &rewriter) const override {
    auto subviewOp = op.getSource().getDefiningOp<ResourceSubviewOp>();
    if (!subviewOp)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = subviewOp.getLoc();
    Value base = subviewOp.getSourceOffset();
    Value sourceOffset = createAdd(rewriter, loc, base, op.getSourceOffset());
    Value baseI64 = createIndexToI64(rewriter, loc, base);
    Value targetOffset =
        createAdd(rewriter, loc, op.getTargetOffset(), baseI64);
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceMutable().assign(subviewOp.getSource());
      op.getSourceSizeMutable().assign(subviewOp.getSourceSize());
      op.getSourceOffsetMutable().assign(sourceOffset);
      op.getTargetOffsetMutable().assign(targetOffset);
    });
    return success();
  }
};

} // namespace

void CmdParameterWriteOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results
      .add<ElideUnusedOp<CmdParameterWriteOp>, FoldParameterWriteSourceSubview,
           ElideImmediateTimepointWait<CmdParameterWriteOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.parameter.gather
//===----------------------------------------------------------------------===//

/// Rewrites `op` to address the source of the subview that defines
/// `resource`: the resource, its size and every buffer offset (shifted by the
/// subview offset) are replaced; parameter offsets are not adjusted
/// (stream-folding.md §8 item 4). Shared by cmd.parameter.gather (target) and
/// cmd.parameter.scatter (source).
static LogicalResult foldBufferSubview(PatternRewriter &rewriter, Operation *op,
                                       Value resource,
                                       MutableOperandRange resourceOperand,
                                       MutableOperandRange sizeOperand,
                                       MutableOperandRange offsetOperands) {
  auto subviewOp = resource.getDefiningOp<ResourceSubviewOp>();
  if (!subviewOp)
    return failure();
  rewriter.setInsertionPoint(op);
  Location loc = subviewOp.getLoc();
  Value base = subviewOp.getSourceOffset();
  SmallVector<Value> offsets;
  for (Value offset : offsetOperands.getAsOperandRange())
    offsets.push_back(createAdd(rewriter, loc, base, offset));
  rewriter.modifyOpInPlace(op, [&] {
    resourceOperand.assign(subviewOp.getSource());
    sizeOperand.assign(subviewOp.getSourceSize());
    offsetOperands.assign(offsets);
  });
  return success();
}

SmallVector<Value> CmdParameterGatherOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

Value CmdParameterGatherOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdParameterGatherOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdParameterGatherOp::verify() {
  size_t count = getSourceKeys().size();
  if (getSourceOffsets().size() != count ||
      getTargetOffsets().size() != count || getTargetLengths().size() != count)
    return emitOpError("requires that the source keys, source offsets, target "
                       "offsets, and target lengths are all 1:1");
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

namespace {

/// Gathers into a subview gather into the subview's source instead.
struct FoldCmdParameterGatherTargetSubview
    : public OpRewritePattern<CmdParameterGatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdParameterGatherOp op,
                                PatternRewriter &rewriter) const override {
    return foldBufferSubview(rewriter, op, op.getTarget(),
                             op.getTargetMutable(), op.getTargetSizeMutable(),
                             op.getTargetOffsetsMutable());
  }
};

} // namespace

void CmdParameterGatherOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<CmdParameterGatherOp>,
              FoldCmdParameterGatherTargetSubview,
              ElideImmediateTimepointWait<CmdParameterGatherOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.parameter.scatter
//===----------------------------------------------------------------------===//

SmallVector<Value> CmdParameterScatterOp::getAwaitTimepoints() {
  return getAwaitTimepointList(getAwaitTimepoint());
}

Value CmdParameterScatterOp::getOperandSize(unsigned) {
  return getSourceSize();
}
Value CmdParameterScatterOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdParameterScatterOp::verify() {
  size_t count = getTargetKeys().size();
  if (getSourceOffsets().size() != count ||
      getSourceLengths().size() != count || getTargetOffsets().size() != count)
    return emitOpError("requires that the source offsets, source lengths, "
                       "target keys, and target offsets are all 1:1");
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

namespace {

/// Scatters from a subview scatter from the subview's source instead.
struct FoldCmdParameterScatterSourceSubview
    : public OpRewritePattern<CmdParameterScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdParameterScatterOp op,
                                PatternRewriter &rewriter) const override {
    return foldBufferSubview(rewriter, op, op.getSource(),
                             op.getSourceMutable(), op.getSourceSizeMutable(),
                             op.getSourceOffsetsMutable());
  }
};

} // namespace

void CmdParameterScatterOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ElideUnusedOp<CmdParameterScatterOp>,
              FoldCmdParameterScatterSourceSubview,
              ElideImmediateTimepointWait<CmdParameterScatterOp>>(context);
}
