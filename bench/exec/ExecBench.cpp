//===- ExecBench.cpp - Runtime per-call / per-dispatch overheads ----------===//
//
// sluice-bench-exec (execution.md §7): hand-written programs that use the
// module ABI exactly as compiled code does (import table, inline ref counts,
// command functions, waves), registered in-process. Rows print
//   E<n> <name> sluice=<t> baseline=<t> ratio=<r> target=<t> PASS|FAIL
// with medians of --repeat runs (default 7) after a warm-up, Sluice and
// baseline interleaved ABBA. Times in ns per operation.
//
//   E1   prepared call of a one-dispatch sync program (add of two 16xf32):
//        t(call) - t(direct workgroup call); baseline: the direct call
//   E2w  per-dispatch overhead of single-workgroup dispatches run through
//        rt->wave (inline path): (t64 - t1)/63 - t(kernel); baseline: empty
//        function call
//   E3   hot fan-out of a wave of 2 / 256 empty workgroups, one spinning
//        worker; baseline: futex round trip to a parked thread
//   E12  fence create+signal+query+release; submit of a ready empty command
//        function + run at await; baseline: empty function call
//
// Options: --repeat=N, --only=<comma separated row prefixes>, --verbose.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Exec/Scheduler.h"
#include "sluice/Runtime/Module/Api.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

int gRepeat = 7;
bool gVerbose = false;
std::string gOnly;

