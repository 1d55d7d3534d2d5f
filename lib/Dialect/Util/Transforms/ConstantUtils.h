//===- ConstantUtils.h - constant materialization for util passes -*- C++ -*-//
//
// util's constant materialization (stream-passes-2.md §15.7/§15.8):
// `arith.constant` when buildable, else the attribute's dialect, else the
// type's dialect. Shared by fold-globals, IPO and combine-initializers.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_CONSTANTUTILS_H
#define SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_CONSTANTUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"

namespace sluice::util {

/// Builds a single-result op producing `value` as `type`; null on failure.
inline mlir::Value materializeUtilConstant(mlir::OpBuilder &builder,
                                           mlir::Location loc,
                                           mlir::Attribute value,
                                           mlir::Type type) {
  if (mlir::arith::ConstantOp::isBuildableWith(value, type))
    return mlir::arith::ConstantOp::create(builder, loc, type,
                                           mlir::cast<mlir::TypedAttr>(value));
  for (mlir::Dialect *dialect : {&value.getDialect(), &type.getDialect()})
    if (mlir::Operation *op =
            dialect->materializeConstant(builder, value, type, loc))
      return op->getNumResults() == 1 ? op->getResult(0) : mlir::Value();
  return {};
}

} // namespace sluice::util

#endif // SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_CONSTANTUTILS_H
