//===- IrpaReader.cpp - IRPA index parser
//-----------------------------------===//
//
// irpa-format.md §5.2. Reads only the header(s), the entry table and the
// metadata segment, each bounded and validated before it is read. Every
// offset computation is checked u64 arithmetic.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/IrpaReader.h"

#include "sluice/Runtime/Archive/IrpaFormat.h"

#include "Bytes.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace sluice::runtime::archive {

using namespace detail;
using namespace irpa;

namespace {

using ull = unsigned long long;

struct Range {
  uint64_t offset = 0;
  uint64_t length = 0;
};

inline Range loadRange(const char *p) { return {load64(p), load64(p + 8)}; }

inline uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  uint64_t out;
  return checkedAdd(a, b, out) ? out : UINT64_MAX;
}

/// Sequential access to the entry table through a bounded window, so the
/// table is never held in memory whole (an entry needs at most its first
/// kMaxEntryBytes bytes).
class TableWindow {
public:
  static constexpr uint64_t kMaxEntryBytes = 128;
  TableWindow(const FileHandle &file, uint64_t start, uint64_t length)
      : file_(file), start_(start), length_(length),
        buffer_(std::min<uint64_t>(length, kWindowBytes), '\0') {}
  /// Bytes [rel, rel + n) of the table (n <= kMaxEntryBytes, in range).
  Expected<const char *> at(uint64_t rel, uint64_t n) {
    if (rel < windowStart_ || rel + n > windowStart_ + windowLength_) {
      windowStart_ = rel;
      windowLength_ = std::min<uint64_t>(buffer_.size(), length_ - rel);
      SLUICE_RETURN_IF_ERROR(
          file_.readAt(start_ + rel, buffer_.data(), windowLength_));
    }
    return buffer_.data() + (rel - windowStart_);
  }

private:
  static constexpr uint64_t kWindowBytes = 1 << 20;
  const FileHandle &file_;
  uint64_t start_, length_;
  std::string buffer_;
  uint64_t windowStart_ = 0, windowLength_ = 0;
};

class IrpaParser {
public:
  IrpaParser(FileHandleRef file, const ParseOptions &options, ParsedFile &out)
      : file_(std::move(file)), options_(options), out_(out) {}

  Status run();

private:
  Status parseHeaderAt(uint64_t base, uint64_t &next);
  Status parseEntries(uint64_t base, uint64_t entryCount, const Range &storage,
                      TableWindow &table, uint64_t tableLength,
                      const std::string &meta);
  Status parseEntry(uint64_t index, const char *p, uint64_t entrySize,
                    uint64_t base, const Range &storage,
                    const std::string &meta);
  Status checkMetaRef(const Range &ref, uint64_t metaLength, const char *what);
  Status addExternal(EntrySpec &entry, std::string_view path,
                     const Range &range, const SlmdRecords &records);
  Expected<FileHandleRef> resolveExternal(const std::string &name,
                                          const std::string &path);
  Status decodeMetadata(EntrySpec &entry, uint32_t archiveType,
                        SlmdRecords &records);
  Status addEntry(const EntrySpec &entry) { return out_.entries.add(entry); }
  void warn(std::string message) {
    out_.warnings.push_back(std::move(message));
  }

  FileHandleRef file_;
  const ParseOptions &options_;
  ParsedFile &out_;
  std::map<std::string, FileHandleRef> externalFiles_;
  bool warnedMinor_ = false;
};

Status IrpaParser::run() {
  std::unordered_set<uint64_t> visited;
  uint64_t base = 0;
  for (uint64_t headerCount = 1;; ++headerCount) {
    if (headerCount > kMaxLinkedHeaders)
      return makeStatus(StatusCode::InvalidArgument,
                        "IRPA file links more than %llu headers",
                        (ull)kMaxLinkedHeaders);
    if (!visited.insert(base).second)
      return makeStatus(StatusCode::InvalidArgument,
                        "IRPA linked header cycle at offset %llu", (ull)base);
    if (base % kHeaderAlignment != 0)
      warn(formatString("IRPA header at offset %llu is not 16-byte aligned",
                        (ull)base));
    uint64_t next = 0;
    Status status = parseHeaderAt(base, next);
    if (!status.isOk()) {
      if (base != 0)
        status.annotate(
            formatString("in the linked header at offset %llu", (ull)base));
      return status;
    }
    if (next == 0)
      return Status();
    base += next; // checked in parseHeaderAt
  }
}

