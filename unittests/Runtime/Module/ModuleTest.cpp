//===- ModuleTest.cpp - Loading modules, contexts, calls ------------------===//
//
// Drives the hand-written test module (TestModule.c) as a shared object
// (dlopen, memfd) and registered in-process, through the embedding API.
//
//===----------------------------------------------------------------------===//

#include "ModuleTestUtil.h"

#include "sluice/Runtime/Module/Api.hpp"

#include <atomic>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

using namespace sluice::runtime;
using sluice::test::kF32;
using sluice::test::kI32;
using sluice::test::statusText;

namespace {

class ModuleTest : public sluice::test::ModuleFixture {
protected:
  /// Calls `add(a, b, per, cost)` and returns the printed result.
  std::string add(const std::vector<float> &a, const std::vector<float> &b,
                  int32_t per, int64_t cost) {
    sluice_call_t *call = nullptr;
    EXPECT_EQ(statusText(sluice_call_create(function("add"), &call)), "OK");
    sluice_buffer_view_t *va = f32View(a), *vb = f32View(b);
    sluice_value_t v;
    v.i64 = 0;
    v.i32 = per;
    EXPECT_EQ(statusText(sluice_call_set_buffer_view(call, 0, va)), "OK");
    EXPECT_EQ(statusText(sluice_call_set_buffer_view(call, 1, vb)), "OK");
    EXPECT_EQ(statusText(sluice_call_set_value(call, 2, v)), "OK");
    v.i64 = cost;
    EXPECT_EQ(statusText(sluice_call_set_value(call, 3, v)), "OK");
    sluice_buffer_view_release(va); // the call keeps them
    sluice_buffer_view_release(vb);
    std::string status = statusText(sluice_call_invoke(call));
    std::string out = status == "OK"
                          ? format(static_cast<sluice_buffer_view_t *>(
                                sluice_call_result(call, 0).ref))
                          : status;
    sluice_call_release(call);
    return out;
  }
};

TEST_F(ModuleTest, DescriptorAndFunctions) {
  EXPECT_STREQ(sluice_module_name(module_), "test_module");
  EXPECT_EQ(sluice_function_count(context_), 13u);
  sluice_function_t *add = function("add");
  EXPECT_STREQ(sluice_function_cconv(add), "0rriI_r");
  EXPECT_EQ(sluice_function_argument_count(add), 4u);
  EXPECT_EQ(sluice_function_result_count(add), 1u);
  EXPECT_EQ(sluice_function_argument_kind(add, 3), 'I');
  EXPECT_EQ(sluice_function_result_kind(add, 0), 'r');
  sluice_function_t *broken = function("broken");
  EXPECT_EQ(sluice_function_argument_count(broken), 0u); // "0v_v"
  EXPECT_EQ(sluice_function_result_count(broken), 0u);
  EXPECT_STREQ(sluice_function_reflection(function("transients"),
                                          "iree.abi.declaration"),
               "sync func @transients");
  EXPECT_EQ(sluice_function_reflection(add, "iree.abi.declaration"), nullptr);
}

TEST_F(ModuleTest, UnknownFunction) {
  sluice_function_t *f = nullptr;
  EXPECT_EQ(statusText(sluice_context_lookup_function(context_, "sub", &f)),
            "NOT_FOUND; function 'sub' not found in module 'test_module'; "
            "exported functions: add, broken, const_transients, counter, "
            "fail, load_buffer, mixed, param_gather, read_file, rodata, "
            "store_buffer, transients, transients_transients_size");
  EXPECT_EQ(f, nullptr);
}

TEST_F(ModuleTest, CommandFunctionRunsAWaveInlineAndFannedOut) {
  EXPECT_EQ(add({1, 2, 3, 4}, {1, 1, 1, 1}, 2, 1), "4xf32=2 3 4 5");
  std::vector<float> a(1000), b(1000);
  for (int i = 0; i < 1000; ++i) {
    a[i] = (float)i;
    b[i] = 0.5f;
  }
  // 250 workgroups x 100 us: fans out to the worker.
  std::string out = add(a, b, 4, 100000);
  EXPECT_EQ(out.substr(0, 30), "1000xf32=0.5 1.5 2.5 3.5 4.5 5");
  EXPECT_EQ(out.substr(out.size() - 12), " 998.5 999.5");
  sluice_device_statistics_t stats;
  ASSERT_EQ(statusText(sluice_device_query_statistics(device(), &stats)), "OK");
  EXPECT_EQ(stats.waves, 2u);
  EXPECT_EQ(stats.fanouts, 1u);
}

TEST_F(ModuleTest, InputChecksUseTheReferenceMessages) {
  EXPECT_EQ(add({1, 2, 3, 4}, {1, 1, 1}, 2, 1),
            "INVALID_ARGUMENT; input1 shape dimension 0 mismatch; expected 4 "
            "but have 3; expected shape `4`, actual shape `3`");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("add"), &call)), "OK");
  int64_t four = 4;
  sluice_buffer_view_t *ints = nullptr;
  ASSERT_EQ(statusText(sluice_buffer_view_allocate(device(), kI32, 1, &four,
                                                   nullptr, 0, &ints)),
            "OK");
  ASSERT_EQ(statusText(sluice_call_set_buffer_view(call, 0, ints)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "INVALID_ARGUMENT; input0 element type mismatch; expected f32 "
            "(21000020) but have i32 (10000020)");
  EXPECT_EQ(sluice_call_result(call, 0).ref, nullptr);
  sluice_buffer_view_release(ints);
  sluice_call_release(call);
}

