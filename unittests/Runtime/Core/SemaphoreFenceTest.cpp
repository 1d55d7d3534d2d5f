//===- SemaphoreFenceTest.cpp - Timeline semaphores and fences
//--------------===//

#include "sluice/Runtime/Core/Fence.h"

#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <thread>

using namespace sluice::runtime;

namespace {

TEST(Semaphore, SignalAndQuery) {
  auto sem = Semaphore::create(5);
  EXPECT_EQ(*sem->query(), 5u);
  EXPECT_TRUE(sem->signal(7).isOk());
  EXPECT_EQ(*sem->query(), 7u);
}

TEST(Semaphore, ValuesMustIncrease) {
  auto sem = Semaphore::create(3);
  Status status = sem->signal(3);
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_NE(status.message().find("must increase"), std::string::npos)
      << status.message();
  EXPECT_EQ(sem->signal(2).code(), StatusCode::InvalidArgument);
  EXPECT_EQ(*sem->query(), 3u);
}

TEST(Semaphore, WaitOnReachedValueReturnsImmediately) {
  auto sem = Semaphore::create(10);
  EXPECT_TRUE(sem->wait(10, immediateDeadline()).isOk());
  EXPECT_TRUE(sem->wait(3, immediateDeadline()).isOk());
}

TEST(Semaphore, WaitTimesOut) {
  auto sem = Semaphore::create(0);
  Status status = sem->wait(1, immediateDeadline());
  EXPECT_EQ(status.code(), StatusCode::DeadlineExceeded);
  status = sem->wait(1, deadlineAfter(std::chrono::milliseconds(1)));
  EXPECT_EQ(status.code(), StatusCode::DeadlineExceeded);
}

/// Spins until a thread blocks in `sem`->wait() (or registers a callback):
/// the signal that follows then has to release a blocked waiter, whatever
/// the scheduling.
void waitUntilSomeoneWaits(const SemaphoreRef &sem) {
  while (!sem->hasWaiters())
    std::this_thread::yield();
}

TEST(Semaphore, WaiterIsReleasedBySignalFromAnotherThread) {
  auto sem = Semaphore::create(0);
  Status result(StatusCode::Unknown, "not run");
  std::thread waiter([&] { result = sem->wait(2); });
  waitUntilSomeoneWaits(sem);
  ASSERT_TRUE(sem->signal(1).isOk());
  EXPECT_TRUE(sem->hasWaiters()); // 1 < 2: still blocked
  ASSERT_TRUE(sem->signal(2).isOk());
  waiter.join();
  EXPECT_TRUE(result.isOk()) << result.toString();
}

TEST(Semaphore, FailurePropagatesToWaitersQueriesAndSignals) {
  auto sem = Semaphore::create(0);
  Status waited;
  std::thread waiter([&] { waited = sem->wait(100); });
  waitUntilSomeoneWaits(sem);
  sem->fail(Status(StatusCode::DataLoss, "disk on fire"));
  waiter.join();
  EXPECT_EQ(waited.code(), StatusCode::DataLoss);
  EXPECT_EQ(waited.message(), "disk on fire");
  EXPECT_EQ(sem->query().status().code(), StatusCode::DataLoss);
  EXPECT_EQ(sem->signal(5).code(), StatusCode::DataLoss);
  // Later waits see the failure too; the first failure wins.
  sem->fail(Status(StatusCode::Aborted, "second"));
  EXPECT_EQ(sem->wait(1).code(), StatusCode::DataLoss);
}

TEST(Semaphore, NotifyAtRunsInlineWhenReachedAndLaterOtherwise) {
  auto sem = Semaphore::create(1);
  int calls = 0;
  EXPECT_EQ(sem->notifyAt(1, [&](const Status &s) { calls += s.isOk(); }), 0u);
  EXPECT_EQ(calls, 1);
  uint64_t id = sem->notifyAt(3, [&](const Status &s) { calls += s.isOk(); });
  EXPECT_NE(id, 0u);
  ASSERT_TRUE(sem->signal(2).isOk());
  EXPECT_EQ(calls, 1);
  ASSERT_TRUE(sem->signal(3).isOk());
  EXPECT_EQ(calls, 2);
  EXPECT_FALSE(sem->cancel(id));
}

TEST(Semaphore, CancelledCallbackNeverRuns) {
  auto sem = Semaphore::create(0);
  bool called = false;
  uint64_t id = sem->notifyAt(1, [&](const Status &) { called = true; });
  EXPECT_TRUE(sem->cancel(id));
  ASSERT_TRUE(sem->signal(1).isOk());
  EXPECT_FALSE(called);
}

TEST(Semaphore, WaitAllNeedsEveryTimepoint) {
  auto a = Semaphore::create(0), b = Semaphore::create(0);
  std::vector<Timepoint> tps = {{a, 1}, {b, 2}};
  ASSERT_TRUE(a->signal(1).isOk());
  EXPECT_EQ(Semaphore::waitAll(tps, immediateDeadline()).code(),
            StatusCode::DeadlineExceeded);
  ASSERT_TRUE(b->signal(2).isOk());
  EXPECT_TRUE(Semaphore::waitAll(tps, immediateDeadline()).isOk());
}

TEST(Semaphore, WaitAllReturnsFirstFailure) {
  auto a = Semaphore::create(0), b = Semaphore::create(0);
  std::vector<Timepoint> tps = {{a, 1}, {b, 1}};
  std::thread t([&] { b->fail(Status(StatusCode::Cancelled, "b failed")); });
  Status status = Semaphore::waitAll(tps);
  t.join();
  EXPECT_EQ(status.code(), StatusCode::Cancelled);
}

TEST(Semaphore, WaitAnyReportsWhichTimepointWasReached) {
  auto a = Semaphore::create(0), b = Semaphore::create(0),
       c = Semaphore::create(0);
  std::vector<Timepoint> tps = {{a, 1}, {b, 1}, {c, 1}};
  size_t index = 99;
  EXPECT_EQ(Semaphore::waitAny(tps, immediateDeadline(), &index).code(),
            StatusCode::DeadlineExceeded);
  std::thread t([&] { ASSERT_TRUE(b->signal(1).isOk()); });
  Status status = Semaphore::waitAny(tps, infiniteFuture(), &index);
  t.join();
  EXPECT_TRUE(status.isOk()) << status.toString();
  EXPECT_EQ(index, 1u);
}

TEST(Semaphore, WaitAnyWithFailedTimepointReturnsFailure) {
  auto a = Semaphore::create(0), b = Semaphore::create(0);
  a->fail(Status(StatusCode::Internal, "a broke"));
  std::vector<Timepoint> tps = {{a, 1}, {b, 1}};
  size_t index = 99;
  Status status = Semaphore::waitAny(tps, immediateDeadline(), &index);
  EXPECT_EQ(status.code(), StatusCode::Internal);
  EXPECT_EQ(index, 0u);
}

TEST(Semaphore, EmptyWaitsAreReached) {
  EXPECT_TRUE(Semaphore::waitAll({}, immediateDeadline()).isOk());
  EXPECT_TRUE(Semaphore::waitAny({}, immediateDeadline()).isOk());
}

TEST(Semaphore, ManyThreadsSignalAndWait) {
  // Each producer advances its own semaphore; consumers wait on all.
  constexpr int kThreads = 4, kSteps = 200;
  std::vector<SemaphoreRef> sems;
  for (int i = 0; i < kThreads; ++i)
    sems.push_back(Semaphore::create(0));
  std::vector<std::thread> threads;
  std::atomic<int> satisfied{0};
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      for (int v = 1; v <= kSteps; ++v)
        ASSERT_TRUE(sems[i]->signal(v).isOk());
    });
    threads.emplace_back([&, i] {
      std::vector<Timepoint> tps;
      for (auto &s : sems)
        tps.push_back({s, (uint64_t)kSteps});
      if (Semaphore::waitAll(tps).isOk())
        ++satisfied;
      size_t index;
      if (Semaphore::waitAny(tps, infiniteFuture(), &index).isOk())
        ++satisfied;
      (void)i;
    });
  }
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(satisfied.load(), 2 * kThreads);
}

