//===- CApi.cpp - C API over the runtime core
//--------------------------------===//

#include "sluice/Runtime/Core/CApi.h"
#include "sluice/Runtime/Core/CApiHandles.h"

#include <chrono>
#include <vector>

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

template <typename T> void retain(T *handle) { capi::retainRef(handle); }
template <typename T> void release(T *handle) {
  if (capi::dropRef(handle))
    delete handle;
}

/// Keeps user memory alive through a release callback (may be NULL).
std::shared_ptr<void> userKeepAlive(void (*releaseFn)(void *), void *user) {
  return std::shared_ptr<void>(user, [releaseFn](void *u) {
    if (releaseFn)
      releaseFn(u);
  });
}

StatusCode codeFromInt(int code) {
  if (code <= 0 || code > (int)StatusCode::Unauthenticated)
    return StatusCode::Unknown;
  return (StatusCode)code;
}

} // namespace

namespace sluice::runtime::capi {

sluice_buffer_t *wrapBuffer(BufferRef buffer) {
  auto *handle = new sluice_buffer_s;
  handle->abi.header = {1, SLUICE_REF_TYPE_BUFFER};
  handle->abi.data_slot = buffer->storage()->dataSlot();
  handle->abi.byte_offset = buffer->byteOffset();
  handle->abi.byte_length = buffer->byteLength();
  handle->abi.memory_type = buffer->memoryType();
  handle->abi.usage = buffer->usage();
  handle->abi.allowed_access = buffer->allowedAccess();
  handle->abi.reserved = 0;
  handle->buffer = std::move(buffer);
  return handle;
}

bool destroyCoreRef(void *ref) {
  switch (refType(ref)) {
  case SLUICE_REF_TYPE_BUFFER:
    delete static_cast<sluice_buffer_s *>(ref);
    return true;
  case SLUICE_REF_TYPE_FENCE: {
    auto *fence = static_cast<sluice_fence_s *>(ref);
    if (fence->pooled)
      fence->fence.reset(); // the block returns to its pool when unreferenced
    else
      delete fence;
    return true;
  }
  case SLUICE_REF_TYPE_SEMAPHORE:
    delete static_cast<sluice_semaphore_s *>(ref);
    return true;
  case SLUICE_REF_TYPE_FILE:
    delete static_cast<sluice_file_s *>(ref);
    return true;
  default:
    return false;
  }
}

Status queueReadFile(Device &device, uint64_t affinity, const FenceRef &wait,
                     const FenceRef &signal, sluice_file_t *file,
                     uint64_t fileOffset, const BufferRef &target,
                     uint64_t targetOffset, uint64_t length) {
  auto reject = [&](Status status) {
    failFence(signal, status);
    return status;
  };
  if (!file)
    return reject(invalid("read from a null file"));
  if (file->file)
    return device.queueRead(affinity, wait, signal, file->file, fileOffset,
                            target, targetOffset, length);
  if (fileOffset > file->length || length > file->length - fileOffset)
    return reject(
        makeStatus(StatusCode::OutOfRange,
                   "read range [%llu, %llu) is outside file length %llu",
                   (unsigned long long)fileOffset,
                   (unsigned long long)(fileOffset + length),
                   (unsigned long long)file->length));
  return device.queueReadMemory(affinity, wait, signal, file->data + fileOffset,
                                file->keepAlive, target, targetOffset, length);
}

Status queueWriteFile(Device &device, uint64_t affinity, const FenceRef &wait,
                      const FenceRef &signal, const BufferRef &source,
                      uint64_t sourceOffset, sluice_file_t *file,
                      uint64_t fileOffset, uint64_t length) {
  auto reject = [&](Status status) {
    failFence(signal, status);
    return status;
  };
  if (!file)
    return reject(invalid("write to a null file"));
  if (!file->file)
    return reject(Status(StatusCode::PermissionDenied,
                         "cannot write to a memory file (read-only)"));
  return device.queueWrite(affinity, wait, signal, source, sourceOffset,
                           file->file, fileOffset, length);
}

} // namespace sluice::runtime::capi

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
sluice_status_t sluice_status_annotate(sluice_status_t status,
                                       const char *message) {
  if (status)
    status->status.annotate(message ? message : "");
  return status;
}

sluice_status_t sluice_device_create(uint32_t worker_threads,
                                     sluice_device_t **out_device) {
  if (!out_device)
    return wrap(invalid("out_device is NULL"));
  *out_device = nullptr;
  DeviceOptions options;
  options.workerThreads = worker_threads ? (int)worker_threads : -1;
  Expected<std::unique_ptr<Device>> device = Device::create(options);
  if (!device)
    return wrap(device.takeStatus());
  *out_device = new sluice_device_s{std::move(*device)};
  return nullptr;
}
void sluice_device_release(sluice_device_t *device) { delete device; }

sluice_status_t sluice_device_await(sluice_device_t *device, int64_t timeout_ns,
                                    size_t fence_count,
                                    sluice_fence_t *const *fences) {
  if (!device || (fence_count && !fences))
    return wrap(invalid("device or fences is NULL"));
  std::vector<FenceRef> refs;
  refs.reserve(fence_count);
  for (size_t i = 0; i < fence_count; ++i)
    refs.push_back(unwrap(fences[i]));
  return wrap(
      device->device->await(refs, deadlineFromTimeout(timeout_ns),
                            timeout_ns < 0 ? -1 : timeout_ns / 1000000));
}

