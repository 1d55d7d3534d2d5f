//===- TensorPatterns.cpp - flow tensor and parameter ops to stream -------===//
//
// stream-passes-1.md §3.4, the `flow.tensor.*` and `flow.parameter.*` rows.
//
//===----------------------------------------------------------------------===//

#include "FlowToStreamPatterns.h"

#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace sluice::stream {
namespace {

bool isStagingResource(Value resource) {
  auto type = dyn_cast<ResourceType>(resource.getType());
  return type && type.getLifetime() == Lifetime::Staging;
}

Type getStagingType(MLIRContext *context) {
  return getResourceType(context, Lifetime::Staging);
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

struct ConvertTensorConstantOp
    : AffinityOpConversionPattern<flow::TensorConstantOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorConstantOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor constant =
        buildUnknownTensorConstant(op.getLoc(), op.getType(), /*dims=*/{},
                                   op.getValue(), executionAffinity, rewriter);
    rewriter.replaceOpWithMultiple(
        op, {{constant.resource, constant.resourceSize}});
    return success();
  }
};

struct ConvertTensorDynamicConstantOp
    : AffinityOpConversionPattern<flow::TensorDynamicConstantOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorDynamicConstantOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    auto attrType = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!attrType)
      return rewriter.notifyMatchFailure(
          op, "dynamic constant value must be a ranked tensor");
    auto resultType = cast<TensorType>(op.getType());
    // Each dynamic dim is the attribute's static size hidden behind a barrier
    // so that nothing folds it back into the type.
    SmallVector<Value> dims;
    for (int64_t i = 0, e = resultType.getRank(); i < e; ++i) {
      if (!resultType.isDynamicDim(i))
        continue;
      Value dim = arith::ConstantIndexOp::create(rewriter, op.getLoc(),
                                                 attrType.getDimSize(i));
      dims.push_back(
          util::OptimizationBarrierOp::create(rewriter, op.getLoc(), dim)
              .getResult(0));
    }
    ConvertedTensor constant =
        buildUnknownTensorConstant(op.getLoc(), resultType, dims, op.getValue(),
                                   executionAffinity, rewriter);
    rewriter.replaceOpWithMultiple(
        op, {{constant.resource, constant.resourceSize}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Metadata ops: reshape, bitcast
//===----------------------------------------------------------------------===//

/// flow.tensor.reshape/bitcast become a clone placed where the result lives.
template <typename OpT>
struct ConvertTensorCastLikeOp : AffinityAwareConversionPattern<OpT> {
  using AffinityAwareConversionPattern<OpT>::AffinityAwareConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpT>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(OpT op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AffinityAttr resultAffinity =
        this->analysis->lookupResourceAffinity(op.getResult());
    ConvertedTensor source =
        transferTensor(op.getLoc(), op.getSource(), adaptor.getSource(),
                       resultAffinity, this->analysis, rewriter);
    SmallVector<Value> resultDims = flattenValues(adaptor.getResultDims());
    Value resultSize = buildTensorSizeOf(op.getLoc(), op.getResult().getType(),
                                         resultDims, resultAffinity, rewriter);
    Value result = TensorCloneOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        source.resource, op.getSource().getType(),
        flattenValues(adaptor.getSourceDims()), source.resourceSize,
        op.getResult().getType(), resultDims, resultSize, resultAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, resultSize}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Producers: alloca, empty, splat
//===----------------------------------------------------------------------===//

struct ConvertTensorAllocaOp
    : AffinityOpConversionPattern<flow::TensorAllocaOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorAllocaOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Value size = buildTensorSizeOf(op.getLoc(), op.getType(),
                                   flattenValues(adaptor.getResultDims()),
                                   executionAffinity, rewriter);
    Value result = AsyncAllocaOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()), size,
        executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, size}});
    return success();
  }
};

struct ConvertTensorEmptyOp : AffinityOpConversionPattern<flow::TensorEmptyOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorEmptyOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> dims = flattenValues(adaptor.getResultDims());
    Value size = buildTensorSizeOf(op.getLoc(), op.getType(), dims,
                                   executionAffinity, rewriter);
    Value result = TensorEmptyOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        op.getType(), dims, size, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, size}});
    return success();
  }
};

