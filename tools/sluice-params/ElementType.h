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
  enum class Kind {
    Signless,
    Signed,
    Unsigned,
    Float,
    BFloat,
    Opaque,
    Complex
  };
  Kind kind = Kind::Signless;
  unsigned bits = 0;
  std::string name;

  /// True when values of this type are spelled as hex bytes, as the
  /// reference's HAL element parser does for every type it has no numeric
  /// parser for: opaque `xN` (and `*N`), complex `cN`, and integer/float
  /// widths other than i8/i16/i32/i64 (signless, si, ui), f16/f32/f64 and
  /// bf16 (e.g. i128, f8, f128).
  bool isBinary() const;
};

/// Parses an element type name: a prefix `i`, `si`, `ui`, `f`, `bf`, `x` or
/// `*` (opaque), `c` (complex) followed by a decimal bit count 1..255.
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

/// Encodes `value` as one element of `type` (byte-aligned), byte-identical
/// to the reference's HAL element parser for every value it accepts:
///  * integers: C `strtol` base 0 spellings, i.e. decimal, `0x`/`0X` hex and
///    `0`-prefixed octal, optionally negative; stored little-endian;
///  * f16/f32/f64/bf16: C `strtof`/`strtod` spellings (decimal, exponent,
///    hex floats, inf, nan), rounded to nearest even;
///  * binary types (ElementType::isBinary): exactly 2 hex digits per byte,
///    stored in the order written (`x32=CAFEF00D` is bytes CA FE F0 0D).
/// Unlike the reference, trailing characters, out-of-range integers and
/// non-hex digits are errors instead of being ignored or truncated.
runtime::Expected<std::string> parseElementValue(const ElementType &type,
                                                 std::string_view value);

/// The reference message for non byte-aligned types.
runtime::Status subByteTypeError();

} // namespace sluice::params

#endif // SLUICE_TOOLS_SLUICE_PARAMS_ELEMENTTYPE_H
