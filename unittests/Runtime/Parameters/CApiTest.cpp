//===- CApiTest.cpp - C API of the parameter module
//------------------------------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Parameters/CApi.h"
#include "sluice/Runtime/Parameters/CApiHandles.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

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

  // The import-table form checks the program's buffer count (execution.md
  // §3.4): a mismatch is FAILED_PRECONDITION and fails the signal fence.
  {
    sluice_semaphore_t *sem3 = nullptr;
    ASSERT_EQ(sluice_semaphore_create(0, &sem3), nullptr);
    sluice_fence_t *signal3 = nullptr;
    ASSERT_EQ(sluice_fence_create(&signal3), nullptr);
    ASSERT_EQ(sluice_fence_insert(signal3, sem3, 1), nullptr);
    sluice_buffer_t *out[3] = {};
    sluice_status_t mismatch = sluice_io_parameters_load_into(
        module, device, -1, nullptr, signal3, "model", 5, -1, 48, 527363,
        table.data(), table.size(), keys.data(), keys.size(), spans.data(),
        spans.size(), 3, out);
    ASSERT_NE(mismatch, nullptr);
    EXPECT_EQ(sluice_status_code(mismatch), 9);
    EXPECT_STREQ(sluice_status_message(mismatch),
                 "io_parameters.load produced 2 buffers but the program "
                 "expects 3");
    sluice_status_free(mismatch);
    mismatch = sluice_fence_wait(signal3, -1);
    ASSERT_NE(mismatch, nullptr);
    sluice_status_free(mismatch);
    for (sluice_buffer_t *b : out)
      EXPECT_EQ(b, nullptr);
    sluice_fence_release(signal3);
    sluice_semaphore_release(sem3);
  }

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

/// parameter-runtime.md §10.1: the same files opened by several providers
/// (scopes, contexts) are parsed once while one of them lives.
TEST(ParametersCApi, IndexCacheSharesParsedFiles) {
  TempFile a("cache-a.irpa"), b("cache-b.irpa");
  writeArchive(a.path(), {{"wa", 64, "", 64}});
  writeArchive(b.path(), {{"wb", 64, "", 64}});
  const char *pathA[] = {a.path().c_str()};
  const char *pathsAB[] = {a.path().c_str(), b.path().c_str()};
  sluice_io_parameter_provider_t *p1 = nullptr, *p2 = nullptr, *p3 = nullptr,
                                 *p4 = nullptr;
  ASSERT_EQ(sluice_io_parameter_provider_open("x", pathA, 1, nullptr, &p1),
            nullptr);
  ASSERT_EQ(sluice_io_parameter_provider_open("y", pathA, 1, nullptr, &p2),
            nullptr);
  ASSERT_EQ(sluice_io_parameter_provider_open("x", pathsAB, 2, nullptr, &p3),
            nullptr);
  using sluice::runtime::parameters::providerOf;
  EXPECT_EQ(providerOf(p1)->index().get(), providerOf(p2)->index().get());
  EXPECT_NE(providerOf(p1)->index().get(), providerOf(p3)->index().get());
  EXPECT_EQ(providerOf(p3)->index()->size(), 2u);
  // Other parse options parse again.
  sluice_io_parameter_provider_options_t options = {};
  options.index_max_bytes = 1 << 20;
  ASSERT_EQ(sluice_io_parameter_provider_open("x", pathA, 1, &options, &p4),
            nullptr);
  EXPECT_NE(providerOf(p1)->index().get(), providerOf(p4)->index().get());
  // A rewritten file (new inode) is parsed again.
  sluice_io_parameter_provider_release(p1);
  sluice_io_parameter_provider_release(p2);
  writeArchive(a.path(), {{"wa", 64, "", 64}, {"wc", 64, "", 64}});
  ASSERT_EQ(sluice_io_parameter_provider_open("x", pathA, 1, nullptr, &p1),
            nullptr);
  EXPECT_EQ(providerOf(p1)->index()->size(), 2u);
  sluice_io_parameter_provider_release(p1);
  sluice_io_parameter_provider_release(p3);
  sluice_io_parameter_provider_release(p4);
}

/// irpa-format.md §7.5 through the C API (--parameter_expected_tp_size of
/// sluice-run): the files of a scope are checked as one sharded checkpoint.
TEST(ParametersCApi, ExpectedTensorParallelSize) {
  TempFile rank0("tp.rank0.irpa"), rank1("tp.rank1.irpa");
  for (uint32_t rank : {0u, 1u}) {
    sluice::runtime::archive::WriterOptions options;
    sluice::runtime::archive::ArchiveShardingRecord sharding;
    sharding.groupId.fill(0x5A);
    sharding.tpSize = 2;
    sharding.tpRank = rank;
    options.archiveSharding = sharding;
    writeArchive((rank ? rank1 : rank0).path(),
                 {{"w" + std::to_string(rank), 64, "", 64}}, options);
  }
  const char *both[] = {rank0.path().c_str(), rank1.path().c_str()};
  sluice_io_parameter_provider_options_t options = {};
  sluice_io_parameter_provider_t *provider = nullptr;
  // The complete checkpoint, with the right size or none declared.
  for (uint32_t expected : {0u, 2u}) {
    options.expected_tp_size = expected;
    ASSERT_EQ(sluice_io_parameter_provider_open("model", both, 2, &options,
                                                &provider),
              nullptr);
    sluice_io_parameter_provider_release(provider);
    provider = nullptr;
  }
  options.expected_tp_size = 4;
  sluice_status_t status =
      sluice_io_parameter_provider_open("model", both, 2, &options, &provider);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(sluice_status_code(status), 9); // FAILED_PRECONDITION
  EXPECT_STREQ(sluice_status_message(status),
               "parameter scope 'model' was sharded for tensor-parallel size "
               "2 but the program expects 4");
  sluice_status_free(status);
  EXPECT_EQ(provider, nullptr);
  // A rank given twice is caught without any expectation.
  options.expected_tp_size = 0;
  const char *first[] = {rank0.path().c_str(), rank0.path().c_str()};
  status =
      sluice_io_parameter_provider_open("model", first, 2, &options, &provider);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(std::string(sluice_status_message(status)),
            "parameter scope 'model' has tensor-parallel rank 0 in more than "
            "one file (" +
                rank0.path() + ", " + rank0.path() + ")");
  sluice_status_free(status);
}

} // namespace
