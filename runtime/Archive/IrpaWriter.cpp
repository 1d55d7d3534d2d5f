//===- IrpaWriter.cpp - IRPA archive builder/writer
//-------------------------===//

#include "sluice/Runtime/Archive/IrpaWriter.h"

#include "sluice/Runtime/Archive/Checksum.h"
#include "sluice/Runtime/Archive/IrpaFormat.h"

#include "Bytes.h"

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <map>
#include <memory>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::runtime::archive {

using namespace detail;
using namespace irpa;
using ull = unsigned long long;

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

static bool validPatternLength(size_t n) {
  return n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
}

Status IrpaBuilder::addSplat(std::string name, std::string_view pattern,
                             uint64_t length, std::string metadata) {
  ArchiveEntry e;
  e.kind = ArchiveEntry::Kind::Splat;
  e.name = std::move(name);
  e.metadata = std::move(metadata);
  e.length = length;
  if (pattern.size() > 16)
    return makeStatus(StatusCode::InvalidArgument,
                      "splat '%s' pattern of %zu bytes exceeds 16 bytes",
                      printable(e.name).c_str(), pattern.size());
  e.patternLength = (uint8_t)pattern.size();
  std::memcpy(e.pattern.data(), pattern.data(), pattern.size());
  return add(std::move(e));
}

Status IrpaBuilder::addData(std::string name, uint64_t length,
                            DataSource source, uint64_t alignment,
                            std::string metadata) {
  ArchiveEntry e;
  e.kind = ArchiveEntry::Kind::Data;
  e.name = std::move(name);
  e.metadata = std::move(metadata);
  e.length = length;
  e.alignment = alignment;
  e.source = std::move(source);
  return add(std::move(e));
}

Status IrpaBuilder::addExternal(std::string name, std::string path,
                                uint64_t offset, uint64_t length,
                                FileHandleRef file, uint64_t alignment,
                                std::string metadata) {
  ArchiveEntry e;
  e.kind = ArchiveEntry::Kind::External;
  e.name = std::move(name);
  e.metadata = std::move(metadata);
  e.length = length;
  e.externalPath = std::move(path);
  e.externalOffset = offset;
  e.externalAlignment = alignment;
  e.externalFile = std::move(file);
  return add(std::move(e));
}

