//===- Semaphore.cpp - Timeline semaphores
//----------------------------------===//

#include "sluice/Runtime/Core/Semaphore.h"

#include "sluice/Runtime/Exec/Scheduler.h"

#include <atomic>

namespace sluice::runtime {

Expected<uint64_t> Semaphore::query() const {
  uint64_t value = value_.load(std::memory_order_acquire);
  if (value == kFailedValue)
    return failure_;
  return value;
}

Status Semaphore::signal(uint64_t value) {
  if (value == kFailedValue)
    return makeStatus(StatusCode::InvalidArgument,
                      "semaphore value %llu is reserved for the failed state",
                      (unsigned long long)value);
  uint64_t current = value_.load(std::memory_order_acquire);
  do {
    if (current == kFailedValue)
      return failure_;
    if (value <= current)
      return makeStatus(
          StatusCode::InvalidArgument,
          "semaphore values must increase: current %llu, signalled %llu",
          (unsigned long long)current, (unsigned long long)value);
  } while (!value_.compare_exchange_weak(
      current, value, std::memory_order_seq_cst, std::memory_order_acquire));
  // Pairs with the flag store + value load of a registering waiter.
  if (hasWaiters_.load(std::memory_order_seq_cst))
    deliver(nullptr);
  return Status();
}

void Semaphore::updateWaiterFlagLocked() {
  if (waiters_.empty() && blockedThreads_ == 0)
    hasWaiters_.store(false, std::memory_order_relaxed);
}

void Semaphore::deliver(const Status *failure) {
  std::vector<Callback> ready;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t value = value_.load(std::memory_order_acquire);
    if (!failure && value == kFailedValue)
      return; // fail() delivers to everyone
    for (auto it = waiters_.begin(); it != waiters_.end();) {
      if (failure || it->second.value <= value) {
        ready.push_back(std::move(it->second.callback));
        it = waiters_.erase(it);
      } else {
        ++it;
      }
    }
    updateWaiterFlagLocked();
    if (blockedThreads_)
      cv_.notify_all();
  }
  Status ok;
  for (auto &callback : ready)
    callback(failure ? *failure : ok);
}

void Semaphore::fail(Status status) {
  if (status.isOk())
    status = Status(StatusCode::Internal, "semaphore failed with an OK status");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (value_.load(std::memory_order_acquire) == kFailedValue)
      return;
    failure_ = std::move(status);
    // Publishes failure_ (readers load kFailedValue with acquire).
    value_.exchange(kFailedValue, std::memory_order_seq_cst);
  }
  // failure_ never changes again; waiters registered from now on see the
  // failed value and run their callbacks themselves.
  Status failure = failure_;
  deliver(&failure);
}

Status Semaphore::wait(uint64_t value, Deadline deadline) {
  uint64_t current = value_.load(std::memory_order_acquire);
  if (current == kFailedValue)
    return failure_;
  if (current >= value)
    return Status();
  // This thread blocks without running queue work: make sure none of it is
  // left for "a waiter" (runtime/Exec lazy wake).
  exec::ExternalWaitScope blocking;
  std::unique_lock<std::mutex> lock(mutex_);
  ++blockedThreads_;
  hasWaiters_.store(true, std::memory_order_seq_cst);
  auto reached = [&] {
    current = value_.load(std::memory_order_seq_cst);
    return current == kFailedValue || current >= value;
  };
  bool done = true;
  if (deadline == infiniteFuture())
    cv_.wait(lock, reached);
  else
    done = cv_.wait_until(lock, deadline, reached);
  --blockedThreads_;
  updateWaiterFlagLocked();
  if (!done)
    return makeStatus(
        StatusCode::DeadlineExceeded,
        "timed out waiting for semaphore value %llu (current %llu)",
        (unsigned long long)value, (unsigned long long)current);
  if (current == kFailedValue)
    return failure_;
  return Status();
}

uint64_t Semaphore::notifyAt(uint64_t value, Callback callback) {
  uint64_t current = value_.load(std::memory_order_acquire);
  if (current != kFailedValue && current < value) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Raise the flag before re-reading the value: a signal that the re-read
    // misses sees the flag and delivers to us under the mutex.
    hasWaiters_.store(true, std::memory_order_seq_cst);
    current = value_.load(std::memory_order_seq_cst);
    if (current != kFailedValue && current < value) {
      uint64_t id = nextId_++;
      waiters_.emplace(id, Waiter{value, std::move(callback)});
      return id;
    }
    updateWaiterFlagLocked();
  }
  if (current == kFailedValue)
    callback(failure_);
  else
    callback(Status());
  return 0;
}

