//===- Wave.cpp - Running the items of one command-buffer wave ------------===//
//
// execution.md §4.6 "Waves". Units are the workgroups of every dispatch item
// and the 256 KiB chunks of every fill/copy item, concatenated in item order.
// A wave runs inline on the calling thread when it is one unit, cheaper than
// the inline threshold, or when there are no workers; otherwise it is
// published on the active-wave list, workers join it, and every participant
// claims `chunk` consecutive units at a time with one fetch_add. Nothing here
// allocates.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Exec/Scheduler.h"

#include "CpuRelax.h"

#include <algorithm>
#include <cstring>

namespace sluice::runtime::exec {

namespace {

constexpr uint64_t kChunkBytes = 256 * 1024;

uint64_t saturatingMul(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}
uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

uint64_t byteUnits(uint64_t length) {
  return length / kChunkBytes + (length % kChunkBytes ? 1 : 0);
}

uint64_t itemUnits(const sluice_wave_item_t &item) {
  switch (item.kind) {
  case SLUICE_WAVE_ITEM_DISPATCH: {
    const sluice_dispatch_state_t *s = item.dispatch.state;
    return (uint64_t)s->workgroup_count_x * s->workgroup_count_y *
           s->workgroup_count_z;
  }
  case SLUICE_WAVE_ITEM_FILL:
    return byteUnits(item.fill.length);
  default:
    return byteUnits(item.copy.length);
  }
}

/// Writes `n` bytes of the repeating `pattern` (its low `plen` bytes, little
/// endian) starting at pattern phase 0.
void fillPattern(uint8_t *p, uint64_t n, uint32_t pattern, uint32_t plen) {
  if (plen == 1) {
    std::memset(p, (int)(pattern & 0xFF), n);
    return;
  }
  uint64_t word = plen == 2
                      ? (uint64_t)(pattern & 0xFFFF) * 0x0001000100010001ull
                      : (uint64_t)pattern * 0x0000000100000001ull;
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8)
    std::memcpy(p + i, &word, 8);
  for (; i < n; ++i)
    p[i] = (uint8_t)(word >> (8 * (i % 8)));
}

const char *exportPart(const ExecState &exec, uint32_t index, bool name) {
  if (!exec.exports || index >= exec.exportCount)
    return "<unknown>";
  const sluice_module_export_info_t &info = exec.exports[index];
  const char *s = name ? info.name : info.executable;
  return s ? s : "<unknown>";
}

/// Runs unit `unit` of `item`; returns a failed status for a failing
/// workgroup.
Status runUnit(const ExecState &exec, const sluice_environment_t *env,
               const sluice_wave_item_t &item, uint64_t unit,
               uint32_t participant) {
  switch (item.kind) {
  case SLUICE_WAVE_ITEM_DISPATCH: {
    const sluice_dispatch_state_t *s = item.dispatch.state;
    uint64_t x = unit % s->workgroup_count_x;
    uint64_t y = (unit / s->workgroup_count_x) % s->workgroup_count_y;
    uint64_t z = unit / ((uint64_t)s->workgroup_count_x * s->workgroup_count_y);
    sluice_workgroup_state_t wg{};
    wg.workgroup_id_x = (uint32_t)x;
    wg.workgroup_id_y = (uint32_t)y;
    wg.workgroup_id_z = (uint16_t)z;
    wg.processor_id = participant;
    int32_t rc = item.dispatch.fn(env, s, &wg);
    if (rc != 0)
      return makeStatus(StatusCode::Internal,
                        "dispatch '%s::%s' workgroup (%llu, %llu, %llu) "
                        "failed with code %d",
                        exportPart(exec, item.export_index, false),
                        exportPart(exec, item.export_index, true),
                        (unsigned long long)x, (unsigned long long)y,
                        (unsigned long long)z, (int)rc);
    return Status();
  }
  case SLUICE_WAVE_ITEM_FILL: {
    uint64_t offset = unit * kChunkBytes;
    uint64_t n = std::min(kChunkBytes, item.fill.length - offset);
    fillPattern(item.fill.target + offset, n, item.fill.pattern,
                item.fill.pattern_length);
    return Status();
  }
  default: {
    uint64_t offset = unit * kChunkBytes;
    uint64_t n = std::min(kChunkBytes, item.copy.length - offset);
    std::memmove(item.copy.target + offset, item.copy.source + offset, n);
    return Status();
  }
  }
}

/// Walks units in increasing order, mapping each to its item.
struct UnitCursor {
  const sluice_wave_item_t *items;
  uint32_t count;
  uint32_t item = 0;
  uint64_t itemStart = 0;
  uint64_t itemEnd;