Status IrpaBuilder::add(ArchiveEntry e) {
  std::string quoted = printable(e.name);
  switch (e.kind) {
  case ArchiveEntry::Kind::Splat:
    if (!validPatternLength(e.patternLength) &&
        !(e.patternLength == 0 && e.length == 0))
      return makeStatus(StatusCode::InvalidArgument,
                        "splat '%s' has invalid pattern length %u (must be 1, "
                        "2, 4, 8 or 16)",
                        quoted.c_str(), e.patternLength);
    break;
  case ArchiveEntry::Kind::Data:
    if (!isPow2(e.alignment))
      return makeStatus(StatusCode::InvalidArgument,
                        "alignment must be a power of two (got %llu)",
                        (ull)e.alignment);
    switch (e.source.kind) {
    case DataSource::Kind::Zeros:
      break;
    case DataSource::Kind::Pattern:
      if (e.source.bytes.empty() || e.source.bytes.size() > 16)
        return makeStatus(StatusCode::InvalidArgument,
                          "data entry '%s' fill pattern must be 1 to 16 bytes",
                          quoted.c_str());
      break;
    case DataSource::Kind::Bytes:
      if (e.source.bytes.size() != e.length)
        return makeStatus(StatusCode::InvalidArgument,
                          "data entry '%s' has %zu bytes of data but declares "
                          "length %llu",
                          quoted.c_str(), e.source.bytes.size(), (ull)e.length);
      break;
    case DataSource::Kind::File:
      if (!e.source.file)
        return makeStatus(StatusCode::InvalidArgument,
                          "data entry '%s' has no source file", quoted.c_str());
      if (!rangeFits(e.source.offset, e.length, e.source.file->size()))
        return makeStatus(StatusCode::OutOfRange,
                          "data entry '%s' source range [%llu, +%llu) exceeds "
                          "'%s' (size %llu)",
                          quoted.c_str(), (ull)e.source.offset, (ull)e.length,
                          e.source.file->displayName().c_str(),
                          (ull)e.source.file->size());
      break;
    }
    break;
  case ArchiveEntry::Kind::External:
    if (e.externalPath.empty())
      return makeStatus(StatusCode::InvalidArgument,
                        "external entry '%s' has an empty path",
                        quoted.c_str());
    if (e.externalFile &&
        !rangeFits(e.externalOffset, e.length, e.externalFile->size()))
      return makeStatus(StatusCode::OutOfRange,
                        "EXTERNAL entry '%s': range [%llu, +%llu) exceeds '%s' "
                        "size %llu",
                        quoted.c_str(), (ull)e.externalOffset, (ull)e.length,
                        printable(e.externalPath).c_str(),
                        (ull)e.externalFile->size());
    break;
  }
  entries_.push_back(std::move(e));
  return Status();
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

namespace {

struct PlannedEntry {
  const ArchiveEntry *decl = nullptr; // null: the __sluice_archive__ entry
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t entrySize = 0;
  uint64_t entryRel = 0; // offset inside the entry segment
  std::string name;
  std::string metaBlob;    // as stored (SLMD or foreign bytes)
  uint64_t nameOffset = 0; // in the metadata segment
  uint64_t metaOffset = 0;
  uint64_t pathOffset = 0;
  uint64_t storageOffset = 0; // relative to the storage segment
  uint64_t minAlignment = 0;
  bool slmd = false;
  SlmdRecords records;
};

struct Plan {
  std::vector<PlannedEntry> entries;
  uint64_t entrySegment = 0;
  uint64_t metaSize = 0;
  uint64_t storageSize = 0;
  uint64_t storageAlign = 0;
  uint64_t metaOffset = 0;
  uint64_t storageOffset = 0;
  uint64_t fileSize = 0;
};

Status tooLarge() {
  return makeStatus(StatusCode::InvalidArgument,
                    "archive layout overflows 64-bit offsets");
}

Status buildPlan(const std::vector<ArchiveEntry> &decls,
                 const WriterOptions &options, Plan &plan) {
  if (options.checksum != ChecksumAlgorithm::None &&
      options.checksumChunkLog2 != 0 &&
      (options.checksumChunkLog2 < 12 || options.checksumChunkLog2 > 40))
    return makeStatus(
        StatusCode::InvalidArgument,
        "checksum chunk size must be a power of two between 4 KiB "
        "and 1 TiB (got 2^%u)",
        options.checksumChunkLog2);
  uint64_t entrySeg = 0, metaSize = 0, storageSize = 0, storageAlign = 0;
  std::map<std::string, uint64_t> pathOffsets;
  plan.entries.reserve(decls.size() + 1);

  auto appendEntry = [&](PlannedEntry &p) -> Status {
    uint64_t rel = alignPow2(entrySeg, kEntryAlignment);
    if (rel < entrySeg || !checkedAdd(rel, p.entrySize, entrySeg))
      return tooLarge();
    p.entryRel = rel;
    p.nameOffset = metaSize;
    uint64_t v;
    if (!checkedAdd(metaSize, p.name.size(), v) ||
        !checkedAdd(v, p.metaBlob.size(), metaSize))
      return tooLarge();
    p.metaOffset = v;
    return Status();
  };

  if (options.archiveSharding || options.creator) {
    PlannedEntry p;
    p.type = kSkip;
    p.flags = kFlagSluiceExtended;
    p.entrySize = kEntryHeaderSize;
    p.name = kArchiveEntryName;
    p.records.archiveSharding = options.archiveSharding;
    p.records.creator = options.creator;
    p.slmd = true;
    p.metaBlob = encodeSlmd(p.records);
    SLUICE_RETURN_IF_ERROR(appendEntry(p));
    plan.entries.push_back(std::move(p));
  }

  for (const ArchiveEntry &d : decls) {
    PlannedEntry p;
    p.decl = &d;
    p.name = d.name;
    SlmdRecords &r = p.records;
    r.tensorInfo = d.tensorInfo;
    r.shard = d.shard;
    bool checksummed =
        options.checksum != ChecksumAlgorithm::None &&
        (d.kind == ArchiveEntry::Kind::Data ||
         (d.kind == ArchiveEntry::Kind::External && d.externalFile));
    switch (d.kind) {
    case ArchiveEntry::Kind::Splat:
      p.type = kSplat;
      p.entrySize = kSplatEntrySize;
      p.minAlignment = 0;
      break;
    case ArchiveEntry::Kind::Data: {
      p.type = kData;
      p.entrySize = kDataEntrySize;
      p.minAlignment = d.alignment;
      uint64_t off;
      if (!checkedAlignUp(storageSize, d.alignment, off) ||
          !checkedAdd(off, d.length, storageSize))
        return tooLarge();
      p.storageOffset = off;
      storageAlign = std::max(storageAlign, d.alignment);
      break;
    }
    case ArchiveEntry::Kind::External:
      p.type = options.externalEncoding == ExternalEncoding::Native ? kExternal
                                                                    : kSkip;
      p.entrySize = options.externalEncoding == ExternalEncoding::Native
                        ? kExternalEntrySize
                        : kSkipWrappedExternalSize;
      p.minAlignment = d.externalAlignment;
      if (options.externalEncoding == ExternalEncoding::Skip)
        p.flags |= kFlagSluiceExtended;
      if (d.recordExternalFileSize && d.externalFile)
        r.externalFileSize = d.externalFile->size();
      break;
    }
    if (checksummed) {
      ChecksumRecord c;
      c.algorithm = options.checksum;
      c.coveredType = d.kind == ArchiveEntry::Kind::Data ? kData : kExternal;
      c.chunkLog2 = options.checksumChunkLog2;
      // A single chunk covering the whole entry needs no chunking.
      if (c.chunkLog2 && d.length <= (1ull << c.chunkLog2))
        c.chunkLog2 = 0;
      c.coveredLength = d.length;
      uint64_t bytes;
      if (!checkedMul(c.digestCount(), c.digestSize(), bytes) ||
          bytes > (1ull << 32))
        return makeStatus(StatusCode::InvalidArgument,
                          "checksum of entry '%s' would need too many digests; "
                          "use a larger --checksum_chunk",
                          printable(d.name).c_str());
      c.digests.assign((size_t)bytes, '\0');
      r.checksum = std::move(c);
    }
    if (!r.empty()) {
      if (!d.metadata.empty())
        r.foreign = d.metadata;
      p.slmd = true;
      p.flags |= kFlagSluiceExtended;
      p.metaBlob = encodeSlmd(r);
    } else {
      p.metaBlob = d.metadata;
    }
    SLUICE_RETURN_IF_ERROR(appendEntry(p));
    if (d.kind == ArchiveEntry::Kind::External) {
      auto [it, inserted] = pathOffsets.try_emplace(d.externalPath, metaSize);
      if (inserted && !checkedAdd(metaSize, d.externalPath.size(), metaSize))
        return tooLarge();
      p.pathOffset = it->second;
    }
    plan.entries.push_back(std::move(p));
  }

  plan.entrySegment = entrySeg;
  plan.metaSize = metaSize;
  plan.storageSize = storageSize;
  plan.storageAlign = storageAlign;
  uint64_t entrySegmentOffset = alignPow2(kHeaderV0Size, kHeaderAlignment);
  if (!checkedAdd(entrySegmentOffset, entrySeg, plan.metaOffset))
    return tooLarge();
  uint64_t metaEnd, storageEnd;
  if (!checkedAdd(plan.metaOffset, metaSize, metaEnd) ||
      !checkedAlignUp(metaEnd, storageAlign ? storageAlign : 1,
                      plan.storageOffset) ||
      !checkedAdd(plan.storageOffset, storageSize, storageEnd) ||
      !checkedAlignUp(storageEnd, kDefaultFileAlignment, plan.fileSize))
    return tooLarge();
  return Status();
}

WriteResult resultOf(const Plan &plan) {
  WriteResult result;
  result.fileSize = plan.fileSize;
  result.entrySegmentLength = plan.entrySegment;
  result.metadataSegmentOffset = plan.metaOffset;
  result.metadataSegmentLength = plan.metaSize;
  result.storageSegmentOffset = plan.storageOffset;
  result.storageSegmentLength = plan.storageSize;
  for (const PlannedEntry &p : plan.entries) {
    if (!p.decl)
      continue;
    WrittenEntry w;
    w.name = p.name;
    w.kind = p.decl->kind;
    w.entryOffset = kHeaderV0Size + 8 + p.entryRel; // 96 + rel
    w.dataOffset = p.decl->kind == ArchiveEntry::Kind::Data
                       ? plan.storageOffset + p.storageOffset
                       : 0;
    w.length = p.decl->length;
    result.entries.push_back(std::move(w));
  }
  return result;
}

/// Serializes the header, entry table and metadata segment (file bytes
/// [0, metaOffset + metaSize)).
std::string serializeIndex(const Plan &plan) {
  std::string out(plan.metaOffset + plan.metaSize, '\0');
  char *h = out.data();
  store32(h + kOffMagic, kMagic);
  store16(h + kOffVersionMajor, 0);
  store16(h + kOffVersionMinor, 0);
  store64(h + kOffHeaderSize, kHeaderV0Size);
  store64(h + kOffNextHeader, 0);
  store64(h + kOffFlags, 0);
  store64(h + kOffEntryCount, plan.entries.size());
  uint64_t entrySegmentOffset = alignPow2(kHeaderV0Size, kHeaderAlignment);
  store64(h + kOffEntrySegment, entrySegmentOffset);
  store64(h + kOffEntrySegment + 8, plan.entrySegment);
  store64(h + kOffMetadataSegment, plan.metaOffset);
  store64(h + kOffMetadataSegment + 8, plan.metaSize);
  store64(h + kOffStorageSegment, plan.storageOffset);
  store64(h + kOffStorageSegment + 8, plan.storageSize);

  char *meta = h + plan.metaOffset;
  for (const PlannedEntry &p : plan.entries) {
    char *e = h + entrySegmentOffset + p.entryRel;
    store64(e + kOffEntrySize, p.entrySize);
    store32(e + kOffEntryType, p.type);
    store64(e + kOffEntryFlags, p.flags);
    store64(e + kOffEntryName, p.nameOffset);
    store64(e + kOffEntryName + 8, p.name.size());
    if (!p.metaBlob.empty()) {
      store64(e + kOffEntryMetadata, p.metaOffset);
      store64(e + kOffEntryMetadata + 8, p.metaBlob.size());
    }
    store64(e + kOffEntryMinAlignment, p.minAlignment);
    std::memcpy(meta + p.nameOffset, p.name.data(), p.name.size());
    std::memcpy(meta + p.metaOffset, p.metaBlob.data(), p.metaBlob.size());
    if (!p.decl)
      continue;
    const ArchiveEntry &d = *p.decl;
    switch (d.kind) {
    case ArchiveEntry::Kind::Splat:
      store64(e + kOffSplatLength, d.length);
      std::memcpy(e + kOffSplatPattern, d.pattern.data(), d.patternLength);
      e[kOffSplatPatternLength] = (char)d.patternLength;
      break;
    case ArchiveEntry::Kind::Data:
      store64(e + kOffDataStorage, p.storageOffset);
      store64(e + kOffDataStorage + 8, d.length);
      break;
    case ArchiveEntry::Kind::External: {
      char *payload = e + kEntryHeaderSize;
      if (p.type == kSkip) {
        store32(payload, kWrappedExternal);
        store32(payload + 4, 0);
        payload += kWrappedHeaderSize;
      }
      store64(payload, p.pathOffset);
      store64(payload + 8, d.externalPath.size());
      store64(payload + 16, d.externalOffset);
      store64(payload + 24, d.length);
      std::memcpy(meta + p.pathOffset, d.externalPath.data(),
                  d.externalPath.size());
      break;
    }
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Output file
//===----------------------------------------------------------------------===//

Status errnoStatus(const char *what, const std::string &path) {
  return makeStatus(
      errno == ENOSPC                     ? StatusCode::ResourceExhausted
      : errno == EACCES || errno == EPERM ? StatusCode::PermissionDenied
      : errno == ENOENT                   ? StatusCode::NotFound
                                          : StatusCode::Unknown,
      "%s '%s' failed: %s", what, path.c_str(), std::strerror(errno));
}

Status writeAll(int fd, const char *data, uint64_t length, uint64_t offset,
                const std::string &path) {
  while (length > 0) {
    size_t chunk = length > (1ull << 30) ? (1ull << 30) : (size_t)length;
    ssize_t n = ::pwrite(fd, data, chunk, (off_t)offset);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errnoStatus("writing", path);
    }
    data += n;
    offset += (uint64_t)n;
    length -= (uint64_t)n;
  }
  return Status();
}

/// A temporary file next to the destination, unlinked unless committed.
class TempFile {
public:
  ~TempFile() {
    if (fd_ >= 0)
      ::close(fd_);
    if (!tempPath_.empty())
      ::unlink(tempPath_.c_str());
  }
  Status create(const std::string &destination) {
    destination_ = destination;
    std::string dir = directoryOf(destination);
    std::string base =
        destination.substr(destination.rfind('/') == std::string::npos
                               ? 0
                               : destination.rfind('/') + 1);
    static std::atomic<uint64_t> counter{0};
    std::random_device rd;
    for (int attempt = 0; attempt < 100; ++attempt) {
      std::string candidate =
          (dir == "." && destination.find('/') == std::string::npos
               ? std::string()
               : dir + "/") +
          "." + base +
          formatString(".%d.%llu.%08x.tmp", (int)::getpid(),
                       (ull)counter.fetch_add(1), (unsigned)rd());
      int fd = ::open(candidate.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC,
                      0666);
      if (fd >= 0) {
        fd_ = fd;
        tempPath_ = candidate;
        return Status();
      }
      if (errno != EEXIST)
        return errnoStatus("creating temporary file", candidate)
            .annotate(formatString("writing '%s'", destination.c_str()));
    }
    return makeStatus(StatusCode::Unknown,
                      "could not create a unique temporary file next to '%s'",
                      destination.c_str());
  }
  int fd() const { return fd_; }
  const std::string &path() const { return tempPath_; }
  Status commit(bool durable) {
    if (durable && ::fdatasync(fd_) != 0)
      return errnoStatus("syncing", tempPath_);
    if (::close(fd_) != 0) {
      fd_ = -1;
      return errnoStatus("closing", tempPath_);
    }
    fd_ = -1;
    if (::rename(tempPath_.c_str(), destination_.c_str()) != 0)
      return errnoStatus("renaming temporary file to", destination_);
    tempPath_.clear();
    return Status();
  }

private:
  std::string destination_;
  std::string tempPath_;
  int fd_ = -1;
};

/// Computes per-chunk digests of a byte stream that is fed in pieces never
/// crossing a chunk boundary.
class ChecksumAccumulator {
public:
  explicit ChecksumAccumulator(ChecksumRecord &record) : record_(record) {}
  uint64_t chunkSize() const { return record_.chunkSize(); }
  void update(const char *data, uint64_t n) {
    if (record_.algorithm == ChecksumAlgorithm::Crc32c)
      crc_ = crc32c(crc_, data, n);
    else
      sha_.update(data, n);
    inChunk_ += n;
    done_ += n;
    if (inChunk_ == chunkSize() || done_ == record_.coveredLength)
      flushChunk();
  }
  void finishEmpty() {
    if (record_.coveredLength == 0)
      flushChunk();
  }

private:
  void flushChunk() {
    char *out = record_.digests.data() + digestIndex_ * record_.digestSize();
    if (record_.algorithm == ChecksumAlgorithm::Crc32c) {
      store32(out, crc_);
    } else {
      auto digest = sha_.finish();
      std::memcpy(out, digest.data(), 32);
      sha_ = Sha256();
    }
    crc_ = 0;
    inChunk_ = 0;
    ++digestIndex_;
  }
  ChecksumRecord &record_;
  uint32_t crc_ = 0;
  Sha256 sha_;
  uint64_t inChunk_ = 0;
  uint64_t done_ = 0;
  uint64_t digestIndex_ = 0;
};

class DataStreamer {
public:
  DataStreamer(int fd, const std::string &path, const WriterOptions &options,
               uint64_t total)
      : fd_(fd), path_(path), options_(options), total_(total) {
    uint64_t size = std::max<uint64_t>(options.bufferBytes, 64 * 1024);
    bufferSize_ = size;
    buffer_.reset(new char[size + 32]);
  }

  /// Streams entry `d` to absolute `dst` (when `write`), feeding `checksum`.
  Status stream(const ArchiveEntry &d, uint64_t dst, ChecksumRecord *checksum) {
    const bool isData = d.kind == ArchiveEntry::Kind::Data;
    DataSource external;
    const DataSource &src = isData ? d.source
                                   : (external = DataSource::fileRange(
                                          d.externalFile, d.externalOffset));
    const bool write = isData && src.kind != DataSource::Kind::Zeros;
    if (!checksum && !write)
      return Status();
    std::optional<ChecksumAccumulator> acc;
    if (checksum)
      acc.emplace(*checksum);
    if (!checksum && src.kind == DataSource::Kind::File &&
        src.file->nativeFd() >= 0 && copyRangeWorks_) {
      Status status = copyRange(src, dst, d.length);
      if (status.isOk() || copyRangeWorks_)
        return status; // done, or a real I/O error
      // The kernel refused before copying anything: use the buffered path.
    }
    uint64_t chunkLimit = checksum ? acc->chunkSize() : UINT64_MAX;
    // Only as much of the buffer as this entry can use is prepared, so small
    // zero/pattern entries cost nothing like a whole buffer each.
    const uint64_t used = std::min<uint64_t>(bufferSize_, d.length);
    if (src.kind == DataSource::Kind::Zeros)
      std::memset(buffer_.get(), 0, used);
    if (src.kind == DataSource::Kind::Pattern) {
      // The pattern repeats; `pos % length` offsets of up to 16 bytes read
      // past `used`, hence the 32 spare bytes. Filled by doubling copies.
      const uint64_t fill = used + 32;
      size_t pl = src.bytes.size();
      std::memcpy(buffer_.get(), src.bytes.data(), pl);
      uint64_t have = pl;
      while (have < fill) {
        uint64_t n = std::min<uint64_t>(have, fill - have);
        std::memcpy(buffer_.get() + have, buffer_.get(), n);
        have += n;
      }
    }
    uint64_t pos = 0;
    while (pos < d.length) {
      uint64_t n = std::min<uint64_t>(bufferSize_, d.length - pos);
      if (checksum && chunkLimit) {
        uint64_t toBoundary = chunkLimit - pos % chunkLimit;
        n = std::min(n, toBoundary);
      }
      const char *data = buffer_.get();
      switch (src.kind) {
      case DataSource::Kind::Zeros:
        break;
      case DataSource::Kind::Pattern:
        data = buffer_.get() + pos % src.bytes.size();
        break;
      case DataSource::Kind::Bytes:
        data = src.bytes.data() + pos;
        break;
      case DataSource::Kind::File:
        SLUICE_RETURN_IF_ERROR(
            src.file->readAt(src.offset + pos, buffer_.get(), n));
        break;
      }
      if (write)
        SLUICE_RETURN_IF_ERROR(writeAll(fd_, data, n, dst + pos, path_));
      if (acc)
        acc->update(data, n);
      pos += n;
      advance(n);
    }
    if (acc)
      acc->finishEmpty();
    return Status();
  }

private:
  /// Kernel-side copy (copy_file_range). When the kernel refuses before
  /// copying anything, clears copyRangeWorks_ so the caller (and every later
  /// entry) uses the buffered path instead.
  Status copyRange(const DataSource &src, uint64_t dst, uint64_t length) {
    loff_t in = (loff_t)src.offset, out = (loff_t)dst;
    uint64_t done = 0;
    while (done < length) {
      size_t want = (size_t)std::min<uint64_t>(length - done, 1ull << 30);
      ssize_t n =
          ::copy_file_range(src.file->nativeFd(), &in, fd_, &out, want, 0);
      if (n < 0) {
        if (errno == EINTR)
          continue;
        if (done == 0 &&
            (errno == EXDEV || errno == EINVAL || errno == ENOSYS ||
             errno == EOPNOTSUPP || errno == EBADF)) {
          copyRangeWorks_ = false;
          return makeStatus(StatusCode::Unavailable,
                            "copy_file_range unsupported");
        }
        return errnoStatus("copying data into", path_);
      }
      if (n == 0)
        return makeStatus(StatusCode::DataLoss,
                          "unexpected end of '%s' while copying",
                          src.file->displayName().c_str());
      done += (uint64_t)n;
      advance((uint64_t)n);
    }
    return Status();
  }

  void advance(uint64_t n) {
    done_ += n;
    if (options_.progress)
      options_.progress(done_, total_);
  }

  int fd_;
  const std::string &path_;
  const WriterOptions &options_;
  uint64_t total_;
  uint64_t done_ = 0;
  uint64_t bufferSize_ = 0;
  std::unique_ptr<char[]> buffer_;
  bool copyRangeWorks_ = true;
};

} // namespace

Expected<WriteResult> IrpaBuilder::layout(const WriterOptions &options) const {
  Plan plan;
  SLUICE_RETURN_IF_ERROR(buildPlan(entries_, options, plan));
  return resultOf(plan);
}

Expected<WriteResult> IrpaBuilder::write(const std::string &path,
                                         const WriterOptions &options) const {
  if (path.empty())
    return makeStatus(StatusCode::InvalidArgument, "--output= is required");
  Plan plan;
  SLUICE_RETURN_IF_ERROR(buildPlan(entries_, options, plan));

  TempFile temp;
  SLUICE_RETURN_IF_ERROR(temp.create(path));
  if (::ftruncate(temp.fd(), (off_t)plan.fileSize) != 0)
    return errnoStatus("sizing", temp.path());

  uint64_t total = 0;
  for (const PlannedEntry &p : plan.entries)
    if (p.decl && (p.decl->kind == ArchiveEntry::Kind::Data ||
                   (p.records.checksum && p.decl->externalFile)))
      total += p.decl->length;
  DataStreamer streamer(temp.fd(), temp.path(), options, total);
  for (PlannedEntry &p : plan.entries) {
    if (!p.decl || p.decl->kind == ArchiveEntry::Kind::Splat)
      continue;
    ChecksumRecord *checksum =
        p.records.checksum ? &*p.records.checksum : nullptr;
    Status status = streamer.stream(
        *p.decl, plan.storageOffset + p.storageOffset, checksum);
    if (!status.isOk())
      return std::move(status).annotate(formatString(
          "while writing the data of entry '%s'", printable(p.name).c_str()));
    if (checksum) {
      std::string blob = encodeSlmd(p.records);
      if (blob.size() != p.metaBlob.size())
        return makeStatus(StatusCode::Internal, "checksum record size changed");
      p.metaBlob = std::move(blob);
    }
  }
  std::string index = serializeIndex(plan);
  SLUICE_RETURN_IF_ERROR(
      writeAll(temp.fd(), index.data(), index.size(), 0, temp.path()));
  SLUICE_RETURN_IF_ERROR(temp.commit(options.durable));
  return resultOf(plan);
}

} // namespace sluice::runtime::archive
