//===- Patterns.cpp - Std->VM patterns of --iree-vm-conversion ------------===//
//
// support-dialects.md §5.6 item 5: integer and index constants become
// vm.const.i32/i64 by converted width (i1 true -> 1), the zero ops for 0.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/Conversion/StandardToVM/Patterns.h"

#include "sluice/Dialect/VM/IR/VMOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace sluice::vm {
namespace {

struct ConstantOpPattern : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = llvm::dyn_cast<IntegerAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "not an integer constant");
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !(type.isInteger(32) || type.isInteger(64)))
      return rewriter.notifyMatchFailure(op, "unconvertible type");
    // i1 is unsigned (true is 1); other integers keep their sign.
    APInt bits = value.getValue();
    unsigned width = type.getIntOrFloatBitWidth();
    bits = op.getType().isInteger(1) ? bits.zextOrTrunc(width)
                                     : bits.sextOrTrunc(width);
    if (bits.isZero()) {
      if (width == 32)
        rewriter.replaceOpWithNewOp<ConstI32ZeroOp>(op);
      else
        rewriter.replaceOpWithNewOp<ConstI64ZeroOp>(op);
    } else if (width == 32) {
      rewriter.replaceOpWithNewOp<ConstI32Op>(
          op, rewriter.getIntegerAttr(type, bits));
    } else {
      rewriter.replaceOpWithNewOp<ConstI64Op>(
          op, rewriter.getIntegerAttr(type, bits));
    }
    return success();
  }
};

} // namespace

void populateStandardToVMPatterns(MLIRContext *context,
                                  ConversionTarget &target,
                                  TypeConverter &typeConverter,
                                  RewritePatternSet &patterns) {
  target.addIllegalDialect<arith::ArithDialect>();
  patterns.add<ConstantOpPattern>(typeConverter, context);
}

} // namespace sluice::vm
