//===- StreamDialect.cpp - stream dialect ---------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/InlinerInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::stream;

#include "sluice/Dialect/Stream/IR/StreamDialect.cpp.inc"

namespace {

/// Constants are never materialized into stream regions.
struct StreamFolderInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *) const final { return false; }
};

/// Strips `unrealized_conversion_cast(resource, size)` to a resource: size
/// queries take the size operand, every other use the resource.
struct StripResourceConversionCast
    : public OpRewritePattern<UnrealizedConversionCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(UnrealizedConversionCastOp op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() < 1 ||
        !isa<ResourceType>(op.getResult(0).getType()))
      return failure();
    if (op.getNumOperands() != 2)
      return failure();
    Value resource = op.getOperand(0);
    Value size = op.getOperand(1);
    for (OpOperand &use :
         llvm::make_early_inc_range(op.getResult(0).getUses())) {
      if (auto sizeOp = dyn_cast<ResourceSizeOp>(use.getOwner()))
        rewriter.replaceOp(sizeOp, size);
      else
        rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(resource); });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void StreamDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<sluice::util::AlwaysLegalInlinerInterface,
                StreamFolderInterface>();
  getContext()->getOrLoadDialect<sluice::util::UtilDialect>();
  getContext()->getOrLoadDialect<complex::ComplexDialect>();
}

void StreamDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<StripResourceConversionCast>(getContext());
}

Operation *StreamDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  if (func::ConstantOp::isBuildableWith(value, type))
    return func::ConstantOp::create(builder, loc, type,
                                    cast<FlatSymbolRefAttr>(value));
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type,
                                     cast<TypedAttr>(value));
  if (isa<TimepointAttr>(value))
    return TimepointImmediateOp::create(builder, loc,
                                        builder.getType<TimepointType>());
  return nullptr;
}
