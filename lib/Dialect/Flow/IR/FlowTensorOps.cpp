//===- FlowTensorOps.cpp - flow.tensor.* ops ------------------------------===//
//
// Verifiers, interface methods, folders and canonicalizers of the tensor ops
// (support-dialects.md §3.4, §3.7).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"

using namespace mlir;
using namespace sluice::flow;
using sluice::iree_tensor_ext::verifyOpDynamicDims;

namespace {
/// Shorthand for "the value list has exactly these dims".
LogicalResult verifyDims(Operation *op, Value value, ValueRange dims) {
  return verifyOpDynamicDims(op, ValueRange{value}, dims);
}
} // namespace

//===----------------------------------------------------------------------===//
// flow.tensor.constant / flow.tensor.dynamic_constant
//===----------------------------------------------------------------------===//

LogicalResult
TensorConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                   Adaptor adaptor,
                                   SmallVectorImpl<Type> &inferredReturnTypes) {
  if (!adaptor.getValue())
    return failure();
  inferredReturnTypes.push_back(adaptor.getValue().getType());
  return success();
}

OpFoldResult TensorConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult TensorDynamicConstantOp::verify() {
  auto valueType = dyn_cast<ShapedType>(getValue().getType());
  auto resultType = cast<ShapedType>(getResult().getType());
  if (!valueType || !valueType.hasRank() ||
      valueType.getElementType() != resultType.getElementType() ||
      failed(verifyCompatibleShape(valueType, resultType)))
    return emitOpError("value type ")
           << getValue().getType() << " is not compatible with result type "
           << resultType;
  return success();
}

namespace {
/// `dynamic_constant` → `tensor.constant` + a reshape to the dynamic type.
struct ExpandDynamicConstant
    : public OpRewritePattern<TensorDynamicConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorDynamicConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    Value constant =
        TensorConstantOp::create(rewriter, op.getLoc(), op.getValue());
    if (valueType == resultType) {
      rewriter.replaceOp(op, constant);
      return success();
    }
    SmallVector<Value> dims;
    for (int64_t i = 0; i < resultType.getRank(); ++i)
      if (resultType.isDynamicDim(i))
        dims.push_back(arith::ConstantIndexOp::create(rewriter, op.getLoc(),
                                                      valueType.getDimSize(i)));
    rewriter.replaceOpWithNewOp<TensorReshapeOp>(op, resultType, constant,
                                                 ValueRange{}, dims);
    return success();
  }
};
} // namespace

void TensorDynamicConstantOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<ExpandDynamicConstant>(context);
}

//===----------------------------------------------------------------------===//
// flow.tensor.reshape / flow.tensor.bitcast
//===----------------------------------------------------------------------===//

LogicalResult TensorReshapeOp::verify() {
  if (failed(verifyDims(*this, getSource(), getSourceDims())) ||
      failed(verifyDims(*this, getResult(), getResultDims())))
    return failure();
  Type sourceElement = getElementTypeOrSelf(getSource().getType());
  Type resultElement = getElementTypeOrSelf(getResult().getType());
  if (sluice::util::getTypeBitWidth(sourceElement) !=
      sluice::util::getTypeBitWidth(resultElement))
    return emitOpError("element bit widths must match");
  return success();
}

std::optional<unsigned> TensorReshapeOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorReshapeOp::getTiedResultOperandIndices() {
  return {0};
}
ValueRange TensorReshapeOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}
ValueRange TensorReshapeOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

/// A cast between identical types with identical dims is a no-op.
template <typename OpTy> static OpFoldResult foldIdentityCast(OpTy op) {
  if (op.getSource().getType() == op.getResult().getType() &&
      llvm::equal(op.getSourceDims(), op.getResultDims()))
    return op.getSource();
  return {};
}

OpFoldResult TensorReshapeOp::fold(FoldAdaptor) {
  if (OpFoldResult folded = foldIdentityCast(*this))
    return folded;
  // reshape(reshape(x)) → reshape(x).
  if (auto producer = getSource().getDefiningOp<TensorReshapeOp>()) {
    if (producer.getSource().getType() == getResult().getType() &&
        llvm::equal(producer.getSourceDims(), getResultDims()))
      return producer.getSource();
  }
  return {};
}

