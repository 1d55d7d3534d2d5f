//===- CApi.cpp - C API over the runtime core
//--------------------------------===//

#include "sluice/Runtime/Core/CApi.h"
#include "sluice/Runtime/Core/CApiHandles.h"

#include <chrono>

using namespace sluice::runtime;
using capi::unwrap;
using capi::wrap;

namespace {

Status invalid(const char *message) {
  return Status(StatusCode::InvalidArgument, message);
}

Deadline deadlineFromTimeout(int64_t timeoutNs) {
  if (timeoutNs < 0)
    return infiniteFuture();
  return deadlineAfter(std::chrono::nanoseconds(timeoutNs));
}

template <typename T> void retain(T *handle) {
  if (handle)
    handle->refs.fetch_add(1, std::memory_order_relaxed);
}
template <typename T> void release(T *handle) {
  if (handle && handle->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete handle;
}

StatusCode codeFromInt(int code) {
  if (code <= 0 || code > (int)StatusCode::Unauthenticated)
    return StatusCode::Unknown;
  return (StatusCode)code;
}

} // namespace

extern "C" {

sluice_status_t sluice_status_make(int code, const char *message) {
  return new sluice_status_s{Status(codeFromInt(code), message ? message : "")};
}
int sluice_status_code(sluice_status_t status) {
  return status ? (int)status->status.code() : 0;
}
const char *sluice_status_message(sluice_status_t status) {
  return status ? status->status.message().c_str() : "";
}
void sluice_status_free(sluice_status_t status) { delete status; }

sluice_status_t sluice_device_create(uint32_t worker_threads,
                                     sluice_device_t **out_device) {
  if (!out_device)
    return wrap(invalid("out_device is NULL"));
  *out_device = nullptr;
  DeviceOptions options;
  options.workerThreads = worker_threads;
  Expected<std::unique_ptr<Device>> device = Device::create(options);
  if (!device)
    return wrap(device.takeStatus());
  *out_device = new sluice_device_s{std::move(*device)};
  return nullptr;
}
void sluice_device_release(sluice_device_t *device) { delete device; }

sluice_status_t sluice_semaphore_create(uint64_t initial_value,
                                        sluice_semaphore_t **out) {
  if (!out)
    return wrap(invalid("out semaphore is NULL"));
  auto *handle = new sluice_semaphore_s;
  handle->semaphore = Semaphore::create(initial_value);
  *out = handle;
  return nullptr;
}
void sluice_semaphore_retain(sluice_semaphore_t *semaphore) {
  retain(semaphore);
}
void sluice_semaphore_release(sluice_semaphore_t *semaphore) {
  release(semaphore);
}
sluice_status_t sluice_semaphore_query(sluice_semaphore_t *semaphore,
                                       uint64_t *out_value) {
  if (!semaphore || !out_value)
    return wrap(invalid("semaphore or out_value is NULL"));
  Expected<uint64_t> value = semaphore->semaphore->query();
  if (!value)
    return wrap(value.takeStatus());
  *out_value = *value;
  return nullptr;
}
sluice_status_t sluice_semaphore_signal(sluice_semaphore_t *semaphore,
                                        uint64_t value) {
  if (!semaphore)
    return wrap(invalid("semaphore is NULL"));
  return wrap(semaphore->semaphore->signal(value));
}
void sluice_semaphore_fail(sluice_semaphore_t *semaphore, int code,
                           const char *message) {
  if (semaphore)
    semaphore->semaphore->fail(
        Status(codeFromInt(code), message ? message : ""));
}
sluice_status_t sluice_semaphore_wait(sluice_semaphore_t *semaphore,
                                      uint64_t value, int64_t timeout_ns) {
  if (!semaphore)
    return wrap(invalid("semaphore is NULL"));
  return wrap(
      semaphore->semaphore->wait(value, deadlineFromTimeout(timeout_ns)));
}

sluice_status_t sluice_fence_create(sluice_fence_t **out_fence) {
  if (!out_fence)
    return wrap(invalid("out_fence is NULL"));
  auto *handle = new sluice_fence_s;
  handle->fence = Fence::create();
  *out_fence = handle;
  return nullptr;
}
void sluice_fence_retain(sluice_fence_t *fence) { retain(fence); }
void sluice_fence_release(sluice_fence_t *fence) { release(fence); }
sluice_status_t sluice_fence_insert(sluice_fence_t *fence,
                                    sluice_semaphore_t *semaphore,
                                    uint64_t value) {
  if (!fence || !semaphore)
    return wrap(invalid("fence or semaphore is NULL"));
  fence->fence->insert(semaphore->semaphore, value);
  return nullptr;
}
sluice_status_t sluice_fence_join(sluice_fence_t *a, sluice_fence_t *b,
                                  sluice_fence_t **out_fence) {
  if (!out_fence)
    return wrap(invalid("out_fence is NULL"));
  FenceRef parts[2] = {unwrap(a), unwrap(b)};
  auto *handle = new sluice_fence_s;
  handle->fence = Fence::join(parts);
  *out_fence = handle;
  return nullptr;
}
sluice_status_t sluice_fence_signal(sluice_fence_t *fence) {
  return wrap(signalFence(unwrap(fence)));
}
void sluice_fence_fail(sluice_fence_t *fence, int code, const char *message) {
  failFence(unwrap(fence), Status(codeFromInt(code), message ? message : ""));
}
sluice_status_t sluice_fence_wait(sluice_fence_t *fence, int64_t timeout_ns) {
  FenceRef f = unwrap(fence);
  return f ? wrap(f->wait(deadlineFromTimeout(timeout_ns))) : nullptr;
}
sluice_status_t sluice_fence_query(sluice_fence_t *fence, int *out_reached) {
  if (!out_reached)
    return wrap(invalid("out_reached is NULL"));
  FenceRef f = unwrap(fence);
  *out_reached = 1;
  if (!f)
    return nullptr;
  Expected<bool> reached = f->query();
  if (!reached)
    return wrap(reached.takeStatus());
  *out_reached = *reached ? 1 : 0;
  return nullptr;
}

sluice_status_t sluice_buffer_allocate(sluice_device_t *device,
                                       uint32_t memory_type, uint32_t usage,
                                       uint64_t size,
                                       sluice_buffer_t **out_buffer) {
  if (!device || !out_buffer)
    return wrap(invalid("device or out_buffer is NULL"));
  *out_buffer = nullptr;
  BufferParams params;
  params.memoryType = memory_type;
  params.usage = usage;
  Expected<BufferRef> buffer =
      device->device->allocator().allocate(params, size);
  if (!buffer)
    return wrap(buffer.takeStatus());
  *out_buffer = capi::wrapBuffer(std::move(*buffer));
  return nullptr;
}
sluice_status_t sluice_buffer_subspan(sluice_buffer_t *buffer, uint64_t offset,
                                      uint64_t length,
                                      sluice_buffer_t **out_buffer) {
  if (!buffer || !out_buffer)
    return wrap(invalid("buffer or out_buffer is NULL"));
  *out_buffer = nullptr;
  Expected<BufferRef> sub = Buffer::subspan(buffer->buffer, offset, length);
  if (!sub)
    return wrap(sub.takeStatus());
  *out_buffer = capi::wrapBuffer(std::move(*sub));
  return nullptr;
}
void sluice_buffer_retain(sluice_buffer_t *buffer) { retain(buffer); }
void sluice_buffer_release(sluice_buffer_t *buffer) { release(buffer); }
uint64_t sluice_buffer_length(sluice_buffer_t *buffer) {
  return buffer ? buffer->buffer->byteLength() : 0;
}
sluice_status_t sluice_buffer_map(sluice_buffer_t *buffer, uint32_t access,
                                  uint64_t offset, uint64_t length,
                                  void **out_data) {
  if (!buffer || !out_data)
    return wrap(invalid("buffer or out_data is NULL"));
  *out_data = nullptr;
  Expected<MappedRange> range = buffer->buffer->map(access, offset, length);
  if (!range)
    return wrap(range.takeStatus());
  *out_data = range->data;
  return nullptr;
}

sluice_status_t sluice_queue_alloca(sluice_device_t *device, uint64_t affinity,
                                    sluice_fence_t *wait,
                                    sluice_fence_t *signal,
                                    uint32_t memory_type, uint32_t usage,
                                    uint64_t size,
                                    sluice_buffer_t **out_buffer) {
  if (!device || !out_buffer) {
    Status status = invalid("device or out_buffer is NULL");
    failFence(unwrap(signal), status);
    return wrap(status);
  }
  *out_buffer = nullptr;
  BufferParams params;
  params.memoryType = memory_type;
  params.usage = usage;
  params.queueAffinity = affinity;
  Expected<BufferRef> buffer = device->device->queueAlloca(
      affinity, unwrap(wait), unwrap(signal), params, size);
  if (!buffer)
    return wrap(buffer.takeStatus());
  *out_buffer = capi::wrapBuffer(std::move(*buffer));
  return nullptr;
}

#define SLUICE_CHECK_DEVICE()                                                  \
  if (!device) {                                                               \
    Status status = invalid("device is NULL");                                 \
    failFence(unwrap(signal), status);                                         \
    return wrap(status);                                                       \
  }

sluice_status_t sluice_queue_dealloca(sluice_device_t *device,
                                      uint64_t affinity, sluice_fence_t *wait,
                                      sluice_fence_t *signal,
                                      sluice_buffer_t *buffer) {
  SLUICE_CHECK_DEVICE();
  return wrap(device->device->queueDealloca(affinity, unwrap(wait),
                                            unwrap(signal),
                                            buffer ? buffer->buffer : nullptr));
}
sluice_status_t sluice_queue_fill(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_buffer_t *target, uint64_t offset,
                                  uint64_t length, const void *pattern,
                                  size_t pattern_length) {
  SLUICE_CHECK_DEVICE();
  return wrap(device->device->queueFill(
      affinity, unwrap(wait), unwrap(signal), target ? target->buffer : nullptr,
      offset, length, pattern, pattern_length));
}
sluice_status_t sluice_queue_copy(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_buffer_t *source,
                                  uint64_t source_offset,
                                  sluice_buffer_t *target,
                                  uint64_t target_offset, uint64_t length) {
  SLUICE_CHECK_DEVICE();
  return wrap(device->device->queueCopy(
      affinity, unwrap(wait), unwrap(signal), source ? source->buffer : nullptr,
      source_offset, target ? target->buffer : nullptr, target_offset, length));
}
sluice_status_t sluice_queue_barrier(sluice_device_t *device, uint64_t affinity,
                                     sluice_fence_t *wait,
                                     sluice_fence_t *signal) {
  SLUICE_CHECK_DEVICE();
  return wrap(
      device->device->queueBarrier(affinity, unwrap(wait), unwrap(signal)));
}
sluice_status_t sluice_queue_host_call(sluice_device_t *device,
                                       uint64_t affinity, sluice_fence_t *wait,
                                       sluice_fence_t *signal,
                                       sluice_host_fn_t fn, void *user_data) {
  SLUICE_CHECK_DEVICE();
  if (!fn) {
    Status status = invalid("host call function is NULL");
    failFence(unwrap(signal), status);
    return wrap(status);
  }
  return wrap(device->device->queueHostCall(
      affinity, unwrap(wait), unwrap(signal), [fn, user_data]() -> Status {
        sluice_status_t result = fn(user_data);
        if (!result)
          return Status();
        Status status = std::move(result->status);
        sluice_status_free(result);
        return status;
      }));
}

} // extern "C"
