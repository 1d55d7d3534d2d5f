//===- FlowTypes.h - flow types, attributes and enums -----------*- C++ -*-===//

#ifndef SLUICE_DIALECT_FLOW_IR_FLOWTYPES_H
#define SLUICE_DIALECT_FLOW_IR_FLOWTYPES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include <optional>

#include "sluice/Dialect/Flow/IR/FlowEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Flow/IR/FlowTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Flow/IR/FlowAttrs.h.inc"

namespace sluice::flow {

/// The collective element type of `type` (§3.2): f16/bf16/f32/f64 map to the
/// float cases; 8/16/32/64-bit integers to `si*` when signed, else `ui*`.
std::optional<CollectiveElementType>
getCollectiveElementTypeFor(mlir::Type type);
mlir::IntegerAttr getCollectiveElementTypeAttr(mlir::RankedTensorType type);

} // namespace sluice::flow

#endif // SLUICE_DIALECT_FLOW_IR_FLOWTYPES_H