sluice_status_t
sluice_device_query_statistics(sluice_device_t *device,
                               sluice_device_statistics_t *out) {
  if (!device || !out)
    return wrap(invalid("device or out is NULL"));
  const AllocatorStats &a = *device->device->allocator().stats();
  exec::SchedulerStatistics e = device->device->scheduler().statistics();
  out->allocations = a.allocations();
  out->bytes_allocated = a.bytesAllocated();
  out->bytes_in_use = a.current();
  out->bytes_peak = a.peak();
  out->submissions = e.submissions;
  out->inline_runs = e.inlineRuns;
  out->waves = e.waves;
  out->fanouts = e.fanouts;
  out->worker_wakes = e.workerWakes;
  out->heap_submissions = e.heapSubmissions;
  out->heap_payloads = e.heapPayloads;
  return nullptr;
}

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
sluice_status_t sluice_fence_create_at(sluice_semaphore_t *semaphore,
                                       uint64_t value,
                                       sluice_fence_t **out_fence) {
  if (out_fence)
    *out_fence = nullptr;
  if (!semaphore || !out_fence)
    return wrap(invalid("semaphore or out_fence is NULL"));
  auto *handle = new sluice_fence_s;
  handle->fence = Fence::createAt(semaphore->semaphore, value);
  *out_fence = handle;
  return nullptr;
}
sluice_status_t sluice_fence_create_pending(sluice_fence_t **out_fence) {
  if (!out_fence)
    return wrap(invalid("out_fence is NULL"));
  auto *handle = new sluice_fence_s;
  handle->fence = Fence::createAt(Semaphore::create(0), 1);
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
  *out_reached = 1;
  if (!fence || !fence->fence)
    return nullptr;
  // No FenceRef copy: the caller's handle keeps the fence alive.
  Expected<bool> reached = fence->fence->query();
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
sluice_status_t sluice_buffer_import_host(sluice_device_t *device, void *data,
                                          uint64_t size, uint32_t memory_type,
                                          uint32_t usage,
                                          void (*release)(void *user),
                                          void *user,
                                          sluice_buffer_t **out_buffer) {
  if (!device || !out_buffer)
    return wrap(invalid("device or out_buffer is NULL"));
  *out_buffer = nullptr;
  BufferParams params;
  params.memoryType = memory_type;
  params.usage = usage;
  Expected<BufferRef> buffer = device->device->allocator().importHost(
      params, static_cast<uint8_t *>(data), size, memory_access::All,
      userKeepAlive(release, user));
  if (!buffer)
    return wrap(buffer.takeStatus());
  *out_buffer = capi::wrapBuffer(std::move(*buffer));
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

sluice_status_t sluice_file_from_memory(const void *data, uint64_t length,
                                        void (*release)(void *user), void *user,
                                        sluice_file_t **out_file) {
  if (!out_file || (!data && length))
    return wrap(invalid("out_file or data is NULL"));
  auto *file = new sluice_file_s;
  file->data = static_cast<const uint8_t *>(data);
  file->length = length;
  file->access = memory_access::Read;
  file->keepAlive = userKeepAlive(release, user);
  *out_file = file;
  return nullptr;
}
sluice_status_t sluice_file_open(const char *path, uint32_t access,
                                 sluice_file_t **out_file) {
  if (!path || !out_file)
    return wrap(invalid("path or out_file is NULL"));
  *out_file = nullptr;
  io::IoFile::OpenOptions options;
  options.access =
      ((access & memory_access::Read) ? io::file_access::Read : 0) |
      ((access & memory_access::Write) ? io::file_access::Write : 0);
  Expected<io::IoFileRef> opened = io::IoFile::open(path, options);
  if (!opened)
    return wrap(opened.takeStatus());
  auto *file = new sluice_file_s;
  file->file = std::move(*opened);
  file->access = access;
  *out_file = file;
  return nullptr;
}
void sluice_file_retain(sluice_file_t *file) { retain(file); }
void sluice_file_release(sluice_file_t *file) { release(file); }

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
sluice_status_t sluice_queue_read(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_file_t *file, uint64_t file_offset,
                                  sluice_buffer_t *target,
                                  uint64_t target_offset, uint64_t length) {
  SLUICE_CHECK_DEVICE();
  return wrap(capi::queueReadFile(*device->device, affinity, unwrap(wait),
                                  unwrap(signal), file, file_offset,
                                  unwrap(target), target_offset, length));
}
sluice_status_t sluice_queue_write(sluice_device_t *device, uint64_t affinity,
                                   sluice_fence_t *wait, sluice_fence_t *signal,
                                   sluice_buffer_t *source,
                                   uint64_t source_offset, sluice_file_t *file,
                                   uint64_t file_offset, uint64_t length) {
  SLUICE_CHECK_DEVICE();
  return wrap(capi::queueWriteFile(*device->device, affinity, unwrap(wait),
                                   unwrap(signal), unwrap(source),
                                   source_offset, file, file_offset, length));
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
