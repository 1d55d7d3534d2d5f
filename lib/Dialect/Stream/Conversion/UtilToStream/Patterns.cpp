//===- Patterns.cpp - util ops to stream ----------------------------------===//
//
// stream-passes-1.md §3.6: functions, calls and returns carry each tensor as
// a (resource, size) pair; a tensor global becomes a resource global plus a
// `__size` global; barriers cover the resources only.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Conversion/UtilToStream/Patterns.h"

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <memory>

using namespace mlir;

namespace sluice::stream {
namespace {

/// A tensor global split into `@g : !stream.resource<L>` and
/// `@g__size : index`.
struct ExpandedGlobal {
  Lifetime lifetime;
  /// The analysed affinity of the original global (may be null).
  AffinityAttr affinity;
  FlatSymbolRefAttr resourceSymbol;
  FlatSymbolRefAttr sizeSymbol;
};

/// Filled before conversion starts, keyed by the original symbol name.
using ExpandedGlobalMap = llvm::DenseMap<StringAttr, ExpandedGlobal>;

bool isTensorTyped(Attribute value) {
  auto typed = dyn_cast_or_null<TypedAttr>(value);
  return typed && isa<TensorType>(typed.getType());
}

std::shared_ptr<ExpandedGlobalMap>
collectExpandedGlobals(ModuleOp moduleOp, AffinityAnalysis *analysis) {
  auto map = std::make_shared<ExpandedGlobalMap>();
  MLIRContext *context = moduleOp.getContext();
  for (auto globalOp : moduleOp.getOps<util::GlobalOp>()) {
    if (!isa<TensorType>(globalOp.getType()))
      continue;
    ExpandedGlobal expanded;
    expanded.lifetime =
        globalOp.getIsMutable() ? Lifetime::Variable : Lifetime::Constant;
    expanded.affinity = analysis->lookupGlobalAffinity(globalOp);
    expanded.resourceSymbol =
        FlatSymbolRefAttr::get(context, globalOp.getSymName());
    expanded.sizeSymbol = FlatSymbolRefAttr::get(
        context, (globalOp.getSymName() + "__size").str());
    map->try_emplace(globalOp.getSymNameAttr(), expanded);
  }
  return map;
}

template <typename OpT>
struct ExpandedGlobalPattern : OpConversionPattern<OpT> {
  ExpandedGlobalPattern(const TypeConverter &typeConverter,
                        MLIRContext *context,
                        std::shared_ptr<ExpandedGlobalMap> expandedGlobals,
                        AffinityAnalysis *analysis)
      // Before the generic type-converting patterns of the same ops.
      : OpConversionPattern<OpT>(typeConverter, context, /*benefit=*/2),
        expandedGlobals(std::move(expandedGlobals)), analysis(analysis) {}

protected:
  const ExpandedGlobal *lookup(StringAttr name) const {
    auto it = expandedGlobals->find(name);
    return it == expandedGlobals->end() ? nullptr : &it->second;
  }

