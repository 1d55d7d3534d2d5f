//===- Checksum.h - CRC32C and SHA-256
//--------------------------------------===//
//
// The two digest algorithms of the CHECKSUM record (irpa-format.md §7.3).
// Both are incremental.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_CHECKSUM_H
#define SLUICE_RUNTIME_ARCHIVE_CHECKSUM_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace sluice::runtime::archive {

/// Continues a CRC32C (Castagnoli, reflected 0x82F63B78) computation. `crc`
/// is the finalized value of the previous bytes (0 for none), so
/// crc32c(crc32c(0, a), b) == crc32c(0, a + b).
uint32_t crc32c(uint32_t crc, const void *data, size_t length);

/// The portable (table-driven) implementation, for tests and benchmarks.
uint32_t crc32cPortable(uint32_t crc, const void *data, size_t length);

class Sha256 {
public:
  Sha256();
  void update(const void *data, size_t length);
  /// Finishes and returns the 32-byte digest. The object must not be reused.
  std::array<uint8_t, 32> finish();

  static std::array<uint8_t, 32> digest(const void *data, size_t length);

  /// Forces the portable compression function (tests compare it with the
  /// SHA-NI one). Not thread-safe; tests only.
  static void setPortableForTesting(bool portable);

private:
  void compress(const uint8_t *block);
  void compressBlocks(const uint8_t *blocks, size_t count);
  uint32_t state_[8];
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t totalBytes_ = 0;
};

/// Lower-case hex of `length` bytes.
std::string toHex(const void *data, size_t length);

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_CHECKSUM_H
