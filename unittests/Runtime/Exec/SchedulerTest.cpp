//===- SchedulerTest.cpp - Ready list, lazy wake, work-while-waiting ------===//

#include "sluice/Runtime/Exec/Scheduler.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <string>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::exec;
using namespace std::chrono_literals;

namespace {

SchedulerOptions optionsWith(int workers, uint32_t spinUs = 0) {
  SchedulerOptions o;
  o.workerThreads = workers;
  o.spinUs = spinUs;
  o.inlineThresholdNs = 5000;
  return o;
}

/// Waits (bounded) until every worker of `s` is parked.
void waitUntilParked(Scheduler &s) {
  auto end = std::chrono::steady_clock::now() + 10s;
  while (s.parkedWorkerCount() != s.workerCount() &&
         std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(1ms);
  ASSERT_EQ(s.parkedWorkerCount(), s.workerCount());
}

SteadyTime in(std::chrono::milliseconds ms) {
  return std::chrono::steady_clock::now() + ms;
}

TEST(Scheduler, DefaultWorkerCount) {
  Scheduler s(optionsWith(-1));
  unsigned hc = std::thread::hardware_concurrency();
  EXPECT_EQ(s.workerCount(), hc > 1 ? hc - 1 : 1u);
}

TEST(Scheduler, WithoutWorkersTheWaiterRunsTheWork) {
  Scheduler s(optionsWith(0));
  EXPECT_EQ(s.workerCount(), 0u);
  auto token = std::make_shared<AwaitToken>();
  std::thread::id ranOn;
  s.post([&] {
    ranOn = std::this_thread::get_id();
    token->complete(Status());
  });
  EXPECT_TRUE(s.await(*token, SteadyTime::max()).isOk());
  EXPECT_EQ(ranOn, std::this_thread::get_id());
  EXPECT_EQ(s.statistics().submissions, 1u);
  EXPECT_EQ(s.statistics().inlineRuns, 1u);
}

TEST(Scheduler, ACheapSubmissionWaitsForTheWaiterInsteadOfWakingAWorker) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  auto token = std::make_shared<AwaitToken>();
  std::thread::id ranOn;
  s.post(
      [&] {
        ranOn = std::this_thread::get_id();
        token->complete(Status());
      },
      /*costHintNs=*/100);
  EXPECT_TRUE(s.await(*token, SteadyTime::max()).isOk());
  EXPECT_EQ(ranOn, std::this_thread::get_id()); // no thread hop
  EXPECT_EQ(s.statistics().workerWakes, 0u);
}

TEST(Scheduler, ExpensiveWorkWakesAWorker) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  std::promise<std::thread::id> ranOn;
  s.post([&] { ranOn.set_value(std::this_thread::get_id()); },
         /*costHintNs=*/5000);
  std::future<std::thread::id> f = ranOn.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_NE(f.get(), std::this_thread::get_id());
  EXPECT_EQ(s.statistics().workerWakes, 1u);
}

TEST(Scheduler, ASecondReadySubmissionWakesAWorker) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  std::atomic<int> done{0};
  s.post([&] { done++; }, 10); // stays for a waiter...
  s.post([&] { done++; }, 10); // ...until the list holds two
  auto end = std::chrono::steady_clock::now() + 10s;
  while (done.load() != 2 && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(done.load(), 2);
  EXPECT_GE(s.statistics().workerWakes, 1u);
}

TEST(Scheduler, PushesFromIoThreadsWakeAWorker) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  std::atomic<bool> ran{false};
  {
    IoThreadScope io;
    s.post([&] { ran = true; }, 10);
  }
  auto end = std::chrono::steady_clock::now() + 10s;
  while (!ran.load() && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(1ms);
  EXPECT_TRUE(ran.load());
}

TEST(Scheduler, BlockingOutsideTheSchedulerWakesAWorkerForLazyWork) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  std::promise<void> ran;
  s.post([&] { ran.set_value(); }, 10); // lazily queued: nobody woken
  EXPECT_EQ(s.statistics().workerWakes, 0u);
  std::future<void> f = ran.get_future();
  {
    // A thread about to block without running work (Core's semaphore
    // waits do this).
    ExternalWaitScope blocking;
    EXPECT_EQ(f.wait_for(10s), std::future_status::ready);
  }
  EXPECT_EQ(s.statistics().workerWakes, 1u);
}

