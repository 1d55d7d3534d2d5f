//===- ResourcePatterns.cpp - StreamToHAL: resources, files, tensors ------===//
//
// execution.md §2.5.2 rows for stream.resource.*, stream.file.* and
// stream.tensor.{import,export,trace}.
//
//===----------------------------------------------------------------------===//

#include "PatternSets.h"

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Stream/IR/TransientsStorage.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace sluice::hal {
namespace {

/// `%mt, %bu = hal.allocator.resolve_memory_properties for(<own affinity>)
/// lifetime(<lifetime>) : i32, i32` for a resource of `resourceType`.
std::pair<Value, Value>
resolveMemoryProperties(Operation *op, Type resourceType, OpBuilder &builder) {
  auto lifetime = llvm::cast<stream::ResourceType>(resourceType).getLifetime();
  Type i32 = builder.getI32Type();
  auto resolve = AllocatorResolveMemoryPropertiesOp::create(
      builder, op->getLoc(), i32, i32, op->getAttr("affinity"),
      builder.getI32IntegerAttr(getHALLifetime(lifetime)));
  return {resolve.getMemoryTypes(), resolve.getBufferUsage()};
}

/// What a queue-ordered alloca or dealloca of a resource of `resourceType`
/// works with: its memory properties, the device and queue affinity, the wait
/// fence of `awaitTimepoint` and the signal fence of `resultTimepoint`.
struct QueueAllocation {
  Value memoryTypes, bufferUsage, device, queueAffinity, wait, signal;
};
QueueAllocation resolveQueueAllocation(Operation *op, Type resourceType,
                                       Value awaitTimepoint,
                                       Value resultTimepoint,
                                       ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  QueueAllocation queue;
  std::tie(queue.memoryTypes, queue.bufferUsage) =
      resolveMemoryProperties(op, resourceType, rewriter);
  std::tie(queue.device, queue.queueAffinity) =
      lookupAllocationDeviceAndQueueAffinityFor(op, queue.memoryTypes,
                                                queue.bufferUsage, rewriter);
  queue.wait = getOrCreateWaitFence(loc, awaitTimepoint, rewriter);
  queue.signal =
      getOrCreateSignalFence(loc, queue.device, resultTimepoint, rewriter);
  return queue;
}

IntegerAttr noFlags(OpBuilder &builder) { return builder.getI64IntegerAttr(0); }

struct ResourceAllocPattern : OpConversionPattern<stream::ResourceAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [memoryTypes, bufferUsage] =
        resolveMemoryProperties(op, op.getResult().getType(), rewriter);
    auto [device, queueAffinity] = lookupAllocationDeviceAndQueueAffinityFor(
        op, memoryTypes, bufferUsage, rewriter);
    Value allocator = DeviceAllocatorOp::create(
        rewriter, op.getLoc(), AllocatorType::get(getContext()), device);
    rewriter.replaceOpWithNewOp<AllocatorAllocateOp>(
        op, BufferType::get(getContext()), allocator, queueAffinity,
        memoryTypes, bufferUsage, adaptor.getStorageSize());
    return success();
  }
};

struct ResourceAllocaPattern : OpConversionPattern<stream::ResourceAllocaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceAllocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    QueueAllocation queue = resolveQueueAllocation(
        op, op.getResult().getType(), adaptor.getAwaitTimepoint(),
        op.getResultTimepoint(), rewriter);
    Value pool =
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
    auto alloca = DeviceQueueAllocaOp::create(
        rewriter, loc, BufferType::get(getContext()), queue.device,
        queue.queueAffinity, queue.wait, queue.signal, pool, queue.memoryTypes,
        queue.bufferUsage,
        rewriter.getI64IntegerAttr(op.getIndeterminateLifetime()
                                       ? AllocaFlagBits::IndeterminateLifetime
                                       : AllocaFlagBits::None),
        adaptor.getStorageSize());
    rewriter.replaceOp(op, {alloca.getResult(), queue.signal});
    return success();
  }
};

struct ResourceDeallocaPattern
    : OpConversionPattern<stream::ResourceDeallocaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceDeallocaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueAllocation queue = resolveQueueAllocation(
        op, op.getOperand().getType(), adaptor.getAwaitTimepoint(),
        op.getResultTimepoint(), rewriter);
    DeviceQueueDeallocaOp::create(
        rewriter, op.getLoc(), queue.device, queue.queueAffinity, queue.wait,
        queue.signal, adaptor.getOperand(),
        rewriter.getI64IntegerAttr(op.getPreferOrigin()
                                       ? DeallocaFlagBits::PreferOrigin
                                       : DeallocaFlagBits::None));
    rewriter.replaceOp(op, queue.signal);
    return success();
  }
};

