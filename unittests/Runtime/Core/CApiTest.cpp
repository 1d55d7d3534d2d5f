//===- CApiTest.cpp - The C API
//-----------------------------------------------===//

#include "sluice/Runtime/Core/CApi.h"

#include <gtest/gtest.h>

#include <cstring>

extern "C" int sluice_capi_c_smoke(void);

namespace {

TEST(CApi, UsableFromC) { EXPECT_EQ(sluice_capi_c_smoke(), 1); }

TEST(CApi, AllocaFillWaitMap) {
  sluice_device_t *device = nullptr;
  ASSERT_EQ(sluice_device_create(2, &device), nullptr);
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(sluice_semaphore_create(0, &sem), nullptr);
  sluice_fence_t *f1 = nullptr, *f2 = nullptr;
  ASSERT_EQ(sluice_fence_create(&f1), nullptr);
  ASSERT_EQ(sluice_fence_insert(f1, sem, 1), nullptr);
  ASSERT_EQ(sluice_fence_create(&f2), nullptr);
  ASSERT_EQ(sluice_fence_insert(f2, sem, 2), nullptr);

  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(sluice_queue_alloca(device, ~0ull, nullptr, f1, 0x46, 0x1000003,
                                256, &buffer),
            nullptr);
  uint16_t pattern = 0xBEEF;
  ASSERT_EQ(
      sluice_queue_fill(device, ~0ull, f1, f2, buffer, 0, 256, &pattern, 2),
      nullptr);
  ASSERT_EQ(sluice_fence_wait(f2, -1), nullptr);
  int reached = 0;
  ASSERT_EQ(sluice_fence_query(f2, &reached), nullptr);
  EXPECT_EQ(reached, 1);
  uint64_t value = 0;
  ASSERT_EQ(sluice_semaphore_query(sem, &value), nullptr);
  EXPECT_EQ(value, 2u);

  void *data = nullptr;
  ASSERT_EQ(sluice_buffer_map(buffer, 1, 0, 256, &data), nullptr);
  uint16_t first;
  std::memcpy(&first, data, 2);
  EXPECT_EQ(first, 0xBEEF);
  EXPECT_EQ(sluice_buffer_length(buffer), 256u);

  sluice_buffer_release(buffer);
  sluice_fence_release(f1);
  sluice_fence_release(f2);
  sluice_semaphore_release(sem);
  sluice_device_release(device);
}

sluice_status_t failingHostCall(void *user) {
  *static_cast<int *>(user) += 1;
  return sluice_status_make(15, "host call failed");
}

TEST(CApi, ErrorsAreReturnedAsStatuses) {
  sluice_device_t *device = nullptr;
  ASSERT_EQ(sluice_device_create(0, &device), nullptr);
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(sluice_semaphore_create(0, &sem), nullptr);
  sluice_fence_t *fence = nullptr;
  ASSERT_EQ(sluice_fence_create(&fence), nullptr);
  ASSERT_EQ(sluice_fence_insert(fence, sem, 1), nullptr);

  sluice_status_t status = sluice_fence_wait(fence, 0);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 4); // DEADLINE_EXCEEDED
  sluice_status_free(status);

  int calls = 0;
  ASSERT_EQ(sluice_queue_host_call(device, ~0ull, nullptr, fence,
                                   failingHostCall, &calls),
            nullptr);
  status = sluice_fence_wait(fence, -1);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 15);
  EXPECT_STREQ(sluice_status_message(status), "host call failed");
  sluice_status_free(status);
  EXPECT_EQ(calls, 1);

  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(sluice_buffer_allocate(device, 0x46, 0x1000003, 16, &buffer),
            nullptr);
  sluice_buffer_t *sub = nullptr;
  status = sluice_buffer_subspan(buffer, 8, 9, &sub);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 11); // OUT_OF_RANGE
  sluice_status_free(status);
  EXPECT_EQ(sub, nullptr);

  status = sluice_semaphore_signal(sem, 0);
  ASSERT_NE(status, nullptr);
  sluice_status_free(status);

  sluice_buffer_release(buffer);
  sluice_fence_release(fence);
  sluice_semaphore_release(sem);
  sluice_device_release(device);
}

