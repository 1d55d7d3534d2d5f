//===- SluiceRTDialect.cpp - sluice_rt dialect ----------------------------===//

#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h"

#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace sluice::sluice_rt;

#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.cpp.inc"

void SluiceRTDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.cpp.inc"
      >();
}

LogicalResult
SluiceRTDialect::verifyOperationAttribute(Operation *op,
                                          NamedAttribute attribute) {
  if (attribute.getName() == kCommandFunctionAttrName) {
    if (!isa<UnitAttr>(attribute.getValue()))
      return op->emitOpError()
             << "'" << kCommandFunctionAttrName << "' must be a unit attribute";
    if (!isa<sluice::util::FuncOp>(op))
      return op->emitOpError() << "'" << kCommandFunctionAttrName
                               << "' may only be attached to a util.func";
    return success();
  }
  return op->emitOpError() << "unknown sluice_rt attribute '"
                           << attribute.getName().getValue() << "'";
}
