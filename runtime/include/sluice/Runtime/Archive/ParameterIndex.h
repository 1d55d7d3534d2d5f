//===- ParameterIndex.h - Key -> parameter storage index
//--------------------===//
//
// parameter-runtime.md §2. An index maps byte-string keys to entries that are
// either splats (a repeating pattern) or byte ranges of a file (an IRPA
// DATA entry, an EXTERNAL file range, or a GGUF/safetensors tensor).
//
// The index is append-only; entries never move (fixed-size chunks), so entry
// pointers stay valid for the index's lifetime. Lookup is an open-addressing
// hash table of (hash, entry number) slots pointing at the first entry
// with each key: one probe usually touches one slot line and the entry itself,
// and findMany() overlaps the cache misses of many lookups. Appending is not
// thread-safe; concurrent lookups on an index that is no longer appended to
// are.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H
#define SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H

#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Archive/Slmd.h"
#include "sluice/Runtime/Status.h"

#include <array>
#include <cstdint>
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

struct ParameterEntry {
  std::string key;
  /// Raw metadata bytes (for IRPA: the entry metadata blob, possibly SLMD).
  std::string metadata;
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
  /// True when the entry is an IRPA EXTERNAL reference (file != archive).
  bool external = false;

  /// Where the entry was declared: the parsed file (shared, not copied per
  /// entry), its format and the index of the entry within that file.
  FileHandleRef source;
  FileFormat sourceFormat = FileFormat::Irpa;
  uint64_t sourceEntryIndex = 0;

  /// Valid (non-stale) checksum from the entry's SLMD metadata.
  std::optional<ChecksumRecord> checksum;
  /// dtype/shape: from GGUF/safetensors headers or a TENSOR_INFO record.
  std::optional<TensorInfoRecord> tensorInfo;

  /// Name of the declaring file for messages ("<memory>" without a path).
  std::string sourceName() const {
    return source ? source->displayName() : "<memory>";
  }

  /// Byte `i` of a splat (pattern[i % patternLength]).
  uint8_t splatByte(uint64_t i) const {
    return patternLength ? pattern[i % patternLength] : 0;
  }
};

class ParameterIndex {
  static constexpr size_t kChunkShift = 6; // 64 entries per chunk
  static constexpr size_t kChunkSize = size_t(1) << kChunkShift;

public:
  ParameterIndex() = default;
  ParameterIndex(const ParameterIndex &) = delete;
  ParameterIndex &operator=(const ParameterIndex &) = delete;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const ParameterEntry &entry(size_t i) const {
    return chunks_[i >> kChunkShift][i & (kChunkSize - 1)];
  }

  class Iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = ParameterEntry;
    using difference_type = std::ptrdiff_t;
    using pointer = const ParameterEntry *;
    using reference = const ParameterEntry &;
    Iterator(const ParameterIndex *index, size_t i) : index_(index), i_(i) {}
    reference operator*() const { return index_->entry(i_); }
    pointer operator->() const { return &index_->entry(i_); }
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
    const ParameterIndex *index_;
    size_t i_;
  };
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, size_); }

  /// Sum of all entry lengths.
  uint64_t totalBytes() const { return totalBytes_; }

  /// Appends entries (a whole parsed file). Duplicate keys are kept; lookup
  /// returns the first, and a diagnostic is recorded.
  void append(std::vector<ParameterEntry> entries);

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

private:
  // Entries live in fixed-size chunks that are never reallocated, so entry
  // addresses (and the key bytes the map views) stay valid.
  std::vector<std::unique_ptr<ParameterEntry[]>> chunks_;
  size_t size_ = 0;
  /// Open addressing, linear probing, power-of-two capacity, load <= 1/2.
  /// A slot holds the key's hash and entry number + 1 (0 = empty).
  struct Slot {
    uint64_t hash = 0;
    uint64_t entryPlusOne = 0;
  };
  std::vector<Slot> slots_;
  /// Returns the slot holding `key`'s first entry, or the empty slot where it
  /// would go.
  size_t probe(std::string_view key, uint64_t hash) const;
  void rehash(size_t capacity);
  std::vector<std::string> diagnostics_;
  uint64_t totalBytes_ = 0;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_PARAMETERINDEX_H