int fenceReached(sluice_fence_t *fence) {
  int reached = -1;
  sluice_status_t status = sluice_fence_query(fence, &reached);
  EXPECT_EQ(status, nullptr);
  sluice_status_free(status);
  return reached;
}

// The trap: an empty fence is reached before anything signals it.
TEST(CApi, EmptyFenceIsReached) {
  sluice_fence_t *fence = nullptr;
  ASSERT_EQ(sluice_fence_create(&fence), nullptr);
  EXPECT_EQ(fenceReached(fence), 1);
  EXPECT_EQ(sluice_fence_wait(fence, 0), nullptr);
  sluice_fence_release(fence);
}

TEST(CApi, FenceCreatedAtTimepointWaitsForTheSemaphore) {
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(sluice_semaphore_create(2, &sem), nullptr);
  sluice_fence_t *past = nullptr, *next = nullptr, *later = nullptr;
  ASSERT_EQ(sluice_fence_create_at(sem, 2, &past), nullptr);
  ASSERT_EQ(sluice_fence_create_at(sem, 3, &next), nullptr);
  ASSERT_EQ(sluice_fence_create_at(sem, 5, &later), nullptr);
  EXPECT_EQ(fenceReached(past), 1);
  EXPECT_EQ(fenceReached(next), 0);
  sluice_status_t status = sluice_fence_wait(next, 0);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 4); // DEADLINE_EXCEEDED
  sluice_status_free(status);

  ASSERT_EQ(sluice_semaphore_signal(sem, 3), nullptr);
  EXPECT_EQ(fenceReached(next), 1);
  EXPECT_EQ(fenceReached(later), 0);
  // Signalling the fence signals its semaphore to the fence's value.
  ASSERT_EQ(sluice_fence_signal(later), nullptr);
  uint64_t value = 0;
  ASSERT_EQ(sluice_semaphore_query(sem, &value), nullptr);
  EXPECT_EQ(value, 5u);
  EXPECT_EQ(fenceReached(later), 1);

  // The fence holds its own reference to the semaphore.
  sluice_fence_t *held = nullptr;
  ASSERT_EQ(sluice_fence_create_at(sem, 6, &held), nullptr);
  sluice_semaphore_release(sem);
  EXPECT_EQ(fenceReached(held), 0);
  ASSERT_EQ(sluice_fence_signal(held), nullptr);
  EXPECT_EQ(fenceReached(held), 1);

  sluice_fence_release(past);
  sluice_fence_release(next);
  sluice_fence_release(later);
  sluice_fence_release(held);
}

TEST(CApi, FenceCreateAtRejectsNullArguments) {
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(sluice_semaphore_create(0, &sem), nullptr);
  sluice_fence_t *fence = reinterpret_cast<sluice_fence_t *>(&sem);
  sluice_status_t status = sluice_fence_create_at(nullptr, 1, &fence);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 3); // INVALID_ARGUMENT
  sluice_status_free(status);
  EXPECT_EQ(fence, nullptr);
  status = sluice_fence_create_at(sem, 1, nullptr);
  ASSERT_NE(status, nullptr);
  sluice_status_free(status);
  status = sluice_fence_create_pending(nullptr);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 3);
  sluice_status_free(status);
  sluice_semaphore_release(sem);
}

sluice_status_t countingHostCall(void *user) {
  *static_cast<int *>(user) += 1;
  return nullptr;
}

