//===- AllocationCountTest.cpp - No heap allocation on hot paths ----------===//
//
// execution.md §4.6 / §7: no heap allocation on the submit path for closures
// of at most 256 bytes, none on the wave path, and none in a prepared
// sluice_call_invoke. This binary replaces the global operator new/malloc
// family with counting versions, so it is its own test executable.
//
//===----------------------------------------------------------------------===//

#include "ModuleInternal.h"

#include "sluice/Runtime/Core/Device.h"
#include "sluice/Runtime/Module/Api.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>

namespace {
std::atomic<uint64_t> gAllocations{0};
} // namespace

void *operator new(size_t size) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void *operator new[](size_t size) { return operator new(size); }
void *operator new(size_t size, std::align_val_t align) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  size_t a = (size_t)align;
  if (void *p = std::aligned_alloc(a, (size + a - 1) / a * a))
    return p;
  throw std::bad_alloc();
}
void *operator new[](size_t size, std::align_val_t align) {
  return operator new(size, align);
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void *p, size_t, std::align_val_t) noexcept {
  std::free(p);
}

using namespace sluice::runtime;

namespace {

std::unique_ptr<Device> makeDevice(int workers) {
  DeviceOptions options;
  options.workerThreads = workers;
  options.workerSpinUs = 10;
  auto device = Device::create(options);
  EXPECT_TRUE(device);
  return device ? std::move(*device) : nullptr;
}

/// Spins (no allocation) until `flag` is set.
void spinUntil(const std::atomic<bool> &flag) {
  while (!flag.load(std::memory_order_acquire))
    std::this_thread::yield();
}

TEST(AllocationCount, TheCounterSeesAllocations) {
  uint64_t before = gAllocations.load();
  auto *p = new std::vector<int>(100);
  EXPECT_EQ(gAllocations.load() - before, 2u);
  delete p;
}

TEST(AllocationCount, ReadySubmissionsWithInlineClosuresDoNotAllocate) {
  for (int workers : {1, 2}) {
    auto device = makeDevice(workers);
    struct Closure {
      uint64_t slots[32]; // 256 bytes
    } closure{};
    std::atomic<bool> done{false};
    // Warm up: the record pool and the worker are in place.
    device->enqueueTask(nullptr, nullptr, UINT32_MAX, [&, closure] {
      done.store(closure.slots[0] == 0, std::memory_order_release);
      return Status();
    });
    spinUntil(done);
    for (int i = 0; i < 100; ++i) {
      done = false;
      closure.slots[0] = (uint64_t)i;
      uint64_t before = gAllocations.load();
      device->enqueueTask(nullptr, nullptr, UINT32_MAX, [&, closure] {
        done.store(closure.slots[0] < 1000, std::memory_order_release);
        return Status();
      });
      spinUntil(done);
      EXPECT_EQ(gAllocations.load() - before, 0u) << "submission " << i;
    }
  }
}

TEST(AllocationCount, WavesDoNotAllocate) {
  exec::SchedulerOptions options;
  options.workerThreads = 2;
  options.spinUs = 10;
  options.inlineThresholdNs = 100;
  exec::Scheduler scheduler(options);
  static std::atomic<uint64_t> ran{0};
  sluice_dispatch_state_t state{};
  state.workgroup_count_x = 4096;
  state.workgroup_count_y = 1;
  state.workgroup_count_z = 1;
  sluice_wave_item_t items[2]{};
  items[0].kind = SLUICE_WAVE_ITEM_DISPATCH;
  items[0].dispatch.fn = [](const sluice_environment_t *,
                            const sluice_dispatch_state_t *,
                            const sluice_workgroup_state_t *) -> int32_t {
    ran.fetch_add(1, std::memory_order_relaxed);
    return 0;
  };
  items[0].dispatch.state = &state;
  items[0].dispatch.cost_ns_per_workgroup = 1000;
  std::vector<uint8_t> target(1 << 20);
  items[1].kind = SLUICE_WAVE_ITEM_FILL;
  items[1].fill = {target.data(), target.size(), 7, 1};
  exec::ExecState exec;
  exec.abi.environment = scheduler.environment();
  exec.scheduler = &scheduler;
  ASSERT_TRUE(scheduler.wave(exec, 2, items).isOk()); // warm up
  uint64_t before = gAllocations.load();
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(scheduler.wave(exec, 2, items).isOk());
  EXPECT_EQ(gAllocations.load() - before, 0u);
  EXPECT_EQ(ran.load(), 21u * 4096u);
  EXPECT_EQ(scheduler.statistics().fanouts, 21u);
}

/// A module whose one export submits a command function with a 256-byte
/// closure and returns without waiting: a prepared call of it allocates
/// nothing at all (call layer, import, submission).
std::atomic<int> gCommandsRun{0};
extern "C" sluice_status_t countingCommand(sluice_context_abi_t *,
                                           sluice_exec_t *,
                                           const uint64_t *closure) {
  gCommandsRun.fetch_add((int)closure[31], std::memory_order_release);
  return nullptr;
}
extern "C" sluice_status_t submitEntry(sluice_context_abi_t *ctx,
                                       const sluice_value_t *args,
                                       sluice_value_t *results) {
  uint64_t closure[32] = {};
  closure[31] = 1;
  return ctx->rt->queue_execute(ctx, ctx->device, -1, nullptr, nullptr,
                                countingCommand, closure, 32, 0, UINT32_MAX);
}
const sluice_module_function_t kFunctions[1] = {
    {"submit", submitEntry, "0v_v", 0, nullptr, nullptr}};
const sluice_module_descriptor_t kDescriptor = {SLUICE_MODULE_ABI_VERSION,
                                                0,
                                                "alloc",
                                                "x86-64",
                                                "",
                                                0,
                                                nullptr,
                                                0,
                                                nullptr,
                                                1,
                                                kFunctions,
                                                nullptr,
                                                0,
                                                nullptr};
extern "C" const sluice_module_descriptor_t *allocQuery(uint32_t v) {
  return v == SLUICE_MODULE_ABI_VERSION ? &kDescriptor : nullptr;
}

TEST(AllocationCount, PreparedCallsAndQueueExecuteDoNotAllocate) {
  sluice_runtime_options_t options{};
  options.worker_threads = 1;
  options.worker_spin_us = 10;
  sluice_runtime_t *rt = nullptr;
  ASSERT_EQ(sluice_runtime_create(&options, &rt), nullptr);
  sluice_module_t *m = nullptr;
  ASSERT_EQ(
      sluice_module_register(rt, allocQuery, "alloc", nullptr, nullptr, &m),
      nullptr);
  sluice_context_t *c = nullptr;
  ASSERT_EQ(sluice_context_create(m, nullptr, &c), nullptr);
  sluice_function_t *f = nullptr;
  ASSERT_EQ(sluice_context_lookup_function(c, "submit", &f), nullptr);
  sluice_call_t *call = nullptr;
  ASSERT_EQ(sluice_call_create(f, &call), nullptr);
  ASSERT_EQ(sluice_call_invoke(call), nullptr); // warm up
  while (gCommandsRun.load(std::memory_order_acquire) != 1)
    std::this_thread::yield();
  for (int i = 0; i < 50; ++i) {
    uint64_t before = gAllocations.load();
    ASSERT_EQ(sluice_call_invoke(call), nullptr);
    while (gCommandsRun.load(std::memory_order_acquire) != i + 2)
      std::this_thread::yield();
    EXPECT_EQ(gAllocations.load() - before, 0u) << "call " << i;
  }
  sluice_call_release(call);
  sluice_context_release(c);
  sluice_module_release(m);
  sluice_runtime_release(rt);
}

} // namespace
