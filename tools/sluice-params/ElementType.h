//===- ElementType.h - HAL-style shape/element type parsing
//-----------------===//
//
// `4x1024xf32`-style shape-types and element values, as the reference tools
// parse them (parameter-runtime.md §12.2).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_TOOLS_SLUICE_PARAMS_ELEMENTTYPE_H
#define SLUICE_TOOLS_SLUICE_PARAMS_ELEMENTTYPE_H

#include "sluice/Runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::params {

struct ElementType {
  enum class Kind { Signless, Signed, Unsigned, Float, BFloat, Opaque };
  Kind kind = Kind::Signless;
  unsigned bits = 0;
  std::string name;
};

/// Parses an element type name: i8/si8/ui8/f16/f32/f64/bf16/x32, ...
runtime::Expected<ElementType> parseElementType(std::string_view text);

struct ShapeType {
  std::vector<uint64_t> dims;
  ElementType type;
  uint64_t elementBytes = 0;
  uint64_t storageBytes = 0;
};

/// Parses `4x1024xf32` or `f32` (at most 16 dims). Requires a byte-aligned
/// element type with a non-zero bit count.
runtime::Expected<ShapeType> parseShapeType(std::string_view text);

/// Encodes `value` as one little-endian element of `type` (byte-aligned).
runtime::Expected<std::string> parseElementValue(const ElementType &type,
                                                 std::string_view value);

/// The reference message for non byte-aligned types.
runtime::Status subByteTypeError();

} // namespace sluice::params

#endif // SLUICE_TOOLS_SLUICE_PARAMS_ELEMENTTYPE_H
