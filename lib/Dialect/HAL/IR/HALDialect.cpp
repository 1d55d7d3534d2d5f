//===- HALDialect.cpp - hal dialect ---------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Util/IR/InlinerInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::hal;

#include "sluice/Dialect/HAL/IR/HALDialect.cpp.inc"

void HALDialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<sluice::util::AlwaysLegalInlinerInterface>();
}

Operation *HALDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  if (type.isIndex())
    if (auto intAttr = dyn_cast<IntegerAttr>(value))
      return arith::ConstantIndexOp::create(builder, loc, intAttr.getInt());
  return nullptr;
}
