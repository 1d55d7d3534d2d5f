//===- Buffer.cpp ---------------------------------------------------------===//

#include "sluice/Runtime/Core/Buffer.h"
#include "sluice/Runtime/Core/Allocator.h"

#include <cstdlib>

namespace sluice::runtime {

BufferStorage::BufferStorage(uint64_t size,
                             std::shared_ptr<AllocatorStats> stats,
                             std::shared_ptr<SizeClassPool> pool)
    : size_(size), imported_(false), stats_(std::move(stats)),
      pool_(std::move(pool)) {}

BufferStorage::BufferStorage(uint8_t *data, uint64_t size,
                             std::shared_ptr<void> keepAlive)
    : size_(size), imported_(true), data_(data),
      keepAlive_(std::move(keepAlive)) {}

BufferStorage::~BufferStorage() { release(); }

Status BufferStorage::commit() {
  if (imported_ || data_.load(std::memory_order_acquire))
    return Status();
  if (released_.load(std::memory_order_acquire))
    return Status(
        StatusCode::FailedPrecondition,
        "buffer storage was already deallocated and cannot be recommitted");
  uint8_t *p =
      pool_ ? pool_->take(size_) : allocateHostBlock(size_, stats_.get());
  if (!p)
    return makeStatus(StatusCode::ResourceExhausted,
                      "out of host memory allocating %llu bytes",
                      (unsigned long long)size_);
  uint8_t *expected = nullptr;
  if (!data_.compare_exchange_strong(expected, p, std::memory_order_acq_rel)) {
    // Raced with another commit.
    if (pool_)
      pool_->give(p, size_);
    else
      std::free(p);
    return Status();
  }
  if (stats_)
    stats_->add(size_);
  return Status();
}

void BufferStorage::release() {
  if (imported_)
    return;
  released_.store(true, std::memory_order_release);
  uint8_t *p = data_.exchange(nullptr, std::memory_order_acq_rel);
  if (p) {
    if (pool_)
      pool_->give(p, size_);
    else
      std::free(p);
    if (stats_)
      stats_->sub(size_);
  }
}

Buffer::Buffer(std::shared_ptr<BufferStorage> storage, uint64_t offset,
               uint64_t length, uint32_t memoryType, uint32_t usage,
               uint32_t allowedAccess, uint64_t queueAffinity)
    : storage_(std::move(storage)), offset_(offset), length_(length),
      memoryType_(memoryType), usage_(usage), allowedAccess_(allowedAccess),
      queueAffinity_(queueAffinity) {}

Status Buffer::checkRange(uint64_t offset, uint64_t length,
                          const char *what) const {
  if (offset > length_ || length > length_ - offset)
    return makeStatus(StatusCode::OutOfRange,
                      "%s range [%llu, %llu%s) is outside buffer length %llu",
                      what, (unsigned long long)offset,
                      (unsigned long long)(offset + length),
                      offset + length < offset ? " (overflow)" : "",
                      (unsigned long long)length_);
  return Status();
}

Expected<BufferRef> Buffer::subspan(const BufferRef &buffer, uint64_t offset,
                                    uint64_t length) {
  if (!buffer)
    return Status(StatusCode::InvalidArgument, "subspan of a null buffer");
  SLUICE_RETURN_IF_ERROR(buffer->checkRange(offset, length, "subspan"));
  return std::make_shared<Buffer>(
      buffer->storage_, buffer->offset_ + offset, length, buffer->memoryType_,
      buffer->usage_, buffer->allowedAccess_, buffer->queueAffinity_);
}

Expected<MappedRange> Buffer::map(uint32_t access, uint64_t offset,
                                  uint64_t length) const {
  if (!(memoryType_ & memory_type::HostVisible))
    return makeStatus(
        StatusCode::PermissionDenied,
        "buffer memory type %s is not HostVisible and cannot be mapped",
        memoryTypeToString(memoryType_).c_str());
  if (!(usage_ & buffer_usage::MappingScoped) &&
      !(usage_ & buffer_usage::MappingPersistent))
    return makeStatus(StatusCode::PermissionDenied,
                      "buffer usage %s does not allow mapping",
                      bufferUsageToString(usage_).c_str());
  if ((access & allowedAccess_) != access)
    return makeStatus(StatusCode::PermissionDenied,
                      "buffer allows %s access but %s was requested",
                      memoryAccessToString(allowedAccess_).c_str(),
                      memoryAccessToString(access).c_str());
  SLUICE_RETURN_IF_ERROR(checkRange(offset, length, "mapping"));
  uint8_t *base = hostData();
  if (!base)
    return Status(
        StatusCode::FailedPrecondition,
        "buffer storage is not committed (alloca not yet executed, or "
        "deallocated)");
  return MappedRange{base + offset, length};
}

} // namespace sluice::runtime
