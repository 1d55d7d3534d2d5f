//===- HalfFloat.h - f16 / bf16 <-> f32 conversions -------------*- C++ -*-===//
//
// Header-only, shared by the buffer-view formatter/parser (runtime/Module) and
// sluice-params' splat values. Narrowing rounds to nearest even; NaNs stay
// NaNs (quiet), overflow goes to infinity, f16 subnormals are produced and
// read.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_HALFFLOAT_H
#define SLUICE_RUNTIME_ARCHIVE_HALFFLOAT_H

#include <cstdint>
#include <cstring>

namespace sluice::runtime {

/// IEEE half -> float (exact).
inline float halfToFloat(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31;
  uint32_t exponent = (h >> 10) & 0x1F;
  uint32_t mantissa = h & 0x3FF;
  uint32_t bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else { // subnormal: normalize
      exponent = 127 - 15 + 1;
      while (!(mantissa & 0x400)) {
        mantissa <<= 1;
        --exponent;
      }
      mantissa &= 0x3FF;
      bits = sign | (exponent << 23) | (mantissa << 13);
    }
  } else if (exponent == 0x1F) {
    bits = sign | 0x7F800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// float -> IEEE half, round to nearest even.
inline uint16_t floatToHalf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t sign = (bits >> 16) & 0x8000;
  int32_t exponent = (int32_t)((bits >> 23) & 0xFF) - 127 + 15;
  uint32_t mantissa = bits & 0x7FFFFF;
  if (((bits >> 23) & 0xFF) == 0xFF) // inf / nan
    return (uint16_t)(sign | 0x7C00 | (mantissa ? 0x200 : 0));
  if (exponent >= 0x1F)
    return (uint16_t)(sign | 0x7C00);
  if (exponent <= 0) {
    if (exponent < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exponent);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      ++half;
    return (uint16_t)(sign | half);
  }
  uint32_t half = sign | ((uint32_t)exponent << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1FFF;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent: correct rounding to inf
  return (uint16_t)half;
}

/// bfloat16 -> float (exact).
inline float bf16ToFloat(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// float -> bfloat16, round to nearest even.
inline uint16_t floatToBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7FFFFFFF) > 0x7F800000) // nan: keep it a nan
    return (uint16_t)((bits >> 16) | 0x40);
  uint32_t rounding = 0x7FFF + ((bits >> 16) & 1);
  return (uint16_t)((bits + rounding) >> 16);
}

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_ARCHIVE_HALFFLOAT_H
