//===- TensorExtDialect.cpp - iree_tensor_ext dialect ---------------------===//

#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"

using namespace mlir;
using namespace sluice::iree_tensor_ext;

#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.cpp.inc"

namespace {
struct TensorExtInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void IREETensorExtDialect::initialize() {
  registerTypes();
  registerOps();
  addInterfaces<TensorExtInlinerInterface>();
}

Operation *IREETensorExtDialect::materializeConstant(OpBuilder &builder,
                                                     Attribute value, Type type,
                                                     Location loc) {
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type,
                                     cast<TypedAttr>(value));
  return nullptr;
}
