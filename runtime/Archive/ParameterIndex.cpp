//===- ParameterIndex.cpp - Key -> parameter storage index
//------------------===//

#include "sluice/Runtime/Archive/ParameterIndex.h"

#include "Bytes.h"

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

static uint64_t hashKey(std::string_view key) {
  return std::hash<std::string_view>()(key);
}

size_t ParameterIndex::probe(std::string_view key, uint64_t hash) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot &slot = slots_[i];
    if (slot.entryPlusOne == 0 ||
        (slot.hash == hash && entry(slot.entryPlusOne - 1).key == key))
      return i;
  }
}

void ParameterIndex::rehash(size_t capacity) {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(capacity, Slot());
  const size_t mask = capacity - 1;
  for (const Slot &slot : old) {
    if (slot.entryPlusOne == 0)
      continue;
    size_t i = slot.hash & mask;
    while (slots_[i].entryPlusOne != 0)
      i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

void ParameterIndex::append(std::vector<ParameterEntry> entries) {
  size_t capacity = slots_.empty() ? 16 : slots_.size();
  while (capacity < 2 * (size_ + entries.size()))
    capacity *= 2;
  if (capacity != slots_.size())
    rehash(capacity);
  for (ParameterEntry &entry : entries) {
    size_t index = size_;
    if ((index >> kChunkShift) == chunks_.size())
      chunks_.push_back(std::make_unique<ParameterEntry[]>(kChunkSize));
    ParameterEntry &slot =
        chunks_[index >> kChunkShift][index & (kChunkSize - 1)];
    slot = std::move(entry);
    ++size_;
    totalBytes_ += slot.length;
    const uint64_t hash = hashKey(slot.key);
    Slot &where = slots_[probe(slot.key, hash)];
    if (where.entryPlusOne == 0) {
      where.hash = hash;
      where.entryPlusOne = index + 1;
    } else {
      const ParameterEntry &first = this->entry(where.entryPlusOne - 1);
      diagnostics_.push_back(formatString(
          "duplicate parameter key '%s' (first from %s, also in %s); the first "
          "is used",
          detail::printable(slot.key).c_str(), first.sourceName().c_str(),
          slot.sourceName().c_str()));
    }
  }
}

const ParameterEntry *ParameterIndex::find(std::string_view key) const {
  if (slots_.empty())
    return nullptr;
  const Slot &slot = slots_[probe(key, hashKey(key))];
  return slot.entryPlusOne ? &entry(slot.entryPlusOne - 1) : nullptr;
}

void ParameterIndex::findMany(const std::string_view *keys, size_t count,
                              const ParameterEntry **out) const {
  if (slots_.empty()) {
    std::fill(out, out + count, nullptr);
    return;
  }
  // Groups of kGroup keys: hash and prefetch every home slot, then prefetch
  // the entry each hash match points at, then compare. The misses of a group
  // overlap instead of following one another.
  constexpr size_t kGroup = 16;
  const size_t mask = slots_.size() - 1;
  uint64_t hashes[kGroup];
  for (size_t base = 0; base < count; base += kGroup) {
    const size_t n = std::min(kGroup, count - base);
    for (size_t i = 0; i < n; ++i) {
      hashes[i] = hashKey(keys[base + i]);
      __builtin_prefetch(&slots_[hashes[i] & mask]);
    }
    for (size_t i = 0; i < n; ++i) {
      const Slot &home = slots_[hashes[i] & mask];
      if (home.entryPlusOne && home.hash == hashes[i])
        __builtin_prefetch(&entry(home.entryPlusOne - 1));
    }
    for (size_t i = 0; i < n; ++i) {
      const Slot &slot = slots_[probe(keys[base + i], hashes[i])];
      out[base + i] =
          slot.entryPlusOne ? &entry(slot.entryPlusOne - 1) : nullptr;
    }
  }
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
    size_t d = boundedEditDistance(key, entry.key, 2);
    if (d < bestDistance) {
      bestDistance = d;
      best = &entry;
      if (d == 1)
        break;
    }
  }
  if (best)
    message += formatString("; did you mean '%s'?",
                            detail::printable(best->key).c_str());
  return Status(StatusCode::NotFound, std::move(message));
}

} // namespace sluice::runtime::archive
