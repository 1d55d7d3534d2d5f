//===- Verify.cpp - Reading entry bytes and verifying checksums
//-------------===//

#include "sluice/Runtime/Archive/Verify.h"

#include "sluice/Runtime/Archive/Checksum.h"

#include "Bytes.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <numeric>
#include <thread>

namespace sluice::runtime::archive {

using namespace detail;
using ull = unsigned long long;

static std::string qualifiedName(const ParameterEntry &entry,
                                 std::string_view scope) {
  std::string out;
  if (!scope.empty()) {
    out = printable(scope);
    out += "::";
  }
  out += printable(entry.key());
  return out;
}

/// Compares chunk `chunkIndex`'s digest (the CRC accumulated in `crc`, or
/// the SHA-256 state `sha`) with the record; DATA_LOSS naming the chunk's
/// bytes [chunkStart, chunkEnd) on a mismatch (irpa-format.md §7.3).
static Status checkChunkDigest(const ParameterEntry &entry,
                               std::string_view scope,
                               const ChecksumRecord &record,
                               uint64_t chunkIndex, uint64_t chunkStart,
                               uint64_t chunkEnd, uint32_t crc, Sha256 &sha) {
  const char *expected =
      record.digests.data() + chunkIndex * record.digestSize();
  bool match;
  if (record.algorithm == ChecksumAlgorithm::Crc32c) {
    match = load32(expected) == crc;
  } else {
    auto digest = sha.finish();
    match = std::memcmp(expected, digest.data(), 32) == 0;
  }
  if (match)
    return Status();
  return makeStatus(StatusCode::DataLoss,
                    "parameter '%s' failed %s verification at chunk %llu "
                    "(bytes [%llu, %llu))",
                    qualifiedName(entry, scope).c_str(),
                    checksumAlgorithmName(record.algorithm), (ull)chunkIndex,
                    (ull)chunkStart, (ull)chunkEnd);
}

/// OUT_OF_RANGE unless [offset, offset + length) lies inside the entry.
static Status checkEntryRange(const ParameterEntry &entry, uint64_t offset,
                              uint64_t length) {
  if (rangeFits(offset, length, entry.length()))
    return Status();
  return makeStatus(StatusCode::OutOfRange,
                    "parameter `%s` range out of bounds (offset=%llu, "
                    "length=%llu, size=%llu)",
                    printable(entry.key()).c_str(), (ull)offset, (ull)length,
                    (ull)entry.length());
}

Status readEntryBytes(const ParameterEntry &entry, uint64_t offset,
                      void *buffer, uint64_t length) {
  SLUICE_RETURN_IF_ERROR(checkEntryRange(entry, offset, length));
  if (entry.type() == EntryType::Splat) {
    auto *out = static_cast<uint8_t *>(buffer);
    for (uint64_t i = 0; i < length; ++i)
      out[i] = entry.splatByte(offset + i);
    return Status();
  }
  if (!entry.file())
    return makeStatus(StatusCode::FailedPrecondition,
                      "parameter `%s` has no backing file",
                      printable(entry.key()).c_str());
  return entry.file()->readAt(entry.offset() + offset, buffer, length);
}

Status verifyEntry(const ParameterEntry &entry, std::string_view scope,
                   const VerifyOptions &options) {
  if (entry.type() == EntryType::File) {
    if (!entry.file())
      return makeStatus(StatusCode::FailedPrecondition,
                        "parameter '%s' has no backing file",
                        qualifiedName(entry, scope).c_str());
    if (!rangeFits(entry.offset(), entry.length(), entry.file()->size()))
      return makeStatus(StatusCode::OutOfRange,
                        "parameter '%s' range [%llu, +%llu) exceeds '%s' (size "
                        "%llu)",
                        qualifiedName(entry, scope).c_str(),
                        (ull)entry.offset(), (ull)entry.length(),
                        entry.file()->displayName().c_str(),
                        (ull)entry.file()->size());
  }
  std::optional<ChecksumRecord> checksum = entry.checksum();
  if (!checksum)
    return Status();
  const ChecksumRecord &record = *checksum;
  const uint64_t chunk = record.chunkSize();
  const uint64_t bufferSize = std::max<uint64_t>(options.bufferBytes, 4096);
  std::unique_ptr<char[]> buffer(new char[bufferSize]);
  uint64_t chunkIndex = 0;
  for (uint64_t chunkStart = 0; chunkStart < entry.length() || chunkIndex == 0;
       ++chunkIndex) {
    uint64_t chunkLength = std::min(chunk, entry.length() - chunkStart);
    uint32_t crc = 0;
    Sha256 sha;
    for (uint64_t pos = 0; pos < chunkLength;) {
      uint64_t n = std::min(bufferSize, chunkLength - pos);
      SLUICE_RETURN_IF_ERROR(
          readEntryBytes(entry, chunkStart + pos, buffer.get(), n));
      if (record.algorithm == ChecksumAlgorithm::Crc32c)
        crc = crc32c(crc, buffer.get(), n);
      else
        sha.update(buffer.get(), n);
      pos += n;
      if (options.progress)
        options.progress(n);
    }
    SLUICE_RETURN_IF_ERROR(
        checkChunkDigest(entry, scope, record, chunkIndex, chunkStart,
                         chunkStart + chunkLength, crc, sha));
    chunkStart += chunkLength;
    if (chunkLength == 0)
      break;
  }
  return Status();
}

Status verifyEntryRange(const ParameterEntry &entry, std::string_view scope,
                        uint64_t offset, const void *data, uint64_t length,
                        uint64_t *hashedBytes) {
  if (length == 0 || !entry.hasChecksum())
    return Status();
  std::optional<ChecksumRecord> checksum = entry.checksum();
  if (!checksum)
    return Status();
  const ChecksumRecord &record = *checksum;
  SLUICE_RETURN_IF_ERROR(checkEntryRange(entry, offset, length));
  const uint64_t chunk = record.chunkSize() ? record.chunkSize() : length;
  const uint64_t end = offset + length;
  const auto *bytes = static_cast<const char *>(data);
  std::unique_ptr<char[]> scratch;
  constexpr uint64_t kScratchBytes = 1ull << 20;
  for (uint64_t chunkIndex = offset / chunk; chunkIndex * chunk < end;
       ++chunkIndex) {
    const uint64_t chunkStart = chunkIndex * chunk;
    const uint64_t chunkEnd = std::min(chunkStart + chunk, entry.length());
    if ((chunkIndex + 1) * record.digestSize() > record.digests.size())
      break; // decoding guarantees the count; never read past the digests
    uint32_t crc = 0;
    Sha256 sha;
    auto update = [&](const char *p, uint64_t n) {
      if (record.algorithm == ChecksumAlgorithm::Crc32c)
        crc = crc32c(crc, p, n);
      else
        sha.update(p, n);
      if (hashedBytes)
        *hashedBytes += n;
    };
    // Bytes of the chunk outside [offset, end) come from the storage.
    auto fromStorage = [&](uint64_t from, uint64_t to) -> Status {
      if (from >= to)
        return Status();
      if (!scratch)
        scratch.reset(new char[kScratchBytes]);
      for (uint64_t pos = from; pos < to;) {
        uint64_t n = std::min(kScratchBytes, to - pos);
        SLUICE_RETURN_IF_ERROR(readEntryBytes(entry, pos, scratch.get(), n));
        update(scratch.get(), n);
        pos += n;
      }
      return Status();
    };
    const uint64_t inBegin = std::max(chunkStart, offset);
    const uint64_t inEnd = std::min(chunkEnd, end);
    SLUICE_RETURN_IF_ERROR(fromStorage(chunkStart, inBegin));
    update(bytes + (inBegin - offset), inEnd - inBegin);
    SLUICE_RETURN_IF_ERROR(fromStorage(inEnd, chunkEnd));
    SLUICE_RETURN_IF_ERROR(checkChunkDigest(entry, scope, record, chunkIndex,
                                            chunkStart, chunkEnd, crc, sha));
  }
  return Status();
}

std::vector<Status>
verifyEntries(const std::vector<const ParameterEntry *> &entries,
              std::string_view scope, unsigned threads,
              const VerifyOptions &options) {
  std::vector<Status> results(entries.size());
  // Largest checksummed entries first for better load balance.
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    uint64_t la = entries[a]->hasChecksum() ? entries[a]->length() : 0;
    uint64_t lb = entries[b]->hasChecksum() ? entries[b]->length() : 0;
    return la != lb ? la > lb : a < b;
  });
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next.fetch_add(1)) < order.size();)
      results[order[i]] = verifyEntry(*entries[order[i]], scope, options);
  };
  threads = std::max(1u, std::min<unsigned>(threads, (unsigned)entries.size()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
  return results;
}

} // namespace sluice::runtime::archive
