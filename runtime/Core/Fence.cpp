//===- Fence.cpp ----------------------------------------------------------===//

#include "sluice/Runtime/Core/Fence.h"

namespace sluice::runtime {

FenceRef Fence::createAt(SemaphoreRef semaphore, uint64_t value) {
  FenceRef fence = create();
  fence->insert(std::move(semaphore), value);
  return fence;
}

FenceRef Fence::join(std::span<const FenceRef> fences) {
  FenceRef joined = create();
  for (const FenceRef &fence : fences)
    if (fence)
      for (const Timepoint &tp : fence->timepoints())
        joined->insert(tp.semaphore, tp.value);
  return joined;
}

void Fence::insert(SemaphoreRef semaphore, uint64_t value) {
  if (!semaphore)
    return;
  for (Timepoint &tp : timepoints_) {
    if (tp.semaphore == semaphore) {
      if (value > tp.value)
        tp.value = value;
      return;
    }
  }
  timepoints_.push_back(Timepoint{std::move(semaphore), value});
}

Status Fence::signal() const {
  for (const Timepoint &tp : timepoints_) {
    // A semaphore already at or past the value (signalled through another
    // fence) is not an error for a fence signal.
    Expected<uint64_t> current = tp.semaphore->query();
    if (!current)
      return current.takeStatus();
    if (*current >= tp.value)
      continue;
    Status status = tp.semaphore->signal(tp.value);
    if (!status.isOk()) {
      // Lost a race with another signaller that already moved past us.
      Expected<uint64_t> after = tp.semaphore->query();
      if (status.code() == StatusCode::InvalidArgument && after &&
          *after >= tp.value)
        continue;
      return status;
    }
  }
  return Status();
}

void Fence::fail(const Status &status) const {
  for (const Timepoint &tp : timepoints_)
    tp.semaphore->fail(status);
}

Status Fence::wait(Deadline deadline) const {
  return Semaphore::waitAll(timepoints_, deadline);
}

Expected<bool> Fence::query() const {
  bool reached = true;
  for (const Timepoint &tp : timepoints_) {
    Expected<uint64_t> value = tp.semaphore->query();
    if (!value)
      return value.takeStatus();
    if (*value < tp.value)
      reached = false;
  }
  return reached;
}

} // namespace sluice::runtime
