//===- Checksum.cpp - CRC32C and SHA-256
//-----------------------------------===//

#include "sluice/Runtime/Archive/Checksum.h"

#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace sluice::runtime::archive {

//===----------------------------------------------------------------------===//
// CRC32C: slicing-by-8 tables, plus the SSE4.2 instruction when available.
//===----------------------------------------------------------------------===//

namespace {

struct Crc32cTables {
  uint32_t t[8][256];
  Crc32cTables() {
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
      t[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; ++i)
      for (int s = 1; s < 8; ++s)
        t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
  }
};

const Crc32cTables &tables() {
  static const Crc32cTables instance;
  return instance;
}

uint32_t crc32cSoftware(uint32_t crc, const uint8_t *p, size_t n) {
  const auto &t = tables().t;
  while (n >= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    uint32_t lo = (uint32_t)word ^ crc;
    uint32_t hi = (uint32_t)(word >> 32);
    crc = t[7][lo & 0xFF] ^ t[6][(lo >> 8) & 0xFF] ^ t[5][(lo >> 16) & 0xFF] ^
          t[4][lo >> 24] ^ t[3][hi & 0xFF] ^ t[2][(hi >> 8) & 0xFF] ^
          t[1][(hi >> 16) & 0xFF] ^ t[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n--)
    crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 0xFF];
  return crc;
}

#if defined(__x86_64__)
/// Raw register update (no pre/post inversion) with the SSE4.2 instruction.
__attribute__((target("sse4.2"))) uint32_t crc32cHardwareRaw(uint32_t crc,
                                                             const uint8_t *p,
                                                             size_t n) {
  uint64_t c = crc;
  while (n >= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
    p += 8;
    n -= 8;
  }
  uint32_t c32 = (uint32_t)c;
  while (n--)
    c32 = _mm_crc32_u8(c32, *p++);
  return c32;
}

// The crc32 instruction has a 3-cycle latency and a 1-cycle throughput, so
// three independent streams over consecutive kStreamBytes blocks run ~3x
// faster than one. The streams are recombined with the linear operator
// "append kStreamBytes zero bytes" (precomputed as byte tables):
//   raw(r, A||B) = shift(raw(r, A)) ^ raw(0, B).
constexpr size_t kStreamBytes = 4096;

struct ShiftTables {
  uint32_t t[4][256];
  ShiftTables() {
    static const uint8_t zeros[kStreamBytes] = {};
    uint32_t basis[32];
    for (int bit = 0; bit < 32; ++bit)
      basis[bit] = crc32cSoftware(1u << bit, zeros, kStreamBytes);
    for (int k = 0; k < 4; ++k)
      for (uint32_t b = 0; b < 256; ++b) {
        uint32_t v = 0;
        for (int bit = 0; bit < 8; ++bit)
          if (b & (1u << bit))
            v ^= basis[8 * k + bit];
        t[k][b] = v;
      }
  }
  uint32_t shift(uint32_t c) const {
    return t[0][c & 0xFF] ^ t[1][(c >> 8) & 0xFF] ^ t[2][(c >> 16) & 0xFF] ^
           t[3][c >> 24];
  }
};

const ShiftTables &shiftTables() {
  static const ShiftTables instance;
  return instance;
}

__attribute__((target("sse4.2"))) uint32_t crc32cHardware(uint32_t crc,
                                                          const uint8_t *p,
                                                          size_t n) {
  if (n >= 3 * kStreamBytes) {
    const ShiftTables &tables = shiftTables();
    while (n >= 3 * kStreamBytes) {
      uint64_t c0 = crc, c1 = 0, c2 = 0;
      const uint8_t *a = p, *b = p + kStreamBytes, *c = p + 2 * kStreamBytes;
      for (size_t i = 0; i < kStreamBytes; i += 8) {
        uint64_t wa, wb, wc;
        std::memcpy(&wa, a + i, 8);
        std::memcpy(&wb, b + i, 8);
        std::memcpy(&wc, c + i, 8);
        c0 = _mm_crc32_u64(c0, wa);
        c1 = _mm_crc32_u64(c1, wb);
        c2 = _mm_crc32_u64(c2, wc);
      }
      crc = tables.shift(tables.shift((uint32_t)c0) ^ (uint32_t)c1) ^
            (uint32_t)c2;
      p += 3 * kStreamBytes;
      n -= 3 * kStreamBytes;
    }
  }
  return crc32cHardwareRaw(crc, p, n);
}

bool haveSse42() {
  static const bool value = __builtin_cpu_supports("sse4.2");
  return value;
}
#endif

} // namespace