TEST_F(ModuleTest, ArgumentSetterErrors) {
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("add"), &call)), "OK");
  sluice_value_t v;
  v.i64 = 1;
  EXPECT_EQ(statusText(sluice_call_set_value(call, 5, v)),
            "OUT_OF_RANGE; argument index 5 out of range; 'add' takes 4 "
            "arguments");
  EXPECT_EQ(statusText(sluice_call_set_value(call, 0, v)),
            "INVALID_ARGUMENT; argument 0 of 'add' is a reference; cannot set "
            "a scalar");
  EXPECT_EQ(statusText(sluice_call_set_buffer_view(call, 2, nullptr)),
            "INVALID_ARGUMENT; argument 2 of 'add' is a scalar; cannot set a "
            "buffer view");
  EXPECT_EQ(statusText(sluice_call_set_fence(call, 3, nullptr)),
            "INVALID_ARGUMENT; argument 3 of 'add' is a scalar; cannot set a "
            "fence");
  // An unset reference argument passes NULL: the program reports it.
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "INVALID_ARGUMENT; input0 is null");
  sluice_call_release(call);
}

TEST_F(ModuleTest, ScalarMarshalling) {
  sluice::Function f(function("mixed"));
  auto call = sluice::Call::create(f);
  ASSERT_TRUE(call);
  ASSERT_TRUE(call->setI32(0, -3).isOk());
  ASSERT_TRUE(call->setI64(1, 5000000000ll).isOk());
  ASSERT_TRUE(call->setF32(2, 0.5f).isOk());
  ASSERT_TRUE(call->setF64(3, 0.25).isOk());
  ASSERT_TRUE(call->invoke().isOk());
  ASSERT_EQ(call->resultCount(), 3u);
  EXPECT_DOUBLE_EQ(call->result(0).f64, -3 + 5000000000.0 + 0.5 + 0.25);
  EXPECT_EQ(call->result(1).i64, -15000000000ll);
  EXPECT_EQ(call->result(2).i32, 3);
}

