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

/// stream.cmd.parameter.read -> one-row io_parameters.gather (§10 step 2).
struct CmdParameterReadPattern
    : OpConversionPattern<stream::CmdParameterReadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdParameterReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueOperands q = buildQueueOperands(op, adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    GatherOp::create(rewriter, op.getLoc(), q.device, q.queueAffinity,
                     q.waitFence, q.signalFence, adaptor.getSourceScope(),
                     ValueRange{adaptor.getSourceKey()},
                     ValueRange{adaptor.getSourceOffset()}, adaptor.getTarget(),
                     ValueRange{adaptor.getTargetOffset()},
                     ValueRange{adaptor.getTargetLength()},
                     /*source_scope_literal=*/nullptr,
                     /*source_key_literals=*/nullptr);
    rewriter.replaceOp(op, q.signalFence);
    return success();
  }
};

/// stream.cmd.parameter.write -> one-row io_parameters.scatter (§10 step 3).
struct CmdParameterWritePattern
    : OpConversionPattern<stream::CmdParameterWriteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdParameterWriteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueOperands q = buildQueueOperands(op, adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    ScatterOp::create(rewriter, op.getLoc(), q.device, q.queueAffinity,
                      q.waitFence, q.signalFence, adaptor.getSource(),
                      ValueRange{adaptor.getSourceOffset()},
                      ValueRange{adaptor.getSourceLength()},
                      adaptor.getTargetScope(),
                      ValueRange{adaptor.getTargetKey()},
                      ValueRange{adaptor.getTargetOffset()},
                      /*target_scope_literal=*/nullptr,
                      /*target_key_literals=*/nullptr);
    rewriter.replaceOp(op, q.signalFence);
    return success();
  }
};

/// stream.cmd.parameter.gather -> io_parameters.gather (§10 step 4).
struct CmdParameterGatherPattern
    : OpConversionPattern<stream::CmdParameterGatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdParameterGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueOperands q = buildQueueOperands(op, adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    GatherOp::create(rewriter, op.getLoc(), q.device, q.queueAffinity,
                     q.waitFence, q.signalFence, adaptor.getSourceScope(),
                     adaptor.getSourceKeys(), adaptor.getSourceOffsets(),
                     adaptor.getTarget(), adaptor.getTargetOffsets(),
                     adaptor.getTargetLengths(),
                     /*source_scope_literal=*/nullptr,
                     /*source_key_literals=*/nullptr);
    rewriter.replaceOp(op, q.signalFence);
    return success();
  }
};

/// stream.cmd.parameter.scatter -> io_parameters.scatter (§10 step 5).
struct CmdParameterScatterPattern
    : OpConversionPattern<stream::CmdParameterScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdParameterScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    QueueOperands q = buildQueueOperands(op, adaptor.getAwaitTimepoint(),
                                         op.getResultTimepoint(), rewriter);
    ScatterOp::create(rewriter, op.getLoc(), q.device, q.queueAffinity,
                      q.waitFence, q.signalFence, adaptor.getSource(),
                      adaptor.getSourceOffsets(), adaptor.getSourceLengths(),
                      adaptor.getTargetScope(), adaptor.getTargetKeys(),
                      adaptor.getTargetOffsets(),
                      /*target_scope_literal=*/nullptr,
                      /*target_key_literals=*/nullptr);
    rewriter.replaceOp(op, q.signalFence);
    return success();
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
  patterns.add<CmdParameterLoadPattern, CmdParameterReadPattern,
               CmdParameterWritePattern, CmdParameterGatherPattern,
               CmdParameterScatterPattern>(typeConverter, context);
}

void registerStreamToParamsConversionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, IOParametersDialect *dialect) {
    dialect->addInterfaces<IOParametersHALConversionInterface>();
  });
}

} // namespace sluice::io_parameters
