//===- ConstantSets.h - memoized integer constants --------------*- C++ -*-===//
//
// Memoized `arith.constant`s keyed by value (stream-passes-2.md §1.4): the
// set owns a builder captured at construction, creates each constant there
// (so later constants follow earlier ones, all before the captured op) and
// returns the first constant made for a value on every later request.
// `populate` registers existing constant values without creating ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_CONSTANTSETS_H
#define SLUICE_DIALECT_UTIL_IR_CONSTANTSETS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace sluice::util {

class IntegerConstantSet {
public:
  IntegerConstantSet(mlir::Type type, mlir::Location loc,
                     mlir::OpBuilder builder)
      : type(type), loc(loc), builder(builder) {}

  /// The constant `value` of the set's type.
  mlir::Value get(int64_t value) {
    auto [it, inserted] = constants.try_emplace(value);
    if (inserted)
      it->second = mlir::arith::ConstantOp::create(
          builder, loc, type, builder.getIntegerAttr(type, value));
    return it->second;
  }

  /// Registers those of `values` that are integer constants.
  void populate(mlir::ValueRange values) {
    for (mlir::Value value : values) {
      llvm::APInt constant;
      if (value.getType() == type &&
          mlir::matchPattern(value, mlir::m_ConstantInt(&constant)))
        constants.try_emplace(constant.getSExtValue(), value);
    }
  }

private:
  mlir::Type type;
  mlir::Location loc;
  mlir::OpBuilder builder;
  llvm::DenseMap<int64_t, mlir::Value> constants;
};

/// `index` constants.
class IndexSet : public IntegerConstantSet {
public:
  IndexSet(mlir::Location loc, mlir::OpBuilder builder)
      : IntegerConstantSet(builder.getIndexType(), loc, builder) {}
};

/// `i64` constants.
class I64Set : public IntegerConstantSet {
public:
  I64Set(mlir::Location loc, mlir::OpBuilder builder)
      : IntegerConstantSet(builder.getI64Type(), loc, builder) {}
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_CONSTANTSETS_H