TEST_F(ModuleTest, InitializersAndScalarGlobals) {
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("counter"), &call)), "OK");
  // Initial image 40, initializer +1, each call +1.
  for (int expected : {42, 43, 44}) {
    ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
    EXPECT_EQ(sluice_call_result(call, 0).i32, expected);
  }
  sluice_call_release(call);
  // A second context has its own globals.
  sluice_context_t *other = nullptr;
  ASSERT_EQ(statusText(sluice_context_create(module_, nullptr, &other)), "OK");
  sluice_function_t *f = nullptr;
  ASSERT_EQ(statusText(sluice_context_lookup_function(other, "counter", &f)),
            "OK");
  ASSERT_EQ(statusText(sluice_call_create(f, &call)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  EXPECT_EQ(sluice_call_result(call, 0).i32, 42);
  sluice_call_release(call);
  sluice_context_release(other);
}

TEST_F(ModuleTest, ReferenceGlobalsAreReleasedWithTheContext) {
  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(statusText(
                sluice_buffer_allocate(device(), 0x32, 0x9000C03, 64, &buffer)),
            "OK");
  auto count = [&] {
    return reinterpret_cast<sluice_ref_header_t *>(buffer)->ref_count;
  };
  sluice_context_t *c = nullptr;
  ASSERT_EQ(statusText(sluice_context_create(module_, nullptr, &c)), "OK");
  sluice_function_t *store = nullptr, *load = nullptr;
  ASSERT_EQ(
      statusText(sluice_context_lookup_function(c, "store_buffer", &store)),
      "OK");
  ASSERT_EQ(statusText(sluice_context_lookup_function(c, "load_buffer", &load)),
            "OK");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(store, &call)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_buffer(call, 0, buffer)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  sluice_call_release(call);
  EXPECT_EQ(count(), 2); // ours + the global's
  ASSERT_EQ(statusText(sluice_call_create(load, &call)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  EXPECT_EQ(sluice_call_result(call, 0).ref, buffer);
  EXPECT_EQ(count(), 3); // + the call's result
  sluice_call_release(call);
  EXPECT_EQ(count(), 2);
  sluice_context_release(c);
  EXPECT_EQ(count(), 1);
  sluice_buffer_release(buffer);
}

TEST_F(ModuleTest, FailuresPropagateAsStatuses) {
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("fail"), &call)), "OK");
  sluice_value_t v;
  v.i64 = 0;
  v.i32 = 9;
  ASSERT_EQ(statusText(sluice_call_set_value(call, 0, v)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "FAILED_PRECONDITION; requested failure; in fail");
  sluice_call_release(call);
  ASSERT_EQ(statusText(sluice_call_create(function("broken"), &call)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "INTERNAL; dispatch 'ex::broken' workgroup (3, 0, 0) failed with "
            "code 42");
  sluice_call_release(call);
}

TEST_F(ModuleTest, ParametersWithoutAProviderFailWithTheRoutingError) {
  sluice_buffer_t *target = nullptr;
  ASSERT_EQ(statusText(
                sluice_buffer_allocate(device(), 0x32, 0x9000C03, 16, &target)),
            "OK");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("param_gather"), &call)),
            "OK");
  ASSERT_EQ(statusText(sluice_call_set_buffer(call, 0, target)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "NOT_FOUND; no provider registered that handles scopes like "
            "'model'; pass --parameters=model=<file> or register a provider "
            "for this scope (registered scopes: none)");
  sluice_call_release(call);
  sluice_buffer_release(target);
}

