//===- UtilDivisibility.h - integer divisibility lattice --------*- C++ -*-===//
//
// The integer divisibility lattice and InferIntDivisibilityOpInterface
// (support-dialects.md §1.4.11, §6.5.1).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY_H
#define SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY_H

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

namespace llvm {
class APInt;
class raw_ostream;
} // namespace llvm

namespace sluice::util {

/// A known divisibility: the value is a multiple of `udiv` when read as
/// unsigned and of `sdiv` when read as signed. 0 means "divisible by
/// everything" (the value is 0).
class ConstantIntDivisibility {
public:
  /// The least informative divisibility, {1, 1}.
  ConstantIntDivisibility() = default;
  ConstantIntDivisibility(uint64_t udiv, uint64_t sdiv)
      : udivValue(udiv), sdivValue(sdiv) {}

  uint64_t udiv() const { return udivValue; }
  uint64_t sdiv() const { return sdivValue; }

  /// {1, 1}: nothing beyond "is an integer" is known.
  static ConstantIntDivisibility getMinDivisibility() { return {1, 1}; }

  /// The divisibility of constant `value`: {zext(value), abs(sext(value))},
  /// or nullopt when a component does not fit in 64 bits.
  static std::optional<ConstantIntDivisibility>
  fromConstant(const llvm::APInt &value);

  /// Component-wise gcd (gcd(0, x) = x): what both `this` and `other` divide.
  ConstantIntDivisibility getUnion(const ConstantIntDivisibility &other) const;

  bool operator==(const ConstantIntDivisibility &other) const {
    return udivValue == other.udivValue && sdivValue == other.sdivValue;
  }
  bool operator!=(const ConstantIntDivisibility &other) const {
    return !(*this == other);
  }

  /// Prints `udiv = U, sdiv = S`.
  void print(llvm::raw_ostream &os) const;

private:
  uint64_t udivValue = 1;
  uint64_t sdivValue = 1;
};

/// The lattice value: uninitialized (nothing inferred yet) or a known
/// ConstantIntDivisibility. The pessimistic "unknown" state is the known
/// value {1, 1} (getMinDivisibility).
class IntegerDivisibility {
public:
  /// Uninitialized.
  IntegerDivisibility() = default;
  IntegerDivisibility(ConstantIntDivisibility value) : value(value) {}
  IntegerDivisibility(uint64_t udiv, uint64_t sdiv)
      : value(ConstantIntDivisibility(udiv, sdiv)) {}

  /// The known value {1, 1}.
  static IntegerDivisibility getMinDivisibility() {
    return IntegerDivisibility(ConstantIntDivisibility::getMinDivisibility());
  }

  bool isUninitialized() const { return !value.has_value(); }
  /// The known value; must not be called when uninitialized.
  const ConstantIntDivisibility &getValue() const {
    assert(!isUninitialized() && "uninitialized divisibility");
    return *value;
  }

  /// Uninitialized is the identity; two known values join to their union
  /// (component-wise gcd).
  static IntegerDivisibility join(const IntegerDivisibility &lhs,
                                  const IntegerDivisibility &rhs);

  bool operator==(const IntegerDivisibility &other) const {
    return value == other.value;
  }
  bool operator!=(const IntegerDivisibility &other) const {
    return !(*this == other);
  }

  /// Prints `<uninitialized>` or `udiv = U, sdiv = S`.
  void print(llvm::raw_ostream &os) const;

private:
  std::optional<ConstantIntDivisibility> value;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const ConstantIntDivisibility &div);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const IntegerDivisibility &div);

/// Callback through which an op reports the divisibility of one result.
using SetIntDivisibilityFn =
    llvm::function_ref<void(mlir::Value, const ConstantIntDivisibility &)>;

/// The divisibility of `operand` as seen by a model (§6.5.1 "operand
/// divisibility"): `known` when initialized; else {zext(c), abs(sext(c))} when
/// the operand is a constant integer c; else {1, 1}.
ConstantIntDivisibility
getOperandDivisibility(mlir::Value operand, const IntegerDivisibility &known);

} // namespace sluice::util

#include "sluice/Dialect/Util/IR/UtilDivisibility.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILDIVISIBILITY_H
