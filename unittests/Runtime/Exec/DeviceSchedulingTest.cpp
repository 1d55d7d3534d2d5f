//===- DeviceSchedulingTest.cpp - Queue work on the scheduler -------------===//
//
// Failure propagation down fence chains, work-while-waiting through
// Device::await, and the randomized fence-DAG stress test compared with a
// sequential oracle (execution.md §8.2; run under TSan by
// scripts/sanitizers.sh).
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Core/Device.h"

#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

using namespace sluice::runtime;

namespace {

std::unique_ptr<Device> makeDevice(int workers, uint32_t spinUs = 20) {
  DeviceOptions options;
  options.workerThreads = workers;
  options.workerSpinUs = spinUs;
  auto device = Device::create(options);
  EXPECT_TRUE(device) << device.status().toString();
  return device ? std::move(*device) : nullptr;
}

FenceRef newFence() { return Fence::createAt(Semaphore::create(0), 1); }

TEST(DeviceScheduling, FailurePropagatesDownAFenceChain) {
  for (int workers : {0, 1}) {
    auto device = makeDevice(workers);
    FenceRef f1 = newFence(), f2 = newFence(), f3 = newFence();
    std::atomic<int> ran{0};
    device->enqueueTask(nullptr, f1, 0, [&]() -> Status {
      ran++;
      return Status(StatusCode::DataLoss, "first op failed");
    });
    device->enqueueTask(f1, f2, 0, [&]() -> Status {
      ran += 10;
      return Status();
    });
    device->enqueueTask(f2, f3, 0, [&]() -> Status {
      ran += 100;
      return Status();
    });
    FenceRef fences[] = {f3};
    Status status = device->await(fences, infiniteFuture());
    EXPECT_EQ(status.code(), StatusCode::DataLoss);
    EXPECT_EQ(status.message(), "first op failed");
    EXPECT_EQ(ran.load(), 1); // the dependents never ran
    EXPECT_EQ(f2->query().status().message(), "first op failed");
  }
}

TEST(DeviceScheduling, AwaitRunsQueueWorkOnTheCallingThread) {
  auto device = makeDevice(0);
  FenceRef wait = newFence(), signal = newFence();
  std::thread::id ranOn;
  device->enqueueTask(wait, signal, 0, [&]() -> Status {
    ranOn = std::this_thread::get_id();
    return Status();
  });
  std::thread signaller([&] { EXPECT_TRUE(wait->signal().isOk()); });
  FenceRef fences[] = {signal};
  EXPECT_TRUE(device->await(fences, infiniteFuture()).isOk());
  signaller.join();
  EXPECT_EQ(ranOn, std::this_thread::get_id());
}

TEST(DeviceScheduling, AwaitTimeoutMessage) {
  auto device = makeDevice(1);
  FenceRef never = newFence();
  FenceRef fences[] = {never};
  Status status =
      device->await(fences, deadlineAfter(std::chrono::milliseconds(5)), 5);
  EXPECT_EQ(status.code(), StatusCode::DeadlineExceeded);
  EXPECT_EQ(status.message(), "fence wait timed out after 5 ms");
  never->signal().ignore();
}

TEST(DeviceScheduling, ReadyAllocaCommitsInsideTheCall) {
  auto device = makeDevice(1);
  FenceRef signal = newFence();
  BufferParams params;
  Expected<BufferRef> buffer =
      device->queueAlloca(~0ull, nullptr, signal, params, 1000);
  ASSERT_TRUE(buffer);
  EXPECT_NE((*buffer)->hostData(), nullptr);
  EXPECT_EQ(*signal->query(), true);
  EXPECT_TRUE(device->queueDealloca(~0ull, nullptr, nullptr, *buffer).isOk());
  EXPECT_EQ((*buffer)->hostData(), nullptr);
}

TEST(DeviceScheduling, PooledAllocasReuseStorage) {
  auto device = makeDevice(1);
  BufferParams params;
  uint64_t before = device->allocator().stats()->allocations();
  for (int i = 0; i < 100; ++i) {
    Expected<BufferRef> buffer =
        device->queueAlloca(~0ull, nullptr, nullptr, params, 3000 + i);
    ASSERT_TRUE(buffer);
    ASSERT_TRUE(device->queueDealloca(~0ull, nullptr, nullptr, *buffer).isOk());
  }
  // One 4 KiB block served every commit.
  EXPECT_EQ(device->allocator().stats()->allocations() - before, 1u);
  EXPECT_EQ(device->allocator().pool()->cachedBytes(), 4096u);
}

/// Randomized DAG of queue tasks, submitted from several threads in random
/// order; each node computes a value from its dependencies or fails. The
/// result must equal a sequential evaluation.
void runDag(int workers, unsigned seed, int nodes, int submitters) {
  auto device = makeDevice(workers, 5);
  std::mt19937 rng(seed);
  struct Node {
    std::vector<int> deps;
    bool fails = false;
    FenceRef signal;
    FenceRef wait;
    uint64_t value = 0; // written by the task
  };
  std::vector<Node> graph(nodes);
  for (int i = 0; i < nodes; ++i) {
    Node &n = graph[i];
    int depCount = i ? (int)(rng() % 4) : 0;
    for (int d = 0; d < depCount; ++d)
      n.deps.push_back((int)(rng() % i));
    n.fails = rng() % 100 == 0;
    n.signal = newFence();
    std::vector<FenceRef> waits;
    for (int d : n.deps)
      waits.push_back(graph[d].signal);
    n.wait = waits.empty() ? nullptr : Fence::join(waits);
  }
  // Oracle.
  std::vector<uint64_t> expected(nodes);
  std::vector<bool> failed(nodes);
  for (int i = 0; i < nodes; ++i) {
    uint64_t v = (uint64_t)i * 2654435761u;
    bool f = graph[i].fails;
    for (int d : graph[i].deps) {
      v = v * 31 + expected[d];
      f = f || failed[d];
    }
    expected[i] = v;
    failed[i] = f;
  }
  // Submit in random order from several threads.
  std::vector<int> order(nodes);
  for (int i = 0; i < nodes; ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::thread> threads;
  for (int t = 0; t < submitters; ++t)
    threads.emplace_back([&, t] {
      for (size_t k = t; k < order.size(); k += submitters) {
        Node *n = &graph[order[k]];
        int index = order[k];
        device->enqueueTask(n->wait, n->signal, (uint32_t)(index % 3) * 4000,
                            [n, index, &graph]() -> Status {
                              if (n->fails)
                                return makeStatus(StatusCode::Aborted,
                                                  "node %d failed", index);
                              uint64_t v = (uint64_t)index * 2654435761u;
                              for (int d : n->deps)
                                v = v * 31 + graph[d].value;
                              n->value = v;
                              return Status();
                            });
      }
    });
  for (auto &t : threads)
    t.join();
  // Wait for everything from two threads (work-while-waiting on both).
  std::vector<FenceRef> all;
  for (Node &n : graph)
    all.push_back(n.signal);
  std::thread helper([&] {
    for (int i = nodes - 1; i >= 0; i -= 7) {
      FenceRef one[] = {graph[i].signal};
      (void)device->await(one, infiniteFuture());
    }
  });
  for (Node &n : graph) {
    FenceRef one[] = {n.signal};
    (void)device->await(one, infiniteFuture());
  }
  helper.join();
  int failures = 0;
  for (int i = 0; i < nodes; ++i)
    failures += failed[i] ? 1 : 0;
  // Both outcomes occur (the seeds are chosen so).
  EXPECT_GT(failures, 0);
  EXPECT_LT(failures, nodes / 2);
  for (int i = 0; i < nodes; ++i) {
    Expected<bool> reached = graph[i].signal->query();
    if (failed[i]) {
      ASSERT_FALSE(reached) << "node " << i << " should have failed";
      EXPECT_EQ(reached.status().code(), StatusCode::Aborted);
    } else {
      ASSERT_TRUE(reached && *reached) << "node " << i;
      ASSERT_EQ(graph[i].value, expected[i]) << "node " << i;
    }
  }
}

TEST(FenceDagStress, NoWorkers) { runDag(0, 1, 1500, 3); }
TEST(FenceDagStress, OneWorker) { runDag(1, 2, 3000, 3); }
TEST(FenceDagStress, ThreeWorkers) { runDag(3, 3, 3000, 4); }

} // namespace
