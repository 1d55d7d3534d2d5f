//===- Json.h - Minimal conforming JSON parser (private)
//--------------------===//
//
// RFC 8259 parser for safetensors headers: UTF-8 validation, escapes decoded
// (including surrogate pairs), depth limit, duplicate object members
// rejected. Numbers keep their text; integers that fit u64 are decoded.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_JSON_H
#define SLUICE_RUNTIME_ARCHIVE_JSON_H

#include "sluice/Runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sluice::runtime::archive::detail {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  std::string text;   // String: decoded bytes; Number: literal text
  bool isU64 = false; // Number is a non-negative integer that fits u64
  uint64_t u64 = 0;
  std::vector<JsonValue> items;
  /// Object members in document order (names decoded).
  std::vector<std::string> memberNames;
  std::vector<JsonValue> memberValues;

  const JsonValue *member(std::string_view name) const {
    for (size_t i = 0; i < memberNames.size(); ++i)
      if (memberNames[i] == name)
        return &memberValues[i];
    return nullptr;
  }
};

/// Parses `text` (the whole input must be one value with optional
/// surrounding whitespace). `maxDepth` bounds array/object nesting.
Expected<JsonValue> parseJson(std::string_view text, int maxDepth = 64);

} // namespace sluice::runtime::archive::detail

#endif // SLUICE_RUNTIME_ARCHIVE_JSON_H
