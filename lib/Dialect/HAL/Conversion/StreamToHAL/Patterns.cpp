//===- Patterns.cpp - StreamToHAL patterns --------------------------------===//
//
// execution.md §2.5.2: stream.context.resolve here; the op families in
// ResourcePatterns.cpp, TimelinePatterns.cpp and CmdPatterns.cpp.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Patterns.h"

#include "PatternSets.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;

namespace sluice::hal {
namespace {

/// stream.context.resolve -> hal.device.resolve of the op's affinity
/// (lookupOrDefault); a #hal.device.optimal resolves to its first member.
struct ContextResolveOpPattern : OpConversionPattern<stream::ContextResolveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::ContextResolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    Attribute affinity = stream::AffinityAttr::lookupOrDefault(op);
    if (auto optimal = llvm::dyn_cast_if_present<DeviceOptimalAttr>(affinity))
      affinity = optimal.getAffinities().empty()
                     ? Attribute()
                     : optimal.getAffinities().front();
    if (affinity && !llvm::isa<DeviceAffinityAttr>(affinity))
      return op.emitOpError("failed to resolve affinity: only HAL device "
                            "affinities are supported");
    rewriter.replaceOpWithNewOp<DeviceResolveOp>(
        op, resultTypes, llvm::cast_if_present<DeviceAffinityAttr>(affinity));
    return success();
  }
};

} // namespace

void populateStreamToHALPatterns(MLIRContext *context, ConversionTarget &target,
                                 TypeConverter &typeConverter,
                                 RewritePatternSet &patterns) {
  target.addIllegalDialect<stream::StreamDialect>();
  patterns.add<ContextResolveOpPattern>(typeConverter, context);
  populateStreamResourceToHALPatterns(context, typeConverter, patterns);
  populateStreamTimelineToHALPatterns(context, target, typeConverter, patterns);
  populateStreamCmdToHALPatterns(context, typeConverter, patterns);
}

} // namespace sluice::hal
