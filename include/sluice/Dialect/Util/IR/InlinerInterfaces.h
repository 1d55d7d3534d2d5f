//===- InlinerInterfaces.h - shared dialect inliner interfaces --*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_INLINERINTERFACES_H
#define SLUICE_DIALECT_UTIL_IR_INLINERINTERFACES_H

#include "mlir/Transforms/InliningUtils.h"

namespace sluice::util {

/// A dialect inliner interface under which every op of the dialect is always
/// legal to inline (call into callable, region into region, op into region).
struct AlwaysLegalInlinerInterface : public mlir::DialectInlinerInterface {
  using mlir::DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(mlir::Operation *, mlir::Operation *,
                       bool) const override {
    return true;
  }
  bool isLegalToInline(mlir::Region *, mlir::Region *, bool,
                       mlir::IRMapping &) const override {
    return true;
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const override {
    return true;
  }
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_INLINERINTERFACES_H