bool selected(const char *row) {
  if (gOnly.empty())
    return true;
  size_t start = 0;
  while (start <= gOnly.size()) {
    size_t comma = gOnly.find(',', start);
    std::string item = gOnly.substr(start, comma - start);
    if (!item.empty() && std::string(row).rfind(item, 0) == 0)
      return true;
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return false;
}

void check(sluice_status_t status, const char *what) {
  if (!status)
    return;
  std::fprintf(stderr, "error: %s: %s\n", what, sluice_status_message(status));
  std::exit(1);
}

/// ns per iteration of `body` run `iterations` times.
double timeNs(const std::function<void()> &body, int iterations) {
  auto start = Clock::now();
  for (int i = 0; i < iterations; ++i)
    body();
  return std::chrono::duration<double, std::nano>(Clock::now() - start)
             .count() /
         iterations;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Medians of A and B over gRepeat interleaved (ABBA) runs after a warm-up.
std::pair<double, double> measure(const std::function<double()> &a,
                                  const std::function<double()> &b,
                                  const char *name) {
  a();
  b();
  std::vector<double> as, bs;
  for (int r = 0; r < gRepeat; ++r) {
    if (r % 2 == 0) {
      as.push_back(a());
      bs.push_back(b());
    } else {
      bs.push_back(b());
      as.push_back(a());
    }
    if (gVerbose)
      std::printf("  %s run %d: sluice=%.1f baseline=%.1f\n", name, r,
                  as.back(), bs.back());
  }
  return {median(as), median(bs)};
}

void report(const char *id, const char *name, double sluice, double baseline,
            double targetNs, const char *targetText) {
  std::printf("%s %s sluice=%.1fns baseline=%.1fns ratio=%.2f target=%s %s\n",
              id, name, sluice, baseline, baseline > 0 ? sluice / baseline : 0,
              targetText, sluice <= targetNs ? "PASS" : "FAIL");
  std::fflush(stdout);
}

//===----------------------------------------------------------------------===//
// The hand-written program (what compiled code does, through ctx->rt)
//===----------------------------------------------------------------------===//

constexpr uint32_t kF32 = 0x21000020u;

inline void releaseRef(sluice_context_abi_t *ctx, void *ref) {
  if (ref &&
      __atomic_fetch_sub(&static_cast<sluice_ref_header_t *>(ref)->ref_count, 1,
                         __ATOMIC_ACQ_REL) == 1)
    ctx->rt->ref_destroy(ref);
}

inline uint8_t *hostPointer(uint64_t buffer) {
  const auto *b = reinterpret_cast<const sluice_buffer_abi_t *>(buffer);
  uint8_t *base = __atomic_load_n(b->data_slot, __ATOMIC_ACQUIRE);
  return base ? base + b->byte_offset : nullptr;
}

__attribute__((noinline)) int32_t
add16Workgroup(const sluice_environment_t *, const sluice_dispatch_state_t *d,
               const sluice_workgroup_state_t *) {
  const float *a = static_cast<const float *>(d->binding_ptrs[0]);
  const float *b = static_cast<const float *>(d->binding_ptrs[1]);
  float *out = static_cast<float *>(d->binding_ptrs[2]);
  for (int i = 0; i < 16; ++i)
    out[i] = a[i] + b[i];
  return 0;
}

__attribute__((noinline)) int32_t
emptyWorkgroup(const sluice_environment_t *, const sluice_dispatch_state_t *,
               const sluice_workgroup_state_t *) {
  return 0;
}

/// Command function of add16: one wave of one (1,1,1) dispatch, called
/// directly (§4.4 step 3).
sluice_status_t add16Command(sluice_context_abi_t *ctx, sluice_exec_t *exec,
                             const uint64_t *closure) {
  void *ptrs[3];
  size_t lengths[3] = {64, 64, 64};
  for (int i = 0; i < 3; ++i)
    if (!(ptrs[i] = hostPointer(closure[i])))
      return ctx->rt->status_make(SLUICE_STATUS_FAILED_PRECONDITION,
                                  "no storage", 10);
  sluice_dispatch_state_t state{};
  state.workgroup_size_x = state.workgroup_size_y = state.workgroup_size_z = 1;
  state.workgroup_count_x = state.workgroup_count_y = state.workgroup_count_z =
      1;
  state.max_concurrency = 1;
  state.binding_count = 3;
  state.binding_ptrs = ptrs;
  state.binding_lengths = lengths;
  sluice_workgroup_state_t wg{};
  int32_t rc = add16Workgroup(exec->environment, &state, &wg);
  if (rc)
    return ctx->rt->status_make(SLUICE_STATUS_INTERNAL, "workgroup failed", 16);
  return nullptr;
}

/// add(a: view, b: view) -> view, as the sync wrapper of a one-dispatch
/// program lowers: assert inputs, alloca the result, one execute, await.
sluice_status_t add16Entry(sluice_context_abi_t *ctx,
                           const sluice_value_t *args,
                           sluice_value_t *results) {
  const sluice_rt_imports_v1_t *rt = ctx->rt;
  auto *va = static_cast<sluice_buffer_view_t *>(args[0].ref);
  auto *vb = static_cast<sluice_buffer_view_t *>(args[1].ref);
  static const int64_t shape[1] = {16};
  sluice_status_t s =
      rt->buffer_view_assert(ctx, va, "input0", 6, kF32, 1, 1, shape);
  if (!s)
    s = rt->buffer_view_assert(ctx, vb, "input1", 6, kF32, 1, 1, shape);
  if (s)
    return s;
  sluice_fence_t *signal = nullptr;
  sluice_buffer_t *out = nullptr;
  if ((s = rt->fence_create(ctx, ctx->device, &signal)))
    return s;
  if ((s = rt->queue_alloca(ctx, ctx->device, -1, nullptr, nullptr, 0, 0x32,
                            0x9000C03, 64, 0, &out))) {
    releaseRef(ctx, signal);
    return s;
  }
  uint64_t closure[3] = {
      (uint64_t)reinterpret_cast<sluice_buffer_view_abi_t *>(va)->buffer,
      (uint64_t)reinterpret_cast<sluice_buffer_view_abi_t *>(vb)->buffer,
      (uint64_t)out};
  s = rt->queue_execute(ctx, ctx->device, -1, nullptr, signal, add16Command,
                        closure, 3, 3, 50);
  if (!s)
    s = rt->fence_await(ctx, -1, 1, &signal);
  releaseRef(ctx, signal);
  sluice_buffer_view_t *view = nullptr;
  if (!s)
    s = rt->buffer_view_create(ctx, out, 0, 64, kF32, 1, 1, shape, &view);
  releaseRef(ctx, out);
  if (s)
    return s;
  results[0].ref = view;
  return nullptr;
}

/// waves(n: i32) -> (): one command function running n waves of one
/// single-workgroup empty dispatch through rt->wave.
sluice_status_t wavesCommand(sluice_context_abi_t *ctx, sluice_exec_t *exec,
                             const uint64_t *closure) {
  sluice_dispatch_state_t state{};
  state.workgroup_count_x = state.workgroup_count_y = state.workgroup_count_z =
      1;
  sluice_wave_item_t item{};
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.dispatch.fn = emptyWorkgroup;
  item.dispatch.state = &state;
  item.dispatch.cost_ns_per_workgroup = 10;
  for (uint64_t i = 0; i < closure[0]; ++i)
    if (sluice_status_t s = ctx->rt->wave(exec, 1, &item))
      return s;
  return nullptr;
}
sluice_status_t wavesEntry(sluice_context_abi_t *ctx,
                           const sluice_value_t *args,
                           sluice_value_t *results) {
  sluice_fence_t *signal = nullptr;
  if (sluice_status_t s = ctx->rt->fence_create(ctx, ctx->device, &signal))
    return s;
  uint64_t closure[1] = {(uint64_t)args[0].i32};
  sluice_status_t s = ctx->rt->queue_execute(
      ctx, ctx->device, -1, nullptr, signal, wavesCommand, closure, 1, 0, 100);
  if (!s)
    s = ctx->rt->fence_await(ctx, -1, 1, &signal);
  releaseRef(ctx, signal);
  return s;
}

const sluice_module_function_t kFunctions[] = {
    {"add", add16Entry, "0rr_r", 0, nullptr, nullptr},
    {"waves", wavesEntry, "0i_v", 0, nullptr, nullptr},
};
const sluice_module_export_info_t kExports[] = {{"ex", "add", 0, 3, 50, 0}};
const sluice_module_descriptor_t kDescriptor = {SLUICE_MODULE_ABI_VERSION,
                                                0,
                                                "bench",
                                                "x86-64",
                                                "",
                                                0,
                                                nullptr,
                                                0,
                                                nullptr,
                                                2,
                                                kFunctions,
                                                nullptr,
                                                1,
                                                kExports};
const sluice_module_descriptor_t *benchQuery(uint32_t v) {
  return v == SLUICE_MODULE_ABI_VERSION ? &kDescriptor : nullptr;
}

sluice_status_t emptyCommand(sluice_context_abi_t *, sluice_exec_t *,
                             const uint64_t *) {
  return nullptr;
}

__attribute__((noinline)) void emptyFunction() { asm volatile(""); }
void (*volatile gEmpty)() = emptyFunction;

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

struct Program {
  sluice_runtime_t *rt = nullptr;
  sluice_module_t *module = nullptr;
  sluice_context_t *context = nullptr;

  explicit Program(int workers, uint32_t spinUs) {
    sluice_runtime_options_t options{};
    options.worker_threads = workers;
    options.worker_spin_us = spinUs;
    check(sluice_runtime_create(&options, &rt), "runtime");
    check(sluice_module_register(rt, benchQuery, "bench", nullptr, nullptr,
                                 &module),
          "module");
    check(sluice_context_create(module, nullptr, &context), "context");
  }
  ~Program() {
    sluice_context_release(context);
    sluice_module_release(module);
    sluice_runtime_release(rt);
  }
  sluice_call_t *call(const char *name) {
    sluice_function_t *f = nullptr;
    check(sluice_context_lookup_function(context, name, &f), name);
    sluice_call_t *c = nullptr;
    check(sluice_call_create(f, &c), "call");
    return c;
  }
};

void rowE1() {
  Program p(/*workers=*/1, /*spinUs=*/100);
  sluice_device_t *device = sluice_runtime_device(p.rt);
  sluice_buffer_view_t *a = nullptr, *b = nullptr;
  check(sluice_buffer_view_parse(device, "16xf32=1", &a), "a");
  check(sluice_buffer_view_parse(device, "16xf32=2", &b), "b");
  sluice_call_t *call = p.call("add");
  check(sluice_call_set_buffer_view(call, 0, a), "arg");
  check(sluice_call_set_buffer_view(call, 1, b), "arg");
  check(sluice_call_invoke(call), "invoke");
  char text[256];
  size_t length = 0;
  check(sluice_buffer_view_format(static_cast<sluice_buffer_view_t *>(
                                      sluice_call_result(call, 0).ref),
                                  4, text, sizeof(text), &length),
        "format");
  if (std::strcmp(text, "16xf32=3 3 3 3...")) {
    std::fprintf(stderr, "error: add printed %s\n", text);
    std::exit(1);
  }
  // The direct kernel call on the same buffers.
  std::vector<float> x(16, 1), y(16, 2), z(16);
  void *ptrs[3] = {x.data(), y.data(), z.data()};
  size_t lengths[3] = {64, 64, 64};
  sluice_dispatch_state_t state{};
  state.workgroup_count_x = state.workgroup_count_y = state.workgroup_count_z =
      1;
  state.binding_count = 3;
  state.binding_ptrs = ptrs;
  state.binding_lengths = lengths;
  sluice_workgroup_state_t wg{};
  int32_t (*volatile kernel)(const sluice_environment_t *,
                             const sluice_dispatch_state_t *,
                             const sluice_workgroup_state_t *) = add16Workgroup;
  const int n = 20000;
  auto [callNs, kernelNs] = measure(
      [&] {
        return timeNs([&] { check(sluice_call_invoke(call), "invoke"); }, n);
      },
      [&] { return timeNs([&] { kernel(nullptr, &state, &wg); }, n * 10); },
      "E1");
  sluice_device_statistics_t stats;
  check(sluice_device_query_statistics(device, &stats), "stats");
  report("E1", "call_overhead_add16", callNs - kernelNs, kernelNs, 1000,
         "<1us");
  std::printf("   (t(call)=%.1fns; submissions=%llu inline_runs=%llu "
              "worker_wakes=%llu heap allocations of storage=%llu)\n",
              callNs, (unsigned long long)stats.submissions,
              (unsigned long long)stats.inline_runs,
              (unsigned long long)stats.worker_wakes,
              (unsigned long long)stats.allocations);
  sluice_call_release(call);
  sluice_buffer_view_release(a);
  sluice_buffer_view_release(b);
}

void rowE2() {
  Program p(1, 100);
  sluice_call_t *call = p.call("waves");
  auto run = [&](int32_t waves, int iterations) {
    sluice_value_t v;
    v.i64 = 0;
    v.i32 = waves;
    check(sluice_call_set_value(call, 0, v), "arg");
    return timeNs([&] { check(sluice_call_invoke(call), "invoke"); },
                  iterations);
  };
  const int n = 5000;
  auto [perDispatch, empty] = measure(
      [&] {
        double t1 = run(1, n), t64 = run(64, n / 8);
        return (t64 - t1) / 63;
      },
      [&] { return timeNs([] { gEmpty(); }, n * 100); }, "E2w");
  // The workgroup itself is an empty call: subtract it.
  report("E2w", "per_dispatch_via_wave", perDispatch - empty, empty, 20,
         "<=20ns");
  sluice_call_release(call);
}

void rowE3() {
  using namespace sluice::runtime::exec;
  SchedulerOptions options;
  options.workerThreads = 1;
  options.spinUs = 2000000; // keep the worker spinning (hot fan-out)
  options.inlineThresholdNs = 1;
  Scheduler scheduler(options);
  ExecState exec;
  exec.abi.environment = scheduler.environment();
  exec.scheduler = &scheduler;
  auto waveOf = [&](uint32_t workgroups, int iterations) {
    sluice_dispatch_state_t state{};
    state.workgroup_count_x = workgroups;
    state.workgroup_count_y = state.workgroup_count_z = 1;
    sluice_wave_item_t item{};
    item.kind = SLUICE_WAVE_ITEM_DISPATCH;
    item.dispatch.fn = emptyWorkgroup;
    item.dispatch.state = &state;
    item.dispatch.cost_ns_per_workgroup = 1000;
    return timeNs(
        [&] {
          if (!scheduler.wave(exec, 1, &item).isOk())
            std::exit(1);
        },
        iterations);
  };
  // Baseline: futex round trip to a parked thread (atomic wait/notify).
  std::atomic<uint32_t> ping{0}, pong{0};
  std::atomic<bool> stop{false};
  std::thread partner([&] {
    uint32_t seen = 0;
    while (true) {
      ping.wait(seen);
      seen = ping.load();
      if (stop.load())
        return;
      pong.store(seen);
      pong.notify_one();
    }
  });
  uint32_t counter = 0;
  auto roundTrip = [&](int iterations) {
    return timeNs(
        [&] {
          ping.store(++counter);
          ping.notify_one();
          while (pong.load() != counter)
            pong.wait(counter - 1);
        },
        iterations);
  };
  const int n = 20000;
  auto [two, futex] = measure([&] { return waveOf(2, n); },
                              [&] { return roundTrip(n / 4); }, "E3");
  report("E3", "hot_fanout_2_empty_workgroups", two, futex, 500, "<=0.5us");
  auto [many, futex2] = measure([&] { return waveOf(256, n / 10); },
                                [&] { return roundTrip(n / 4); }, "E3b");
  report("E3b", "hot_fanout_256_empty_workgroups", many, futex2, 3000, "<=3us");
  stop = true;
  ping.store(++counter);
  ping.notify_one();
  partner.join();
  SchedulerStatistics stats = scheduler.statistics();
  std::printf("   (waves=%llu fanouts=%llu)\n", (unsigned long long)stats.waves,
              (unsigned long long)stats.fanouts);
}

void rowE12() {
  Program p(1, 100);
  sluice_context_abi_t *ctx =
      reinterpret_cast<sluice_context_abi_t *>(p.context);
  const sluice_rt_imports_v1_t *rt = ctx->rt;
  const int n = 50000;
  auto fenceCycle = [&] {
    return timeNs(
        [&] {
          sluice_fence_t *f = nullptr;
          check(rt->fence_create(ctx, ctx->device, &f), "fence");
          check(rt->fence_signal(ctx, f), "signal");
          int reached = 0;
          check(sluice_fence_query(f, &reached), "query");
          releaseRef(ctx, f);
        },
        n);
  };
  auto empty = [&] { return timeNs([] { gEmpty(); }, n * 20); };
  auto [fence, e1] = measure(fenceCycle, empty, "E12");
  report("E12", "fence_create_signal_query_release", fence, e1, 60, "<=60ns");
  auto submit = [&] {
    return timeNs(
        [&] {
          sluice_fence_t *f = nullptr;
          check(rt->fence_create(ctx, ctx->device, &f), "fence");
          check(rt->queue_execute(ctx, ctx->device, -1, nullptr, f,
                                  emptyCommand, nullptr, 0, 0, 0),
                "execute");
          check(rt->fence_await(ctx, -1, 1, &f), "await");
          releaseRef(ctx, f);
        },
        n / 5);
  };
  auto [exec, e2] = measure(submit, empty, "E12b");
  report("E12b", "submit_ready_empty_command_run_at_await", exec, e2, 150,
         "<=150ns");
  std::printf("   (E12b includes the fence create/release of E12)\n");
}

} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--repeat=", 0) == 0)
      gRepeat = std::max(1, std::atoi(arg.c_str() + 9));
    else if (arg.rfind("--only=", 0) == 0)
      gOnly = arg.substr(7);
    else if (arg == "--verbose")
      gVerbose = true;
    else {
      std::fprintf(stderr,
                   "usage: sluice-bench-exec [--repeat=N] [--only=E1,E3,...] "
                   "[--verbose]\n");
      return 2;
    }
  }
  std::printf("sluice-bench-exec: %u hardware threads, repeat=%d (medians, "
              "ns per operation)\n",
              std::thread::hardware_concurrency(), gRepeat);
  if (selected("E1"))
    rowE1();
  if (selected("E2w"))
    rowE2();
  if (selected("E3"))
    rowE3();
  if (selected("E12"))
    rowE12();
  return 0;
}
