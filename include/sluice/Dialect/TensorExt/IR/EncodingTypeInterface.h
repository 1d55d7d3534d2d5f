//===- EncodingTypeInterface.h - iree_encoding type iface -------*- C++ -*-===//
//
// `sluice::iree_encoding::EncodingTypeInterface` (support-dialects.md §6.7).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE_H
#define SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"

#include "sluice/Dialect/TensorExt/IR/EncodingTypeInterface.h.inc"

#endif // SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE_H