TEST(Fence, InsertKeepsTheLargerValuePerSemaphore) {
  auto a = Semaphore::create(0), b = Semaphore::create(0);
  FenceRef fence = Fence::create();
  fence->insert(a, 3);
  fence->insert(a, 1);
  fence->insert(b, 2);
  fence->insert(a, 5);
  ASSERT_EQ(fence->timepoints().size(), 2u);
  EXPECT_EQ(fence->timepoints()[0].value, 5u);
  EXPECT_EQ(fence->timepoints()[1].value, 2u);
}

TEST(Fence, JoinSignalQueryWait) {
  auto a = Semaphore::create(0), b = Semaphore::create(0);
  FenceRef fa = Fence::createAt(a, 1), fb = Fence::createAt(b, 4);
  FenceRef parts[] = {fa, nullptr, fb};
  FenceRef joined = Fence::join(parts);
  EXPECT_EQ(joined->timepoints().size(), 2u);
  EXPECT_FALSE(*joined->query());
  EXPECT_EQ(joined->wait(immediateDeadline()).code(),
            StatusCode::DeadlineExceeded);
  ASSERT_TRUE(fa->signal().isOk());
  EXPECT_FALSE(*joined->query());
  ASSERT_TRUE(fb->signal().isOk());
  EXPECT_TRUE(*joined->query());
  EXPECT_TRUE(joined->wait(immediateDeadline()).isOk());
  EXPECT_EQ(*b->query(), 4u);
  // Signalling an already-reached fence is fine.
  EXPECT_TRUE(fa->signal().isOk());
}

