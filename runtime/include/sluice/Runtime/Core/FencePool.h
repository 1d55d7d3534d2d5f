//===- FencePool.h - Per-device pool of one-timepoint fences -------------===//
//
// execution.md §3.8 / import 28 (`fence_create`): a fence holding one fresh
// timepoint (a semaphore at 0, reached at 1) comes from a per-device pool, so
// the steady state allocates nothing. A pool block holds the C handle, the
// Fence, its Semaphore and the storage of the two shared_ptr control blocks
// (FenceRef, SemaphoreRef), which are created with an allocator that returns
// that storage. The block goes back to the free list when both control blocks
// are gone, i.e. when nobody references the fence or its semaphore any more
// (copies of the FenceRef in submissions and joined fences holding the
// semaphore keep it out of the pool). The handle's own count reaching zero
// only drops the handle's FenceRef.
//
// The free list is a lock-free stack of block indices with an ABA tag. The
// pool outlives its device while blocks are out (releaseOwner()).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_FENCEPOOL_H
#define SLUICE_RUNTIME_CORE_FENCEPOOL_H

#include "sluice/Runtime/Core/CApiHandles.h"

#include <atomic>
#include <cstdint>
#include <mutex>

namespace sluice::runtime {

struct FencePoolStatistics {
  uint64_t blocks = 0;   ///< blocks allocated (the pool grows by 64)
  uint64_t unpooled = 0; ///< fences made on the heap (pool at its limit)
};

class FencePool {
public:
  static constexpr uint32_t kChunkBlocks = 64;
  static constexpr uint32_t kMaxChunks = 4096;

  /// A pool with one chunk of blocks, owned by the caller (releaseOwner()).
  static FencePool *create();
  /// Drops the owner's hold; the pool is freed once every block is back.
  void releaseOwner();

  /// A new handle (count 1) over a fence holding (fresh semaphore at 0, 1).
  sluice_fence_t *createFence();

  FencePoolStatistics statistics() const;
  /// Blocks currently on the free list (tests).
  uint32_t freeBlocks() const;

  struct Block;

private:
  FencePool();
  ~FencePool();
  Block *pop();
  void push(Block *block);
  Block *blockAt(uint32_t index) const;
  /// Allocates a chunk, pushes all but one block and returns that one
  /// (nullptr at the limit).
  Block *grow();
  void unref();
  friend struct FencePoolAccess;

  /// low 32 bits: index of the top block (kNone = empty); high 32: ABA tag.
  std::atomic<uint64_t> head_;
  std::atomic<int64_t> refs_{1};
  std::atomic<uint64_t> unpooled_{0};
  mutable std::mutex growMutex_;
  uint32_t chunkCount_ = 0;
  Block *chunks_[kMaxChunks] = {};
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_FENCEPOOL_H
