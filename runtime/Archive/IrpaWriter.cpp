//===- IrpaWriter.cpp - IRPA archive builder/writer
//-------------------------===//

#include "sluice/Runtime/Archive/IrpaWriter.h"

#include "sluice/Runtime/Archive/ByteArena.h"
#include "sluice/Runtime/Archive/Checksum.h"
#include "sluice/Runtime/Archive/IrpaFormat.h"

#include "Bytes.h"

#include <atomic>
#include <cerrno>
#include <deque>
#include <fcntl.h>
#include <map>
#include <memory>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

namespace sluice::runtime::archive {

using namespace detail;
using namespace irpa;
using ull = unsigned long long;

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Compact declaration storage
//===----------------------------------------------------------------------===//

/// Rare fields of a declaration, stored out of line.
struct BuilderExtras {
  std::string metadata;
  std::string bytes; // DataSource::Kind::Bytes
  std::string externalPath;
  std::optional<TensorInfoRecord> tensorInfo;
  std::optional<ShardRecord> shard;
};

/// One declaration: a fixed-size record.
struct BuilderRecord {
  std::string_view name; // in the arena
  uint64_t length = 0;
  uint64_t alignment = 0; // DATA alignment, or EXTERNAL offset alignment
  uint64_t offset = 0;    // DATA file-source offset, or EXTERNAL offset
  std::array<uint8_t, 16> pattern{}; // SPLAT pattern or DATA fill pattern
  uint32_t fileId = UINT32_MAX;      // DATA file source / EXTERNAL file
  uint32_t extrasId = UINT32_MAX;
  ArchiveEntry::Kind kind = ArchiveEntry::Kind::Data;
  DataSource::Kind sourceKind = DataSource::Kind::Zeros;
  uint8_t patternLength = 0;
  bool recordExternalFileSize = false;
};

struct BuilderStorage {
  std::deque<BuilderRecord> records;
  std::deque<BuilderExtras> extras;
  ByteArena names;
  std::vector<FileHandleRef> files;
  std::unordered_map<const FileHandle *, uint32_t> fileIds;

  uint32_t fileId(const FileHandleRef &file) {
    if (!file)
      return UINT32_MAX;
    auto [it, inserted] =
        fileIds.try_emplace(file.get(), (uint32_t)files.size());
    if (inserted)
      files.push_back(file);
    return it->second;
  }
  const FileHandleRef &file(uint32_t id) const {
    static const FileHandleRef none;
    return id == UINT32_MAX ? none : files[id];
  }
  const BuilderExtras *extrasOf(const BuilderRecord &r) const {
    return r.extrasId == UINT32_MAX ? nullptr : &extras[r.extrasId];
  }
  BuilderExtras &mutableExtras(BuilderRecord &r) {
    if (r.extrasId == UINT32_MAX) {
      r.extrasId = (uint32_t)extras.size();
      extras.emplace_back();
    }
    return extras[r.extrasId];
  }
};

IrpaBuilder::IrpaBuilder() : storage_(std::make_unique<BuilderStorage>()) {}
IrpaBuilder::~IrpaBuilder() = default;
IrpaBuilder::IrpaBuilder(IrpaBuilder &&) = default;
IrpaBuilder &IrpaBuilder::operator=(IrpaBuilder &&) = default;

size_t IrpaBuilder::size() const { return storage_->records.size(); }

ArchiveEntry IrpaBuilder::entry(size_t i) const {
  const BuilderRecord &r = storage_->records[i];
  const BuilderExtras *x = storage_->extrasOf(r);
  ArchiveEntry e;
  e.kind = r.kind;
  e.name = std::string(r.name);
  e.length = r.length;
  if (x) {
    e.metadata = x->metadata;
    e.tensorInfo = x->tensorInfo;
    e.shard = x->shard;
  }
  switch (r.kind) {
  case ArchiveEntry::Kind::Splat:
    e.pattern = r.pattern;
    e.patternLength = r.patternLength;
    break;
  case ArchiveEntry::Kind::Data:
    e.alignment = r.alignment;
    e.source.kind = r.sourceKind;
    if (r.sourceKind == DataSource::Kind::Pattern)
      e.source.bytes.assign(reinterpret_cast<const char *>(r.pattern.data()),
                            r.patternLength);
    if (r.sourceKind == DataSource::Kind::Bytes && x)
      e.source.bytes = x->bytes;
    if (r.sourceKind == DataSource::Kind::File) {
      e.source.file = storage_->file(r.fileId);
      e.source.offset = r.offset;
    }
    break;
  case ArchiveEntry::Kind::External:
    e.externalPath = x ? x->externalPath : std::string();
    e.externalOffset = r.offset;
    e.externalAlignment = r.alignment;
    e.externalFile = storage_->file(r.fileId);
    e.recordExternalFileSize = r.recordExternalFileSize;
    break;
  }
  return e;
}

void IrpaBuilder::setTensorInfo(size_t i, TensorInfoRecord info) {
  BuilderRecord &r = storage_->records[i];
  storage_->mutableExtras(r).tensorInfo = std::move(info);
}

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

