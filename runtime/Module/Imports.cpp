//===- Imports.cpp - The runtime side of sluice_rt_imports_v1_t -----------===//
//
// execution.md §3.4. Every entry is thread-safe; fallible entries return a
// heap status (NULL = OK), store NULL in reference out-parameters on failure
// and fail the signal fence with the status they return. Reference arguments
// are borrowed; out-references are +1.
//
//===----------------------------------------------------------------------===//

#include "BufferView.h"
#include "ModuleInternal.h"

#include "sluice/Runtime/Core/FencePool.h"
#include "sluice/Runtime/Core/Memory.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace sluice::runtime;
using namespace sluice::runtime::module;
using capi::unwrap;
using capi::wrap;

namespace {

Status invalid(const char *message) {
  return Status(StatusCode::InvalidArgument, message);
}

sluice_status_t failSignal(sluice_fence_t *signal, Status status) {
  failFence(unwrap(signal), status);
  return wrap(std::move(status));
}

std::string_view text(const char *s, size_t length) {
  return s ? std::string_view(s, length) : std::string_view();
}

StatusCode codeFromInt(int32_t code) {
  if (code <= 0 || code > (int32_t)StatusCode::Unauthenticated)
    return StatusCode::Unknown;
  return (StatusCode)code;
}

Deadline deadlineFromMillis(int32_t timeoutMillis) {
  if (timeoutMillis < 0)
    return infiniteFuture();
  return deadlineAfter(std::chrono::milliseconds(timeoutMillis));
}

BufferParams paramsOf(int64_t aff, uint32_t memoryType, uint32_t usage) {
  BufferParams params;
  params.memoryType = memoryType;
  params.usage = usage;
  params.queueAffinity = (uint64_t)aff;
  return params;
}

/// `*` matches any run of characters.
bool globMatch(std::string_view pattern, std::string_view value) {
  if (pattern.empty())
    return value.empty();
  if (pattern[0] == '*') {
    for (size_t i = 0; i <= value.size(); ++i)
      if (globMatch(pattern.substr(1), value.substr(i)))
        return true;
    return false;
  }
  return !value.empty() && pattern[0] == value[0] &&
         globMatch(pattern.substr(1), value.substr(1));
}

/// The context's parameter module (an empty one routes every scope to the
/// NOT_FOUND provider error).
sluice_io_parameters_module_t *parametersOf(sluice_context_abi_t *ctx) {
  return contextOf(ctx)->parameters;
}

//===----------------------------------------------------------------------===//
// A. Statuses and references
//===----------------------------------------------------------------------===//

sluice_status_t statusMake(int32_t code, const char *msg, size_t length) {
  return new sluice_status_s{
      Status(codeFromInt(code), std::string(text(msg, length)))};
}

sluice_status_t statusAnnotate(sluice_status_t status, const char *msg,
                               size_t length) {
  if (status)
    status->status.annotate(text(msg, length));
  return status;
}

int32_t statusCode(sluice_status_t status) {
  return status ? (int32_t)status->status.code() : 0;
}

void statusFree(sluice_status_t status) { delete status; }

void refDestroy(void *ref) { destroyRef(ref); }

//===----------------------------------------------------------------------===//
// B. Devices and allocation
//===----------------------------------------------------------------------===//

sluice_status_t devicesGet(sluice_context_abi_t *ctx, int64_t index,
                           void **outDevice) {
  *outDevice = nullptr;
  if (index != 0)
    return wrap(makeStatus(StatusCode::OutOfRange,
                           "device index %lld out of range; the context has "
                           "1 device",
                           (long long)index));
  *outDevice = ctx->device;
  return nullptr;
}

void deviceQueryI64(sluice_context_abi_t *ctx, void *device,
                    const char *category, size_t categoryLength,
                    const char *key, size_t keyLength, int32_t *outOk,
                    int64_t *outValue) {
  std::string_view c = text(category, categoryLength);
  std::string_view k = text(key, keyLength);
  bool match =
      (c == "hal.executable.format" && globMatch(k, "sluice-native")) ||
      (c == "hal.device.id" && globMatch(k, "local"));
  *outOk = match ? 1 : 0;
  *outValue = match ? 1 : 0;
}

sluice_status_t allocatorAllocate(sluice_context_abi_t *ctx, void *allocator,
                                  int64_t aff, uint32_t memoryType,
                                  uint32_t usage, uint64_t size,
                                  sluice_buffer_t **outBuffer) {
  *outBuffer = nullptr;
  Expected<BufferRef> buffer =
      deviceOf(contextOf(ctx))
          .allocator()
          .allocate(paramsOf(aff, memoryType, usage), size);
  if (!buffer)
    return wrap(buffer.takeStatus());
  *outBuffer = capi::wrapBuffer(std::move(*buffer));
  return nullptr;
}

sluice_status_t allocatorImport(sluice_context_abi_t *ctx, void *allocator,
                                int64_t aff, uint32_t memoryType,
                                uint32_t usage,
                                const sluice_util_buffer_t *source,
                                uint64_t offset, uint64_t length,
                                int32_t *outDidImport,
                                sluice_buffer_t **outBuffer) {
  *outDidImport = 0;
  *outBuffer = nullptr;
  if (!source)
    return wrap(invalid("import of a null buffer"));
  if (offset > source->length || length > source->length - offset)
    return wrap(makeStatus(StatusCode::OutOfRange,
                           "import range [%llu, %llu) is outside buffer "
                           "length %llu",
                           (unsigned long long)offset,
                           (unsigned long long)(offset + length),
                           (unsigned long long)source->length));
  const uint8_t *data = source->data + offset;
  if (!(usage & buffer_usage::SharingImmutable) ||
      reinterpret_cast<uintptr_t>(data) % Allocator::kAllocationAlignment)
    return nullptr; // not importable: the program copies instead
  // Module rodata lives as long as the module: the buffer keeps the context
  // (and so the module) alive.
  sluice_context_s *context = contextOf(ctx);
  retainContext(context);
  std::shared_ptr<void> keepAlive(context, [](void *c) {
    releaseContextRef(static_cast<sluice_context_s *>(c));
  });
  Expected<BufferRef> buffer = deviceOf(context).allocator().importHost(
      paramsOf(aff, memoryType, usage), const_cast<uint8_t *>(data), length,
      memory_access::Read, std::move(keepAlive));
  if (!buffer)
    return wrap(buffer.takeStatus());
  *outBuffer = capi::wrapBuffer(std::move(*buffer));
  *outDidImport = 1;
  return nullptr;
}

sluice_status_t queueAlloca(sluice_context_abi_t *ctx, void *device,
                            int64_t aff, sluice_fence_t *wait,
                            sluice_fence_t *signal, int64_t pool,
                            uint32_t memoryType, uint32_t usage, uint64_t size,
                            uint64_t flags, sluice_buffer_t **outBuffer) {
  *outBuffer = nullptr;
  Expected<BufferRef> buffer =
      deviceOf(contextOf(ctx))
          .queueAlloca((uint64_t)aff, unwrap(wait), unwrap(signal),
                       paramsOf(aff, memoryType, usage), size);
  if (!buffer)
    return wrap(buffer.takeStatus()); // the signal fence already failed
  *outBuffer = capi::wrapBuffer(std::move(*buffer));
  return nullptr;
}

sluice_status_t queueDealloca(sluice_context_abi_t *ctx, void *device,
                              int64_t aff, sluice_fence_t *wait,
                              sluice_fence_t *signal, sluice_buffer_t *buffer,
                              uint64_t flags) {
  return wrap(deviceOf(contextOf(ctx))
                  .queueDealloca((uint64_t)aff, unwrap(wait), unwrap(signal),
                                 unwrap(buffer)));
}

void bufferAllocationPreserve(sluice_context_abi_t *ctx,
                              sluice_buffer_t *buffer) {
  if (buffer)
    buffer->buffer->storage()->preserveAllocation();
}

int32_t bufferAllocationDiscard(sluice_context_abi_t *ctx,
                                sluice_buffer_t *buffer) {
  return buffer && buffer->buffer->storage()->discardAllocation() ? 1 : 0;
}

int32_t bufferAllocationIsTerminal(sluice_context_abi_t *ctx,
                                   sluice_buffer_t *buffer) {
  return buffer && buffer->buffer->storage()->allocationIsTerminal() ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// C. Buffers, views, files
//===----------------------------------------------------------------------===//

sluice_status_t bufferSubspan(sluice_context_abi_t *ctx,
                              sluice_buffer_t *buffer, uint64_t offset,
                              uint64_t length, sluice_buffer_t **outBuffer) {
  *outBuffer = nullptr;
  Expected<BufferRef> sub = Buffer::subspan(unwrap(buffer), offset, length);
  if (!sub)
    return wrap(sub.takeStatus());
  *outBuffer = capi::wrapBuffer(std::move(*sub));
  return nullptr;
}

sluice_status_t bufferAssert(sluice_context_abi_t *ctx, sluice_buffer_t *buffer,
                             const char *msg, size_t msgLength, void *allocator,
                             uint64_t minimumLength, uint32_t memoryType,
                             uint32_t usage) {
  return wrap(assertBuffer(buffer, text(msg, msgLength), minimumLength,
                           memoryType, usage));
}

/// The host bytes [offset, offset + width) of `buffer` for load/store.
Expected<uint8_t *> scalarAccess(sluice_buffer_t *buffer, uint64_t offset,
                                 uint32_t width, const char *what) {
  if (!buffer)
    return makeStatus(StatusCode::InvalidArgument, "%s from a null buffer",
                      what);
  if (width != 1 && width != 2 && width != 4 && width != 8)
    return makeStatus(StatusCode::InvalidArgument,
                      "%s width %u is not 1, 2, 4 or 8 bytes", what, width);
  uint64_t length = buffer->abi.byte_length;
  if (offset > length || width > length - offset)
    return makeStatus(StatusCode::OutOfRange,
                      "%s of %u bytes at offset %llu is outside buffer "
                      "length %llu",
                      what, width, (unsigned long long)offset,
                      (unsigned long long)length);
  uint8_t *data = buffer->buffer->hostData();
  if (!data)
    return makeStatus(StatusCode::FailedPrecondition,
                      "%s from a buffer without committed storage", what);
  return data + offset;
}

sluice_status_t bufferLoad(sluice_context_abi_t *ctx, sluice_buffer_t *buffer,
                           uint64_t offset, uint32_t width, void *outValue) {
  Expected<uint8_t *> p = scalarAccess(buffer, offset, width, "load");
  if (!p)
    return wrap(p.takeStatus());
  std::memcpy(outValue, *p, width);
  return nullptr;
}

sluice_status_t bufferStore(sluice_context_abi_t *ctx, sluice_buffer_t *buffer,
                            uint64_t offset, uint32_t width,
                            const void *value) {
  Expected<uint8_t *> p = scalarAccess(buffer, offset, width, "store");
  if (!p)
    return wrap(p.takeStatus());
  std::memcpy(*p, value, width);
  return nullptr;
}

sluice_status_t bufferViewCreate(sluice_context_abi_t *ctx,
                                 sluice_buffer_t *buffer, uint64_t offset,
                                 uint64_t length, uint32_t elementType,
                                 uint32_t encodingType, uint32_t rank,
                                 const int64_t *shape,
                                 sluice_buffer_view_t **outView) {
  *outView = nullptr;
  if (rank > SLUICE_BUFFER_VIEW_MAX_RANK)
    return wrap(makeStatus(StatusCode::InvalidArgument,
                           "buffer view rank %u exceeds 16", rank));
  if (!buffer)
    return wrap(invalid("cannot create a buffer view of a null buffer"));
  sluice_buffer_t *viewed = buffer;
  if (offset != 0 || length != buffer->abi.byte_length) {
    Expected<BufferRef> sub = Buffer::subspan(buffer->buffer, offset, length);
    if (!sub)
      return wrap(sub.takeStatus());
    viewed = capi::wrapBuffer(std::move(*sub));
  }
  Expected<sluice_buffer_view_t *> view =
      createView(viewed, elementType, encodingType, rank, shape);
  if (viewed != buffer)
    releaseRef(viewed); // the view retained it
  if (!view)
    return wrap(view.takeStatus());
  *outView = *view;
  return nullptr;
}

sluice_status_t bufferViewAssert(sluice_context_abi_t *ctx,
                                 sluice_buffer_view_t *view, const char *msg,
                                 size_t msgLength, uint32_t elementType,
                                 uint32_t encodingType, uint32_t rank,
                                 const int64_t *shape) {
  return wrap(assertView(view, text(msg, msgLength), elementType, encodingType,
                         rank, shape));
}

void bufferViewTrace(sluice_context_abi_t *ctx, const char *key,
                     size_t keyLength, uint32_t count,
                     sluice_buffer_view_t *const *views) {
  traceViews(contextOf(ctx), text(key, keyLength), count, views);
}

sluice_status_t fileFromMemory(sluice_context_abi_t *ctx, void *device,
                               int64_t aff, uint32_t access,
                               const sluice_util_buffer_t *source,
                               uint64_t offset, uint64_t length, uint32_t flags,
                               sluice_file_t **outFile) {
  *outFile = nullptr;
  if (!source)
    return wrap(invalid("file from a null buffer"));
  if (offset > source->length || length > source->length - offset)
    return wrap(makeStatus(StatusCode::OutOfRange,
                           "file range [%llu, %llu) is outside buffer length "
                           "%llu",
                           (unsigned long long)offset,
                           (unsigned long long)(offset + length),
                           (unsigned long long)source->length));
  if (access & memory_access::Write)
    return wrap(
        Status(StatusCode::PermissionDenied, "memory files are read-only"));
  sluice_context_s *context = contextOf(ctx);
  retainContext(context);
  auto *file = new sluice_file_s;
  file->data = source->data + offset;
  file->length = length;
  file->access = memory_access::Read;
  file->keepAlive = std::shared_ptr<void>(context, [](void *c) {
    releaseContextRef(static_cast<sluice_context_s *>(c));
  });
  *outFile = file;
  return nullptr;
}

sluice_status_t queueFill(sluice_context_abi_t *ctx, void *device, int64_t aff,
                          sluice_fence_t *wait, sluice_fence_t *signal,
                          sluice_buffer_t *target, uint64_t offset,
                          uint64_t length, uint64_t pattern,
                          uint32_t patternLength, uint64_t flags) {
  if (patternLength != 1 && patternLength != 2 && patternLength != 4)
    return failSignal(signal,
                      makeStatus(StatusCode::InvalidArgument,
                                 "fill pattern length %u is not 1, 2 or 4",
                                 patternLength));
  uint8_t bytes[8];
  std::memcpy(bytes, &pattern, 8); // little endian
  return wrap(deviceOf(contextOf(ctx))
                  .queueFill((uint64_t)aff, unwrap(wait), unwrap(signal),
                             unwrap(target), offset, length, bytes,
                             patternLength));
}

sluice_status_t queueCopy(sluice_context_abi_t *ctx, void *device, int64_t aff,
                          sluice_fence_t *wait, sluice_fence_t *signal,
                          sluice_buffer_t *source, uint64_t sourceOffset,
                          sluice_buffer_t *target, uint64_t targetOffset,
                          uint64_t length, uint64_t flags) {
  return wrap(deviceOf(contextOf(ctx))
                  .queueCopy((uint64_t)aff, unwrap(wait), unwrap(signal),
                             unwrap(source), sourceOffset, unwrap(target),
                             targetOffset, length));
}

sluice_status_t queueRead(sluice_context_abi_t *ctx, void *device, int64_t aff,
                          sluice_fence_t *wait, sluice_fence_t *signal,
                          sluice_file_t *file, uint64_t fileOffset,
                          sluice_buffer_t *target, uint64_t targetOffset,
                          uint64_t length, uint64_t flags) {
  return wrap(capi::queueReadFile(
      deviceOf(contextOf(ctx)), (uint64_t)aff, unwrap(wait), unwrap(signal),
      file, fileOffset, unwrap(target), targetOffset, length));
}

sluice_status_t queueWrite(sluice_context_abi_t *ctx, void *device, int64_t aff,
                           sluice_fence_t *wait, sluice_fence_t *signal,
                           sluice_buffer_t *source, uint64_t sourceOffset,
                           sluice_file_t *file, uint64_t fileOffset,
                           uint64_t length, uint64_t flags) {
  return wrap(capi::queueWriteFile(deviceOf(contextOf(ctx)), (uint64_t)aff,
                                   unwrap(wait), unwrap(signal), unwrap(source),
                                   sourceOffset, file, fileOffset, length));
}

sluice_status_t queueBarrier(sluice_context_abi_t *ctx, void *device,
                             int64_t aff, sluice_fence_t *wait,
                             sluice_fence_t *signal, uint64_t flags) {
  return wrap(deviceOf(contextOf(ctx))
                  .queueBarrier((uint64_t)aff, unwrap(wait), unwrap(signal)));
}

//===----------------------------------------------------------------------===//
// D. Fences and execution
//===----------------------------------------------------------------------===//

sluice_status_t fenceCreate(sluice_context_abi_t *ctx, void *device,
                            sluice_fence_t **outFence) {
  // A fresh timepoint from the device's pool (no allocation when warm).
  *outFence = deviceOf(contextOf(ctx)).fencePool().createFence();
  return nullptr;
}

sluice_status_t fenceJoin(sluice_context_abi_t *ctx, uint32_t count,
                          sluice_fence_t *const *fences,
                          sluice_fence_t **outFence) {
  *outFence = nullptr;
  sluice_fence_t *single = nullptr;
  uint32_t present = 0;
  for (uint32_t i = 0; i < count; ++i)
    if (fences[i]) {
      single = fences[i];
      ++present;
    }
  if (present == 0)
    return nullptr; // the reached fence
  if (present == 1) {
    capi::retainRef(single);
    *outFence = single;
    return nullptr;
  }
  std::vector<FenceRef> parts;
  parts.reserve(present);
  for (uint32_t i = 0; i < count; ++i)
    if (fences[i])
      parts.push_back(fences[i]->fence);
  *outFence = capi::wrapFence(Fence::join(parts));
  return nullptr;
}

sluice_status_t fenceSignal(sluice_context_abi_t *ctx, sluice_fence_t *fence) {
  // No FenceRef copy: the caller's handle keeps the fence alive.
  return wrap(fence && fence->fence ? fence->fence->signal() : Status());
}

sluice_status_t fenceAwait(sluice_context_abi_t *ctx, int32_t timeoutMillis,
                           uint32_t count, sluice_fence_t *const *fences) {
  FenceRef small[4];
  std::vector<FenceRef> large;
  std::span<const FenceRef> refs;
  if (count == 1) {
    // The common case: the handle's own FenceRef, no copy (the caller's
    // reference keeps it alive for the duration of the call).
    if (fences[0])
      refs = std::span<const FenceRef>(&fences[0]->fence, 1);
  } else if (count <= 4) {
    for (uint32_t i = 0; i < count; ++i)
      small[i] = unwrap(fences[i]);
    refs = std::span<const FenceRef>(small, count);
  } else {
    for (uint32_t i = 0; i < count; ++i)
      large.push_back(unwrap(fences[i]));
    refs = large;
  }
  return wrap(
      deviceOf(contextOf(ctx))
          .await(refs, deadlineFromMillis(timeoutMillis), timeoutMillis));
}

/// A command function submission: the closure is copied into the record
/// (inline up to 256 bytes). Destroyed without running (failed wait fence),
/// it still releases its references and its hold on the context.
struct CommandTask {
  static constexpr uint32_t kInlineSlots = 32; // 256 bytes
  sluice_context_s *context = nullptr;
  sluice_command_fn_t fn = nullptr;
  uint32_t slots = 0;
  uint32_t refCount = 0;
  uint64_t inlineClosure[kInlineSlots];
  std::unique_ptr<uint64_t[]> heapClosure;

  CommandTask() = default;
  CommandTask(CommandTask &&other)
      : context(other.context), fn(other.fn), slots(other.slots),
        refCount(other.refCount), heapClosure(std::move(other.heapClosure)) {
    if (!heapClosure && slots)
      std::memcpy(inlineClosure, other.inlineClosure, 8ull * slots);
    other.context = nullptr;
  }
  CommandTask &operator=(CommandTask &&) = delete;
  ~CommandTask() {
    if (context)
      finish();
  }

  const uint64_t *closure() const {
    return heapClosure ? heapClosure.get() : inlineClosure;
  }

  void finish() {
    const uint64_t *c = closure();
    for (uint32_t i = 0; i < refCount; ++i)
      releaseRef(reinterpret_cast<void *>(c[i]));
    endContextWork(context);
    context = nullptr;
  }

  Status operator()() {
    Device &device = deviceOf(context);
    const sluice_module_descriptor_t *d = context->module->descriptor;
    exec::ExecState exec;
    exec.abi.environment = device.scheduler().environment();
    exec.abi.participant = 0;
    exec.abi.participant_count = device.scheduler().workerCount() + 1;
    exec.scheduler = &device.scheduler();
    exec.exports = d->export_infos;
    exec.exportCount = d->export_info_count;
    Status status = capi::unwrapStatus(fn(&context->abi, &exec.abi, closure()));
    finish();
    return status;
  }
};

sluice_status_t queueExecute(sluice_context_abi_t *ctx, void *device,
                             int64_t aff, sluice_fence_t *wait,
                             sluice_fence_t *signal, sluice_command_fn_t fn,
                             const uint64_t *closure, uint32_t closureSlots,
                             uint32_t closureRefCount, uint32_t costHintNs) {
  if (!fn)
    return failSignal(signal, invalid("queue_execute without a function"));
  if (closureSlots && !closure)
    return failSignal(signal, invalid("queue_execute closure is NULL"));
  if (closureRefCount > closureSlots)
    return failSignal(signal,
                      makeStatus(StatusCode::InvalidArgument,
                                 "queue_execute closure has %u slots but %u "
                                 "references",
                                 closureSlots, closureRefCount));
  sluice_context_s *context = contextOf(ctx);
  Device &dev = deviceOf(context);
  CommandTask task;
  task.context = context;
  task.fn = fn;
  task.slots = closureSlots;
  task.refCount = closureRefCount;
  uint64_t *copy = task.inlineClosure;
  if (closureSlots > CommandTask::kInlineSlots) {
    task.heapClosure.reset(new uint64_t[closureSlots]);
    copy = task.heapClosure.get();
    dev.scheduler().noteHeapPayload();
  }
  if (closureSlots)
    std::memcpy(copy, closure, 8ull * closureSlots);
  for (uint32_t i = 0; i < closureRefCount; ++i)
    capi::retainRef(reinterpret_cast<void *>(copy[i]));
  beginContextWork(context);
  dev.enqueueTask(unwrap(wait), unwrap(signal), costHintNs, std::move(task));
  return nullptr;
}

sluice_status_t wave(sluice_exec_t *exec, uint32_t count,
                     const sluice_wave_item_t *items) {
  auto *state = reinterpret_cast<exec::ExecState *>(exec);
  return wrap(state->scheduler->wave(*state, count, items));
}

//===----------------------------------------------------------------------===//
// E. Parameters
//===----------------------------------------------------------------------===//

sluice_status_t parametersLoad(sluice_context_abi_t *ctx, void *device,
                               int64_t aff, sluice_fence_t *wait,
                               sluice_fence_t *signal, const void *scope,
                               size_t scopeLength, int64_t targetAff,
                               uint32_t memoryType, uint32_t usage,
                               const void *keyTable, size_t keyTableLength,
                               const void *keyData, size_t keyDataLength,
                               const void *spans, size_t spansLength,
                               uint32_t count, sluice_buffer_t **outBuffers) {
  return sluice_io_parameters_load_into(
      parametersOf(ctx), contextOf(ctx)->module->runtime->device, aff, wait,
      signal, scope, scopeLength, targetAff, memoryType, usage, keyTable,
      keyTableLength, keyData, keyDataLength, spans, spansLength, count,
      outBuffers);
}

sluice_status_t parametersGather(sluice_context_abi_t *ctx, void *device,
                                 int64_t aff, sluice_fence_t *wait,
                                 sluice_fence_t *signal, const void *scope,
                                 size_t scopeLength, sluice_buffer_t *target,
                                 const void *keyTable, size_t keyTableLength,
                                 const void *keyData, size_t keyDataLength,
                                 const void *spans, size_t spansLength) {
  return sluice_io_parameters_gather(
      parametersOf(ctx), contextOf(ctx)->module->runtime->device, aff, wait,
      signal, scope, scopeLength, target, keyTable, keyTableLength, keyData,
      keyDataLength, spans, spansLength);
}

sluice_status_t parametersScatter(sluice_context_abi_t *ctx, void *device,
                                  int64_t aff, sluice_fence_t *wait,
                                  sluice_fence_t *signal,
                                  sluice_buffer_t *source, const void *scope,
                                  size_t scopeLength, const void *keyTable,
                                  size_t keyTableLength, const void *keyData,
                                  size_t keyDataLength, const void *spans,
                                  size_t spansLength) {
  return sluice_io_parameters_scatter(
      parametersOf(ctx), contextOf(ctx)->module->runtime->device, aff, wait,
      signal, source, scope, scopeLength, keyTable, keyTableLength, keyData,
      keyDataLength, spans, spansLength);
}

const sluice_rt_imports_v1_t kImports = {
    statusMake,
    statusAnnotate,
    statusCode,
    statusFree,
    refDestroy,
    devicesGet,
    deviceQueryI64,
    allocatorAllocate,
    allocatorImport,
    queueAlloca,
    queueDealloca,
    bufferAllocationPreserve,
    bufferAllocationDiscard,
    bufferAllocationIsTerminal,
    bufferSubspan,
    bufferAssert,
    bufferLoad,
    bufferStore,
    bufferViewCreate,
    bufferViewAssert,
    bufferViewTrace,
    fileFromMemory,
    queueFill,
    queueCopy,
    queueRead,
    queueWrite,
    queueBarrier,
    fenceCreate,
    fenceJoin,
    fenceSignal,
    fenceAwait,
    queueExecute,
    wave,
    parametersLoad,
    parametersGather,
    parametersScatter,
};

} // namespace

namespace sluice::runtime::module {

const sluice_rt_imports_v1_t *importTable() { return &kImports; }

void destroyRef(void *ref) {
  if (!ref)
    return;
  if (capi::refType(ref) == SLUICE_REF_TYPE_BUFFER_VIEW)
    destroyView(static_cast<sluice_buffer_view_t *>(ref));
  else
    capi::destroyCoreRef(ref);
}

} // namespace sluice::runtime::module
