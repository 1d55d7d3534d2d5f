//===- Semaphore.cpp - Timeline semaphores
//----------------------------------===//

#include "sluice/Runtime/Core/Semaphore.h"

#include "sluice/Runtime/Exec/Scheduler.h"

#include <atomic>

namespace sluice::runtime {

Expected<uint64_t> Semaphore::query() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (failed_)
    return failure_;
  return value_;
}

Status Semaphore::signal(uint64_t value) {
  std::vector<Callback> ready;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failed_)
      return failure_;
    if (value <= value_)
      return makeStatus(
          StatusCode::InvalidArgument,
          "semaphore values must increase: current %llu, signalled %llu",
          (unsigned long long)value_, (unsigned long long)value);
    value_ = value;
    for (auto it = waiters_.begin(); it != waiters_.end();) {
      if (it->second.value <= value) {
        ready.push_back(std::move(it->second.callback));
        it = waiters_.erase(it);
      } else {
        ++it;
      }
    }
  }
  cv_.notify_all();
  Status ok;
  for (auto &callback : ready)
    callback(ok);
  return Status();
}

void Semaphore::fail(Status status) {
  if (status.isOk())
    status = Status(StatusCode::Internal, "semaphore failed with an OK status");
  std::vector<Callback> ready;
  Status failure;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failed_)
      return;
    failed_ = true;
    failure_ = std::move(status);
    failure = failure_;
    for (auto &entry : waiters_)
      ready.push_back(std::move(entry.second.callback));
    waiters_.clear();
  }
  cv_.notify_all();
  for (auto &callback : ready)
    callback(failure);
}

Status Semaphore::wait(uint64_t value, Deadline deadline) {
  // This thread blocks without running queue work: make sure none of it is
  // left for "a waiter" (runtime/Exec lazy wake).
  exec::ExternalWaitScope blocking;
  std::unique_lock<std::mutex> lock(mutex_);
  auto reached = [&] { return failed_ || value_ >= value; };
  if (deadline == infiniteFuture()) {
    cv_.wait(lock, reached);
  } else if (!cv_.wait_until(lock, deadline, reached)) {
    return makeStatus(
        StatusCode::DeadlineExceeded,
        "timed out waiting for semaphore value %llu (current %llu)",
        (unsigned long long)value, (unsigned long long)value_);
  }
  if (failed_)
    return failure_;
  return Status();
}

uint64_t Semaphore::notifyAt(uint64_t value, Callback callback) {
  Status now;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failed_ && value_ < value) {
      uint64_t id = nextId_++;
      waiters_.emplace(id, Waiter{value, std::move(callback)});
      return id;
    }
    if (failed_)
      now = failure_;
  }
  callback(now);
  return 0;
}

bool Semaphore::cancel(uint64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  return waiters_.erase(id) != 0;
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
