//===- UtilDivisibility.cpp - integer divisibility lattice ----------------===//

#include "sluice/Dialect/Util/IR/UtilDivisibility.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;

namespace sluice::util {

#include "sluice/Dialect/Util/IR/UtilDivisibility.cpp.inc"

std::optional<ConstantIntDivisibility>
ConstantIntDivisibility::fromConstant(const APInt &value) {
  if (value.getActiveBits() > 64 || value.getSignificantBits() > 64)
    return std::nullopt;
  uint64_t udiv = value.getZExtValue();
  int64_t signedValue = value.getSExtValue();
  // abs() through unsigned negation so that INT64_MIN gives 2^63.
  uint64_t sdiv = signedValue < 0 ? 0 - static_cast<uint64_t>(signedValue)
                                  : static_cast<uint64_t>(signedValue);
  return ConstantIntDivisibility(udiv, sdiv);
}

ConstantIntDivisibility
ConstantIntDivisibility::getUnion(const ConstantIntDivisibility &other) const {
  return {std::gcd(udivValue, other.udivValue),
          std::gcd(sdivValue, other.sdivValue)};
}

void ConstantIntDivisibility::print(raw_ostream &os) const {
  os << "udiv = " << udivValue << ", sdiv = " << sdivValue;
}

IntegerDivisibility IntegerDivisibility::join(const IntegerDivisibility &lhs,
                                              const IntegerDivisibility &rhs) {
  if (lhs.isUninitialized())
    return rhs;
  if (rhs.isUninitialized())
    return lhs;
  return IntegerDivisibility(lhs.getValue().getUnion(rhs.getValue()));
}

void IntegerDivisibility::print(raw_ostream &os) const {
  if (isUninitialized()) {
    os << "<uninitialized>";
    return;
  }
  getValue().print(os);
}

raw_ostream &operator<<(raw_ostream &os, const ConstantIntDivisibility &div) {
  div.print(os);
  return os;
}

raw_ostream &operator<<(raw_ostream &os, const IntegerDivisibility &div) {
  div.print(os);
  return os;
}

ConstantIntDivisibility
getOperandDivisibility(Value operand, const IntegerDivisibility &known) {
  if (!known.isUninitialized())
    return known.getValue();
  APInt constant;
  if (operand && matchPattern(operand, m_ConstantInt(&constant)))
    if (auto div = ConstantIntDivisibility::fromConstant(constant))
      return *div;
  return ConstantIntDivisibility::getMinDivisibility();
}

} // namespace sluice::util