  BuilderStorage &st = *storage_;
  BuilderRecord r;
  r.kind = e.kind;
  r.name = st.names.copy(e.name);
  r.length = e.length;
  BuilderExtras extras;
  bool needsExtras = !e.metadata.empty() || e.tensorInfo || e.shard;
  extras.metadata = std::move(e.metadata);
  extras.tensorInfo = std::move(e.tensorInfo);
  extras.shard = std::move(e.shard);
  switch (e.kind) {
  case ArchiveEntry::Kind::Splat:
    r.pattern = e.pattern;
    r.patternLength = e.patternLength;
    break;
  case ArchiveEntry::Kind::Data:
    r.alignment = e.alignment;
    r.sourceKind = e.source.kind;
    if (e.source.kind == DataSource::Kind::Pattern) {
      r.patternLength = (uint8_t)e.source.bytes.size();
      std::memcpy(r.pattern.data(), e.source.bytes.data(), r.patternLength);
    } else if (e.source.kind == DataSource::Kind::Bytes) {
      extras.bytes = std::move(e.source.bytes);
      needsExtras = true;
    } else if (e.source.kind == DataSource::Kind::File) {
      r.fileId = st.fileId(e.source.file);
      r.offset = e.source.offset;
    }
    dataBytes_ += e.length;
    break;
  case ArchiveEntry::Kind::External:
    r.alignment = e.externalAlignment;
    r.offset = e.externalOffset;
    r.fileId = st.fileId(e.externalFile);
    r.recordExternalFileSize = e.recordExternalFileSize;
    extras.externalPath = std::move(e.externalPath);
    needsExtras = true;
    break;
  }
  if (needsExtras) {
    r.extrasId = (uint32_t)st.extras.size();
    st.extras.push_back(std::move(extras));
  }
  st.records.push_back(r);
  return Status();
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

namespace {

Status tooLarge() {
  return makeStatus(StatusCode::InvalidArgument,
                    "archive layout overflows 64-bit offsets");
}

/// The layout of one entry (irpa-format.md §4), computed in declaration
/// order by LayoutWalker.
struct EntryLayout {
  const BuilderRecord *decl = nullptr; // null: the __sluice_archive__ entry
  size_t index = 0;                    // declaration index
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t entrySize = 0;
  uint64_t entryRel = 0; // offset inside the entry segment
  std::string_view name;
  std::string metaBlob;    // as stored (SLMD or foreign bytes)
  uint64_t nameOffset = 0; // in the metadata segment
  uint64_t metaOffset = 0;
  uint64_t pathOffset = 0;
  bool newPath = false;       // the path bytes are stored at pathOffset here
  uint64_t storageOffset = 0; // relative to the storage segment
  uint64_t minAlignment = 0;
  /// The entry gets a CHECKSUM record (its digests are computed while its
  /// data is streamed).
  bool checksummed = false;
  std::optional<ChecksumRecord> checksum;
};

/// Walks the declarations computing each entry's layout from running sums,
/// so no per-entry layout is ever stored: write() walks three times (sizes,
/// data, index bytes) instead.
class LayoutWalker {
public:
  LayoutWalker(const BuilderStorage &storage, const WriterOptions &options,
               const std::unordered_map<size_t, std::string> *digests = nullptr)
      : storage_(storage), options_(options), digests_(digests) {}