TEST_F(ModuleTest, ParametersGatherFromAnArchive) {
  const char *path = SLUICE_TESTDATA_DIR "/irpa/single.irpa";
  sluice_io_parameter_provider_t *provider = nullptr;
  ASSERT_EQ(statusText(sluice_io_parameter_provider_open("model", &path, 1,
                                                         nullptr, &provider)),
            "OK");
  sluice_io_parameters_module_t *parameters = nullptr;
  ASSERT_EQ(statusText(sluice_io_parameters_module_create(&parameters)), "OK");
  ASSERT_EQ(statusText(
                sluice_io_parameters_module_add_provider(parameters, provider)),
            "OK");
  sluice_io_parameter_provider_release(provider);
  sluice_context_options_t options{parameters};
  sluice_context_t *c = nullptr;
  ASSERT_EQ(statusText(sluice_context_create(module_, &options, &c)), "OK");
  sluice_io_parameters_module_release(parameters); // the context keeps it
  sluice_function_t *f = nullptr;
  ASSERT_EQ(statusText(sluice_context_lookup_function(c, "param_gather", &f)),
            "OK");
  sluice_buffer_t *target = nullptr;
  ASSERT_EQ(statusText(
                sluice_buffer_allocate(device(), 0x32, 0x9000C03, 16, &target)),
            "OK");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(f, &call)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_buffer(call, 0, target)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  std::vector<uint8_t> bytes = bytesOf(target);
  float values[4];
  std::memcpy(values, bytes.data(), 16);
  for (float value : values)
    EXPECT_EQ(value, 100.0f);
  sluice_call_release(call);
  sluice_buffer_release(target);
  sluice_context_release(c);
}

TEST_F(ModuleTest, MemoryFilesReadModuleRodata) {
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("read_file"), &call)), "OK");
  sluice_value_t offset, length;
  offset.i64 = 2;
  length.i64 = 6;
  ASSERT_EQ(statusText(sluice_call_set_value(call, 0, offset)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_value(call, 1, length)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  EXPECT_EQ(
      bytesOf(static_cast<sluice_buffer_t *>(sluice_call_result(call, 0).ref)),
      (std::vector<uint8_t>{3, 4, 5, 6, 7, 8}));
  offset.i64 = 250;
  length.i64 = 16;
  ASSERT_EQ(statusText(sluice_call_set_value(call, 0, offset)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_value(call, 1, length)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "OUT_OF_RANGE; read range [250, 266) is outside file length 256");
  sluice_call_release(call);
}

TEST_F(ModuleTest, RodataImportIsZeroCopyAndOutlivesTheContext) {
  sluice_context_t *c = nullptr;
  ASSERT_EQ(statusText(sluice_context_create(module_, nullptr, &c)), "OK");
  sluice_function_t *f = nullptr;
  ASSERT_EQ(statusText(sluice_context_lookup_function(c, "rodata", &f)), "OK");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(f, &call)), "OK");
  sluice_value_t offset;
  offset.i64 = 1; // unaligned: the program must copy
  ASSERT_EQ(statusText(sluice_call_set_value(call, 0, offset)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  EXPECT_EQ(sluice_call_result(call, 0).ref, nullptr);
  EXPECT_EQ(sluice_call_result(call, 1).i32, 0);
  offset.i64 = 0;
  ASSERT_EQ(statusText(sluice_call_set_value(call, 0, offset)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke(call)), "OK");
  EXPECT_EQ(sluice_call_result(call, 1).i32, 1);
  auto *buffer =
      static_cast<sluice_buffer_t *>(sluice_call_result(call, 0).ref);
  sluice_buffer_retain(buffer);
  sluice_call_release(call);
  sluice_context_release(c); // the buffer keeps the context and module alive
  const auto *abi = reinterpret_cast<const sluice_buffer_abi_t *>(buffer);
  EXPECT_EQ(abi->byte_length, 16u);
  EXPECT_EQ(abi->allowed_access, 1u); // read-only
  const uint8_t *data = *abi->data_slot + abi->byte_offset;
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(data[i], i + 1);
  sluice_buffer_release(buffer);
}

TEST_F(ModuleTest, TransientsSize) {
  sluice_function_t *f = function("transients");
  int64_t eight = 8;
  sluice_buffer_view_t *input = nullptr;
  ASSERT_EQ(statusText(sluice_buffer_view_allocate(device(), kF32, 1, &eight,
                                                   nullptr, 0, &input)),
            "OK");
  sluice_value_t args[2];
  args[0].ref = input;
  args[1].ref = nullptr; // null storage
  uint64_t bytes = 0;
  ASSERT_EQ(statusText(sluice_function_transients_size(f, args, 2, &bytes)),
            "OK");
  EXPECT_EQ(bytes, 512u);
  EXPECT_EQ(statusText(sluice_function_transients_size(f, args, 1, &bytes)),
            "INVALID_ARGUMENT; transients size query "
            "'transients_transients_size' takes 2 arguments but 1 were given");
  ASSERT_EQ(statusText(sluice_function_transients_size(
                function("const_transients"), nullptr, 0, &bytes)),
            "OK");
  EXPECT_EQ(bytes, 512u);
  bytes = 7;
  ASSERT_EQ(statusText(sluice_function_transients_size(function("counter"),
                                                       nullptr, 0, &bytes)),
            "OK");
  EXPECT_EQ(bytes, 0u); // no keys: size 0

  // Too-small storage fails with the exact assertion message.
  sluice_buffer_t *storage = nullptr;
  ASSERT_EQ(
      statusText(sluice_buffer_allocate(device(), 0x30, 0xC03, 256, &storage)),
      "OK");
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(f, &call)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_buffer_view(call, 0, input)), "OK");
  ASSERT_EQ(statusText(sluice_call_set_transients(call, storage)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)),
            "INVALID_ARGUMENT; external transient storage for 'transients' "
            "(size query 'transients_transients_size') buffer byte length 256 "
            "less than expected minimum 512");
  sluice_buffer_release(storage);
  ASSERT_EQ(
      statusText(sluice_buffer_allocate(device(), 0x30, 0xC03, 512, &storage)),
      "OK");
  ASSERT_EQ(statusText(sluice_call_set_transients(call, storage)), "OK");
  EXPECT_EQ(statusText(sluice_call_invoke(call)), "OK");
  sluice_buffer_release(storage);
  sluice_call_release(call);
  sluice_buffer_view_release(input);
}

