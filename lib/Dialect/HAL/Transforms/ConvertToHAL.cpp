//===- ConvertToHAL.cpp - --iree-hal-conversion ---------------------------===//
//
// The driver of execution.md §2.5.1: one partial conversion with the HAL
// type converter, the driver's legality, the pattern sets HAL->HAL,
// Util->HAL, Std->HAL, Stream->HAL in that order, then every loaded
// dialect's HAL-conversion hook.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

#include "sluice/Dialect/HAL/Conversion/HALToHAL/Patterns.h"
#include "sluice/Dialect/HAL/Conversion/StandardToHAL/Patterns.h"
#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Patterns.h"
#include "sluice/Dialect/HAL/Conversion/TypeConverter.h"
#include "sluice/Dialect/HAL/Conversion/UtilToHAL/Patterns.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

#define GEN_PASS_DEF_CONVERTTOHALPASS
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

namespace {

struct ConvertToHALPass : impl::ConvertToHALPassBase<ConvertToHALPass> {
  void runOnOperation() override {
    mlir::MLIRContext *context = &getContext();
    mlir::ModuleOp module = getOperation();

    // The conversion only visits reachable blocks: unreachable ones would
    // keep unconverted uses alive.
    util::eraseUnreachableBlocksEverywhere(module);

    auto hooks = getLoadedHALConversionHooks(context);
    HALTypeConverter typeConverter(hooks);
    mlir::ConversionTarget target(*context);
    mlir::RewritePatternSet patterns(context);

    // Ops no set claims are legal iff the converter changes none of their
    // types (unregistered ops included).
    target.markUnknownOpDynamicallyLegal([&typeConverter](mlir::Operation *op) {
      return util::isGenericallyLegal(op, typeConverter);
    });

    populateHALToHALPatterns(context, target, typeConverter, patterns);
    populateUtilToHALPatterns(context, target, typeConverter, patterns);
    populateStandardToHALPatterns(context, target, typeConverter, patterns);
    populateStreamToHALPatterns(context, target, typeConverter, patterns);
    for (const HALConversionDialectInterface *hook : hooks)
      hook->setupConversionTarget(target, patterns, typeConverter);

    if (mlir::failed(
            mlir::applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Export regions only served the conversion (dispatch selection and
    // workgroup counts are now inlined at every dispatch).
    module.walk([](ExecutableExportOp exportOp) {
      exportOp.getCondition().getBlocks().clear();
      exportOp.getWorkgroupCount().getBlocks().clear();
      exportOp.removeConditionFallbackAttr();
    });
    module->removeAttr("stream.affinity.default");
  }
};

} // namespace

} // namespace sluice::hal
