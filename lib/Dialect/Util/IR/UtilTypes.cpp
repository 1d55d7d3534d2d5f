//===- UtilTypes.cpp - util types and interfaces --------------------------===//

#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::util;

#include "sluice/Dialect/Util/IR/UtilOpInterfaces.cpp.inc"
#include "sluice/Dialect/Util/IR/UtilTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilTypes.cpp.inc"

void UtilDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/Util/IR/UtilTypes.cpp.inc"
      >();
}