TEST(Fence, FailureIsVisibleThroughQueryAndWait) {
  auto a = Semaphore::create(0);
  FenceRef fence = Fence::createAt(a, 1);
  fence->fail(Status(StatusCode::OutOfRange, "bad span"));
  EXPECT_EQ(fence->query().status().code(), StatusCode::OutOfRange);
  EXPECT_EQ(fence->wait().code(), StatusCode::OutOfRange);
  EXPECT_EQ(fence->signal().code(), StatusCode::OutOfRange);
}

TEST(Fence, NullFenceIsEmpty) {
  FenceRef none;
  EXPECT_TRUE(signalFence(none).isOk());
  failFence(none, Status(StatusCode::Internal, "ignored"));
  EXPECT_TRUE(timepointsOf(none).empty());
  EXPECT_TRUE(*Fence::create()->query());
}

} // namespace

//===----------------------------------------------------------------------===//
// Fast paths (execution.md §3.8): query is one atomic load, a signal without
// waiters one CAS; waiters register through the mutex and a flag.
//===----------------------------------------------------------------------===//

namespace {

TEST(SemaphoreFastPath, WaiterFlagFollowsRegistrations) {
  auto sem = Semaphore::create(0);
  EXPECT_FALSE(sem->hasWaiters());
  int ran = 0;
  uint64_t id = sem->notifyAt(2, [&](const Status &) { ++ran; });
  ASSERT_NE(id, 0u);
  EXPECT_TRUE(sem->hasWaiters());
  ASSERT_TRUE(sem->signal(1).isOk()); // not reached: the waiter stays
  EXPECT_EQ(ran, 0);
  EXPECT_TRUE(sem->hasWaiters());
  ASSERT_TRUE(sem->signal(2).isOk());
  EXPECT_EQ(ran, 1);
  EXPECT_FALSE(sem->hasWaiters()); // delivered: signals are fast again
  id = sem->notifyAt(5, [&](const Status &) { ++ran; });
  EXPECT_TRUE(sem->cancel(id));
  EXPECT_FALSE(sem->hasWaiters());
  // Registering at a reached value runs inline and leaves no flag behind.
  EXPECT_EQ(sem->notifyAt(2, [&](const Status &) { ++ran; }), 0u);
  EXPECT_EQ(ran, 2);
  EXPECT_FALSE(sem->hasWaiters());
}

TEST(SemaphoreFastPath, FailedStateIsPartOfTheValueWord) {
  auto sem = Semaphore::create(4);
  Status reserved = sem->signal(Semaphore::kFailedValue);
  EXPECT_EQ(reserved.code(), StatusCode::InvalidArgument);
  EXPECT_NE(reserved.message().find("reserved for the failed state"),
            std::string::npos)
      << reserved.message();
  EXPECT_EQ(*sem->query(), 4u);
  sem->fail(Status(StatusCode::DataLoss, "disk on fire"));
  Expected<uint64_t> value = sem->query();
  ASSERT_FALSE(value);
  EXPECT_EQ(value.status().code(), StatusCode::DataLoss);
  EXPECT_EQ(sem->signal(9).code(), StatusCode::DataLoss);
  sem->fail(Status(StatusCode::Aborted, "second")); // first failure wins
  EXPECT_EQ(sem->query().status().code(), StatusCode::DataLoss);
  Status late(StatusCode::Unknown, "not run");
  EXPECT_EQ(sem->notifyAt(100, [&](const Status &s) { late = s; }), 0u);
  EXPECT_EQ(late.code(), StatusCode::DataLoss);
}

TEST(SemaphoreFastPath, ConcurrentSignalsStayMonotonic) {
  for (int round = 0; round < 50; ++round) {
    auto sem = Semaphore::create(0);
    std::atomic<int> ok{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        uint64_t previous = 0;
        for (uint64_t v = 1 + t; v <= 400; v += 4) {
          Status s = sem->signal(v);
          if (s.isOk())
            ok.fetch_add(1);
          else
            EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
          uint64_t now = *sem->query();
          EXPECT_GE(now, previous); // never goes back
          previous = now;
        }
      });
    for (auto &t : threads)
      t.join();
    EXPECT_EQ(*sem->query(), 400u);
    EXPECT_GE(ok.load(), 1);
  }
}

