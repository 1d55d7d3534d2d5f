//===- TensorExtOps.cpp - iree_tensor_ext ops -----------------------------===//
//
// Dispatch tensor load/store, workload ordinals and the workgroup-count
// placeholder (support-dialects.md §4.3 - §4.6).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"

using namespace mlir;
using namespace sluice::iree_tensor_ext;
using namespace sluice::util;

#define GET_OP_CLASSES
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.cpp.inc"

void IREETensorExtDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Folds constant offset/size/stride operands into the static attributes of
/// a load or store. Returns false when nothing is constant.
template <typename OpTy>
static bool foldConstantIndexOperands(OpTy op,
                                      SmallVectorImpl<OpFoldResult> &offsets,
                                      SmallVectorImpl<OpFoldResult> &sizes,
                                      SmallVectorImpl<OpFoldResult> &strides) {
  offsets = op.getMixedOffsets();
  sizes = op.getMixedSizes();
  strides = op.getMixedStrides();
  bool changed = succeeded(foldDynamicIndexList(offsets, true));
  changed |= succeeded(foldDynamicIndexList(sizes, true));
  changed |= succeeded(foldDynamicIndexList(strides));
  return changed;
}

//===----------------------------------------------------------------------===//
// iree_tensor_ext.dispatch.tensor.load
//===----------------------------------------------------------------------===//

LogicalResult DispatchTensorLoadOp::verify() {
  return verifyOpDynamicDims(getOperation(), ValueRange{getSource()},
                             getSourceDims());
}

std::optional<unsigned>
DispatchTensorLoadOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return 0u;
}

SmallVector<int64_t> DispatchTensorLoadOp::getTiedResultOperandIndices() {
  return {0};
}

ValueRange DispatchTensorLoadOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}

ValueRange DispatchTensorLoadOp::getResultDynamicDims(unsigned) {
  return getSizes();
}

LogicalResult DispatchTensorLoadOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  SmallVector<OpFoldResult> sizes = getMixedSizes();
  RankedTensorType resultType = getType();
  // Rank-reduced results drop unit sizes.
  SmallVector<OpFoldResult> shape;
  int64_t toDrop = static_cast<int64_t>(sizes.size()) - resultType.getRank();
  for (OpFoldResult size : sizes) {
    if (toDrop > 0 && isConstantIntValue(size, 1)) {
      --toDrop;
      continue;
    }
    shape.push_back(size);
  }
  if (static_cast<int64_t>(shape.size()) != resultType.getRank())
    return failure();
  reifiedReturnShapes.push_back(shape);
  return success();
}

OpFoldResult DispatchTensorLoadOp::fold(FoldAdaptor) {
  // A load of a plain tensor with empty lists is the tensor itself.
  if (getSource().getType() == getResult().getType() && getOffsets().empty() &&
      getSizes().empty() && getStrides().empty())
    return getSource();
  return {};
}

namespace {

/// Reuses the source dims found by walking the IR when they differ.
struct ReuseDispatchTensorLoadShapeDims
    : public OpRewritePattern<DispatchTensorLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ValueRange> dims = findDynamicDims(op.getSource());
    if (!dims || dims->size() != op.getSourceDims().size() ||
        llvm::equal(*dims, op.getSourceDims()))
      return failure();
    SmallVector<Value> newDims = llvm::to_vector(*dims);
    rewriter.modifyOpInPlace(
        op, [&] { op.getSourceDimsMutable().assign(newDims); });
    return success();
  }
};

