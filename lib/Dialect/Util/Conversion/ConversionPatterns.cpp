//===- ConversionPatterns.cpp - util-owned conversion helpers -------------===//
//
// support-dialects.md §7.3.1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace sluice::util {

bool isGenericallyLegal(Operation *op, const TypeConverter &converter) {
  return converter.isLegal(op->getOperandTypes()) &&
         converter.isLegal(op->getResultTypes());
}

LogicalResult rewriteWithConvertedTypes(Operation *op,
                                        ArrayRef<ValueRange> operands,
                                        const TypeConverter &converter,
                                        ConversionPatternRewriter &rewriter) {
  if (op->getNumRegions() != 0)
    return rewriter.notifyMatchFailure(
        op, "generic type conversion does not handle ops with regions");

  bool anyChanged = false;

  // Operands: the op keeps its operand count, so each must map 1:1.
  SmallVector<Value> newOperands;
  newOperands.reserve(operands.size());
  for (auto [oldOperand, range] :
       llvm::zip_equal(op->getOperands(), operands)) {
    if (range.size() != 1)
      return rewriter.notifyMatchFailure(
          op, "operand converted 1:N; the generic pattern needs 1:1 operands");
    newOperands.push_back(range.front());
    anyChanged |= range.front().getType() != oldOperand.getType();
  }

  // Results: the first type of the conversion.
  SmallVector<Type> newResultTypes;
  newResultTypes.reserve(op->getNumResults());
  for (Type oldType : op->getResultTypes()) {
    SmallVector<Type> converted;
    if (failed(converter.convertType(oldType, converted)) || converted.empty())
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    newResultTypes.push_back(converted.front());
    anyChanged |= converted.front() != oldType;
  }

  // Attributes: every TypeAttr converts 1:1.
  SmallVector<NamedAttribute> newAttrs;
  for (NamedAttribute attr : op->getAttrDictionary()) {
    auto typeAttr = dyn_cast<TypeAttr>(attr.getValue());
    if (!typeAttr) {
      newAttrs.push_back(attr);
      continue;
    }
    Type newType = converter.convertType(typeAttr.getValue());
    if (!newType)
      return rewriter.notifyMatchFailure(op, "unconvertible TypeAttr '" +
                                                 attr.getName().strref() + "'");
    anyChanged |= newType != typeAttr.getValue();
    newAttrs.emplace_back(attr.getName(), TypeAttr::get(newType));
  }

  if (!anyChanged)
    return rewriter.notifyMatchFailure(op, "op does not need transformation");

  OperationState state(op->getLoc(), op->getName());
  state.addOperands(newOperands);
  state.addTypes(newResultTypes);
  state.addAttributes(newAttrs);
  Operation *newOp = rewriter.create(state);
  rewriter.replaceOp(op, newOp->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// Util type conversions
//===----------------------------------------------------------------------===//

void populateUtilTypeConversions(TypeConverter &converter) {
  converter.addConversion(
      [&converter](PtrType type, SmallVectorImpl<Type> &results)
          -> std::optional<LogicalResult> {
        SmallVector<Type> targets;
        if (failed(converter.convertType(type.getTargetType(), targets)))
          return failure();
        for (Type target : targets)
          results.push_back(PtrType::get(type.getContext(), target));
        return success();
      });
  converter.addConversion([&converter](ListType type) -> std::optional<Type> {
    Type element = converter.convertType(type.getElementType());
    if (!element)
      return Type(); // unconvertible
    return ListType::get(type.getContext(), element);
  });
}

//===----------------------------------------------------------------------===//
// Structural patterns
//===----------------------------------------------------------------------===//

namespace {

SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    values.append(range.begin(), range.end());
  return values;
}

/// Converts the block argument types of an initializer body in place.
struct ConvertInitializerOp : OpConversionPattern<InitializerOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InitializerOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    for (Block &block : op.getBody())
      for (Type type : block.getArgumentTypes()) {
        SmallVector<Type> converted;
        if (failed(converter.convertType(type, converted)))
          return rewriter.notifyMatchFailure(op, "unconvertible block type");
      }
    rewriter.startOpModification(op);
    if (failed(rewriter.convertRegionTypes(&op.getBody(), converter))) {
      rewriter.cancelOpModification(op);
      return rewriter.notifyMatchFailure(op, "failed to convert body types");
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

/// Rebuilds a util.func with the converted signature and moves the body.
struct ConvertFuncOp : OpConversionPattern<FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FuncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();

    // Everything is checked before the IR is touched.
    SmallVector<SmallVector<Type>> argTypes(type.getNumInputs());
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
      if (failed(converter.convertType(argType, argTypes[i])))
        return rewriter.notifyMatchFailure(op, "unconvertible argument type");
      signature.addInputs(i, argTypes[i]);
    }
    SmallVector<SmallVector<Type>> resultTypes(type.getNumResults());
    for (auto [i, resultType] : llvm::enumerate(type.getResults()))
      if (failed(converter.convertType(resultType, resultTypes[i])))
        return rewriter.notifyMatchFailure(op, "unconvertible result type");
    for (Block &block : llvm::drop_begin(op.getBody()))
      for (Type blockType : block.getArgumentTypes()) {
        SmallVector<Type> converted;
        if (failed(converter.convertType(blockType, converted)))
          return rewriter.notifyMatchFailure(op, "unconvertible block type");
      }

    auto newOp = cast<FuncOp>(rewriter.cloneWithoutRegions(*op.getOperation()));
    rewriter.inlineRegionBefore(op.getBody(), newOp.getBody(),
                                newOp.getBody().end());
    newOp.expandSignature(
        [&](unsigned i, Type, SmallVectorImpl<Type> &out) {
          out.append(argTypes[i].begin(), argTypes[i].end());
        },
        [&](unsigned i, Type, SmallVectorImpl<Type> &out) {
          out.append(resultTypes[i].begin(), resultTypes[i].end());
        });
    if (!newOp.getBody().empty() &&
        failed(rewriter.convertRegionTypes(&newOp.getBody(), converter,
                                           &signature)))
      return rewriter.notifyMatchFailure(op, "failed to convert body types");
    rewriter.eraseOp(op);
    return success();
  }
};

