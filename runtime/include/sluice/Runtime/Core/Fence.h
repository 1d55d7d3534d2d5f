//===- Fence.h - Fences: sets of semaphore timepoints
//-------------------------===//
//
// A fence is a list of (semaphore, value) pairs, at most one per semaphore
// (inserting the same semaphore keeps the larger value). A fence is reached
// when every timepoint is reached; it is failed when any semaphore failed.
// A null FenceRef is the empty fence (always reached; signalling does
// nothing). Building a fence (insert) is not thread-safe; signal, fail,
// wait and query are.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_FENCE_H
#define SLUICE_RUNTIME_CORE_FENCE_H

#include "sluice/Runtime/Core/Semaphore.h"

#include <memory>
#include <span>
#include <vector>

namespace sluice::runtime {

class Fence;
using FenceRef = std::shared_ptr<Fence>;

class Fence {
public:
  static FenceRef create() { return std::make_shared<Fence>(); }
  /// A fence holding one timepoint.
  static FenceRef createAt(SemaphoreRef semaphore, uint64_t value);
  /// A fence that is reached when all `fences` are (null entries ignored).
  static FenceRef join(std::span<const FenceRef> fences);

  void insert(SemaphoreRef semaphore, uint64_t value);
  /// Drops every timepoint, keeping the storage (pooled fences).
  void clear() { timepoints_.clear(); }
  void reserve(size_t count) { timepoints_.reserve(count); }
  const std::vector<Timepoint> &timepoints() const { return timepoints_; }
  bool empty() const { return timepoints_.empty(); }

  /// Signals every semaphore to its value.
  Status signal() const;
  /// Fails every semaphore with `status`.
  void fail(const Status &status) const;
  /// Waits until reached; DEADLINE_EXCEEDED or the failure status otherwise.
  Status wait(Deadline deadline = infiniteFuture()) const;
  /// true when reached, false when pending, the failure status when failed.
  Expected<bool> query() const;

private:
  std::vector<Timepoint> timepoints_;
};

/// Helpers that treat a null fence as empty.
inline std::span<const Timepoint> timepointsOf(const FenceRef &fence) {
  return fence ? std::span<const Timepoint>(fence->timepoints())
               : std::span<const Timepoint>();
}
inline Status signalFence(const FenceRef &fence) {
  return fence ? fence->signal() : Status();
}
inline void failFence(const FenceRef &fence, const Status &status) {
  if (fence)
    fence->fail(status);
}

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_FENCE_H