namespace {
/// reshape(reshape(x)) → reshape(x) with the outer result.
struct FlattenReshapeChain : public OpRewritePattern<TensorReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getSource().getDefiningOp<TensorReshapeOp>();
    if (!producer)
      return failure();
    rewriter.replaceOpWithNewOp<TensorReshapeOp>(
        op, op.getResult().getType(), producer.getSource(),
        producer.getSourceDims(), op.getResultDims());
    return success();
  }
};
} // namespace

void TensorReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FlattenReshapeChain>(context);
}

LogicalResult TensorBitCastOp::verify() {
  if (failed(verifyDims(*this, getSource(), getSourceDims())) ||
      failed(verifyDims(*this, getResult(), getResultDims())))
    return failure();
  return success();
}

std::optional<unsigned> TensorBitCastOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorBitCastOp::getTiedResultOperandIndices() {
  return {0};
}
ValueRange TensorBitCastOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}
ValueRange TensorBitCastOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

OpFoldResult TensorBitCastOp::fold(FoldAdaptor) {
  if (OpFoldResult folded = foldIdentityCast(*this))
    return folded;
  if (auto producer = getSource().getDefiningOp<TensorBitCastOp>())
    if (producer.getSource().getType() == getResult().getType() &&
        llvm::equal(producer.getSourceDims(), getResultDims()))
      return producer.getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// flow.tensor.load / flow.tensor.store
//===----------------------------------------------------------------------===//

LogicalResult TensorLoadOp::verify() {
  return verifyDims(*this, getSource(), getSourceDims());
}
ValueRange TensorLoadOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}
ValueRange TensorLoadOp::getResultDynamicDims(unsigned) { return {}; }

/// Constant indices as uint64_t, or nullopt.
static std::optional<SmallVector<uint64_t>>
getConstantIndices(ArrayRef<Attribute> indices) {
  SmallVector<uint64_t> values;
  for (Attribute index : indices) {
    auto integer = dyn_cast_or_null<IntegerAttr>(index);
    if (!integer)
      return std::nullopt;
    values.push_back(integer.getValue().getZExtValue());
  }
  return values;
}

OpFoldResult TensorLoadOp::fold(FoldAdaptor adaptor) {
  if (auto splat = getSource().getDefiningOp<TensorSplatOp>())
    return splat.getValue();
  auto source = dyn_cast_or_null<ElementsAttr>(adaptor.getSource());
  if (!source)
    return {};
  if (source.isSplat())
    return source.getSplatValue<Attribute>();
  std::optional<SmallVector<uint64_t>> indices =
      getConstantIndices(adaptor.getIndices());
  if (!indices || !source.isValidIndex(*indices))
    return {};
  return source.getValues<Attribute>()[*indices];
}

LogicalResult TensorStoreOp::verify() {
  return verifyDims(*this, getTarget(), getTargetDims());
}
ValueRange TensorStoreOp::getOperandDynamicDims(unsigned idx) {
  return idx == 1 ? ValueRange(getTargetDims()) : ValueRange{};
}
ValueRange TensorStoreOp::getResultDynamicDims(unsigned) {
  return getTargetDims();
}

OpFoldResult TensorStoreOp::fold(FoldAdaptor adaptor) {
  // Storing into a constant: produce the updated constant.
  auto target = dyn_cast_or_null<DenseElementsAttr>(adaptor.getTarget());
  Attribute value = adaptor.getValue();
  std::optional<SmallVector<uint64_t>> indices =
      getConstantIndices(adaptor.getIndices());
  if (!target || !value || !indices)
    return {};
  auto shapedType = cast<ShapedType>(target.getType());
  if (!ElementsAttr::isValidIndex(shapedType, *indices))
    return {};
  uint64_t flatIndex = ElementsAttr::getFlattenedIndex(shapedType, *indices);
  SmallVector<Attribute> values =
      llvm::to_vector(target.getValues<Attribute>());
  values[flatIndex] = value;
  return DenseElementsAttr::get(shapedType, values);
}

//===----------------------------------------------------------------------===//
// flow.tensor.alloca / empty / splat
//===----------------------------------------------------------------------===//

LogicalResult TensorAllocaOp::verify() {
  return verifyDims(*this, getResult(), getResultDims());
}
ValueRange TensorAllocaOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorAllocaOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

LogicalResult TensorEmptyOp::verify() {
  return verifyDims(*this, getResult(), getResultDims());
}
ValueRange TensorEmptyOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorEmptyOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