struct ResourceRetainPattern : OpConversionPattern<stream::ResourceRetainOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceRetainOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferAllocationPreserveOp>(
        op, adaptor.getOperand());
    return success();
  }
};

struct ResourceReleasePattern : OpConversionPattern<stream::ResourceReleaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferAllocationDiscardOp>(
        op, rewriter.getI1Type(), adaptor.getOperand());
    return success();
  }
};

struct ResourceIsTerminalPattern
    : OpConversionPattern<stream::ResourceIsTerminalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceIsTerminalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferAllocationIsTerminalOp>(
        op, rewriter.getI1Type(), adaptor.getOperand());
    return success();
  }
};

struct ResourceSizePattern : OpConversionPattern<stream::ResourceSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferLengthOp>(op, rewriter.getIndexType(),
                                                adaptor.getOperand());
    return success();
  }
};

struct ResourceTryMapPattern : OpConversionPattern<stream::ResourceTryMapOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceTryMapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto lifetime = llvm::cast<stream::ResourceType>(op.getResult().getType())
                        .getLifetime();
    uint32_t memoryTypeBits = 0, usageBits = 0;
    switch (lifetime) {
    case stream::Lifetime::Constant:
      memoryTypeBits = MemoryTypeBits::DeviceLocal;
      usageBits = BufferUsageBits::SharingImmutable |
                  BufferUsageBits::Transfer | BufferUsageBits::DispatchStorage;
      break;
    case stream::Lifetime::Variable:
      memoryTypeBits = MemoryTypeBits::DeviceLocal;
      usageBits = BufferUsageBits::Transfer | BufferUsageBits::DispatchStorage;
      break;
    case stream::Lifetime::Staging:
      memoryTypeBits =
          MemoryTypeBits::HostVisible | MemoryTypeBits::DeviceVisible;
      usageBits = BufferUsageBits::TransferSource;
      break;
    default:
      return op.emitOpError("unsupported resource lifetime: ")
             << stream::stringifyLifetime(lifetime);
    }
    Type i32 = rewriter.getI32Type();
    Value bufferUsage = BufferUsageOp::create(
        rewriter, loc, i32, rewriter.getI32IntegerAttr(usageBits));
    Value memoryTypes = MemoryTypeOp::create(
        rewriter, loc, i32, rewriter.getI32IntegerAttr(memoryTypeBits));
    auto [device, queueAffinity] = lookupAllocationDeviceAndQueueAffinityFor(
        op, memoryTypes, bufferUsage, rewriter);
    Value allocator = DeviceAllocatorOp::create(
        rewriter, loc, AllocatorType::get(getContext()), device);
    auto importOp = AllocatorImportOp::create(
        rewriter, loc, rewriter.getI1Type(), BufferType::get(getContext()),
        allocator, adaptor.getSource(), adaptor.getSourceOffset(),
        adaptor.getResultSize(), queueAffinity, memoryTypes, bufferUsage);
    rewriter.replaceOp(op, {importOp.getDidImport(), importOp.getResult()});
    return success();
  }
};

struct ResourceLoadPattern : OpConversionPattern<stream::ResourceLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferLoadOp>(op, op.getResult().getType(),
                                              adaptor.getSource(),
                                              adaptor.getSourceOffset());
    return success();
  }
};

struct ResourceStorePattern : OpConversionPattern<stream::ResourceStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferStoreOp>(
        op, adaptor.getValue(), adaptor.getTarget(), adaptor.getTargetOffset());
    return success();
  }
};

struct ResourceSubviewPattern : OpConversionPattern<stream::ResourceSubviewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::ResourceSubviewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BufferSubspanOp>(
        op, BufferType::get(getContext()), adaptor.getSource(),
        adaptor.getSourceOffset(), adaptor.getResultSize());
    return success();
  }
};

struct FileConstantPattern : OpConversionPattern<stream::FileConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::FileConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto [device, queueAffinity] =
        lookupDeviceAndQueueAffinityFor(op, rewriter);
    Value flags = arith::ConstantIntOp::create(rewriter, op.getLoc(),
                                               rewriter.getI32Type(), 0);
    rewriter.replaceOpWithNewOp<ExFileFromMemoryOp>(
        op, FileType::get(getContext()), device, queueAffinity,
        rewriter.getI32IntegerAttr(MemoryAccessBits::Read), adaptor.getSource(),
        adaptor.getSourceOffset(), adaptor.getSourceLength(), flags);
    return success();
  }
};

