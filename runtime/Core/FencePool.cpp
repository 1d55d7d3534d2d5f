//===- FencePool.cpp - Per-device pool of one-timepoint fences -----------===//

#include "sluice/Runtime/Core/FencePool.h"

#include <cstddef>
#include <new>

namespace sluice::runtime {

namespace {
constexpr uint32_t kNone = UINT32_MAX;
/// Room for a libstdc++/libc++ control block with a deleter and an
/// allocator holding one pointer each.
constexpr size_t kControlBlockBytes = 64;
} // namespace

struct FencePool::Block {
  sluice_fence_s handle;
  Fence fence;
  Semaphore semaphore;
  alignas(16) unsigned char fenceControl[kControlBlockBytes];
  alignas(16) unsigned char semaphoreControl[kControlBlockBytes];
  /// Control blocks still alive (2 while out, 0 on the free list).
  std::atomic<uint32_t> liveParts{0};
  /// Set by the fence's deleter when it holds the only semaphore reference:
  /// the semaphore part then ends synchronously on that thread, with no
  /// atomic read-modify-write (the common case, see partDone).
  /// (Atomic only because another thread may read `false` while the
  /// deleter stores `false`; `true` is only ever seen by the deleter's thread.)
  std::atomic<bool> semaphoreEndsWithFence{false};
  std::atomic<uint32_t> nextFree{kNone};
  FencePool *pool = nullptr;
  uint32_t index = 0;
};

/// Recycles a block when its last control block is deallocated.
struct FencePoolAccess {
  /// `semaphorePart`: the semaphore's control block ended.
  static void partDone(FencePool::Block *block, bool semaphorePart) {
    if (semaphorePart &&
        block->semaphoreEndsWithFence.load(std::memory_order_relaxed)) {
      // Inside the fence's deleter, which still holds the other part: no
      // other thread can touch the count.
      block->semaphoreEndsWithFence.store(false, std::memory_order_relaxed);
      block->liveParts.store(1, std::memory_order_relaxed);
      return;
    }
    // The last part needs no read-modify-write either (like shared_ptr's
    // own release): a count of 1 can only be ours.
    if (block->liveParts.load(std::memory_order_acquire) != 1 &&
        block->liveParts.fetch_sub(1, std::memory_order_acq_rel) != 1)
      return;
    block->liveParts.store(0, std::memory_order_relaxed);
    block->semaphore.resetForReuse(0);
    FencePool *pool = block->pool;
    pool->push(block);
    pool->unref();
  }
};

namespace {

/// Hands out one control-block slot of a block; deallocation returns it.
template <typename T> struct SlotAllocator {
  using value_type = T;
  FencePool::Block *block;
  unsigned char *slot;

  SlotAllocator(FencePool::Block *block, unsigned char *slot)
      : block(block), slot(slot) {}
  template <typename U>
  SlotAllocator(const SlotAllocator<U> &other)
      : block(other.block), slot(other.slot) {}

  T *allocate(size_t n) {
    static_assert(sizeof(T) <= kControlBlockBytes && alignof(T) <= 16,
                  "shared_ptr control block does not fit its pool slot");
    (void)n;
    return reinterpret_cast<T *>(slot);
  }
  void deallocate(T *, size_t) {
    FencePoolAccess::partDone(block, slot == block->semaphoreControl);
  }
  template <typename U> bool operator==(const SlotAllocator<U> &o) const {
    return slot == o.slot;
  }
  template <typename U> bool operator!=(const SlotAllocator<U> &o) const {
    return slot != o.slot;
  }
};

/// The fence is not destroyed: it drops its timepoints and waits for reuse.
struct ClearFence {
  FencePool::Block *block;
  void operator()(Fence *fence) const {
    const std::vector<Timepoint> &tps = fence->timepoints();
    // Only our own semaphore, referenced only by us (use_count is exact
    // here: nobody else holds it, so nobody can copy it concurrently).
    block->semaphoreEndsWithFence.store(
        tps.size() == 1 && tps[0].semaphore.get() == &block->semaphore &&
            tps[0].semaphore.use_count() == 1,
        std::memory_order_relaxed);
    fence->clear();
  }
};
/// The semaphore is reset when the whole block is recycled.
struct KeepSemaphore {
  void operator()(Semaphore *) const {}
};

} // namespace

FencePool *FencePool::create() {
  FencePool *pool = new FencePool();
  if (Block *first = pool->grow())
    pool->push(first);
  return pool;
}

FencePool::FencePool() : head_(kNone) {}

FencePool::~FencePool() {
  for (uint32_t c = 0; c < chunkCount_; ++c)
    delete[] chunks_[c];
}

void FencePool::releaseOwner() { unref(); }

void FencePool::unref() {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete this;
}

FencePool::Block *FencePool::blockAt(uint32_t index) const {
  return &chunks_[index / kChunkBlocks][index % kChunkBlocks];
}

FencePool::Block *FencePool::pop() {
  uint64_t head = head_.load(std::memory_order_acquire);
  while (true) {
    uint32_t index = (uint32_t)head;
    if (index == kNone)
      return nullptr;
    Block *block = blockAt(index);
    // May be stale when another thread popped the block meanwhile: the tag
    // makes the CAS fail then.
    uint32_t next = block->nextFree.load(std::memory_order_relaxed);
    uint64_t replacement = (((head >> 32) + 1) << 32) | next;
    if (head_.compare_exchange_weak(head, replacement,
                                    std::memory_order_acquire,
                                    std::memory_order_acquire))
      return block;
  }
}

void FencePool::push(Block *block) {
  uint64_t head = head_.load(std::memory_order_relaxed);
  uint64_t replacement;
  do {
    block->nextFree.store((uint32_t)head, std::memory_order_relaxed);
    replacement = (((head >> 32) + 1) << 32) | block->index;
  } while (!head_.compare_exchange_weak(
      head, replacement, std::memory_order_release, std::memory_order_relaxed));
}

FencePool::Block *FencePool::grow() {
  std::lock_guard<std::mutex> lock(growMutex_);
  if (chunkCount_ == kMaxChunks)
    return nullptr;
  Block *chunk = new Block[kChunkBlocks];
  uint32_t base = chunkCount_ * kChunkBlocks;
  chunks_[chunkCount_++] = chunk;
  for (uint32_t i = 0; i < kChunkBlocks; ++i) {
    chunk[i].pool = this;
    chunk[i].index = base + i;
    chunk[i].fence.reserve(1);
  }
  for (uint32_t i = 1; i < kChunkBlocks; ++i)
    push(&chunk[i]);
  return &chunk[0];
}

sluice_fence_t *FencePool::createFence() {
  Block *block = pop();
  if (!block)
    block = grow();
  if (!block) {
    unpooled_.fetch_add(1, std::memory_order_relaxed);
    return capi::wrapFence(Fence::createAt(Semaphore::create(0), 1));
  }
  refs_.fetch_add(1, std::memory_order_relaxed);
  block->liveParts.store(2, std::memory_order_relaxed);
  SemaphoreRef semaphore(
      &block->semaphore, KeepSemaphore{},
      SlotAllocator<Semaphore>(block, block->semaphoreControl));
  FenceRef fence(&block->fence, ClearFence{block},
                 SlotAllocator<Fence>(block, block->fenceControl));
  block->fence.insert(std::move(semaphore), 1);
  block->handle.header.ref_count = 1;
  block->handle.header.type = SLUICE_REF_TYPE_FENCE;
  block->handle.pooled = true;
  block->handle.fence = std::move(fence);
  return &block->handle;
}

FencePoolStatistics FencePool::statistics() const {
  FencePoolStatistics s;
  {
    std::lock_guard<std::mutex> lock(growMutex_);
    s.blocks = (uint64_t)chunkCount_ * kChunkBlocks;
  }
  s.unpooled = unpooled_.load(std::memory_order_relaxed);
  return s;
}

uint32_t FencePool::freeBlocks() const {
  // Only meaningful while no other thread uses the pool.
  uint32_t count = 0;
  for (uint32_t index = (uint32_t)head_.load(std::memory_order_acquire);
       index != kNone;
       index = blockAt(index)->nextFree.load(std::memory_order_relaxed))
    ++count;
  return count;
}

} // namespace sluice::runtime
