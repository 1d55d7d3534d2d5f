//===- IoEngineImpl.h - Chunks and batches shared by the backends
//----------===//
#ifndef SLUICE_RUNTIME_IO_IOENGINEIMPL_H
#define SLUICE_RUNTIME_IO_IOENGINEIMPL_H

#include "sluice/Runtime/IO/IoEngine.h"

#include <atomic>
#include <deque>
#include <mutex>
#include <vector>

namespace sluice::runtime::io::detail {

/// One submit() call: completes when its last chunk does.
struct Batch {
  std::atomic<size_t> remaining{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  Status firstError;
  IoEngine::Completion done;

  void recordError(Status status);
  /// Called once per chunk; runs `done` after the last one.
  void chunkDone();
};

/// A piece of a request issued as one kernel read/write (plus retries for
/// short transfers).
struct Chunk {
  std::shared_ptr<Batch> batch;
  IoRequest::Kind kind = IoRequest::Kind::Read;
  IoFileRef file;
  int fd = -1;
  bool direct = false;
  uint64_t fileOffset = 0;
  /// Destination/source of the kernel transfer (the bounce buffer when
  /// bouncing).
  uint8_t *data = nullptr;
  uint64_t length = 0;
  /// Bytes that must be transferred (a bounced read may end early at EOF).
  uint64_t required = 0;
  uint64_t done = 0;
  /// Bounce: copy bounce[copySkip, +copyLength) to copyDest afterwards.
  bool bounce = false;
  uint64_t copySkip = 0;
  uint8_t *copyDest = nullptr;
  uint64_t copyLength = 0;
  /// Bytes counted against the in-flight bound.
  uint64_t cost = 0;
};

/// Splits requests into chunks. Returns an error (and no chunks) on invalid
/// requests.
Status buildChunks(const IoEngineOptions &options,
                   std::vector<IoRequest> &requests,
                   const std::shared_ptr<Batch> &batch, std::deque<Chunk> &out);

/// The O_DIRECT staging ring: at most `capacity` aligned buffers of a fixed
/// size, allocated on first need and recycled. Engines admit a staged chunk
/// only when available() (under their admission lock, so the acquire that
/// follows succeeds unless the allocation itself fails).
class StagingRing {
public:
  explicit StagingRing(const IoEngineOptions &options);
  ~StagingRing();
  /// True when a buffer is free or another may be allocated.
  bool available() const;
  /// A buffer, or nullptr when the ring is full or the allocation failed.
  uint8_t *acquire();
  void release(uint8_t *buffer);
  uint64_t bufferBytes() const { return size_; }
  void stats(IoEngineStats &out) const;

private:
  uint64_t size_, alignment_, capacity_;
  mutable std::mutex mutex_;
  std::vector<uint8_t *> free_;
  uint64_t allocated_ = 0, held_ = 0, peakHeld_ = 0;
};

/// Status for a failed transfer.
Status transferError(const Chunk &chunk, int err);
Status eofError(const Chunk &chunk);

} // namespace sluice::runtime::io::detail

#endif // SLUICE_RUNTIME_IO_IOENGINEIMPL_H
