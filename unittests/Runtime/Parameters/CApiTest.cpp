//===- CApiTest.cpp - C API of the parameter module
//------------------------------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Parameters/CApi.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

using namespace sluice::runtime::testing;

namespace {

void putU32(std::vector<uint8_t> &out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back((uint8_t)(v >> (8 * i)));
}
void putU64(std::vector<uint8_t> &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back((uint8_t)(v >> (8 * i)));
}

TEST(ParametersCApi, LoadGatherAndErrors) {
  TempFile file("capi.irpa");
  writeArchive(file.path(), {{"w0", 4096, "", 64}, {"s", 100, "\x07", 0}});
  const char *paths[] = {file.path().c_str()};
  sluice_io_parameter_provider_options_t options = {};
  options.policy = SLUICE_IO_POLICY_MMAP;
  sluice_io_parameter_provider_t *provider = nullptr;
  ASSERT_EQ(
      sluice_io_parameter_provider_open("model", paths, 1, &options, &provider),
      nullptr);
  sluice_io_parameters_module_t *module = nullptr;
  ASSERT_EQ(sluice_io_parameters_module_create(&module), nullptr);
  ASSERT_EQ(sluice_io_parameters_module_add_provider(module, provider),
            nullptr);
  sluice_device_t *device = nullptr;
  ASSERT_EQ(sluice_device_create(0, &device), nullptr);

  std::vector<uint8_t> table, spans;
  std::string keys = "w0s";
  putU32(table, 0), putU32(table, 2), putU32(table, 2), putU32(table, 1);
  putU64(spans, 100), putU64(spans, 0), putU64(spans, 200);
  putU64(spans, 3), putU64(spans, 0), putU64(spans, 50);

  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(sluice_semaphore_create(0, &sem), nullptr);
  sluice_fence_t *signal = nullptr;
  ASSERT_EQ(sluice_fence_create(&signal), nullptr);
  ASSERT_EQ(sluice_fence_insert(signal, sem, 1), nullptr);
  sluice_buffer_t **buffers = nullptr;
  size_t count = 0;
  ASSERT_EQ(sluice_io_parameters_load(
                module, device, -1, nullptr, signal, "model", 5, -1, 48, 527363,
                table.data(), table.size(), keys.data(), keys.size(),
                spans.data(), spans.size(), &buffers, &count),
            nullptr);
  ASSERT_EQ(sluice_fence_wait(signal, -1), nullptr);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(sluice_buffer_length(buffers[0]), 200u);
  EXPECT_EQ(sluice_buffer_length(buffers[1]), 50u);
  sluice_io_parameter_statistics_t stats;
  ASSERT_EQ(sluice_io_parameter_provider_query_statistics(provider, &stats),
            nullptr);
  EXPECT_EQ(stats.bytes_filled, 50u);
  for (size_t i = 0; i < count; ++i)
    sluice_buffer_release(buffers[i]);
  std::free(buffers);

  // Wrong scope: NOT_FOUND, and the signal fence fails instead of hanging.
  sluice_semaphore_t *sem2 = nullptr;
  ASSERT_EQ(sluice_semaphore_create(0, &sem2), nullptr);
  sluice_fence_t *signal2 = nullptr;
  ASSERT_EQ(sluice_fence_create(&signal2), nullptr);
  ASSERT_EQ(sluice_fence_insert(signal2, sem2, 1), nullptr);
  sluice_buffer_t *target = nullptr;
  ASSERT_EQ(sluice_buffer_allocate(device, 0x46, 0x1000003, 1024, &target),
            nullptr);
  sluice_status_t status = sluice_io_parameters_gather(
      module, device, -1, nullptr, signal2, "other", 5, target, table.data(),
      table.size(), keys.data(), keys.size(), spans.data(), spans.size());
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 5);
  sluice_status_free(status);
  status = sluice_fence_wait(signal2, -1);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 5);
  sluice_status_free(status);

  // Missing file.
  const char *missing[] = {"/nonexistent/sluice.irpa"};
  sluice_io_parameter_provider_t *none = nullptr;
  status = sluice_io_parameter_provider_open("", missing, 1, nullptr, &none);
  ASSERT_NE(status, nullptr);
  sluice_status_free(status);
  EXPECT_EQ(none, nullptr);

  sluice_buffer_release(target);
  sluice_fence_release(signal);
  sluice_fence_release(signal2);
  sluice_semaphore_release(sem);
  sluice_semaphore_release(sem2);
  sluice_io_parameters_module_release(module);
  sluice_io_parameter_provider_release(provider);
  sluice_device_release(device);
}

} // namespace