  std::shared_ptr<ExpandedGlobalMap> expandedGlobals;
  AffinityAnalysis *analysis;
};

struct ExpandGlobalOp : ExpandedGlobalPattern<util::GlobalOp> {
  using ExpandedGlobalPattern::ExpandedGlobalPattern;
  LogicalResult
  matchAndRewrite(util::GlobalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ExpandedGlobal *expanded = lookup(op.getSymNameAttr());
    if (!expanded)
      return rewriter.notifyMatchFailure(op, "not an expanded global");
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Type resourceType = getResourceType(context, expanded->lifetime);
    Attribute initialValue = op.getInitialValueAttr();
    bool tensorInitialValue = isTensorTyped(initialValue);

    // Only name, mutability, type, kept initial value and visibility.
    auto resourceOp = util::GlobalOp::create(
        rewriter, loc, op.getSymName(), op.getIsMutable(), resourceType,
        tensorInitialValue ? Attribute() : initialValue);
    resourceOp.setSymVisibilityAttr(op.getSymVisibilityAttr());
    auto sizeOp =
        util::GlobalOp::create(rewriter, loc, expanded->sizeSymbol.getValue(),
                               op.getIsMutable(), rewriter.getIndexType());
    sizeOp.setSymVisibilityAttr(op.getSymVisibilityAttr());

    if (tensorInitialValue) {
      auto initializerOp = util::InitializerOp::create(rewriter, loc);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.createBlock(&initializerOp.getBody());
      auto tensorType = cast<TypedAttr>(initialValue).getType();
      Value resource, size;
      if (isa<util::UninitializedAttr>(initialValue)) {
        size = buildTensorSizeOf(loc, tensorType, {}, expanded->affinity,
                                 rewriter);
        resource =
            TensorEmptyOp::create(rewriter, loc, resourceType, tensorType,
                                  ValueRange{}, size, expanded->affinity);
      } else {
        ConvertedTensor constant = buildTensorConstant(
            loc, tensorType, {}, cast<TypedAttr>(initialValue),
            expanded->lifetime, expanded->affinity, rewriter);
        resource = constant.resource;
        size = constant.resourceSize;
      }
      util::GlobalStoreOp::create(rewriter, loc, resource,
                                  expanded->resourceSymbol);
      util::GlobalStoreOp::create(rewriter, loc, size, expanded->sizeSymbol);
      util::ReturnOp::create(rewriter, loc);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ExpandGlobalLoadOp : ExpandedGlobalPattern<util::GlobalLoadOp> {
  using ExpandedGlobalPattern::ExpandedGlobalPattern;
  LogicalResult
  matchAndRewrite(util::GlobalLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ExpandedGlobal *expanded = lookup(op.getGlobalAttr().getAttr());
    if (!expanded)
      return rewriter.notifyMatchFailure(op, "not an expanded global");
    Location loc = op.getLoc();
    Type resourceType = getResourceType(op.getContext(), expanded->lifetime);
    Value resource = util::GlobalLoadOp::create(rewriter, loc, resourceType,
                                                expanded->resourceSymbol);
    Value size = util::GlobalLoadOp::create(
        rewriter, loc, rewriter.getIndexType(), expanded->sizeSymbol);
    Value result = AsyncTransferOp::create(
        rewriter, loc, getUnknownResourceType(op.getContext()), resource, size,
        size, expanded->affinity, expanded->affinity);
    rewriter.replaceOpWithMultiple(op, {{result, size}});
    return success();
  }
};

struct ExpandGlobalStoreOp : ExpandedGlobalPattern<util::GlobalStoreOp> {
  using ExpandedGlobalPattern::ExpandedGlobalPattern;
  LogicalResult
  matchAndRewrite(util::GlobalStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ExpandedGlobal *expanded = lookup(op.getGlobalAttr().getAttr());
    if (!expanded)
      return rewriter.notifyMatchFailure(op, "not an expanded global");
    if (adaptor.getValue().size() != 2)
      return rewriter.notifyMatchFailure(op, "expected a converted tensor");
    Location loc = op.getLoc();
    ConvertedTensor value =
        resolveTensor(op.getValue(), adaptor.getValue(), analysis);
    Value resource = AsyncTransferOp::create(
        rewriter, loc, getResourceType(op.getContext(), expanded->lifetime),
        value.resource, value.resourceSize, value.resourceSize, value.affinity,
        expanded->affinity);
    util::GlobalStoreOp::create(rewriter, loc, resource,
                                expanded->resourceSymbol);
    util::GlobalStoreOp::create(rewriter, loc, value.resourceSize,
                                expanded->sizeSymbol);
    rewriter.eraseOp(op);
    return success();
  }
};

/// One barrier over the resources; sizes pass beside it unchanged.
struct ConvertOptimizationBarrierOp
    : AffinityAwareConversionPattern<util::OptimizationBarrierOp> {
  using AffinityAwareConversionPattern::AffinityAwareConversionPattern;
  LogicalResult
  matchAndRewrite(util::OptimizationBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    for (ValueRange converted : adaptor.getOperands()) {
      if (converted.empty())
        return rewriter.notifyMatchFailure(op, "operand converted to nothing");
      operands.push_back(converted.front());
    }
    auto barrierOp =
        util::OptimizationBarrierOp::create(rewriter, op.getLoc(), operands);
    SmallVector<SmallVector<Value>> replacements;
    for (auto [original, converted, result] : llvm::zip_equal(
             op.getOperands(), adaptor.getOperands(), barrierOp.getResults())) {
      if (isa<TensorType>(original.getType()) && converted.size() == 2)
        replacements.push_back({result, converted[1]});
      else
        replacements.push_back({result});
    }
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

} // namespace

void populateUtilToStreamConversionPatterns(MLIRContext *context,
                                            ConversionTarget &conversionTarget,
                                            TypeConverter &typeConverter,
                                            AffinityAnalysis *analysis,
                                            ModuleOp moduleOp,
                                            RewritePatternSet &patterns) {
  conversionTarget.addLegalOp<util::InitializerOp, util::UnreachableOp,
                              util::SCFUnreachableOp>();
  conversionTarget.addDynamicallyLegalOp<util::FuncOp>(
      [&typeConverter](util::FuncOp op) {
        return typeConverter.isSignatureLegal(op.getFunctionType()) &&
               typeConverter.isLegal(&op.getBody());
      });
  util::addGenericLegalOp<util::CallOp>(conversionTarget, typeConverter);
  util::addGenericLegalOp<util::ReturnOp>(conversionTarget, typeConverter);
  conversionTarget.addDynamicallyLegalOp<util::GlobalOp>(
      [&typeConverter](util::GlobalOp op) {
        return typeConverter.isLegal(op.getType()) &&
               !isTensorTyped(op.getInitialValueAttr());
      });
  conversionTarget.addDynamicallyLegalOp<util::GlobalAddressOp>(
      [&typeConverter](util::GlobalAddressOp op) {
        return typeConverter.isLegal(op.getType());
      });
  conversionTarget.addDynamicallyLegalOp<util::GlobalLoadOp>(
      [&typeConverter](util::GlobalLoadOp op) {
        return typeConverter.isLegal(op.getType());
      });
  conversionTarget.addDynamicallyLegalOp<util::GlobalLoadIndirectOp>(
      [&typeConverter](util::GlobalLoadIndirectOp op) {
        return typeConverter.isLegal(op.getType());
      });
  conversionTarget.addDynamicallyLegalOp<util::GlobalStoreOp>(
      [&typeConverter](util::GlobalStoreOp op) {
        return typeConverter.isLegal(op.getValue().getType());
      });
  conversionTarget.addDynamicallyLegalOp<util::GlobalStoreIndirectOp>(
      [&typeConverter](util::GlobalStoreIndirectOp op) {
        return typeConverter.isLegal(op.getValue().getType());
      });
  conversionTarget.addDynamicallyLegalOp<util::OptimizationBarrierOp>(
      [&typeConverter](util::OptimizationBarrierOp op) {
        return typeConverter.isLegal(op.getResultTypes());
      });

  // Generic rebuilds with converted types (support-dialects.md §7.3.1).
  util::addGenericLegalOpAndPattern<util::AssumeIntOp>(
      context, conversionTarget, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListCreateOp>(
      context, conversionTarget, typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListGetOp>(context, conversionTarget,
                                                     typeConverter, patterns);
  util::addGenericLegalOpAndPattern<util::ListSetOp>(context, conversionTarget,
                                                     typeConverter, patterns);
  patterns.add<util::GenericConvertTypesPattern<util::OptimizationBarrierOp>,
               util::GenericConvertTypesPattern<util::GlobalOp>,
               util::GenericConvertTypesPattern<util::GlobalLoadOp>,
               util::GenericConvertTypesPattern<util::GlobalStoreOp>>(
      typeConverter, context);

  util::populateUtilFunctionConversionPatterns(context, typeConverter,
                                               patterns);
  std::shared_ptr<ExpandedGlobalMap> expandedGlobals =
      collectExpandedGlobals(moduleOp, analysis);
  patterns.add<ExpandGlobalOp, ExpandGlobalLoadOp, ExpandGlobalStoreOp>(
      typeConverter, context, expandedGlobals, analysis);
  patterns.add<ConvertOptimizationBarrierOp>(typeConverter, context, analysis,
                                             /*benefit=*/2);
}

} // namespace sluice::stream
