//===- ElementType.cpp - HAL-style shape/element type parsing
//---------------===//

#include "ElementType.h"

#include "sluice/Runtime/Archive/HalfFloat.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace sluice::params {

using namespace sluice::runtime;

Status subByteTypeError() {
  return Status(StatusCode::InvalidArgument,
                "opaque and sub-byte aligned element types cannot currently be "
                "used as splats; use a bitcast type (2xi4=1xi8, etc)");
}

bool ElementType::isBinary() const {
  switch (kind) {
  case Kind::Signless:
  case Kind::Signed:
  case Kind::Unsigned:
    return bits != 8 && bits != 16 && bits != 32 && bits != 64;
  case Kind::Float:
    return bits != 16 && bits != 32 && bits != 64;
  case Kind::BFloat:
    return bits != 16;
  case Kind::Opaque:
  case Kind::Complex:
    return true;
  }
  return true;
}

Expected<ElementType> parseElementType(std::string_view text) {
  ElementType type;
  type.name = std::string(text);
  static const struct {
    const char *prefix;
    ElementType::Kind kind;
  } kPrefixes[] = {
      {"si", ElementType::Kind::Signed}, {"ui", ElementType::Kind::Unsigned},
      {"bf", ElementType::Kind::BFloat}, {"i", ElementType::Kind::Signless},
      {"f", ElementType::Kind::Float},   {"x", ElementType::Kind::Opaque},
      {"*", ElementType::Kind::Opaque},  {"c", ElementType::Kind::Complex},
  };
  std::string_view digits;
  bool matched = false;
  for (const auto &p : kPrefixes) {
    std::string_view prefix = p.prefix;
    if (text.substr(0, prefix.size()) == prefix) {
      type.kind = p.kind;
      digits = text.substr(prefix.size());
      matched = true;
      break;
    }
  }
  if (!matched || digits.empty() || digits.size() > 3 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported element type '%.*s'", (int)text.size(),
                      text.data());
  type.bits = (unsigned)std::strtoul(std::string(digits).c_str(), nullptr, 10);
  if (type.bits > 255)
    return makeStatus(StatusCode::InvalidArgument,
                      "out of range bit count in '%.*s'", (int)text.size(),
                      text.data());
  return type;
}

Expected<ShapeType> parseShapeType(std::string_view text) {
  ShapeType out;
  std::string_view rest = text;
  while (!rest.empty() && rest[0] >= '0' && rest[0] <= '9') {
    size_t x = rest.find('x');
    if (x == std::string_view::npos)
      return makeStatus(StatusCode::InvalidArgument,
                        "invalid shape-type '%.*s'; expected e.g. 4x1024xf32",
                        (int)text.size(), text.data());
    std::string_view dim = rest.substr(0, x);
    if (dim.find_first_not_of("0123456789") != std::string_view::npos ||
        dim.size() > 19)
      return makeStatus(StatusCode::InvalidArgument,
                        "invalid dimension '%.*s' in shape-type '%.*s'",
                        (int)dim.size(), dim.data(), (int)text.size(),
                        text.data());
    out.dims.push_back(std::strtoull(std::string(dim).c_str(), nullptr, 10));
    if (out.dims.size() > 16)
      return makeStatus(StatusCode::InvalidArgument,
                        "shape-type '%.*s' has more than 16 dimensions",
                        (int)text.size(), text.data());
    rest = rest.substr(x + 1);
  }
  auto type = parseElementType(rest);
  if (!type)
    return type.takeStatus();
  out.type = *type;
  if (out.type.bits == 0 || out.type.bits % 8 != 0)
    return subByteTypeError();
  out.elementBytes = out.type.bits / 8;
  uint64_t bytes = out.elementBytes;
  for (uint64_t d : out.dims)
    if (__builtin_mul_overflow(bytes, d, &bytes))
      return makeStatus(StatusCode::InvalidArgument,
                        "shape-type '%.*s' storage size overflows",
                        (int)text.size(), text.data());
  out.storageBytes = bytes;
  return out;
}