struct ConvertTensorSplatOp : AffinityOpConversionPattern<flow::TensorSplatOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorSplatOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> dims = flattenValues(adaptor.getResultDims());
    Value size = buildTensorSizeOf(op.getLoc(), op.getType(), dims,
                                   executionAffinity, rewriter);
    Value result = TensorSplatOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        adaptor.getValue().front(), op.getType(), dims, size,
        executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, size}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Copies: clone, encode, barrier, transfer
//===----------------------------------------------------------------------===//

struct ConvertTensorCloneOp : AffinityOpConversionPattern<flow::TensorCloneOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorCloneOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor operand =
        transferTensor(op.getLoc(), op.getOperand(), adaptor.getOperand(),
                       executionAffinity, analysis, rewriter);
    SmallVector<Value> dims = flattenValues(adaptor.getArgumentDims());
    Value result = TensorCloneOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        operand.resource, op.getType(), dims, operand.resourceSize,
        op.getType(), dims, operand.resourceSize, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, operand.resourceSize}});
    return success();
  }
};

struct ConvertTensorEncodeOp
    : AffinityOpConversionPattern<flow::TensorEncodeOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorEncodeOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor operand =
        transferTensor(op.getLoc(), op.getOperand(), adaptor.getOperand(),
                       executionAffinity, analysis, rewriter);
    SmallVector<Value> operandDims = flattenValues(adaptor.getOperandDims());
    SmallVector<Value> resultDims = flattenValues(adaptor.getResultDims());
    // Reproduced reference behaviour: the result size uses the operand's
    // dims; only when their count cannot fit the result type (where the
    // reference builds an invalid sizeof) are the result dims used.
    auto resultType = cast<RankedTensorType>(op.getType());
    ValueRange sizeDims =
        operandDims.size() ==
                static_cast<size_t>(resultType.getNumDynamicDims())
            ? ValueRange(operandDims)
            : ValueRange(resultDims);
    Value resultSize = buildTensorSizeOf(op.getLoc(), resultType, sizeDims,
                                         executionAffinity, rewriter);
    Value result = TensorEncodeOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        operand.resource, op.getOperand().getType(), operandDims,
        operand.resourceSize, resultType, resultDims, resultSize,
        executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, resultSize}});
    return success();
  }
};

struct ConvertTensorBarrierOp
    : AffinityOpConversionPattern<flow::TensorBarrierOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorBarrierOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor operand =
        resolveTensor(op.getOperand(), adaptor.getOperand(), analysis);
    Value result = AsyncBarrierOp::create(
        rewriter, op.getLoc(), operand.getResourceType(), operand.resource,
        operand.resourceSize, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, operand.resourceSize}});
    return success();
  }
};

struct ConvertTensorTransferOp
    : AffinityOpConversionPattern<flow::TensorTransferOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorTransferOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    if (!executionAffinity)
      return rewriter.notifyMatchFailure(op, "invalid stream affinity attr");
    ConvertedTensor operand =
        resolveTensor(op.getOperand(), adaptor.getOperand(), analysis);
    Value result = AsyncTransferOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        operand.resource, operand.resourceSize, operand.resourceSize,
        operand.affinity, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, operand.resourceSize}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Subranges: slice, update
//===----------------------------------------------------------------------===//

struct ConvertTensorSliceOp : AffinityOpConversionPattern<flow::TensorSliceOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorSliceOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor source =
        transferTensor(op.getLoc(), op.getSource(), adaptor.getSource(),
                       executionAffinity, analysis, rewriter);
    SmallVector<Value> resultDims = flattenValues(adaptor.getResultDims());
    Value resultSize = buildTensorSizeOf(op.getLoc(), op.getType(), resultDims,
                                         executionAffinity, rewriter);
    Value result = TensorSliceOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        source.resource, op.getSource().getType(),
        flattenValues(adaptor.getSourceDims()), source.resourceSize,
        flattenValues(adaptor.getStartIndices()),
        flattenValues(adaptor.getLengths()), op.getType(), resultDims,
        resultSize, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, resultSize}});
    return success();
  }
};

struct ConvertTensorUpdateOp
    : AffinityOpConversionPattern<flow::TensorUpdateOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::TensorUpdateOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor target =
        transferTensor(op.getLoc(), op.getTarget(), adaptor.getTarget(),
                       executionAffinity, analysis, rewriter);
    ConvertedTensor update =
        transferTensor(op.getLoc(), op.getUpdate(), adaptor.getUpdate(),
                       executionAffinity, analysis, rewriter);
    Value result = TensorUpdateOp::create(
        rewriter, op.getLoc(), target.getResourceType(), target.resource,
        op.getTarget().getType(), flattenValues(adaptor.getTargetDims()),
        target.resourceSize, flattenValues(adaptor.getStartIndices()),
        update.resource, op.getUpdate().getType(),
        flattenValues(adaptor.getUpdateDims()), update.resourceSize,
        executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, target.resourceSize}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Element access: load, store