/// Folds constant offsets/sizes/strides into the static attributes, casting
/// back to the old result type when the inferred type changes.
struct FoldDispatchTensorLoadConstants
    : public OpRewritePattern<DispatchTensorLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    if (!foldConstantIndexOperands(op, offsets, sizes, strides))
      return failure();
    RankedTensorType oldType = op.getType();
    Type resultType = oldType;
    if (static_cast<int64_t>(sizes.size()) == oldType.getRank()) {
      SmallVector<int64_t> staticSizes;
      SmallVector<Value> dynamicSizes;
      dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
      resultType = RankedTensorType::get(staticSizes, oldType.getElementType(),
                                         oldType.getEncoding());
    }
    SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
    SmallVector<Value> dynamicOffsets, dynamicSizes, dynamicStrides;
    dispatchIndexOpFoldResults(offsets, dynamicOffsets, staticOffsets);
    dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
    dispatchIndexOpFoldResults(strides, dynamicStrides, staticStrides);
    auto newOp = DispatchTensorLoadOp::create(
        rewriter, op.getLoc(), resultType, op.getSource(), op.getSourceDims(),
        dynamicOffsets, dynamicSizes, dynamicStrides,
        rewriter.getDenseI64ArrayAttr(staticOffsets),
        rewriter.getDenseI64ArrayAttr(staticSizes),
        rewriter.getDenseI64ArrayAttr(staticStrides));
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    Value replacement = newOp.getResult();
    if (resultType != oldType)
      replacement =
          tensor::CastOp::create(rewriter, op.getLoc(), oldType, replacement);
    rewriter.replaceOp(op, replacement);
    return success();
  }
};

} // namespace

void DispatchTensorLoadOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results
      .add<ReuseDispatchTensorLoadShapeDims, FoldDispatchTensorLoadConstants>(
          context);
}

//===----------------------------------------------------------------------===//
// iree_tensor_ext.dispatch.tensor.store
//===----------------------------------------------------------------------===//

LogicalResult DispatchTensorStoreOp::verify() {
  if (failed(verifyOpDynamicDims(getOperation(), ValueRange{getTarget()},
                                 getTargetDims())))
    return failure();

  auto valueType = cast<RankedTensorType>(getValue().getType());
  auto inferredType =
      RankedTensorType::get(getStaticSizes(), valueType.getElementType());
  switch (isRankReducedType(cast<ShapedType>(inferredType),
                            cast<ShapedType>(valueType))) {
  case SliceVerificationResult::Success:
    return success();
  case SliceVerificationResult::RankTooLarge:
    return emitError(
        "expected rank to be smaller or equal to the other rank. ");
  case SliceVerificationResult::SizeMismatch:
    return emitError("expected type to be ")
           << inferredType << " or a rank-reduced version. (size mismatch) ";
  case SliceVerificationResult::ElemTypeMismatch:
    return emitError("expected element type to be ")
           << inferredType.getElementType();
  default:
    return emitError("expected type to be ")
           << inferredType << " or a rank-reduced version.";
  }
}

ValueRange DispatchTensorStoreOp::getOperandDynamicDims(unsigned idx) {
  if (idx == 0)
    return getSizes();
  if (idx == 1)
    return getTargetDims();
  return {};
}

ValueRange DispatchTensorStoreOp::getResultDynamicDims(unsigned) { return {}; }

namespace {

/// Reuses the target dims found by walking the IR when they differ.
struct ReuseDispatchTensorStoreShapeDims
    : public OpRewritePattern<DispatchTensorStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ValueRange> dims = findDynamicDims(op.getTarget());
    if (!dims || dims->size() != op.getTargetDims().size() ||
        llvm::equal(*dims, op.getTargetDims()))
      return failure();
    SmallVector<Value> newDims = llvm::to_vector(*dims);
    rewriter.modifyOpInPlace(
        op, [&] { op.getTargetDimsMutable().assign(newDims); });
    return success();
  }
};

/// Stores the source of a `tensor.cast` directly when it is still valid.
struct FoldCastIntoDispatchTensorStore
    : public OpRewritePattern<DispatchTensorStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto castOp = op.getValue().getDefiningOp<tensor::CastOp>();
    if (!castOp)
      return failure();
    auto sourceType = dyn_cast<RankedTensorType>(castOp.getSource().getType());
    if (!sourceType)
      return failure();
    auto inferredType =
        RankedTensorType::get(op.getStaticSizes(), sourceType.getElementType());
    if (isRankReducedType(cast<ShapedType>(inferredType),
                          cast<ShapedType>(sourceType)) !=
        SliceVerificationResult::Success)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getValueMutable().assign(castOp.getSource()); });
    return success();
  }
};

