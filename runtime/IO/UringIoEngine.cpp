//===- UringIoEngine.cpp - io_uring backend
//----------------------------------===//
//
// Several rings (IoEngineOptions::uringRings), each driven by its own thread,
// share one admission queue and one in-flight byte bound: a ring thread admits
// chunks (bounded by its queue depth and the shared bound), submits them
// (cached reads complete inline on that thread, blocking ones run on the
// kernel's async workers), reaps completions, resubmits short transfers and
// completes batches. Several rings let inline completions of small cached
// reads run on several CPUs.
//
//===----------------------------------------------------------------------===//

#include "IoEngineImpl.h"
#include "sluice/Runtime/IO/ThreadName.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <liburing.h>
#include <memory>
#include <thread>
#include <vector>

namespace sluice::runtime::io {
namespace {

using detail::Chunk;

class UringIoEngine final : public IoEngine {
public:
  explicit UringIoEngine(const IoEngineOptions &options)
      : IoEngine(options), bounce_(options) {
    stagingStats_ = [this](IoEngineStats &s) { bounce_.stats(s); };
  }

  int init() {
    unsigned count = options_.uringRings;
    if (count == 0)
      count = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    rings_ = std::make_unique<io_uring[]>(count);
    for (unsigned i = 0; i < count; ++i) {
      int rc = io_uring_queue_init(options_.queueDepth, &rings_[i], 0);
      if (rc < 0) {
        if (i == 0)
          return rc;
        break; // fewer rings than asked: the kernel's limit
      }
      ++ringCount_;
    }
    if (options_.uringMaxWorkers) {
      // Bounded (regular file) and unbounded workers; failure (old kernel)
      // keeps the default.
      for (unsigned i = 0; i < ringCount_; ++i) {
        unsigned counts[2] = {options_.uringMaxWorkers,
                              options_.uringMaxWorkers};
        (void)io_uring_register_iowq_max_workers(&rings_[i], counts);
      }
    }
    for (unsigned i = 0; i < ringCount_; ++i)
      threads_.emplace_back([this, i] {
        nameCurrentThread("sluice-uring", i);
        loop(rings_[i]);
      });
    // Return only once every ring thread has made its own allocations (its
    // retry queue), so a created engine allocates nothing behind its user's
    // back afterwards (the allocation-count tests rely on it).
    std::unique_lock<std::mutex> lock(mutex_);
    startedCv_.wait(lock, [&] { return startedThreads_ == ringCount_; });
    return 0;
  }

  ~UringIoEngine() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &thread : threads_)
      thread.join();
    for (unsigned i = 0; i < ringCount_; ++i)
      io_uring_queue_exit(&rings_[i]);
  }

  IoBackend backend() const override { return IoBackend::IoUring; }

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
      pending_.push_back(new Chunk(std::move(c)));
    cv_.notify_all();
  }

