//===- IrpaWriter.h - IRPA archive builder/writer
//---------------------------===//
//
// irpa-format.md §4 (byte-exact layout) and §7 (Sluice extensions). Entries
// are declared in order; `write` lays them out exactly as the reference
// builder does and streams data from its sources in bounded chunks (never
// holding all data in memory). The output is written to a temporary file in
// the destination directory and renamed over the destination on success, so
// a failed write never leaves a torn archive.
//
// Without extensions (no checksums, tensor info, sharding, externals) the
// output is byte-identical to the reference writer for the same
// declarations at alignment 64.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_IRPAWRITER_H
#define SLUICE_RUNTIME_ARCHIVE_IRPAWRITER_H

#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Archive/Slmd.h"
#include "sluice/Runtime/Status.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

/// Where the bytes of a DATA entry come from.
struct DataSource {
  enum class Kind { Zeros, Pattern, Bytes, File };
  Kind kind = Kind::Zeros;
  /// Pattern: 1..16 pattern bytes repeated over the entry. Bytes: the data.
  std::string bytes;
  /// File: `length` bytes at `offset` of `file`.
  FileHandleRef file;
  uint64_t offset = 0;

  static DataSource zeros() { return {}; }
  static DataSource pattern(std::string patternBytes) {
    DataSource s;
    s.kind = Kind::Pattern;
    s.bytes = std::move(patternBytes);
    return s;
  }
  static DataSource inMemory(std::string data) {
    DataSource s;
    s.kind = Kind::Bytes;
    s.bytes = std::move(data);
    return s;
  }
  static DataSource fileRange(FileHandleRef file, uint64_t offset) {
    DataSource s;
    s.kind = Kind::File;
    s.file = std::move(file);
    s.offset = offset;
    return s;
  }
};

/// One declared archive entry.
struct ArchiveEntry {
  enum class Kind { Splat, Data, External };
  Kind kind = Kind::Data;
  std::string name;
  /// Foreign (non-Sluice) metadata bytes, stored verbatim (or as a FOREIGN
  /// record when Sluice records are added).
  std::string metadata;
  uint64_t length = 0;

  // Splat.
  std::array<uint8_t, 16> pattern{};
  uint8_t patternLength = 0;

  // Data.
  uint64_t alignment = 64;
  DataSource source;

  // External: bytes [externalOffset, externalOffset + length) of
  // externalPath (stored verbatim; resolved by readers relative to the
  // archive's directory). `externalFile`, when set, is used to compute
  // checksums and the EXTERNAL_FILE_SIZE record.
  std::string externalPath;
  uint64_t externalOffset = 0;
  uint64_t externalAlignment = 0;
  FileHandleRef externalFile;

  // Optional Sluice records.
  std::optional<TensorInfoRecord> tensorInfo;
  std::optional<ShardRecord> shard;
  bool recordExternalFileSize = false;
};

enum class ExternalEncoding { Native, Skip };

struct WriterOptions {
  ChecksumAlgorithm checksum = ChecksumAlgorithm::None;
  /// 0 = one digest per entry; else chunk size 2^chunkLog2 (12..40).
  uint8_t checksumChunkLog2 = 26; // 64 MiB
  ExternalEncoding externalEncoding = ExternalEncoding::Native;
  /// Archive-level records (written in a leading __sluice_archive__ SKIP
  /// entry when any is set).
  std::optional<ArchiveShardingRecord> archiveSharding;
  std::optional<std::string> creator;
  /// fdatasync the temporary file before the rename.
  bool durable = true;
  /// Copy buffer size for streamed data.
  uint64_t bufferBytes = 8ull << 20;
  /// Called with (bytesDone, bytesTotal) while data is streamed.
  std::function<void(uint64_t, uint64_t)> progress;
  /// Fill WriteResult::entries (one record per declaration).
  bool reportEntries = true;
};

/// Where each declared entry landed (WriteResult::entries[i] is declaration
/// i).
struct WrittenEntry {
  ArchiveEntry::Kind kind;
  uint64_t entryOffset = 0; // absolute offset of the entry header
  uint64_t dataOffset = 0;  // absolute data offset (DATA only)
  uint64_t length = 0;
};

struct WriteResult {
  uint64_t fileSize = 0;
  uint64_t entrySegmentLength = 0;
  uint64_t metadataSegmentOffset = 0;
  uint64_t metadataSegmentLength = 0;
  uint64_t storageSegmentOffset = 0;
  uint64_t storageSegmentLength = 0;
  std::vector<WrittenEntry> entries;
};

struct BuilderStorage;

/// Declarations are stored compactly (one fixed-size record each, names in
/// an arena, rare fields such as metadata, in-memory data, external paths and
/// Sluice records out of line), and write() streams the entry table and the
/// metadata segment through bounded buffers: writing N entries holds no
/// per-entry copy of the declarations.
class IrpaBuilder {
public:
  IrpaBuilder();
  ~IrpaBuilder();
  IrpaBuilder(IrpaBuilder &&);
  IrpaBuilder &operator=(IrpaBuilder &&);

  /// Declares a splat of `length` bytes repeating `pattern` (1, 2, 4, 8 or
  /// 16 bytes).
  Status addSplat(std::string name, std::string_view pattern, uint64_t length,
                  std::string metadata = {});
  /// Declares a DATA entry of `length` bytes aligned to `alignment` (a power
  /// of two).
  Status addData(std::string name, uint64_t length, DataSource source,
                 uint64_t alignment = 64, std::string metadata = {});
  /// Declares an EXTERNAL entry referencing [offset, offset+length) of
  /// `path`.
  Status addExternal(std::string name, std::string path, uint64_t offset,
                     uint64_t length, FileHandleRef file = nullptr,
                     uint64_t alignment = 0, std::string metadata = {});
  /// Declares a fully specified entry (validated like the helpers above).
  Status add(ArchiveEntry entry);

  /// Number of declared entries.
  size_t size() const;
  /// Declaration `i` (a copy).
  ArchiveEntry entry(size_t i) const;
  /// Sum of the lengths of all DATA entries.
  uint64_t dataBytes() const { return dataBytes_; }
  /// Attaches a TENSOR_INFO record to declaration `i`.
  void setTensorInfo(size_t i, TensorInfoRecord info);

  /// Computes the layout without writing (offsets of every entry).
  Expected<WriteResult> layout(const WriterOptions &options = {}) const;

  /// Writes the archive to `path` atomically.
  Expected<WriteResult> write(const std::string &path,
                              const WriterOptions &options = {}) const;

private:
  std::unique_ptr<BuilderStorage> storage_;
  uint64_t dataBytes_ = 0;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_IRPAWRITER_H