/// Converts a func.func signature and every block of its body (the upstream
/// pattern only converts the entry block). Argument/result attributes follow
/// the first type of each expansion; added types get empty attributes.
struct ConvertFuncFuncOp : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  static ArrayAttr expandAttrs(ArrayAttr attrs,
                               ArrayRef<SmallVector<Type>> expansions,
                               MLIRContext *context) {
    if (!attrs)
      return {};
    auto empty = DictionaryAttr::get(context);
    SmallVector<Attribute> expanded;
    for (auto [i, types] : llvm::enumerate(expansions))
      for (size_t j = 0; j < types.size(); ++j)
        expanded.push_back(j == 0 ? attrs[i] : empty);
    return ArrayAttr::get(context, expanded);
  }

  LogicalResult
  matchAndRewrite(func::FuncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    SmallVector<SmallVector<Type>> argTypes(type.getNumInputs());
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> inputs, results;
    for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
      if (failed(converter.convertType(argType, argTypes[i])))
        return rewriter.notifyMatchFailure(op, "unconvertible argument type");
      signature.addInputs(i, argTypes[i]);
      inputs.append(argTypes[i].begin(), argTypes[i].end());
    }
    SmallVector<SmallVector<Type>> resultTypes(type.getNumResults());
    for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
      if (failed(converter.convertType(resultType, resultTypes[i])))
        return rewriter.notifyMatchFailure(op, "unconvertible result type");
      results.append(resultTypes[i].begin(), resultTypes[i].end());
    }
    for (Block &block : llvm::drop_begin(op.getBody()))
      for (Type blockType : block.getArgumentTypes()) {
        SmallVector<Type> converted;
        if (failed(converter.convertType(blockType, converted)))
          return rewriter.notifyMatchFailure(op, "unconvertible block type");
      }

    if (!op.getBody().empty() && failed(rewriter.convertRegionTypes(
                                     &op.getBody(), converter, &signature)))
      return rewriter.notifyMatchFailure(op, "failed to convert body types");
    MLIRContext *context = op.getContext();
    rewriter.modifyOpInPlace(op, [&] {
      op.setFunctionType(FunctionType::get(context, inputs, results));
      if (ArrayAttr attrs = op.getArgAttrsAttr())
        op.setArgAttrsAttr(expandAttrs(attrs, argTypes, context));
      if (ArrayAttr attrs = op.getResAttrsAttr())
        op.setResAttrsAttr(expandAttrs(attrs, resultTypes, context));
    });
    return success();
  }
};

/// Rebuilds a util.call with converted operands and results, keeping ties,
/// argument/result attributes and discardable attributes.
struct ConvertCallOp : OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    SmallVector<SmallVector<Type>> resultTypes(op.getNumResults());
    for (auto [i, type] : llvm::enumerate(op.getResultTypes()))
      if (failed(converter.convertType(type, resultTypes[i])))
        return rewriter.notifyMatchFailure(op, "unconvertible result type");

    ArrayRef<ValueRange> operands = adaptor.getOperands();
    CallOp newOp = op.cloneAndExpand(
        [&](unsigned i, Value, SmallVectorImpl<Value> &out) {
          out.append(operands[i].begin(), operands[i].end());
        },
        [&](unsigned i, Type, SmallVectorImpl<Type> &out) {
          out.append(resultTypes[i].begin(), resultTypes[i].end());
        },
        rewriter);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());

    SmallVector<ValueRange> replacements;
    unsigned next = 0;
    for (const SmallVector<Type> &types : resultTypes) {
      replacements.push_back(newOp->getResults().slice(next, types.size()));
      next += types.size();
    }
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

