//===- Scheduler.h - Ready lists, workers and waves of a CPU device -------===//
//
// execution.md §4.6. A Scheduler owns W worker threads (`sluice-worker-N`)
// and a ready list of submissions. Work becomes ready through push(); it is
// run by a worker, or by a thread waiting in await() ("work while waiting").
// Workers are woken lazily: a push wakes a parked worker only when no worker
// is spinning and either the ready list holds more than one submission, the
// submission's cost hint reaches the inline threshold, the pushing thread is
// an I/O thread, or some thread is blocked in a wait that does not run work
// (ExternalWaitScope). Otherwise a waiter or a spinning worker picks it up, so
// a short synchronous call runs entirely on the calling thread.
//
// wave() runs the items of one command-buffer wave (§4.5) inline or fanned
// out over the workers, without heap allocation.
//
// No dependency on the rest of the runtime beyond Status: runtime/Core builds
// its queue on top of this.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_EXEC_SCHEDULER_H
#define SLUICE_RUNTIME_EXEC_SCHEDULER_H

#include "sluice/Runtime/Module/ModuleAbi.h"
#include "sluice/Runtime/Status.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace sluice::runtime::exec {

using SteadyTime = std::chrono::steady_clock::time_point;

struct SchedulerOptions {
  /// -1: max(1, hardware_concurrency - 1); 0: no workers (only waiting
  /// threads run work).
  int workerThreads = -1;
  /// How long an idle worker or waiter spins before parking.
  uint32_t spinUs = 100;
  /// Work estimated below this runs inline (waves) / without waking a worker
  /// (submissions).
  uint32_t inlineThresholdNs = 5000;
};

/// Counters (monotonic, relaxed).
struct SchedulerStatistics {
  uint64_t submissions = 0; ///< submissions run
  uint64_t inlineRuns = 0;  ///< ... of which by a waiting (non-worker) thread
  uint64_t waves = 0;       ///< wave() calls
  uint64_t fanouts = 0;     ///< ... of which fanned out to workers
  uint64_t workerWakes = 0; ///< futex wakes of parked workers
  uint64_t heapSubmissions = 0; ///< submission records allocated (pool grew)
  uint64_t heapPayloads = 0;    ///< payloads too large for a record
};

/// One unit of queue work: a type-erased `void()` callable stored inline when
/// it fits (kInlineBytes), else on the heap (counted). Records come from the
/// scheduler's free list.
class Submission {
public:
  static constexpr size_t kInlineBytes = 384;

  template <typename F> void emplace(F &&f, uint32_t costHintNs);
  uint32_t costHintNs() const { return costHintNs_; }

private:
  friend class Scheduler;
  /// Runs (when `run`) and destroys the payload.
  void finish(bool run) { invoke_(payload_, run); }

  Submission *next_ = nullptr;
  void (*invoke_)(void *payload, bool run) = nullptr;
  void *payload_ = nullptr;
  uint32_t costHintNs_ = UINT32_MAX;
  bool heapPayload_ = false;
  alignas(16) unsigned char storage_[kInlineBytes];
};

template <typename F> void Submission::emplace(F &&f, uint32_t costHintNs) {
  using Fn = std::decay_t<F>;
  costHintNs_ = costHintNs;
  if constexpr (sizeof(Fn) <= kInlineBytes && alignof(Fn) <= 16) {
    payload_ = new (storage_) Fn(std::forward<F>(f));
    heapPayload_ = false;
    invoke_ = [](void *p, bool run) {
      Fn *fn = static_cast<Fn *>(p);
      if (run)
        (*fn)();
      fn->~Fn();
    };
  } else {
    payload_ = new Fn(std::forward<F>(f));
    heapPayload_ = true;
    invoke_ = [](void *p, bool run) {
      Fn *fn = static_cast<Fn *>(p);
      if (run)
        (*fn)();
      delete fn;
    };
  }
}

/// Completed once by whoever observes the awaited condition (typically a
/// semaphore callback holding a shared_ptr to it); await() returns then.
class AwaitToken {
public:
  /// The first call wins; thread-safe.
  void complete(Status status);
  bool done() const { return done_.load(std::memory_order_acquire); }
  /// Valid once done().
  const Status &status() const { return status_; }

private:
  friend class Scheduler;
  /// Wakes the thread parked on this token (work arrived or completion).
  void wake();

  std::atomic<bool> done_{false};
  std::atomic<bool> completing_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
  bool wakeFlag_ = false;
  Status status_;
  AwaitToken *nextParked_ = nullptr;
  AwaitToken *prevParked_ = nullptr;
};

class Scheduler;

/// sluice_exec_t plus the runtime's private fields, handed to command
/// functions. `exports` names the dispatches in wave error messages.
struct ExecState {
  sluice_exec_t abi; // first: compiled code sees a sluice_exec_t *
  Scheduler *scheduler = nullptr;
  const sluice_module_export_info_t *exports = nullptr;
  uint32_t exportCount = 0;
};
static_assert(offsetof(ExecState, abi) == 0);

