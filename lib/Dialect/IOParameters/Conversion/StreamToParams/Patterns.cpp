//===- Patterns.cpp - StreamToParams (io-parameters.md §10) ---------------===//
//
// Scope and key operands pass through unchanged (!util.buffer); devices,
// queue affinities and fences come from the shared HAL-conversion helpers
// (io-parameters.md §9).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Conversion/StreamToParams/Patterns.h"

#include "sluice/Dialect/HAL/Conversion/HALConversionDialectInterface.h"
#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/DialectRegistry.h"

#include <type_traits>

using namespace mlir;

namespace sluice::io_parameters {
namespace {

/// Device, queue affinity and the two fences of a converted op, created in
/// that order at the op (io-parameters.md §9).
struct QueueOperands {
  Value device, queueAffinity, waitFence, signalFence;
};

QueueOperands buildQueueOperands(Operation *op, Value device,
                                 Value queueAffinity, Value awaitFence,
                                 Value resultTimepoint,
                                 ConversionPatternRewriter &rewriter) {
  QueueOperands q;
  q.device = device;
  q.queueAffinity = queueAffinity;
  q.waitFence = hal::getOrCreateWaitFence(op->getLoc(), awaitFence, rewriter);
  q.signalFence = hal::getOrCreateSignalFence(op->getLoc(), device,
                                              resultTimepoint, rewriter);
  return q;
}

QueueOperands buildQueueOperands(Operation *op, Value awaitFence,
                                 Value resultTimepoint,
                                 ConversionPatternRewriter &rewriter) {
  auto [device, queueAffinity] =
      hal::lookupDeviceAndQueueAffinityFor(op, rewriter);
  return buildQueueOperands(op, device, queueAffinity, awaitFence,
                            resultTimepoint, rewriter);
}

/// stream.cmd.parameter.load -> io_parameters.load (§10 step 1).
struct CmdParameterLoadPattern
    : OpConversionPattern<stream::CmdParameterLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdParameterLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto affinity = stream::AffinityAttr::lookupOrDefault(op);
    auto lifetime = stream::Lifetime::Constant;
    if (!op.getResults().empty())
      lifetime =
          llvm::cast<stream::ResourceType>(op.getResults().front().getType())
              .getLifetime();
    Type i32 = rewriter.getI32Type();
    auto properties = hal::AllocatorResolveMemoryPropertiesOp::create(
        rewriter, loc, i32, i32, affinity,
        rewriter.getI32IntegerAttr(hal::getHALLifetime(lifetime)));
    Value memoryTypes = properties.getMemoryTypes();
    Value bufferUsage = properties.getBufferUsage();
    // Only an optimal affinity makes use of the memory properties here: the
    // device and queue are then selected at run time among its members.
    auto [device, queueAffinity] =
        hal::lookupAllocationDeviceAndQueueAffinityFor(op, memoryTypes,
                                                       bufferUsage, rewriter);
    QueueOperands q = buildQueueOperands(op, device, queueAffinity,
                                         adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    SmallVector<Type> bufferTypes(op.getResults().size(),
                                  hal::BufferType::get(getContext()));
    auto loadOp = LoadOp::create(
        rewriter, loc, bufferTypes, q.device, q.queueAffinity, q.waitFence,
        q.signalFence, adaptor.getSourceScope(), adaptor.getSourceKeys(),
        adaptor.getSourceOffsets(), memoryTypes, bufferUsage,
        adaptor.getResultSizes(), /*source_scope_literal=*/nullptr,
        /*source_key_literals=*/nullptr);
    SmallVector<Value> replacements(loadOp.getResults());
    replacements.push_back(q.signalFence);
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// stream.cmd.parameter.read / write / gather / scatter -> io_parameters.gather
/// or io_parameters.scatter (§10 steps 2-5): read and write are the one-row
/// forms of gather and scatter. The op is replaced by its signal fence.
template <typename OpT>
struct CmdParameterTransferPattern : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpT>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueOperands q = buildQueueOperands(op, adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    Location loc = op.getLoc();
    if constexpr (std::is_same_v<OpT, stream::CmdParameterReadOp>)
      createGather(rewriter, loc, q, adaptor.getSourceScope(),
                   adaptor.getSourceKey(), adaptor.getSourceOffset(),
                   adaptor.getTarget(), adaptor.getTargetOffset(),
                   adaptor.getTargetLength());
    else if constexpr (std::is_same_v<OpT, stream::CmdParameterGatherOp>)
      createGather(rewriter, loc, q, adaptor.getSourceScope(),
                   adaptor.getSourceKeys(), adaptor.getSourceOffsets(),
                   adaptor.getTarget(), adaptor.getTargetOffsets(),
                   adaptor.getTargetLengths());
    else if constexpr (std::is_same_v<OpT, stream::CmdParameterWriteOp>)
      createScatter(rewriter, loc, q, adaptor.getSource(),
                    adaptor.getSourceOffset(), adaptor.getSourceLength(),
                    adaptor.getTargetScope(), adaptor.getTargetKey(),
                    adaptor.getTargetOffset());
    else
      createScatter(rewriter, loc, q, adaptor.getSource(),
                    adaptor.getSourceOffsets(), adaptor.getSourceLengths(),
                    adaptor.getTargetScope(), adaptor.getTargetKeys(),
                    adaptor.getTargetOffsets());
    rewriter.replaceOp(op, q.signalFence);
    return success();
  }

private:
  static void createGather(OpBuilder &builder, Location loc,
                           const QueueOperands &q, Value scope, ValueRange keys,
                           ValueRange sourceOffsets, Value target,
                           ValueRange targetOffsets, ValueRange lengths) {
    GatherOp::create(builder, loc, q.device, q.queueAffinity, q.waitFence,
                     q.signalFence, scope, keys, sourceOffsets, target,
                     targetOffsets, lengths, /*source_scope_literal=*/nullptr,
                     /*source_key_literals=*/nullptr);
  }

  static void createScatter(OpBuilder &builder, Location loc,
                            const QueueOperands &q, Value source,
                            ValueRange sourceOffsets, ValueRange lengths,
                            Value scope, ValueRange keys,
                            ValueRange targetOffsets) {
    ScatterOp::create(builder, loc, q.device, q.queueAffinity, q.waitFence,
                      q.signalFence, source, sourceOffsets, lengths, scope,
                      keys, targetOffsets, /*target_scope_literal=*/nullptr,
                      /*target_key_literals=*/nullptr);
  }
};

/// The io_parameters hook of --iree-hal-conversion.
class IOParametersHALConversionInterface
    : public hal::HALConversionDialectInterface {
public:
  using HALConversionDialectInterface::HALConversionDialectInterface;

  void setupConversionTarget(ConversionTarget &target,
                             RewritePatternSet &patterns,
                             TypeConverter &typeConverter) const override {
    populateStreamToParamsPatterns(getContext(), target, typeConverter,
                                   patterns);
  }
};

} // namespace

void populateStreamToParamsPatterns(MLIRContext *context,
                                    ConversionTarget &target,
                                    TypeConverter &typeConverter,
                                    RewritePatternSet &patterns) {
  target.addLegalDialect<IOParametersDialect>();
  patterns.add<CmdParameterLoadPattern,
               CmdParameterTransferPattern<stream::CmdParameterReadOp>,
               CmdParameterTransferPattern<stream::CmdParameterWriteOp>,
               CmdParameterTransferPattern<stream::CmdParameterGatherOp>,
               CmdParameterTransferPattern<stream::CmdParameterScatterOp>>(
      typeConverter, context);
}

void registerStreamToParamsConversionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, IOParametersDialect *dialect) {
    dialect->addInterfaces<IOParametersHALConversionInterface>();
  });
}

} // namespace sluice::io_parameters
