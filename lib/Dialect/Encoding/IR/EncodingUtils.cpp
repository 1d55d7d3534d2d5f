//===- EncodingUtils.cpp - encoding helpers shared by the passes ----------===//
//
// encoding.md §3.5, §4.4, §4.8, §4.9 and stream-passes-1.md §7.2 (storage
// helpers).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace sluice::iree_encoding {

SerializableAttr getSerializableAttr(Type type) {
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  if (!tensorType)
    return {};
  return dyn_cast_or_null<SerializableAttr>(tensorType.getEncoding());
}

EncodingAttr getEncodingAttr(Type type) {
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  if (!tensorType)
    return {};
  return dyn_cast_or_null<EncodingAttr>(tensorType.getEncoding());
}

bool hasPackedStorageAttr(Type type) {
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  return tensorType &&
         isa_and_nonnull<PackedStorageAttr>(tensorType.getEncoding());
}

bool isIdentityLayout(Type type) {
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  if (!tensorType)
    return false;
  if (!tensorType.getEncoding())
    return true;
  SerializableAttr attr = getSerializableAttr(tensorType);
  return attr && attr.isIdentityLayout();
}

bool needToPackSubByteElementBitWidth(unsigned bitWidth, bool packedStorage) {
  if (packedStorage && bitWidth == 1)
    return true;
  return bitWidth < 8 && llvm::isPowerOf2_32(bitWidth) && bitWidth != 1;
}

bool needToPackSubByteElements(RankedTensorType type) {
  unsigned bitWidth = util::getTypeBitWidth(type.getElementType());
  return needToPackSubByteElementBitWidth(bitWidth, hasPackedStorageAttr(type));
}

Type legalizeStorageElementType(RankedTensorType type) {
  auto intType = dyn_cast<IntegerType>(type.getElementType());
  if (!intType)
    return type.getElementType();
  unsigned width = intType.getWidth();
  if (needToPackSubByteElementBitWidth(width, hasPackedStorageAttr(type)))
    return intType;
  unsigned alignedWidth = 8 * util::getRoundedElementByteWidth(intType);
  if (alignedWidth == width)
    return intType;
  return IntegerType::get(type.getContext(), alignedWidth,
                          intType.getSignedness());
}

RankedTensorType alignTensorType(RankedTensorType type) {
  Type elementType = legalizeStorageElementType(type);
  if (elementType == type.getElementType())
    return type;
  return RankedTensorType::get(type.getShape(), elementType,
                               type.getEncoding());
}

/// `a * b` on sizes; nullopt on overflow.
static std::optional<int64_t> mulSize(int64_t a, int64_t b) {
  int64_t result;
  if (llvm::MulOverflow(a, b, result))
    return std::nullopt;
  return result;
}

static Value indexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value calculateStorageElementCountInBytes(Location loc, RankedTensorType type,
                                          ValueRange dynamicDims,
                                          OpBuilder &builder) {
  if (SerializableAttr attr = getSerializableAttr(type))
    return attr.calculateStorageSizeInBytes(loc, builder, type, dynamicDims);

  Type elementType = legalizeStorageElementType(type);
  unsigned bitWidth = util::getTypeBitWidth(elementType);
  bool packs = needToPackSubByteElementBitWidth(bitWidth, false);
  std::optional<int64_t> staticCount =
      packs ? 1 : int64_t(util::getRoundedElementByteWidth(elementType));
  for (int64_t dim : type.getShape())
    if (!ShapedType::isDynamic(dim) && staticCount)
      staticCount = mulSize(*staticCount, dim);
  if (!staticCount || type.getNumDynamicDims() != dynamicDims.size())
    return {};
  Value value = indexConstant(builder, loc, *staticCount);
  for (Value dim : dynamicDims)
    value = builder.createOrFold<arith::MulIOp>(loc, value, dim);
  if (!packs)
    return value;
  if (dynamicDims.empty() && (*staticCount * bitWidth) % 8 != 0)
    return {};
  return builder.createOrFold<arith::CeilDivUIOp>(
      loc, value, indexConstant(builder, loc, 8 / bitWidth));
}

