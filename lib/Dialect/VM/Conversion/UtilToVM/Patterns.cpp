//===- Patterns.cpp - Util->VM patterns of --iree-vm-conversion -----------===//
//
// support-dialects.md §5.6 item 4.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/Conversion/UtilToVM/Patterns.h"

#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/VM/IR/VMOps.h"

using namespace mlir;

namespace sluice::vm {
namespace {

/// Discardable attributes a vm.func keeps (the rest go to its export).
constexpr StringLiteral kRetainedFuncAttrs[] = {"iree.reflection",
                                                "nosideeffects"};

/// Converts a function type; fails when any type does not convert 1:1.
FailureOr<FunctionType>
convertFunctionType(FunctionType type, const TypeConverter &converter,
                    TypeConverter::SignatureConversion *signature = nullptr) {
  SmallVector<Type> inputs, results;
  for (auto [i, input] : llvm::enumerate(type.getInputs())) {
    Type converted = converter.convertType(input);
    if (!converted)
      return failure();
    inputs.push_back(converted);
    if (signature)
      signature->addInputs(i, converted);
  }
  if (failed(converter.convertTypes(type.getResults(), results)) ||
      results.size() != type.getNumResults())
    return failure();
  return FunctionType::get(type.getContext(), inputs, results);
}

/// util.func with a body -> private vm.func (+ vm.export when public);
/// without a body -> vm.import.
struct FuncOpPattern : OpConversionPattern<util::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isExternal())
      return convertToImport(op, rewriter);
    const TypeConverter &converter = *getTypeConverter();
    TypeConverter::SignatureConversion signature(op.getNumArguments());
    FailureOr<FunctionType> type =
        convertFunctionType(op.getFunctionType(), converter, &signature);
    if (failed(type))
      return rewriter.notifyMatchFailure(op, "unconvertible signature");
    for (Block &block : llvm::drop_begin(op.getBody()))
      for (Type argType : block.getArgumentTypes())
        if (!converter.convertType(argType))
          return rewriter.notifyMatchFailure(op, "unconvertible block type");

    auto funcOp = FuncOp::create(rewriter, op.getLoc(), op.getName(), *type);
    funcOp.setSymVisibility(StringRef("private"));
    if (Attribute policy = op.getInliningPolicyAttr())
      funcOp.setInliningPolicyAttr(policy);
    for (StringRef name : kRetainedFuncAttrs)
      if (Attribute attr = op->getDiscardableAttr(name))
        funcOp->setDiscardableAttr(name, attr);
    rewriter.inlineRegionBefore(op.getBody(), funcOp.getBody(),
                                funcOp.getBody().end());
    if (failed(rewriter.convertRegionTypes(&funcOp.getBody(), converter,
                                           &signature)))
      return rewriter.notifyMatchFailure(op, "failed to convert body types");

    if (op.isPublic()) {
      auto exportOp = ExportOp::create(
          rewriter, op.getLoc(), FlatSymbolRefAttr::get(funcOp.getNameAttr()),
          funcOp.getNameAttr(), /*ordinal=*/nullptr);
      exportOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    }
    rewriter.eraseOp(op);
    return success();
  }

  LogicalResult convertToImport(util::FuncOp op,
                                ConversionPatternRewriter &rewriter) const {
    FunctionType type;
    if (auto signature = op->getAttrOfType<TypeAttr>("vm.signature")) {
      type = llvm::dyn_cast<FunctionType>(signature.getValue());
      if (!type)
        return rewriter.notifyMatchFailure(op, "vm.signature not a function");
    } else {
      FailureOr<FunctionType> converted =
          convertFunctionType(op.getFunctionType(), *getTypeConverter());
      if (failed(converted))
        return rewriter.notifyMatchFailure(op, "unconvertible signature");
      type = *converted;
    }
    auto importOp = ImportOp::create(rewriter, op.getLoc(), op.getName(), type);
    importOp.setSymVisibility(op.getSymVisibilityAttr()
                                  ? op.getSymVisibility()
                                  : std::optional<StringRef>("public"));
    if (op->hasAttr("vm.fallback"))
      importOp.setIsOptional(true);
    if (auto version = op->getAttrOfType<IntegerAttr>("vm.version"))
      importOp.setMinimumVersionAttr(
          rewriter.getI32IntegerAttr(version.getInt()));
    if (ArrayAttr argAttrs = op.getArgAttrsAttr())
      importOp.setArgAttrsAttr(argAttrs);
    if (ArrayAttr resAttrs = op.getResAttrsAttr())
      importOp.setResAttrsAttr(resAttrs);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpPattern : OpConversionPattern<util::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct CallOpPattern : OpConversionPattern<util::CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)) ||
        resultTypes.size() != op.getNumResults())
      return rewriter.notifyMatchFailure(op, "unconvertible results");
    rewriter.replaceOpWithNewOp<CallOp>(op, resultTypes, op.getCalleeAttr(),
                                        adaptor.getOperands(),
                                        /*arg_attrs=*/nullptr,
                                        /*res_attrs=*/nullptr);
    return success();
  }
};

/// util.buffer.constant -> vm.rodata.inline (name, value, alignment as i64,
/// mime type).
struct BufferConstantOpPattern : OpConversionPattern<util::BufferConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::BufferConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IntegerAttr alignment;
    if (IntegerAttr index = op.getAlignmentAttr())
      alignment = rewriter.getI64IntegerAttr(index.getInt());
    rewriter.replaceOpWithNewOp<RodataInlineOp>(
        op, getBufferRefType(getContext()), op.getNameAttr(), op.getValue(),
        alignment, op.getMimeTypeAttr());
    return success();
  }
};

struct NullOpPattern : OpConversionPattern<util::NullOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::NullOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!llvm::isa_and_present<RefType>(type))
      return rewriter.notifyMatchFailure(op, "not a reference type");
    rewriter.replaceOpWithNewOp<ConstRefZeroOp>(op, type);
    return success();
  }
};

/// Assumptions only served the compiler: the operands flow through.
struct AssumeIntOpPattern : OpConversionPattern<util::AssumeIntOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::AssumeIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

struct OptimizationBarrierOpPattern
    : OpConversionPattern<util::OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(util::OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    rewriter.replaceOpWithNewOp<OptimizationBarrierOp>(op, TypeRange(operands),
                                                       operands);
    return success();
  }
};

} // namespace

void populateUtilToVMPatterns(MLIRContext *context, ConversionTarget &target,
                              TypeConverter &typeConverter,
                              RewritePatternSet &patterns) {
  target.addIllegalDialect<util::UtilDialect>();
  patterns.add<FuncOpPattern, ReturnOpPattern, CallOpPattern,
               BufferConstantOpPattern, NullOpPattern, AssumeIntOpPattern,
               OptimizationBarrierOpPattern>(typeConverter, context);
}

} // namespace sluice::vm
