//===- UtilBufferOps.cpp - util buffer and constant ops -------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace sluice::util;

//===----------------------------------------------------------------------===//
// util.null
//===----------------------------------------------------------------------===//

OpFoldResult NullOp::fold(FoldAdaptor) {
  return NullAttr::get(getContext(), getType());
}

//===----------------------------------------------------------------------===//
// util.buffer.constant
//===----------------------------------------------------------------------===//

void BufferConstantOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), getName() ? *getName() : StringRef("buffer_cst"));
}

LogicalResult BufferConstantOp::verify() {
  if (!isa<SerializableAttrInterface>(getValue()))
    return emitOpError("unsupported non-serializable constant attribute type");
  if (std::optional<APInt> alignment = getAlignment()) {
    uint64_t a = alignment->getZExtValue();
    if (a > 0 && !llvm::isPowerOf2_64(a))
      return emitOpError("invalid alignment; must be a power of two");
  }
  return success();
}

OpFoldResult BufferConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// util.buffer.size
//===----------------------------------------------------------------------===//

void BufferSizeOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "buffer_size");
}

OpFoldResult BufferSizeOp::fold(FoldAdaptor) {
  Operation *op = getOperation();
  if (Value size = SizeAwareTypeInterface::findSizeValue(
          getOperand(), op->getBlock(), Block::iterator(op)))
    return size;
  if (auto constant = getOperand().getDefiningOp<BufferConstantOp>())
    if (auto sized = dyn_cast<SizedStorageAttr>(constant.getValue()))
      return IntegerAttr::get(IndexType::get(getContext()),
                              sized.getStorageSize());
  return {};
}

//===----------------------------------------------------------------------===//
// util.buffer.subspan
//===----------------------------------------------------------------------===//

void BufferSubspanOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "buffer_span");
}

Value BufferSubspanOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getSourceSize() : Value();
}
Value BufferSubspanOp::getResultSize(unsigned idx) { return getResultSize(); }

Value BufferSubspanOp::getSubrangeResource() { return getSource(); }
Value BufferSubspanOp::getSubrangeResourceSize() { return getSourceSize(); }
Value BufferSubspanOp::getSubrangeOffset() { return getSourceOffset(); }
Value BufferSubspanOp::getSubrangeLength() { return getResultSize(); }
Value BufferSubspanOp::getSubrangeResult() { return getResult(); }

std::optional<unsigned> BufferSubspanOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> BufferSubspanOp::getTiedResultOperandIndices() {
  return {0};
}

Value BufferSubspanOp::getViewSource() { return getSource(); }

OpFoldResult BufferSubspanOp::fold(FoldAdaptor) {
  if (getSourceSize() == getResultSize())
    return getSource();
  return {};
}

namespace {

/// subspan(subspan(x)[a])[b] → subspan(x)[a + b].
struct FoldSubspanOfSubspan : public OpRewritePattern<BufferSubspanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BufferSubspanOp op,
                                PatternRewriter &rewriter) const override {
    auto parent = op.getSource().getDefiningOp<BufferSubspanOp>();
    if (!parent)
      return failure();
    Value offset = rewriter.createOrFold<arith::AddIOp>(
        op.getLoc(), parent.getSourceOffset(), op.getSourceOffset());
    rewriter.replaceOpWithNewOp<BufferSubspanOp>(
        op, op.getType(), parent.getSource(), parent.getSourceSize(), offset,
        op.getResultSize());
    return success();
  }
};

/// Folds subspans into consumers that take subrange operands.
struct FoldSubspanIntoConsumers : public OpRewritePattern<BufferSubspanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BufferSubspanOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &use :
         llvm::make_early_inc_range(op.getResult().getUses())) {
      auto consumer = dyn_cast<SubrangeOperandOpInterface>(use.getOwner());
      if (!consumer)
        continue;
      SubrangeOperand range =
          consumer.getSubrangeOperand(use.getOperandNumber());
      if (!range.resource)
        continue;
      rewriter.setInsertionPoint(consumer);
      Value offset = rewriter.createOrFold<arith::AddIOp>(
          op.getLoc(), op.getSourceOffset(), range.offset);
      rewriter.modifyOpInPlace(consumer, [&] {
        consumer.setSubrangeOperand(use.getOperandNumber(),
                                    SubrangeOperand{op.getSource(),
                                                    op.getSourceSize(), offset,
                                                    range.length});
      });
      changed = true;
    }
    return success(changed);
  }
};

/// select(c, subspan(x)[a]{n}, subspan(x)[b]{n}) →
/// subspan(x)[select(c,a,b)]{n}.
struct SinkSubspanAcrossSelect : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<BufferType>(op.getType()))
      return failure();
    auto lhs = op.getTrueValue().getDefiningOp<BufferSubspanOp>();
    auto rhs = op.getFalseValue().getDefiningOp<BufferSubspanOp>();
    if (!lhs || !rhs || lhs.getSource() != rhs.getSource() ||
        lhs.getSourceSize() != rhs.getSourceSize() ||
        lhs.getResultSize() != rhs.getResultSize())
      return failure();
    Value offset =
        arith::SelectOp::create(rewriter, op.getLoc(), op.getCondition(),
                                lhs.getSourceOffset(), rhs.getSourceOffset());
    rewriter.replaceOpWithNewOp<BufferSubspanOp>(
        op, op.getType(), lhs.getSource(), lhs.getSourceSize(), offset,
        lhs.getResultSize());
    return success();
  }
};

} // namespace

void BufferSubspanOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldSubspanOfSubspan, FoldSubspanIntoConsumers,
              SinkSubspanAcrossSelect>(context);
}