TEST(Scheduler, WhileSomeoneBlocksEveryPushWakesAWorker) {
  Scheduler s(optionsWith(1));
  waitUntilParked(s);
  ExternalWaitScope blocking;
  std::promise<void> ran;
  s.post([&] { ran.set_value(); }, 10);
  EXPECT_EQ(ran.get_future().wait_for(10s), std::future_status::ready);
}

TEST(Scheduler, AwaitTimesOut) {
  Scheduler s(optionsWith(1, 10));
  AwaitToken token;
  auto start = std::chrono::steady_clock::now();
  Status status = s.await(token, in(20ms));
  EXPECT_EQ(status.code(), StatusCode::DeadlineExceeded);
  EXPECT_FALSE(token.done());
  EXPECT_GE(std::chrono::steady_clock::now() - start, 20ms);
}

TEST(Scheduler, AwaitReturnsTheTokenStatus) {
  Scheduler s(optionsWith(1, 10));
  auto token = std::make_shared<AwaitToken>();
  std::thread completer([token] {
    std::this_thread::sleep_for(5ms);
    token->complete(Status(StatusCode::Aborted, "stopped"));
    token->complete(Status()); // the first completion wins
  });
  Status status = s.await(*token, SteadyTime::max());
  completer.join();
  EXPECT_EQ(status.code(), StatusCode::Aborted);
  EXPECT_EQ(status.message(), "stopped");
}

/// The scheduling state of thread `tid` of this process ('R', 'S', 'D', ...)
/// from /proc; 0 when it cannot be read.
char threadState(pid_t tid) {
  std::ifstream in("/proc/self/task/" + std::to_string(tid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  // "tid (comm) S ...": the state follows the last ')'.
  size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() ? stat[paren + 2]
                                                               : 0;
}

TEST(Scheduler, AWaiterRunsWorkArrivingWhileItIsParked) {
  Scheduler s(optionsWith(0)); // no workers, no spinning
  auto token = std::make_shared<AwaitToken>();
  std::thread::id ranOn;
  std::atomic<pid_t> waiterTid{0};
  std::atomic<bool> sawParked{false};
  std::thread pusher([&] {
    // Post only once the waiter sleeps: with nothing to run, await() blocks
    // only on its token's condition variable, so an 'S' state after the
    // waiter announced itself means it is parked there (not a timing guess).
    // The 60 s bound only turns a waiter that never parks into a failure
    // instead of a hang.
    pid_t tid;
    while ((tid = waiterTid.load()) == 0)
      std::this_thread::yield();
    auto end = std::chrono::steady_clock::now() + 60s;
    while (!(sawParked = threadState(tid) == 'S') &&
           std::chrono::steady_clock::now() < end)
      std::this_thread::sleep_for(100us);
    s.post([&] {
      ranOn = std::this_thread::get_id();
      token->complete(Status());
    });
  });
  waiterTid = (pid_t)::syscall(SYS_gettid);
  // Generous: the push wakes the waiter at once; a lost wake-up shows as
  // DEADLINE_EXCEEDED rather than as a hang.
  EXPECT_TRUE(s.await(*token, in(60000ms)).isOk());
  pusher.join();
  EXPECT_TRUE(sawParked.load()) << "the waiter never parked";
  EXPECT_EQ(ranOn, std::this_thread::get_id());
}

TEST(Scheduler, LargePayloadsAreCountedAndRecordsAreRecycled) {
  Scheduler s(optionsWith(0));
  struct Big {
    char bytes[1024];
  } big{};
  big.bytes[0] = 1;
  auto token = std::make_shared<AwaitToken>();
  int sum = 0;
  s.post([big, &sum] { sum += big.bytes[0]; });
  // 200 records: more than the initial pool, so the pool grows once, then
  // recycles.
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 200; ++i)
      s.post([&sum] { ++sum; });
    s.post([token] { token->complete(Status()); });
    EXPECT_TRUE(s.await(*token, SteadyTime::max()).isOk());
    token = std::make_shared<AwaitToken>();
  }
  EXPECT_EQ(sum, 601);
  SchedulerStatistics stats = s.statistics();
  EXPECT_EQ(stats.heapPayloads, 1u);
  EXPECT_EQ(stats.heapSubmissions, 201u - 64u + 1u);
}

TEST(Scheduler, DestructionRunsReadyWork) {
  int ran = 0;
  {
    Scheduler s(optionsWith(0));
    s.post([&] { ++ran; });
    s.post([&] { ++ran; });
  }
  EXPECT_EQ(ran, 2);
}

} // namespace
