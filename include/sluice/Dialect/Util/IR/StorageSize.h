//===- StorageSize.h - storage-size arithmetic ------------------*- C++ -*-===//
//
// How many bytes values of a type occupy in memory (support-dialects.md
// §1.3.9). Shared by util, flow, stream and hal verifiers and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_STORAGESIZE_H
#define SLUICE_DIALECT_UTIL_IR_STORAGESIZE_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Types.h"

#include <cstdint>

namespace sluice::util {

/// `(v + a - 1) & ~(a - 1)` for a power-of-two `a`.
inline uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) & ~(alignment - 1);
}

/// Logical bit width: complex<E> is 2x E, vector<n x E> is n x E.
uint64_t getTypeBitWidth(mlir::Type type);

/// The bit width of the physical word holding values of `type`.
uint64_t getPhysicalStorageBitWidth(mlir::Type type);

/// Bytes per element once rounded up to a power of two.
uint64_t getRoundedElementByteWidth(mlir::Type type);

/// Bytes needed to store `count` elements of `elementType`, sub-byte types
/// bit-packed into physical words.
uint64_t getRoundedPhysicalStorageSize(uint64_t count, mlir::Type elementType);

/// The same for every element of a statically shaped type.
uint64_t getRoundedPhysicalStorageSize(mlir::ShapedType type);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_STORAGESIZE_H
