//===- IOParametersDialect.cpp - io_parameters dialect --------------------===//

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"

#include "mlir/Transforms/InliningUtils.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace sluice::io_parameters;

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.cpp.inc"

namespace {
/// Every io_parameters op is always legal to inline.
struct IOParametersInlinerInterface : public DialectInlinerInterface {
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
};
} // namespace

void IOParametersDialect::initialize() {
  registerOps();
  addInterfaces<IOParametersInlinerInterface>();
}
