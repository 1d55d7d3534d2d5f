//===- ModuleTestUtil.h - Shared helpers of the runtime/Module tests ------===//
#ifndef SLUICE_UNITTESTS_RUNTIME_MODULE_MODULETESTUTIL_H
#define SLUICE_UNITTESTS_RUNTIME_MODULE_MODULETESTUTIL_H

#include "sluice/Runtime/Module/Api.h"
#include "sluice/Runtime/Status.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

/// The test module linked into the test binary (TestModuleInProcess.c).
extern "C" const sluice_module_descriptor_t *
sluice_test_module_query(uint32_t abi_version);

namespace sluice::test {

/// "OK", or "<CODE>; <message>" of a C status (which it frees).
std::string statusText(sluice_status_t status);

constexpr uint32_t kF32 = 0x21000020u;
constexpr uint32_t kI32 = 0x10000020u;

/// A runtime with one worker, the in-process test module and a context.
class ModuleFixture : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;
  sluice_device_t *device() { return sluice_runtime_device(rt_); }
  sluice_function_t *function(const char *name);
  /// A new f32 view of `values` (rank 1).
  sluice_buffer_view_t *f32View(const std::vector<float> &values);
  /// The bytes of a committed, mappable buffer.
  static std::vector<uint8_t> bytesOf(sluice_buffer_t *buffer);
  /// The printed form of a view.
  static std::string format(sluice_buffer_view_t *view);

  sluice_runtime_t *rt_ = nullptr;
  sluice_module_t *module_ = nullptr;
  sluice_context_t *context_ = nullptr;
};

} // namespace sluice::test

#endif // SLUICE_UNITTESTS_RUNTIME_MODULE_MODULETESTUTIL_H
