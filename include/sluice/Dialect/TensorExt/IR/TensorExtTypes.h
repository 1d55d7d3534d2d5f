//===- TensorExtTypes.h - iree_tensor_ext types -----------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTTYPES_H
#define SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Types.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

#include <cstdint>

namespace sluice::iree_tensor_ext {

/// How a dispatch may access a dispatch tensor.
enum class TensorAccess : uint32_t {
  ReadOnly = 0,
  ReadWrite = 1,
  WriteOnly = 2,
};

} // namespace sluice::iree_tensor_ext

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h.inc"

namespace sluice::iree_tensor_ext {

/// Dynamic dims a value of `type` carries in a flow-style dims list: the
/// dynamic dims of a ranked shaped type or of a dispatch tensor; 0 otherwise.
unsigned getDynamicDimCount(mlir::Type type);

/// The common dims check of flow and iree_tensor_ext ops
/// (support-dialects.md §3.3): `dims` must hold exactly the dynamic dims of
/// `values`.
mlir::LogicalResult verifyOpDynamicDims(mlir::Operation *op,
                                        mlir::ValueRange values,
                                        mlir::ValueRange dims);
/// The same for a list of types.
mlir::LogicalResult verifyOpDynamicDims(mlir::Operation *op,
                                        mlir::TypeRange types,
                                        mlir::ValueRange dims);

} // namespace sluice::iree_tensor_ext

#endif // SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTTYPES_H
