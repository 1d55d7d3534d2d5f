//===- Slmd.h - Sluice metadata container (SLMD) records
//--------------------===//
//
// irpa-format.md §7.1: the SLMD container stored in IRPA entry metadata
// blobs, and the records it carries (checksum, tensor info, sharding, ...).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_SLMD_H
#define SLUICE_RUNTIME_ARCHIVE_SLMD_H

#include "sluice/Runtime/Status.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

enum SlmdTag : uint16_t {
  kSlmdChecksum = 0x0001,
  kSlmdTensorInfo = 0x0002,
  kSlmdShard = 0x0003,
  kSlmdExternalFileSize = 0x0004,
  kSlmdArchiveSharding = 0x0101,
  kSlmdCreator = 0x0102,
  kSlmdForeign = 0x7FFF,
};

enum class ChecksumAlgorithm : uint8_t { None = 0, Crc32c = 1, Sha256 = 2 };

/// Name used in messages: "CRC32C" / "SHA-256".
const char *checksumAlgorithmName(ChecksumAlgorithm algorithm);

struct ChecksumRecord {
  ChecksumAlgorithm algorithm = ChecksumAlgorithm::Crc32c;
  uint8_t coveredType = 2; // IRPA entry type: 2 DATA, 3 EXTERNAL
  uint8_t chunkLog2 = 0;   // 0 = one digest over the whole entry
  uint64_t coveredLength = 0;
  std::string digests; // digestCount() * digestSize() bytes

  uint32_t digestSize() const {
    return algorithm == ChecksumAlgorithm::Sha256 ? 32 : 4;
  }
  uint64_t chunkSize() const {
    return chunkLog2 ? (1ull << chunkLog2) : coveredLength;
  }
  uint64_t digestCount() const;
};

/// dtype and shape (outermost first).
struct TensorInfoRecord {
  std::string dtype;
  std::vector<uint64_t> dims;
};

struct ShardRecord {
  int32_t axis = -1;
  uint32_t shardIndex = 0;
  uint32_t shardCount = 1;
  uint64_t axisOffset = 0;
  uint64_t axisLength = 0;
  std::vector<uint64_t> globalDims;
};

struct ArchiveShardingRecord {
  std::array<uint8_t, 16> groupId{};
  uint32_t tpSize = 1;
  uint32_t tpRank = 0; // 0xFFFFFFFF = rank-independent file
  uint32_t fileIndex = 0;
  uint32_t fileCount = 1;
};

struct SlmdRecords {
  std::optional<ChecksumRecord> checksum;
  std::optional<TensorInfoRecord> tensorInfo;
  std::optional<ShardRecord> shard;
  std::optional<uint64_t> externalFileSize;
  std::optional<ArchiveShardingRecord> archiveSharding;
  std::optional<std::string> creator;
  std::optional<std::string> foreign;

  bool empty() const {
    return !checksum && !tensorInfo && !shard && !externalFileSize &&
           !archiveSharding && !creator && !foreign;
  }
};

/// Serializes the records (ascending tag order) into an SLMD container.
std::string encodeSlmd(const SlmdRecords &records);

enum class SlmdDecodeResult {
  NotSlmd,   // no SLMD magic: the blob is foreign metadata
  Decoded,   // records decoded into `out`
  Malformed, // SLMD magic but the records do not fill the blob: foreign
};

/// Decodes `blob`. Fails only for a CRITICAL record with an unknown tag
/// (the entry must then be rejected). Non-fatal problems (malformed
/// container, bad known record, unknown algorithm) are appended to
/// `warnings` and the offending record is ignored.
Expected<SlmdDecodeResult> decodeSlmd(std::string_view blob, SlmdRecords &out,
                                      std::vector<std::string> &warnings);

/// Returns the "user visible" metadata of an entry: the FOREIGN payload for
/// SLMD blobs, the blob itself otherwise.
std::string foreignMetadataOf(std::string_view blob);

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_SLMD_H