Status IrpaParser::parseHeaderAt(uint64_t base, uint64_t &next) {
  const uint64_t fileLength = file_->size();
  if (!rangeFits(base, kPrefixSize, fileLength))
    return makeStatus(StatusCode::InvalidArgument,
                      "not enough bytes for a valid IRPA header; file may be "
                      "empty or truncated");
  char prefix[kPrefixSize];
  SLUICE_RETURN_IF_ERROR(file_->readAt(base, prefix, kPrefixSize));
  uint32_t magic = load32(prefix + kOffMagic);
  if (magic != kMagic)
    return makeStatus(StatusCode::InvalidArgument,
                      "IRPA file magic missing or invalid %08X; expected %08X",
                      magic, kMagic);
  uint16_t major = load16(prefix + kOffVersionMajor);
  uint16_t minor = load16(prefix + kOffVersionMinor);
  uint64_t headerSize = load64(prefix + kOffHeaderSize);
  next = load64(prefix + kOffNextHeader);
  if (!rangeFits(base, headerSize, fileLength))
    return makeStatus(StatusCode::OutOfRange,
                      "file buffer underrun parsing header of reported size "
                      "%llu (only %llu bytes available)",
                      (ull)headerSize, (ull)(fileLength - base));
  if (next != 0) {
    uint64_t nextBase;
    if (!checkedAdd(base, next, nextBase) ||
        !rangeFits(nextBase, kPrefixSize, fileLength))
      return makeStatus(StatusCode::OutOfRange,
                        "file buffer underrun verifying linked header at "
                        "offset %llu (only %llu bytes available)",
                        (ull)saturatingAdd(base, next), (ull)fileLength);
  }
  if (major != 0)
    return makeStatus(StatusCode::Unimplemented,
                      "IRPA major version %u.%u not supported by this runtime",
                      major, minor);
  if (minor == 0) {
    if (headerSize != kHeaderV0Size)
      return makeStatus(StatusCode::InvalidArgument,
                        "IRPA v0 header expected to be exactly 88 bytes but "
                        "was reported as %llu",
                        (ull)headerSize);
  } else {
    if (headerSize < kHeaderV0Size)
      return makeStatus(StatusCode::InvalidArgument,
                        "IRPA v0.%u header expected to be at least 88 bytes "
                        "but was reported as %llu",
                        minor, (ull)headerSize);
    if (!warnedMinor_) {
      warnedMinor_ = true;
      warn(formatString("IRPA minor version 0.%u is newer than this reader; "
                        "unknown fields ignored",
                        minor));
    }
  }

  char header[kHeaderV0Size];
  SLUICE_RETURN_IF_ERROR(file_->readAt(base, header, kHeaderV0Size));
  uint64_t entryCount = load64(header + kOffEntryCount);
  Range segments[3] = {loadRange(header + kOffEntrySegment),
                       loadRange(header + kOffMetadataSegment),
                       loadRange(header + kOffStorageSegment)};
  static const char *const kSegmentNotes[3] = {"verifying entry table",
                                               "verifying metadata segment",
                                               "verifying storage segment"};
  for (int i = 0; i < 3; ++i) {
    const Range &seg = segments[i];
    if (seg.length == 0)
      continue;
    uint64_t start;
    if (!checkedAdd(base, seg.offset, start) ||
        !rangeFits(start, seg.length, fileLength))
      return makeStatus(StatusCode::OutOfRange,
                        "file segment out of range (%llu to %llu for %llu, "
                        "file_size=%llu)",
                        (ull)seg.offset,
                        (ull)saturatingAdd(seg.offset, seg.length),
                        (ull)seg.length, (ull)fileLength)
          .annotate(kSegmentNotes[i]);
  }
  // Both lengths are bounded by the file size here, so the sum cannot wrap.
  uint64_t indexBytes = segments[0].length + segments[1].length;
  if (indexBytes > options_.indexMaxBytes)
    return makeStatus(StatusCode::ResourceExhausted,
                      "IRPA entry table and metadata segment need %llu bytes, "
                      "more than --parameter_index_max_bytes=%llu",
                      (ull)indexBytes, (ull)options_.indexMaxBytes);
  // The metadata segment is read whole (names are referenced anywhere in
  // it); the entry table is walked through a bounded window.
  std::string meta(segments[1].length, '\0');
  if (!meta.empty())
    SLUICE_RETURN_IF_ERROR(
        file_->readAt(base + segments[1].offset, meta.data(), meta.size()));
  TableWindow table(*file_, base + segments[0].offset, segments[0].length);
  return parseEntries(base, entryCount, segments[2], table, segments[0].length,
                      meta);
}