/// Rebuilds a util.return with the (flattened) converted operands.
struct ConvertReturnOp : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto newOp = rewriter.replaceOpWithNewOp<ReturnOp>(
        op, flatten(adaptor.getOperands()));
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return success();
  }
};

/// Rewrites the successor operands of a branch op (cf.br/cond_br/switch) to
/// the converted values, flattening 1:N conversions so that they match the
/// converted successor block arguments. Other operands must convert 1:1.
struct ConvertBranchOp : OpInterfaceConversionPattern<BranchOpInterface> {
  using OpInterfaceConversionPattern::OpInterfaceConversionPattern;

  LogicalResult
  matchAndRewrite(BranchOpInterface op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *operation = op.getOperation();
    SmallVector<bool> forwarded(operation->getNumOperands(), false);
    SmallVector<SmallVector<Value>> successorValues;
    for (unsigned s = 0, e = operation->getNumSuccessors(); s < e; ++s) {
      SuccessorOperands succOperands = op.getSuccessorOperands(s);
      if (succOperands.getProducedOperandCount() != 0)
        return rewriter.notifyMatchFailure(op, "produced operands unsupported");
      OperandRange range = succOperands.getForwardedOperands();
      SmallVector<Value> values;
      unsigned begin = range.empty() ? 0 : range.getBeginOperandIndex();
      for (unsigned i = begin, end = begin + range.size(); i < end; ++i) {
        forwarded[i] = true;
        values.append(operands[i].begin(), operands[i].end());
      }
      successorValues.push_back(std::move(values));
    }
    for (auto [i, range] : llvm::enumerate(operands))
      if (!forwarded[i] && range.size() != 1)
        return rewriter.notifyMatchFailure(op, "non-successor operand 1:N");

    rewriter.modifyOpInPlace(operation, [&] {
      for (auto [i, range] : llvm::enumerate(operands))
        if (!forwarded[i])
          operation->setOperand(i, range.front());
      // Ranges are re-queried per successor: assigning one shifts the next.
      for (auto [s, values] : llvm::enumerate(successorValues))
        op.getSuccessorOperands(s).getMutableForwardedOperands().assign(values);
    });
    return success();
  }
};

} // namespace

void populateUtilFunctionConversionPatterns(MLIRContext *context,
                                            const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ConvertFuncOp, ConvertCallOp, ConvertReturnOp>(converter,
                                                              context);
}

void populateBranchConversionPatterns(MLIRContext *context,
                                      const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<ConvertBranchOp>(converter, context);
}

void populateGenericStructuralConversionPatterns(MLIRContext *context,
                                                 ConversionTarget &target,
                                                 const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  target.addLegalOp<ModuleOp>();

  // util.
  target.addDynamicallyLegalOp<InitializerOp>([&converter](InitializerOp op) {
    return converter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<FuncOp>([&converter](FuncOp op) {
    return converter.isSignatureLegal(op.getFunctionType()) &&
           converter.isLegal(&op.getBody());
  });
  addGenericLegalOp<CallOp>(target, converter);
  addGenericLegalOp<ReturnOp>(target, converter);
  target.addLegalOp<UnreachableOp, SCFUnreachableOp>();
  patterns.add<ConvertInitializerOp>(converter, context);
  populateUtilFunctionConversionPatterns(context, converter, patterns);

  // func.
  target.addDynamicallyLegalOp<func::FuncOp>([&converter](func::FuncOp op) {
    return converter.isSignatureLegal(op.getFunctionType()) &&
           converter.isLegal(&op.getBody());
  });
  addGenericLegalOp<func::CallOp>(target, converter);
  addGenericLegalOp<func::ReturnOp>(target, converter);
  patterns.add<ConvertFuncFuncOp>(converter, context);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);

  // cf.
  addGenericLegalOp<cf::BranchOp>(target, converter);
  addGenericLegalOp<cf::CondBranchOp>(target, converter);
  addGenericLegalOp<cf::SwitchOp>(target, converter);
  // The upstream branch pattern is 1:1 only; this one flattens 1:N values.
  populateBranchConversionPatterns(context, converter, patterns);

  // arith.select.
  addGenericLegalOpAndPattern<arith::SelectOp>(context, target, converter,
                                               patterns);

  // scf.if/yield (the upstream helper also covers scf.for/while/condition).
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
}

void eraseUnreachableBlocksEverywhere(Operation *root) {
  // Post-order: nested regions come before the regions holding them, so a
  // region is never used after an enclosing block was erased.
  SmallVector<Region *> regions;
  root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      if (!region.empty() && !region.hasOneBlock())
        regions.push_back(&region);
  });
  IRRewriter rewriter(root->getContext());
  for (Region *region : regions)
    (void)eraseUnreachableBlocks(rewriter, MutableArrayRef<Region>(*region));
}

} // namespace sluice::util