TEST_F(ModuleTest, InvokeAsyncOfASyncFunctionIsOrderedByFences) {
  sluice_call_t *call = nullptr;
  ASSERT_EQ(statusText(sluice_call_create(function("counter"), &call)), "OK");
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(statusText(sluice_semaphore_create(0, &sem)), "OK");
  sluice_fence_t *wait = nullptr, *signal = nullptr;
  ASSERT_EQ(statusText(sluice_fence_create(&wait)), "OK");
  ASSERT_EQ(statusText(sluice_fence_insert(wait, sem, 1)), "OK");
  ASSERT_EQ(statusText(sluice_fence_create(&signal)), "OK");
  ASSERT_EQ(statusText(sluice_fence_insert(signal, sem, 2)), "OK");
  ASSERT_EQ(statusText(sluice_call_invoke_async(call, wait, signal)), "OK");
  int reached = 1;
  ASSERT_EQ(statusText(sluice_fence_query(signal, &reached)), "OK");
  EXPECT_EQ(reached, 0);
  ASSERT_EQ(statusText(sluice_semaphore_signal(sem, 1)), "OK");
  ASSERT_EQ(statusText(sluice_device_await(device(), -1, 1, &signal)), "OK");
  EXPECT_EQ(sluice_call_result(call, 0).i32, 42);
  sluice_fence_release(wait);
  sluice_fence_release(signal);
  sluice_semaphore_release(sem);
  sluice_call_release(call);
}

TEST_F(ModuleTest, CallsFromSeveralThreads) {
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i)
        if (add({(float)t, 1}, {1, (float)i}, 1, i % 2 ? 100000 : 1) !=
            "2xf32=" + std::to_string(t + 1) + " " + std::to_string(1 + i))
          failures++;
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