static int hexDigit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

Expected<std::string> parseElementValue(const ElementType &type,
                                        std::string_view value) {
  std::string text(value);
  auto invalid = [&] {
    return makeStatus(StatusCode::InvalidArgument, "failed to parse '%s' as %s",
                      text.c_str(), type.name.c_str());
  };
  if (text.empty())
    return invalid();
  size_t bytes = type.bits / 8;
  std::string out(bytes, '\0');
  if (type.isBinary()) {
    if (text.size() != 2 * bytes)
      return makeStatus(StatusCode::InvalidArgument,
                        "binary hex element count mismatch: buffer length=%zu "
                        "< expected=%zu (%s values are %zu hex digits, e.g. "
                        "%s=%s)",
                        text.size(), 2 * bytes, type.name.c_str(), 2 * bytes,
                        type.name.c_str(), std::string(2 * bytes, '0').c_str());
    for (size_t i = 0; i < bytes; ++i) {
      int hi = hexDigit(text[2 * i]), lo = hexDigit(text[2 * i + 1]);
      if (hi < 0 || lo < 0)
        return makeStatus(StatusCode::InvalidArgument,
                          "failed to parse '%s' as %s: '%c' is not a hex digit",
                          text.c_str(), type.name.c_str(),
                          text[2 * i + (hi < 0 ? 0 : 1)]);
      out[i] = (char)((hi << 4) | lo);
    }
    return out;
  }
  char *end = nullptr;
  errno = 0;
  switch (type.kind) {
  case ElementType::Kind::Float: {
    if (type.bits == 64) {
      double d = std::strtod(text.c_str(), &end);
      if (*end || end == text.c_str())
        return invalid();
      std::memcpy(out.data(), &d, 8);
    } else {
      float f = std::strtof(text.c_str(), &end);
      if (*end || end == text.c_str())
        return invalid();
      if (type.bits == 32) {
        std::memcpy(out.data(), &f, 4);
      } else {
        uint16_t h = floatToHalf(f);
        std::memcpy(out.data(), &h, 2);
      }
    }
    return out;
  }
  case ElementType::Kind::BFloat: {
    float f = std::strtof(text.c_str(), &end);
    if (*end || end == text.c_str())
      return invalid();
    uint16_t h = floatToBf16(f);
    std::memcpy(out.data(), &h, 2);
    return out;
  }
  default:
    break;
  }
  // Integers, with strtol's base-0 spellings (as the reference: decimal,
  // 0x hex, 0-prefixed octal).
  if (std::isspace((unsigned char)text[0]) || text[0] == '+')
    return invalid();
  bool negative = text[0] == '-';
  uint64_t bits;
  if (negative) {
    if (type.kind == ElementType::Kind::Unsigned)
      return invalid();
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (*end || end == text.c_str())
      return invalid();
    if (errno == ERANGE || (type.bits < 64 && v < -(1ll << (type.bits - 1))))
      return makeStatus(StatusCode::OutOfRange, "value %s out of range for %s",
                        text.c_str(), type.name.c_str());
    bits = (uint64_t)v;
  } else {
    unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (*end || end == text.c_str())
      return invalid();
    uint64_t limit = type.bits >= 64 ? UINT64_MAX
                     : type.kind == ElementType::Kind::Signed
                         ? (1ull << (type.bits - 1)) - 1
                         : (1ull << type.bits) - 1;
    if (type.kind == ElementType::Kind::Signed && type.bits == 64)
      limit = INT64_MAX;
    if (errno == ERANGE || v > limit)
      return makeStatus(StatusCode::OutOfRange, "value %s out of range for %s",
                        text.c_str(), type.name.c_str());
    bits = v;
  }
  for (size_t i = 0; i < bytes; ++i)
    out[i] = (char)(bits >> (8 * i));
  return out;
}

} // namespace sluice::params
