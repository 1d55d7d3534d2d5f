//===- DeviceQueueTest.cpp - Queue ordering, failure propagation, files
//-----===//

#include "sluice/Runtime/Core/Device.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

using namespace sluice::runtime;

namespace {

class DeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto device = Device::create();
    ASSERT_TRUE(device) << device.status().toString();
    device_ = std::move(*device);
  }
  FenceRef fenceAt(const SemaphoreRef &sem, uint64_t v) {
    return Fence::createAt(sem, v);
  }
  std::unique_ptr<Device> device_;
};

std::string tempPath(const char *name) {
  const char *dir = std::getenv("TMPDIR");
  std::string base = dir && *dir ? dir : "/tmp";
  return base + "/sluice-core-" + std::to_string(::getpid()) + "-" + name;
}

TEST_F(DeviceTest, OperationsRunInFenceOrderNotSubmissionOrder) {
  auto start = Semaphore::create(0);
  auto timeline = Semaphore::create(0);
  std::mutex mutex;
  std::vector<int> order;
  auto record = [&](int i) {
    return [&, i]() -> Status {
      std::lock_guard<std::mutex> lock(mutex);
      order.push_back(i);
      return Status();
    };
  };
  // Submitted last-to-first; each waits for its predecessor.
  for (int i = 5; i >= 1; --i) {
    FenceRef wait = i == 1 ? fenceAt(start, 1) : fenceAt(timeline, i - 1);
    ASSERT_TRUE(
        device_->queueHostCall(~0ull, wait, fenceAt(timeline, i), record(i))
            .isOk());
  }
  EXPECT_FALSE(
      *fenceAt(timeline, 1)->query()); // nothing ran before the wait fence
  ASSERT_TRUE(start->signal(1).isOk());
  ASSERT_TRUE(timeline->wait(5).isOk());
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4, 5}));
}

TEST_F(DeviceTest, AllocaFillCopyDealloca) {
  auto t = Semaphore::create(0);
  auto a =
      device_->queueAlloca(~0ull, nullptr, fenceAt(t, 1), BufferParams{}, 1000);
  ASSERT_TRUE(a);
  auto b = device_->queueAlloca(~0ull, fenceAt(t, 1), fenceAt(t, 2),
                                BufferParams{}, 1000);
  ASSERT_TRUE(b);
  const uint8_t pattern[3] = {1, 2, 3};
  ASSERT_TRUE(device_
                  ->queueFill(~0ull, fenceAt(t, 2), fenceAt(t, 3), *a, 0, 1000,
                              pattern, 3)
                  .isOk());
  ASSERT_TRUE(device_
                  ->queueFill(~0ull, fenceAt(t, 3), fenceAt(t, 4), *b, 0, 1000,
                              pattern, 1)
                  .isOk());
  ASSERT_TRUE(
      device_
          ->queueCopy(~0ull, fenceAt(t, 4), fenceAt(t, 5), *a, 10, *b, 500, 400)
          .isOk());
  ASSERT_TRUE(t->wait(5).isOk());
  auto bm = (*b)->mapAll(memory_access::Read);
  ASSERT_TRUE(bm);
  for (int i = 0; i < 1000; ++i) {
    uint8_t expected = (i >= 500 && i < 900) ? pattern[(i - 500 + 10) % 3] : 1;
    ASSERT_EQ(bm->data[i], expected) << "byte " << i;
  }
  ASSERT_TRUE(
      device_->queueDealloca(~0ull, fenceAt(t, 5), fenceAt(t, 6), *b).isOk());
  ASSERT_TRUE(t->wait(6).isOk());
  auto gone = (*b)->mapAll(memory_access::Read);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.status().code(), StatusCode::FailedPrecondition);
}

TEST_F(DeviceTest, FillPatternsOfEveryLength) {
  for (size_t p = 1; p <= 16; ++p) {
    auto t = Semaphore::create(0);
    auto buffer = device_->allocator().allocate(BufferParams{}, 77);
    ASSERT_TRUE(buffer);
    uint8_t pattern[16];
    for (size_t i = 0; i < 16; ++i)
      pattern[i] = (uint8_t)(0x10 + i);
    ASSERT_TRUE(device_
                    ->queueFill(~0ull, nullptr, fenceAt(t, 1), *buffer, 3, 70,
                                pattern, p)
                    .isOk());
    ASSERT_TRUE(t->wait(1).isOk());
    auto m = (*buffer)->mapAll(memory_access::Read);
    for (size_t i = 0; i < 70; ++i)
      ASSERT_EQ(m->data[3 + i], pattern[i % p])
          << "pattern " << p << " byte " << i;
  }
}