// A pending fence as the signal fence of a queue operation: not reached
// until the operation ran, which waits for its own (pending) wait fence.
TEST(CApi, PendingFenceIsReachedOnlyWhenSignalled) {
  sluice_device_t *device = nullptr;
  ASSERT_EQ(sluice_device_create(1, &device), nullptr);
  sluice_fence_t *wait = nullptr, *signal = nullptr;
  ASSERT_EQ(sluice_fence_create_pending(&wait), nullptr);
  ASSERT_EQ(sluice_fence_create_pending(&signal), nullptr);
  EXPECT_EQ(fenceReached(wait), 0);
  EXPECT_EQ(fenceReached(signal), 0);

  int calls = 0;
  ASSERT_EQ(sluice_queue_host_call(device, ~0ull, wait, signal,
                                   countingHostCall, &calls),
            nullptr);
  EXPECT_EQ(fenceReached(signal), 0);
  sluice_status_t status = sluice_fence_wait(signal, 1000000); // 1 ms
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 4); // DEADLINE_EXCEEDED
  sluice_status_free(status);
  EXPECT_EQ(calls, 0);

  ASSERT_EQ(sluice_fence_signal(wait), nullptr);
  ASSERT_EQ(sluice_device_await(device, -1, 1, &signal), nullptr);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(fenceReached(signal), 1);

  // Failing a pending fence fails its waiters.
  sluice_fence_t *failed = nullptr;
  ASSERT_EQ(sluice_fence_create_pending(&failed), nullptr);
  sluice_fence_fail(failed, 13, "boom");
  status = sluice_fence_wait(failed, -1);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 13);
  sluice_status_free(status);

  sluice_fence_release(failed);
  sluice_fence_release(wait);
  sluice_fence_release(signal);
  sluice_device_release(device);
}

} // namespace

// external-transients.md §9.9: the storage's base address must be a multiple
// of iree.abi.transients.alignment. What the runtime guarantees about the
// base, which the compiled storage check relies on: every allocation is
// 64-byte aligned, a sub-span keeps its parent's base (only the offset the
// check reads changes), and a host import is rejected unless it is 64-byte
// aligned. Bases 64 bytes past a larger boundary are possible (a host
// import), so an alignment above 64 is checked on the device address
// (test/e2e/transients_alignment.mlir).
TEST(CApi, BufferBaseAlignment) {
  constexpr uintptr_t kAlignment = 64;
  sluice_device_t *device = nullptr;
  ASSERT_EQ(sluice_device_create(0, &device), nullptr);
  for (uint64_t size : {1ull, 7ull, 64ull, 100ull, 4096ull, 1ull << 20}) {
    sluice_buffer_t *buffer = nullptr;
    ASSERT_EQ(sluice_buffer_allocate(device, 0x46, 0x1000003, size, &buffer),
              nullptr);
    void *base = nullptr;
    ASSERT_EQ(sluice_buffer_map(buffer, 1, 0, size, &base), nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(base) % kAlignment, 0u)
        << "allocation of " << size << " bytes";
    if (size > 8) {
      sluice_buffer_t *sub = nullptr;
      ASSERT_EQ(sluice_buffer_subspan(buffer, 8, size - 8, &sub), nullptr);
      void *subData = nullptr;
      ASSERT_EQ(sluice_buffer_map(sub, 1, 0, size - 8, &subData), nullptr);
      EXPECT_EQ(static_cast<uint8_t *>(subData),
                static_cast<uint8_t *>(base) + 8);
      sluice_buffer_release(sub);
    }
    sluice_buffer_release(buffer);
  }

  alignas(256) static uint8_t host[1024];
  for (uintptr_t odd : {1u, 8u, 32u, 63u}) {
    sluice_buffer_t *buffer = nullptr;
    sluice_status_t status = sluice_buffer_import_host(
        device, host + odd, 64, 0x46, 0x1000003, nullptr, nullptr, &buffer);
    ASSERT_NE(status, nullptr) << "import at +" << odd;
    EXPECT_EQ(sluice_status_code(status), 3); // INVALID_ARGUMENT
    EXPECT_NE(std::strstr(sluice_status_message(status),
                          "is not aligned to the import alignment 64"),
              nullptr)
        << sluice_status_message(status);
    sluice_status_free(status);
    EXPECT_EQ(buffer, nullptr);
  }
  // 64-byte aligned but not 256-byte aligned: accepted, and the base is
  // exactly that address.
  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(sluice_buffer_import_host(device, host + 64, 256, 0x46, 0x1000003,
                                      nullptr, nullptr, &buffer),
            nullptr);
  void *data = nullptr;
  ASSERT_EQ(sluice_buffer_map(buffer, 1, 0, 256, &data), nullptr);
  EXPECT_EQ(data, static_cast<void *>(host + 64));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % 256, 64u);
  sluice_buffer_release(buffer);
  sluice_device_release(device);
}
