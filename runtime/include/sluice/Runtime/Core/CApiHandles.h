//===- CApiHandles.h - C handle <-> C++ object conversion (C++ only)
//--------===//
//
// For runtime libraries that extend the C API (parameters); not for
// compiled code.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_CAPIHANDLES_H
#define SLUICE_RUNTIME_CORE_CAPIHANDLES_H

#include "sluice/Runtime/Core/CApi.h"
#include "sluice/Runtime/Core/Device.h"

#include <atomic>

struct sluice_status_s {
  sluice::runtime::Status status;
};
struct sluice_device_s {
  std::unique_ptr<sluice::runtime::Device> device;
};
struct sluice_semaphore_s {
  std::atomic<int> refs{1};
  sluice::runtime::SemaphoreRef semaphore;
};
struct sluice_fence_s {
  std::atomic<int> refs{1};
  sluice::runtime::FenceRef fence;
};
struct sluice_buffer_s {
  std::atomic<int> refs{1};
  sluice::runtime::BufferRef buffer;
};

namespace sluice::runtime::capi {

/// NULL for OK, else a heap status.
inline sluice_status_t wrap(Status status) {
  if (status.isOk())
    return nullptr;
  return new sluice_status_s{std::move(status)};
}
inline FenceRef unwrap(sluice_fence_t *fence) {
  return fence ? fence->fence : nullptr;
}
inline sluice_buffer_t *wrapBuffer(BufferRef buffer) {
  auto *handle = new sluice_buffer_s;
  handle->buffer = std::move(buffer);
  return handle;
}

} // namespace sluice::runtime::capi

#endif // SLUICE_RUNTIME_CORE_CAPIHANDLES_H
