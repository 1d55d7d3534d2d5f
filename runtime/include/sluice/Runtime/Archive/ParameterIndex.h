//===- ParameterIndex.h - Key -> parameter storage index --------*- C++ -*-===//
//
// parameter-runtime.md §2. An index maps byte-string keys to entries that are
// either splats (a repeating pattern) or byte ranges of a file (an IRPA
// DATA entry, an EXTERNAL file range, or a GGUF/safetensors tensor).
//
// Memory layout (docs/benchmarks-archive.md §2 has the figures):
//  * every entry is one fixed-size 48-byte record (ParameterEntry), stored
//    in fixed-size chunks that never move, so entry pointers stay valid for
//    the lifetime of the table/index that holds them;
//  * key bytes, metadata blobs and decoded header extras (tensor info) live
//    in an arena of large blocks; a record points at its key bytes;
//  * the files an entry refers to are shared per (file, source) pair
//    (EntryFiles), not held per entry;
//  * metadata records (checksum, tensor info) are decoded on demand.
// There are no per-entry heap objects. Lookup is an open-addressing table of
// 4-byte slots (entry number + 1) sized for a load factor of at most 0.7;
// the record carries a 16-bit hash tag so probes rarely compare keys.
//
// Appending is not thread-safe; concurrent lookups on an index that is no
// longer appended to are.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H
#define SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H

#include "sluice/Runtime/Archive/ByteArena.h"
#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Archive/Slmd.h"
#include "sluice/Runtime/Status.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

/// Index entry type. NOT the archive's entry-type numbering.
enum class EntryType : uint8_t { Splat = 0, File = 1 };

/// Format of the file an entry was parsed from.
enum class FileFormat : uint8_t { Irpa, Gguf, Safetensors };
const char *fileFormatName(FileFormat format);

/// The files shared by every entry that stores its bytes in `file` and was
/// declared in `source` (for IRPA DATA both are the archive; for EXTERNAL
/// entries `file` is the referenced file; splats have no `file`).
struct EntryFiles {
  FileHandleRef file;
  FileHandleRef source;
  FileFormat sourceFormat = FileFormat::Irpa;
  /// True when entries are IRPA EXTERNAL references (file != archive).
  bool external = false;
};

/// A declaration of one entry, as parsers (and tests) build it. Every byte
/// string is copied into the table's arena by EntryTable::add.
struct EntrySpec {
  std::string_view key;
  /// Raw metadata bytes (for IRPA: the entry metadata blob, possibly SLMD).
  std::string_view metadata;
  uint64_t length = 0;
  EntryType type = EntryType::File;
  // Splat storage.
  uint8_t patternLength = 0;
  std::array<uint8_t, 16> pattern{};
  // File storage: absolute offset in `file`.
  FileHandleRef file;
  uint64_t offset = 0;
  uint64_t requiredAlignment = 0;
  bool aligned = true;
  bool external = false;
  // Where the entry was declared.
  FileHandleRef source;
  FileFormat sourceFormat = FileFormat::Irpa;
  uint64_t sourceEntryIndex = 0;
  /// The metadata carries a valid (non-stale) CHECKSUM record.
  bool hasChecksum = false;
  /// The metadata carries a TENSOR_INFO record.
  bool metadataHasTensorInfo = false;
  /// dtype/shape from a GGUF/safetensors header (stored separately from the
  /// metadata, which stays the file's own bytes).
  const TensorInfoRecord *headerTensorInfo = nullptr;
};

/// One entry: a fixed-size record whose byte strings live in the owning
/// table's arena. Obtained from an EntryTable or a ParameterIndex (never
/// constructed by users).
class ParameterEntry {
public:
  std::string_view key() const { return {keyData_, keyLength_}; }
  /// Raw metadata bytes (empty when the entry has none).
  std::string_view metadata() const {
    return (flags_ & kHasMetadata) ? blobAt(keyData_ + keyLength_)
                                   : std::string_view();
  }
  uint64_t length() const { return length_; }
  EntryType type() const {
    return (flags_ & kSplat) ? EntryType::Splat : EntryType::File;
  }