/// `stream.file.read` / `write`: the queue op of the same operands.
template <typename StreamOp, typename QueueOp>
struct FileTransferPattern : OpConversionPattern<StreamOp> {
  using OpConversionPattern<StreamOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StreamOp op, typename StreamOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto [device, queueAffinity] =
        lookupDeviceAndQueueAffinityFor(op, rewriter);
    Value wait =
        getOrCreateWaitFence(loc, adaptor.getAwaitTimepoint(), rewriter);
    Value signal =
        getOrCreateSignalFence(loc, device, op.getResultTimepoint(), rewriter);
    QueueOp::create(rewriter, loc, device, queueAffinity, wait, signal,
                    adaptor.getSource(), adaptor.getSourceOffset(),
                    adaptor.getTarget(), adaptor.getTargetOffset(),
                    adaptor.getLength(), noFlags(rewriter));
    rewriter.replaceOp(op, signal);
    return success();
  }
};
using FileReadPattern =
    FileTransferPattern<stream::FileReadOp, DeviceQueueReadOp>;
using FileWritePattern =
    FileTransferPattern<stream::FileWriteOp, DeviceQueueWriteOp>;

/// `stream.context.resolve : !hal.allocator` of the import's affinity and
/// `hal.buffer.assert` of the bits the result lifetime requires.
LogicalResult buildStorageAssertions(stream::TensorImportOp op, Value buffer,
                                     Value resultSize,
                                     ConversionPatternRewriter &rewriter) {
  auto lifetime =
      llvm::cast<stream::ResourceType>(op.getResult().getType()).getLifetime();
  FailureOr<RequiredBufferBits> bits =
      deriveRequiredResourceBufferBits(op, lifetime);
  if (failed(bits))
    return failure();
  Type allocatorType = AllocatorType::get(rewriter.getContext());
  auto resolve = stream::ContextResolveOp::create(
      rewriter, op.getLoc(), TypeRange{allocatorType},
      stream::AffinityAttr::lookupOrDefault(op));
  BufferAssertOp::create(rewriter, op.getLoc(), buffer,
                         rewriter.getStringAttr("tensor"), resolve.getResult(0),
                         resultSize,
                         rewriter.getI32IntegerAttr(bits->memoryTypes),
                         rewriter.getI32IntegerAttr(bits->bufferUsage));
  return success();
}

struct TensorImportPattern : OpConversionPattern<stream::TensorImportOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TensorImportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value source = adaptor.getSource();
    if (!llvm::isa<BufferType, BufferViewType>(source.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported import source");
    if (op->hasAttr(stream::kNullIfEmptyAttr))
      return lowerNullIfEmpty(op, source, adaptor.getResultSize(), rewriter);
    Value buffer = source;
    if (llvm::isa<BufferViewType>(source.getType()))
      buffer = BufferViewBufferOp::create(
          rewriter, op.getLoc(), BufferType::get(getContext()), source);
    if (failed(buildStorageAssertions(op, buffer, adaptor.getResultSize(),
                                      rewriter)))
      return failure();
    rewriter.replaceOp(op, buffer);
    return success();
  }

  /// external-transients.md §9.10: an import marked `sluice.null_if_empty`
  /// reads its source (the buffer of a view, the assertion) only when its
  /// size is not 0; a null source of size 0 is the null buffer.
  LogicalResult lowerNullIfEmpty(stream::TensorImportOp op, Value source,
                                 Value size,
                                 ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto bufferType = BufferType::get(getContext());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne, size, zero);
    Value buffer = source;
    if (llvm::isa<BufferViewType>(source.getType())) {
      auto bufferIf = scf::IfOp::create(rewriter, loc, TypeRange{bufferType},
                                        nonEmpty, /*withElseRegion=*/true);
      rewriter.setInsertionPointToStart(bufferIf.thenBlock());
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{BufferViewBufferOp::create(
                               rewriter, loc, bufferType, source)});
      rewriter.setInsertionPointToStart(bufferIf.elseBlock());
      scf::YieldOp::create(
          rewriter, loc,
          ValueRange{util::NullOp::create(rewriter, loc, bufferType)});
      rewriter.setInsertionPointAfter(bufferIf);
      buffer = bufferIf.getResult(0);
    }
    auto assertIf = scf::IfOp::create(rewriter, loc, TypeRange{}, nonEmpty,
                                      /*withElseRegion=*/false);
    rewriter.setInsertionPoint(assertIf.thenBlock()->getTerminator());
    if (failed(buildStorageAssertions(op, buffer, size, rewriter)))
      return failure();
    rewriter.setInsertionPointAfter(assertIf);
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

