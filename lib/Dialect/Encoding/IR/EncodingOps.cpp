//===- EncodingOps.cpp - iree_encoding ops --------------------------------===//
//
// Verifiers and shape reification of `set_encoding` / `unset_encoding`
// (encoding.md §5).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Encoding/IR/EncodingOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::iree_encoding;

#define GET_OP_CLASSES
#include "sluice/Dialect/Encoding/IR/EncodingOps.cpp.inc"

void IREEEncodingDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/Encoding/IR/EncodingOps.cpp.inc"
      >();
}

/// Rank and logical shape must be preserved (`?` matches anything).
static LogicalResult verifySameLogicalShape(Operation *op,
                                            RankedTensorType plainType,
                                            RankedTensorType encodedType) {
  if (plainType.getRank() != encodedType.getRank())
    return op->emitOpError("cannot change the rank of the tensor");
  if (failed(verifyCompatibleShape(plainType, encodedType)))
    return op->emitOpError("expected to preserve the logical shape of the "
                           "tensor");
  return success();
}

/// The number of `encoding_dims` must match what the encoding asks for.
static LogicalResult verifyEncodingDims(Operation *op,
                                        RankedTensorType encodedType,
                                        ValueRange encodingDims) {
  auto serializable = cast<SerializableAttr>(encodedType.getEncoding());
  std::optional<int64_t> expected = serializable.getNumDynamicEncodingDims();
  if (expected && *expected != (int64_t)encodingDims.size())
    return op->emitOpError("encoding expects ")
           << *expected << " dynamic encoding dimension(s), but "
           << encodingDims.size() << " provided";
  return success();
}

//===----------------------------------------------------------------------===//
// iree_encoding.set_encoding
//===----------------------------------------------------------------------===//

LogicalResult SetEncodingOp::verify() {
  if (getSourceType().getEncoding())
    return emitOpError("source of set_encoding op cannot have a tensor "
                       "encoding");
  if (!isa_and_nonnull<SerializableAttr>(getResultType().getEncoding()))
    return emitOpError("result of set_encoding op expected to have a valid "
                       "tensor encoding");
  if (failed(verifySameLogicalShape(*this, getSourceType(), getResultType())))
    return failure();
  return verifyEncodingDims(*this, getResultType(), getEncodingDims());
}

LogicalResult SetEncodingOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  reifiedReturnShapes.push_back(
      tensor::getMixedSizes(builder, getLoc(), getSource()));
  return success();
}

//===----------------------------------------------------------------------===//
// iree_encoding.unset_encoding
//===----------------------------------------------------------------------===//

LogicalResult UnsetEncodingOp::verify() {
  if (getResultType().getEncoding())
    return emitOpError("result of unset_encoding op cannot have a tensor "
                       "encoding");
  if (!isa_and_nonnull<SerializableAttr>(getSourceType().getEncoding()))
    return emitOpError("source of unset_encoding op expected to have a valid "
                       "tensor encoding");
  if (failed(verifySameLogicalShape(*this, getResultType(), getSourceType())))
    return failure();
  int64_t dynamicCount = getResultType().getNumDynamicDims();
  if ((int64_t)getResultDims().size() != dynamicCount)
    return emitOpError("result type set has ")
           << dynamicCount << " dynamic dimensions but only "
           << getResultDims().size() << " dimension values are attached";
  return verifyEncodingDims(*this, getSourceType(), getEncodingDims());
}

LogicalResult UnsetEncodingOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  unsigned dynamicIndex = 0;
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim : getResultType().getShape()) {
    if (ShapedType::isDynamic(dim))
      sizes.push_back(getResultDims()[dynamicIndex++]);
    else
      sizes.push_back(builder.getIndexAttr(dim));
  }
  reifiedReturnShapes.push_back(std::move(sizes));
  return success();
}
