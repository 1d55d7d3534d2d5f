//===- BuiltinAttrModels.h - util interfaces on builtin attrs ---*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_BUILTINATTRMODELS_H
#define SLUICE_DIALECT_UTIL_IR_BUILTINATTRMODELS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Endian.h"

namespace mlir {
class Location;
class MLIRContext;
} // namespace mlir

namespace sluice::util {

/// Attaches SizedStorageAttr/SerializableAttrInterface to dense elements,
/// dense resources and strings. Called when the util dialect loads.
void attachBuiltinAttrModels(mlir::MLIRContext *context);

/// Serializes bytes [byteOffset, byteOffset + buffer.size()) of the rounded
/// physical layout of `attr`, without materializing the rest (used to
/// stream large constants).
mlir::LogicalResult
serializeDenseElementsRange(mlir::Location loc,
                            mlir::DenseIntOrFPElementsAttr attr,
                            llvm::endianness endian, uint64_t byteOffset,
                            llvm::MutableArrayRef<char> buffer);

/// Serializes dense elements in their rounded physical layout.
mlir::LogicalResult serializeDenseElements(mlir::Location loc,
                                           mlir::DenseIntOrFPElementsAttr attr,
                                           llvm::endianness endian,
                                           llvm::MutableArrayRef<char> buffer);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_BUILTINATTRMODELS_H
