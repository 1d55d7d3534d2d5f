//===- WaveTest.cpp - Units, chunking, inline vs fan-out, errors ----------===//

#include "sluice/Runtime/Exec/Scheduler.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

using namespace sluice::runtime;
using namespace sluice::runtime::exec;

namespace {

/// Records every workgroup it runs: hits[x + X*(y + Y*z)] and the largest
/// processor id / max_concurrency seen.
struct Recorder {
  std::vector<std::atomic<int>> hits;
  std::atomic<uint32_t> maxProcessor{0};
  std::atomic<uint32_t> concurrency{0};
  std::atomic<int> failAt{-1};
  /// When set, every unit but `failAt` waits until the failing unit has run
  /// and then takes 200 us, so that the failing unit is the first to finish
  /// and a participant that went on claiming chunks would be seen.
  bool holdUntilFailure = false;
  std::atomic<bool> failureReturned{false};
  explicit Recorder(size_t n) : hits(n) {}
};

Recorder *gRecorder = nullptr;

int32_t recordWorkgroup(const sluice_environment_t *env,
                        const sluice_dispatch_state_t *d,
                        const sluice_workgroup_state_t *wg) {
  Recorder &r = *gRecorder;
  size_t linear = wg->workgroup_id_x +
                  (size_t)d->workgroup_count_x *
                      (wg->workgroup_id_y +
                       (size_t)d->workgroup_count_y * wg->workgroup_id_z);
  r.hits[linear].fetch_add(1);
  uint32_t p = wg->processor_id;
  uint32_t seen = r.maxProcessor.load();
  while (p > seen && !r.maxProcessor.compare_exchange_weak(seen, p)) {
  }
  r.concurrency.store(d->max_concurrency);
  if ((int)linear == r.failAt.load()) {
    r.failureReturned.store(true);
    return 7;
  }
  if (r.holdUntilFailure) {
    while (!r.failureReturned.load())
      std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return 0;
}

sluice_dispatch_state_t makeState(uint32_t x, uint32_t y, uint16_t z) {
  sluice_dispatch_state_t s{};
  s.workgroup_size_x = 1;
  s.workgroup_size_y = 1;
  s.workgroup_size_z = 1;
  s.workgroup_count_x = x;
  s.workgroup_count_y = y;
  s.workgroup_count_z = z;
  return s;
}

sluice_wave_item_t dispatchItem(const sluice_dispatch_state_t *state,
                                uint64_t costNs, uint32_t exportIndex = 0) {
  sluice_wave_item_t item{};
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.export_index = exportIndex;
  item.dispatch.fn = recordWorkgroup;
  item.dispatch.state = state;
  item.dispatch.cost_ns_per_workgroup = costNs;
  return item;
}

const sluice_module_export_info_t kExports[] = {
    {"ex", "e", 0, 0, 10, 0},
    {"other", "f", 0, 0, 10, 0},
};

ExecState execFor(Scheduler &s) {
  ExecState exec;
  exec.abi.environment = s.environment();
  exec.abi.participant = 0;
  exec.abi.participant_count = s.workerCount() + 1;
  exec.scheduler = &s;
  exec.exports = kExports;
  exec.exportCount = 2;
  return exec;
}

SchedulerOptions optionsWith(int workers, uint32_t thresholdNs = 5000) {
  SchedulerOptions o;
  o.workerThreads = workers;
  o.spinUs = 20;
  o.inlineThresholdNs = thresholdNs;
  return o;
}

TEST(Wave, EveryWorkgroupRunsOnceWithItsId) {
  for (int workers : {0, 1, 3}) {
    Scheduler s(optionsWith(workers));
    Recorder r(3 * 4 * 5);
    gRecorder = &r;
    sluice_dispatch_state_t state = makeState(3, 4, 5);
    // Expensive enough to fan out when workers exist.
    sluice_wave_item_t item = dispatchItem(&state, 100000);
    ExecState exec = execFor(s);
    ASSERT_TRUE(s.wave(exec, 1, &item).isOk());
    for (size_t i = 0; i < r.hits.size(); ++i)
      EXPECT_EQ(r.hits[i].load(), 1)
          << "workgroup " << i << " workers " << workers;
    uint32_t expected = workers ? 1 + std::min<uint32_t>(workers, 59) : 1;
    EXPECT_EQ(r.concurrency.load(), expected);
    EXPECT_LT(r.maxProcessor.load(), expected);
    EXPECT_EQ(s.statistics().fanouts, workers ? 1u : 0u);
  }
}

TEST(Wave, CheapWavesRunInline) {
  Scheduler s(optionsWith(2, 5000));
  Recorder r(64);
  gRecorder = &r;
  sluice_dispatch_state_t state = makeState(64, 1, 1);
  // 64 workgroups x 10 ns = 640 ns < 5000 ns.
  sluice_wave_item_t item = dispatchItem(&state, 10);
  ExecState exec = execFor(s);
  ASSERT_TRUE(s.wave(exec, 1, &item).isOk());
  EXPECT_EQ(s.statistics().fanouts, 0u);
  EXPECT_EQ(s.statistics().waves, 1u);
  EXPECT_EQ(r.concurrency.load(), 1u);
  EXPECT_EQ(r.maxProcessor.load(), 0u);
  for (auto &h : r.hits)
    EXPECT_EQ(h.load(), 1);
}

TEST(Wave, OneUnitRunsInlineWhateverItCosts) {
  Scheduler s(optionsWith(2));
  Recorder r(1);
  gRecorder = &r;
  sluice_dispatch_state_t state = makeState(1, 1, 1);
  sluice_wave_item_t item = dispatchItem(&state, 1000000000);
  ExecState exec = execFor(s);
  ASSERT_TRUE(s.wave(exec, 1, &item).isOk());
  EXPECT_EQ(s.statistics().fanouts, 0u);
  EXPECT_EQ(r.hits[0].load(), 1);
}

TEST(Wave, ZeroCountDispatchIsANoOp) {
  Scheduler s(optionsWith(1));
  Recorder r(1);
  gRecorder = &r;
  sluice_dispatch_state_t empty = makeState(0, 4, 1);
  sluice_dispatch_state_t one = makeState(1, 1, 1);
  sluice_wave_item_t items[2] = {dispatchItem(&empty, 1000000),
                                 dispatchItem(&one, 1)};
  ExecState exec = execFor(s);
  ASSERT_TRUE(s.wave(exec, 2, items).isOk());
  EXPECT_EQ(r.hits[0].load(), 1);
}

TEST(Wave, FillsAndCopiesSpanChunks) {
  // 600 KiB + 3 bytes: three 256 KiB units each, the last one partial.
  const uint64_t n = 600 * 1024 + 3;
  for (int workers : {0, 2}) {
    Scheduler s(optionsWith(workers, 1000));
    std::vector<uint8_t> a(n + 8, 0xEE), b(n + 8, 0xEE), c(n + 8, 0xEE), src(n),
        dst(n + 8, 0xEE);
    for (uint64_t i = 0; i < n; ++i)
      src[i] = (uint8_t)(i * 7 + 3);
    sluice_wave_item_t items[4]{};
    items[0].kind = SLUICE_WAVE_ITEM_FILL;
    items[0].fill = {a.data(), n, 0xAB, 1};
    items[1].kind = SLUICE_WAVE_ITEM_FILL;
    items[1].fill = {b.data(), n, 0xBEEF, 2};
    items[2].kind = SLUICE_WAVE_ITEM_FILL;
    items[2].fill = {c.data(), n, 0x11223344, 4};
    items[3].kind = SLUICE_WAVE_ITEM_COPY;
    items[3].copy = {src.data(), dst.data(), n};
    ExecState exec = execFor(s);
    ASSERT_TRUE(s.wave(exec, 4, items).isOk());
    const uint8_t p2[2] = {0xEF, 0xBE}, p4[4] = {0x44, 0x33, 0x22, 0x11};
    for (uint64_t i = 0; i < n; ++i) {
      ASSERT_EQ(a[i], 0xAB) << i;
      ASSERT_EQ(b[i], p2[i % 2]) << i;
      ASSERT_EQ(c[i], p4[i % 4]) << i;
      ASSERT_EQ(dst[i], src[i]) << i;
    }
    for (uint64_t i = n; i < n + 8; ++i) {
      EXPECT_EQ(a[i], 0xEE);
      EXPECT_EQ(b[i], 0xEE);
      EXPECT_EQ(c[i], 0xEE);
      EXPECT_EQ(dst[i], 0xEE);
    }
    // 4 items x 3 units x 16 ns per byte... well above 1000 ns: fans out
    // when workers exist.
    EXPECT_EQ(s.statistics().fanouts, workers ? 1u : 0u);
  }
}

TEST(Wave, FailingWorkgroupStopsTheWaveWithItsName) {
  Scheduler s(optionsWith(0));
  Recorder r(10);
  gRecorder = &r;
  r.failAt = 2;
  sluice_dispatch_state_t state = makeState(10, 1, 1);
  sluice_wave_item_t item = dispatchItem(&state, 1, /*exportIndex=*/1);
  ExecState exec = execFor(s);
  Status status = s.wave(exec, 1, &item);
  EXPECT_EQ(status.code(), StatusCode::Internal);
  EXPECT_EQ(status.message(),
            "dispatch 'other::f' workgroup (2, 0, 0) failed with code 7");
  // Inline: units after the failing one are not run.
  EXPECT_EQ(r.hits[3].load(), 0);
  EXPECT_EQ(r.hits[9].load(), 0);
}

TEST(Wave, FailureInAFannedOutWaveClaimsNoMoreUnits) {
  Scheduler s(optionsWith(2));
  const uint32_t n = 4096;
  Recorder r(n);
  gRecorder = &r;
  r.failAt = 0; // the first unit of the first chunk, whoever claims it
  r.holdUntilFailure = true;
  sluice_dispatch_state_t state = makeState(n, 1, 1);
  sluice_wave_item_t item = dispatchItem(&state, 100000);
  ExecState exec = execFor(s);
  Status status = s.wave(exec, 1, &item);
  EXPECT_EQ(status.message(),
            "dispatch 'ex::e' workgroup (0, 0, 0) failed with code 7");
  size_t ran = 0;
  for (auto &h : r.hits)
    ran += h.load();
  // chunk = n / (3 * 8) = 170. Every participant but the failing one is held
  // in the first unit of its first chunk until the failure; it then finishes
  // that chunk (200 us a unit) and claims no other: at most 1 + 2 * 170 units
  // ran. The one gap: the failing participant returns from the unit before
  // it marks the wave failed; to pass n / 2 the others would have to run
  // ~1700 more units (~170 ms) while it stays descheduled in that gap.
  EXPECT_LT(ran, n / 2);
}

TEST(Wave, WorkgroupIdsDecomposeLinearUnits) {
  Scheduler s(optionsWith(0));
  static std::vector<uint32_t> order;
  order.clear();
  sluice_dispatch_state_t state = makeState(2, 3, 2);
  sluice_wave_item_t item{};
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.dispatch.fn = [](const sluice_environment_t *,
                        const sluice_dispatch_state_t *,
                        const sluice_workgroup_state_t *wg) -> int32_t {
    order.push_back(wg->workgroup_id_x * 100 + wg->workgroup_id_y * 10 +
                    wg->workgroup_id_z);
    return 0;
  };
  item.dispatch.state = &state;
  ExecState exec = execFor(s);
  ASSERT_TRUE(s.wave(exec, 1, &item).isOk());
  // x fastest, then y, then z.
  std::vector<uint32_t> expected = {0, 100, 10, 110, 20, 120,
                                    1, 101, 11, 111, 21, 121};
  EXPECT_EQ(order, expected);
}

TEST(Wave, ConcurrentWavesFromSeveralThreads) {
  Scheduler s(optionsWith(2));
  const uint32_t n = 2000;
  std::vector<std::atomic<int>> hits(4 * n);
  static std::vector<std::atomic<int>> *gHits;
  gHits = &hits;
  auto body = [](const sluice_environment_t *, const sluice_dispatch_state_t *d,
                 const sluice_workgroup_state_t *wg) -> int32_t {
    (*gHits)[d->constants[0] * 2000 + wg->workgroup_id_x].fetch_add(1);
    return 0;
  };
  std::vector<std::thread> threads;
  for (uint32_t t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      uint32_t constant = t;
      sluice_dispatch_state_t state = makeState(n, 1, 1);
      state.constants = &constant;
      state.constant_count = 1;
      sluice_wave_item_t item{};
      item.kind = SLUICE_WAVE_ITEM_DISPATCH;
      item.dispatch.fn = body;
      item.dispatch.state = &state;
      item.dispatch.cost_ns_per_workgroup = 1000;
      ExecState exec = execFor(s);
      for (int round = 0; round < 5; ++round)
        EXPECT_TRUE(s.wave(exec, 1, &item).isOk());
    });
  for (auto &t : threads)
    t.join();
  for (size_t i = 0; i < hits.size(); ++i)
    ASSERT_EQ(hits[i].load(), 5) << i;
  EXPECT_EQ(s.statistics().waves, 20u);
}

TEST(Wave, MalformedItemsAreRejected) {
  Scheduler s(optionsWith(0));
  ExecState exec = execFor(s);
  sluice_wave_item_t item{};
  item.kind = 9;
  EXPECT_EQ(s.wave(exec, 1, &item).message(), "wave item 0 has unknown kind 9");
  item.kind = SLUICE_WAVE_ITEM_FILL;
  uint8_t byte = 0;
  item.fill = {&byte, 1, 0, 3};
  EXPECT_EQ(s.wave(exec, 1, &item).message(),
            "wave item 0: fill pattern length 3 is not 1, 2 or 4");
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.dispatch = {nullptr, nullptr, 0};
  EXPECT_EQ(s.wave(exec, 1, &item).code(), StatusCode::InvalidArgument);
}

} // namespace
