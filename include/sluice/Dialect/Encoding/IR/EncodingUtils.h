//===- EncodingUtils.h - encoding helpers shared by the passes --*- C++ -*-===//
//
// The free helpers of encoding.md §3.5 (which encoding a tensor type carries,
// element packing, storage element types, byte sizes and byte offsets) and
// the dense size arithmetic that several encodings share (§4.4, §4.9).
// Used by the stream IR (clone compatibility, encode folding) and by the
// encoding passes (stream-passes-1.md §7).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGUTILS_H
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

namespace sluice::iree_encoding {

class EncodingAttr;

/// The encoding of `type` if it is a ranked tensor whose encoding implements
/// SerializableAttr, else null. A non-null result is what the stream passes
/// call a "recognized encoding".
SerializableAttr getSerializableAttr(mlir::Type type);

/// The encoding of `type` if it is an `#iree_encoding.encoding`, else null.
EncodingAttr getEncodingAttr(mlir::Type type);

/// True iff `type` is a ranked tensor whose encoding is exactly
/// `#iree_encoding.packed_storage` (not nested in a layout).
bool hasPackedStorageAttr(mlir::Type type);

/// True iff the type has no encoding, or a serializable encoding with an
/// identity layout (`identity`, all-zero `padding`, a `layout` of identity
/// layouts). Non-tensor types and non-serializable encodings are not.
bool isIdentityLayout(mlir::Type type);

/// `packs(bits, packedStorage)`: (packedStorage and bits == 1) or (bits < 8,
/// bits a power of two, bits != 1).
bool needToPackSubByteElementBitWidth(unsigned bitWidth, bool packedStorage);

/// `packs` for the element type of `type`, honouring packed storage.
bool needToPackSubByteElements(mlir::RankedTensorType type);

/// `storageElementType(T)`: non-integers unchanged; an integer that packs
/// unchanged; otherwise the integer of width 8·roundedElementByteWidth with
/// the same signedness (i1 → i8, i3 → i8, i33 → i64).
mlir::Type legalizeStorageElementType(mlir::RankedTensorType type);

/// `alignedType(T)`: T with its storage element type (encoding kept).
mlir::RankedTensorType alignTensorType(mlir::RankedTensorType type);

/// `byteSize(T, dims)`: delegates to a serializable encoding's
/// calculateStorageSizeInBytes (whatever it returns); otherwise the dense
/// rule of stream-passes-1.md §7.2. Null when no value exists.
mlir::Value calculateStorageElementCountInBytes(mlir::Location loc,
                                                mlir::RankedTensorType type,
                                                mlir::ValueRange dynamicDims,
                                                mlir::OpBuilder &builder);

/// Converts a linear element index into a byte offset: divides by 8/bits for
/// packed storage elements, multiplies by the storage byte width otherwise
/// (both created with fold). Never consults other encodings.
mlir::Value calculateStorageElementOffsetInBytes(mlir::Location loc,
                                                 mlir::RankedTensorType type,
                                                 mlir::Value linearIndex,
                                                 mlir::OpBuilder &builder);

/// The dense size of `type` with `padding[i]` elements appended to each
/// dimension (all zero when `padding` is empty): encoding.md §4.4 / §4.9,
/// including Sluice's packed count for i2/i4 elements. Null when the padding
/// length differs from the rank, a padding entry is dynamic, or a static
/// sub-byte tensor does not fill whole bytes.
mlir::Value calculatePaddedDenseSizeInBytes(mlir::Location loc,
                                            mlir::OpBuilder &builder,
                                            mlir::RankedTensorType type,
                                            mlir::ValueRange dynamicDims,
                                            llvm::ArrayRef<int64_t> padding);

/// The maximum of the sizes of `layouts` (encoding.md §4.8): each size in
/// list order, folded left with `arith.maxui`. A layout that is not
/// serializable contributes the identity size when `identityForOthers`,
/// and makes the result null otherwise. Null for an empty list.
mlir::Value calculateMaxLayoutSizeInBytes(mlir::Location loc,
                                          mlir::OpBuilder &builder,
                                          mlir::RankedTensorType type,
                                          mlir::ValueRange dynamicDims,
                                          mlir::ArrayAttr layouts,
                                          bool identityForOthers);

} // namespace sluice::iree_encoding

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGUTILS_H
