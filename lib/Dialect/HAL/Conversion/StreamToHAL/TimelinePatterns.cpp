//===- TimelinePatterns.cpp - StreamToHAL: timepoints and channels --------===//
//
// execution.md §2.5.2 rows for stream.timepoint.*, stream.channel.* and the
// timepoint globals (§2.5.1).
//
//===----------------------------------------------------------------------===//

#include "PatternSets.h"

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilStatusOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace sluice::hal {
namespace {

IntegerAttr noFlags(OpBuilder &builder) { return builder.getI64IntegerAttr(0); }

struct TimepointImmediatePattern
    : OpConversionPattern<stream::TimepointImmediateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointImmediateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<util::NullOp>(op, FenceType::get(getContext()));
    return success();
  }
};

/// Only the import of exactly one `!hal.fence` converts.
struct TimepointImportPattern : OpConversionPattern<stream::TimepointImportOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointImportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    if (operands.size() != 1 || !llvm::isa<FenceType>(operands[0].getType()))
      return rewriter.notifyMatchFailure(op, "only one !hal.fence imports");
    rewriter.replaceOp(op, operands[0]);
    return success();
  }
};

/// Only the export to exactly one `!hal.fence` converts.
struct TimepointExportPattern : OpConversionPattern<stream::TimepointExportOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointExportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getNumResults() != 1 ||
        !llvm::isa<FenceType>(op.getResult(0).getType()))
      return rewriter.notifyMatchFailure(op, "only one !hal.fence exports");
    rewriter.replaceOp(op, adaptor.getAwaitTimepoint());
    return success();
  }
};

struct TimepointChainExternalPattern
    : OpConversionPattern<stream::TimepointChainExternalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointChainExternalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange externals = adaptor.getExternalValues();
    if (externals.size() != 1 || !llvm::isa<FenceType>(externals[0].getType()))
      return rewriter.notifyMatchFailure(op, "only one !hal.fence chains");
    auto [device, queueAffinity] =
        lookupDeviceAndQueueAffinityFor(op, rewriter);
    DeviceQueueBarrierOp::create(rewriter, op.getLoc(), device, queueAffinity,
                                 adaptor.getAwaitTimepoint(), externals[0],
                                 noFlags(rewriter));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TimepointJoinPattern : OpConversionPattern<stream::TimepointJoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointJoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<FenceJoinOp>(op, FenceType::get(getContext()),
                                             adaptor.getTimepoints(),
                                             noFlags(rewriter));
    return success();
  }
};

/// [QUIRK] the resource is assumed ready (timepoint propagation guarantees
/// it): the barrier becomes the resource and a null fence.
struct TimepointBarrierPattern
    : OpConversionPattern<stream::TimepointBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value fence = util::NullOp::create(rewriter, op.getLoc(),
                                       FenceType::get(getContext()));
    rewriter.replaceOp(op, {adaptor.getResource(), fence});
    return success();
  }
};

struct TimepointAwaitPattern : OpConversionPattern<stream::TimepointAwaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TimepointAwaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value timeout =
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(), -1);
    Value status = FenceAwaitOp::create(
        rewriter, loc, rewriter.getI32Type(), timeout,
        ValueRange{adaptor.getAwaitTimepoint()}, noFlags(rewriter));
    util::StatusCheckOkOp::create(rewriter, loc, status,
                                  "failed to wait on timepoint");
    rewriter.replaceOp(op, adaptor.getResourceOperands());
    return success();
  }
};

struct ChannelCreatePattern : OpConversionPattern<stream::ChannelCreateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ChannelCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto [device, queueAffinity] =
        lookupDeviceAndQueueAffinityFor(op, rewriter);
    Type bufferType = util::BufferType::get(getContext());
    Value id = adaptor.getId();
    if (!id)
      id = util::NullOp::create(rewriter, loc, bufferType);
    Value group;
    if (StringAttr groupAttr = op.getGroupAttr())
      group = util::BufferConstantOp::create(rewriter, loc, bufferType,
                                             /*name=*/StringAttr(), groupAttr,
                                             /*alignment=*/IntegerAttr(),
                                             /*mime_type=*/StringAttr());
    else
      group = util::NullOp::create(rewriter, loc, bufferType);
    Type i32 = rewriter.getI32Type();
    Value minusOne;
    auto getMinusOne = [&]() {
      if (!minusOne)
        minusOne = arith::ConstantIntOp::create(rewriter, loc, i32, -1);
      return minusOne;
    };
    // [QUIRK] the count is taken only when a rank is given.
    Value rank =
        adaptor.getRank()
            ? arith::IndexCastOp::create(rewriter, loc, i32, adaptor.getRank())
                  .getResult()
            : getMinusOne();
    Value count =
        adaptor.getRank() && adaptor.getCount()
            ? arith::IndexCastOp::create(rewriter, loc, i32, adaptor.getCount())
                  .getResult()
            : getMinusOne();
    rewriter.replaceOpWithNewOp<ChannelCreateOp>(
        op, ChannelType::get(getContext()), device, queueAffinity,
        noFlags(rewriter), id, group, rank, count);
    return success();
  }
};

struct ChannelSplitPattern : OpConversionPattern<stream::ChannelSplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ChannelSplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value color =
        arith::IndexCastOp::create(rewriter, loc, i32, adaptor.getColor());
    Value key =
        arith::IndexCastOp::create(rewriter, loc, i32, adaptor.getKey());
    rewriter.replaceOpWithNewOp<ChannelSplitOp>(
        op, ChannelType::get(getContext()), adaptor.getChannel(), color, key,
        noFlags(rewriter));
    return success();
  }
};

template <typename OpT, bool takeRank>
struct ChannelQueryPattern : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto query = ChannelRankAndCountOp::create(rewriter, loc, i32, i32,
                                               adaptor.getChannel());
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
        op, rewriter.getIndexType(),
        takeRank ? query.getRank() : query.getCount());
    return success();
  }
};

/// `util.global` of a timepoint: the `#stream.timepoint` initial value is
/// dropped (a fence global starts out null).
struct TimepointGlobalPattern : OpConversionPattern<util::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(util::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::isa_and_present<stream::TimepointAttr>(op.getInitialValueAttr()))
      return rewriter.notifyMatchFailure(op, "not a timepoint initial value");
    Type newType = getTypeConverter()->convertType(op.getType());
    if (!newType)
      return rewriter.notifyMatchFailure(op, "unconvertible global type");
    rewriter.modifyOpInPlace(op, [&] {
      op.setType(newType);
      op.removeInitialValueAttr();
    });
    return success();
  }
};

} // namespace

void populateStreamTimelineToHALPatterns(MLIRContext *context,
                                         ConversionTarget &target,
                                         TypeConverter &typeConverter,
                                         RewritePatternSet &patterns) {
  patterns.add<TimepointImmediatePattern, TimepointImportPattern,
               TimepointExportPattern, TimepointChainExternalPattern,
               TimepointJoinPattern, TimepointBarrierPattern,
               TimepointAwaitPattern, ChannelCreatePattern, ChannelSplitPattern,
               ChannelQueryPattern<stream::ChannelRankOp, true>,
               ChannelQueryPattern<stream::ChannelCountOp, false>,
               TimepointGlobalPattern>(typeConverter, context);
}

} // namespace sluice::hal