//===----------------------------------------------------------------------===//

/// Rank 0, or a static shape with exactly one element.
bool isScalarTensor(RankedTensorType type) {
  return type.getRank() == 0 ||
         (type.hasStaticShape() && type.getNumElements() == 1);
}

struct ConvertTensorLoadOp
    : AffinityAwareConversionPattern<flow::TensorLoadOp> {
  using AffinityAwareConversionPattern::AffinityAwareConversionPattern;
  LogicalResult
  matchAndRewrite(flow::TensorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ConvertedTensor source =
        resolveTensor(op.getSource(), adaptor.getSource(), analysis);
    SmallVector<Value> sourceDims = flattenValues(adaptor.getSourceDims());
    SmallVector<Value> indices = flattenValues(adaptor.getIndices());
    Type resultType = op.getResult().getType();
    Type stagingType = getStagingType(op.getContext());
    auto sourceType = dyn_cast<RankedTensorType>(op.getSource().getType());
    if (!sourceType)
      return rewriter.notifyMatchFailure(op, "unranked tensor load");

    if (isStagingResource(source.resource)) {
      Value value = TensorLoadOp::create(
          rewriter, loc, resultType, source.resource, sourceType, sourceDims,
          source.resourceSize, indices);
      rewriter.replaceOp(op, value);
      return success();
    }

    if (isScalarTensor(sourceType)) {
      Value staging =
          buildLifetimeTransfer(loc, source.resource, source.resourceSize,
                                stagingType, source.affinity, rewriter);
      Value value =
          TensorLoadOp::create(rewriter, loc, resultType, staging, sourceType,
                               sourceDims, source.resourceSize, indices);
      rewriter.replaceOp(op, value);
      return success();
    }

    // Read one element: slice a 1x..x1 tensor at the indices, stage it and
    // load it at zeros.
    IndexSet indexSet(loc, rewriter);
    indexSet.populate(indices);
    Value one = indexSet.get(1);
    Value zero = indexSet.get(0);
    SmallVector<int64_t> unitShape(sourceType.getRank(), 1);
    auto sliceType = RankedTensorType::get(
        unitShape, sourceType.getElementType(), sourceType.getEncoding());
    Value sliceSize =
        buildTensorSizeOf(loc, sliceType, {}, source.affinity, rewriter);
    SmallVector<Value> lengths(sourceType.getRank(), one);
    Value slice = TensorSliceOp::create(
        rewriter, loc, source.getResourceType(), source.resource, sourceType,
        sourceDims, source.resourceSize, indices, lengths, sliceType,
        ValueRange{}, sliceSize, source.affinity);
    Value staging = buildLifetimeTransfer(loc, slice, sliceSize, stagingType,
                                          source.affinity, rewriter);
    SmallVector<Value> zeros(sourceType.getRank(), zero);
    Value value =
        TensorLoadOp::create(rewriter, loc, resultType, staging, sliceType,
                             ValueRange{}, sliceSize, zeros);
    rewriter.replaceOp(op, value);
    return success();
  }
};

