//===- IOParametersDialect.cpp - io_parameters dialect --------------------===//

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"

#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Util/IR/InlinerInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::io_parameters;

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.cpp.inc"

void IOParametersDialect::initialize() {
  registerOps();
  addInterfaces<sluice::util::AlwaysLegalInlinerInterface>();
}
