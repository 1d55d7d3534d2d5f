//===- LoadCache.cpp - Process-wide cache of loaded parameter buffers -----===//

#include "sluice/Runtime/Parameters/LoadCache.h"

namespace sluice::runtime::parameters {

LoadCache &LoadCache::global() {
  static LoadCache *cache = new LoadCache; // never destroyed (exit order)
  return *cache;
}

size_t LoadCache::KeyHash::operator()(const LoadCacheKey &k) const {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  auto mix = [&](uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  };
  mix(k.file.device);
  mix(k.file.inode);
  mix(k.file.size);
  mix((uint64_t)k.file.mtimeNs);
  mix(k.offset);
  mix(k.length);
  mix(reinterpret_cast<uintptr_t>(k.allocator));
  mix(((uint64_t)k.memoryType << 32) | k.usage);
  return (size_t)h;
}

LoadCache::Hit LoadCache::find(const LoadCacheKey &key) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end())
    return {};
  BufferRef buffer = it->second.buffer.lock();
  if (!buffer) {
    entries_.erase(it);
    return {};
  }
  if (it->second.ready) {
    Expected<bool> state = it->second.ready->query();
    if (!state) {
      // The load that made it failed (I/O error, failed verification).
      entries_.erase(it);
      return {};
    }
  }
  return {std::move(buffer), it->second.ready};
}

void LoadCache::insert(const LoadCacheKey &key, const BufferRef &buffer,
                       FenceRef ready) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_[key] = Entry{buffer, std::move(ready)};
  // Expired records are also dropped now and then without LOW_MEMORY, so a
  // long-running process does not accumulate them.
  if (++insertsSinceTrim_ >= 1024 && insertsSinceTrim_ >= entries_.size()) {
    insertsSinceTrim_ = 0;
    std::erase_if(entries_,
                  [](const auto &e) { return e.second.buffer.expired(); });
  }
}

void LoadCache::invalidate(const FileIdentity &file, uint64_t offset,
                           uint64_t length) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase_if(entries_, [&](const auto &e) {
    const LoadCacheKey &k = e.first;
    return k.file == file && k.offset < offset + length &&
           offset < k.offset + k.length;
  });
}

void LoadCache::trim() {
  std::lock_guard<std::mutex> lock(mutex_);
  insertsSinceTrim_ = 0;
  std::erase_if(entries_,
                [](const auto &e) { return e.second.buffer.expired(); });
}

size_t LoadCache::liveEntries() {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  for (const auto &e : entries_)
    n += !e.second.buffer.expired();
  return n;
}

} // namespace sluice::runtime::parameters