  /// Fills `out` with the next entry; returns false after the last one.
  Expected<bool> next(EntryLayout &out);

  uint64_t entrySegment() const { return entrySeg_; }
  uint64_t metaSize() const { return metaSize_; }
  uint64_t storageSize() const { return storageSize_; }
  uint64_t storageAlign() const { return storageAlign_; }

private:
  Status place(EntryLayout &p);
  const BuilderStorage &storage_;
  const WriterOptions &options_;
  const std::unordered_map<size_t, std::string> *digests_;
  size_t next_ = 0;
  bool archiveEntryDone_ = false;
  uint64_t entrySeg_ = 0, metaSize_ = 0, storageSize_ = 0, storageAlign_ = 0;
  std::map<std::string_view, uint64_t> pathOffsets_;
};

Status LayoutWalker::place(EntryLayout &p) {
  uint64_t rel = alignPow2(entrySeg_, kEntryAlignment);
  if (rel < entrySeg_ || !checkedAdd(rel, p.entrySize, entrySeg_))
    return tooLarge();
  p.entryRel = rel;
  p.nameOffset = metaSize_;
  uint64_t v;
  if (!checkedAdd(metaSize_, p.name.size(), v) ||
      !checkedAdd(v, p.metaBlob.size(), metaSize_))
    return tooLarge();
  p.metaOffset = v;
  return Status();
}

Expected<bool> LayoutWalker::next(EntryLayout &p) {
  p = EntryLayout();
  if (!archiveEntryDone_) {
    archiveEntryDone_ = true;
    if (options_.checksum != ChecksumAlgorithm::None &&
        options_.checksumChunkLog2 != 0 &&
        (options_.checksumChunkLog2 < 12 || options_.checksumChunkLog2 > 40))
      return makeStatus(
          StatusCode::InvalidArgument,
          "checksum chunk size must be a power of two between 4 KiB "
          "and 1 TiB (got 2^%u)",
          options_.checksumChunkLog2);
    if (options_.archiveSharding || options_.creator) {
      p.type = kSkip;
      p.flags = kFlagSluiceExtended;
      p.entrySize = kEntryHeaderSize;
      p.name = kArchiveEntryName;
      SlmdRecords records;
      records.archiveSharding = options_.archiveSharding;
      records.creator = options_.creator;
      p.metaBlob = encodeSlmd(records);
      SLUICE_RETURN_IF_ERROR(place(p));
      return true;
    }
  }
  if (next_ == storage_.records.size())
    return false;
  p.index = next_;
  const BuilderRecord &d = storage_.records[next_++];
  const BuilderExtras *x = storage_.extrasOf(d);
  const FileHandleRef &file = storage_.file(d.fileId);
  p.decl = &d;
  p.name = d.name;
  SlmdRecords r;
  if (x) {
    r.tensorInfo = x->tensorInfo;
    r.shard = x->shard;
  }
  p.checksummed = options_.checksum != ChecksumAlgorithm::None &&
                  (d.kind == ArchiveEntry::Kind::Data ||
                   (d.kind == ArchiveEntry::Kind::External && file));
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
    if (!checkedAlignUp(storageSize_, d.alignment, off) ||
        !checkedAdd(off, d.length, storageSize_))
      return tooLarge();
    p.storageOffset = off;
    storageAlign_ = std::max(storageAlign_, d.alignment);
    break;
  }
  case ArchiveEntry::Kind::External:
    p.type = options_.externalEncoding == ExternalEncoding::Native ? kExternal
                                                                   : kSkip;
    p.entrySize = options_.externalEncoding == ExternalEncoding::Native
                      ? kExternalEntrySize
                      : kSkipWrappedExternalSize;
    p.minAlignment = d.alignment;
    if (options_.externalEncoding == ExternalEncoding::Skip)
      p.flags |= kFlagSluiceExtended;
    if (d.recordExternalFileSize && file)
      r.externalFileSize = file->size();
    break;
  }
  if (p.checksummed) {
    ChecksumRecord c;
    c.algorithm = options_.checksum;
    c.coveredType = d.kind == ArchiveEntry::Kind::Data ? kData : kExternal;
    c.chunkLog2 = options_.checksumChunkLog2;
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
    const std::string *known = nullptr;
    if (digests_) {
      auto it = digests_->find(p.index);
      if (it != digests_->end())
        known = &it->second;
    }
    if (known)
      c.digests = *known;
    else
      c.digests.assign((size_t)bytes, '\0');
    r.checksum = c;
    p.checksum = std::move(c);
  }
  if (!r.empty()) {
    if (x && !x->metadata.empty())
      r.foreign = x->metadata;
    p.flags |= kFlagSluiceExtended;
    p.metaBlob = encodeSlmd(r);
  } else if (x) {
    p.metaBlob = x->metadata;
  }
  SLUICE_RETURN_IF_ERROR(place(p));
  if (d.kind == ArchiveEntry::Kind::External) {
    std::string_view path = x->externalPath;
    auto [it, inserted] = pathOffsets_.try_emplace(path, metaSize_);
    if (inserted && !checkedAdd(metaSize_, path.size(), metaSize_))
      return tooLarge();
    p.pathOffset = it->second;
    p.newPath = inserted;
  }
  return true;
}

