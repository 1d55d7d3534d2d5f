//===- UtilStatusOps.cpp - util status ops --------------------------------===//

#include "sluice/Dialect/Util/IR/UtilStatusOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace sluice::util;

#define GET_OP_CLASSES
#include "sluice/Dialect/Util/IR/UtilStatusOps.cpp.inc"
