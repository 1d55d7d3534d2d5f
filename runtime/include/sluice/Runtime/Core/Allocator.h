//===- Allocator.h - Host (CPU device) allocator
//----------------------------===//
#ifndef SLUICE_RUNTIME_CORE_ALLOCATOR_H
#define SLUICE_RUNTIME_CORE_ALLOCATOR_H

#include "sluice/Runtime/Core/Buffer.h"

#include <atomic>
#include <cstdint>
#include <memory>

namespace sluice::runtime {

/// Byte counters shared by an allocator and the storage it created.
class AllocatorStats {
public:
  void add(uint64_t bytes);
  void sub(uint64_t bytes) {
    current_.fetch_sub(bytes, std::memory_order_relaxed);
  }
  uint64_t current() const { return current_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

private:
  std::atomic<uint64_t> current_{0};
  std::atomic<uint64_t> peak_{0};
};

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
  /// A buffer whose storage is committed later (queue alloca).
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

private:
  std::shared_ptr<AllocatorStats> stats_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_ALLOCATOR_H
