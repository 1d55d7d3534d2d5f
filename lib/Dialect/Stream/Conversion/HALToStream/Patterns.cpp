//===- Patterns.cpp - hal tensor ABI ops to stream ------------------------===//
//
// stream-passes-1.md §3.8: hal.tensor.import/export/alias/transients/barrier
// become stream imports, exports, timepoints and copies.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Conversion/HALToStream/Patterns.h"

#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace sluice::stream {
namespace {

bool isBufferOrView(Type type) {
  return isa<hal::BufferType, hal::BufferViewType>(type);
}

Type getExternalType(MLIRContext *context) {
  return getResourceType(context, Lifetime::External);
}

bool isExternal(Value resource) {
  auto type = dyn_cast<ResourceType>(resource.getType());
  return type && type.getLifetime() == Lifetime::External;
}

/// `stream.timepoint.import on(A) %fence` and an await of `resource` on it.
Value awaitFence(Location loc, Value fence, Value resource, Value size,
                 AffinityAttr affinity, OpBuilder &builder) {
  Value timepoint = TimepointImportOp::create(
      builder, loc, TimepointType::get(builder.getContext()), ValueRange{fence},
      affinity);
  return TimepointAwaitOp::create(builder, loc, ValueRange{resource},
                                  ValueRange{size}, timepoint)
      .getResult(0);
}

/// Checks a buffer view against the import's element type, encoding and
/// shape before it is used (support-dialects.md §2.5.7).
void buildBufferViewAssert(hal::TensorImportOp op, ValueRange dims,
                           OpBuilder &builder) {
  Location loc = op.getLoc();
  auto encodingType = cast<RankedTensorType>(op.getTargetEncoding());
  Type i32 = builder.getI32Type();
  Value elementType = hal::ElementTypeOp::create(
      builder, loc, i32, TypeAttr::get(encodingType.getElementType()));
  Value encoding = hal::EncodingTypeOp::create(builder, loc, i32,
                                               encodingType.getEncoding());
  SmallVector<Value> shape;
  unsigned nextDynamic = 0;
  for (int64_t size : encodingType.getShape()) {
    if (ShapedType::isDynamic(size))
      shape.push_back(dims[nextDynamic++]);
    else
      shape.push_back(arith::ConstantIndexOp::create(builder, loc, size));
  }
  StringRef message = op.getName() ? *op.getName() : "tensor";
  hal::BufferViewAssertOp::create(builder, loc, op.getSource(), message,
                                  elementType, encoding, shape);
}

struct ConvertTensorImportOp
    : AffinityOpConversionPattern<hal::TensorImportOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      hal::TensorImportOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Type sourceType = op.getSource().getType();
    if (!isBufferOrView(sourceType))
      return rewriter.notifyMatchFailure(op, "unsupported HAL cast conversion");
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Value source = adaptor.getSource().front();
    SmallVector<Value> dims = flattenValues(adaptor.getTargetDims());

    auto encodingType = dyn_cast<RankedTensorType>(op.getTargetEncoding());
    if (isa<hal::BufferViewType>(sourceType) && encodingType &&
        !iree_encoding::hasPackedStorageAttr(encodingType))
      buildBufferViewAssert(op, dims, rewriter);

    Value size = buildTensorSizeOf(loc, op.getTarget().getType(), dims,
                                   executionAffinity, rewriter);
    Value offset =
        op.getByteOffset() ? adaptor.getByteOffset().front() : Value();
    Value importSize =
        offset ? arith::AddIOp::create(rewriter, loc, offset, size).getResult()
               : size;
    Value resource = TensorImportOp::create(
        rewriter, loc, getExternalType(context), source, op.getTargetEncoding(),
        dims, importSize, op.getConsume(), executionAffinity);
    if (op.getWaitFence())
      resource = awaitFence(loc, adaptor.getWaitFence().front(), resource,
                            importSize, executionAffinity, rewriter);
    Value castSize = importSize;
    if (offset) {
      resource =
          ResourceSubviewOp::create(rewriter, loc, getExternalType(context),
                                    resource, importSize, offset, size);
      castSize = size;
    }
    Value result =
        AsyncCastOp::create(rewriter, loc, getUnknownResourceType(context),
                            resource, castSize, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, castSize}});
    return success();
  }
};

struct ConvertTensorExportOp
    : AffinityOpConversionPattern<hal::TensorExportOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      hal::TensorExportOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Type targetType = op.getTarget().getType();
    if (!isBufferOrView(targetType))
      return rewriter.notifyMatchFailure(op, "unsupported HAL cast conversion");
    Location loc = op.getLoc();
    ConvertedTensor source =
        transferTensor(loc, op.getSource(), adaptor.getSource(),
                       executionAffinity, analysis, rewriter);
    Value resource = source.resource;
    if (!isExternal(resource))
      resource =
          AsyncCastOp::create(rewriter, loc, getExternalType(op.getContext()),
                              resource, source.resourceSize, executionAffinity);
    rewriter.replaceOpWithNewOp<TensorExportOp>(
        op, targetType, resource, op.getSourceEncoding(),
        flattenValues(adaptor.getSourceDims()), source.resourceSize,
        executionAffinity);
    return success();
  }
};