uint32_t crc32cPortable(uint32_t crc, const void *data, size_t length) {
  return ~crc32cSoftware(~crc, static_cast<const uint8_t *>(data), length);
}

uint32_t crc32c(uint32_t crc, const void *data, size_t length) {
  const auto *p = static_cast<const uint8_t *>(data);
  crc = ~crc;
#if defined(__x86_64__)
  if (haveSse42())
    return ~crc32cHardware(crc, p, length);
#endif
  return ~crc32cSoftware(crc, p, length);
}

//===----------------------------------------------------------------------===//
// SHA-256 (FIPS 180-4)
//===----------------------------------------------------------------------===//

namespace {
constexpr uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

inline uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
} // namespace

Sha256::Sha256() {
  static constexpr uint32_t init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                       0xa54ff53a, 0x510e527f, 0x9b05688c,
                                       0x1f83d9ab, 0x5be0cd19};
  std::memcpy(state_, init, sizeof(state_));
}

static void compressPortable(uint32_t *state_, const uint8_t *block) {
  uint32_t w[64];
  for (int i = 0; i < 16; ++i)
    w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
           (uint32_t)block[4 * i + 2] << 8 | (uint32_t)block[4 * i + 3];
  for (int i = 16; i < 64; ++i) {
    uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3],
           e = state_[4], f = state_[5], g = state_[6], h = state_[7];
  for (int i = 0; i < 64; ++i) {
    uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    uint32_t ch = (e & f) ^ (~e & g);
    uint32_t t1 = h + s1 + ch + kRound[i] + w[i];
    uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    uint32_t t2 = s0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state_[0] += a;
  state_[1] += b;
  state_[2] += c;
  state_[3] += d;
  state_[4] += e;
  state_[5] += f;
  state_[6] += g;
  state_[7] += h;
}

#if defined(__x86_64__)
/// SHA-256 with the x86 SHA extensions (SHA-NI), `blocks` 64-byte blocks.
/// Message words are kept in four registers (rounds 4g..4g+3 use msg[g%4]);
/// the schedule is extended with sha256msg1/msg2 as the rounds progress.
__attribute__((target("sha,sse4.1,ssse3"))) static void
compressShaNi(uint32_t *state, const uint8_t *data, size_t blocks) {
  const __m128i byteSwap =
      _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i tmp =
      _mm_loadu_si128(reinterpret_cast<const __m128i *>(state)); // DCBA
  __m128i state1 =
      _mm_loadu_si128(reinterpret_cast<const __m128i *>(state + 4)); // HGFE
  tmp = _mm_shuffle_epi32(tmp, 0xB1);                                // CDAB
  state1 = _mm_shuffle_epi32(state1, 0x1B);                          // EFGH
  __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);                  // ABEF
  state1 = _mm_blend_epi16(state1, tmp, 0xF0);                       // CDGH
  for (; blocks > 0; --blocks, data += 64) {
    const __m128i saveAbef = state0, saveCdgh = state1;
    __m128i msg[4];
    for (int g = 0; g < 16; ++g) {
      if (g < 4)
        msg[g] = _mm_shuffle_epi8(
            _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + 16 * g)),
            byteSwap);
      __m128i wk = _mm_add_epi32(
          msg[g & 3],
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(&kRound[4 * g])));
      state1 = _mm_sha256rnds2_epu32(state1, state0, wk);
      if (g >= 3 && g <= 14) {
        __m128i t = _mm_alignr_epi8(msg[g & 3], msg[(g + 3) & 3], 4);
        msg[(g + 1) & 3] = _mm_add_epi32(msg[(g + 1) & 3], t);
        msg[(g + 1) & 3] = _mm_sha256msg2_epu32(msg[(g + 1) & 3], msg[g & 3]);
      }
      wk = _mm_shuffle_epi32(wk, 0x0E);
      state0 = _mm_sha256rnds2_epu32(state0, state1, wk);
      if (g >= 1 && g <= 12)
        msg[(g + 3) & 3] = _mm_sha256msg1_epu32(msg[(g + 3) & 3], msg[g & 3]);
    }
    state0 = _mm_add_epi32(state0, saveAbef);
    state1 = _mm_add_epi32(state1, saveCdgh);
  }
  tmp = _mm_shuffle_epi32(state0, 0x1B);    // FEBA
  state1 = _mm_shuffle_epi32(state1, 0xB1); // DCHG
  state0 = _mm_blend_epi16(tmp, state1, 0xF0);
  state1 = _mm_alignr_epi8(state1, tmp, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i *>(state), state0);
  _mm_storeu_si128(reinterpret_cast<__m128i *>(state + 4), state1);
}

