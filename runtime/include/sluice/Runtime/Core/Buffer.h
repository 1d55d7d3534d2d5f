//===- Buffer.h - Device buffers, subspans and host mapping
//----------------===//
//
// A Buffer is a byte range [offset, offset + length) of an allocation. The
// allocation may be committed later (queue alloca) and released early
// (queue dealloca); mapping an uncommitted or released allocation fails with
// FAILED_PRECONDITION. Subspans share the allocation. Imported buffers alias
// external host memory and keep its owner alive. Storage committed for queue
// allocas comes from the allocator's size-class pool.
//
// Compiled code reads the storage's base pointer directly (module ABI,
// sluice_buffer_abi_t::data_slot): dataSlot() is the address of a lock-free
// pointer-sized atomic, NULL until committed and after release.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_BUFFER_H
#define SLUICE_RUNTIME_CORE_BUFFER_H

#include "sluice/Runtime/Core/Memory.h"
#include "sluice/Runtime/Status.h"

#include <atomic>
#include <cstdint>
#include <memory>

namespace sluice::runtime {

class AllocatorStats;
class SizeClassPool;

/// The memory behind one or more buffers. Thread-safe.
class BufferStorage {
public:
  /// Storage that will be heap-allocated by commit() (from `pool` when
  /// given).
  BufferStorage(uint64_t size, std::shared_ptr<AllocatorStats> stats,
                std::shared_ptr<SizeClassPool> pool = nullptr);
  /// Storage aliasing external memory; `keepAlive` owns it.
  BufferStorage(uint8_t *data, uint64_t size, std::shared_ptr<void> keepAlive);
  ~BufferStorage();
  BufferStorage(const BufferStorage &) = delete;
  BufferStorage &operator=(const BufferStorage &) = delete;

  uint64_t size() const { return size_; }
  bool imported() const { return imported_; }
  /// Allocates heap memory (no-op when already committed or imported).
  Status commit();
  /// Releases heap memory (queue dealloca). Imported storage stays valid.
  void release();
  /// Host pointer, or nullptr when not committed / released.
  uint8_t *data() const { return data_.load(std::memory_order_acquire); }
  /// The address of the base pointer, for compiled code (acquire loads).
  uint8_t *const *dataSlot() const {
    return reinterpret_cast<uint8_t *const *>(&data_);
  }

  /// The HAL allocation count (hal.buffer.allocation.preserve / discard /
  /// is_terminal): starts at 1.
  void preserveAllocation() {
    allocationCount_.fetch_add(1, std::memory_order_relaxed);
  }
  /// Decrements the count; true when it was the last.
  bool discardAllocation() {
    return allocationCount_.fetch_sub(1, std::memory_order_acq_rel) == 1;
  }
  bool allocationIsTerminal() const {
    return allocationCount_.load(std::memory_order_acquire) == 1;
  }

private:
  uint64_t size_;
  bool imported_;
  std::atomic<uint8_t *> data_{nullptr};
  std::atomic<bool> released_{false};
  std::atomic<int32_t> allocationCount_{1};
  std::shared_ptr<void> keepAlive_;
  std::shared_ptr<AllocatorStats> stats_;
  std::shared_ptr<SizeClassPool> pool_;
};
static_assert(std::atomic<uint8_t *>::is_always_lock_free &&
                  sizeof(std::atomic<uint8_t *>) == sizeof(uint8_t *),
              "compiled code loads the storage pointer as a plain pointer");

class Buffer;
using BufferRef = std::shared_ptr<Buffer>;

/// A mapped host view of a buffer range.
struct MappedRange {
  uint8_t *data = nullptr;
  uint64_t length = 0;
};

class Buffer {
public:
  Buffer(std::shared_ptr<BufferStorage> storage, uint64_t offset,
         uint64_t length, uint32_t memoryType, uint32_t usage,
         uint32_t allowedAccess, uint64_t queueAffinity);

  uint64_t byteLength() const { return length_; }
  /// Offset of this buffer in its allocation.
  uint64_t byteOffset() const { return offset_; }
  uint32_t memoryType() const { return memoryType_; }
  uint32_t usage() const { return usage_; }
  uint32_t allowedAccess() const { return allowedAccess_; }
  uint64_t queueAffinity() const { return queueAffinity_; }
  bool imported() const { return storage_->imported(); }
  const std::shared_ptr<BufferStorage> &storage() const { return storage_; }

  /// A buffer over [offset, offset + length) of this one. OUT_OF_RANGE when
  /// the range is not inside.
  static Expected<BufferRef> subspan(const BufferRef &buffer, uint64_t offset,
                                     uint64_t length);

  /// OUT_OF_RANGE «<what> range [o, o+n) is outside buffer length L» when
  /// the range is not inside the buffer (checked arithmetic).
  Status checkRange(uint64_t offset, uint64_t length, const char *what) const;

  /// Maps [offset, offset + length) for host access. Requires a
  /// HostVisible memory type, a Mapping usage bit, the access to be allowed
  /// and the storage to be committed.
  Expected<MappedRange> map(uint32_t access, uint64_t offset,
                            uint64_t length) const;
  Expected<MappedRange> mapAll(uint32_t access) const {
    return map(access, 0, length_);
  }

  /// Unchecked host pointer to byte 0 of this buffer for queue operations
  /// (nullptr when the storage is not committed).
  uint8_t *hostData() const {
    uint8_t *base = storage_->data();
    return base ? base + offset_ : nullptr;
  }

private:
  std::shared_ptr<BufferStorage> storage_;
  uint64_t offset_;
  uint64_t length_;
  uint32_t memoryType_;
  uint32_t usage_;
  uint32_t allowedAccess_;
  uint64_t queueAffinity_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_BUFFER_H
