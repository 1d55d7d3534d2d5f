//===- Scheduler.cpp - Ready list, workers, work-while-waiting ------------===//

#include "sluice/Runtime/Exec/Scheduler.h"

#include "sluice/Runtime/IO/ThreadName.h"

#include "CpuRelax.h"

#include <algorithm>

namespace sluice::runtime::exec {

namespace {

thread_local bool tlsIoThread = false;
thread_local bool tlsWorker = false;

/// Threads blocked in waits that do not run work (ExternalWaitScope).
std::atomic<int> gExternalWaiters{0};
/// Set when a push left work for a waiter instead of waking a worker.
std::atomic<bool> gLazyHint{false};

struct Registry {
  std::mutex mutex;
  std::vector<Scheduler *> schedulers;
};
Registry &registry() {
  static Registry *r = new Registry; // never destroyed: used at exit
  return *r;
}

/// Records allocated up front so that a steady state never grows the pool.
constexpr unsigned kInitialRecords = 64;

} // namespace

//===----------------------------------------------------------------------===//
// AwaitToken
//===----------------------------------------------------------------------===//

void AwaitToken::complete(Status status) {
  if (completing_.exchange(true, std::memory_order_acq_rel))
    return;
  status_ = std::move(status);
  done_.store(true, std::memory_order_release);
  wake();
}

void AwaitToken::wake() {
  std::lock_guard<std::mutex> lock(mutex_);
  wakeFlag_ = true;
  cv_.notify_one();
}

//===----------------------------------------------------------------------===//
// Scheduler
//===----------------------------------------------------------------------===//

Scheduler::Scheduler(const SchedulerOptions &options) : options_(options) {
  for (unsigned i = 0; i < kInitialRecords; ++i) {
    allRecords_.push_back(std::make_unique<Submission>());
    allRecords_.back()->next_ = freeList_;
    freeList_ = allRecords_.back().get();
  }
  int workers = options_.workerThreads;
  if (workers < 0) {
    unsigned hc = std::thread::hardware_concurrency();
    workers = hc > 1 ? (int)hc - 1 : 1;
  }
  options_.workerThreads = workers;
  {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.schedulers.push_back(this);
  }
  workers_.reserve(workers);
  for (int i = 0; i < workers; ++i)
    workers_.emplace_back([this, i] { workerLoop((unsigned)i); });
}

Scheduler::~Scheduler() {
  {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.schedulers.erase(
        std::find(r.schedulers.begin(), r.schedulers.end(), this));
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    stopFlag_.store(true, std::memory_order_release);
    workerCv_.notify_all();
  }
  for (std::thread &t : workers_)
    t.join();
  while (Submission *s = popReady())
    run(s, /*byWorker=*/false);
}

Submission *Scheduler::acquire() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (Submission *s = freeList_) {
      freeList_ = s->next_;
      s->next_ = nullptr;
      return s;
    }
  }
  counters_.heapSubmissions.fetch_add(1, std::memory_order_relaxed);
  auto record = std::make_unique<Submission>();
  Submission *s = record.get();
  std::lock_guard<std::mutex> lock(mutex_);
  allRecords_.push_back(std::move(record));
  return s;
}

void Scheduler::discard(Submission *submission) {
  if (submission->heapPayload_)
    counters_.heapPayloads.fetch_add(1, std::memory_order_relaxed);
  submission->finish(/*run=*/false);
  std::lock_guard<std::mutex> lock(mutex_);
  submission->next_ = freeList_;
  freeList_ = submission;
}

void Scheduler::wakeWorkersLocked(unsigned count) {
  count = std::min(count, parkedWorkers_);
  for (unsigned i = 0; i < count; ++i)
    workerCv_.notify_one();
  if (count)
    counters_.workerWakes.fetch_add(count, std::memory_order_relaxed);
}

void Scheduler::push(Submission *submission) {
  std::lock_guard<std::mutex> lock(mutex_);
  submission->next_ = nullptr;
  if (readyTail_)
    readyTail_->next_ = submission;
  else
    readyHead_ = submission;
  readyTail_ = submission;
  uint32_t ready = readyCount_.fetch_add(1, std::memory_order_relaxed) + 1;
  // Work arrived: every parked waiter looks at it.
  for (AwaitToken *t = parkedAwaiters_; t; t = t->nextParked_)
    t->wake();
  if (parkedWorkers_ == 0 ||
      spinningWorkers_.load(std::memory_order_seq_cst) != 0)
    return;
  bool wake = ready > 1 ||
              submission->costHintNs_ >= options_.inlineThresholdNs ||
              tlsIoThread;
  if (!wake) {
    // Leave it to a waiter, unless some thread blocks without running work
    // (Dekker pairing with ExternalWaitScope: one side sees the other).
    gLazyHint.store(true, std::memory_order_seq_cst);
    wake = gExternalWaiters.load(std::memory_order_seq_cst) > 0;
  }
  if (wake)
    wakeWorkersLocked(1);
}

Submission *Scheduler::popReady() {
  if (readyCount_.load(std::memory_order_relaxed) == 0)
    return nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  Submission *s = readyHead_;
  if (!s)
    return nullptr;
  readyHead_ = s->next_;
  if (!readyHead_)
    readyTail_ = nullptr;
  readyCount_.fetch_sub(1, std::memory_order_relaxed);
  s->next_ = nullptr;
  return s;
}

