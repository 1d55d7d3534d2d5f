//===- StreamTensorOps.cpp - tensor-phase and boundary ops ----------------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

using namespace mlir;
using namespace sluice::stream;
namespace util = sluice::util;

namespace {
/// Replaces an op by the first equivalent op of the same kind earlier in its
/// block (stream-folding.md `DeduplicateTensorOp`): the nearest one going
/// backwards. An equivalent op has the same operands, so the candidates are
/// the other users of the first operand; looking only at them keeps the
/// pattern linear in the uses instead of the block's length (a block with n
/// imports made the backward scan quadratic).
template <typename OpT>
struct DeduplicateTensorOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumOperands() == 0)
      return failure();
    Block *block = op->getBlock();
    Operation *nearest = nullptr;
    for (Operation *user : op->getOperand(0).getUsers()) {
      if (user == op.getOperation() || user->getBlock() != block ||
          !isa<OpT>(user) || !user->isBeforeInBlock(op))
        continue;
      if (nearest && user->isBeforeInBlock(nearest))
        continue;
      if (OperationEquivalence::isEquivalentTo(
              user, op, OperationEquivalence::IgnoreLocations))
        nearest = user;
    }
    if (!nearest)
      return failure();
    rewriter.replaceOp(op, nearest->getResults());
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// stream.tensor.import
//===----------------------------------------------------------------------===//

bool TensorImportOp::pinsValueAffinity() {
  return static_cast<bool>(getAffinityAttr());
}
ValueRange TensorImportOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorImportOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorImportOp::getOperandSize(unsigned) { return {}; }
Value TensorImportOp::getResultSize(unsigned) { return getResultSize(); }
std::optional<unsigned> TensorImportOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorImportOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorImportOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getResultEncoding(),
                                 getResultEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

OpFoldResult TensorImportOp::fold(FoldAdaptor) {
  auto exportOp = getSource().getDefiningOp<TensorExportOp>();
  if (!exportOp || getAffinityAttr() != exportOp.getAffinityAttr() ||
      getResultSize() != exportOp.getSourceSize())
    return {};
  return exportOp.getSource();
}

void TensorImportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateTensorOp<TensorImportOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.export
//===----------------------------------------------------------------------===//

bool TensorExportOp::pinsValueAffinity() {
  return static_cast<bool>(getAffinityAttr());
}
ValueRange TensorExportOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorExportOp::getResultDynamicDims(unsigned) { return {}; }
Value TensorExportOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorExportOp::getResultSize(unsigned) { return {}; }
std::optional<unsigned> TensorExportOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorExportOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorExportOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getSourceEncoding(),
                                 getSourceEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getSource(), getSourceSize())))
    return failure();
  return success();
}

OpFoldResult TensorExportOp::fold(FoldAdaptor) {
  auto importOp = getSource().getDefiningOp<TensorImportOp>();
  if (!importOp || importOp.getSource().getType() != getResult().getType() ||
      importOp.getResultEncoding() != getSourceEncoding() ||
      !llvm::equal(importOp.getResultEncodingDims(), getSourceEncodingDims()) ||
      importOp.getResultSize() != getSourceSize() ||
      importOp.getAffinityAttr() != getAffinityAttr())
    return {};
  return importOp.getSource();
}

void TensorExportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateTensorOp<TensorExportOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.sizeof / empty
//===----------------------------------------------------------------------===//

LogicalResult TensorSizeOfOp::verify() {
  return verifyOpDynamicDims(*this, getEncoding(), getEncodingDims());
}

void TensorEmptyOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "empty");
}
bool TensorEmptyOp::isMetadata() { return true; }
bool TensorEmptyOp::preferCloneToConsumers() { return true; }
ValueRange TensorEmptyOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorEmptyOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorEmptyOp::getOperandSize(unsigned) { return {}; }
Value TensorEmptyOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorEmptyOp::verify() {
  return verifyOpDynamicDims(*this, getResultEncoding(),
                             getResultEncodingDims());
}

//===----------------------------------------------------------------------===//
// Shared tensor-op helpers
//===----------------------------------------------------------------------===//

