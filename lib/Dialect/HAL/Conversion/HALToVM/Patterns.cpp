//===- Patterns.cpp - HAL->VM patterns of --iree-vm-conversion ------------===//
//
// support-dialects.md §5.6 item 6.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/HALToVM/Patterns.h"

#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/VM/Conversion/VMConversionDialectInterface.h"
#include "sluice/Dialect/VM/IR/VMOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace sluice::hal {
namespace {

/// A bitfield constant op -> vm.const.i32 of its value.
template <typename OpT>
struct BitfieldConstantPattern : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    APInt value;
    if (!matchPattern(op.getResult(), m_ConstantInt(&value)))
      return rewriter.notifyMatchFailure(op, "not a constant");
    rewriter.replaceOpWithNewOp<vm::ConstI32Op>(
        op,
        rewriter.getI32IntegerAttr(static_cast<int32_t>(value.getZExtValue())));
    return success();
  }
};

class HALVMConversionInterface : public vm::VMConversionDialectInterface {
public:
  using VMConversionDialectInterface::VMConversionDialectInterface;

  void populateVMConversionPatterns(
      SymbolTable &importSymbols, RewritePatternSet &patterns,
      ConversionTarget &target, TypeConverter &typeConverter) const override {
    populateHALToVMPatterns(getContext(), target, typeConverter, patterns);
  }
};

} // namespace

void populateHALToVMPatterns(MLIRContext *context, ConversionTarget &target,
                             TypeConverter &typeConverter,
                             RewritePatternSet &patterns) {
  target.addIllegalDialect<HALDialect>();
  patterns.add<BitfieldConstantPattern<MemoryTypeOp>,
               BitfieldConstantPattern<BufferUsageOp>>(typeConverter, context);
}

void registerHALToVMConversionInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, HALDialect *dialect) {
    dialect->addInterfaces<HALVMConversionInterface>();
  });
}

} // namespace sluice::hal
