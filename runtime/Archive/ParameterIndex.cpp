//===- ParameterIndex.cpp - Key -> parameter storage index ------------------===//

#include "sluice/Runtime/Archive/ParameterIndex.h"

#include "Bytes.h"

#include <algorithm>

namespace sluice::runtime::archive {

const char *fileFormatName(FileFormat format) {
  switch (format) {
  case FileFormat::Irpa: return "irpa";
  case FileFormat::Gguf: return "gguf";
  case FileFormat::Safetensors: return "safetensors";
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

void ParameterIndex::append(std::vector<ParameterEntry> entries) {
  if (!entries.empty())
    firstByKey_.reserve(size_ + entries.size());
  for (ParameterEntry &entry : entries) {
    size_t index = size_;
    if ((index >> kChunkShift) == chunks_.size())
      chunks_.push_back(std::make_unique<ParameterEntry[]>(kChunkSize));
    ParameterEntry &slot = chunks_[index >> kChunkShift][index & (kChunkSize - 1)];
    slot = std::move(entry);
    ++size_;
    totalBytes_ += slot.length;
    auto [it, inserted] = firstByKey_.try_emplace(std::string_view(slot.key), index);
    if (!inserted) {
      const ParameterEntry &first = this->entry(it->second);
      diagnostics_.push_back(formatString(
          "duplicate parameter key '%s' (first from %s, also in %s); the first "
          "is used",
          detail::printable(slot.key).c_str(), first.sourceName().c_str(),
          slot.sourceName().c_str()));
    }
  }
}

const ParameterEntry *ParameterIndex::find(std::string_view key) const {
  auto it = firstByKey_.find(key);
  return it == firstByKey_.end() ? nullptr : &entry(it->second);
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

Expected<const ParameterEntry *> ParameterIndex::lookup(std::string_view key) const {
  if (const ParameterEntry *entry = find(key))
    return entry;
  std::string message = formatString("no parameter found in index with key '%s'",
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
