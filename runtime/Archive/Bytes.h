//===- Bytes.h - Little-endian loads/stores and checked arithmetic
//---------===//
//
// Private helper for the archive library. All loads are unaligned (memcpy)
// and little-endian.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_BYTES_H
#define SLUICE_RUNTIME_ARCHIVE_BYTES_H

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sluice::runtime::archive::detail {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "Sluice archive code assumes a little-endian host");

inline uint16_t load16(const void *p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
inline uint32_t load32(const void *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline uint64_t load64(const void *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline void store16(void *p, uint16_t v) { std::memcpy(p, &v, 2); }
inline void store32(void *p, uint32_t v) { std::memcpy(p, &v, 4); }
inline void store64(void *p, uint64_t v) { std::memcpy(p, &v, 8); }

inline void append16(std::string &s, uint16_t v) {
  s.append(reinterpret_cast<const char *>(&v), 2);
}
inline void append32(std::string &s, uint32_t v) {
  s.append(reinterpret_cast<const char *>(&v), 4);
}
inline void append64(std::string &s, uint64_t v) {
  s.append(reinterpret_cast<const char *>(&v), 8);
}

/// a + b, returning false on u64 overflow.
inline bool checkedAdd(uint64_t a, uint64_t b, uint64_t &out) {
  return !__builtin_add_overflow(a, b, &out);
}
inline bool checkedMul(uint64_t a, uint64_t b, uint64_t &out) {
  return !__builtin_mul_overflow(a, b, &out);
}
/// True when [offset, offset+length) lies inside [0, limit), in checked math.
inline bool rangeFits(uint64_t offset, uint64_t length, uint64_t limit) {
  return offset <= limit && length <= limit - offset;
}
/// Rounds `v` up to a multiple of `a` (any non-zero a); false on overflow.
inline bool checkedAlignUp(uint64_t v, uint64_t a, uint64_t &out) {
  if (a <= 1) {
    out = v;
    return true;
  }
  uint64_t rem = v % a;
  if (rem == 0) {
    out = v;
    return true;
  }
  return checkedAdd(v, a - rem, out);
}
/// Power-of-two align for values known not to overflow.
inline uint64_t alignPow2(uint64_t v, uint64_t a) {
  return (v + (a - 1)) & ~(a - 1);
}
inline bool isPow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

/// Quotes arbitrary key bytes for messages (non-printable bytes as \xNN).
std::string printable(std::string_view bytes);

} // namespace sluice::runtime::archive::detail

#endif // SLUICE_RUNTIME_ARCHIVE_BYTES_H