namespace {

/// The encoding attribute of a ranked-tensor encoding type, or null.
Attribute getTensorEncodingAttr(Type encoding) {
  if (auto tensorType = dyn_cast<RankedTensorType>(encoding))
    return tensorType.getEncoding();
  return {};
}

/// The rank of an encoding type, when it is a ranked shaped type.
std::optional<int64_t> getEncodingRank(Type encoding) {
  if (auto shaped = dyn_cast<ShapedType>(encoding))
    if (shaped.hasRank())
      return shaped.getRank();
  return std::nullopt;
}

/// The types held by a type array attribute (non-type entries are skipped).
SmallVector<Type> getTypeArray(ArrayAttr array) {
  SmallVector<Type> types;
  if (!array)
    return types;
  for (Attribute attr : array)
    if (auto typeAttr = dyn_cast<TypeAttr>(attr))
      types.push_back(typeAttr.getValue());
  return types;
}

} // namespace

//===----------------------------------------------------------------------===//
// stream.tensor.constant
//===----------------------------------------------------------------------===//

void TensorConstantOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "cst");
}
ValueRange TensorConstantOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorConstantOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}

LogicalResult TensorConstantOp::verify() {
  return verifyOpDynamicDims(*this, getResultEncoding(),
                             getResultEncodingDims());
}

namespace {

/// A constant with a zero-sized dimension becomes `stream.tensor.empty`.
struct TensorConstantToEmpty : public OpRewritePattern<TensorConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto shapedType = dyn_cast<ShapedType>(op.getResultEncoding());
    if (!shapedType || !shapedType.hasRank())
      return failure();
    bool anyZero = false;
    unsigned dynamicIndex = 0;
    ValueRange dims = op.getResultEncodingDims();
    for (int64_t dim : shapedType.getShape()) {
      if (ShapedType::isDynamic(dim)) {
        if (dynamicIndex < dims.size() &&
            matchPattern(dims[dynamicIndex], m_Zero()))
          anyZero = true;
        ++dynamicIndex;
      } else if (dim == 0) {
        anyZero = true;
      }
    }
    if (!anyZero)
      return failure();
    auto sizeOp = TensorSizeOfOp::create(
        rewriter, op.getLoc(), rewriter.getIndexType(),
        TypeAttr::get(op.getResultEncoding()), op.getResultEncodingDims(),
        op.getAffinityAttr());
    rewriter.replaceOpWithNewOp<TensorEmptyOp>(
        op, op.getResult().getType(), TypeAttr::get(op.getResultEncoding()),
        op.getResultEncodingDims(), sizeOp.getResult(), op.getAffinityAttr());
    return success();
  }
};

/// A splat constant becomes a `stream.tensor.splat` transferred to the
/// constant's resource type.
struct TensorConstantToSplat : public OpRewritePattern<TensorConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto splatAttr = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splatAttr)
      return failure();
    Location loc = op.getLoc();
    Type elementType = splatAttr.getElementType();
    Value scalar;
    if (auto complexType = dyn_cast<ComplexType>(elementType)) {
      auto floatType = dyn_cast<FloatType>(complexType.getElementType());
      if (!floatType)
        return failure();
      auto value = splatAttr.getSplatValue<std::complex<APFloat>>();
      ArrayAttr parts = rewriter.getArrayAttr(
          {rewriter.getFloatAttr(floatType, value.real()),
           rewriter.getFloatAttr(floatType, value.imag())});
      scalar = complex::ConstantOp::create(rewriter, loc, complexType, parts);
    } else {
      auto element = dyn_cast<TypedAttr>(splatAttr.getSplatValue<Attribute>());
      if (!element)
        return failure();
      scalar = arith::ConstantOp::create(rewriter, loc, element);
    }
    AffinityAttr affinity = op.getAffinityAttr();
    auto sizeOp = TensorSizeOfOp::create(rewriter, loc, rewriter.getIndexType(),
                                         TypeAttr::get(op.getResultEncoding()),
                                         op.getResultEncodingDims(), affinity);
    Value size = sizeOp.getResult();
    auto unknownType = ResourceType::get(op.getContext(), Lifetime::Unknown);
    auto splatOp =
        TensorSplatOp::create(rewriter, loc, unknownType, scalar,
                              TypeAttr::get(op.getResultEncoding()),
                              op.getResultEncodingDims(), size, affinity);
    rewriter.replaceOpWithNewOp<AsyncTransferOp>(op, op.getResult().getType(),
                                                 splatOp.getResult(), size,
                                                 size, affinity, affinity);
    return success();
  }
};

} // namespace

void TensorConstantOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<TensorConstantToEmpty, TensorConstantToSplat>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.splat
//===----------------------------------------------------------------------===//

bool TensorSplatOp::preferCloneToConsumers() { return true; }
ValueRange TensorSplatOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorSplatOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorSplatOp::getOperandSize(unsigned) { return {}; }
Value TensorSplatOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorSplatOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getResultEncoding(),
                                 getResultEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

void TensorSplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<NarrowFillPattern<TensorSplatOp>, ElideUnusedOp<TensorSplatOp>>(
      context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.clone / stream.tensor.encode
//===----------------------------------------------------------------------===//

template <typename OpT> static LogicalResult verifyCloneLikeOp(OpT op) {
  if (failed(verifyOpDynamicDims(op, op.getSourceEncoding(),
                                 op.getSourceEncodingDims())) ||
      failed(verifyOpDynamicDims(op, op.getResultEncoding(),
                                 op.getResultEncodingDims())) ||
      failed(verifyOpValueSizes(op, op.getSource(), op.getSourceSize())) ||
      failed(verifyOpValueSizes(op, op.getResult(), op.getResultSize())))
    return failure();
  return success();
}

bool TensorCloneOp::preferCloneToConsumers() { return true; }
ValueRange TensorCloneOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorCloneOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorCloneOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorCloneOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorCloneOp::verify() {
  Attribute sourceEncoding = getTensorEncodingAttr(getSourceEncoding());
  Attribute resultEncoding = getTensorEncodingAttr(getResultEncoding());
  if (!iree_encoding::SerializableAttr::areCompatible(sourceEncoding,
                                                      resultEncoding))
    return emitOpError("clones changing tensor encoding from ")
           << sourceEncoding << " to " << resultEncoding << "; not allowed";
  return verifyCloneLikeOp(*this);
}

OpFoldResult TensorCloneOp::fold(FoldAdaptor) {
  if (getResult().hasOneUse() && getResult().getType() == getSource().getType())
    return getSource();
  return {};
}

namespace {

/// A same-type clone whose result is never tied by a user is redundant.
struct ElideUnneededTensorClones : public OpRewritePattern<TensorCloneOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorCloneOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getResult().getType() != op.getSource().getType() ||
        util::TiedOpInterface::hasAnyTiedUses(op.getResult()))
      return failure();
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};

} // namespace

void TensorCloneOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<PropagateCloneableOps<TensorCloneOp>, ElideUnneededTensorClones>(
      context);
}

ValueRange TensorEncodeOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorEncodeOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorEncodeOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorEncodeOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorEncodeOp::verify() { return verifyCloneLikeOp(*this); }

OpFoldResult TensorEncodeOp::fold(FoldAdaptor) {
  if (getSourceEncoding() == getResultEncoding())
    return getSource();
  if (iree_encoding::isIdentityLayout(getSourceEncoding()) &&
      iree_encoding::isIdentityLayout(getResultEncoding()))
    return getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// stream.tensor.slice
//===----------------------------------------------------------------------===//

ValueRange TensorSliceOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorSliceOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorSliceOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorSliceOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorSliceOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getSourceEncoding(),
                                 getSourceEncodingDims())) ||
      failed(verifyOpDynamicDims(*this, getResultEncoding(),
                                 getResultEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  std::optional<int64_t> rank = getEncodingRank(getSourceEncoding());
  if (rank && (static_cast<int64_t>(getStartIndices().size()) != *rank ||
               static_cast<int64_t>(getLengths().size()) != *rank))
    return emitOpError("start_indices/lengths rank mismatch");
  return success();
}

OpFoldResult TensorSliceOp::fold(FoldAdaptor) { return {}; }

void TensorSliceOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                MLIRContext *) {}

//===----------------------------------------------------------------------===//
// stream.tensor.fill
//===----------------------------------------------------------------------===//

ValueRange TensorFillOp::getOperandDynamicDims(unsigned) {
  return getTargetEncodingDims();
}
ValueRange TensorFillOp::getResultDynamicDims(unsigned) {
  return getTargetEncodingDims();
}
Value TensorFillOp::getOperandSize(unsigned) { return getTargetSize(); }
Value TensorFillOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> TensorFillOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorFillOp::getTiedResultOperandIndices() { return {0}; }

LogicalResult TensorFillOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getTargetEncoding(),
                                 getTargetEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getResult(), getTargetSize())))
    return failure();
  return success();
}

void TensorFillOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<NarrowFillPattern<TensorFillOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.update
//===----------------------------------------------------------------------===//

ValueRange TensorUpdateOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? getTargetEncodingDims() : getUpdateEncodingDims();
}
ValueRange TensorUpdateOp::getResultDynamicDims(unsigned) {
  return getTargetEncodingDims();
}
Value TensorUpdateOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getTargetSize() : getUpdateSize();
}
Value TensorUpdateOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> TensorUpdateOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorUpdateOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorUpdateOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getUpdateEncoding(),
                                 getUpdateEncodingDims())) ||
      failed(verifyOpDynamicDims(*this, getTargetEncoding(),
                                 getTargetEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getUpdate(), getUpdateSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getTargetSize())))
    return failure();
  return success();
}

