//===- EncodingInterfaces.cpp - iree_encoding interfaces ------------------===//
//
// Generated interface definitions and `SerializableAttr::areCompatible`
// (encoding.md §3.1).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

using namespace mlir;

#include "sluice/Dialect/Encoding/IR/EncodingAttrInterfaces.cpp.inc"
#include "sluice/Dialect/Encoding/IR/EncodingTypeInterfaces.cpp.inc"

namespace sluice::iree_encoding {

bool SerializableAttr::areCompatible(Attribute lhs, Attribute rhs) {
  if (lhs == rhs)
    return true;
  auto lhsAttr = dyn_cast_or_null<SerializableAttr>(lhs);
  auto rhsAttr = dyn_cast_or_null<SerializableAttr>(rhs);
  return (!lhsAttr || lhsAttr.isCompatibleWith(rhsAttr)) &&
         (!rhsAttr || rhsAttr.isCompatibleWith(lhsAttr));
}

} // namespace sluice::iree_encoding
