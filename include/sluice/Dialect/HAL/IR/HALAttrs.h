//===- HALAttrs.h - hal attributes ------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALATTRS_H
#define SLUICE_DIALECT_HAL_IR_HALATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include <optional>

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/HAL/IR/HALAttrs.h.inc"

namespace sluice::hal {

/// True for `#hal.device.affinity`, `#hal.device.promise` and
/// `#hal.device.optimal`.
bool isHALAffinityAttr(mlir::Attribute attr);

/// The device key of an affinity (§2.4.4): the leaf symbol name of a
/// `#hal.device.affinity`, the name of a `#hal.device.promise`; nullopt for
/// anything else.
std::optional<llvm::StringRef> getAffinityDeviceKey(mlir::Attribute attr);

/// Dispatches `isExecutableWith`/`joinOR`/`joinAND` on a HAL affinity
/// attribute (`self` must satisfy isHALAffinityAttr).
bool isAffinityExecutableWith(mlir::Attribute self, mlir::Attribute other);
mlir::Attribute joinAffinityOR(mlir::Attribute self, mlir::Attribute other);
mlir::Attribute joinAffinityAND(mlir::Attribute self, mlir::Attribute other);

/// Stream's `canExecuteTogether(a, b)`: a == b, exactly one is null, or
/// `a.isExecutableWith(b)`.
bool canAffinitiesExecuteTogether(mlir::Attribute a, mlir::Attribute b);

/// Stream's `AffinityAttr::lookup(op)`, used by the inlining policies. The
/// stream dialect installs its implementation with setAffinityLookupFn when
/// it is registered; until then the default walks `op` and its ancestors for
/// a discardable `stream.affinity` attribute holding a HAL affinity.
using AffinityLookupFn = mlir::Attribute (*)(mlir::Operation *op);
void setAffinityLookupFn(AffinityLookupFn fn);
mlir::Attribute lookupAffinity(mlir::Operation *op);

/// Replaces every character outside [A-Za-z0-9_] with `_`.
std::string sanitizeSymbolName(llvm::StringRef name);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_IR_HALATTRS_H
