//===- Device.cpp - CPU device queue
//-----------------------------------------===//

#include "sluice/Runtime/Core/Device.h"

#include "sluice/Runtime/Core/FencePool.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace sluice::runtime {

Expected<std::unique_ptr<Device>> Device::create(const DeviceOptions &options) {
  Expected<std::unique_ptr<io::IoEngine>> io = io::IoEngine::create(options.io);
  if (!io)
    return io.takeStatus();
  return std::unique_ptr<Device>(new Device(options, std::move(*io)));
}

Device::Device(const DeviceOptions &options, std::unique_ptr<io::IoEngine> io)
    : io_(std::move(io)) {
  exec::SchedulerOptions schedulerOptions;
  schedulerOptions.workerThreads = options.workerThreads;
  schedulerOptions.spinUs = options.workerSpinUs;
  schedulerOptions.inlineThresholdNs = options.inlineThresholdNs;
  scheduler_ = std::make_unique<exec::Scheduler>(schedulerOptions);
  fencePool_ = FencePool::create();
}

Device::~Device() {
  std::shared_ptr<exec::AwaitToken> drain;
  {
    std::lock_guard<std::mutex> lock(drainMutex_);
    draining_.store(true, std::memory_order_seq_cst);
    if (pending_.load(std::memory_order_seq_cst) > 0) {
      drain = std::make_shared<exec::AwaitToken>();
      drainToken_ = drain;
    }
  }
  // Pending operations may need this thread to run them (no workers).
  if (drain)
    (void)scheduler_->await(*drain, exec::SteadyTime::max());
  scheduler_.reset();
  io_.reset();
  fencePool_->releaseOwner();
}

size_t Device::pendingOperations() {
  return pending_.load(std::memory_order_acquire);
}

void Device::beginOperation() {
  pending_.fetch_add(1, std::memory_order_relaxed);
}

void Device::operationDone() {
  // seq_cst pairs with the destructor's draining_ store + pending_ load: the
  // last completion sees draining_, or the destructor sees no pending work.
  if (pending_.fetch_sub(1, std::memory_order_seq_cst) != 1 ||
      !draining_.load(std::memory_order_seq_cst))
    return;
  std::lock_guard<std::mutex> lock(drainMutex_);
  if (drainToken_ && pending_.load(std::memory_order_acquire) == 0) {
    drainToken_->complete(Status());
    drainToken_.reset();
  }
}

void Device::finishOperation(const FenceRef &signal, Status status) {
  if (status.isOk())
    status = signalFence(signal);
  if (!status.isOk())
    failFence(signal, status);
  operationDone();
}

Status Device::reject(const FenceRef &signal, Status status) {
  failFence(signal, status);
  return status;
}

bool Device::waitReachedNow(const FenceRef &wait, Status *failure) {
  if (!wait || wait->empty())
    return true;
  Expected<bool> reached = wait->query();
  if (!reached) {
    *failure = reached.takeStatus();
    return false;
  }
  return *reached;
}

void Device::scheduleWhenReady(const FenceRef &wait, const FenceRef &signal,
                               exec::Submission *submission, bool direct) {
  auto ready = [this, submission, direct] {
    if (direct)
      scheduler_->runNow(submission);
    else
      scheduler_->push(submission);
  };
  Status failure;
  if (waitReachedNow(wait, &failure))
    return ready();
  auto onFailure = [this, signal, submission](const Status &status) {
    scheduler_->discard(submission);
    failFence(signal, status);
    operationDone();
  };
  if (!failure.isOk())
    return onFailure(failure);
  Semaphore::notifyAll(wait->timepoints(),
                       [ready, onFailure](const Status &status) {
                         if (status.isOk())
                           ready();
                         else
                           onFailure(status);
                       });
}

void Device::enqueue(const FenceRef &wait, const FenceRef &signal,
                     uint32_t costHintNs, std::function<void(Done)> work,
                     bool direct) {
  beginOperation();
  exec::Submission *s = scheduler_->acquire();
  s->emplace(
      [this, signal, work = std::move(work)]() mutable {
        work([this, signal](Status status) {
          finishOperation(signal, std::move(status));
        });
      },
      costHintNs);
  scheduleWhenReady(wait, signal, s, direct);
}