OpFoldResult TensorUpdateOp::fold(FoldAdaptor) { return {}; }

void TensorUpdateOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                 MLIRContext *) {}

//===----------------------------------------------------------------------===//
// stream.tensor.load
//===----------------------------------------------------------------------===//

ValueRange TensorLoadOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorLoadOp::getResultDynamicDims(unsigned) { return {}; }
Value TensorLoadOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorLoadOp::getResultSize(unsigned) { return {}; }

LogicalResult TensorLoadOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getSourceEncoding(),
                                 getSourceEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getSource(), getSourceSize())))
    return failure();
  std::optional<int64_t> rank = getEncodingRank(getSourceEncoding());
  if (rank && static_cast<int64_t>(getIndices().size()) != *rank)
    return emitOpError("indices rank mismatch");
  return success();
}

namespace {

/// Loads through `transfer(clone(x))` load a one-element slice of `x`
/// transferred on its own.
struct FoldTensorCloneIntoLoad : public OpRewritePattern<TensorLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    auto transferOp = op.getSource().getDefiningOp<AsyncTransferOp>();
    if (!transferOp || !transferOp.getResult().hasOneUse())
      return failure();
    auto cloneOp = transferOp.getSource().getDefiningOp<TensorCloneOp>();
    if (!cloneOp)
      return failure();
    if (cloneOp.getSourceEncoding() != cloneOp.getResultEncoding() ||
        cloneOp.getResultEncoding() != op.getSourceEncoding())
      return failure();
    auto loadType = dyn_cast<RankedTensorType>(op.getSourceEncoding());
    if (!loadType)
      return failure();
    int64_t rank = loadType.getRank();
    Location loc = op.getLoc();
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    auto sliceType = RankedTensorType::get(SmallVector<int64_t>(rank, 1),
                                           loadType.getElementType(),
                                           loadType.getEncoding());
    AffinityAttr cloneAffinity = cloneOp.getAffinityAttr();
    Value sliceSize = TensorSizeOfOp::create(
        rewriter, loc, rewriter.getIndexType(), TypeAttr::get(sliceType),
        ValueRange{}, cloneAffinity);
    Type sourceType = cloneOp.getSource().getType();
    SmallVector<Value> lengths(rank, one);
    Value slice = TensorSliceOp::create(
        rewriter, loc, sourceType, cloneOp.getSource(),
        TypeAttr::get(cloneOp.getSourceEncoding()),
        cloneOp.getSourceEncodingDims(), cloneOp.getSourceSize(),
        op.getIndices(), lengths, TypeAttr::get(sliceType), ValueRange{},
        sliceSize, cloneAffinity);
    Value transfer = AsyncTransferOp::create(
        rewriter, loc, transferOp.getResult().getType(), slice, sliceSize,
        sliceSize, transferOp.getSourceAffinityAttr(),
        transferOp.getTargetAffinityAttr());
    SmallVector<Value> indices(rank, zero);
    rewriter.replaceOpWithNewOp<TensorLoadOp>(
        op, op.getResult().getType(), transfer, TypeAttr::get(sliceType),
        ValueRange{}, sliceSize, indices);
    return success();
  }
};

} // namespace

void TensorLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldTensorCloneIntoLoad>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.store
//===----------------------------------------------------------------------===//

ValueRange TensorStoreOp::getOperandDynamicDims(unsigned) {
  return getTargetEncodingDims();
}
ValueRange TensorStoreOp::getResultDynamicDims(unsigned) {
  return getTargetEncodingDims();
}
Value TensorStoreOp::getOperandSize(unsigned) { return getTargetSize(); }
Value TensorStoreOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> TensorStoreOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorStoreOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorStoreOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getTargetEncoding(),
                                 getTargetEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getTarget(), getTargetSize())))
    return failure();
  std::optional<int64_t> rank = getEncodingRank(getTargetEncoding());
  if (rank && static_cast<int64_t>(getIndices().size()) != *rank)
    return emitOpError("indices rank mismatch");
  return success();
}

void TensorStoreOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                MLIRContext *) {}

//===----------------------------------------------------------------------===//
// stream.tensor.trace
//===----------------------------------------------------------------------===//

