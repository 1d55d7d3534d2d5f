//===- EncodingInterfaces.h - iree_encoding interfaces ----------*- C++ -*-===//
//
// `SerializableAttr`, `LayoutResolverAttr` and `EncodingTypeInterface`
// (encoding.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES_H
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

#include <optional>

#include "sluice/Dialect/Encoding/IR/EncodingAttrInterfaces.h.inc"
#include "sluice/Dialect/Encoding/IR/EncodingTypeInterfaces.h.inc"

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGINTERFACES_H
