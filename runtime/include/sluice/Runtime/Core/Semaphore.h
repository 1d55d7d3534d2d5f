//===- Semaphore.h - Timeline semaphores
//-------------------------------------===//
//
// A timeline semaphore holds a monotonically increasing u64 value, or a
// failure status. Waiters wait for value >= target; a failed semaphore
// wakes every waiter (present and future) with its failure status.
//
// Fast paths (execution.md §3.8): the value and the failed state live in one
// atomic word (failed = kFailedValue), so query() is one atomic load and a
// signal that finds no registered waiter is one compare-and-swap. Waiters
// (callbacks and blocked threads) register under the mutex and raise
// `hasWaiters_`; a signaller reads that flag after its CAS (both seq_cst), so
// either the signaller sees the flag and delivers under the mutex, or the
// registering thread sees the new value and runs its callback itself.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_SEMAPHORE_H
#define SLUICE_RUNTIME_CORE_SEMAPHORE_H

#include "sluice/Runtime/Status.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace sluice::runtime {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;
inline Deadline infiniteFuture() { return Deadline::max(); }
inline Deadline immediateDeadline() { return Deadline::min(); }
inline Deadline deadlineAfter(std::chrono::nanoseconds timeout) {
  return Clock::now() + timeout;
}

class Semaphore;
using SemaphoreRef = std::shared_ptr<Semaphore>;

/// A (semaphore, value) pair.
struct Timepoint {
  SemaphoreRef semaphore;
  uint64_t value = 0;
};

class Semaphore {
public:
  using Callback = std::function<void(const Status &)>;

  /// The state word of a failed semaphore; not a valid signal value.
  static constexpr uint64_t kFailedValue = UINT64_MAX;

  explicit Semaphore(uint64_t initialValue = 0) : value_(initialValue) {}
  static SemaphoreRef create(uint64_t initialValue = 0) {
    return std::make_shared<Semaphore>(initialValue);
  }

  /// The current value, or the failure status.
  Expected<uint64_t> query() const;

  /// Advances the value. INVALID_ARGUMENT when `value` is not greater than
  /// the current value (or is UINT64_MAX, reserved for the failed state); the
  /// failure status when the semaphore has failed.
  Status signal(uint64_t value);

  /// Fails the semaphore (the first failure wins; OK statuses are turned into
  /// INTERNAL). Every waiter is released with the status.
  void fail(Status status);

  /// Waits for value >= `value`. Returns OK, DEADLINE_EXCEEDED, or the
  /// failure status.
  Status wait(uint64_t value, Deadline deadline = infiniteFuture());

  /// Calls `callback` once when value >= `value` or the semaphore fails
  /// (inline when that already holds). Returns an id for cancel(), 0 when
  /// the callback already ran.
  uint64_t notifyAt(uint64_t value, Callback callback);
  /// Unregisters a pending callback; false when it already ran or is running.
  bool cancel(uint64_t id);

  /// Waits until every timepoint is reached. The first failure is returned.
  static Status waitAll(std::span<const Timepoint> timepoints,
                        Deadline deadline = infiniteFuture());
  /// Waits until any timepoint is reached (or failed); `*index` gets its
  /// position. An empty list is reached immediately with index 0.
  static Status waitAny(std::span<const Timepoint> timepoints,
                        Deadline deadline, size_t *index = nullptr);

  /// Calls `callback` once when every timepoint is reached, or with the
  /// first failure.
  static void notifyAll(std::span<const Timepoint> timepoints,
                        Callback callback);

  /// True when a waiter is registered (tests, diagnostics).
  bool hasWaiters() const {
    return hasWaiters_.load(std::memory_order_seq_cst);
  }
  /// Puts a semaphore nobody references back to `initialValue` with no
  /// failure and no waiters (fence pools reuse it).
  void resetForReuse(uint64_t initialValue);

private:
  /// Slow path of signal/fail: runs the callbacks of reached waiters and
  /// wakes blocked threads. `failure` is non-null when the semaphore failed.
  void deliver(const Status *failure);
  /// Called with the mutex held: clears `hasWaiters_` when nobody waits.
  void updateWaiterFlagLocked();

  struct Waiter {
    uint64_t value;
    Callback callback;
  };
  /// The value, or kFailedValue once failed.
  std::atomic<uint64_t> value_;
  /// Raised (under mutex_) while waiters_ is non-empty or a thread blocks.
  std::atomic<bool> hasWaiters_{false};
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  /// Written once under mutex_ before value_ becomes kFailedValue.
  Status failure_;
  uint64_t nextId_ = 1;
  unsigned blockedThreads_ = 0;
  std::map<uint64_t, Waiter> waiters_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_SEMAPHORE_H
