//===- TransientsStorage.h - attributes of external transient storage -*-
// C++ -*-===//
//
// Discardable attributes that --iree-stream-emplace-transients
// (reference-compat=false) puts on the ops reading an external transient
// storage buffer, and that later lowerings honour.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_TRANSIENTSSTORAGE_H
#define SLUICE_DIALECT_STREAM_IR_TRANSIENTSSTORAGE_H

#include "llvm/ADT/StringRef.h"

namespace sluice::stream {

/// external-transients.md §9.10: unit attribute on `stream.tensor.import`:
/// the source may be a null reference when `result_size` is 0. The HAL
/// conversion then emits the import's `hal.buffer.assert` (and the
/// `hal.buffer_view.buffer` of a view source) only when `result_size` is not
/// 0, so a null buffer of size 0 is never read.
inline constexpr llvm::StringLiteral kNullIfEmptyAttr = "sluice.null_if_empty";

/// external-transients.md §9.9: i64 attribute on `hal.buffer.assert`: after
/// the assertion, a non-null buffer's byte offset in its allocation must be
/// a multiple of this alignment, else INVALID_ARGUMENT «<message> buffer byte
/// offset <o> is not a multiple of the required alignment <a>».
inline constexpr llvm::StringLiteral kStorageAlignmentAttr =
    "sluice.storage_alignment";

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_IR_TRANSIENTSSTORAGE_H
