//===- FixedPoint.h - the fixed-point iteration protocol ----------*- C++
//-*-===//
//
// stream-passes-2.md §1.3: passes that can enable further work report a
// change to an enclosing `iree-util-fixed-point-iterator` by setting
// `iree.fixedpoint.modified` on the root op, but only when the iterator has
// marked the root with `iree.fixedpoint.iteration`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_FIXEDPOINT_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_FIXEDPOINT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace sluice::util {

inline constexpr llvm::StringLiteral kFixedPointIterationAttr =
    "iree.fixedpoint.iteration";
inline constexpr llvm::StringLiteral kFixedPointModifiedAttr =
    "iree.fixedpoint.modified";

/// Reports a change to an enclosing fixed-point iterator, if there is one.
inline void signalFixedPointModified(mlir::Operation *rootOp) {
  if (!rootOp->hasAttr(kFixedPointIterationAttr))
    return;
  rootOp->setAttr(kFixedPointModifiedAttr,
                  mlir::UnitAttr::get(rootOp->getContext()));
}

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_FIXEDPOINT_H