  // Splat storage.
  uint8_t patternLength() const { return patternLength_; }
  std::array<uint8_t, 16> pattern() const {
    std::array<uint8_t, 16> out{};
    if (flags_ & kSplat)
      std::memcpy(out.data(), storage_, 16);
    return out;
  }
  /// Byte `i` of a splat (pattern[i % patternLength]).
  uint8_t splatByte(uint64_t i) const {
    return patternLength_
               ? reinterpret_cast<const uint8_t *>(storage_)[i % patternLength_]
               : 0;
  }

  // File storage: absolute offset in file() (0 for splats).
  const FileHandleRef &file() const;
  uint64_t offset() const { return (flags_ & kSplat) ? 0 : storage_[0]; }
  uint64_t requiredAlignment() const {
    return (flags_ & kSplat) ? 0 : storage_[1];
  }
  bool aligned() const { return !(flags_ & kUnaligned); }
  /// True when the entry is an IRPA EXTERNAL reference (file != archive).
  bool external() const { return files_ && files_->external; }

  /// Where the entry was declared: the parsed file, its format and the
  /// index of the entry within that file.
  const FileHandleRef &source() const;
  FileFormat sourceFormat() const {
    return files_ ? files_->sourceFormat : FileFormat::Irpa;
  }
  uint64_t sourceEntryIndex() const;

  /// True when the metadata carries a valid (non-stale) checksum record.
  bool hasChecksum() const { return flags_ & kHasChecksum; }
  /// The checksum record, decoded from the metadata on each call.
  std::optional<ChecksumRecord> checksum() const;
  /// dtype/shape (from a GGUF/safetensors header or a TENSOR_INFO record),
  /// decoded on each call.
  std::optional<TensorInfoRecord> tensorInfo() const;

  /// Name of the declaring file for messages ("<memory>" without a path).
  std::string sourceName() const;

private:
  friend class EntryTable;
  friend class ParameterIndex;
  enum Flags : uint8_t {
    kSplat = 1 << 0,
    kUnaligned = 1 << 1,
    kHasMetadata = 1 << 2,
    kHasHeaderInfo = 1 << 3,
    kHasChecksum = 1 << 4,
    kMetadataTensorInfo = 1 << 5,
  };
  /// Bytes of this entry in the arena (from its u32 source index on).
  size_t arenaBytes() const;
  static std::string_view blobAt(const char *p) {
    uint32_t n;
    std::memcpy(&n, p, 4);
    return {p + 4, n};
  }

  // Arena layout of an entry: u32 sourceEntryIndex, key bytes, then
  // [u32 length, metadata bytes] and [u32 length, SLMD tensor info] when
  // the corresponding flags are set. keyData_ points at the key bytes.
  const char *keyData_;
  uint64_t length_;
  /// Splat: the 16 pattern bytes. File: offset, requiredAlignment.
  uint64_t storage_[2];
  const EntryFiles *files_;
  uint32_t keyLength_;
  uint16_t hashTag_;
  uint8_t patternLength_;
  uint8_t flags_;
};
static_assert(sizeof(void *) != 8 || sizeof(ParameterEntry) == 48,
              "index records are meant to stay 48 bytes");

/// An append-only sequence of entries (records in fixed-size chunks, byte
/// strings in an arena). Parsers stage a file's entries in one; an index
/// adopts them.
class EntryTable {
  static constexpr size_t kChunkShift = 10; // 1024 records (48 KiB) a chunk
  static constexpr size_t kChunkSize = size_t(1) << kChunkShift;

public:
  EntryTable() = default;
  EntryTable(EntryTable &&) = default;
  EntryTable &operator=(EntryTable &&) = default;
  EntryTable(const EntryTable &) = delete;
  EntryTable &operator=(const EntryTable &) = delete;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const ParameterEntry &operator[](size_t i) const {
    return chunks_[i >> kChunkShift][i & (kChunkSize - 1)];
  }
  const ParameterEntry &back() const { return (*this)[size_ - 1]; }

  class Iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = ParameterEntry;
    using difference_type = std::ptrdiff_t;
    using pointer = const ParameterEntry *;
    using reference = const ParameterEntry &;
    Iterator(const EntryTable *table, size_t i) : table_(table), i_(i) {}
    reference operator*() const { return (*table_)[i_]; }
    pointer operator->() const { return &(*table_)[i_]; }
    Iterator &operator++() {
      ++i_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++i_;
      return old;
    }
    bool operator==(const Iterator &o) const { return i_ == o.i_; }
    bool operator!=(const Iterator &o) const { return i_ != o.i_; }