private:
  bool admissible(const Chunk &c) const {
    // A staged chunk also needs a free buffer of the staging ring; the
    // buffers are held by chunks in flight, whose completions (on this ring
    // or, with several rings, on another that then notifies) free them.
    if (c.bounce && !c.data && !bounce_.available())
      return false;
    return inFlightBytes_ == 0 ||
           inFlightBytes_ + c.cost <= options_.maxInFlightBytes;
  }

  // Queues the remaining part of `c` on the ring. Returns false when the
  // submission queue is full.
  bool prep(io_uring &ring, Chunk *c) {
    io_uring_sqe *sqe = io_uring_get_sqe(&ring);
    if (!sqe)
      return false;
    if (c->kind == IoRequest::Kind::Read)
      io_uring_prep_read(sqe, c->fd, c->data + c->done,
                         (unsigned)(c->length - c->done),
                         c->fileOffset + c->done);
    else
      io_uring_prep_write(sqe, c->fd, c->data + c->done,
                          (unsigned)(c->length - c->done),
                          c->fileOffset + c->done);
    const uint64_t remaining = c->length - c->done;
    // Direct I/O is asynchronous in the kernel already; only buffered
    // copies benefit from the workers.
    if (options_.uringForceAsync ||
        (!c->direct && options_.uringAsyncThresholdBytes &&
         remaining >= options_.uringAsyncThresholdBytes)) {
      io_uring_sqe_set_flags(sqe, IOSQE_ASYNC);
      asyncSubmissions_.fetch_add(1, std::memory_order_relaxed);
    }
    io_uring_sqe_set_data(sqe, c);
    return true;
  }

  void finish(Chunk *c, Status status) {
    const bool isRead = c->kind == IoRequest::Kind::Read;
    if (c->bounce && c->data) {
      if (status.isOk())
        std::memcpy(c->copyDest, c->data + c->copySkip, c->copyLength);
      bounce_.release(c->data);
      c->data = nullptr;
    }
    if (status.isOk()) {
      chunks_.fetch_add(1, std::memory_order_relaxed);
      if (c->direct)
        directChunks_.fetch_add(1, std::memory_order_relaxed);
      if (c->bounce)
        bounceChunks_.fetch_add(1, std::memory_order_relaxed);
      if (isRead)
        bytesRead_.fetch_add(c->bounce ? c->copyLength : c->length,
                             std::memory_order_relaxed);
      else
        bytesWritten_.fetch_add(c->length, std::memory_order_relaxed);
    } else {
      c->batch->recordError(std::move(status));
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      inFlightBytes_ -= c->cost;
    }
    // Another ring may be waiting for in-flight budget.
    if (ringCount_ > 1)
      cv_.notify_all();
    std::shared_ptr<detail::Batch> batch = std::move(c->batch);
    delete c;
    batch->chunkDone();
  }

  // Handles one completion; returns the chunk to resubmit, or nullptr.
  Chunk *complete(Chunk *c, int res) {
    const bool isRead = c->kind == IoRequest::Kind::Read;
    if (res < 0) {
      if (res == -EINTR || res == -EAGAIN)
        return c;
      if (res == -EINVAL && c->direct) {
        c->fd = c->file->fd();
        c->direct = false;
        return c;
      }
      finish(c, detail::transferError(*c, -res));
      return nullptr;
    }
    if (res == 0) {
      if (isRead && c->done >= c->required)
        finish(c, Status());
      else
        finish(c, isRead ? detail::eofError(*c)
                         : detail::transferError(*c, ENOSPC));
      return nullptr;
    }
    c->done += (uint64_t)res;
    if (c->done < c->length)
      return c;
    finish(c, Status());
    return nullptr;
  }

  void loop(io_uring &ring) {
    std::deque<Chunk *> retry;
    unsigned inFlightOps = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    ++startedThreads_;
    startedCv_.notify_all();
    while (true) {
      // Admit new work.
      unsigned queued = 0;
      while (!retry.empty() && inFlightOps < options_.queueDepth) {
        if (!prep(ring, retry.front()))
          break;
        retry.pop_front();
        ++inFlightOps, ++queued;
      }
      while (!pending_.empty() && inFlightOps < options_.queueDepth &&
             admissible(*pending_.front())) {
        Chunk *c = pending_.front();
        if (c->batch->failed.load(std::memory_order_acquire)) {
          // Skip the rest of a failed batch.
          pending_.pop_front();
          inFlightBytes_ += c->cost;
          lock.unlock();
          finish(c, Status());
          lock.lock();
          continue;
        }
        if (c->bounce && !c->data) {
          c->data = bounce_.acquire();
          if (!c->data) {
            pending_.pop_front();
            inFlightBytes_ += c->cost;
            lock.unlock();
            finish(
                c,
                makeStatus(
                    StatusCode::ResourceExhausted,
                    "cannot allocate an O_DIRECT bounce buffer of %llu bytes",
                    (unsigned long long)c->length));
            lock.lock();
            continue;
          }
        }
        if (!prep(ring, c))
          break;
        pending_.pop_front();
        inFlightBytes_ += c->cost;
        if (inFlightBytes_ > peakInFlight_.load(std::memory_order_relaxed))
          peakInFlight_.store(inFlightBytes_, std::memory_order_relaxed);
        ++inFlightOps, ++queued;
      }
      if (inFlightOps == 0) {
        if (stop_ && pending_.empty())
          break;
        cv_.wait(lock);
        continue;
      }
      lock.unlock();
      if (queued) {
        int rc;
        do {
          rc = io_uring_submit(&ring);
        } while (rc == -EINTR || rc == -EAGAIN);
      }
      io_uring_cqe *cqe = nullptr;
      int rc = io_uring_wait_cqe(&ring, &cqe);
      if (rc == 0 && cqe) {
        unsigned head, seen = 0;
        io_uring_for_each_cqe(&ring, head, cqe) {
          auto *c = static_cast<Chunk *>(io_uring_cqe_get_data(cqe));
          int res = cqe->res;
          ++seen;
          --inFlightOps;
          Chunk *again = complete(c, res);
          if (again)
            retry.push_back(again);
        }
        io_uring_cq_advance(&ring, seen);
      }
      lock.lock();
    }
  }

  std::unique_ptr<io_uring[]> rings_;
  unsigned ringCount_ = 0;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::condition_variable startedCv_;
  unsigned startedThreads_ = 0;
  std::deque<Chunk *> pending_;
  uint64_t inFlightBytes_ = 0;
  bool stop_ = false;
  detail::StagingRing bounce_;
};

} // namespace

Expected<std::unique_ptr<IoEngine>>
createUringIoEngine(const IoEngineOptions &options) {
  auto engine = std::make_unique<UringIoEngine>(options);
  int rc = engine->init();
  if (rc < 0)
    return makeStatus(StatusCode::Unavailable, "io_uring_queue_init failed: %s",
                      std::strerror(-rc));
  return std::unique_ptr<IoEngine>(std::move(engine));
}

} // namespace sluice::runtime::io
