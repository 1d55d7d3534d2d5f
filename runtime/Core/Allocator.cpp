//===- Allocator.cpp ------------------------------------------------------===//

#include "sluice/Runtime/Core/Allocator.h"

namespace sluice::runtime {

void AllocatorStats::add(uint64_t bytes) {
  uint64_t now = current_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

Allocator::Allocator() : stats_(std::make_shared<AllocatorStats>()) {}

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
  auto storage = std::make_shared<BufferStorage>(size, stats_);
  return std::make_shared<Buffer>(std::move(storage), 0, size, type,
                                  params.usage, accessFor(params),
                                  params.queueAffinity);
}

Expected<BufferRef> Allocator::allocate(const BufferParams &params,
                                        uint64_t size) {
  Expected<BufferRef> buffer = allocateUncommitted(params, size);
  if (!buffer)
    return buffer;
  SLUICE_RETURN_IF_ERROR((*buffer)->storage()->commit());
  return buffer;
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