  private:
    const EntryTable *table_;
    size_t i_;
  };
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, size_); }

  /// Copies `spec` into the table. Fails only for sizes the record cannot
  /// hold (keys or metadata over 4 GiB, more than 2^32-2 entries, a source
  /// entry index over 2^32-1), with RESOURCE_EXHAUSTED.
  Status add(const EntrySpec &spec);
  /// Copies an entry of another table or index.
  Status add(const ParameterEntry &entry);

  /// Sum of all entry lengths.
  uint64_t totalBytes() const { return totalBytes_; }
  /// Heap bytes held: record chunks, arena blocks and file bindings.
  size_t memoryBytes() const;

private:
  friend class ParameterIndex;
  ParameterEntry &mutableEntry(size_t i) {
    return chunks_[i >> kChunkShift][i & (kChunkSize - 1)];
  }
  ParameterEntry &appendRecord();
  const EntryFiles *filesFor(const FileHandleRef &file,
                             const FileHandleRef &source, FileFormat format,
                             bool external);
  /// Moves every entry of `other` to the end of this table (records and
  /// their arena bytes are copied; file bindings are adopted).
  Status absorb(EntryTable &&other);

  std::vector<std::unique_ptr<ParameterEntry[]>> chunks_;
  size_t size_ = 0;
  ByteArena arena_;
  std::vector<std::unique_ptr<EntryFiles>> files_;
  uint64_t totalBytes_ = 0;
};

class ParameterIndex {
public:
  ParameterIndex() = default;
  ParameterIndex(const ParameterIndex &) = delete;
  ParameterIndex &operator=(const ParameterIndex &) = delete;

  size_t size() const { return table_.size(); }
  bool empty() const { return table_.empty(); }
  const ParameterEntry &entry(size_t i) const { return table_[i]; }
  EntryTable::Iterator begin() const { return table_.begin(); }
  EntryTable::Iterator end() const { return table_.end(); }

  /// Sum of all entry lengths.
  uint64_t totalBytes() const { return table_.totalBytes(); }

  /// Appends entries (a whole parsed file). Duplicate keys are kept; lookup
  /// returns the first, and a diagnostic is recorded. Fails (adding nothing)
  /// only when the index would exceed 2^32-2 entries.
  Status append(EntryTable entries);

  /// Records a diagnostic (warnings from parsers, duplicate keys, ...).
  void addDiagnostic(std::string message) {
    diagnostics_.push_back(std::move(message));
  }
  const std::vector<std::string> &diagnostics() const { return diagnostics_; }

  /// First entry with `key`, or nullptr.
  const ParameterEntry *find(std::string_view key) const;

  /// out[i] = find(keys[i]) for every i (`out` has keys.size() elements).
  /// Faster than a loop of find() on large indexes: the table slots and
  /// entries of a group of keys are prefetched before they are compared.
  void findMany(const std::string_view *keys, size_t count,
                const ParameterEntry **out) const;

  /// Like find, but a miss is NOT_FOUND «no parameter found in index with key
  /// '<key>'», followed by «; did you mean '<k>'?» when a key within edit
  /// distance 2 exists.
  Expected<const ParameterEntry *> lookup(std::string_view key) const;

  /// Heap bytes held by the index: the entry table plus the lookup table
  /// (diagnostics excluded).
  size_t memoryBytes() const;

private:
  /// Returns the slot holding `key`'s first entry, or the empty slot where it
  /// would go.
  size_t probe(std::string_view key, uint64_t hash) const;
  size_t home(uint64_t hash) const {
    return (size_t)(((unsigned __int128)hash * capacity_) >> 64);
  }
  void rehash(size_t capacity);

  EntryTable table_;
  /// Open addressing with linear probing; slot = entry number + 1 (0 =
  /// empty). The capacity is not a power of two: the home slot is the high
  /// part of hash * capacity.
  std::unique_ptr<uint32_t[]> slots_;
  size_t capacity_ = 0;
  std::vector<std::string> diagnostics_;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H