Status Device::await(std::span<const FenceRef> fences, Deadline deadline,
                     int64_t timeoutMs) {
  // Fast path: poll the fences (atomic loads) and run ready work on this
  // thread in between; nothing is registered or allocated while that makes
  // progress (a ready command run at await, execution.md §7 E12).
  while (true) {
    bool reached = true;
    for (const FenceRef &fence : fences) {
      if (!fence)
        continue;
      Expected<bool> query = fence->query();
      if (!query)
        return query.takeStatus();
      reached = reached && *query;
    }
    if (reached)
      return Status();
    if (!scheduler_->runReadyWork())
      break;
  }
  std::vector<Timepoint> timepoints;
  for (const FenceRef &fence : fences)
    if (fence)
      timepoints.insert(timepoints.end(), fence->timepoints().begin(),
                        fence->timepoints().end());
  auto token = std::make_shared<exec::AwaitToken>();
  Semaphore::notifyAll(
      timepoints, [token](const Status &status) { token->complete(status); });
  Status status = scheduler_->await(*token, deadline);
  if (!token->done())
    return makeStatus(StatusCode::DeadlineExceeded,
                      "fence wait timed out after %lld ms",
                      (long long)timeoutMs);
  return status;
}

Expected<BufferRef> Device::queueAlloca(uint64_t affinity, const FenceRef &wait,
                                        const FenceRef &signal,
                                        const BufferParams &params,
                                        uint64_t size) {
  Expected<BufferRef> buffer = allocator_.allocateUncommitted(params, size);
  if (!buffer)
    return reject(signal, buffer.takeStatus());
  std::shared_ptr<BufferStorage> storage = (*buffer)->storage();
  Status failure;
  if (waitReachedNow(wait, &failure)) {
    // Completes inside the submitting call (no ready-list round trip).
    beginOperation();
    finishOperation(signal, storage->commit());
    return buffer;
  }
  if (!failure.isOk()) {
    failFence(signal, failure);
    return buffer;
  }
  enqueueTask(wait, signal, 0, [storage] { return storage->commit(); });
  return buffer;
}

Status Device::queueDealloca(uint64_t affinity, const FenceRef &wait,
                             const FenceRef &signal, BufferRef buffer) {
  if (!buffer)
    return reject(signal, Status(StatusCode::InvalidArgument,
                                 "dealloca of a null buffer"));
  if (buffer->imported())
    return reject(signal,
                  Status(StatusCode::InvalidArgument,
                         "dealloca of an imported buffer (only alloca'd "
                         "buffers can be deallocated on a queue)"));
  Status failure;
  if (waitReachedNow(wait, &failure)) {
    buffer->storage()->release();
    beginOperation();
    finishOperation(signal, Status());
    return Status();
  }
  if (!failure.isOk()) {
    failFence(signal, failure);
    return Status();
  }
  enqueueTask(wait, signal, 0, [buffer] {
    buffer->storage()->release();
    return Status();
  });
  return Status();
}

/// The cost hint of touching `bytes` bytes (16 bytes per ns, §4.3).
static uint32_t costOfBytes(uint64_t bytes) {
  return (uint32_t)std::min<uint64_t>(bytes / 16, UINT32_MAX - 1);
}

static Status notCommitted(const char *what) {
  return makeStatus(
      StatusCode::FailedPrecondition,
      "%s buffer has no storage when the operation ran (its alloca was "
      "not ordered before it, or it was deallocated)",
      what);
}

