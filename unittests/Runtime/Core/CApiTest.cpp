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

} // namespace
