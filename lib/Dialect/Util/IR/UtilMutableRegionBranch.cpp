//===- UtilMutableRegionBranch.cpp - 1:N region value expansion -----------===//

#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"

#include "mlir/IR/Builders.h"

namespace sluice::util {

#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.cpp.inc"

} // namespace sluice::util