class Scheduler {
public:
  explicit Scheduler(const SchedulerOptions &options = {});
  /// Runs the submissions still ready, stops and joins the workers.
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  const SchedulerOptions &options() const { return options_; }
  unsigned workerCount() const { return (unsigned)workers_.size(); }
  /// The environment passed to every workgroup function (all NULL / zero).
  const sluice_environment_t *environment() const { return &environment_; }

  /// A record from the free list (allocated when the list is empty).
  Submission *acquire();
  /// Destroys the payload without running it and returns the record.
  void discard(Submission *submission);
  /// Makes `submission` ready; wakes a worker per the rules above. Never
  /// runs user code inline. The record returns to the pool after it ran.
  void push(Submission *submission);
  /// Runs `submission` on the calling thread now (for submissions that only
  /// hand work to another engine, e.g. I/O).
  void runNow(Submission *submission) { run(submission, /*byWorker=*/false); }
  /// acquire + emplace + push.
  template <typename F> void post(F &&f, uint32_t costHintNs = UINT32_MAX) {
    Submission *s = acquire();
    s->emplace(std::forward<F>(f), costHintNs);
    push(s);
  }

  /// Runs ready submissions and joins active waves on the calling thread until
  /// `token` completes (returns its status) or `deadline` passes
  /// (DEADLINE_EXCEEDED with an empty message; callers word it).
  Status await(AwaitToken &token, SteadyTime deadline);
  /// Runs one ready submission, or joins one active wave, on the calling
  /// thread; false when there was nothing to do. Lets a waiter poll its own
  /// condition between pieces of work without registering anything.
  bool runReadyWork();

  /// Runs the `count` items of one wave and returns when all are done
  /// (execution.md §4.6 "Waves"). `exec` names the calling command function.
  Status wave(ExecState &exec, uint32_t count, const sluice_wave_item_t *items);

  SchedulerStatistics statistics() const;
  /// Workers currently parked (tests, diagnostics).
  unsigned parkedWorkerCount() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return parkedWorkers_;
  }
  /// Counts a payload the caller had to put on the heap.
  void noteHeapPayload() {
    counters_.heapPayloads.fetch_add(1, std::memory_order_relaxed);
  }

private:
  struct Wave;
  struct WorkerSlot;
  friend class ExternalWaitScope;

  void workerLoop(unsigned index);
  /// Pops one ready submission (nullptr when none).
  Submission *popReady();
  void run(Submission *submission, bool byWorker);
  /// Joins the oldest active wave with unclaimed units; false when none.
  bool helpWave();
  /// True when there is ready work or a joinable wave (relaxed hint).
  bool hasWork() const;
  void spinFor(uint32_t us, const std::atomic<bool> *stopWhen);
  void participate(Wave &wave, uint32_t participant);
  void wakeWorkersLocked(unsigned count);
  void wakeForExternalWaitersLocked();

  SchedulerOptions options_;
  sluice_environment_t environment_{};
  std::vector<std::thread> workers_;

  mutable std::mutex mutex_;
  std::condition_variable workerCv_;
  Submission *readyHead_ = nullptr;
  Submission *readyTail_ = nullptr;
  std::atomic<uint32_t> readyCount_{0};
  Submission *freeList_ = nullptr;
  std::vector<std::unique_ptr<Submission>> allRecords_;
  AwaitToken *parkedAwaiters_ = nullptr;
  Wave *activeWaves_ = nullptr; // oldest first
  /// Listed waves with a free participant slot (Wave::countedJoinable).
  std::atomic<uint32_t> joinableWaves_{0};
  unsigned parkedWorkers_ = 0;
  std::atomic<unsigned> spinningWorkers_{0};
  bool stop_ = false;
  std::atomic<bool> stopFlag_{false};

  struct Counters {
    std::atomic<uint64_t> submissions{0}, inlineRuns{0}, waves{0}, fanouts{0},
        workerWakes{0}, heapSubmissions{0}, heapPayloads{0};
  };
  Counters counters_;
};

/// Marks a thread that blocks in a wait which does not run scheduler work
/// (Core's Semaphore/Fence waits). While any such thread exists every push
/// wakes a worker, and entering the scope wakes workers for work that was
/// queued lazily before — so blocked threads never wait for work nobody runs.
class ExternalWaitScope {
public:
  ExternalWaitScope();
  ~ExternalWaitScope();
  ExternalWaitScope(const ExternalWaitScope &) = delete;
  ExternalWaitScope &operator=(const ExternalWaitScope &) = delete;
};

/// Marks the calling thread as an I/O completion thread for its lifetime:
/// pushes from it always wake a worker (the I/O thread must not run compute).
class IoThreadScope {
public:
  IoThreadScope();
  ~IoThreadScope();
  IoThreadScope(const IoThreadScope &) = delete;
  IoThreadScope &operator=(const IoThreadScope &) = delete;

private:
  bool previous_;
};

} // namespace sluice::runtime::exec

#endif // SLUICE_RUNTIME_EXEC_SCHEDULER_H
