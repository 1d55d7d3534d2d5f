//===- WorkerPool.cpp -----------------------------------------------------===//

#include "sluice/Runtime/Core/WorkerPool.h"

#include "sluice/Runtime/IO/ThreadName.h"

#include <algorithm>

namespace sluice::runtime {

WorkerPool::WorkerPool(unsigned threads) {
  if (threads == 0)
    threads = std::max(2u, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < threads; ++i)
    threads_.emplace_back([this, i] {
      nameCurrentThread("sluice-worker", i);
      loop();
    });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto &t : threads_)
    t.join();
}

void WorkerPool::submit(std::function<void()> task) {
  // Notify under the lock: once the task may run (and let its owner destroy
  // this pool) the submitter no longer touches the pool.
  std::lock_guard<std::mutex> lock(mutex_);
  tasks_.push_back(std::move(task));
  cv_.notify_one();
}

void WorkerPool::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    cv_.wait(lock, [&] { return stop_ || !tasks_.empty(); });
    if (tasks_.empty())
      return;
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    lock.unlock();
    task();
    task = nullptr;
    lock.lock();
  }
}

} // namespace sluice::runtime
