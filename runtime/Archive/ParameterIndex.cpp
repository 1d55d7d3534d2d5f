//===- ParameterIndex.cpp - Key -> parameter storage index
//------------------===//

#include "sluice/Runtime/Archive/ParameterIndex.h"

#include "Bytes.h"

using namespace sluice::runtime::archive::detail;

#include <algorithm>
#include <functional>

namespace sluice::runtime::archive {

const char *fileFormatName(FileFormat format) {
  switch (format) {
  case FileFormat::Irpa:
    return "irpa";
  case FileFormat::Gguf:
    return "gguf";
  case FileFormat::Safetensors:
    return "safetensors";
  }
  return "unknown";
}

std::string detail::printable(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (unsigned char c : bytes) {
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out.push_back((char)c);
    } else {
      out += formatString("\\x%02X", c);
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// ParameterEntry
//===----------------------------------------------------------------------===//

static const FileHandleRef &nullFile() {
  static const FileHandleRef none;
  return none;
}

const FileHandleRef &ParameterEntry::file() const {
  return files_ ? files_->file : nullFile();
}

const FileHandleRef &ParameterEntry::source() const {
  return files_ ? files_->source : nullFile();
}

uint64_t ParameterEntry::sourceEntryIndex() const {
  return load32(keyData_ - 4);
}

std::string ParameterEntry::sourceName() const {
  const FileHandleRef &s = source();
  return s ? s->displayName() : "<memory>";
}

std::optional<ChecksumRecord> ParameterEntry::checksum() const {
  if (!(flags_ & kHasChecksum))
    return std::nullopt;
  SlmdRecords records;
  std::vector<std::string> ignored;
  auto decoded = decodeSlmd(metadata(), records, ignored);
  if (!decoded || *decoded != SlmdDecodeResult::Decoded)
    return std::nullopt;
  return std::move(records.checksum);
}

std::optional<TensorInfoRecord> ParameterEntry::tensorInfo() const {
  std::string_view blob;
  if (flags_ & kHasHeaderInfo) {
    const char *p = keyData_ + keyLength_;
    if (flags_ & kHasMetadata)
      p += 4 + load32(p);
    blob = blobAt(p);
  } else if (flags_ & kMetadataTensorInfo) {
    blob = metadata();
  } else {
    return std::nullopt;
  }
  SlmdRecords records;
  std::vector<std::string> ignored;
  auto decoded = decodeSlmd(blob, records, ignored);
  if (!decoded || *decoded != SlmdDecodeResult::Decoded)
    return std::nullopt;
  return std::move(records.tensorInfo);
}

//===----------------------------------------------------------------------===//
// EntryTable
//===----------------------------------------------------------------------===//

const EntryFiles *EntryTable::filesFor(const FileHandleRef &file,
                                       const FileHandleRef &source,
                                       FileFormat format, bool external) {
  // Few distinct bindings exist (one or two per parsed file); the most recent
  // ones are checked first.
  for (size_t i = files_.size(); i-- > 0;) {
    const EntryFiles &f = *files_[i];
    if (f.file == file && f.source == source && f.sourceFormat == format &&
        f.external == external)
      return &f;
    if (files_.size() - i >= 8)
      break;
  }
  files_.push_back(
      std::make_unique<EntryFiles>(EntryFiles{file, source, format, external}));
  return files_.back().get();
}

ParameterEntry &EntryTable::appendRecord() {
  if ((size_ >> kChunkShift) == chunks_.size())
    chunks_.emplace_back(new ParameterEntry[kChunkSize]);
  return mutableEntry(size_++);
}

Status EntryTable::add(const EntrySpec &spec) {
  std::string info;
  if (spec.headerTensorInfo) {
    SlmdRecords records;
    records.tensorInfo = *spec.headerTensorInfo;
    info = encodeSlmd(records);
  }
  if (size_ >= UINT32_MAX - 1 || spec.key.size() > UINT32_MAX ||
      spec.metadata.size() > UINT32_MAX || info.size() > UINT32_MAX ||
      spec.sourceEntryIndex > UINT32_MAX)
    return makeStatus(StatusCode::ResourceExhausted,
                      "parameter entry '%s' exceeds the index limits (2^32-2 "
                      "entries per index, keys and metadata under 4 GiB)",
                      printable(spec.key.substr(0, 64)).c_str());
  size_t bytes = 4 + spec.key.size();
  if (!spec.metadata.empty())
    bytes += 4 + spec.metadata.size();
  if (!info.empty())
    bytes += 4 + info.size();
  char *p = arena_.allocate(bytes);
  store32(p, (uint32_t)spec.sourceEntryIndex);
  p += 4;
  ParameterEntry &e = appendRecord();
  e.keyData_ = p;
  e.keyLength_ = (uint32_t)spec.key.size();
  std::memcpy(p, spec.key.data(), spec.key.size());
  p += spec.key.size();
  e.flags_ = 0;
  if (!spec.metadata.empty()) {
    store32(p, (uint32_t)spec.metadata.size());
    std::memcpy(p + 4, spec.metadata.data(), spec.metadata.size());
    p += 4 + spec.metadata.size();
    e.flags_ |= ParameterEntry::kHasMetadata;
  }
  if (!info.empty()) {
    store32(p, (uint32_t)info.size());
    std::memcpy(p + 4, info.data(), info.size());
    e.flags_ |= ParameterEntry::kHasHeaderInfo;
  }
  e.length_ = spec.length;
  e.hashTag_ = 0;
  if (spec.type == EntryType::Splat) {
    e.flags_ |= ParameterEntry::kSplat;
    e.patternLength_ = spec.patternLength;
    std::memcpy(e.storage_, spec.pattern.data(), 16);
  } else {
    e.patternLength_ = 0;
    e.storage_[0] = spec.offset;
    e.storage_[1] = spec.requiredAlignment;
  }
  if (!spec.aligned)
    e.flags_ |= ParameterEntry::kUnaligned;
  if (spec.hasChecksum)
    e.flags_ |= ParameterEntry::kHasChecksum;
  if (spec.metadataHasTensorInfo)
    e.flags_ |= ParameterEntry::kMetadataTensorInfo;
  e.files_ = filesFor(spec.type == EntryType::Splat ? nullFile() : spec.file,
                      spec.source, spec.sourceFormat, spec.external);
  totalBytes_ += spec.length;
  return Status();
}

Status EntryTable::add(const ParameterEntry &entry) {
  if (size_ >= UINT32_MAX - 1)
    return makeStatus(StatusCode::ResourceExhausted,
                      "a parameter index holds at most 2^32-2 entries");
  size_t bytes = entry.arenaBytes();
  char *p = arena_.allocate(bytes);
  std::memcpy(p, entry.keyData_ - 4, bytes);
  ParameterEntry &copy = appendRecord();
  copy = entry;
  copy.keyData_ = p + 4;
  copy.hashTag_ = 0;
  if (entry.files_)
    copy.files_ = filesFor(entry.files_->file, entry.files_->source,
                           entry.files_->sourceFormat, entry.files_->external);
  totalBytes_ += entry.length_;
  return Status();
}

size_t ParameterEntry::arenaBytes() const {
  size_t bytes = 4 + keyLength_;
  const char *p = keyData_ + keyLength_;
  if (flags_ & kHasMetadata) {
    bytes += 4 + load32(p);
    p += 4 + load32(p);
  }
  if (flags_ & kHasHeaderInfo)
    bytes += 4 + load32(p);
  return bytes;
}

Status EntryTable::absorb(EntryTable &&other) {
  // Records are copied chunk by chunk (each source chunk is freed once
  // copied) and their arena bytes are copied into this table's arena, so
  // the partially used chunks and blocks of small staged tables do not
  // accumulate in an index fed by many files.
  for (size_t c = 0; c < other.chunks_.size(); ++c) {
    size_t n = std::min(kChunkSize, other.size_ - c * kChunkSize);
    for (size_t i = 0; i < n; ++i)
      SLUICE_RETURN_IF_ERROR(add(other.chunks_[c][i]));
    other.chunks_[c].reset();
  }
  other = EntryTable();
  return Status();
}

size_t EntryTable::memoryBytes() const {
  return chunks_.size() * kChunkSize * sizeof(ParameterEntry) +
         arena_.memoryBytes() + files_.size() * sizeof(EntryFiles) +
         (chunks_.capacity() + files_.capacity()) * sizeof(void *);
}

//===----------------------------------------------------------------------===//
// ParameterIndex
//===----------------------------------------------------------------------===//

static uint64_t hashKey(std::string_view key) {
  return std::hash<std::string_view>()(key);
}

size_t ParameterIndex::probe(std::string_view key, uint64_t hash) const {
  const uint16_t tag = (uint16_t)hash;
  for (size_t i = home(hash);;) {
    uint32_t slot = slots_[i];
    if (slot == 0)
      return i;
    const ParameterEntry &e = table_[slot - 1];
    if (e.hashTag_ == tag && e.key() == key)
      return i;
    if (++i == capacity_)
      i = 0;
  }
}

void ParameterIndex::rehash(size_t capacity) {
  std::unique_ptr<uint32_t[]> old = std::move(slots_);
  size_t oldCapacity = capacity_;
  slots_.reset(new uint32_t[capacity]());
  capacity_ = capacity;
  for (size_t s = 0; s < oldCapacity; ++s) {
    if (old[s] == 0)
      continue;
    size_t i = home(hashKey(table_[old[s] - 1].key()));
    while (slots_[i] != 0)
      if (++i == capacity_)
        i = 0;
    slots_[i] = old[s];
  }
}

Status ParameterIndex::append(EntryTable entries) {
  const size_t first = table_.size();
  if (entries.size() > UINT32_MAX - 2 - first)
    return makeStatus(StatusCode::ResourceExhausted,
                      "a parameter index holds at most 2^32-2 entries");
  if (first == 0)
    table_ = std::move(entries);
  else
    SLUICE_RETURN_IF_ERROR(table_.absorb(std::move(entries)));
  const size_t count = table_.size();
  // Load factor <= 0.7; grow by at least 1.5x so many small appends stay
  // amortized O(1).
  size_t needed = count + count * 3 / 7 + 1;
  if (capacity_ < needed)
    rehash(std::max(needed, capacity_ + capacity_ / 2));
  // Groups of kGroup entries: hash them and prefetch their home slots, then
  // the entries those slots point at, then insert; the cache misses of a
  // group overlap (large indexes do not fit the caches).
  constexpr size_t kGroup = 16;
  uint64_t hashes[kGroup];
  for (size_t base = first; base < count; base += kGroup) {
    const size_t n = std::min(kGroup, count - base);
    for (size_t i = 0; i < n; ++i) {
      ParameterEntry &entry = table_.mutableEntry(base + i);
      hashes[i] = hashKey(entry.key());
      entry.hashTag_ = (uint16_t)hashes[i];
      __builtin_prefetch(&slots_[home(hashes[i])]);
    }
    for (size_t i = 0; i < n; ++i)
      if (uint32_t slot = slots_[home(hashes[i])])
        __builtin_prefetch(&table_[slot - 1]);
    for (size_t i = 0; i < n; ++i) {
      const size_t index = base + i;
      const ParameterEntry &entry = table_[index];
      uint32_t &where = slots_[probe(entry.key(), hashes[i])];
      if (where == 0) {
        where = (uint32_t)index + 1;
        continue;
      }
      const ParameterEntry &existing = table_[where - 1];
      diagnostics_.push_back(formatString(
          "duplicate parameter key '%s' (first from %s, also in %s); the first "
          "is used",
          detail::printable(entry.key()).c_str(), existing.sourceName().c_str(),
          entry.sourceName().c_str()));
    }
  }
  return Status();
}

const ParameterEntry *ParameterIndex::find(std::string_view key) const {
  if (capacity_ == 0)
    return nullptr;
  uint32_t slot = slots_[probe(key, hashKey(key))];
  return slot ? &table_[slot - 1] : nullptr;
}

void ParameterIndex::findMany(const std::string_view *keys, size_t count,
                              const ParameterEntry **out) const {
  if (capacity_ == 0) {
    std::fill(out, out + count, nullptr);
    return;
  }
  // Groups of kGroup keys: hash and prefetch every home slot, then prefetch
  // the entry each home slot points at, then compare. The misses of a group
  // overlap instead of following one another.
  constexpr size_t kGroup = 16;
  uint64_t hashes[kGroup];
  for (size_t base = 0; base < count; base += kGroup) {
    const size_t n = std::min(kGroup, count - base);
    for (size_t i = 0; i < n; ++i) {
      hashes[i] = hashKey(keys[base + i]);
      __builtin_prefetch(&slots_[home(hashes[i])]);
    }
    for (size_t i = 0; i < n; ++i) {
      uint32_t slot = slots_[home(hashes[i])];
      if (slot) {
        const ParameterEntry &e = table_[slot - 1];
        __builtin_prefetch(&e);
      }
    }
    for (size_t i = 0; i < n; ++i) {
      uint32_t slot = slots_[probe(keys[base + i], hashes[i])];
      out[base + i] = slot ? &table_[slot - 1] : nullptr;
    }
  }
}

size_t ParameterIndex::memoryBytes() const {
  return table_.memoryBytes() + capacity_ * sizeof(uint32_t);
}

/// Levenshtein distance, giving up (returning limit+1) once it exceeds limit.
static size_t boundedEditDistance(std::string_view a, std::string_view b,
                                  size_t limit) {
  size_t la = a.size(), lb = b.size();
  if ((la > lb ? la - lb : lb - la) > limit)
    return limit + 1;
  std::vector<size_t> prev(lb + 1), cur(lb + 1);
  for (size_t j = 0; j <= lb; ++j)
    prev[j] = j;
  for (size_t i = 1; i <= la; ++i) {
    cur[0] = i;
    size_t rowMin = cur[0];
    for (size_t j = 1; j <= lb; ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      rowMin = std::min(rowMin, cur[j]);
    }
    if (rowMin > limit)
      return limit + 1;
    std::swap(prev, cur);
  }
  return prev[lb];
}

Expected<const ParameterEntry *>
ParameterIndex::lookup(std::string_view key) const {
  if (const ParameterEntry *entry = find(key))
    return entry;
  std::string message =
      formatString("no parameter found in index with key '%s'",
                   detail::printable(key).c_str());
  const ParameterEntry *best = nullptr;
  size_t bestDistance = 3;
  for (const ParameterEntry &entry : *this) {
    size_t d = boundedEditDistance(key, entry.key(), 2);
    if (d < bestDistance) {
      bestDistance = d;
      best = &entry;
      if (d == 1)
        break;
    }
  }
  if (best)
    message += formatString("; did you mean '%s'?",
                            detail::printable(best->key()).c_str());
  return Status(StatusCode::NotFound, std::move(message));
}

} // namespace sluice::runtime::archive
