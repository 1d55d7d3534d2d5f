//===- ThreadIoEngine.cpp - pread/pwrite on a pool of threads
//---------------===//

#include "IoEngineImpl.h"
#include "sluice/Runtime/IO/ThreadName.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <thread>
#include <unistd.h>

namespace sluice::runtime::io {
namespace {

using detail::Chunk;

class ThreadIoEngine final : public IoEngine {
public:
  explicit ThreadIoEngine(const IoEngineOptions &options)
      : IoEngine(options), bounce_(options) {
    stagingStats_ = [this](IoEngineStats &s) { bounce_.stats(s); };
    unsigned n = options.threads;
    if (n == 0)
      n = std::clamp(std::thread::hardware_concurrency(), 2u, 16u);
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this, i] {
        nameCurrentThread("sluice-pread", i);
        workerLoop();
      });
  }

  ~ThreadIoEngine() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto &t : threads_)
      t.join();
  }

  IoBackend backend() const override { return IoBackend::Threads; }

  void submit(std::vector<IoRequest> requests, Completion done) override {
    auto batch = std::make_shared<detail::Batch>();
    batch->done = std::move(done);
    std::deque<Chunk> chunks;
    Status status = detail::buildChunks(options_, requests, batch, chunks);
    if (!status.isOk() || chunks.empty()) {
      batch->done(status);
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    for (Chunk &c : chunks)
      pending_.push_back(std::move(c));
    cv_.notify_all();
  }

private:
  bool admissible(const Chunk &c) const {
    // A staged chunk also needs a free buffer of the staging ring (held
    // only by running chunks, which always make progress).
    if (c.bounce && !bounce_.available())
      return false;
    return inFlight_ == 0 || inFlight_ + c.cost <= options_.maxInFlightBytes;
  }

  void workerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      cv_.wait(lock, [&] {
        return (stop_ && pending_.empty()) ||
               (!pending_.empty() && admissible(pending_.front()));
      });
      if (pending_.empty())
        return; // stop_
      Chunk chunk = std::move(pending_.front());
      pending_.pop_front();
      if (chunk.bounce)
        chunk.data = bounce_.acquire(); // null only if the allocation failed
      inFlight_ += chunk.cost;
      uint64_t peak = peakInFlight_.load(std::memory_order_relaxed);
      if (inFlight_ > peak)
        peakInFlight_.store(inFlight_, std::memory_order_relaxed);
      lock.unlock();
      Status status = execute(chunk);
      if (!status.isOk())
        chunk.batch->recordError(std::move(status));
      if (chunk.bounce && chunk.data) {
        bounce_.release(chunk.data);
        chunk.data = nullptr;
      }
      lock.lock();
      inFlight_ -= chunk.cost;
      cv_.notify_all();
      lock.unlock();
      std::shared_ptr<detail::Batch> batch = std::move(chunk.batch);
      chunk.file.reset();
      batch->chunkDone();
      lock.lock();
    }
  }

  Status execute(Chunk &c) {
    // After a failure the rest of the batch is skipped.
    if (c.batch->failed.load(std::memory_order_acquire))
      return Status();
    if (c.bounce) {
      if (!c.data)
        return makeStatus(
            StatusCode::ResourceExhausted,
            "cannot allocate an O_DIRECT bounce buffer of %llu bytes",
            (unsigned long long)c.length);
    }
    Status status;
    const bool isRead = c.kind == IoRequest::Kind::Read;
    while (c.done < c.length) {
      ssize_t n = isRead ? ::pread(c.fd, c.data + c.done, c.length - c.done,
                                   (off_t)(c.fileOffset + c.done))
                         : ::pwrite(c.fd, c.data + c.done, c.length - c.done,
                                    (off_t)(c.fileOffset + c.done));
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN)
          continue;
        if (errno == EINVAL && c.direct) {
          // The filesystem refused O_DIRECT for this transfer: go buffered.
          c.fd = c.file->fd();
          c.direct = false;
          continue;
        }
        status = detail::transferError(c, errno);
        break;
      }
      if (n == 0) {
        if (isRead && c.done >= c.required)
          break;
        status =
            isRead ? detail::eofError(c) : detail::transferError(c, ENOSPC);
        break;
      }
      c.done += (uint64_t)n;
    }
    if (c.bounce && status.isOk())
      std::memcpy(c.copyDest, c.data + c.copySkip, c.copyLength);
    if (status.isOk()) {
      chunks_.fetch_add(1, std::memory_order_relaxed);
      if (c.direct)
        directChunks_.fetch_add(1, std::memory_order_relaxed);
      if (c.bounce)
        bounceChunks_.fetch_add(1, std::memory_order_relaxed);
      if (isRead)
        bytesRead_.fetch_add(c.bounce ? c.copyLength : c.length,
                             std::memory_order_relaxed);
      else
        bytesWritten_.fetch_add(c.length, std::memory_order_relaxed);
    }
    return status;
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Chunk> pending_;
  uint64_t inFlight_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
  detail::StagingRing bounce_;
};

} // namespace

std::unique_ptr<IoEngine> createThreadIoEngine(const IoEngineOptions &options) {
  return std::make_unique<ThreadIoEngine>(options);
}

} // namespace sluice::runtime::io
