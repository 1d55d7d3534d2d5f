//===- UtilDialect.cpp - util dialect -------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

using namespace mlir;
using namespace sluice::util;

#include "sluice/Dialect/Util/IR/UtilDialect.cpp.inc"

namespace {

/// util ops may always be inlined; `util.return` becomes a branch to the
/// continuation block or replaces the call results directly.
struct UtilInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest,
                         returnOp.getOperands());
    op->erase();
  }

  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    for (auto [from, to] :
         llvm::zip_equal(valuesToReplace, returnOp.getOperands()))
      from.replaceAllUsesWith(to);
  }
};

} // namespace

void UtilDialect::initialize() {
  registerTypes();
  registerOps();
  addInterfaces<UtilInlinerInterface>();
}

Operation *UtilDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  if (isa<BufferType>(type))
    return BufferConstantOp::create(builder, loc, type, /*name=*/StringAttr{},
                                    value, /*alignment=*/IntegerAttr{},
                                    /*mime_type=*/StringAttr{});
  if (arith::ConstantOp::isBuildableWith(value, type))
    return arith::ConstantOp::create(builder, loc, type, cast<TypedAttr>(value));
  return nullptr;
}
