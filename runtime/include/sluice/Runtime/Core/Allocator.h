//===- Allocator.h - Host (CPU device) allocator
//----------------------------===//
#ifndef SLUICE_RUNTIME_CORE_ALLOCATOR_H
#define SLUICE_RUNTIME_CORE_ALLOCATOR_H

#include "sluice/Runtime/Core/Buffer.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace sluice::runtime {

/// Counters shared by an allocator and the storage it created. `current` and
/// `peak` count committed buffer bytes; `allocations` / `bytesAllocated`
/// count the heap allocations behind them (a commit served from the pool is
/// not one), so a steady state that reuses pooled blocks adds none.
class AllocatorStats {
public:
  void add(uint64_t bytes);
  void sub(uint64_t bytes) {
    current_.fetch_sub(bytes, std::memory_order_relaxed);
  }
  void countHeapAllocation(uint64_t bytes) {
    allocations_.fetch_add(1, std::memory_order_relaxed);
    bytesAllocated_.fetch_add(bytes, std::memory_order_relaxed);
  }
  uint64_t current() const { return current_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }
  uint64_t allocations() const {
    return allocations_.load(std::memory_order_relaxed);
  }
  uint64_t bytesAllocated() const {
    return bytesAllocated_.load(std::memory_order_relaxed);
  }

private:
  std::atomic<uint64_t> current_{0};
  std::atomic<uint64_t> peak_{0};
  std::atomic<uint64_t> allocations_{0};
  std::atomic<uint64_t> bytesAllocated_{0};
};

/// Free lists of power-of-two blocks (64 B to 64 MiB) for queue alloca
/// commits. Larger requests bypass it. At most `maxCachedBytes` are kept;
/// blocks beyond that are freed. Thread-safe; storages keep it alive.
class SizeClassPool {
public:
  static constexpr unsigned kMinClassLog2 = 6;  // 64 B
  static constexpr unsigned kMaxClassLog2 = 26; // 64 MiB
  explicit SizeClassPool(std::shared_ptr<AllocatorStats> stats,
                         uint64_t maxCachedBytes = 256ull << 20);
  ~SizeClassPool();
  SizeClassPool(const SizeClassPool &) = delete;
  SizeClassPool &operator=(const SizeClassPool &) = delete;

  /// A block of at least `size` bytes, 64-byte aligned (nullptr when out of
  /// memory).
  uint8_t *take(uint64_t size);
  /// Returns a block obtained from take(size).
  void give(uint8_t *block, uint64_t size);
  uint64_t cachedBytes() const;

private:
  static constexpr unsigned kClasses = kMaxClassLog2 - kMinClassLog2 + 1;
  std::shared_ptr<AllocatorStats> stats_;
  uint64_t maxCachedBytes_;
  mutable std::mutex mutex_;
  uint64_t cachedBytes_ = 0;
  std::vector<uint8_t *> free_[kClasses];
};

/// aligned_alloc of `size` rounded up to `alignment` (at least one
/// alignment unit); counts a heap allocation in `stats` when non-null.
uint8_t *allocateHostBlock(uint64_t size, AllocatorStats *stats);

class Allocator {
public:
  /// Alignment of heap allocations and the minimum alignment of imported
  /// host pointers.
  static constexpr uint64_t kAllocationAlignment = 64;

  Allocator();

  /// Memory types this allocator can serve (all host-addressable on CPU).
  uint32_t supportedMemoryTypes() const { return memory_type::All; }
  uint64_t minImportAlignment() const { return kAllocationAlignment; }

  /// INVALID_ARGUMENT when `params` asks for unknown bits.
  Status validateParams(const BufferParams &params) const;

  /// Allocates and commits `size` bytes.
  Expected<BufferRef> allocate(const BufferParams &params, uint64_t size);
  /// A buffer whose storage is committed later (queue alloca), from the
  /// size-class pool.
  Expected<BufferRef> allocateUncommitted(const BufferParams &params,
                                          uint64_t size);

  /// Wraps external host memory [data, data + size). `allowedAccess` limits
  /// mapping (READ for read-only mappings). Fails with INVALID_ARGUMENT when
  /// `data` is not aligned to minImportAlignment(), and PERMISSION_DENIED
  /// when the memory is read-only but the usage does not promise
  /// SharingImmutable.
  Expected<BufferRef> importHost(const BufferParams &params, uint8_t *data,
                                 uint64_t size, uint32_t allowedAccess,
                                 std::shared_ptr<void> keepAlive);

  const std::shared_ptr<AllocatorStats> &stats() const { return stats_; }
  const std::shared_ptr<SizeClassPool> &pool() const { return pool_; }

private:
  std::shared_ptr<AllocatorStats> stats_;
  std::shared_ptr<SizeClassPool> pool_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_ALLOCATOR_H
