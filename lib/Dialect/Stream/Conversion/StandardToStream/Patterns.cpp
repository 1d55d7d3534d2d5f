//===- Patterns.cpp - arith/cf/scf ops to stream --------------------------===//
//
// stream-passes-1.md §3.5: tensor constants become stream constants, and the
// structural ops carry each tensor as a (resource, size) pair.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Conversion/StandardToStream/Patterns.h"

#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace sluice::stream {
namespace {

/// Converts each type 1:N; `groups[i]` is the number of types type i became.
LogicalResult convertTypes(const TypeConverter &typeConverter, TypeRange types,
                           SmallVectorImpl<Type> &newTypes,
                           SmallVectorImpl<unsigned> &groups) {
  for (Type type : types) {
    size_t before = newTypes.size();
    if (failed(typeConverter.convertType(type, newTypes)))
      return failure();
    groups.push_back(newTypes.size() - before);
  }
  return success();
}

/// Splits `values` into consecutive ranges of `groups[i]` values.
SmallVector<ValueRange> regroup(ValueRange values, ArrayRef<unsigned> groups) {
  SmallVector<ValueRange> ranges;
  unsigned next = 0;
  for (unsigned count : groups) {
    ranges.push_back(values.slice(next, count));
    next += count;
  }
  return ranges;
}

/// A signature conversion of `block`'s arguments from their own types.
FailureOr<TypeConverter::SignatureConversion>
convertBlockSignature(const TypeConverter &typeConverter, Block &block) {
  TypeConverter::SignatureConversion signature(block.getNumArguments());
  if (failed(typeConverter.convertSignatureArgs(block.getArgumentTypes(),
                                                signature)))
    return failure();
  return signature;
}

/// Moves `from`'s blocks to the end of `to` and converts their argument
/// types (the entry block with `entrySignature`).
LogicalResult
moveConvertedRegion(Region &from, Region &to,
                    const TypeConverter &typeConverter,
                    TypeConverter::SignatureConversion &entrySignature,
                    ConversionPatternRewriter &rewriter) {
  rewriter.inlineRegionBefore(from, to, to.end());
  return rewriter.convertRegionTypes(&to, typeConverter, &entrySignature);
}

struct ConvertConstantOp : AffinityOpConversionPattern<arith::ConstantOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      arith::ConstantOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<TensorType>(op.getType());
    if (!tensorType)
      return rewriter.notifyMatchFailure(op, "not a tensor constant");
    ConvertedTensor constant =
        buildUnknownTensorConstant(op.getLoc(), tensorType, /*dims=*/{},
                                   op.getValue(), executionAffinity, rewriter);
    rewriter.replaceOpWithMultiple(
        op, {{constant.resource, constant.resourceSize}});
    return success();
  }
};

/// A select of tensors selects the resources and the sizes separately.
struct ConvertSelectOp : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<TensorType>(op.getTrueValue().getType()))
      return rewriter.notifyMatchFailure(op, "only tensor selects");
    ValueRange trueValue = adaptor.getTrueValue();
    ValueRange falseValue = adaptor.getFalseValue();
    if (adaptor.getCondition().size() != 1 || trueValue.size() != 2 ||
        falseValue.size() != 2)
      return rewriter.notifyMatchFailure(op, "expected converted tensors");
    Value condition = adaptor.getCondition().front();
    Value resource = arith::SelectOp::create(rewriter, op.getLoc(), condition,
                                             trueValue[0], falseValue[0]);
    Value size = arith::SelectOp::create(rewriter, op.getLoc(), condition,
                                         trueValue[1], falseValue[1]);
    rewriter.replaceOpWithMultiple(op, {{resource, size}});
    return success();
  }
};

struct ConvertIfOp : OpConversionPattern<scf::IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(scf::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> groups;
    if (failed(convertTypes(*getTypeConverter(), op.getResultTypes(),
                            resultTypes, groups)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    auto newOp = scf::IfOp::create(rewriter, op.getLoc(), resultTypes,
                                   adaptor.getCondition(),
                                   /*addThenBlock=*/false,
                                   /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), newOp.getThenRegion(),
                                newOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), newOp.getElseRegion(),
                                newOp.getElseRegion().end());
    rewriter.replaceOpWithMultiple(op, regroup(newOp.getResults(), groups));
    return success();
  }
};

