//===- Patterns.cpp - Std->HAL patterns of --iree-hal-conversion ----------===//
//
// execution.md §2.5.1: tensor.dim of a constant index on a tensor converted
// to !hal.buffer_view -> hal.buffer_view.dim; tensor.rank ->
// hal.buffer_view.rank (static ones fold away before the patterns run).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/StandardToHAL/Patterns.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace sluice::hal {
namespace {

struct TensorDimPattern : OpConversionPattern<tensor::DimOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::isa<BufferViewType>(adaptor.getSource().getType()))
      return rewriter.notifyMatchFailure(op, "source is not a buffer view");
    APInt index;
    if (!matchPattern(op.getIndex(), m_ConstantInt(&index)))
      return rewriter.notifyMatchFailure(op, "non-constant dimension index");
    rewriter.replaceOpWithNewOp<BufferViewDimOp>(
        op, rewriter.getIndexType(), adaptor.getSource(),
        rewriter.getIndexAttr(index.getSExtValue()));
    return success();
  }
};

struct TensorRankPattern : OpConversionPattern<tensor::RankOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::RankOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::isa<BufferViewType>(adaptor.getTensor().getType()))
      return rewriter.notifyMatchFailure(op, "source is not a buffer view");
    rewriter.replaceOpWithNewOp<BufferViewRankOp>(op, rewriter.getIndexType(),
                                                  adaptor.getTensor());
    return success();
  }
};

} // namespace

void populateStandardToHALPatterns(MLIRContext *context,
                                   ConversionTarget &target,
                                   TypeConverter &typeConverter,
                                   RewritePatternSet &patterns) {
  target.addIllegalOp<tensor::DimOp, tensor::RankOp>();
  patterns.add<TensorDimPattern, TensorRankPattern>(typeConverter, context);
}

} // namespace sluice::hal