TEST_F(DeviceTest, FailingOperationFailsItsSignalAndEverythingDownstream) {
  auto t = Semaphore::create(0);
  bool downstreamRan = false;
  ASSERT_TRUE(device_
                  ->queueHostCall(
                      ~0ull, nullptr, fenceAt(t, 1),
                      [] { return Status(StatusCode::DataLoss, "checksum"); })
                  .isOk());
  auto t2 = Semaphore::create(0);
  ASSERT_TRUE(device_
                  ->queueHostCall(~0ull, fenceAt(t, 1), fenceAt(t2, 1),
                                  [&] {
                                    downstreamRan = true;
                                    return Status();
                                  })
                  .isOk());
  auto t3 = Semaphore::create(0);
  ASSERT_TRUE(
      device_->queueBarrier(~0ull, fenceAt(t2, 1), fenceAt(t3, 1)).isOk());
  Status status = t3->wait(1);
  EXPECT_EQ(status.code(), StatusCode::DataLoss);
  EXPECT_EQ(status.message(), "checksum");
  EXPECT_EQ(t2->query().status().code(), StatusCode::DataLoss);
  EXPECT_FALSE(downstreamRan);
}

TEST_F(DeviceTest, FailedWaitFenceFailsTheOperation) {
  auto w = Semaphore::create(0);
  auto s = Semaphore::create(0);
  bool ran = false;
  ASSERT_TRUE(device_
                  ->queueHostCall(~0ull, fenceAt(w, 1), fenceAt(s, 1),
                                  [&] {
                                    ran = true;
                                    return Status();
                                  })
                  .isOk());
  w->fail(Status(StatusCode::Cancelled, "upstream cancelled"));
  EXPECT_EQ(s->wait(1).code(), StatusCode::Cancelled);
  EXPECT_FALSE(ran);
}

TEST_F(DeviceTest, ValidationErrorsAreReturnedAndFailTheSignalFence) {
  auto buffer = device_->allocator().allocate(BufferParams{}, 16);
  ASSERT_TRUE(buffer);
  auto s = Semaphore::create(0);
  uint8_t p = 1;
  Status status =
      device_->queueFill(~0ull, nullptr, fenceAt(s, 1), *buffer, 8, 16, &p, 1);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
  EXPECT_EQ(s->wait(1).code(), StatusCode::OutOfRange);

  auto s2 = Semaphore::create(0);
  status = device_->queueFill(~0ull, nullptr, fenceAt(s2, 1), *buffer, 0, 16,
                              &p, 17);
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s2->wait(1).code(), StatusCode::InvalidArgument);

  auto s3 = Semaphore::create(0);
  status = device_->queueCopy(~0ull, nullptr, fenceAt(s3, 1), *buffer, 0,
                              *buffer, 1, 16);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
  EXPECT_EQ(s3->wait(1).code(), StatusCode::OutOfRange);
}

TEST_F(DeviceTest, FillOfUnorderedAllocaFailsInsteadOfCrashing) {
  auto gate = Semaphore::create(0);
  auto t = Semaphore::create(0);
  auto buffer = device_->queueAlloca(~0ull, fenceAt(gate, 1), fenceAt(t, 1),
                                     BufferParams{}, 64);
  ASSERT_TRUE(buffer);
  auto f = Semaphore::create(0);
  uint8_t p = 9;
  // Not ordered after the alloca: runs while the storage does not exist.
  ASSERT_TRUE(
      device_->queueFill(~0ull, nullptr, fenceAt(f, 1), *buffer, 0, 64, &p, 1)
          .isOk());
  EXPECT_EQ(f->wait(1).code(), StatusCode::FailedPrecondition);
  ASSERT_TRUE(gate->signal(1).isOk());
  EXPECT_TRUE(t->wait(1).isOk());
}