ValueRange TensorTraceOp::getOperandDynamicDims(unsigned idx) {
  SmallVector<Type> encodings = getTypeArray(getResourceEncodings());
  unsigned offset = 0;
  for (unsigned i = 0; i < idx && i < encodings.size(); ++i)
    if (auto shaped = dyn_cast<ShapedType>(encodings[i]))
      if (shaped.hasRank())
        offset += shaped.getNumDynamicDims();
  if (idx >= encodings.size())
    return {};
  unsigned count = 0;
  if (auto shaped = dyn_cast<ShapedType>(encodings[idx]))
    if (shaped.hasRank())
      count = shaped.getNumDynamicDims();
  ValueRange dims = getResourceEncodingDims();
  if (offset + count > dims.size())
    return {};
  return dims.slice(offset, count);
}
ValueRange TensorTraceOp::getResultDynamicDims(unsigned) { return {}; }
Value TensorTraceOp::getOperandSize(unsigned idx) {
  ValueRange sizes = getResourceSizes();
  return idx < sizes.size() ? sizes[idx] : Value();
}
Value TensorTraceOp::getResultSize(unsigned) { return {}; }

LogicalResult TensorTraceOp::verify() {
  ValueRange resources = getResources();
  ArrayAttr encodings = getResourceEncodings();
  ValueRange sizes = getResourceSizes();
  if (resources.size() != encodings.size() || resources.size() != sizes.size())
    return emitOpError("each resource needs a matching resource encoding and "
                       "size (array length mismatch)");
  for (unsigned i = 0; i < resources.size(); ++i) {
    Type encoding;
    if (auto typeAttr = dyn_cast<TypeAttr>(encodings[i]))
      encoding = typeAttr.getValue();
    TypeRange encodingTypes =
        encoding ? TypeRange(ArrayRef<Type>(encoding)) : TypeRange();
    if (failed(verifyOpDynamicDims(*this, encodingTypes,
                                   getOperandDynamicDims(i))) ||
        failed(verifyOpValueSizes(*this, resources[i], sizes[i])))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// stream.tensor.dispatch
//===----------------------------------------------------------------------===//

std::pair<unsigned, unsigned>
TensorDispatchOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(1);
}
Value TensorDispatchOp::getOperandSize(unsigned idx) {
  return util::findValueSizeInList(idx, getOperands(), getOperandSizes());
}
Value TensorDispatchOp::getResultSize(unsigned idx) {
  return util::findValueSizeInList(idx, getResults(), getResultSizes());
}

LogicalResult TensorDispatchOp::verify() {
  if (failed(
          verifyOpValueSizes(*this, getMixedOperands(), getOperandSizes())) ||
      failed(verifyOpValueSizes(*this, getResults(), getResultSizes())))
    return failure();
  SmallVector<Type> operandEncodingTypes = getTypeArray(getOperandEncodings());
  SmallVector<Type> resultEncodingTypes = getTypeArray(getResultEncodings());
  if (failed(verifyOpDynamicDims(*this, operandEncodingTypes,
                                 getOperandEncodingDims())) ||
      failed(verifyOpDynamicDims(*this, resultEncodingTypes,
                                 getResultEncodingDims())))
    return failure();

  // §10.7: tied results keep their operand's encoding.
  ArrayAttr operandEncodings = getOperandEncodings();
  ArrayAttr resultEncodings = getResultEncodings();
  unsigned mixedStart = getTiedOperandsIndexAndLength().first;
  auto tiedOp = cast<util::TiedOpInterface>(getOperation());
  for (unsigned i = 0; i < getNumResults(); ++i) {
    std::optional<unsigned> tiedIndex = tiedOp.getTiedResultOperandIndex(i);
    if (!tiedIndex)
      continue;
    int64_t k = static_cast<int64_t>(*tiedIndex) - mixedStart;
    if (k < 0 || k >= static_cast<int64_t>(operandEncodings.size()))
      return emitOpError("tied operand index ")
             << k << " is out of range of the " << operandEncodings.size()
             << " operand encoding(s)";
    if (i >= resultEncodings.size())
      continue;
    Attribute operandEncoding = operandEncodings[k];
    Attribute resultEncoding = resultEncodings[i];
    if (operandEncoding != resultEncoding)
      return emitError() << "the " << k << "-th operandEncoding ("
                         << operandEncoding
                         << ") does not match the resultEncoding ("
                         << resultEncoding << ")";
  }
  return success();
}

LogicalResult
TensorDispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyDispatchSymbolUses(getOperation(), getEntryPointsAttr(),
                                  getWorkload(), symbolTable);
}

void TensorDispatchOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ElideUnusedOp<TensorDispatchOp>,
              DeduplicateDispatchEntryRefs<TensorDispatchOp>>(context);
}