struct ConvertForOp : OpConversionPattern<scf::ForOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(scf::ForOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getLowerBound().size() != 1 ||
        adaptor.getUpperBound().size() != 1 || adaptor.getStep().size() != 1)
      return rewriter.notifyMatchFailure(op, "bounds must convert 1:1");
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> groups;
    if (failed(convertTypes(*getTypeConverter(), op.getResultTypes(),
                            resultTypes, groups)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    FailureOr<TypeConverter::SignatureConversion> signature =
        convertBlockSignature(*getTypeConverter(), *op.getBody());
    if (failed(signature))
      return rewriter.notifyMatchFailure(op, "unconvertible body signature");

    auto newOp = scf::ForOp::create(
        rewriter, op.getLoc(), adaptor.getLowerBound().front(),
        adaptor.getUpperBound().front(), adaptor.getStep().front(),
        flattenValues(adaptor.getInitArgs()));
    rewriter.eraseBlock(newOp.getBody());
    if (failed(moveConvertedRegion(op.getRegion(), newOp.getRegion(),
                                   *getTypeConverter(), *signature, rewriter)))
      return rewriter.notifyMatchFailure(op, "failed to convert the body");
    rewriter.replaceOpWithMultiple(op, regroup(newOp.getResults(), groups));
    return success();
  }
};

struct ConvertWhileOp : OpConversionPattern<scf::WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(scf::WhileOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &typeConverter = *getTypeConverter();
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> groups;
    if (failed(convertTypes(typeConverter, op.getResultTypes(), resultTypes,
                            groups)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    // Each region from its own block argument types: the after region's
    // arguments are the forwarded values (the result types), not the inits.
    FailureOr<TypeConverter::SignatureConversion> beforeSignature =
        convertBlockSignature(typeConverter, op.getBefore().front());
    FailureOr<TypeConverter::SignatureConversion> afterSignature =
        convertBlockSignature(typeConverter, op.getAfter().front());
    if (failed(beforeSignature) || failed(afterSignature))
      return rewriter.notifyMatchFailure(op, "unconvertible region signature");

    auto newOp = scf::WhileOp::create(rewriter, op.getLoc(), resultTypes,
                                      flattenValues(adaptor.getInits()));
    if (failed(moveConvertedRegion(op.getBefore(), newOp.getBefore(),
                                   typeConverter, *beforeSignature,
                                   rewriter)) ||
        failed(moveConvertedRegion(op.getAfter(), newOp.getAfter(),
                                   typeConverter, *afterSignature, rewriter)))
      return rewriter.notifyMatchFailure(op, "failed to convert the regions");
    rewriter.replaceOpWithMultiple(op, regroup(newOp.getResults(), groups));
    return success();
  }
};

struct ConvertConditionOp : OpConversionPattern<scf::ConditionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(scf::ConditionOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getCondition().size() != 1)
      return rewriter.notifyMatchFailure(op, "condition must convert 1:1");
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(
        op, adaptor.getCondition().front(), flattenValues(adaptor.getArgs()));
    return success();
  }
};

struct ConvertYieldOp : OpConversionPattern<scf::YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(scf::YieldOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<scf::YieldOp>(
        op, flattenValues(adaptor.getResults()));
    return success();
  }
};

} // namespace

void populateStandardToStreamConversionPatterns(
    MLIRContext *context, ConversionTarget &conversionTarget,
    TypeConverter &typeConverter, AffinityAnalysis *analysis,
    RewritePatternSet &patterns) {
  conversionTarget.addDynamicallyLegalOp<arith::ConstantOp>(
      [](arith::ConstantOp op) { return !isa<TensorType>(op.getType()); });
  util::addGenericLegalOp<arith::SelectOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<cf::BranchOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<cf::CondBranchOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<cf::SwitchOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<scf::IfOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<scf::ForOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<scf::WhileOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<scf::ConditionOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<scf::YieldOp>(conversionTarget, typeConverter);

  patterns.add<ConvertConstantOp>(typeConverter, context, analysis);
  util::populateBranchConversionPatterns(context, typeConverter, patterns);
  patterns.add<ConvertSelectOp, ConvertIfOp, ConvertForOp, ConvertWhileOp,
               ConvertConditionOp, ConvertYieldOp>(typeConverter, context);
}

} // namespace sluice::stream