TEST_F(DeviceTest, WriteThenReadFile) {
  std::string path = tempPath("rw");
  auto file = io::IoFile::open(
      path, {io::file_access::Read | io::file_access::Write, false, true});
  ASSERT_TRUE(file) << file.status().toString();
  auto src = device_->allocator().allocate(BufferParams{}, 1 << 20);
  ASSERT_TRUE(src);
  auto m = (*src)->mapAll(memory_access::Write);
  for (uint32_t i = 0; i < (1u << 20); ++i)
    m->data[i] = (uint8_t)(i * 31 + 7);
  auto dst = device_->allocator().allocate(BufferParams{}, 1 << 20);
  ASSERT_TRUE(dst);
  auto t = Semaphore::create(0);
  ASSERT_TRUE(device_
                  ->queueWrite(~0ull, nullptr, fenceAt(t, 1), *src, 0, *file,
                               4096, 1 << 20)
                  .isOk());
  ASSERT_TRUE(device_
                  ->queueRead(~0ull, fenceAt(t, 1), fenceAt(t, 2), *file,
                              4096 + 100, *dst, 0, (1 << 20) - 100)
                  .isOk());
  ASSERT_TRUE(t->wait(2).isOk()) << t->query().status().toString();
  auto d = (*dst)->mapAll(memory_access::Read);
  EXPECT_EQ(std::memcmp(d->data, m->data + 100, (1 << 20) - 100), 0);

  // Reading past the end of the file fails the signal fence.
  auto e = Semaphore::create(0);
  ASSERT_TRUE(device_
                  ->queueRead(~0ull, nullptr, fenceAt(e, 1), *file, (1 << 20),
                              *dst, 0, 8192)
                  .isOk());
  Status eof = e->wait(1);
  EXPECT_EQ(eof.code(), StatusCode::OutOfRange);
  EXPECT_NE(eof.message().find("unexpected end of file"), std::string::npos)
      << eof.message();
  ::unlink(path.c_str());
}

/// Records the value of `timeline` when it is destroyed: whether the fence
/// the operation that held it signals was already visible to waiters.
struct ReleaseProbe {
  SemaphoreRef timeline;
  std::atomic<int64_t> *valueAtRelease;
  ~ReleaseProbe() {
    Expected<uint64_t> value = timeline->query();
    valueAtRelease->store(value ? (int64_t)*value : -1);
  }
};

TEST_F(DeviceTest, HostCallReleasesItsCapturesBeforeSignaling) {
  // A waiter that wakes up on the signal fence must find every reference
  // the call captured already dropped (no worker still holding it).
  for (int round = 0; round < 50; ++round) {
    auto gate = Semaphore::create(0);
    auto done = Semaphore::create(0);
    std::atomic<int64_t> valueAtRelease{-2};
    auto probe =
        std::make_shared<ReleaseProbe>(ReleaseProbe{done, &valueAtRelease});
    std::weak_ptr<ReleaseProbe> watch = probe;
    ASSERT_TRUE(
        device_
            ->queueHostCall(~0ull, fenceAt(gate, 1), fenceAt(done, 1),
                            [probe = std::move(probe)] { return Status(); })
            .isOk());
    ASSERT_TRUE(gate->signal(1).isOk());
    ASSERT_TRUE(done->wait(1).isOk());
    EXPECT_TRUE(watch.expired()) << "round " << round;
    EXPECT_EQ(valueAtRelease.load(), 0) << "round " << round;
  }
}

