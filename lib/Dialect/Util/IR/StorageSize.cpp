//===- StorageSize.cpp - storage-size arithmetic --------------------------===//

#include "sluice/Dialect/Util/IR/StorageSize.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace sluice::util {

uint64_t getTypeBitWidth(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * getTypeBitWidth(complexType.getElementType());
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.getNumElements() *
           getTypeBitWidth(vectorType.getElementType());
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (type.isIndex())
    return 64;
  return 0;
}

uint64_t getPhysicalStorageBitWidth(Type type) {
  uint64_t logical = getTypeBitWidth(type);
  if (logical == 0)
    return 0;
  uint64_t desired = std::min<uint64_t>(2 * logical, 64);
  return 8 * llvm::NextPowerOf2(llvm::divideCeil(desired, 8) - 1);
}

uint64_t getRoundedElementByteWidth(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * getRoundedElementByteWidth(complexType.getElementType());
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.getNumElements() *
           getRoundedElementByteWidth(vectorType.getElementType());
  uint64_t bits = getTypeBitWidth(type);
  if (bits == 0)
    return 0;
  return llvm::NextPowerOf2(llvm::divideCeil(bits, 8) - 1);
}

uint64_t getRoundedPhysicalStorageSize(uint64_t count, Type elementType) {
  uint64_t logical = getTypeBitWidth(elementType);
  if (logical == 1)
    return count;
  if (logical == 8 || logical == 16 || logical == 32 || logical == 64)
    return count * logical / 8;
  if (logical == 0)
    return 0;
  uint64_t physical = getPhysicalStorageBitWidth(elementType);
  uint64_t perWord = std::max<uint64_t>(physical / logical, 1);
  uint64_t bits = llvm::divideCeil(count, perWord) * physical;
  return llvm::divideCeil(alignUp(bits, physical), 8);
}

uint64_t getRoundedPhysicalStorageSize(ShapedType type) {
  return getRoundedPhysicalStorageSize(type.getNumElements(),
                                       type.getElementType());
}

} // namespace sluice::util