  UnitCursor(const sluice_wave_item_t *items, uint32_t count)
      : items(items), count(count), itemEnd(itemUnits(items[0])) {}

  /// Positions on the item holding `unit` (units only increase).
  const sluice_wave_item_t &seek(uint64_t unit) {
    while (unit >= itemEnd) {
      ++item;
      itemStart = itemEnd;
      itemEnd += itemUnits(items[item]);
    }
    return items[item];
  }
};

Status validateItems(uint32_t count, const sluice_wave_item_t *items) {
  if (count && !items)
    return Status(StatusCode::InvalidArgument, "wave items are NULL");
  for (uint32_t i = 0; i < count; ++i) {
    const sluice_wave_item_t &item = items[i];
    switch (item.kind) {
    case SLUICE_WAVE_ITEM_DISPATCH:
      if (!item.dispatch.fn || !item.dispatch.state)
        return makeStatus(StatusCode::InvalidArgument,
                          "wave item %u: dispatch without a function or state",
                          i);
      break;
    case SLUICE_WAVE_ITEM_FILL:
      if (item.fill.pattern_length != 1 && item.fill.pattern_length != 2 &&
          item.fill.pattern_length != 4)
        return makeStatus(StatusCode::InvalidArgument,
                          "wave item %u: fill pattern length %u is not 1, 2 "
                          "or 4",
                          i, item.fill.pattern_length);
      if (!item.fill.target && item.fill.length)
        return makeStatus(StatusCode::InvalidArgument,
                          "wave item %u: fill target is NULL", i);
      break;
    case SLUICE_WAVE_ITEM_COPY:
      if ((!item.copy.target || !item.copy.source) && item.copy.length)
        return makeStatus(StatusCode::InvalidArgument,
                          "wave item %u: copy source or target is NULL", i);
      break;
    default:
      return makeStatus(StatusCode::InvalidArgument,
                        "wave item %u has unknown kind %u", i, item.kind);
    }
  }
  return Status();
}

void setMaxConcurrency(uint32_t count, const sluice_wave_item_t *items,
                       uint32_t participants) {
  // The dispatch states live in the command function's (writable) stack
  // frame; the runtime fills max_concurrency (ModuleAbi.h).
  for (uint32_t i = 0; i < count; ++i)
    if (items[i].kind == SLUICE_WAVE_ITEM_DISPATCH)
      const_cast<sluice_dispatch_state_t *>(items[i].dispatch.state)
          ->max_concurrency = (uint8_t)participants;
}

} // namespace

struct Scheduler::Wave {
  ExecState *exec = nullptr;
  const sluice_wave_item_t *items = nullptr;
  uint32_t count = 0;
  uint64_t total = 0;
  uint64_t chunk = 1;
  uint32_t maxParticipants = 1;
  uint32_t joined = 1; // guarded by Scheduler::mutex_; the publisher is 0
  /// Counted in joinableWaves_ (guarded by Scheduler::mutex_): from its
  /// publication until it is full or removed. A full wave no longer keeps
  /// idle workers from parking.
  bool countedJoinable = false;
  std::atomic<uint64_t> next{0};
  std::atomic<uint32_t> refs{1};
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  Status error;
  Wave *nextActive = nullptr;
};

void Scheduler::participate(Wave &wave, uint32_t participant) {
  UnitCursor cursor(wave.items, wave.count);
  while (!wave.failed.load(std::memory_order_relaxed)) {
    uint64_t begin = wave.next.fetch_add(wave.chunk, std::memory_order_relaxed);
    if (begin >= wave.total)
      return;
    uint64_t end = std::min(wave.total, begin + wave.chunk);
    for (uint64_t u = begin; u < end; ++u) {
      const sluice_wave_item_t &item = cursor.seek(u);
      Status status = runUnit(*wave.exec, &environment_, item,
                              u - cursor.itemStart, participant);
      if (!status.isOk()) {
        std::lock_guard<std::mutex> lock(wave.errorMutex);
        if (!wave.failed.load(std::memory_order_relaxed)) {
          wave.error = std::move(status);
          wave.failed.store(true, std::memory_order_release);
        }
        return;
      }
    }
  }
}

