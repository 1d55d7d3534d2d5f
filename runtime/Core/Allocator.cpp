//===- Allocator.cpp ------------------------------------------------------===//

#include "sluice/Runtime/Core/Allocator.h"

#include <cstdlib>

namespace sluice::runtime {

void AllocatorStats::add(uint64_t bytes) {
  uint64_t now = current_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

uint8_t *allocateHostBlock(uint64_t size, AllocatorStats *stats) {
  uint64_t alignment = Allocator::kAllocationAlignment;
  if (size > UINT64_MAX - alignment)
    return nullptr;
  uint64_t rounded =
      size == 0 ? alignment : (size + alignment - 1) / alignment * alignment;
  void *p = std::aligned_alloc(alignment, rounded);
  if (p && stats)
    stats->countHeapAllocation(rounded);
  return static_cast<uint8_t *>(p);
}

namespace {
/// The size class of `size` (log2 of the block size), or -1 when it is
/// larger than the largest class.
int sizeClassOf(uint64_t size) {
  unsigned log2 = SizeClassPool::kMinClassLog2;
  while (log2 <= SizeClassPool::kMaxClassLog2 && (1ull << log2) < size)
    ++log2;
  return log2 > SizeClassPool::kMaxClassLog2 ? -1 : (int)log2;
}
} // namespace

SizeClassPool::SizeClassPool(std::shared_ptr<AllocatorStats> stats,
                             uint64_t maxCachedBytes)
    : stats_(std::move(stats)), maxCachedBytes_(maxCachedBytes) {}

SizeClassPool::~SizeClassPool() {
  for (auto &list : free_)
    for (uint8_t *block : list)
      std::free(block);
}

uint8_t *SizeClassPool::take(uint64_t size) {
  int cls = sizeClassOf(size);
  if (cls < 0)
    return allocateHostBlock(size, stats_.get());
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto &list = free_[cls - kMinClassLog2];
    if (!list.empty()) {
      uint8_t *block = list.back();
      list.pop_back();
      cachedBytes_ -= 1ull << cls;
      return block;
    }
  }
  return allocateHostBlock(1ull << cls, stats_.get());
}

void SizeClassPool::give(uint8_t *block, uint64_t size) {
  int cls = sizeClassOf(size);
  if (cls >= 0) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (cachedBytes_ + (1ull << cls) <= maxCachedBytes_) {
      auto &list = free_[cls - kMinClassLog2];
      // Keep the vector's capacity: no allocation once warmed up.
      list.push_back(block);
      cachedBytes_ += 1ull << cls;
      return;
    }
  }
  std::free(block);
}

uint64_t SizeClassPool::cachedBytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return cachedBytes_;
}

Allocator::Allocator()
    : stats_(std::make_shared<AllocatorStats>()),
      pool_(std::make_shared<SizeClassPool>(stats_)) {}

Status Allocator::validateParams(const BufferParams &params) const {
  if (params.memoryType & ~memory_type::All)
    return makeStatus(StatusCode::InvalidArgument,
                      "unknown memory type bits 0x%x",
                      params.memoryType & ~memory_type::All);
  if (params.usage & ~buffer_usage::All)
    return makeStatus(StatusCode::InvalidArgument,
                      "unknown buffer usage bits 0x%x",
                      params.usage & ~buffer_usage::All);
  return Status();
}

static uint32_t accessFor(const BufferParams &params) {
  // SharingImmutable buffers may still be written by the transfer that
  // fills them; the flag is a promise by the program, not a mapping limit.
  return memory_access::All;
}

Expected<BufferRef> Allocator::allocateUncommitted(const BufferParams &params,
                                                   uint64_t size) {
  SLUICE_RETURN_IF_ERROR(validateParams(params));
  // CPU memory is always host-addressable: report it as such.
  uint32_t type = params.memoryType | memory_type::HostVisible;
  return std::make_shared<Buffer>(
      std::make_shared<BufferStorage>(size, stats_, pool_), 0, size, type,
      params.usage, accessFor(params), params.queueAffinity);
}

Expected<BufferRef> Allocator::allocate(const BufferParams &params,
                                        uint64_t size) {
  SLUICE_RETURN_IF_ERROR(validateParams(params));
  // Committed now, straight from the heap (long-lived buffers).
  auto storage = std::make_shared<BufferStorage>(size, stats_);
  SLUICE_RETURN_IF_ERROR(storage->commit());
  return std::make_shared<Buffer>(
      std::move(storage), 0, size, params.memoryType | memory_type::HostVisible,
      params.usage, accessFor(params), params.queueAffinity);
}

Expected<BufferRef> Allocator::importHost(const BufferParams &params,
                                          uint8_t *data, uint64_t size,
                                          uint32_t allowedAccess,
                                          std::shared_ptr<void> keepAlive) {
  SLUICE_RETURN_IF_ERROR(validateParams(params));
  if (!data && size)
    return Status(StatusCode::InvalidArgument,
                  "cannot import a null host pointer");
  if (reinterpret_cast<uintptr_t>(data) % minImportAlignment() != 0)
    return makeStatus(
        StatusCode::InvalidArgument,
        "host pointer %p is not aligned to the import alignment %llu",
        (void *)data, (unsigned long long)minImportAlignment());
  if (!(allowedAccess & memory_access::Write) &&
      !(params.usage & buffer_usage::SharingImmutable))
    return Status(StatusCode::PermissionDenied,
                  "read-only host memory can only be imported with "
                  "SharingImmutable usage");
  uint32_t type = params.memoryType | memory_type::HostVisible;
  auto storage =
      std::make_shared<BufferStorage>(data, size, std::move(keepAlive));
  return std::make_shared<Buffer>(std::move(storage), 0, size, type,
                                  params.usage, allowedAccess,
                                  params.queueAffinity);
}

} // namespace sluice::runtime