Status Device::queueFill(uint64_t affinity, const FenceRef &wait,
                         const FenceRef &signal, BufferRef target,
                         uint64_t offset, uint64_t length, const void *pattern,
                         size_t patternLength) {
  if (!target)
    return reject(signal,
                  Status(StatusCode::InvalidArgument, "fill of a null buffer"));
  if (patternLength < 1 || patternLength > 16 || !pattern)
    return reject(signal,
                  makeStatus(StatusCode::InvalidArgument,
                             "fill pattern length %zu is not in [1, 16]",
                             patternLength));
  Status range = target->checkRange(offset, length, "fill");
  if (!range.isOk())
    return reject(signal, std::move(range));
  std::array<uint8_t, 16> copy{};
  std::memcpy(copy.data(), pattern, patternLength);
  enqueueTask(wait, signal, costOfBytes(length), [=]() -> Status {
    uint8_t *base = target->hostData();
    if (!base)
      return notCommitted("fill target");
    uint8_t *p = base + offset;
    if (patternLength == 1) {
      std::memset(p, copy[0], length);
    } else {
      uint64_t first = std::min<uint64_t>(length, patternLength);
      std::memcpy(p, copy.data(), first);
      // Doubling copies: the filled prefix is a whole number of patterns.
      uint64_t filled = first;
      while (filled < length) {
        uint64_t n = std::min(filled, length - filled);
        std::memcpy(p + filled, p, n);
        filled += n;
      }
    }
    return Status();
  });
  return Status();
}

Status Device::queueCopy(uint64_t affinity, const FenceRef &wait,
                         const FenceRef &signal, BufferRef source,
                         uint64_t sourceOffset, BufferRef target,
                         uint64_t targetOffset, uint64_t length) {
  if (!source || !target)
    return reject(
        signal, Status(StatusCode::InvalidArgument, "copy with a null buffer"));
  Status status = source->checkRange(sourceOffset, length, "copy source");
  if (status.isOk())
    status = target->checkRange(targetOffset, length, "copy target");
  if (!status.isOk())
    return reject(signal, std::move(status));
  enqueueTask(wait, signal, costOfBytes(length), [=]() -> Status {
    uint8_t *src = source->hostData();
    uint8_t *dst = target->hostData();
    if (!src)
      return notCommitted("copy source");
    if (!dst)
      return notCommitted("copy target");
    std::memmove(dst + targetOffset, src + sourceOffset, length);
    return Status();
  });
  return Status();
}

Status Device::validateTransfers(std::vector<FileTransfer> &transfers,
                                 bool isRead) {
  for (size_t i = 0; i < transfers.size(); ++i) {
    FileTransfer &t = transfers[i];
    if (!t.file)
      return makeStatus(StatusCode::InvalidArgument,
                        "file transfer %zu has no file", i);
    if (!t.buffer)
      return makeStatus(StatusCode::InvalidArgument,
                        "file transfer %zu has no buffer", i);
    SLUICE_RETURN_IF_ERROR(t.buffer->checkRange(
        t.bufferOffset, t.length, isRead ? "read target" : "write source"));
    if (t.fileOffset + t.length < t.fileOffset)
      return makeStatus(
          StatusCode::OutOfRange,
          "file transfer %zu range overflows (offset=%llu, length=%llu)", i,
          (unsigned long long)t.fileOffset, (unsigned long long)t.length);
    uint32_t need = isRead ? io::file_access::Read : io::file_access::Write;
    if (!(t.file->access() & need))
      return makeStatus(
          StatusCode::PermissionDenied, "file '%s' is not open for %s",
          t.file->displayName().c_str(), isRead ? "reading" : "writing");
  }
  return Status();
}

void Device::submitTransfers(const FenceRef &wait, const FenceRef &signal,
                             std::vector<FileTransfer> transfers, bool isRead) {
  // When ready, the transfers go straight to the I/O engine (no worker hop);
  // completions signal from its threads.
  enqueue(
      wait, signal, 0,
      [this, transfers = std::move(transfers), isRead](Done done) mutable {
        std::vector<io::IoRequest> requests;
        requests.reserve(transfers.size());
        for (const FileTransfer &t : transfers) {
          uint8_t *base = t.buffer->hostData();
          if (!base && t.length)
            return done(notCommitted(isRead ? "read target" : "write source"));
          io::IoRequest r;
          r.kind =
              isRead ? io::IoRequest::Kind::Read : io::IoRequest::Kind::Write;
          r.file = t.file;
          r.fileOffset = t.fileOffset;
          r.data = base ? base + t.bufferOffset : nullptr;
          r.length = t.length;
          r.direct = t.direct;
          requests.push_back(std::move(r));
        }
        // The buffers stay alive through `keepAlive` until the transfers
        // complete, and are released before the fence is signaled (the
        // vector is cleared, whatever copies of the completion the engine
        // still holds): a waiter that wakes up holds the last references.
        auto keepAlive =
            std::make_shared<std::vector<FileTransfer>>(std::move(transfers));
        io_->submit(std::move(requests),
                    [done, keepAlive](const Status &status) {
                      exec::IoThreadScope ioThread;
                      keepAlive->clear();
                      done(status);
                    });
      },
      /*direct=*/true);
}