/// Static dims as constants, dynamic dims from `dynamicDims`, in dim order.
SmallVector<Value> buildShapeValues(Location loc, RankedTensorType type,
                                    ValueRange dynamicDims,
                                    OpBuilder &builder) {
  SmallVector<Value> dims;
  unsigned next = 0;
  for (int64_t dim : type.getShape())
    dims.push_back(
        ShapedType::isDynamic(dim)
            ? dynamicDims[next++]
            : arith::ConstantIndexOp::create(builder, loc, dim).getResult());
  return dims;
}

/// `hal.buffer_view.create` of `buffer` described by `encoding`.
FailureOr<Value> createBufferView(Operation *op, Value buffer, Value size,
                                  Type encoding, ValueRange dynamicDims,
                                  OpBuilder &builder) {
  auto tensorType = llvm::dyn_cast<RankedTensorType>(encoding);
  if (!tensorType)
    return op->emitOpError("unsupported tensor encoding type ") << encoding;
  Location loc = op->getLoc();
  Type i32 = builder.getI32Type();
  Value encodingType =
      EncodingTypeOp::create(builder, loc, i32, tensorType.getEncoding());
  Value elementType = ElementTypeOp::create(
      builder, loc, i32, TypeAttr::get(tensorType.getElementType()));
  SmallVector<Value> shape =
      buildShapeValues(loc, tensorType, dynamicDims, builder);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  return BufferViewCreateOp::create(
             builder, loc, BufferViewType::get(builder.getContext()), buffer,
             zero, size, elementType, encodingType, shape)
      .getResult();
}

struct TensorExportPattern : OpConversionPattern<stream::TensorExportOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TensorExportOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type targetType = op.getResult().getType();
    if (llvm::isa<BufferType>(targetType)) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    if (!llvm::isa<BufferViewType>(targetType))
      return rewriter.notifyMatchFailure(op, "unsupported export target");
    FailureOr<Value> view = createBufferView(
        op, adaptor.getSource(), adaptor.getSourceSize(),
        op.getSourceEncoding(), adaptor.getSourceEncodingDims(), rewriter);
    if (failed(view))
      return failure();
    rewriter.replaceOp(op, *view);
    return success();
  }
};

struct TensorTracePattern : OpConversionPattern<stream::TensorTraceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(stream::TensorTraceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> views;
    ValueRange dims = op.getResourceEncodingDims();
    for (auto [resource, size, encodingAttr] :
         llvm::zip_equal(op.getResources(), op.getResourceSizes(),
                         op.getResourceEncodings())) {
      Type encoding = llvm::cast<TypeAttr>(encodingAttr).getValue();
      unsigned count = 0;
      if (auto shaped = llvm::dyn_cast<ShapedType>(encoding))
        count = shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
      auto exportOp = stream::TensorExportOp::create(
          rewriter, op.getLoc(), BufferViewType::get(getContext()), resource,
          TypeAttr::get(encoding), dims.take_front(count), size,
          /*affinity=*/stream::AffinityAttr());
      dims = dims.drop_front(count);
      views.push_back(exportOp.getResult());
    }
    rewriter.replaceOpWithNewOp<BufferViewTraceOp>(op, op.getKeyAttr(), views);
    return success();
  }
};

} // namespace

void populateStreamResourceToHALPatterns(MLIRContext *context,
                                         TypeConverter &typeConverter,
                                         RewritePatternSet &patterns) {
  patterns.add<ResourceAllocPattern, ResourceAllocaPattern,
               ResourceDeallocaPattern, ResourceRetainPattern,
               ResourceReleasePattern, ResourceIsTerminalPattern,
               ResourceSizePattern, ResourceTryMapPattern, ResourceLoadPattern,
               ResourceStorePattern, ResourceSubviewPattern,
               FileConstantPattern, FileReadPattern, FileWritePattern,
               TensorImportPattern, TensorExportPattern, TensorTracePattern>(
      typeConverter, context);
}

} // namespace sluice::hal
