//===- Patterns.cpp - Util->HAL patterns of --iree-hal-conversion ---------===//
//
// execution.md §2.5.1: util.global legal iff its type is legal and its
// initial value (when typed) has a legal type; global loads/stores,
// util.assume.int, util.optimization_barrier and the util.list ops by the
// generic type-converting pattern; util/func/cf/scf structural ops by util's
// generic structural conversion (support-dialects.md §7.3.1).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/UtilToHAL/Patterns.h"

#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;

namespace sluice::hal {
namespace {

bool isGlobalLegal(util::GlobalOp op, const TypeConverter &converter) {
  if (!converter.isLegal(op.getType()))
    return false;
  auto typed = llvm::dyn_cast_if_present<TypedAttr>(op.getInitialValueAttr());
  return !typed || converter.isLegal(typed.getType());
}

/// Converts the global's type; a typed initial value whose type is not legal
/// is left to the pattern set that owns it (StreamToHAL drops timepoint
/// initial values), so this pattern declines.
struct GlobalOpPattern : OpConversionPattern<util::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    Type newType = converter.convertType(op.getType());
    if (!newType)
      return rewriter.notifyMatchFailure(op, "unconvertible global type");
    auto typed = llvm::dyn_cast_if_present<TypedAttr>(op.getInitialValueAttr());
    if (typed && !converter.isLegal(typed.getType()))
      return rewriter.notifyMatchFailure(op, "initial value type not legal");
    if (newType == op.getType())
      return rewriter.notifyMatchFailure(op, "nothing to convert");
    rewriter.modifyOpInPlace(op, [&] { op.setType(newType); });
    return success();
  }
};

} // namespace

void populateUtilToHALPatterns(MLIRContext *context, ConversionTarget &target,
                               TypeConverter &typeConverter,
                               RewritePatternSet &patterns) {
  target.addDynamicallyLegalOp<util::GlobalOp>(
      [&typeConverter](util::GlobalOp op) {
        return isGlobalLegal(op, typeConverter);
      });
  patterns.add<GlobalOpPattern>(typeConverter, context);

  util::addGenericLegalOpAndPattern<util::GlobalLoadOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::GlobalStoreOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::AssumeIntOp>(context, target,
                                                       typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::OptimizationBarrierOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListCreateOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListConstructOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListSizeOp>(context, target,
                                                      typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListResizeOp>(
      context, target, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListGetOp>(context, target,
                                                     typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListSetOp>(context, target,
                                                     typeConverter, patterns);

  util::populateGenericStructuralConversionPatterns(context, target,
                                                    typeConverter, patterns);
}

} // namespace sluice::hal
