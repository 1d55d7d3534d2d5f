//===- CApiHandles.h - C handle <-> C++ object conversion (C++ only) ------===//
//
// For runtime libraries that extend the C API (parameters, modules); not for
// compiled code. Every reference-counted handle starts with the module ABI's
// sluice_ref_header_t (count + type tag); a buffer handle starts with the
// whole sluice_buffer_abi_t, filled at creation, so compiled code reads its
// length and storage pointer inline (execution.md §3.2).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_CAPIHANDLES_H
#define SLUICE_RUNTIME_CORE_CAPIHANDLES_H

#include "sluice/Runtime/Core/CApi.h"
#include "sluice/Runtime/Core/Device.h"
#include "sluice/Runtime/IO/IoFile.h"
#include "sluice/Runtime/Module/ModuleAbi.h"

#include <atomic>

struct sluice_status_s {
  sluice::runtime::Status status;
};
struct sluice_device_s {
  std::unique_ptr<sluice::runtime::Device> device;
};
struct sluice_semaphore_s {
  sluice_ref_header_t header{1, SLUICE_REF_TYPE_SEMAPHORE};
  sluice::runtime::SemaphoreRef semaphore;
};
struct sluice_fence_s {
  sluice_ref_header_t header{1, SLUICE_REF_TYPE_FENCE};
  sluice::runtime::FenceRef fence;
  /// Part of a FencePool block: releasing the handle only drops `fence`.
  bool pooled = false;
};
struct sluice_buffer_s {
  sluice_buffer_abi_t abi; // first: compiled code reads it
  sluice::runtime::BufferRef buffer;
};
/// A file of queue_read / queue_write: an I/O-engine file, or a read-only
/// memory range kept alive by `keepAlive` (hal.ex.file.from_memory).
struct sluice_file_s {
  sluice_ref_header_t header{1, SLUICE_REF_TYPE_FILE};
  sluice::runtime::io::IoFileRef file;
  const uint8_t *data = nullptr;
  uint64_t length = 0;
  uint32_t access = 0; // HAL MemoryAccessBitfield
  std::shared_ptr<void> keepAlive;
};

namespace sluice::runtime::capi {

/// NULL for OK, else a heap status.
inline sluice_status_t wrap(Status status) {
  if (status.isOk())
    return nullptr;
  return new sluice_status_s{std::move(status)};
}
/// Takes ownership of a C status (NULL = OK).
inline Status unwrapStatus(sluice_status_t status) {
  if (!status)
    return Status();
  Status result = std::move(status->status);
  delete status;
  return result;
}
inline FenceRef unwrap(sluice_fence_t *fence) {
  return fence ? fence->fence : nullptr;
}
inline BufferRef unwrap(sluice_buffer_t *buffer) {
  return buffer ? buffer->buffer : nullptr;
}
inline Device *unwrap(sluice_device_t *device) {
  return device ? device->device.get() : nullptr;
}

/// Atomic operations on a header's count (compiled code does the same inline).
inline void retainRef(void *ref) {
  if (ref)
    std::atomic_ref<int32_t>(static_cast<sluice_ref_header_t *>(ref)->ref_count)
        .fetch_add(1, std::memory_order_relaxed);
}
/// True when the count reached zero (the caller destroys the object).
inline bool dropRef(void *ref) {
  return ref && std::atomic_ref<int32_t>(
                    static_cast<sluice_ref_header_t *>(ref)->ref_count)
                        .fetch_sub(1, std::memory_order_acq_rel) == 1;
}
inline uint32_t refType(const void *ref) {
  return static_cast<const sluice_ref_header_t *>(ref)->type;
}

/// Frees a buffer, fence, semaphore or file whose count reached zero. Returns
/// false (and does nothing) for other type tags.
bool destroyCoreRef(void *ref);

/// A new handle (count 1) over `buffer`, with its ABI prefix filled.
sluice_buffer_t *wrapBuffer(BufferRef buffer);
inline sluice_fence_t *wrapFence(FenceRef fence) {
  auto *handle = new sluice_fence_s;
  handle->fence = std::move(fence);
  return handle;
}

/// Queue read from / write to a file handle: memory files copy on the queue,
/// other files go through the I/O engine. Errors fail `signal`.
Status queueReadFile(Device &device, uint64_t affinity, const FenceRef &wait,
                     const FenceRef &signal, sluice_file_t *file,
                     uint64_t fileOffset, const BufferRef &target,
                     uint64_t targetOffset, uint64_t length);
Status queueWriteFile(Device &device, uint64_t affinity, const FenceRef &wait,
                      const FenceRef &signal, const BufferRef &source,
                      uint64_t sourceOffset, sluice_file_t *file,
                      uint64_t fileOffset, uint64_t length);

} // namespace sluice::runtime::capi

#endif // SLUICE_RUNTIME_CORE_CAPIHANDLES_H