Status IrpaParser::parseEntries(uint64_t base, uint64_t entryCount,
                                const Range &storage, TableWindow &table,
                                uint64_t tableLength, const std::string &meta) {
  uint64_t rel = 0;
  for (uint64_t i = 0; i < entryCount; ++i) {
    auto where = [&] {
      return formatString("while parsing entry %llu at entry table offset %llu",
                          (ull)i, (ull)rel);
    };
    if (!rangeFits(rel, kEntryHeaderSize, tableLength))
      return makeStatus(StatusCode::OutOfRange,
                        "entry table truncated; insufficient bytes for base "
                        "entry header (entry_count=%llu)",
                        (ull)entryCount)
          .annotate(where());
    auto header = table.at(rel, kEntryHeaderSize);
    if (!header)
      return header.takeStatus();
    uint64_t entrySize = load64(*header + kOffEntrySize);
    if (entrySize < kEntryHeaderSize || entrySize > tableLength - rel)
      return makeStatus(
                 StatusCode::OutOfRange,
                 "entry table truncated; insufficient bytes for sized "
                 "header (entry_size=%llu, %llu bytes left in the table)",
                 (ull)entrySize, (ull)(tableLength - rel))
          .annotate(where());
    auto p = table.at(rel, std::min(entrySize, TableWindow::kMaxEntryBytes));
    if (!p)
      return p.takeStatus();
    Status status = parseEntry(i, *p, entrySize, base, storage, meta);
    if (!status.isOk())
      return std::move(status).annotate(where());
    uint64_t end = saturatingAdd(rel, entrySize);
    rel = end > UINT64_MAX - 15 ? UINT64_MAX : alignPow2(end, kEntryAlignment);
  }
  return Status();
}

Status IrpaParser::checkMetaRef(const Range &ref, uint64_t metaLength,
                                const char *what) {
  if (ref.length != 0 && !rangeFits(ref.offset, ref.length, metaLength))
    return makeStatus(StatusCode::OutOfRange,
                      "metadata segment reference out of range (%llu to %llu "
                      "for %llu, segment_size=%llu)",
                      (ull)ref.offset,
                      (ull)saturatingAdd(ref.offset, ref.length),
                      (ull)ref.length, (ull)metaLength)
        .annotate(what);
  return Status();
}

