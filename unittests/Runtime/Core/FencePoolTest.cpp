//===- FencePoolTest.cpp - Per-device fence pool (execution.md §3.8) ------===//

#include "sluice/Runtime/Core/FencePool.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace sluice::runtime;

namespace {

std::unique_ptr<Device> makeDevice(int workers = 0) {
  DeviceOptions options;
  options.workerThreads = workers;
  options.workerSpinUs = 10;
  auto device = Device::create(options);
  EXPECT_TRUE(device);
  return device ? std::move(*device) : nullptr;
}

void release(sluice_fence_t *fence) {
  if (capi::dropRef(fence))
    capi::destroyCoreRef(fence);
}

TEST(FencePool, FreshFenceIsOneUnreachedTimepoint) {
  auto device = makeDevice();
  sluice_fence_t *f = device->fencePool().createFence();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->header.ref_count, 1);
  EXPECT_EQ(f->header.type, (uint32_t)SLUICE_REF_TYPE_FENCE);
  ASSERT_EQ(f->fence->timepoints().size(), 1u);
  EXPECT_EQ(f->fence->timepoints()[0].value, 1u);
  EXPECT_EQ(*f->fence->timepoints()[0].semaphore->query(), 0u);
  EXPECT_FALSE(*f->fence->query());
  ASSERT_TRUE(f->fence->signal().isOk());
  EXPECT_TRUE(*f->fence->query());
  release(f);
}

TEST(FencePool, ReleasedBlocksAreReusedAndComeBackFresh) {
  auto device = makeDevice();
  FencePool &pool = device->fencePool();
  uint32_t freeAtStart = pool.freeBlocks();
  EXPECT_EQ(freeAtStart, FencePool::kChunkBlocks);
  sluice_fence_t *a = pool.createFence();
  EXPECT_EQ(pool.freeBlocks(), freeAtStart - 1);
  a->fence->fail(Status(StatusCode::Aborted, "failed before reuse"));
  release(a);
  EXPECT_EQ(pool.freeBlocks(), freeAtStart);
  sluice_fence_t *b = pool.createFence();
  EXPECT_EQ(b, a); // LIFO free list: the same block
  Expected<bool> reached = b->fence->query();
  ASSERT_TRUE(reached) << reached.status().toString(); // not failed any more
  EXPECT_FALSE(*reached);
  ASSERT_EQ(b->fence->timepoints().size(), 1u);
  EXPECT_FALSE(b->fence->timepoints()[0].semaphore->hasWaiters());
  release(b);
  FencePoolStatistics stats = pool.statistics();
  EXPECT_EQ(stats.blocks, FencePool::kChunkBlocks);
  EXPECT_EQ(stats.unpooled, 0u);
}

TEST(FencePool, ReferencesKeepTheBlockOutOfThePool) {
  auto device = makeDevice();
  FencePool &pool = device->fencePool();
  uint32_t freeAtStart = pool.freeBlocks();
  sluice_fence_t *f = pool.createFence();
  FenceRef copy = f->fence; // e.g. captured by a submission
  release(f);
  EXPECT_EQ(pool.freeBlocks(), freeAtStart - 1);
  // A joined fence holds the semaphore only.
  FenceRef joined = Fence::join(std::vector<FenceRef>{copy, nullptr});
  copy.reset();
  EXPECT_EQ(pool.freeBlocks(), freeAtStart - 1);
  ASSERT_TRUE(joined->signal().isOk());
  EXPECT_TRUE(*joined->query());
  joined.reset();
  EXPECT_EQ(pool.freeBlocks(), freeAtStart);
}

TEST(FencePool, GrowsByChunksAndCountsBlocks) {
  auto device = makeDevice();
  FencePool &pool = device->fencePool();
  std::vector<sluice_fence_t *> fences;
  for (uint32_t i = 0; i < FencePool::kChunkBlocks * 2 + 1; ++i)
    fences.push_back(pool.createFence());
  EXPECT_EQ(pool.statistics().blocks, 3u * FencePool::kChunkBlocks);
  for (size_t i = 0; i < fences.size(); ++i)
    for (size_t j = i + 1; j < std::min(fences.size(), i + 3); ++j)
      EXPECT_NE(fences[i], fences[j]);
  for (sluice_fence_t *f : fences)
    release(f);
  EXPECT_EQ(pool.freeBlocks(), 3u * FencePool::kChunkBlocks);
}

TEST(FencePool, FencesMayOutliveTheirDevice) {
  auto device = makeDevice();
  sluice_fence_t *f = device->fencePool().createFence();
  FenceRef ref = f->fence;
  device.reset(); // the pool stays while a block is out
  ASSERT_TRUE(ref->signal().isOk());
  EXPECT_TRUE(*ref->query());
  release(f);
  ref.reset(); // frees the pool (ASan checks)
}

TEST(FencePool, FailurePropagatesDownAChainOfPooledFences) {
  auto device = makeDevice(1);
  FencePool &pool = device->fencePool();
  std::vector<sluice_fence_t *> chain;
  for (int i = 0; i < 8; ++i)
    chain.push_back(pool.createFence());
  for (int i = 0; i + 1 < 8; ++i)
    ASSERT_TRUE(
        device->queueBarrier(0, chain[i]->fence, chain[i + 1]->fence).isOk());
  chain[0]->fence->fail(Status(StatusCode::DataLoss, "head failed"));
  FenceRef last = chain.back()->fence;
  Status status =
      device->await(std::span<const FenceRef>(&last, 1), infiniteFuture());
  EXPECT_EQ(status.code(), StatusCode::DataLoss) << status.toString();
  for (sluice_fence_t *f : chain) {
    Expected<bool> q = f->fence->query();
    ASSERT_FALSE(q);
    EXPECT_EQ(q.status().message(), "head failed");
  }
  last.reset();
  for (sluice_fence_t *f : chain)
    release(f);
}

/// Fences created, signalled, awaited and released from several threads at
/// once (TSan checks the free list and the recycling).
TEST(FencePool, ConcurrentCreateSignalRelease) {
  auto device = makeDevice(1);
  FencePool &pool = device->fencePool();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        sluice_fence_t *f = pool.createFence();
        sluice_fence_t *g = pool.createFence();
        ASSERT_TRUE(device->queueBarrier(0, f->fence, g->fence).isOk());
        ASSERT_TRUE(f->fence->signal().isOk());
        FenceRef wait = g->fence;
        ASSERT_TRUE(
            device->await(std::span<const FenceRef>(&wait, 1), infiniteFuture())
                .isOk());
        release(f);
        release(g);
      }
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(pool.statistics().unpooled, 0u);
}

} // namespace
