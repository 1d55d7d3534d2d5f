//===- BufferView.h - Buffer views: create, assert, format, parse ---------===//
//
// A sluice_buffer_view_t is a heap block laid out as sluice_buffer_view_abi_t
// (header, retained buffer, element type, encoding, rank, shape[rank]);
// compiled code reads its fields inline (execution.md §3.2). Private to
// runtime/Module.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_MODULE_BUFFERVIEW_H
#define SLUICE_RUNTIME_MODULE_BUFFERVIEW_H

#include "sluice/Runtime/Core/CApiHandles.h"
#include "sluice/Runtime/Module/ModuleAbi.h"
#include "sluice/Runtime/Status.h"

#include <string>
#include <string_view>

namespace sluice::runtime::module {

inline sluice_buffer_view_abi_t *abiOf(sluice_buffer_view_t *view) {
  return reinterpret_cast<sluice_buffer_view_abi_t *>(view);
}

/// hal.element_type encoding helpers (support-dialects.md §2.5.7).
uint32_t elementBits(uint32_t elementType);
uint32_t elementNumericalType(uint32_t elementType);
/// Storage bytes of one element (bits rounded up to bytes; i1 is one byte).
uint64_t elementByteSize(uint32_t elementType);
/// MLIR spelling ("f32", "i8", "bf16", "si32", "ui8", "i1", "complex<f32>",
/// "f8E4M3FN"); "opaque<bits>" / "unknown(0x...)" otherwise.
std::string elementTypeName(uint32_t elementType);
/// The encoding of a grammar element name (i1 i8 i16 i32 i64 si*/ui*
/// f16 bf16 f32 f64); 0 when unknown.
uint32_t elementTypeFromName(std::string_view name);

/// Dims joined by 'x' ("2x3"; "" for rank 0).
std::string shapeString(uint32_t rank, const int64_t *shape);

/// A new view (count 1) over `buffer` (retained). Checks rank ≤ 16,
/// non-negative dims and that the buffer holds the elements.
Expected<sluice_buffer_view_t *>
createView(sluice_buffer_t *buffer, uint32_t elementType, uint32_t encodingType,
           uint32_t rank, const int64_t *shape);
/// Frees a view whose count reached zero (releases its buffer).
void destroyView(sluice_buffer_view_t *view);

/// hal.buffer_view.assert (execution.md §3.4 import 20).
Status assertView(sluice_buffer_view_t *view, std::string_view message,
                  uint32_t elementType, uint32_t encodingType, uint32_t rank,
                  const int64_t *shape);
/// hal.buffer.assert (import 16).
Status assertBuffer(sluice_buffer_t *buffer, std::string_view message,
                    uint64_t minimumLength, uint32_t memoryType,
                    uint32_t usage);

/// `<d0>x...x<elem>=<elements>` (execution.md §6.2), at most `maxElements`
/// elements in total.
Expected<std::string> formatView(sluice_buffer_view_t *view,
                                 size_t maxElements);
/// The tensor form of the §6.2 input grammar, into a new buffer of `device`.
Expected<sluice_buffer_view_t *> parseView(Device &device,
                                           std::string_view text);
/// A new mappable device buffer holding a copy of `data` (NULL = zeros) and
/// a view over it.
Expected<sluice_buffer_view_t *>
allocateView(Device &device, uint32_t elementType, uint32_t rank,
             const int64_t *shape, const void *data, size_t dataLength);

} // namespace sluice::runtime::module

#endif // SLUICE_RUNTIME_MODULE_BUFFERVIEW_H
