//===- ElementType.cpp - HAL-style shape/element type parsing
//---------------===//

#include "ElementType.h"

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

Expected<ElementType> parseElementType(std::string_view text) {
  ElementType type;
  type.name = std::string(text);
  std::string_view digits;
  if (text.substr(0, 2) == "si") {
    type.kind = ElementType::Kind::Signed;
    digits = text.substr(2);
  } else if (text.substr(0, 2) == "ui") {
    type.kind = ElementType::Kind::Unsigned;
    digits = text.substr(2);
  } else if (text.substr(0, 2) == "bf") {
    type.kind = ElementType::Kind::BFloat;
    digits = text.substr(2);
  } else if (!text.empty() && text[0] == 'i') {
    type.kind = ElementType::Kind::Signless;
    digits = text.substr(1);
  } else if (!text.empty() && text[0] == 'f') {
    type.kind = ElementType::Kind::Float;
    digits = text.substr(1);
  } else if (!text.empty() && text[0] == 'x') {
    type.kind = ElementType::Kind::Opaque;
    digits = text.substr(1);
  } else {
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported element type '%.*s'", (int)text.size(),
                      text.data());
  }
  if (digits.empty() || digits.size() > 4 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported element type '%.*s'", (int)text.size(),
                      text.data());
  type.bits = (unsigned)std::strtoul(std::string(digits).c_str(), nullptr, 10);
  if ((type.kind == ElementType::Kind::Float && type.bits != 16 &&
       type.bits != 32 && type.bits != 64) ||
      (type.kind == ElementType::Kind::BFloat && type.bits != 16))
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported element type '%.*s'", (int)text.size(),
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

/// float -> IEEE half, round to nearest even.
static uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exponent = (int32_t)((x >> 23) & 0xFF);
  uint32_t mantissa = x & 0x7FFFFF;
  if (exponent == 0xFF) // inf/nan
    return (uint16_t)(sign | 0x7C00 | (mantissa ? 0x200 : 0));
  int32_t e = exponent - 127 + 15;
  if (e >= 31)
    return (uint16_t)(sign | 0x7C00);
  if (e <= 0) {
    if (e < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000;
    uint32_t shift = (uint32_t)(14 - e);
    uint32_t half = mantissa >> shift;
    uint32_t rem = mantissa & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1)))
      ++half;
    return (uint16_t)(sign | half);
  }
  uint32_t half = ((uint32_t)e << 10) | (mantissa >> 13);
  uint32_t rem = mantissa & 0x1FFF;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is correct
  return (uint16_t)(sign | half);
}

static uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7FFFFFFF) > 0x7F800000)
    return (uint16_t)((x >> 16) | 0x40);
  uint32_t rounding = 0x7FFF + ((x >> 16) & 1);
  return (uint16_t)((x + rounding) >> 16);
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
  char *end = nullptr;
  errno = 0;
  switch (type.kind) {
  case ElementType::Kind::Float: {
    if (type.bits == 64) {
      double d = std::strtod(text.c_str(), &end);
      if (*end)
        return invalid();
      std::memcpy(out.data(), &d, 8);
    } else {
      float f = std::strtof(text.c_str(), &end);
      if (*end)
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
    if (*end)
      return invalid();
    uint16_t h = floatToBf16(f);
    std::memcpy(out.data(), &h, 2);
    return out;
  }
  default:
    break;
  }
  // Integers (and opaque types, parsed as unsigned integers). Values wider
  // than 64 bits are sign/zero-extended.
  bool negative = text[0] == '-';
  uint64_t bits;
  if (negative) {
    if (type.kind == ElementType::Kind::Unsigned ||
        type.kind == ElementType::Kind::Opaque)
      return invalid();
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (*end || errno == ERANGE)
      return invalid();
    if (type.bits < 64 && v < -(1ll << (type.bits - 1)))
      return makeStatus(StatusCode::OutOfRange, "value %s out of range for %s",
                        text.c_str(), type.name.c_str());
    bits = (uint64_t)v;
  } else {
    unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (*end || errno == ERANGE)
      return invalid();
    uint64_t limit = type.bits >= 64 ? UINT64_MAX
                     : type.kind == ElementType::Kind::Signed
                         ? (1ull << (type.bits - 1)) - 1
                         : (1ull << type.bits) - 1;
    if (type.kind == ElementType::Kind::Signed && type.bits == 64)
      limit = INT64_MAX;
    if (v > limit)
      return makeStatus(StatusCode::OutOfRange, "value %s out of range for %s",
                        text.c_str(), type.name.c_str());
    bits = v;
  }
  for (size_t i = 0; i < bytes; ++i)
    out[i] = i < 8 ? (char)(bits >> (8 * i)) : (negative ? (char)0xFF : 0);
  return out;
}

} // namespace sluice::params
