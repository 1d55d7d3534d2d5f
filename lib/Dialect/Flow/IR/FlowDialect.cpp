//===- FlowDialect.cpp - flow dialect -------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::flow;

#include "sluice/Dialect/Flow/IR/FlowDialect.cpp.inc"

namespace {

struct FlowInlinerInterface : public DialectInlinerInterface {
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

/// Constants are never materialized into flow regions (dispatch bodies are
/// isolated and executables hold no SSA values).
struct FlowFolderInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *region) const final { return false; }
};

} // namespace

void FlowDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<FlowInlinerInterface, FlowFolderInterface>();
}

Operation *FlowDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type,
                                     cast<TypedAttr>(value));
  if (isa<RankedTensorType>(type))
    if (auto typedValue = dyn_cast<TypedAttr>(value);
        typedValue && typedValue.getType() == type)
      return TensorConstantOp::create(builder, loc, typedValue);
  return nullptr;
}