TEST_F(DeviceTest, FileReadReleasesItsTargetBeforeSignaling) {
  std::string path = tempPath("release");
  auto file = io::IoFile::open(
      path, {io::file_access::Read | io::file_access::Write, false, true});
  ASSERT_TRUE(file) << file.status().toString();
  std::vector<uint8_t> bytes(8192, 0x5a);
  ASSERT_EQ(::pwrite((*file)->fd(), bytes.data(), bytes.size(), 0),
            (ssize_t)bytes.size());
  const uint64_t alignment = device_->allocator().minImportAlignment();
  for (int round = 0; round < 50; ++round) {
    auto done = Semaphore::create(0);
    std::atomic<int64_t> valueAtRelease{-2};
    void *memory = std::aligned_alloc(alignment, 8192);
    ASSERT_NE(memory, nullptr);
    // The imported buffer's keep-alive goes when the buffer does.
    std::shared_ptr<void> keepAlive(memory, [done, &valueAtRelease](void *p) {
      Expected<uint64_t> value = done->query();
      valueAtRelease.store(value ? (int64_t)*value : -1);
      std::free(p);
    });
    auto target = device_->allocator().importHost(
        BufferParams{}, static_cast<uint8_t *>(memory), 8192,
        memory_access::Read | memory_access::Write, std::move(keepAlive));
    ASSERT_TRUE(target) << target.status().toString();
    ASSERT_TRUE(device_
                    ->queueRead(~0ull, nullptr, fenceAt(done, 1), *file, 0,
                                std::move(*target), 0, 8192)
                    .isOk());
    ASSERT_TRUE(done->wait(1).isOk());
    EXPECT_EQ(valueAtRelease.load(), 0) << "round " << round;
  }
  ::unlink(path.c_str());
}

TEST_F(DeviceTest, WritingAReadOnlyFileIsPermissionDenied) {
  std::string path = tempPath("ro");
  {
    auto f = io::IoFile::open(
        path, {io::file_access::Read | io::file_access::Write, false, true});
    ASSERT_TRUE(f);
  }
  auto file = io::IoFile::open(path, {io::file_access::Read, false, false});
  ASSERT_TRUE(file);
  auto src = device_->allocator().allocate(BufferParams{}, 16);
  auto s = Semaphore::create(0);
  Status status =
      device_->queueWrite(~0ull, nullptr, fenceAt(s, 1), *src, 0, *file, 0, 16);
  EXPECT_EQ(status.code(), StatusCode::PermissionDenied);
  EXPECT_EQ(s->wait(1).code(), StatusCode::PermissionDenied);
  ::unlink(path.c_str());
}

TEST_F(DeviceTest, ConcurrentChainsFromManyThreads) {
  // Several submitter threads each build a fill -> copy -> host-check chain;
  // exercised under TSan.
  constexpr int kThreads = 4, kChains = 50;
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int th = 0; th < kThreads; ++th) {
    threads.emplace_back([&, th] {
      for (int c = 0; c < kChains; ++c) {
        auto t = Semaphore::create(0);
        auto a = device_->queueAlloca(~0ull, nullptr, fenceAt(t, 1),
                                      BufferParams{}, 4096);
        auto b = device_->queueAlloca(~0ull, fenceAt(t, 1), fenceAt(t, 2),
                                      BufferParams{}, 4096);
        if (!a || !b)
          return;
        uint8_t value = (uint8_t)(th * 16 + c);
        (void)device_->queueFill(~0ull, fenceAt(t, 2), fenceAt(t, 3), *a, 0,
                                 4096, &value, 1);
        (void)device_->queueCopy(~0ull, fenceAt(t, 3), fenceAt(t, 4), *a, 0, *b,
                                 0, 4096);
        BufferRef bb = *b;
        (void)device_->queueHostCall(
            ~0ull, fenceAt(t, 4), fenceAt(t, 5), [bb, value] {
              uint8_t *p = bb->hostData();
              for (int i = 0; i < 4096; ++i)
                if (p[i] != value)
                  return Status(StatusCode::DataLoss, "mismatch");
              return Status();
            });
        (void)device_->queueDealloca(~0ull, fenceAt(t, 5), fenceAt(t, 6), *a);
        if (t->wait(6).isOk())
          ++ok;
      }
    });
  }
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(ok.load(), kThreads * kChains);
}

TEST(DeviceLifetime, DestructorWaitsForPendingOperations) {
  auto device = Device::create();
  ASSERT_TRUE(device);
  auto gate = Semaphore::create(0);
  std::atomic<bool> ran{false};
  ASSERT_TRUE((*device)
                  ->queueHostCall(~0ull, Fence::createAt(gate, 1), nullptr,
                                  [&] {
                                    ran = true;
                                    return Status();
                                  })
                  .isOk());
  EXPECT_EQ((*device)->pendingOperations(), 1u);
  std::thread releaser([&] { ASSERT_TRUE(gate->signal(1).isOk()); });
  device->reset();
  releaser.join();
  EXPECT_TRUE(ran.load());
}

} // namespace