LogicalResult TensorSplatOp::verify() {
  return verifyDims(*this, getResult(), getResultDims());
}
ValueRange TensorSplatOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorSplatOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

namespace {
/// Makes constant result dims static, reshaping back to the original type.
template <typename OpTy>
struct MakeConstantResultDimsStatic : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!resultType)
      return failure();
    SmallVector<int64_t> shape = llvm::to_vector(resultType.getShape());
    SmallVector<Value> dynamicDims;
    bool changed = false;
    unsigned next = 0;
    for (int64_t &dim : shape) {
      if (!ShapedType::isDynamic(dim))
        continue;
      Value dimValue = op.getResultDims()[next++];
      // Only a non-negative constant is a static dimension: a negative one
      // (kDynamic among them) stays a dynamic dim of the op.
      APInt constant;
      if (matchPattern(dimValue, m_ConstantInt(&constant)) &&
          !constant.isNegative()) {
        dim = constant.getSExtValue();
        changed = true;
      } else {
        dynamicDims.push_back(dimValue);
      }
    }
    if (!changed)
      return failure();
    auto newType = RankedTensorType::get(shape, resultType.getElementType(),
                                         resultType.getEncoding());
    OpTy newOp = cloneWithType(op, newType, dynamicDims, rewriter);
    rewriter.replaceOpWithNewOp<TensorReshapeOp>(
        op, resultType, newOp.getResult(), dynamicDims, op.getResultDims());
    return success();
  }
  static OpTy cloneWithType(OpTy op, Type type, ValueRange dims,
                            PatternRewriter &rewriter);
};

template <>
TensorEmptyOp MakeConstantResultDimsStatic<TensorEmptyOp>::cloneWithType(
    TensorEmptyOp op, Type type, ValueRange dims, PatternRewriter &rewriter) {
  auto newOp = TensorEmptyOp::create(rewriter, op.getLoc(), type, dims);
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  return newOp;
}

template <>
TensorSplatOp MakeConstantResultDimsStatic<TensorSplatOp>::cloneWithType(
    TensorSplatOp op, Type type, ValueRange dims, PatternRewriter &rewriter) {
  auto newOp =
      TensorSplatOp::create(rewriter, op.getLoc(), type, op.getValue(), dims);
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  return newOp;
}
} // namespace

void TensorEmptyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<MakeConstantResultDimsStatic<TensorEmptyOp>>(context);
}

void TensorSplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<MakeConstantResultDimsStatic<TensorSplatOp>>(context);
}

//===----------------------------------------------------------------------===//
// flow.tensor.clone / encode
//===----------------------------------------------------------------------===//

LogicalResult TensorCloneOp::verify() {
  return verifyDims(*this, getOperand(), getArgumentDims());
}
ValueRange TensorCloneOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getArgumentDims()) : ValueRange{};
}
ValueRange TensorCloneOp::getResultDynamicDims(unsigned) {
  return getArgumentDims();
}

OpFoldResult TensorCloneOp::fold(FoldAdaptor adaptor) {
  // Clones of constants are the constants.
  if (Attribute operand = adaptor.getOperand())
    return operand;
  // clone(clone(x)) → clone(x).
  if (auto producer = getOperand().getDefiningOp<TensorCloneOp>()) {
    getOperandMutable().assign(producer.getOperand());
    return getResult();
  }
  return {};
}

LogicalResult TensorEncodeOp::verify() {
  if (failed(verifyDims(*this, getOperand(), getOperandDims())) ||
      failed(verifyDims(*this, getResult(), getResultDims())))
    return failure();
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getResult().getType());
  if (operandType.getRank() != resultType.getRank() ||
      failed(
          verifyCompatibleShape(operandType.getShape(), resultType.getShape())))
    return emitOpError("the operand shape and result shape are not compatible");
  if (operandType.getElementType() != resultType.getElementType())
    return emitOpError("the operand element type and result element type "
                       "must match");
  return success();
}
ValueRange TensorEncodeOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getOperandDims()) : ValueRange{};
}
ValueRange TensorEncodeOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

OpFoldResult TensorEncodeOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getResult().getType() &&
      llvm::equal(getOperandDims(), getResultDims()))
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// flow.tensor.barrier / transfer
//===----------------------------------------------------------------------===//

