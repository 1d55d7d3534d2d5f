//===- UtilDialect.cpp - util dialect -------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/InliningUtils.h"
#include "sluice/Dialect/Util/IR/BuiltinAttrModels.h"
#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

using namespace mlir;
using namespace sluice::util;

#include "sluice/Dialect/Util/IR/UtilDialect.cpp.inc"

namespace {

/// The util inliner interface (support-dialects.md §1.1). Call-site legality
/// follows the callable's inlining policies; region and op inlining are always
/// legal. Terminators: `util.return` becomes a branch to the continuation
/// block (multi-block) or replaces the call results (single block); an
/// `UnreachableLike` terminator becomes an operand-less branch.
struct UtilInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    // The inherent `inlining_policy` attribute is asked first.
    if (auto policy = dyn_cast_or_null<InliningPolicyAttrInterface>(
            callable->getInherentAttr("inlining_policy").value_or(Attribute())))
      if (!policy.isLegalToInline(call, callable))
        return false;
    // Then every dialect (dotted) discardable attribute that is a policy,
    // e.g. a `stream.affinity` holding a #hal.device.affinity.
    for (NamedAttribute attr : callable->getDiscardableAttrs()) {
      if (!attr.getName().strref().contains('.'))
        continue;
      if (auto policy = dyn_cast<InliningPolicyAttrInterface>(attr.getValue()))
        if (!policy.isLegalToInline(call, callable))
          return false;
    }
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    OpBuilder builder(op);
    if (auto returnOp = dyn_cast<ReturnOp>(op)) {
      cf::BranchOp::create(builder, op->getLoc(), newDest,
                           returnOp.getOperands());
      op->erase();
      return;
    }
    if (op->hasTrait<sluice::util::OpTrait::UnreachableLike>()) {
      cf::BranchOp::create(builder, op->getLoc(), newDest, ValueRange{});
      op->erase();
    }
  }

  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    if (auto returnOp = dyn_cast<ReturnOp>(op)) {
      for (auto [from, to] :
           llvm::zip_equal(valuesToReplace, returnOp.getOperands()))
        from.replaceAllUsesWith(to);
      return;
    }
    // Not specified by §1.1: a single-block callee that ends in an
    // unreachable terminator. The inliner erases the terminator afterwards,
    // so keep the marker as a `util.scf.unreachable` (same message) and give
    // the call results, which can never be produced, `ub.poison` values
    // instead of leaving their uses dangling.
    if (auto unreachableOp = dyn_cast<UnreachableOp>(op)) {
      OpBuilder builder(op);
      SCFUnreachableOp::create(builder, op->getLoc(),
                               unreachableOp.getMessageAttr());
      for (Value value : valuesToReplace)
        value.replaceAllUsesWith(
            ub::PoisonOp::create(builder, op->getLoc(), value.getType()));
    }
  }
};

/// Gives every #util.composite the alias `composite_of_<length>b`.
struct UtilOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (auto composite = dyn_cast<CompositeAttr>(attr)) {
      os << "composite_of_" << composite.getTotalLength() << "b";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};

} // namespace

void UtilDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<UtilInlinerInterface, UtilOpAsmInterface>();
  attachBuiltinAttrModels(getContext());
}

namespace {

/// Folds `tensor.dim`/`memref.dim` of a shape-aware producer's result to the
/// static size or the matching dynamic dimension value.
template <typename DimOp>
struct FoldDimOfShapeAwareProducer : public OpRewritePattern<DimOp> {
  using OpRewritePattern<DimOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(DimOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    while (auto assume =
               source.template getDefiningOp<memref::AssumeAlignmentOp>())
      source = assume.getMemref();
    auto shapeAwareOp = source.template getDefiningOp<ShapeAwareOpInterface>();
    std::optional<int64_t> index = op.getConstantIndex();
    if (!shapeAwareOp || !index)
      return failure();
    auto shapedType = cast<ShapedType>(source.getType());
    if (*index < 0 || *index >= shapedType.getRank())
      return failure();
    if (!shapedType.isDynamicDim(*index)) {
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(
          op, shapedType.getDimSize(*index));
      return success();
    }
    ValueRange dims = shapeAwareOp.getResultDynamicDimsFromValue(source);
    unsigned dynamicIndex = shapedType.getDynamicDimIndex(*index);
    if (dynamicIndex >= dims.size())
      return failure();
    rewriter.replaceOp(op, dims[dynamicIndex]);
    return success();
  }
};

} // namespace

void UtilDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<FoldDimOfShapeAwareProducer<tensor::DimOp>,
              FoldDimOfShapeAwareProducer<memref::DimOp>>(getContext());
}

Operation *UtilDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (isa<NullAttr>(value))
    return NullOp::create(builder, loc, type);
  if (isa<BufferType>(type))
    return BufferConstantOp::create(builder, loc, type, /*name=*/StringAttr{},
                                    value, /*alignment=*/IntegerAttr{},
                                    /*mime_type=*/StringAttr{});
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type,
                                     cast<TypedAttr>(value));
  return nullptr;
}
