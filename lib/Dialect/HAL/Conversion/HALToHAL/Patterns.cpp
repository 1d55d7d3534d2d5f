//===- Patterns.cpp - HAL->HAL patterns of --iree-hal-conversion ----------===//
//
// execution.md §2.5.4. hal.device.resolve becomes the device global load
// (or hal.devices.get %c0 without affinity), its allocator and the queue
// mask constant; hal.executable.calculate_workgroups becomes the export's
// workgroup count (shared with the dispatch recording of StreamToHAL).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/HALToHAL/Patterns.h"

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace sluice::hal {
namespace {

struct DeviceResolveOpPattern : OpConversionPattern<DeviceResolveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DeviceResolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto affinity =
        llvm::dyn_cast_if_present<DeviceAffinityAttr>(op.getAffinityAttr());
    if (affinity && !llvm::isa<FlatSymbolRefAttr>(affinity.getDevice()))
      return rewriter.notifyMatchFailure(op, "nested device symbols are not "
                                             "supported");
    Value device;
    auto getDevice = [&]() -> Value {
      if (device)
        return device;
      Type deviceType = DeviceType::get(rewriter.getContext());
      if (affinity) {
        device = util::GlobalLoadOp::create(
            rewriter, loc, deviceType,
            affinity.getDevice().getLeafReference().getValue(),
            /*is_immutable=*/true);
      } else {
        Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        device = DevicesGetOp::create(rewriter, loc, deviceType, zero);
      }
      return device;
    };
    SmallVector<Value> results;
    for (Type type : op.getResultTypes()) {
      if (llvm::isa<DeviceType>(type)) {
        results.push_back(getDevice());
      } else if (llvm::isa<AllocatorType>(type)) {
        results.push_back(
            DeviceAllocatorOp::create(rewriter, loc, type, getDevice()));
      } else if (type.isInteger(64)) {
        int64_t mask = affinity ? affinity.getQueueMask() : -1;
        results.push_back(
            arith::ConstantIntOp::create(rewriter, loc, type, mask));
      } else {
        return rewriter.notifyMatchFailure(op, "unsupported result type");
      }
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct CalculateWorkgroupsOpPattern
    : OpConversionPattern<ExecutableCalculateWorkgroupsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ExecutableCalculateWorkgroupsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto exportOp = SymbolTable::lookupNearestSymbolFrom<ExecutableExportOp>(
        op, op.getEntryPointAttr());
    if (!exportOp)
      return op.emitOpError("target ")
             << op.getEntryPointAttr()
             << " does not name a hal.executable.export";
    auto count =
        calculateWorkgroupCount(op.getLoc(), exportOp, adaptor.getDevice(),
                                adaptor.getWorkload(), rewriter);
    rewriter.replaceOp(op, ValueRange(count));
    return success();
  }
};

} // namespace

void populateHALToHALPatterns(MLIRContext *context, ConversionTarget &target,
                              TypeConverter &typeConverter,
                              RewritePatternSet &patterns) {
  target.addLegalDialect<HALDialect>();
  // Executables are never touched, whatever they contain.
  target.addLegalOp<ExecutableOp>();
  target.markOpRecursivelyLegal<ExecutableOp>();
  target.addIllegalOp<DeviceResolveOp, ExecutableCalculateWorkgroupsOp>();
  patterns.add<DeviceResolveOpPattern, CalculateWorkgroupsOpPattern>(
      typeConverter, context);
}

} // namespace sluice::hal
