//===- StreamPatterns.cpp - non-template parts of the shared patterns -----===//

#include "StreamPatterns.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

APInt requiredPatternBits(const APInt &pattern) {
  unsigned width = pattern.getBitWidth();
  if (pattern.isZero())
    return APInt(8, 0);
  if (pattern.isAllOnes())
    return APInt(8, 0xFF);
  if (!llvm::isPowerOf2_32(width) || width < 8 || width > 64)
    return pattern;
  uint64_t bits = pattern.getZExtValue();
  unsigned byteCount = width / 8;
  auto byteAt = [&](unsigned i) -> uint64_t { return (bits >> (8 * i)) & 0xFF; };
  // Narrows to the smallest power-of-two byte period that repeats.
  for (unsigned period = 1; period < byteCount; period *= 2) {
    bool repeats = true;
    for (unsigned i = period; i < byteCount && repeats; ++i)
      repeats = byteAt(i) == byteAt(i % period);
    if (repeats)
      return APInt(8 * period, bits & ((uint64_t(1) << (8 * period)) - 1));
  }
  return pattern;
}

TypedAttr tryNarrowPatternBits(TypedAttr attr) {
  APInt bits;
  if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    bits = floatAttr.getValue().bitcastToAPInt();
  else if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    bits = intAttr.getValue();
  else
    return attr;
  if (bits.getBitWidth() <= 8)
    return attr;
  APInt narrowed = requiredPatternBits(bits);
  if (narrowed.getBitWidth() == bits.getBitWidth())
    return attr;
  Type type = IntegerType::get(attr.getContext(), narrowed.getBitWidth());
  return IntegerAttr::get(type, narrowed);
}

ArrayAttr deduplicateArrayElements(ArrayAttr array) {
  llvm::SetVector<Attribute> unique(array.begin(), array.end());
  if (unique.size() == array.size())
    return array;
  return ArrayAttr::get(array.getContext(), unique.getArrayRef());
}

} // namespace sluice::stream
