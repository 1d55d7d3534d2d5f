//===- WorkerPool.h - Fixed pool of threads running queued tasks
//------------===//
#ifndef SLUICE_RUNTIME_CORE_WORKERPOOL_H
#define SLUICE_RUNTIME_CORE_WORKERPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice::runtime {

class WorkerPool {
public:
  /// `threads` == 0 picks the hardware concurrency (at least 2).
  explicit WorkerPool(unsigned threads = 0);
  /// Runs every queued task, then joins.
  ~WorkerPool();
  WorkerPool(const WorkerPool &) = delete;
  WorkerPool &operator=(const WorkerPool &) = delete;

  void submit(std::function<void()> task);
  unsigned threadCount() const { return (unsigned)threads_.size(); }

private:
  void loop();
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_WORKERPOOL_H