/// Folds constant offsets/sizes/strides into the static attributes.
struct FoldDispatchTensorStoreConstants
    : public OpRewritePattern<DispatchTensorStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> offsets, sizes, strides;
    if (!foldConstantIndexOperands(op, offsets, sizes, strides))
      return failure();
    SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
    SmallVector<Value> dynamicOffsets, dynamicSizes, dynamicStrides;
    dispatchIndexOpFoldResults(offsets, dynamicOffsets, staticOffsets);
    dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
    dispatchIndexOpFoldResults(strides, dynamicStrides, staticStrides);
    // The value type must stay valid against the new static sizes; a value
    // produced by a tensor.cast may be replaced by the cast source.
    auto isValidValue = [&](Value value) {
      auto valueType = dyn_cast<RankedTensorType>(value.getType());
      if (!valueType)
        return false;
      auto inferredType =
          RankedTensorType::get(staticSizes, valueType.getElementType());
      return isRankReducedType(cast<ShapedType>(inferredType),
                               cast<ShapedType>(valueType)) ==
             SliceVerificationResult::Success;
    };
    Value value = op.getValue();
    if (!isValidValue(value)) {
      auto castOp = value.getDefiningOp<tensor::CastOp>();
      if (!castOp || !isValidValue(castOp.getSource()))
        return failure();
      value = castOp.getSource();
    }
    auto newOp = DispatchTensorStoreOp::create(
        rewriter, op.getLoc(), value, op.getTarget(), op.getTargetDims(),
        dynamicOffsets, dynamicSizes, dynamicStrides,
        rewriter.getDenseI64ArrayAttr(staticOffsets),
        rewriter.getDenseI64ArrayAttr(staticSizes),
        rewriter.getDenseI64ArrayAttr(staticStrides));
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void DispatchTensorStoreOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results
      .add<ReuseDispatchTensorStoreShapeDims, FoldCastIntoDispatchTensorStore,
           FoldDispatchTensorStoreConstants>(context);
}

//===----------------------------------------------------------------------===//
// iree_tensor_ext.dispatch.workload.ordinal
//===----------------------------------------------------------------------===//

void DispatchWorkloadOrdinalOp::inferResultRanges(
    ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  setResultRange(getResult(), argRanges[0]);
}

/// Passes the operand's divisibility through ({1, 1} when unknown).
void DispatchWorkloadOrdinalOp::inferResultDivisibility(
    ArrayRef<IntegerDivisibility> argDivs, SetIntDivisibilityFn setResultDivs) {
  const IntegerDivisibility &operandDiv = argDivs[0];
  setResultDivs(getResult(), operandDiv.isUninitialized()
                                 ? ConstantIntDivisibility::getMinDivisibility()
                                 : operandDiv.getValue());
}

OpFoldResult DispatchWorkloadOrdinalOp::fold(FoldAdaptor adaptor) {
  if (Attribute operand = adaptor.getOperand())
    return operand;
  if (auto producer = getOperand().getDefiningOp<DispatchWorkloadOrdinalOp>())
    if (producer.getOrdinal() == getOrdinal())
      return producer.getOperand();
  return {};
}

namespace {

/// Gives a block argument used in several places a single ordinal op at the
/// start of its block that every other use goes through.
struct BubbleUpWorkloadOrdinal
    : public OpRewritePattern<DispatchWorkloadOrdinalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchWorkloadOrdinalOp op,
                                PatternRewriter &rewriter) const override {
    auto arg = dyn_cast<BlockArgument>(op.getOperand());
    if (!arg || arg.hasOneUse())
      return failure();
    Block *block = arg.getOwner();
    // After the leading ordinal ops with a smaller ordinal.
    Block::iterator point = block->begin();
    for (Operation &candidate : *block) {
      auto ordinalOp = dyn_cast<DispatchWorkloadOrdinalOp>(&candidate);
      if (!ordinalOp)
        break;
      if (ordinalOp.getOrdinal().getZExtValue() >=
          op.getOrdinal().getZExtValue())
        break;
      point = std::next(Block::iterator(&candidate));
    }
    rewriter.setInsertionPoint(block, point);
    auto newOp = DispatchWorkloadOrdinalOp::create(rewriter, op.getLoc(), arg,
                                                   op.getOrdinalAttr());
    rewriter.replaceAllUsesExcept(arg, newOp.getResult(), newOp);
    rewriter.replaceOp(op, newOp.getResult());
    return success();
  }
};

} // namespace

void DispatchWorkloadOrdinalOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<BubbleUpWorkloadOrdinal>(context);
}