/// The file-level layout: segment offsets and sizes.
struct FileLayout {
  uint64_t entryCount = 0;
  uint64_t entrySegment = 0;
  uint64_t metaOffset = 0, metaSize = 0;
  uint64_t storageOffset = 0, storageSize = 0;
  uint64_t fileSize = 0;
};

/// Pass 1: walks every entry for the segment sizes; optionally records
/// where each declaration lands.
Status computeLayout(const BuilderStorage &storage,
                     const WriterOptions &options, FileLayout &out,
                     std::vector<WrittenEntry> *entries) {
  LayoutWalker walker(storage, options);
  EntryLayout p;
  std::vector<std::pair<size_t, uint64_t>> dataOffsets; // decl -> storage off
  for (;;) {
    auto more = walker.next(p);
    if (!more)
      return more.takeStatus();
    if (!*more)
      break;
    ++out.entryCount;
    if (entries && p.decl) {
      WrittenEntry w;
      w.kind = p.decl->kind;
      w.entryOffset = kHeaderV0Size + 8 + p.entryRel; // 96 + rel
      w.dataOffset = p.storageOffset;                 // made absolute below
      w.length = p.decl->length;
      entries->push_back(w);
    }
  }
  out.entrySegment = walker.entrySegment();
  out.metaSize = walker.metaSize();
  out.storageSize = walker.storageSize();
  uint64_t entrySegmentOffset = alignPow2(kHeaderV0Size, kHeaderAlignment);
  if (!checkedAdd(entrySegmentOffset, out.entrySegment, out.metaOffset))
    return tooLarge();
  uint64_t metaEnd, storageEnd;
  uint64_t align = walker.storageAlign() ? walker.storageAlign() : 1;
  if (!checkedAdd(out.metaOffset, out.metaSize, metaEnd) ||
      !checkedAlignUp(metaEnd, align, out.storageOffset) ||
      !checkedAdd(out.storageOffset, out.storageSize, storageEnd) ||
      !checkedAlignUp(storageEnd, kDefaultFileAlignment, out.fileSize))
    return tooLarge();
  if (entries)
    for (WrittenEntry &w : *entries)
      w.dataOffset = w.kind == ArchiveEntry::Kind::Data
                         ? out.storageOffset + w.dataOffset
                         : 0;
  return Status();
}

WriteResult resultOf(const FileLayout &layout,
                     std::vector<WrittenEntry> entries) {
  WriteResult result;
  result.fileSize = layout.fileSize;
  result.entrySegmentLength = layout.entrySegment;
  result.metadataSegmentOffset = layout.metaOffset;
  result.metadataSegmentLength = layout.metaSize;
  result.storageSegmentOffset = layout.storageOffset;
  result.storageSegmentLength = layout.storageSize;
  result.entries = std::move(entries);
  return result;
}

} // namespace

//===----------------------------------------------------------------------===//
// Output file
//===----------------------------------------------------------------------===//