struct ConvertTensorAliasOp : AffinityOpConversionPattern<hal::TensorAliasOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      hal::TensorAliasOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Type externalType = getExternalType(context);
    ConvertedTensor source =
        transferTensor(loc, op.getSource(), adaptor.getSource(),
                       executionAffinity, analysis, rewriter);
    SmallVector<Value> dims = flattenValues(adaptor.getSourceDims());
    Value storageSize = buildTensorSizeOf(loc, op.getSource().getType(), dims,
                                          executionAffinity, rewriter);
    Value storage = TensorImportOp::create(
        rewriter, loc, externalType, adaptor.getStorage().front(),
        op.getSource().getType(), dims, storageSize, /*consume=*/true,
        executionAffinity);
    if (op.getWaitFence())
      storage = awaitFence(loc, adaptor.getWaitFence().front(), storage,
                           storageSize, executionAffinity, rewriter);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value update =
        AsyncUpdateOp::create(rewriter, loc, externalType, storage, storageSize,
                              zero, source.resourceSize, source.resource,
                              source.resourceSize, executionAffinity);
    Value result = AsyncSliceOp::create(rewriter, loc, externalType, update,
                                        storageSize, zero, source.resourceSize,
                                        source.resourceSize, executionAffinity);
    if (!isExternal(source.resource))
      result = AsyncTransferOp::create(
          rewriter, loc, source.getResourceType(), result, source.resourceSize,
          source.resourceSize, executionAffinity, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, source.resourceSize}});
    return success();
  }
};

struct ConvertTensorTransientsOp
    : AffinityOpConversionPattern<hal::TensorTransientsOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      hal::TensorTransientsOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Type timepointType = TimepointType::get(context);
    ConvertedTensor source =
        transferTensor(loc, op.getSource(), adaptor.getSource(),
                       executionAffinity, analysis, rewriter);
    auto barrierOp = TimepointBarrierOp::create(
        rewriter, loc, source.getResourceType(), timepointType, source.resource,
        source.resourceSize, executionAffinity);

    Value buffer = adaptor.getStorage().front();
    Type bufferType = hal::BufferType::get(context);
    if (isa<hal::BufferViewType>(buffer.getType()))
      buffer = rewriter.createOrFold<hal::BufferViewBufferOp>(loc, bufferType,
                                                              buffer);
    Value length = rewriter.createOrFold<hal::BufferLengthOp>(
        loc, rewriter.getIndexType(), buffer);
    Type transientType = getResourceType(context, Lifetime::Transient);
    auto storageEncoding = RankedTensorType::get({ShapedType::kDynamic},
                                                 rewriter.getIntegerType(8));
    Value storage = TensorImportOp::create(
        rewriter, loc, transientType, buffer, storageEncoding,
        ValueRange{length}, length, /*consume=*/false, executionAffinity);
    auto transientsOp = ResourceTransientsOp::create(
        rewriter, loc, source.getResourceType(), timepointType,
        barrierOp.getResult(), source.resourceSize, storage, length,
        barrierOp.getResultTimepoint(), executionAffinity);
    Value result =
        TimepointAwaitOp::create(
            rewriter, loc, ValueRange{transientsOp.getResult()},
            ValueRange{source.resourceSize}, transientsOp.getResultTimepoint())
            .getResult(0);
    rewriter.replaceOpWithMultiple(op, {{result, source.resourceSize}});
    return success();
  }
};

struct ConvertTensorBarrierOp
    : AffinityAwareConversionPattern<hal::TensorBarrierOp> {
  using AffinityAwareConversionPattern::AffinityAwareConversionPattern;
  LogicalResult
  matchAndRewrite(hal::TensorBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type timepointType = TimepointType::get(op.getContext());
    SmallVector<SmallVector<Value>> replacements;
    SmallVector<Value> timepoints;
    AffinityAttr lastAffinity;
    for (auto [original, converted] :
         llvm::zip_equal(op.getSources(), adaptor.getSources())) {
      ConvertedTensor source = resolveTensor(original, converted, analysis);
      auto barrierOp = TimepointBarrierOp::create(
          rewriter, loc, source.getResourceType(), timepointType,
          source.resource, source.resourceSize, source.affinity);
      replacements.push_back({barrierOp.getResult(), source.resourceSize});
      timepoints.push_back(barrierOp.getResultTimepoint());
      lastAffinity = source.affinity;
    }
    if (timepoints.empty())
      return rewriter.notifyMatchFailure(op, "barrier without sources");
    Value joined =
        timepoints.size() == 1
            ? timepoints.front()
            : TimepointJoinOp::create(rewriter, loc, timepointType, timepoints)
                  .getResult();
    TimepointChainExternalOp::create(rewriter, loc, joined,
                                     ValueRange{adaptor.getSignalFence()},
                                     lastAffinity);
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

} // namespace

void populateHALToStreamConversionPatterns(MLIRContext *context,
                                           ConversionTarget &conversionTarget,
                                           TypeConverter &typeConverter,
                                           AffinityAnalysis *analysis,
                                           RewritePatternSet &patterns) {
  conversionTarget.addLegalOp<hal::ExecutableOp>();
  conversionTarget.markOpRecursivelyLegal<hal::ExecutableOp>();
  conversionTarget.addDynamicallyLegalOp<hal::TensorImportOp>(
      [&typeConverter](hal::TensorImportOp op) {
        return typeConverter.isLegal(op.getSource().getType()) &&
               typeConverter.isLegal(op.getTarget().getType());
      });
  conversionTarget.addDynamicallyLegalOp<hal::TensorExportOp>(
      [&typeConverter](hal::TensorExportOp op) {
        return typeConverter.isLegal(op.getSource().getType()) &&
               typeConverter.isLegal(op.getTarget().getType());
      });
  patterns
      .add<ConvertTensorImportOp, ConvertTensorExportOp, ConvertTensorAliasOp,
           ConvertTensorTransientsOp, ConvertTensorBarrierOp>(
          typeConverter, context, analysis);
}

} // namespace sluice::stream