Status Device::queueRead(uint64_t affinity, const FenceRef &wait,
                         const FenceRef &signal, io::IoFileRef file,
                         uint64_t fileOffset, BufferRef target,
                         uint64_t targetOffset, uint64_t length, bool direct) {
  std::vector<FileTransfer> transfers;
  transfers.push_back(FileTransfer{std::move(file), fileOffset,
                                   std::move(target), targetOffset, length,
                                   direct});
  return queueReadBatch(affinity, wait, signal, std::move(transfers));
}

Status Device::queueWrite(uint64_t affinity, const FenceRef &wait,
                          const FenceRef &signal, BufferRef source,
                          uint64_t sourceOffset, io::IoFileRef file,
                          uint64_t fileOffset, uint64_t length) {
  std::vector<FileTransfer> transfers;
  transfers.push_back(FileTransfer{std::move(file), fileOffset,
                                   std::move(source), sourceOffset, length,
                                   false});
  return queueWriteBatch(affinity, wait, signal, std::move(transfers));
}

Status Device::queueReadBatch(uint64_t affinity, const FenceRef &wait,
                              const FenceRef &signal,
                              std::vector<FileTransfer> transfers) {
  Status status = validateTransfers(transfers, /*isRead=*/true);
  if (!status.isOk())
    return reject(signal, std::move(status));
  submitTransfers(wait, signal, std::move(transfers), /*isRead=*/true);
  return Status();
}

Status Device::queueWriteBatch(uint64_t affinity, const FenceRef &wait,
                               const FenceRef &signal,
                               std::vector<FileTransfer> transfers) {
  Status status = validateTransfers(transfers, /*isRead=*/false);
  if (!status.isOk())
    return reject(signal, std::move(status));
  submitTransfers(wait, signal, std::move(transfers), /*isRead=*/false);
  return Status();
}

Status Device::queueBarrier(uint64_t affinity, const FenceRef &wait,
                            const FenceRef &signal) {
  enqueueTask(wait, signal, 0, [] { return Status(); });
  return Status();
}

Status Device::queueHostCall(uint64_t affinity, const FenceRef &wait,
                             const FenceRef &signal, HostCall call) {
  if (!call)
    return reject(signal, Status(StatusCode::InvalidArgument,
                                 "host call without a function"));
  enqueueTask(wait, signal, UINT32_MAX,
              [call = std::move(call)] { return call(); });
  return Status();
}

Status Device::queueReadMemory(uint64_t affinity, const FenceRef &wait,
                               const FenceRef &signal, const uint8_t *source,
                               std::shared_ptr<void> keepAlive,
                               BufferRef target, uint64_t targetOffset,
                               uint64_t length) {
  if (!target)
    return reject(
        signal, Status(StatusCode::InvalidArgument, "read into a null buffer"));
  if (!source && length)
    return reject(signal, Status(StatusCode::InvalidArgument,
                                 "read from a null memory range"));
  Status range = target->checkRange(targetOffset, length, "read target");
  if (!range.isOk())
    return reject(signal, std::move(range));
  enqueueTask(wait, signal, costOfBytes(length),
              [=, keepAlive = std::move(keepAlive)]() -> Status {
                uint8_t *dst = target->hostData();
                if (!dst)
                  return notCommitted("read target");
                if (length)
                  std::memcpy(dst + targetOffset, source, length);
                return Status();
              });
  return Status();
}

} // namespace sluice::runtime
