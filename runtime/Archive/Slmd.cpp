//===- Slmd.cpp - SLMD container encode/decode
//------------------------------===//

#include "sluice/Runtime/Archive/Slmd.h"

#include "Bytes.h"

namespace sluice::runtime::archive {

using namespace detail;

static constexpr char kSlmdMagic[4] = {'S', 'L', 'M', 'D'};
static constexpr uint16_t kCritical = 1;

const char *checksumAlgorithmName(ChecksumAlgorithm algorithm) {
  switch (algorithm) {
  case ChecksumAlgorithm::Crc32c:
    return "CRC32C";
  case ChecksumAlgorithm::Sha256:
    return "SHA-256";
  case ChecksumAlgorithm::None:
    break;
  }
  return "none";
}

uint64_t ChecksumRecord::digestCount() const {
  if (chunkLog2 == 0)
    return 1;
  uint64_t chunk = 1ull << chunkLog2;
  return coveredLength / chunk + (coveredLength % chunk ? 1 : 0);
}

static void appendRecord(std::string &out, uint16_t tag,
                         const std::string &payload) {
  append16(out, tag);
  append16(out, 0);
  append32(out, (uint32_t)payload.size());
  out += payload;
}

static void appendDims(std::string &p, const std::vector<uint64_t> &dims) {
  append16(p, (uint16_t)dims.size());
  for (uint64_t d : dims)
    append64(p, d);
}

std::string encodeSlmd(const SlmdRecords &r) {
  std::string records;
  uint32_t count = 0;
  if (r.checksum) {
    std::string p;
    p.push_back((char)r.checksum->algorithm);
    p.push_back((char)r.checksum->coveredType);
    p.push_back((char)r.checksum->chunkLog2);
    p.push_back(0);
    append32(p, r.checksum->digestSize());
    append64(p, r.checksum->coveredLength);
    append64(p, r.checksum->digestCount());
    p += r.checksum->digests;
    appendRecord(records, kSlmdChecksum, p);
    ++count;
  }
  if (r.tensorInfo) {
    std::string p;
    append16(p, (uint16_t)r.tensorInfo->dtype.size());
    p += r.tensorInfo->dtype;
    appendDims(p, r.tensorInfo->dims);
    appendRecord(records, kSlmdTensorInfo, p);
    ++count;
  }
  if (r.shard) {
    std::string p;
    append32(p, (uint32_t)r.shard->axis);
    append32(p, r.shard->shardIndex);
    append32(p, r.shard->shardCount);
    append32(p, 0);
    append64(p, r.shard->axisOffset);
    append64(p, r.shard->axisLength);
    appendDims(p, r.shard->globalDims);
    appendRecord(records, kSlmdShard, p);
    ++count;
  }
  if (r.externalFileSize) {
    std::string p;
    append64(p, *r.externalFileSize);
    appendRecord(records, kSlmdExternalFileSize, p);
    ++count;
  }
  if (r.archiveSharding) {
    std::string p(
        reinterpret_cast<const char *>(r.archiveSharding->groupId.data()), 16);
    append32(p, r.archiveSharding->tpSize);
    append32(p, r.archiveSharding->tpRank);
    append32(p, r.archiveSharding->fileIndex);
    append32(p, r.archiveSharding->fileCount);
    appendRecord(records, kSlmdArchiveSharding, p);
    ++count;
  }
  if (r.creator) {
    appendRecord(records, kSlmdCreator, *r.creator);
    ++count;
  }
  if (r.foreign) {
    appendRecord(records, kSlmdForeign, *r.foreign);
    ++count;
  }
  std::string out(kSlmdMagic, 4);
  append16(out, 1);
  append16(out, 0);
  append32(out, count);
  append32(out, 0);
  out += records;
  return out;
}

namespace {

/// Bounds-checked cursor over a record payload.
struct Reader {
  std::string_view data;
  size_t pos = 0;
  bool ok = true;
  bool take(size_t n, const char *&p) {
    if (!ok || n > data.size() - pos) {
      ok = false;
      return false;
    }
    p = data.data() + pos;
    pos += n;
    return true;
  }
  uint8_t u8() {
    const char *p;
    return take(1, p) ? (uint8_t)*p : 0;
  }
  uint16_t u16() {
    const char *p;
    return take(2, p) ? load16(p) : 0;
  }
  uint32_t u32() {
    const char *p;
    return take(4, p) ? load32(p) : 0;
  }
  uint64_t u64() {
    const char *p;
    return take(8, p) ? load64(p) : 0;
  }
  std::string bytes(size_t n) {
    const char *p;
    return take(n, p) ? std::string(p, n) : std::string();
  }
  std::vector<uint64_t> dims() {
    uint16_t rank = u16();
    std::vector<uint64_t> out;
    if (!ok || (size_t)rank * 8 > data.size() - pos) {
      ok = false;
      return out;
    }
    out.reserve(rank);
    for (uint16_t i = 0; i < rank; ++i)
      out.push_back(u64());
    return out;
  }
  bool done() const { return ok && pos == data.size(); }
};

} // namespace

Expected<SlmdDecodeResult> decodeSlmd(std::string_view blob, SlmdRecords &out,
                                      std::vector<std::string> &warnings) {
  if (blob.size() < 4 || std::memcmp(blob.data(), kSlmdMagic, 4) != 0)
    return SlmdDecodeResult::NotSlmd;
  auto malformed = [&](const char *why) {
    warnings.push_back(formatString(
        "SLMD metadata container is malformed (%s); treating it as foreign "
        "metadata",
        why));
    out = SlmdRecords();
    return SlmdDecodeResult::Malformed;
  };
  if (blob.size() < 16)
    return malformed("truncated container header");
  uint16_t version = load16(blob.data() + 4);
  if (version != 1)
    return malformed("unsupported container version");
  uint32_t recordCount = load32(blob.data() + 8);
  size_t pos = 16;
  int lastTag = -1;
  SlmdRecords records;
  for (uint32_t i = 0; i < recordCount; ++i) {
    if (blob.size() - pos < 8)
      return malformed("record header past the end of the blob");
    uint16_t tag = load16(blob.data() + pos);
    uint16_t flags = load16(blob.data() + pos + 2);
    uint32_t length = load32(blob.data() + pos + 4);
    pos += 8;
    if (length > blob.size() - pos)
      return malformed("record payload past the end of the blob");
    if ((int)tag <= lastTag)
      return malformed("records not in ascending tag order");
    lastTag = tag;
    Reader r{blob.substr(pos, length)};
    pos += length;
    switch (tag) {
    case kSlmdChecksum: {
      ChecksumRecord c;
      uint8_t algorithm = r.u8();
      c.coveredType = r.u8();
      c.chunkLog2 = r.u8();
      r.u8();
      uint32_t digestSize = r.u32();
      c.coveredLength = r.u64();
      uint64_t digestCount = r.u64();
      if (!r.ok) {
        warnings.push_back("CHECKSUM record truncated; ignored");
        break;
      }
      if (algorithm != 1 && algorithm != 2) {
        warnings.push_back(formatString(
            "CHECKSUM record uses unknown algorithm %u; ignored", algorithm));
        break;
      }
      c.algorithm = (ChecksumAlgorithm)algorithm;
      if (c.chunkLog2 != 0 && (c.chunkLog2 < 12 || c.chunkLog2 > 40)) {
        warnings.push_back(formatString(
            "CHECKSUM record has invalid chunk_log2 %u; ignored", c.chunkLog2));
        break;
      }
      if (digestSize != c.digestSize() || digestCount != c.digestCount()) {
        warnings.push_back("CHECKSUM record digest size/count inconsistent "
                           "with its algorithm and length; ignored");
        break;
      }
      uint64_t bytes;
      if (!checkedMul(digestCount, digestSize, bytes) ||
          bytes != r.data.size() - r.pos) {
        warnings.push_back("CHECKSUM record digest bytes do not match "
                           "digest_count; ignored");
        break;
      }
      c.digests = r.bytes((size_t)bytes);
      records.checksum = std::move(c);
      break;
    }
    case kSlmdTensorInfo: {
      TensorInfoRecord t;
      t.dtype = r.bytes(r.u16());
      t.dims = r.dims();
      if (!r.done()) {
        warnings.push_back("TENSOR_INFO record malformed; ignored");
        break;
      }
      records.tensorInfo = std::move(t);
      break;
    }
    case kSlmdShard: {
      ShardRecord s;
      s.axis = (int32_t)r.u32();
      s.shardIndex = r.u32();
      s.shardCount = r.u32();
      r.u32();
      s.axisOffset = r.u64();
      s.axisLength = r.u64();
      s.globalDims = r.dims();
      if (!r.done()) {
        warnings.push_back("SHARD record malformed; ignored");
        break;
      }
      records.shard = std::move(s);
      break;
    }
    case kSlmdExternalFileSize: {
      uint64_t v = r.u64();
      if (!r.done()) {
        warnings.push_back("EXTERNAL_FILE_SIZE record malformed; ignored");
        break;
      }
      records.externalFileSize = v;
      break;
    }
    case kSlmdArchiveSharding: {
      ArchiveShardingRecord a;
      std::string id = r.bytes(16);
      a.tpSize = r.u32();
      a.tpRank = r.u32();
      a.fileIndex = r.u32();
      a.fileCount = r.u32();
      if (!r.done()) {
        warnings.push_back("ARCHIVE_SHARDING record malformed; ignored");
        break;
      }
      std::memcpy(a.groupId.data(), id.data(), 16);
      records.archiveSharding = a;
      break;
    }
    case kSlmdCreator:
      records.creator = std::string(r.data);
      break;
    case kSlmdForeign:
      records.foreign = std::string(r.data);
      break;
    default:
      if (flags & kCritical)
        return makeStatus(StatusCode::Unimplemented,
                          "SLMD record with unknown tag 0x%04X is marked "
                          "critical; this reader cannot use the entry",
                          tag);
      break;
    }
  }
  if (pos != blob.size())
    return malformed("records do not fill the blob");
  out = std::move(records);
  return SlmdDecodeResult::Decoded;
}

std::string foreignMetadataOf(std::string_view blob) {
  SlmdRecords records;
  std::vector<std::string> warnings;
  auto result = decodeSlmd(blob, records, warnings);
  if (result && *result == SlmdDecodeResult::Decoded)
    return records.foreign.value_or(std::string());
  return std::string(blob);
}

} // namespace sluice::runtime::archive