Value calculateStorageElementOffsetInBytes(Location loc, RankedTensorType type,
                                           Value linearIndex,
                                           OpBuilder &builder) {
  Type elementType = legalizeStorageElementType(type);
  unsigned bitWidth = util::getTypeBitWidth(elementType);
  if (needToPackSubByteElementBitWidth(bitWidth, hasPackedStorageAttr(type)))
    return builder.createOrFold<arith::DivUIOp>(
        loc, linearIndex, indexConstant(builder, loc, 8 / bitWidth));
  return builder.createOrFold<arith::MulIOp>(
      loc, linearIndex,
      indexConstant(builder, loc,
                    util::getRoundedElementByteWidth(elementType)));
}

Value calculatePaddedDenseSizeInBytes(Location loc, OpBuilder &builder,
                                      RankedTensorType type,
                                      ValueRange dynamicDims,
                                      ArrayRef<int64_t> padding) {
  int64_t rank = type.getRank();
  if (!padding.empty() && (int64_t)padding.size() != rank)
    return {};
  if (llvm::any_of(padding, ShapedType::isDynamic))
    return {};
  if (type.getNumDynamicDims() != dynamicDims.size())
    return {};
  Type elementType = type.getElementType();
  unsigned bitWidth = util::getTypeBitWidth(elementType);
  bool subByte = isa<IntegerType>(elementType) &&
                 needToPackSubByteElementBitWidth(bitWidth, false);
  std::optional<int64_t> staticSize =
      subByte ? 1 : int64_t(util::getRoundedElementByteWidth(elementType));
  auto nsw = arith::IntegerOverflowFlags::nsw;
  Value product = indexConstant(builder, loc, 1);
  unsigned dynamicIndex = 0;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t pad = padding.empty() ? 0 : padding[i];
    if (type.isDynamicDim(i)) {
      Value dim = dynamicDims[dynamicIndex++];
      if (pad != 0)
        dim = arith::AddIOp::create(builder, loc, dim,
                                    indexConstant(builder, loc, pad), nsw);
      product = builder.createOrFold<arith::MulIOp>(loc, product, dim, nsw);
      continue;
    }
    if (staticSize)
      staticSize = mulSize(*staticSize, type.getDimSize(i) + pad);
  }
  if (!staticSize)
    return {};
  if (subByte && dynamicIndex == 0 && (*staticSize * bitWidth) % 8 != 0)
    return {};
  Value result = builder.createOrFold<arith::MulIOp>(
      loc, indexConstant(builder, loc, *staticSize), product, nsw);
  if (!subByte)
    return result;
  return builder.createOrFold<arith::CeilDivUIOp>(
      loc, result, indexConstant(builder, loc, 8 / bitWidth));
}

Value calculateMaxLayoutSizeInBytes(Location loc, OpBuilder &builder,
                                    RankedTensorType type,
                                    ValueRange dynamicDims, ArrayAttr layouts,
                                    bool identityForOthers) {
  // Every size first, in list order, then a left fold of maxui.
  SmallVector<Value> sizes;
  for (Attribute layout : layouts) {
    Value size;
    if (auto serializable = dyn_cast<SerializableAttr>(layout))
      size = serializable.calculateStorageSizeInBytes(loc, builder, type,
                                                      dynamicDims);
    else if (identityForOthers)
      size =
          calculatePaddedDenseSizeInBytes(loc, builder, type, dynamicDims, {});
    if (!size)
      return {};
    sizes.push_back(size);
  }
  if (sizes.empty())
    return {};
  Value result = sizes.front();
  for (Value size : ArrayRef(sizes).drop_front())
    result = arith::MaxUIOp::create(builder, loc, result, size);
  return result;
}

} // namespace sluice::iree_encoding
