//===- Device.cpp - CPU device queue
//-----------------------------------------===//

#include "sluice/Runtime/Core/Device.h"

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
    : io_(std::move(io)),
      workers_(std::make_unique<WorkerPool>(options.workerThreads)) {}

Device::~Device() {
  {
    std::unique_lock<std::mutex> lock(pendingMutex_);
    pendingCv_.wait(lock, [&] { return pending_ == 0; });
  }
  workers_.reset();
  io_.reset();
}

size_t Device::pendingOperations() {
  std::lock_guard<std::mutex> lock(pendingMutex_);
  return pending_;
}

void Device::operationDone() {
  std::lock_guard<std::mutex> lock(pendingMutex_);
  if (--pending_ == 0)
    pendingCv_.notify_all();
}

Status Device::reject(const FenceRef &signal, Status status) {
  failFence(signal, status);
  return status;
}

void Device::enqueue(const FenceRef &wait, const FenceRef &signal,
                     std::function<void(Done)> work) {
  {
    std::lock_guard<std::mutex> lock(pendingMutex_);
    ++pending_;
  }
  // Copy the timepoints: the caller may reuse or drop its fences.
  FenceRef signalCopy = signal;
  Semaphore::notifyAll(
      timepointsOf(wait), [this, signalCopy, work = std::move(work)](
                              const Status &waitStatus) mutable {
        if (!waitStatus.isOk()) {
          failFence(signalCopy, waitStatus);
          operationDone();
          return;
        }
        workers_->submit([this, signalCopy, work = std::move(work)]() mutable {
          work([this, signalCopy](Status status) {
            if (status.isOk())
              status = signalFence(signalCopy);
            if (!status.isOk())
              failFence(signalCopy, status);
            operationDone();
          });
        });
      });
}

Expected<BufferRef> Device::queueAlloca(uint64_t affinity, const FenceRef &wait,
                                        const FenceRef &signal,
                                        const BufferParams &params,
                                        uint64_t size) {
  Expected<BufferRef> buffer = allocator_.allocateUncommitted(params, size);
  if (!buffer)
    return reject(signal, buffer.takeStatus());
  std::shared_ptr<BufferStorage> storage = (*buffer)->storage();
  enqueue(wait, signal, [storage](Done done) { done(storage->commit()); });
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
  enqueue(wait, signal, [buffer](Done done) {
    buffer->storage()->release();
    done(Status());
  });
  return Status();
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
  enqueue(wait, signal, [=](Done done) {
    uint8_t *base = target->hostData();
    if (!base)
      return done(notCommitted("fill target"));
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
    done(Status());
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
  enqueue(wait, signal, [=](Done done) {
    uint8_t *src = source->hostData();
    uint8_t *dst = target->hostData();
    if (!src)
      return done(notCommitted("copy source"));
    if (!dst)
      return done(notCommitted("copy target"));
    std::memmove(dst + targetOffset, src + sourceOffset, length);
    done(Status());
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
  enqueue(
      wait, signal,
      [this, transfers = std::move(transfers), isRead](Done done) {
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
        // Buffers stay alive through `transfers`, captured by the completion.
        auto keepAlive = std::make_shared<std::vector<FileTransfer>>(transfers);
        io_->submit(std::move(requests),
                    [done, keepAlive](const Status &status) { done(status); });
      });
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
  enqueue(wait, signal, [](Done done) { done(Status()); });
  return Status();
}

Status Device::queueHostCall(uint64_t affinity, const FenceRef &wait,
                             const FenceRef &signal, HostCall call) {
  if (!call)
    return reject(signal, Status(StatusCode::InvalidArgument,
                                 "host call without a function"));
  enqueue(wait, signal, [call = std::move(call)](Done done) { done(call()); });
  return Status();
}

} // namespace sluice::runtime