bool Semaphore::cancel(uint64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  bool erased = waiters_.erase(id) != 0;
  updateWaiterFlagLocked();
  return erased;
}

void Semaphore::resetForReuse(uint64_t initialValue) {
  waiters_.clear();
  failure_ = Status();
  blockedThreads_ = 0;
  hasWaiters_.store(false, std::memory_order_relaxed);
  value_.store(initialValue, std::memory_order_relaxed);
}

namespace {

/// Shared by the callbacks of one multi-semaphore wait.
struct MultiWait {
  std::mutex mutex;
  std::condition_variable cv;
  size_t remaining = 0;
  bool done = false;
  Status status;
  size_t index = 0;
};

Status waitMulti(std::span<const Timepoint> timepoints, Deadline deadline,
                 bool any, size_t *index) {
  if (index)
    *index = 0;
  if (timepoints.empty())
    return Status();
  auto state = std::make_shared<MultiWait>();
  state->remaining = timepoints.size();
  std::vector<uint64_t> ids(timepoints.size(), 0);
  for (size_t i = 0; i < timepoints.size(); ++i) {
    if (!timepoints[i].semaphore)
      return makeStatus(StatusCode::InvalidArgument,
                        "timepoint %zu has a null semaphore", i);
  }
  for (size_t i = 0; i < timepoints.size(); ++i) {
    ids[i] = timepoints[i].semaphore->notifyAt(
        timepoints[i].value, [state, i, any](const Status &status) {
          std::lock_guard<std::mutex> lock(state->mutex);
          if (state->done)
            return;
          if (!status.isOk()) {
            state->status = status;
            state->index = i;
            state->done = true;
          } else if (any || --state->remaining == 0) {
            state->index = i;
            state->done = true;
          }
          if (state->done)
            state->cv.notify_all();
        });
    if (any) {
      std::lock_guard<std::mutex> lock(state->mutex);
      if (state->done)
        break;
    }
  }
  Status result;
  {
    exec::ExternalWaitScope blocking;
    std::unique_lock<std::mutex> lock(state->mutex);
    auto isDone = [&] { return state->done; };
    bool done = true;
    if (deadline == infiniteFuture())
      state->cv.wait(lock, isDone);
    else
      done = state->cv.wait_until(lock, deadline, isDone);
    if (!done) {
      state->done = true; // late callbacks become no-ops
      result =
          makeStatus(StatusCode::DeadlineExceeded,
                     "timed out waiting for %s of %zu semaphore timepoints",
                     any ? "any" : "all", timepoints.size());
    } else {
      result = state->status;
      if (index)
        *index = state->index;
    }
  }
  for (size_t i = 0; i < timepoints.size(); ++i)
    if (ids[i])
      timepoints[i].semaphore->cancel(ids[i]);
  return result;
}

} // namespace

Status Semaphore::waitAll(std::span<const Timepoint> timepoints,
                          Deadline deadline) {
  return waitMulti(timepoints, deadline, /*any=*/false, nullptr);
}

Status Semaphore::waitAny(std::span<const Timepoint> timepoints,
                          Deadline deadline, size_t *index) {
  return waitMulti(timepoints, deadline, /*any=*/true, index);
}

void Semaphore::notifyAll(std::span<const Timepoint> timepoints,
                          Callback callback) {
  if (timepoints.empty()) {
    callback(Status());
    return;
  }
  struct State {
    std::atomic<size_t> remaining;
    std::atomic<bool> fired{false};
    Callback callback;
  };
  auto state = std::make_shared<State>();
  state->remaining.store(timepoints.size());
  state->callback = std::move(callback);
  for (const Timepoint &tp : timepoints) {
    if (!tp.semaphore) {
      if (!state->fired.exchange(true))
        state->callback(Status(StatusCode::InvalidArgument,
                               "timepoint has a null semaphore"));
      return;
    }
  }
  // Copy: a callback may complete the wait (and the caller may drop the
  // span's storage) while we are still registering.
  std::vector<Timepoint> copy(timepoints.begin(), timepoints.end());
  for (const Timepoint &tp : copy) {
    tp.semaphore->notifyAt(tp.value, [state](const Status &status) {
      if (!status.isOk()) {
        if (!state->fired.exchange(true))
          state->callback(status);
        return;
      }
      if (state->remaining.fetch_sub(1) == 1 && !state->fired.exchange(true))
        state->callback(Status());
    });
  }
}

} // namespace sluice::runtime