class ModuleLoadTest : public ::testing::Test {
protected:
  void SetUp() override {
    sluice_runtime_options_t options{};
    options.worker_threads = 1;
    options.worker_spin_us = 10;
    ASSERT_EQ(statusText(sluice_runtime_create(&options, &rt_)), "OK");
  }
  void TearDown() override { sluice_runtime_release(rt_); }
  std::string load(const char *path) {
    sluice_module_t *m = nullptr;
    std::string status = statusText(sluice_module_load_file(rt_, path, &m));
    if (m)
      sluice_module_release(m);
    return status;
  }
  sluice_runtime_t *rt_ = nullptr;
};

TEST_F(ModuleLoadTest, SharedObjectRunsLikeTheInProcessModule) {
  auto rt = sluice::Runtime(rt_);
  rt_ = nullptr; // owned by the wrapper now
  auto m = sluice::Module::loadFile(rt, SLUICE_TEST_MODULE_PATH);
  ASSERT_TRUE(m) << m.status().toString();
  EXPECT_EQ(m->name(), "test_module");
  auto c = sluice::Context::create(*m);
  ASSERT_TRUE(c) << c.status().toString();
  auto f = c->lookup("add");
  ASSERT_TRUE(f);
  auto call = sluice::Call::create(*f);
  ASSERT_TRUE(call);
  auto a = sluice::BufferView::parse(rt.device(), "3xf32=1,2,3");
  auto b = sluice::BufferView::parse(rt.device(), "3xf32=10");
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(call->setBufferView(0, *a).isOk());
  ASSERT_TRUE(call->setBufferView(1, *b).isOk());
  ASSERT_TRUE(call->setI32(2, 1).isOk());
  ASSERT_TRUE(call->setI64(3, 1).isOk());
  ASSERT_TRUE(call->invoke().isOk());
  EXPECT_EQ(*call->resultView(0).format(), "3xf32=11 12 13");
}