LogicalResult TensorBarrierOp::verify() {
  return verifyDims(*this, getOperand(), getOperandDims());
}
std::optional<unsigned> TensorBarrierOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorBarrierOp::getTiedResultOperandIndices() {
  return {0};
}
ValueRange TensorBarrierOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getOperandDims()) : ValueRange{};
}
ValueRange TensorBarrierOp::getResultDynamicDims(unsigned) {
  return getOperandDims();
}

LogicalResult TensorTransferOp::verify() {
  return verifyDims(*this, getOperand(), getOperandDims());
}
ValueRange TensorTransferOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getOperandDims()) : ValueRange{};
}
ValueRange TensorTransferOp::getResultDynamicDims(unsigned) {
  return getOperandDims();
}

namespace {
/// transfer(transfer(x, A), B) → transfer(x, B) when the inner transfer has
/// no other users; transfer(x, A) of a value already transferred to A → x.
struct ElideRedundantTransfers : public OpRewritePattern<TensorTransferOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorTransferOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getOperand().getDefiningOp<TensorTransferOp>();
    if (!producer)
      return failure();
    if (producer.getTarget() == op.getTarget()) {
      rewriter.replaceOp(op, producer.getResult());
      return success();
    }
    if (!producer.getResult().hasOneUse())
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getOperandMutable().assign(producer.getOperand());
      op.getOperandDimsMutable().assign(producer.getOperandDims());
    });
    rewriter.eraseOp(producer);
    return success();
  }
};
} // namespace

void TensorTransferOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ElideRedundantTransfers>(context);
}

//===----------------------------------------------------------------------===//
// flow.tensor.slice / update
//===----------------------------------------------------------------------===//

LogicalResult TensorSliceOp::verify() {
  if (failed(verifyDims(*this, getSource(), getSourceDims())) ||
      failed(verifyDims(*this, getResult(), getResultDims())))
    return failure();
  return success();
}
ValueRange TensorSliceOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}
ValueRange TensorSliceOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

/// True when every value is the constant `expected`.
static bool allConstantEqual(ArrayRef<Attribute> values, int64_t expected) {
  return llvm::all_of(values, [&](Attribute value) {
    auto integer = dyn_cast_or_null<IntegerAttr>(value);
    return integer && integer.getInt() == expected;
  });
}

OpFoldResult TensorSliceOp::fold(FoldAdaptor adaptor) {
  // A slice of the whole (static) tensor is the tensor.
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  if (sourceType == getResult().getType() && sourceType.hasStaticShape() &&
      allConstantEqual(adaptor.getStartIndices(), 0)) {
    auto lengths = getConstantIndices(adaptor.getLengths());
    if (lengths && llvm::equal(*lengths, sourceType.getShape()))
      return getSource();
  }
  return {};
}

LogicalResult TensorUpdateOp::verify() {
  if (failed(verifyDims(*this, getTarget(), getTargetDims())) ||
      failed(verifyDims(*this, getUpdate(), getUpdateDims())))
    return failure();
  return success();
}
std::optional<unsigned> TensorUpdateOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorUpdateOp::getTiedResultOperandIndices() {
  return {0};
}
ValueRange TensorUpdateOp::getOperandDynamicDims(unsigned idx) {
  if (idx == 0)
    return getTargetDims();
  if (idx == getODSOperandIndexAndLength(3).first)
    return getUpdateDims();
  return {};
}
ValueRange TensorUpdateOp::getResultDynamicDims(unsigned) {
  return getTargetDims();
}

OpFoldResult TensorUpdateOp::fold(FoldAdaptor adaptor) {
  // Updating the whole (static) target replaces it.
  auto updateType = cast<RankedTensorType>(getUpdate().getType());
  if (updateType == getTarget().getType() && updateType.hasStaticShape() &&
      allConstantEqual(adaptor.getStartIndices(), 0))
    return getUpdate();
  return {};
}

//===----------------------------------------------------------------------===//
// flow.tensor.trace
//===----------------------------------------------------------------------===//

LogicalResult TensorTraceOp::verify() {
  return verifyOpDynamicDims(*this, getValues(), getValueDims());
}
ValueRange TensorTraceOp::getOperandDynamicDims(unsigned idx) {
  return sluice::util::findDynamicDimsInList(idx, getValues(), getValueDims());
}
ValueRange TensorTraceOp::getResultDynamicDims(unsigned) { return {}; }