namespace {

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

/// The bytes of one DATA entry (or of an EXTERNAL entry being checksummed).
struct StreamSource {
  DataSource::Kind kind = DataSource::Kind::Zeros;
  std::string_view bytes; // Pattern: the pattern; Bytes: the data
  const FileHandle *file = nullptr;
  uint64_t offset = 0;
  uint64_t length = 0;
  bool write = true; // false: only checksum (EXTERNAL)
};

/// Pending kernel-side copy of a run of adjacent file-backed entries.
struct CopyRun {
  const FileHandle *file = nullptr;
  uint64_t src = 0, dst = 0, length = 0;
  std::string_view first, last; // entry names, for messages
};

Status annotateEntries(Status status, std::string_view first,
                       std::string_view last) {
  if (status.isOk())
    return status;
  if (first.data() == last.data())
    return std::move(status).annotate(formatString(
        "while writing the data of entry '%s'", printable(first).c_str()));
  return std::move(status).annotate(
      formatString("while writing the data of entries '%s' to '%s'",
                   printable(first).c_str(), printable(last).c_str()));
}

class DataStreamer {
public:
  DataStreamer(int fd, const std::string &path, const WriterOptions &options,
               uint64_t total)
      : fd_(fd), path_(path), options_(options), total_(total) {
    uint64_t size = std::max<uint64_t>(options.bufferBytes, 64 * 1024);
    bufferSize_ = size;
    buffer_.reset(new char[size + 32]);
  }

  /// Streams `src` to absolute `dst`, feeding `checksum`. Unchecksummed
  /// file-backed entries are copied in the kernel (copy_file_range, which
  /// may share extents on filesystems with reflinks); entries whose source
  /// and destination are both adjacent to the previous one join its copy,
  /// so a run of back-to-back entries is one copy.
  Status stream(std::string_view name, const StreamSource &src, uint64_t dst,
                ChecksumRecord *checksum) {
    if (!checksum && src.write && src.kind == DataSource::Kind::File &&
        src.file->nativeFd() >= 0 && copyRangeWorks_) {
      if (run_.length && run_.file == src.file &&
          run_.src + run_.length == src.offset &&
          run_.dst + run_.length == dst) {
        run_.length += src.length;
        run_.last = name;
        return Status();
      }
      SLUICE_RETURN_IF_ERROR(flush());
      run_ = CopyRun{src.file, src.offset, dst, src.length, name, name};
      return Status();
    }
    SLUICE_RETURN_IF_ERROR(flush());
    return annotateEntries(streamBuffered(src, dst, checksum), name, name);
  }