Status IrpaParser::decodeMetadata(EntrySpec &entry, uint32_t archiveType,
                                  SlmdRecords &records) {
  if (entry.metadata.empty())
    return Status();
  std::vector<std::string> warnings;
  auto result = decodeSlmd(entry.metadata, records, warnings);
  for (std::string &w : warnings)
    warn(formatString("entry '%s': %s", printable(entry.key).c_str(),
                      w.c_str()));
  if (!result)
    return result.takeStatus();
  if (records.checksum) {
    if (records.checksum->coveredType != archiveType ||
        records.checksum->coveredLength != entry.length) {
      warn(formatString("entry '%s': stale CHECKSUM record ignored (covers "
                        "type %u length %llu; entry is type %u length %llu)",
                        printable(entry.key).c_str(),
                        records.checksum->coveredType,
                        (ull)records.checksum->coveredLength, archiveType,
                        (ull)entry.length));
    } else {
      entry.hasChecksum = true;
    }
  }
  entry.metadataHasTensorInfo = records.tensorInfo.has_value();
  return Status();
}

Expected<FileHandleRef> IrpaParser::resolveExternal(const std::string &name,
                                                    const std::string &path) {
  auto rejected = [&](const char *mode) {
    return makeStatus(StatusCode::PermissionDenied,
                      "EXTERNAL path '%s' rejected by "
                      "--parameter_external_paths=%s",
                      printable(path).c_str(), mode);
  };
  if (path.empty())
    return makeStatus(StatusCode::InvalidArgument,
                      "EXTERNAL entry '%s' has an empty path",
                      printable(name).c_str());
  if (path.find('\0') != std::string::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "EXTERNAL entry '%s' path contains a NUL byte",
                      printable(name).c_str());
  bool absolute = path[0] == '/';
  if (options_.externalPaths == ExternalPathPolicy::None)
    return rejected("none");
  if (absolute && options_.externalPaths == ExternalPathPolicy::Relative)
    return rejected("relative");

  std::string resolved;
  if (absolute) {
    resolved = path;
  } else if (file_->hasPath()) {
    resolved = directoryOf(file_->path()) + "/" + path;
  } else if (!options_.externalResolver) {
    return makeStatus(StatusCode::FailedPrecondition,
                      "EXTERNAL entry '%s' references '%s' but the archive has "
                      "no base directory",
                      printable(name).c_str(), printable(path).c_str());
  }
  const std::string &cacheKey = resolved.empty() ? path : resolved;
  auto it = externalFiles_.find(cacheKey);
  if (it != externalFiles_.end())
    return it->second;
  Expected<FileHandleRef> opened =
      resolved.empty() ? options_.externalResolver(path) : openFile(resolved);
  if (!opened)
    return opened.takeStatus().annotate(formatString(
        "opening the EXTERNAL file of entry '%s'", printable(name).c_str()));
  externalFiles_.emplace(cacheKey, *opened);
  return opened;
}

Status IrpaParser::addExternal(EntrySpec &entry, std::string_view path,
                               const Range &range, const SlmdRecords &records) {
  std::string pathString(path);
  auto handle = resolveExternal(std::string(entry.key), pathString);
  if (!handle)
    return handle.takeStatus();
  const FileHandleRef &ext = *handle;
  if (!rangeFits(range.offset, range.length, ext->size()))
    return makeStatus(StatusCode::OutOfRange,
                      "EXTERNAL entry '%s': range [%llu, %llu) exceeds '%s' "
                      "size %llu",
                      printable(entry.key).c_str(), (ull)range.offset,
                      (ull)saturatingAdd(range.offset, range.length),
                      printable(pathString).c_str(), (ull)ext->size());
  if (records.externalFileSize && *records.externalFileSize != ext->size())
    return makeStatus(StatusCode::DataLoss,
                      "external file '%s' has size %llu, archive expects %llu",
                      printable(pathString).c_str(), (ull)ext->size(),
                      (ull)*records.externalFileSize);
  entry.file = ext;
  entry.offset = range.offset;
  entry.external = true;
  if (entry.requiredAlignment && entry.offset % entry.requiredAlignment) {
    entry.aligned = false;
    warn(formatString("entry '%s': EXTERNAL offset %llu is not a multiple of "
                      "its minimum alignment %llu; zero-copy import disabled",
                      printable(entry.key).c_str(), (ull)entry.offset,
                      (ull)entry.requiredAlignment));
  }
  return Status();
}

