//===- StreamPatterns.cpp - non-template parts of the shared patterns -----===//

#include "StreamPatterns.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseSet.h"
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
  auto byteAt = [&](unsigned i) -> uint64_t {
    return (bits >> (8 * i)) & 0xFF;
  };
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

sluice::util::ValueAccess computeValueAccess(Value root) {
  sluice::util::ValueAccess access;
  llvm::DenseSet<Value> processed;
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!processed.insert(value).second)
      continue;
    if (Operation *defOp = value.getDefiningOp()) {
      access.isWrite = true;
      if (auto tiedOp = dyn_cast<sluice::util::TiedOpInterface>(defOp)) {
        access.isRead = true;
        if (Value tied = tiedOp.getTiedResultOperand(value))
          worklist.push_back(tied);
        else
          access.isDiscard = true;
      } else if (isa<SubviewEffectOpInterface>(defOp)) {
        access.isRead = true;
        access.isWrite = true;
      } else {
        access.isDiscard = true;
      }
    }
    for (OpOperand &use : value.getUses()) {
      access.isRead = true;
      Operation *user = use.getOwner();
      if (auto tiedOp = dyn_cast<sluice::util::TiedOpInterface>(user)) {
        for (int64_t index : tiedOp.getTiedResultOperandIndices()) {
          if (index < 0 || index >= user->getNumOperands() ||
              user->getOperand(index) != value)
            continue;
          access.isRead = true;
          access.isWrite = true;
          worklist.push_back(value);
        }
      } else if (isa<SubviewEffectOpInterface>(user)) {
        access.isRead = true;
        access.isWrite = true;
      }
    }
  }
  return access;
}

ArrayAttr deduplicateArrayElements(ArrayAttr array) {
  llvm::SetVector<Attribute> unique(array.begin(), array.end());
  if (unique.size() == array.size())
    return array;
  return ArrayAttr::get(array.getContext(), unique.getArrayRef());
}

} // namespace sluice::stream