void Scheduler::run(Submission *submission, bool byWorker) {
  counters_.submissions.fetch_add(1, std::memory_order_relaxed);
  if (!byWorker)
    counters_.inlineRuns.fetch_add(1, std::memory_order_relaxed);
  if (submission->heapPayload_)
    counters_.heapPayloads.fetch_add(1, std::memory_order_relaxed);
  submission->finish(/*run=*/true);
  std::lock_guard<std::mutex> lock(mutex_);
  submission->next_ = freeList_;
  freeList_ = submission;
}

bool Scheduler::hasWork() const {
  return readyCount_.load(std::memory_order_relaxed) != 0 ||
         joinableWaves_.load(std::memory_order_relaxed) != 0;
}

void Scheduler::spinFor(uint32_t us, const std::atomic<bool> *stopWhen) {
  if (us == 0)
    return;
  auto end = std::chrono::steady_clock::now() + std::chrono::microseconds(us);
  for (unsigned i = 1;; ++i) {
    if (hasWork() || stopFlag_.load(std::memory_order_relaxed) ||
        (stopWhen && stopWhen->load(std::memory_order_acquire)))
      return;
    cpuRelax();
    if (i % 64 == 0 && std::chrono::steady_clock::now() >= end)
      return;
  }
}

void Scheduler::workerLoop(unsigned index) {
  nameCurrentThread("sluice-worker", index);
  tlsWorker = true;
  while (true) {
    if (Submission *s = popReady()) {
      run(s, /*byWorker=*/true);
      continue;
    }
    if (helpWave())
      continue;
    if (stopFlag_.load(std::memory_order_acquire))
      return;
    spinningWorkers_.fetch_add(1, std::memory_order_seq_cst);
    spinFor(options_.spinUs, nullptr);
    spinningWorkers_.fetch_sub(1, std::memory_order_seq_cst);
    if (hasWork())
      continue;
    std::unique_lock<std::mutex> lock(mutex_);
    if (stop_)
      return;
    if (readyHead_ || joinableWaves_.load(std::memory_order_relaxed))
      continue;
    ++parkedWorkers_;
    workerCv_.wait(lock);
    --parkedWorkers_;
  }
}

bool Scheduler::runReadyWork() {
  if (Submission *s = popReady()) {
    run(s, tlsWorker);
    return true;
  }
  return helpWave();
}

Status Scheduler::await(AwaitToken &token, SteadyTime deadline) {
  using Clock = std::chrono::steady_clock;
  while (!token.done()) {
    if (Submission *s = popReady()) {
      run(s, tlsWorker);
      continue;
    }
    if (helpWave())
      continue;
    if (Clock::now() >= deadline)
      return Status(StatusCode::DeadlineExceeded, "");
    SteadyTime spinEnd = std::min<SteadyTime>(
        deadline, Clock::now() + std::chrono::microseconds(options_.spinUs));
    for (unsigned i = 1; !token.done() && !hasWork(); ++i) {
      cpuRelax();
      if (i % 64 == 0 && Clock::now() >= spinEnd)
        break;
    }
    if (token.done() || hasWork())
      continue;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (readyHead_ || joinableWaves_.load(std::memory_order_relaxed))
        continue;
      token.prevParked_ = nullptr;
      token.nextParked_ = parkedAwaiters_;
      if (parkedAwaiters_)
        parkedAwaiters_->prevParked_ = &token;
      parkedAwaiters_ = &token;
    }
    {
      std::unique_lock<std::mutex> lock(token.mutex_);
      while (!token.wakeFlag_) {
        if (deadline == SteadyTime::max()) {
          token.cv_.wait(lock);
        } else if (token.cv_.wait_until(lock, deadline) ==
                   std::cv_status::timeout) {
          break;
        }
      }
      token.wakeFlag_ = false;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (token.prevParked_)
        token.prevParked_->nextParked_ = token.nextParked_;
      else
        parkedAwaiters_ = token.nextParked_;
      if (token.nextParked_)
        token.nextParked_->prevParked_ = token.prevParked_;
      token.nextParked_ = token.prevParked_ = nullptr;
    }
  }
  return token.status_;
}

SchedulerStatistics Scheduler::statistics() const {
  SchedulerStatistics s;
  s.submissions = counters_.submissions.load(std::memory_order_relaxed);
  s.inlineRuns = counters_.inlineRuns.load(std::memory_order_relaxed);
  s.waves = counters_.waves.load(std::memory_order_relaxed);
  s.fanouts = counters_.fanouts.load(std::memory_order_relaxed);
  s.workerWakes = counters_.workerWakes.load(std::memory_order_relaxed);
  s.heapSubmissions = counters_.heapSubmissions.load(std::memory_order_relaxed);
  s.heapPayloads = counters_.heapPayloads.load(std::memory_order_relaxed);
  return s;
}

IoThreadScope::IoThreadScope() : previous_(tlsIoThread) { tlsIoThread = true; }
IoThreadScope::~IoThreadScope() { tlsIoThread = previous_; }

void Scheduler::wakeForExternalWaitersLocked() {
  if (readyHead_ && parkedWorkers_ &&
      spinningWorkers_.load(std::memory_order_relaxed) == 0)
    wakeWorkersLocked(1);
}

ExternalWaitScope::ExternalWaitScope() {
  gExternalWaiters.fetch_add(1, std::memory_order_seq_cst);
  if (!gLazyHint.load(std::memory_order_seq_cst))
    return;
  gLazyHint.store(false, std::memory_order_relaxed);
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (Scheduler *s : r.schedulers) {
    std::lock_guard<std::mutex> sl(s->mutex_);
    s->wakeForExternalWaitersLocked();
  }
}

ExternalWaitScope::~ExternalWaitScope() {
  gExternalWaiters.fetch_sub(1, std::memory_order_seq_cst);
}

} // namespace sluice::runtime::exec