  /// Issues the pending kernel copy, if any.
  Status flush() {
    if (!run_.length)
      return Status();
    CopyRun run = run_;
    run_ = CopyRun();
    Status status = copyRange(run);
    if (status.isOk() || copyRangeWorks_)
      return annotateEntries(std::move(status), run.first, run.last);
    // The kernel refused before copying anything: use the buffered path.
    StreamSource src;
    src.kind = DataSource::Kind::File;
    src.file = run.file;
    src.offset = run.src;
    src.length = run.length;
    return annotateEntries(streamBuffered(src, run.dst, nullptr), run.first,
                           run.last);
  }

private:
  Status streamBuffered(const StreamSource &src, uint64_t dst,
                        ChecksumRecord *checksum) {
    const bool write = src.write && src.kind != DataSource::Kind::Zeros;
    if (!checksum && !write)
      return Status();
    std::optional<ChecksumAccumulator> acc;
    if (checksum)
      acc.emplace(*checksum);
    uint64_t chunkLimit = checksum ? acc->chunkSize() : UINT64_MAX;
    // Only as much of the buffer as this entry can use is prepared, so small
    // zero/pattern entries cost nothing like a whole buffer each.
    const uint64_t used = std::min<uint64_t>(bufferSize_, src.length);
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
    while (pos < src.length) {
      uint64_t n = std::min<uint64_t>(bufferSize_, src.length - pos);
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

  /// Kernel-side copy (copy_file_range) in pieces of at most 64 MiB (so
  /// progress keeps moving). When the kernel refuses before copying
  /// anything, clears copyRangeWorks_ so the caller (and every later entry)
  /// uses the buffered path instead.
  Status copyRange(const CopyRun &run) {
    loff_t in = (loff_t)run.src, out = (loff_t)run.dst;
    uint64_t done = 0;
    while (done < run.length) {
      size_t want = (size_t)std::min<uint64_t>(run.length - done, 64ull << 20);
      ssize_t n =
          ::copy_file_range(run.file->nativeFd(), &in, fd_, &out, want, 0);
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
                          run.file->displayName().c_str());
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
  CopyRun run_;
};

/// Sequential writes at increasing file offsets through a bounded buffer
/// (gaps between writes are zero-filled in the buffer).
class BufferedWriter {
public:
  BufferedWriter(int fd, const std::string &path, uint64_t start)
      : fd_(fd), path_(path), base_(start), buffer_(new char[kBytes]) {}
  Status write(uint64_t at, const void *data, size_t n) {
    uint64_t end = base_ + used_;
    if (at < end)
      return makeStatus(StatusCode::Internal,
                        "archive index bytes written out of order");
    SLUICE_RETURN_IF_ERROR(zeros(at - end));
    const char *p = static_cast<const char *>(data);
    while (n) {
      if (used_ == kBytes)
        SLUICE_RETURN_IF_ERROR(flush());
      size_t k = std::min(n, kBytes - used_);
      std::memcpy(buffer_.get() + used_, p, k);
      used_ += k;
      p += k;
      n -= k;
    }
    return Status();
  }
  Status flush() {
    SLUICE_RETURN_IF_ERROR(writeAll(fd_, buffer_.get(), used_, base_, path_));
    base_ += used_;
    used_ = 0;
    return Status();
  }

private:
  Status zeros(uint64_t n) {
    while (n) {
      if (used_ == kBytes)
        SLUICE_RETURN_IF_ERROR(flush());
      size_t k = (size_t)std::min<uint64_t>(n, kBytes - used_);
      std::memset(buffer_.get() + used_, 0, k);
      used_ += k;
      n -= k;
    }
    return Status();
  }
  static constexpr size_t kBytes = 256 * 1024;
  int fd_;
  const std::string &path_;
  uint64_t base_;
  std::unique_ptr<char[]> buffer_;
  size_t used_ = 0;
};

/// Pass 3: the header, the entry table and the metadata segment, streamed.
Status writeIndex(int fd, const std::string &path,
                  const BuilderStorage &storage, const WriterOptions &options,
                  const FileLayout &layout,
                  const std::unordered_map<size_t, std::string> &digests) {
  char h[kHeaderV0Size] = {};
  store32(h + kOffMagic, kMagic);
  store16(h + kOffVersionMajor, 0);
  store16(h + kOffVersionMinor, 0);
  store64(h + kOffHeaderSize, kHeaderV0Size);
  store64(h + kOffNextHeader, 0);
  store64(h + kOffFlags, 0);
  store64(h + kOffEntryCount, layout.entryCount);
  const uint64_t entrySegmentOffset =
      alignPow2(kHeaderV0Size, kHeaderAlignment);
  store64(h + kOffEntrySegment, entrySegmentOffset);
  store64(h + kOffEntrySegment + 8, layout.entrySegment);
  store64(h + kOffMetadataSegment, layout.metaOffset);
  store64(h + kOffMetadataSegment + 8, layout.metaSize);
  store64(h + kOffStorageSegment, layout.storageOffset);
  store64(h + kOffStorageSegment + 8, layout.storageSize);
  SLUICE_RETURN_IF_ERROR(writeAll(fd, h, kHeaderV0Size, 0, path));

  BufferedWriter table(fd, path, entrySegmentOffset);
  BufferedWriter meta(fd, path, layout.metaOffset);
  LayoutWalker walker(storage, options, &digests);
  EntryLayout p;
  for (;;) {
    auto more = walker.next(p);
    if (!more)
      return more.takeStatus();
    if (!*more)
      break;
    char e[kSkipWrappedExternalSize] = {};
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
    SLUICE_RETURN_IF_ERROR(meta.write(layout.metaOffset + p.nameOffset,
                                      p.name.data(), p.name.size()));
    SLUICE_RETURN_IF_ERROR(meta.write(layout.metaOffset + p.metaOffset,
                                      p.metaBlob.data(), p.metaBlob.size()));
    if (p.decl) {
      const BuilderRecord &d = *p.decl;
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
        std::string_view externalPath = storage.extrasOf(d)->externalPath;
        store64(payload, p.pathOffset);
        store64(payload + 8, externalPath.size());
        store64(payload + 16, d.offset);
        store64(payload + 24, d.length);
        if (p.newPath)
          SLUICE_RETURN_IF_ERROR(meta.write(layout.metaOffset + p.pathOffset,
                                            externalPath.data(),
                                            externalPath.size()));
        break;
      }
      }
    }
    SLUICE_RETURN_IF_ERROR(
        table.write(entrySegmentOffset + p.entryRel, e, p.entrySize));
  }
  SLUICE_RETURN_IF_ERROR(table.flush());
  return meta.flush();
}

} // namespace

Expected<WriteResult> IrpaBuilder::layout(const WriterOptions &options) const {
  FileLayout layout;
  std::vector<WrittenEntry> entries;
  SLUICE_RETURN_IF_ERROR(computeLayout(
      *storage_, options, layout, options.reportEntries ? &entries : nullptr));
  return resultOf(layout, std::move(entries));
}

Expected<WriteResult> IrpaBuilder::write(const std::string &path,
                                         const WriterOptions &options) const {
  if (path.empty())
    return makeStatus(StatusCode::InvalidArgument, "--output= is required");
  FileLayout layout;
  std::vector<WrittenEntry> entries;
  SLUICE_RETURN_IF_ERROR(computeLayout(
      *storage_, options, layout, options.reportEntries ? &entries : nullptr));

  TempFile temp;
  SLUICE_RETURN_IF_ERROR(temp.create(path));
  if (::ftruncate(temp.fd(), (off_t)layout.fileSize) != 0)
    return errnoStatus("sizing", temp.path());

  // Pass 2: the data, and the digests of checksummed entries.
  uint64_t total = dataBytes_;
  if (options.checksum != ChecksumAlgorithm::None)
    for (const BuilderRecord &d : storage_->records)
      if (d.kind == ArchiveEntry::Kind::External && storage_->file(d.fileId))
        total += d.length;
  std::unordered_map<size_t, std::string> digests;
  {
    DataStreamer streamer(temp.fd(), temp.path(), options, total);
    LayoutWalker walker(*storage_, options);
    EntryLayout p;
    for (;;) {
      auto more = walker.next(p);
      if (!more)
        return more.takeStatus();
      if (!*more)
        break;
      if (!p.decl || p.decl->kind == ArchiveEntry::Kind::Splat)
        continue;
      const BuilderRecord &d = *p.decl;
      StreamSource src;
      src.length = d.length;
      if (d.kind == ArchiveEntry::Kind::Data) {
        src.kind = d.sourceKind;
        if (d.sourceKind == DataSource::Kind::Pattern)
          src.bytes =
              std::string_view(reinterpret_cast<const char *>(d.pattern.data()),
                               d.patternLength);
        else if (d.sourceKind == DataSource::Kind::Bytes)
          src.bytes = storage_->extrasOf(d)->bytes;
        src.file = storage_->file(d.fileId).get();
        src.offset = d.offset;
      } else {
        if (!p.checksummed)
          continue;
        src.kind = DataSource::Kind::File;
        src.file = storage_->file(d.fileId).get();
        src.offset = d.offset;
        src.write = false;
      }
      ChecksumRecord *checksum = p.checksum ? &*p.checksum : nullptr;
      SLUICE_RETURN_IF_ERROR(streamer.stream(
          p.name, src, layout.storageOffset + p.storageOffset, checksum));
      if (checksum)
        digests.emplace(p.index, std::move(checksum->digests));
    }
    SLUICE_RETURN_IF_ERROR(streamer.flush());
  }
  SLUICE_RETURN_IF_ERROR(
      writeIndex(temp.fd(), temp.path(), *storage_, options, layout, digests));
  SLUICE_RETURN_IF_ERROR(temp.commit(options.durable));
  return resultOf(layout, std::move(entries));
}

} // namespace sluice::runtime::archive
