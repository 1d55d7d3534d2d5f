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
#include <string>
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
  ran = 0; // --gtest_repeat runs this again
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
/// Releases a reference as generated code does (inline count, ref_destroy).
void releaseRef(sluice_context_abi_t *ctx, void *ref) {
  if (ref &&
      __atomic_fetch_sub(&static_cast<sluice_ref_header_t *>(ref)->ref_count, 1,
                         __ATOMIC_ACQ_REL) == 1)
    ctx->rt->ref_destroy(ref);
}
/// fence_create + fence_signal + query + release (execution.md §7 E12).
extern "C" sluice_status_t fenceCycleEntry(sluice_context_abi_t *ctx,
                                           const sluice_value_t *,
                                           sluice_value_t *) {
  sluice_fence_t *f = nullptr;
  if (sluice_status_t s = ctx->rt->fence_create(ctx, ctx->device, &f))
    return s;
  sluice_status_t s = ctx->rt->fence_signal(ctx, f);
  int reached = 0;
  if (!s)
    s = sluice_fence_query(f, &reached);
  releaseRef(ctx, f);
  if (!s && !reached)
    return ctx->rt->status_make(SLUICE_STATUS_INTERNAL, "not reached", 11);
  return s;
}
std::atomic<int> gEmptyRun{0};
extern "C" sluice_status_t emptyCommand(sluice_context_abi_t *, sluice_exec_t *,
                                        const uint64_t *) {
  gEmptyRun.fetch_add(1, std::memory_order_relaxed);
  return nullptr;
}
/// fence_create + queue_execute of a ready command + fence_await (E12b).
extern "C" sluice_status_t fencedSubmitEntry(sluice_context_abi_t *ctx,
                                             const sluice_value_t *,
                                             sluice_value_t *) {
  sluice_fence_t *f = nullptr;
  if (sluice_status_t s = ctx->rt->fence_create(ctx, ctx->device, &f))
    return s;
  sluice_status_t s = ctx->rt->queue_execute(ctx, ctx->device, -1, nullptr, f,
                                             emptyCommand, nullptr, 0, 0, 0);
  if (!s)
    s = ctx->rt->fence_await(ctx, -1, 1, &f);
  releaseRef(ctx, f);
  return s;
}
const sluice_module_function_t kFunctions[3] = {
    {"fence_cycle", fenceCycleEntry, "0v_v", 0, nullptr, nullptr},
    {"fenced_submit", fencedSubmitEntry, "0v_v", 0, nullptr, nullptr},
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
                                                3,
                                                kFunctions,
                                                nullptr,
                                                0,
                                                nullptr};
extern "C" const sluice_module_descriptor_t *allocQuery(uint32_t v) {
  return v == SLUICE_MODULE_ABI_VERSION ? &kDescriptor : nullptr;
}

/// A runtime with `workers` workers and a context of the "alloc" module.
struct AllocRuntime {
  sluice_runtime_t *rt = nullptr;
  sluice_module_t *m = nullptr;
  sluice_context_t *c = nullptr;

  void open(int workers, uint32_t spinUs) {
    sluice_runtime_options_t options{};
    options.worker_threads = workers;
    options.worker_spin_us = spinUs;
    ASSERT_EQ(sluice_runtime_create(&options, &rt), nullptr);
    ASSERT_EQ(
        sluice_module_register(rt, allocQuery, "alloc", nullptr, nullptr, &m),
        nullptr);
    ASSERT_EQ(sluice_context_create(m, nullptr, &c), nullptr);
  }
  ~AllocRuntime() {
    if (c)
      sluice_context_release(c);
    if (m)
      sluice_module_release(m);
    if (rt)
      sluice_runtime_release(rt);
  }
};

TEST(AllocationCount, PreparedCallsAndQueueExecuteDoNotAllocate) {
  AllocRuntime r;
  ASSERT_NO_FATAL_FAILURE(r.open(1, 10));
  sluice_context_t *c = r.c;
  sluice_function_t *f = nullptr;
  ASSERT_EQ(sluice_context_lookup_function(c, "submit", &f), nullptr);
  sluice_call_t *call = nullptr;
  ASSERT_EQ(sluice_call_create(f, &call), nullptr);
  gCommandsRun = 0; // --gtest_repeat runs this again
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
}

/// Fences come from the device's pool (execution.md §3.8): a warm fence
/// create/signal/query/release cycle, and a fenced submission run by the
/// awaiting thread, allocate nothing. No workers: the awaiting thread runs
/// the command (the work-while-waiting fast path), deterministically.
TEST(AllocationCount, PooledFenceCyclesDoNotAllocate) {
  AllocRuntime r;
  ASSERT_NO_FATAL_FAILURE(r.open(0, 100));
  sluice_context_t *c = r.c;
  for (const char *name : {"fence_cycle", "fenced_submit"}) {
    sluice_function_t *f = nullptr;
    ASSERT_EQ(sluice_context_lookup_function(c, name, &f), nullptr);
    sluice_call_t *call = nullptr;
    ASSERT_EQ(sluice_call_create(f, &call), nullptr);
    ASSERT_EQ(sluice_call_invoke(call), nullptr) << name; // warm up
    int runsBefore = gEmptyRun.load();
    uint64_t before = gAllocations.load();
    for (int i = 0; i < 200; ++i)
      ASSERT_EQ(sluice_call_invoke(call), nullptr) << name;
    EXPECT_EQ(gAllocations.load() - before, 0u) << name;
    if (std::string(name) == "fenced_submit")
      EXPECT_EQ(gEmptyRun.load() - runsBefore, 200);
    sluice_call_release(call);
  }
}

} // namespace