Status IrpaParser::parseEntry(uint64_t index, const char *p, uint64_t entrySize,
                              uint64_t base, const Range &storage,
                              const std::string &meta) {
  const uint64_t metaLength = meta.size();
  uint32_t type = load32(p + kOffEntryType);
  uint64_t flags = load64(p + kOffEntryFlags);
  Range nameRef = loadRange(p + kOffEntryName);
  Range metaRef = loadRange(p + kOffEntryMetadata);
  uint64_t minAlignment = load64(p + kOffEntryMinAlignment);
  SLUICE_RETURN_IF_ERROR(
      checkMetaRef(nameRef, metaLength, "resolving entry name"));
  SLUICE_RETURN_IF_ERROR(
      checkMetaRef(metaRef, metaLength, "resolving entry metadata"));

  EntrySpec entry;
  if (nameRef.length)
    entry.key = std::string_view(meta).substr(nameRef.offset, nameRef.length);
  if (metaRef.length)
    entry.metadata =
        std::string_view(meta).substr(metaRef.offset, metaRef.length);
  entry.source = file_;
  entry.sourceFormat = FileFormat::Irpa;
  entry.sourceEntryIndex = index;
  entry.requiredAlignment = minAlignment;
  auto named = [&](Status status) {
    if (status.isOk())
      return status;
    return std::move(status).annotate(
        formatString("entry '%s'", printable(entry.key).c_str()));
  };

  switch (type) {
  case kSkip: {
    if (entry.key == kArchiveEntryName) {
      SlmdRecords records;
      std::vector<std::string> warnings;
      auto result = decodeSlmd(entry.metadata, records, warnings);
      for (std::string &w : warnings)
        warn("archive record: " + w);
      if (!result)
        return named(result.takeStatus());
      if (*result == SlmdDecodeResult::Decoded)
        out_.archiveRecords = std::move(records);
      return Status();
    }
    if (!(flags & kFlagSluiceExtended) ||
        entrySize < kEntryHeaderSize + kWrappedHeaderSize)
      return Status(); // plain SKIP: ignored
    uint32_t kind = load32(p + kEntryHeaderSize);
    if (kind != kWrappedExternal) {
      warn(formatString("skipping SKIP-wrapped entry '%s' of unknown kind %u",
                        printable(entry.key).c_str(), kind));
      return Status();
    }
    if (entrySize < kSkipWrappedExternalSize)
      return named(makeStatus(StatusCode::OutOfRange,
                              "SKIP-wrapped external entry length underflow "
                              "(entry_size=%llu, need %llu)",
                              (ull)entrySize, (ull)kSkipWrappedExternalSize));
    const char *payload = p + kEntryHeaderSize + kWrappedHeaderSize;
    Range pathRef = loadRange(payload);
    Range range = loadRange(payload + 16);
    SLUICE_RETURN_IF_ERROR(
        named(checkMetaRef(pathRef, metaLength, "resolving external path")));
    entry.length = range.length;
    SlmdRecords records;
    SLUICE_RETURN_IF_ERROR(named(decodeMetadata(entry, kExternal, records)));
    SLUICE_RETURN_IF_ERROR(named(
        addExternal(entry,
                    std::string_view(meta).substr(
                        pathRef.length ? pathRef.offset : 0, pathRef.length),
                    range, records)));
    return named(addEntry(entry));
  }
  case kSplat: {
    if (entrySize < kSplatEntrySize)
      return named(makeStatus(StatusCode::OutOfRange,
                              "splat entry length underflow (entry_size=%llu, "
                              "need 85)",
                              (ull)entrySize));
    entry.type = EntryType::Splat;
    entry.length = load64(p + kOffSplatLength);
    uint8_t patternLength = (uint8_t)p[kOffSplatPatternLength];
    if (patternLength > kMaxPatternLength)
      return named(makeStatus(StatusCode::InvalidArgument,
                              "splat pattern length %u out of bounds 16",
                              patternLength));
    bool valid = patternLength == 1 || patternLength == 2 ||
                 patternLength == 4 || patternLength == 8 ||
                 patternLength == 16 ||
                 (patternLength == 0 && entry.length == 0);
    if (!valid)
      return makeStatus(StatusCode::InvalidArgument,
                        "splat entry '%s' has invalid pattern length %u",
                        printable(entry.key).c_str(), patternLength);
    if (patternLength && entry.length % patternLength)
      warn(formatString("splat entry '%s' has length %llu, not a multiple of "
                        "its pattern length %u",
                        printable(entry.key).c_str(), (ull)entry.length,
                        patternLength));
    entry.patternLength = patternLength;
    std::memcpy(entry.pattern.data(), p + kOffSplatPattern, patternLength);
    entry.requiredAlignment = 0;
    SlmdRecords records;
    SLUICE_RETURN_IF_ERROR(named(decodeMetadata(entry, kSplat, records)));
    return named(addEntry(entry));
  }
  case kData: {
    if (entrySize < kDataEntrySize)
      return named(makeStatus(StatusCode::OutOfRange,
                              "data entry length underflow (entry_size=%llu, "
                              "need 76)",
                              (ull)entrySize));
    Range ref = loadRange(p + kOffDataStorage);
    entry.length = ref.length;
    if (ref.length != 0) {
      if (!rangeFits(ref.offset, ref.length, storage.length))
        return named(makeStatus(StatusCode::OutOfRange,
                                "storage segment reference out of range (%llu "
                                "to %llu for %llu, segment_size=%llu)",
                                (ull)ref.offset,
                                (ull)saturatingAdd(ref.offset, ref.length),
                                (ull)ref.length, (ull)storage.length));
      // base + storage.offset + storage.length <= file size was checked.
      entry.offset = base + storage.offset + ref.offset;
    }
    entry.file = file_;
    if (minAlignment && entry.offset % minAlignment) {
      entry.aligned = false;
      warn(formatString("entry '%s': data offset %llu is not a multiple of its "
                        "minimum alignment %llu; zero-copy import disabled",
                        printable(entry.key).c_str(), (ull)entry.offset,
                        (ull)minAlignment));
    }
    SlmdRecords records;
    SLUICE_RETURN_IF_ERROR(named(decodeMetadata(entry, kData, records)));
    return named(addEntry(entry));
  }
  case kExternal: {
    if (entrySize < kExternalEntrySize)
      return named(makeStatus(StatusCode::OutOfRange,
                              "external entry length underflow (entry_size="
                              "%llu, need 92)",
                              (ull)entrySize));
    Range pathRef = loadRange(p + kOffExternalPath);
    Range range = loadRange(p + kOffExternalRange);
    SLUICE_RETURN_IF_ERROR(
        named(checkMetaRef(pathRef, metaLength, "resolving external path")));
    entry.length = range.length;
    SlmdRecords records;
    SLUICE_RETURN_IF_ERROR(named(decodeMetadata(entry, kExternal, records)));
    SLUICE_RETURN_IF_ERROR(named(
        addExternal(entry,
                    std::string_view(meta).substr(
                        pathRef.length ? pathRef.offset : 0, pathRef.length),
                    range, records)));
    return named(addEntry(entry));
  }
  default:
    warn(formatString("skipping IRPA entry '%s' of unknown type %u",
                      printable(entry.key).c_str(), type));
    return Status();
  }
}

} // namespace

Expected<ParsedFile> parseIrpaFile(FileHandleRef file,
                                   const ParseOptions &options) {
  ParsedFile result;
  result.file = file;
  result.format = FileFormat::Irpa;
  IrpaParser parser(file, options, result);
  Status status = parser.run();
  if (!status.isOk())
    return std::move(status).annotate(formatString(
        "while parsing IRPA file '%s'", file->displayName().c_str()));
  return result;
}

} // namespace sluice::runtime::archive