static bool haveShaNi() {
  static const bool value = [] {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 19)) ||
        !(c & (1u << 9)))
      return false; // SSE4.1, SSSE3
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
      return false;
    return (b & (1u << 29)) != 0; // SHA
  }();
  return value;
}
#endif

static bool forcePortableSha = false;

void Sha256::compress(const uint8_t *block) { compressBlocks(block, 1); }

void Sha256::compressBlocks(const uint8_t *blocks, size_t count) {
#if defined(__x86_64__)
  if (!forcePortableSha && haveShaNi()) {
    compressShaNi(state_, blocks, count);
    return;
  }
#endif
  for (size_t i = 0; i < count; ++i)
    compressPortable(state_, blocks + 64 * i);
}

void Sha256::setPortableForTesting(bool portable) {
  forcePortableSha = portable;
}

void Sha256::update(const void *data, size_t length) {
  const auto *p = static_cast<const uint8_t *>(data);
  totalBytes_ += length;
  if (buffered_ > 0) {
    size_t take = 64 - buffered_;
    if (take > length)
      take = length;
    std::memcpy(buffer_ + buffered_, p, take);
    buffered_ += take;
    p += take;
    length -= take;
    if (buffered_ < 64)
      return;
    compress(buffer_);
    buffered_ = 0;
  }
  if (length >= 64) {
    size_t blocks = length / 64;
    compressBlocks(p, blocks);
    p += 64 * blocks;
    length -= 64 * blocks;
  }
  if (length > 0) {
    std::memcpy(buffer_, p, length);
    buffered_ = length;
  }
}

std::array<uint8_t, 32> Sha256::finish() {
  uint64_t bits = totalBytes_ * 8;
  uint8_t pad[72] = {0x80};
  size_t padLength = (buffered_ < 56) ? 56 - buffered_ : 120 - buffered_;
  uint8_t lengthBytes[8];
  for (int i = 0; i < 8; ++i)
    lengthBytes[i] = (uint8_t)(bits >> (56 - 8 * i));
  update(pad, padLength);
  update(lengthBytes, 8);
  std::array<uint8_t, 32> out;
  for (int i = 0; i < 8; ++i) {
    out[4 * i] = (uint8_t)(state_[i] >> 24);
    out[4 * i + 1] = (uint8_t)(state_[i] >> 16);
    out[4 * i + 2] = (uint8_t)(state_[i] >> 8);
    out[4 * i + 3] = (uint8_t)state_[i];
  }
  return out;
}

std::array<uint8_t, 32> Sha256::digest(const void *data, size_t length) {
  Sha256 sha;
  sha.update(data, length);
  return sha.finish();
}

std::string toHex(const void *data, size_t length) {
  static const char digits[] = "0123456789abcdef";
  const auto *p = static_cast<const uint8_t *>(data);
  std::string out;
  out.reserve(length * 2);
  for (size_t i = 0; i < length; ++i) {
    out.push_back(digits[p[i] >> 4]);
    out.push_back(digits[p[i] & 15]);
  }
  return out;
}

} // namespace sluice::runtime::archive