struct ConvertTensorStoreOp
    : AffinityAwareConversionPattern<flow::TensorStoreOp> {
  using AffinityAwareConversionPattern::AffinityAwareConversionPattern;
  LogicalResult
  matchAndRewrite(flow::TensorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ConvertedTensor target =
        resolveTensor(op.getTarget(), adaptor.getTarget(), analysis);
    SmallVector<Value> targetDims = flattenValues(adaptor.getTargetDims());
    SmallVector<Value> indices = flattenValues(adaptor.getIndices());
    Value value = adaptor.getValue().front();
    auto targetType = dyn_cast<RankedTensorType>(op.getTarget().getType());
    if (!targetType)
      return rewriter.notifyMatchFailure(op, "unranked tensor store");

    if (isStagingResource(target.resource)) {
      Value result = TensorStoreOp::create(
          rewriter, loc, target.getResourceType(), target.resource, targetType,
          targetDims, target.resourceSize, indices, value);
      rewriter.replaceOpWithMultiple(op, {{result, target.resourceSize}});
      return success();
    }

    // Write one element as a fill of a 1x..x1 region. The `1` is requested
    // even for rank 0, where it stays unused (reference behaviour).
    IndexSet indexSet(loc, rewriter);
    indexSet.populate(indices);
    Value one = indexSet.get(1);
    SmallVector<Value> lengths(targetType.getRank(), one);
    Value result = TensorFillOp::create(rewriter, loc, target.getResourceType(),
                                        target.resource, targetType, targetDims,
                                        target.resourceSize, indices, lengths,
                                        value, target.affinity);
    rewriter.replaceOpWithMultiple(op, {{result, target.resourceSize}});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Trace
//===----------------------------------------------------------------------===//

struct ConvertTensorTraceOp
    : AffinityAwareConversionPattern<flow::TensorTraceOp> {
  using AffinityAwareConversionPattern::AffinityAwareConversionPattern;
  LogicalResult
  matchAndRewrite(flow::TensorTraceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type stagingType = getStagingType(op.getContext());
    SmallVector<Value> resources, sizes;
    SmallVector<Attribute> encodings;
    for (auto [original, converted] :
         llvm::zip_equal(op.getValues(), adaptor.getValues())) {
      ConvertedTensor value = resolveTensor(original, converted, analysis);
      Value resource = value.resource;
      if (!isStagingResource(resource))
        resource =
            buildLifetimeTransfer(op.getLoc(), resource, value.resourceSize,
                                  stagingType, value.affinity, rewriter);
      resources.push_back(resource);
      sizes.push_back(value.resourceSize);
      encodings.push_back(TypeAttr::get(original.getType()));
    }
    TensorTraceOp::create(rewriter, op.getLoc(), op.getKeyAttr(), resources,
                          sizes, rewriter.getArrayAttr(encodings),
                          flattenValues(adaptor.getValueDims()));
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

Value getOptionalValue(ArrayRef<Value> values) {
  return values.empty() ? Value() : values.front();
}

struct ConvertParameterLoadOp
    : AffinityOpConversionPattern<flow::ParameterLoadOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::ParameterLoadOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> dims = flattenValues(adaptor.getResultDims());
    Value size = buildTensorSizeOf(op.getLoc(), op.getType(), dims,
                                   executionAffinity, rewriter);
    Value result = TensorParameterLoadOp::create(
        rewriter, op.getLoc(), getUnknownResourceType(op.getContext()),
        getOptionalValue(flattenValues(adaptor.getSourceScope())),
        adaptor.getSourceKey().front(), adaptor.getSourceOffset().front(),
        op.getType(), dims, size, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, size}});
    return success();
  }
};

struct ConvertParameterWriteOp
    : AffinityOpConversionPattern<flow::ParameterWriteOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::ParameterWriteOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    ConvertedTensor source =
        transferTensor(op.getLoc(), op.getSource(), adaptor.getSource(),
                       executionAffinity, analysis, rewriter);
    Value result = TensorParameterWriteOp::create(
        rewriter, op.getLoc(), source.getResourceType(), source.resource,
        op.getSource().getType(), flattenValues(adaptor.getSourceDims()),
        source.resourceSize,
        getOptionalValue(flattenValues(adaptor.getTargetScope())),
        adaptor.getTargetKey().front(), adaptor.getTargetOffset().front(),
        executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, source.resourceSize}});
    return success();
  }
};

} // namespace

void populateFlowTensorToStreamPatterns(MLIRContext *context,
                                        TypeConverter &typeConverter,
                                        AffinityAnalysis *analysis,
                                        RewritePatternSet &patterns) {
  patterns
      .add<ConvertTensorConstantOp, ConvertTensorDynamicConstantOp,
           ConvertTensorCastLikeOp<flow::TensorReshapeOp>,
           ConvertTensorCastLikeOp<flow::TensorBitCastOp>,
           ConvertTensorAllocaOp, ConvertTensorEmptyOp, ConvertTensorSplatOp,
           ConvertTensorCloneOp, ConvertTensorEncodeOp, ConvertTensorBarrierOp,
           ConvertTensorTransferOp, ConvertTensorSliceOp, ConvertTensorUpdateOp,
           ConvertTensorLoadOp, ConvertTensorStoreOp, ConvertTensorTraceOp,
           ConvertParameterLoadOp, ConvertParameterWriteOp>(typeConverter,
                                                            context, analysis);
}

} // namespace sluice::stream