TEST_F(ModuleLoadTest, LoadFromMemory) {
  std::ifstream file(SLUICE_TEST_MODULE_PATH, std::ios::binary);
  std::vector<char> image((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  ASSERT_FALSE(image.empty());
  sluice_module_t *m = nullptr;
  ASSERT_EQ(statusText(
                sluice_module_load_memory(rt_, image.data(), image.size(), &m)),
            "OK");
  EXPECT_STREQ(sluice_module_name(m), "test_module");
  sluice_context_t *c = nullptr;
  ASSERT_EQ(statusText(sluice_context_create(m, nullptr, &c)), "OK");
  sluice_context_release(c);
  sluice_module_release(m);
}

TEST_F(ModuleLoadTest, LoadErrors) {
  EXPECT_EQ(load(SLUICE_TEST_NOT_MODULE_PATH),
            std::string("INVALID_ARGUMENT; '") + SLUICE_TEST_NOT_MODULE_PATH +
                "' is not a Sluice module (no sluice_module_query)");
  EXPECT_EQ(load(SLUICE_TEST_MODULE_ABI2_PATH),
            std::string("FAILED_PRECONDITION; module '") +
                SLUICE_TEST_MODULE_ABI2_PATH +
                "' was built for Sluice module ABI 2; this runtime supports 1");
  std::string missing = load("/nonexistent/module.so");
  EXPECT_EQ(
      missing.rfind("NOT_FOUND; cannot load '/nonexistent/module.so': ", 0), 0u)
      << missing;
  std::string notElf = load(SLUICE_TESTDATA_DIR "/irpa/single.irpa");
  EXPECT_EQ(notElf.rfind("INVALID_ARGUMENT; cannot load '", 0), 0u) << notElf;
}

/// A copy of the test module's descriptor with changes.
struct DescriptorCopy {
  sluice_module_descriptor_t d;
  static DescriptorCopy *current;
  static const sluice_module_descriptor_t *query(uint32_t v) {
    return v == 1 ? &current->d : nullptr;
  }
};
DescriptorCopy *DescriptorCopy::current = nullptr;

TEST_F(ModuleLoadTest, CpuFeatureCheck) {
  // AMD-only features on Intel CPUs, AVX-512 ones on AMD CPUs before Zen 4.
  __builtin_cpu_init();
  std::string lacking = !__builtin_cpu_supports("xop")          ? "xop"
                        : !__builtin_cpu_supports("fma4")       ? "fma4"
                        : !__builtin_cpu_supports("avx512fp16") ? "avx512fp16"
                        : !__builtin_cpu_supports("avx512f")    ? "avx512f"
                                                                : "";
  if (lacking.empty())
    GTEST_SKIP() << "this CPU has every candidate feature";
  DescriptorCopy copy{*sluice_test_module_query(1)};
  // Known missing features are reported; unknown ones and '-' entries are
  // not checked.
  std::string features = "+sse2,+" + lacking + ",-avx512dq,+madeupfeature";
  copy.d.target_cpu = "fancy-cpu";
  copy.d.target_features = features.c_str();
  DescriptorCopy::current = &copy;
  sluice_module_t *m = nullptr;
  EXPECT_EQ(statusText(sluice_module_register(rt_, DescriptorCopy::query, "jit",
                                              nullptr, nullptr, &m)),
            "FAILED_PRECONDITION; module 'test_module' was compiled for "
            "fancy-cpu but this CPU lacks " +
                lacking);
  EXPECT_EQ(m, nullptr);
}

TEST_F(ModuleLoadTest, MalformedDescriptorsAreRejected) {
  DescriptorCopy copy{*sluice_test_module_query(1)};
  DescriptorCopy::current = &copy;
  sluice_module_function_t unsorted[2] = {copy.d.functions[1],
                                          copy.d.functions[0]};
  copy.d.functions = unsorted;
  copy.d.function_count = 2;
  sluice_module_t *m = nullptr;
  EXPECT_EQ(statusText(sluice_module_register(rt_, DescriptorCopy::query, "jit",
                                              nullptr, nullptr, &m)),
            "INVALID_ARGUMENT; module 'jit' has a malformed descriptor: "
            "functions are not sorted by name");
  sluice_module_function_t badCconv = copy.d.functions[0];
  badCconv.cconv = "0rq_r";
  copy.d.functions = &badCconv;
  copy.d.function_count = 1;
  EXPECT_EQ(statusText(sluice_module_register(rt_, DescriptorCopy::query, "jit",
                                              nullptr, nullptr, &m)),
            "INVALID_ARGUMENT; module 'jit' function 'broken' has malformed "
            "cconv '0rq_r'");
}

sluice_status_t failingInitialize(sluice_context_abi_t *ctx) {
  const char msg[] = "initializer exploded";
  return ctx->rt->status_make(SLUICE_STATUS_DATA_LOSS, msg, sizeof(msg) - 1);
}

TEST_F(ModuleLoadTest, InitializerFailuresAreAnnotatedAndOwnersReleased) {
  DescriptorCopy copy{*sluice_test_module_query(1)};
  copy.d.initialize = failingInitialize;
  copy.d.name = "bad_init";
  DescriptorCopy::current = &copy;
  static std::atomic<int> released{0};
  released = 0;
  sluice_module_t *m = nullptr;
  ASSERT_EQ(statusText(sluice_module_register(
                rt_, DescriptorCopy::query, "jit",
                [](void *owner) {
                  int *value = static_cast<int *>(owner);
                  released += *value;
                  delete value;
                },
                new int(5), &m)),
            "OK");
  sluice_context_t *c = nullptr;
  EXPECT_EQ(statusText(sluice_context_create(m, nullptr, &c)),
            "DATA_LOSS; initializer exploded; initializing module 'bad_init'");
  EXPECT_EQ(c, nullptr);
  EXPECT_EQ(released.load(), 0);
  sluice_module_release(m);
  EXPECT_EQ(released.load(), 5);
}

} // namespace
