//===- Device.h - CPU device and its asynchronous queue
//---------------------===//
//
// Queue operations are asynchronous: each waits until its wait fence is
// reached, runs as a submission of the device's scheduler (runtime/Exec: on a
// worker, or on a thread waiting in await(); file transfers run on the I/O
// engine), then signals its signal fence. Operations are ordered only by
// fences. A failed wait fence, or a failing operation, fails the signal fence
// with the status. Validation errors detected at submission are returned and
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
#include "sluice/Runtime/Exec/Scheduler.h"
#include "sluice/Runtime/IO/IoEngine.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

namespace sluice::runtime {

class FencePool;

struct DeviceOptions {
  /// Worker threads: -1 = max(1, hardware concurrency - 1); 0 = none (queue
  /// work then runs only on threads waiting in Device::await).
  int workerThreads = -1;
  /// Idle spin of workers and waiters before they park (execution.md §4.6).
  uint32_t workerSpinUs = 100;
  /// Estimated work below this runs without waking a worker.
  uint32_t inlineThresholdNs = 5000;
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
  exec::Scheduler &scheduler() { return *scheduler_; }
  /// Fences of `fence_create` (execution.md §3.8); outlives the device while
  /// its fences are referenced.
  FencePool &fencePool() { return *fencePool_; }

  /// Waits until every fence is reached, running ready queue work on the
  /// calling thread meanwhile (work-while-waiting). Returns the first
  /// failure of a fence, or DEADLINE_EXCEEDED «fence wait timed out after
  /// <timeoutMs> ms» (`timeoutMs` only words the message).
  Status await(std::span<const FenceRef> fences, Deadline deadline,
               int64_t timeoutMs = -1);

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
  /// Runs `work` (a `Status()` callable, stored inline in the submission
  /// record when it fits) once `wait` is reached; its status signals or
  /// fails `signal`. `costHintNs` drives the lazy-wake rule (UINT32_MAX =
  /// unknown). No heap allocation when `wait` is already reached.
  /// `work` and everything it captured (buffers, host-call state) are
  /// destroyed before `signal` is signaled: once a waiter sees the fence, the
  /// queue holds no reference the operation took (a cached parameter buffer
  /// whose holders all released it is gone, not kept alive by a worker).
  template <typename F>
  void enqueueTask(const FenceRef &wait, const FenceRef &signal,
                   uint32_t costHintNs, F &&work) {
    beginOperation();
    exec::Submission *s = scheduler_->acquire();
    s->emplace(
        [this, signal,
         work = std::optional<std::decay_t<F>>(
             std::in_place, std::forward<F>(work))]() mutable {
          Status status = (*work)();
          work.reset();
          finishOperation(signal, std::move(status));
        },
        costHintNs);
    scheduleWhenReady(wait, signal, s);
  }
  /// Copies `source[0, length)` (host memory kept alive by `keepAlive`)
  /// into target[targetOffset, +length) on the queue (memory files).
  Status queueReadMemory(uint64_t affinity, const FenceRef &wait,
                         const FenceRef &signal, const uint8_t *source,
                         std::shared_ptr<void> keepAlive, BufferRef target,
                         uint64_t targetOffset, uint64_t length);

  /// Number of submitted operations that have not completed.
  size_t pendingOperations();

private:
  Device(const DeviceOptions &options, std::unique_ptr<io::IoEngine> io);
  using Done = std::function<void(Status)>;
  /// Runs `work` once `wait` is reached; `work` must call its Done exactly
  /// once (possibly later, from another thread).
  /// `direct` runs it on the thread that finds it ready instead of pushing
  /// it (I/O submissions: they only hand requests to the I/O engine).
  void enqueue(const FenceRef &wait, const FenceRef &signal,
               uint32_t costHintNs, std::function<void(Done)> work,
               bool direct = false);
  /// Pushes `submission` when `wait` is reached (now or from a semaphore
  /// callback); fails `signal` and drops it when `wait` fails.
  void scheduleWhenReady(const FenceRef &wait, const FenceRef &signal,
                         exec::Submission *submission, bool direct = false);
  void beginOperation();
  /// Signals (or fails, when `status` failed) `signal`; operation done.
  void finishOperation(const FenceRef &signal, Status status);
  Status reject(const FenceRef &signal, Status status);
  Status validateTransfers(std::vector<FileTransfer> &transfers, bool isRead);
  void submitTransfers(const FenceRef &wait, const FenceRef &signal,
                       std::vector<FileTransfer> transfers, bool isRead);
  void operationDone();
  /// True when the alloca/dealloca can complete inside the submitting call.
  bool waitReachedNow(const FenceRef &wait, Status *failure);

  Allocator allocator_;
  std::unique_ptr<io::IoEngine> io_;
  std::unique_ptr<exec::Scheduler> scheduler_;
  FencePool *fencePool_ = nullptr;
  /// Operations submitted and not completed: one atomic add per submission
  /// and per completion (no lock on the submit path); the destructor sets
  /// `draining_` and parks on `drainToken_` (under drainMutex_).
  std::atomic<size_t> pending_{0};
  std::atomic<bool> draining_{false};
  std::mutex drainMutex_;
  std::shared_ptr<exec::AwaitToken> drainToken_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_DEVICE_H