bool Scheduler::helpWave() {
  if (joinableWaves_.load(std::memory_order_relaxed) == 0)
    return false;
  Wave *wave = nullptr;
  uint32_t participant = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Wave *w = activeWaves_; w; w = w->nextActive) {
      if (w->joined < w->maxParticipants &&
          w->next.load(std::memory_order_relaxed) < w->total &&
          !w->failed.load(std::memory_order_relaxed)) {
        wave = w;
        break;
      }
    }
    if (!wave)
      return false;
    participant = wave->joined++;
    wave->refs.fetch_add(1, std::memory_order_relaxed);
    if (wave->joined == wave->maxParticipants && wave->countedJoinable) {
      wave->countedJoinable = false;
      joinableWaves_.fetch_sub(1, std::memory_order_relaxed);
    }
  }
  participate(*wave, participant);
  // The last touch of the wave: its publisher may return once refs is 0.
  wave->refs.fetch_sub(1, std::memory_order_release);
  return true;
}

Status Scheduler::wave(ExecState &exec, uint32_t count,
                       const sluice_wave_item_t *items) {
  counters_.waves.fetch_add(1, std::memory_order_relaxed);
  SLUICE_RETURN_IF_ERROR(validateItems(count, items));
  uint64_t total = 0, cost = 0;
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t units = itemUnits(items[i]);
    total = saturatingAdd(total, units);
    if (items[i].kind == SLUICE_WAVE_ITEM_DISPATCH)
      cost = saturatingAdd(
          cost, saturatingMul(units, items[i].dispatch.cost_ns_per_workgroup));
    else
      cost = saturatingAdd(cost, (items[i].kind == SLUICE_WAVE_ITEM_FILL
                                      ? items[i].fill.length
                                      : items[i].copy.length) /
                                     16);
  }
  if (total == 0)
    return Status();

  unsigned workers = workerCount();
  if (total == 1 || cost < options_.inlineThresholdNs || workers == 0) {
    setMaxConcurrency(count, items, 1);
    UnitCursor cursor(items, count);
    for (uint64_t u = 0; u < total; ++u) {
      const sluice_wave_item_t &item = cursor.seek(u);
      SLUICE_RETURN_IF_ERROR(
          runUnit(exec, &environment_, item, u - cursor.itemStart, 0));
    }
    return Status();
  }

  counters_.fanouts.fetch_add(1, std::memory_order_relaxed);
  uint32_t helpers = (uint32_t)std::min<uint64_t>(workers, total - 1);
  uint32_t participants = std::min<uint32_t>(1 + helpers, 255);
  setMaxConcurrency(count, items, participants);

  Wave wave;
  wave.exec = &exec;
  wave.items = items;
  wave.count = count;
  wave.total = total;
  wave.chunk = std::max<uint64_t>(1, total / ((uint64_t)participants * 8));
  wave.maxParticipants = participants;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Wave **tail = &activeWaves_;
    while (*tail)
      tail = &(*tail)->nextActive;
    *tail = &wave;
    wave.countedJoinable = wave.maxParticipants > 1;
    if (wave.countedJoinable)
      joinableWaves_.fetch_add(1, std::memory_order_relaxed);
    unsigned spinning = spinningWorkers_.load(std::memory_order_relaxed);
    if (helpers > spinning)
      wakeWorkersLocked(helpers - spinning);
  }
  participate(wave, 0);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Wave **link = &activeWaves_;
    while (*link != &wave)
      link = &(*link)->nextActive;
    *link = wave.nextActive;
    if (wave.countedJoinable)
      joinableWaves_.fetch_sub(1, std::memory_order_relaxed);
  }
  // Barrier: wait for the units other participants claimed.
  wave.refs.fetch_sub(1, std::memory_order_release);
  for (unsigned i = 1; wave.refs.load(std::memory_order_acquire) != 0; ++i) {
    if (i < 1024)
      cpuRelax();
    else
      std::this_thread::yield();
  }
  if (wave.failed.load(std::memory_order_acquire))
    return std::move(wave.error);
  return Status();
}

} // namespace sluice::runtime::exec
