//===- ModuleTestUtil.cpp -------------------------------------------------===//

#include "ModuleTestUtil.h"

#include <cstring>

namespace sluice::test {

std::string statusText(sluice_status_t status) {
  if (!status)
    return "OK";
  std::string text =
      runtime::statusCodeName((runtime::StatusCode)sluice_status_code(status));
  text += "; ";
  text += sluice_status_message(status);
  sluice_status_free(status);
  return text;
}

void ModuleFixture::SetUp() {
  sluice_runtime_options_t options{};
  options.worker_threads = 1;
  options.worker_spin_us = 10;
  ASSERT_EQ(statusText(sluice_runtime_create(&options, &rt_)), "OK");
  ASSERT_EQ(statusText(sluice_module_register(rt_, sluice_test_module_query,
                                              "in-process", nullptr, nullptr,
                                              &module_)),
            "OK");
  ASSERT_EQ(statusText(sluice_context_create(module_, nullptr, &context_)),
            "OK");
}

void ModuleFixture::TearDown() {
  sluice_context_release(context_);
  sluice_module_release(module_);
  sluice_runtime_release(rt_);
}

sluice_function_t *ModuleFixture::function(const char *name) {
  sluice_function_t *f = nullptr;
  EXPECT_EQ(statusText(sluice_context_lookup_function(context_, name, &f)),
            "OK");
  return f;
}

sluice_buffer_view_t *ModuleFixture::f32View(const std::vector<float> &values) {
  int64_t n = (int64_t)values.size();
  sluice_buffer_view_t *view = nullptr;
  EXPECT_EQ(statusText(sluice_buffer_view_allocate(device(), kF32, 1, &n,
                                                   values.data(),
                                                   values.size() * 4, &view)),
            "OK");
  return view;
}

std::vector<uint8_t> ModuleFixture::bytesOf(sluice_buffer_t *buffer) {
  void *data = nullptr;
  uint64_t length = sluice_buffer_length(buffer);
  EXPECT_EQ(statusText(sluice_buffer_map(buffer, 1, 0, length, &data)), "OK");
  const uint8_t *p = static_cast<const uint8_t *>(data);
  return p ? std::vector<uint8_t>(p, p + length) : std::vector<uint8_t>();
}

std::string ModuleFixture::format(sluice_buffer_view_t *view) {
  size_t length = 0;
  sluice_status_t probe =
      sluice_buffer_view_format(view, 1024, nullptr, 0, &length);
  if (sluice_status_code(probe) != 8) // RESOURCE_EXHAUSTED: the length is set
    return statusText(probe);
  sluice_status_free(probe);
  std::string text(length + 1, '\0');
  std::string status = statusText(
      sluice_buffer_view_format(view, 1024, text.data(), text.size(), &length));
  return status == "OK" ? text.substr(0, length) : status;
}

} // namespace sluice::test
