//===- Device.h - CPU device and its asynchronous queue
//---------------------===//
//
// Queue operations are asynchronous: each waits until its wait fence is
// reached, runs on the worker pool (file transfers run on the I/O engine),
// then signals its signal fence. Operations are ordered only by fences. A
// failed wait fence, or a failing operation, fails the signal fence with
// the status. Validation errors detected at submission are returned and
// also fail the signal fence, so waiters never hang.
//
// A device must outlive its pending operations: its destructor waits for
// them (destroying a device whose operations wait on fences nobody will
// signal blocks forever).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_DEVICE_H
#define SLUICE_RUNTIME_CORE_DEVICE_H

#include "sluice/Runtime/Core/Allocator.h"
#include "sluice/Runtime/Core/Fence.h"
#include "sluice/Runtime/Core/WorkerPool.h"
#include "sluice/Runtime/IO/IoEngine.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace sluice::runtime {

struct DeviceOptions {
  /// Worker threads (0 = hardware concurrency, at least 2).
  unsigned workerThreads = 0;
  io::IoEngineOptions io;
};

/// One buffer <-> file transfer of a batched read or write.
struct FileTransfer {
  io::IoFileRef file;
  uint64_t fileOffset = 0;
  BufferRef buffer;
  uint64_t bufferOffset = 0;
  uint64_t length = 0;
  /// Use O_DIRECT (when the file has a direct descriptor).
  bool direct = false;
};

class Device {
public:
  using HostCall = std::function<Status()>;

  static Expected<std::unique_ptr<Device>>
  create(const DeviceOptions &options = {});
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  Allocator &allocator() { return allocator_; }
  io::IoEngine &ioEngine() { return *io_; }
  WorkerPool &workers() { return *workers_; }

  /// Returns a buffer now; its storage is allocated once `wait` is reached.
  Expected<BufferRef> queueAlloca(uint64_t affinity, const FenceRef &wait,
                                  const FenceRef &signal,
                                  const BufferParams &params, uint64_t size);
  /// Releases the storage of `buffer` (an alloca'd allocation).
  Status queueDealloca(uint64_t affinity, const FenceRef &wait,
                       const FenceRef &signal, BufferRef buffer);
  /// Fills target[offset, offset + length) with a repeating pattern of 1 to
  /// 16 bytes (the pattern starts at `offset`).
  Status queueFill(uint64_t affinity, const FenceRef &wait,
                   const FenceRef &signal, BufferRef target, uint64_t offset,
                   uint64_t length, const void *pattern, size_t patternLength);
  Status queueCopy(uint64_t affinity, const FenceRef &wait,
                   const FenceRef &signal, BufferRef source,
                   uint64_t sourceOffset, BufferRef target,
                   uint64_t targetOffset, uint64_t length);
  /// file[fileOffset, +length) -> target[targetOffset, +length).
  Status queueRead(uint64_t affinity, const FenceRef &wait,
                   const FenceRef &signal, io::IoFileRef file,
                   uint64_t fileOffset, BufferRef target, uint64_t targetOffset,
                   uint64_t length, bool direct = false);
  /// source[sourceOffset, +length) -> file[fileOffset, +length).
  Status queueWrite(uint64_t affinity, const FenceRef &wait,
                    const FenceRef &signal, BufferRef source,
                    uint64_t sourceOffset, io::IoFileRef file,
                    uint64_t fileOffset, uint64_t length);
  /// Many reads (or writes) issued in parallel through the I/O engine; the
  /// signal fence is signalled when all completed.
  Status queueReadBatch(uint64_t affinity, const FenceRef &wait,
                        const FenceRef &signal,
                        std::vector<FileTransfer> transfers);
  Status queueWriteBatch(uint64_t affinity, const FenceRef &wait,
                         const FenceRef &signal,
                         std::vector<FileTransfer> transfers);
  Status queueBarrier(uint64_t affinity, const FenceRef &wait,
                      const FenceRef &signal);
  /// Runs `call` on a worker after `wait`; a failed status fails `signal`.
  Status queueHostCall(uint64_t affinity, const FenceRef &wait,
                       const FenceRef &signal, HostCall call);

  /// Number of submitted operations that have not completed.
  size_t pendingOperations();

private:
  Device(const DeviceOptions &options, std::unique_ptr<io::IoEngine> io);
  using Done = std::function<void(Status)>;
  /// Runs `work` on a worker once `wait` is reached; `work` must call its
  /// Done exactly once.
  void enqueue(const FenceRef &wait, const FenceRef &signal,
               std::function<void(Done)> work);
  Status reject(const FenceRef &signal, Status status);
  Status validateTransfers(std::vector<FileTransfer> &transfers, bool isRead);
  void submitTransfers(const FenceRef &wait, const FenceRef &signal,
                       std::vector<FileTransfer> transfers, bool isRead);
  void operationDone();

  Allocator allocator_;
  std::unique_ptr<io::IoEngine> io_;
  std::unique_ptr<WorkerPool> workers_;
  std::mutex pendingMutex_;
  std::condition_variable pendingCv_;
  size_t pending_ = 0;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_DEVICE_H