/// A signal racing with a registration: the callback runs exactly once,
/// with OK, whichever side wins; no waiter is left behind.
TEST(SemaphoreFastPath, RacingSignalAndCallbackRegistration) {
  for (int round = 0; round < 2000; ++round) {
    auto sem = Semaphore::create(0);
    std::atomic<int> ran{0};
    std::atomic<bool> ok{true};
    std::latch go(2);
    std::thread signaller([&] {
      go.arrive_and_wait();
      EXPECT_TRUE(sem->signal(1).isOk());
    });
    go.arrive_and_wait();
    sem->notifyAt(1, [&](const Status &s) {
      if (!s.isOk())
        ok = false;
      ran.fetch_add(1);
    });
    signaller.join();
    ASSERT_EQ(ran.load(), 1) << "round " << round;
    EXPECT_TRUE(ok.load());
    EXPECT_FALSE(sem->hasWaiters());
  }
}

/// The same race with a blocked thread: wait() never misses the signal.
TEST(SemaphoreFastPath, RacingSignalAndBlockingWait) {
  for (int round = 0; round < 500; ++round) {
    auto sem = Semaphore::create(0);
    std::latch go(2);
    std::thread signaller([&] {
      go.arrive_and_wait();
      EXPECT_TRUE(sem->signal(1).isOk());
    });
    go.arrive_and_wait();
    Status s = sem->wait(1, deadlineAfter(std::chrono::seconds(20)));
    signaller.join();
    ASSERT_TRUE(s.isOk()) << "round " << round << ": " << s.toString();
    EXPECT_FALSE(sem->hasWaiters());
  }
}

/// A failure racing with a registration reaches the callback exactly once.
TEST(SemaphoreFastPath, RacingFailureAndRegistration) {
  for (int round = 0; round < 1000; ++round) {
    auto sem = Semaphore::create(0);
    std::atomic<int> ran{0};
    Status seen;
    std::latch go(2);
    std::thread failer([&] {
      go.arrive_and_wait();
      sem->fail(Status(StatusCode::Cancelled, "stop"));
    });
    go.arrive_and_wait();
    sem->notifyAt(1, [&](const Status &s) {
      seen = s;
      ran.fetch_add(1);
    });
    failer.join();
    ASSERT_EQ(ran.load(), 1) << "round " << round;
    EXPECT_EQ(seen.code(), StatusCode::Cancelled);
  }
}

} // namespace
