//===- LoadCache.h - Process-wide cache of loaded parameter buffers -------===//
//
// parameter-runtime.md §10.2 (--parameter_cache=on|off). `load` results whose
// usage includes SHARING_IMMUTABLE are cached, keyed by the file identity
// (st_dev, st_ino, size, mtime), the absolute byte range in the file, the
// device allocator and the memory type and usage. A later load of the same
// key returns the same buffer. Entries are weak: an entry disappears when
// the last holder of its buffer releases it (trim() forgets the expired
// records; notify(LOW_MEMORY) calls it). Each entry carries the fence its
// contents are ready (and, with on_load verification, verified) at; a hit
// from another call makes that call's signal wait on it.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_PARAMETERS_LOADCACHE_H
#define SLUICE_RUNTIME_PARAMETERS_LOADCACHE_H

#include "sluice/Runtime/Core/Buffer.h"
#include "sluice/Runtime/Core/Fence.h"

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace sluice::runtime::parameters {

/// Identity of a file on disk at the time it was opened.
struct FileIdentity {
  uint64_t device = 0, inode = 0, size = 0;
  int64_t mtimeNs = 0;
  bool operator==(const FileIdentity &) const = default;
};

struct LoadCacheKey {
  FileIdentity file;
  uint64_t offset = 0, length = 0;
  const void *allocator = nullptr;
  uint32_t memoryType = 0, usage = 0;
  bool operator==(const LoadCacheKey &) const = default;
};

class LoadCache {
public:
  /// The process-wide cache shared by every provider.
  static LoadCache &global();

  struct Hit {
    BufferRef buffer;
    FenceRef ready;
  };
  /// The live buffer cached for `key` (and the fence it is ready at), or a
  /// null buffer. An entry whose ready fence failed is dropped.
  Hit find(const LoadCacheKey &key);
  /// Records `buffer` for `key` (replacing an expired or failed entry).
  void insert(const LoadCacheKey &key, const BufferRef &buffer, FenceRef ready);
  /// Forgets every entry of `file` overlapping [offset, offset+length)
  /// (a scatter wrote there).
  void invalidate(const FileIdentity &file, uint64_t offset, uint64_t length);
  /// Forgets the entries whose buffers nobody holds any more.
  void trim();
  /// Entries whose buffers are still alive (tests, statistics).
  size_t liveEntries();

private:
  struct KeyHash {
    size_t operator()(const LoadCacheKey &k) const;
  };
  struct Entry {
    std::weak_ptr<Buffer> buffer;
    FenceRef ready;
  };
  std::mutex mutex_;
  std::unordered_map<LoadCacheKey, Entry, KeyHash> entries_;
  size_t insertsSinceTrim_ = 0;
};

} // namespace sluice::runtime::parameters

#endif // SLUICE_RUNTIME_PARAMETERS_LOADCACHE_H
