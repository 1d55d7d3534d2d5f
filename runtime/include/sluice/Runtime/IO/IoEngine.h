//===- IoEngine.h - Batched parallel file I/O
//---------------------------------===//
//
// Requests are split into chunks of at most `chunkBytes` and executed in
// parallel, either through io_uring (one ring driven by a completion thread)
// or through a pool of threads issuing pread/pwrite. Admission is bounded by
// `maxInFlightBytes`: a chunk starts only when the bytes of chunks in flight
// plus its own stay under the bound (a single oversized chunk may run
// alone). Direct requests use the file's O_DIRECT descriptor: aligned
// requests go straight into the destination, unaligned reads go through
// aligned staging (bounce) buffers whose bytes count towards the in-flight
// bound. The staging buffers form a bounded ring of `stagingBytes` in total
// (parameter-runtime.md §7.2, --parameter_staging_bytes): a staged chunk is
// admitted only when a ring buffer is free, so a read of any size completes
// with at most `stagingBytes` of staging memory.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_IO_IOENGINE_H
#define SLUICE_RUNTIME_IO_IOENGINE_H

#include "sluice/Runtime/IO/IoFile.h"
#include "sluice/Runtime/Status.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace sluice::runtime::io {

enum class IoBackend { Auto, IoUring, Threads };
const char *ioBackendName(IoBackend backend);

/// How a provider moves parameter bytes: positioned reads, a shared
/// read-only mapping, or O_DIRECT reads through aligned staging.
enum class IoPolicy { Read, Mmap, Direct };
const char *ioPolicyName(IoPolicy policy);
/// Parses "read" / "file", "mmap", "direct"; INVALID_ARGUMENT otherwise.
Expected<IoPolicy> parseIoPolicy(std::string_view text);

struct IoEngineOptions {
  IoBackend backend = IoBackend::Auto;
  /// Worker threads of the thread backend (0 = hardware concurrency, at
  /// least 2, at most 16).
  unsigned threads = 0;
  /// Bound on the bytes of chunks in flight (including bounce buffers).
  uint64_t maxInFlightBytes = 256ull << 20;
  /// Largest single read/write issued to the kernel.
  uint64_t chunkBytes = 4ull << 20;
  /// io_uring submission queue depth (per ring).
  unsigned queueDepth = 64;
  /// io_uring rings, each with its own submitting thread, sharing the
  /// in-flight bound (0 = one per CPU, at most 4). Cached reads complete
  /// inline on the submitting thread, so one ring copies on one CPU only.
  unsigned uringRings = 0;
  /// io_uring: force every request onto the kernel's async workers
  /// (IOSQE_ASYNC). Off: reads served from the page cache complete inline at
  /// submission and only blocking ones are punted to the workers.
  bool uringForceAsync = false;
  /// io_uring: buffered requests of at least this many bytes go to the kernel's
  /// async workers (IOSQE_ASYNC) even when the data is cached, so large
  /// page-cache copies run on several CPUs instead of inline on the submitting
  /// thread; smaller ones complete inline (cheapest for small cached reads). 0
  /// disables the threshold.
  uint64_t uringAsyncThresholdBytes = 1ull << 20;
  /// io_uring: bound on the kernel's async workers per ring for blocking
  /// file I/O (0 = the kernel default, min(queue depth, 4 x CPUs)). Reads
  /// that miss the page cache each hold a worker while the device serves
  /// them, so this bounds the device queue depth of cold buffered reads.
  unsigned uringMaxWorkers = 0;
  /// O_DIRECT alignment for offsets, lengths and addresses.
  uint64_t directAlignment = 4096;
  /// Total bytes of the O_DIRECT staging ring (at least directAlignment).
  /// Each buffer holds min(chunkBytes, stagingBytes) rounded to the
  /// alignment; the ring holds stagingBytes / that many buffers.
  uint64_t stagingBytes = 256ull << 20;
};

struct IoRequest {
  enum class Kind : uint8_t { Read, Write };
  Kind kind = Kind::Read;
  IoFileRef file;
  uint64_t fileOffset = 0;
  uint8_t *data = nullptr;
  uint64_t length = 0;
  /// Use the O_DIRECT descriptor when the file has one.
  bool direct = false;
};

struct IoEngineStats {
  uint64_t bytesRead = 0;
  uint64_t bytesWritten = 0;
  uint64_t chunks = 0;
  uint64_t directChunks = 0;
  uint64_t bounceChunks = 0;
  /// io_uring submissions flagged IOSQE_ASYNC (forced or above the
  /// threshold).
  uint64_t asyncSubmissions = 0;
  uint64_t peakInFlightBytes = 0;
  /// Staging buffers allocated so far (the ring never holds more than
  /// stagingBytes / buffer size of them) and their size.
  uint64_t stagingBuffers = 0;
  uint64_t stagingBufferBytes = 0;
  /// High-water mark of the staging bytes held at once.
  uint64_t stagingPeakBytes = 0;
};

class IoEngine {
public:
  using Completion = std::function<void(const Status &)>;

  virtual ~IoEngine() = default;

  /// Creates an engine. With Backend::Auto io_uring is used when
  /// io_uring_queue_init succeeds, else threads. Backend::IoUring fails
  /// with UNAVAILABLE when the kernel refuses.
  static Expected<std::unique_ptr<IoEngine>>
  create(const IoEngineOptions &options = {});

  /// Starts every request; `done` runs once (on an engine thread, or inline
  /// for an empty or invalid batch) with OK or the first error.
  virtual void submit(std::vector<IoRequest> requests, Completion done) = 0;
  /// submit() and wait.
  Status run(std::vector<IoRequest> requests);

  virtual IoBackend backend() const = 0;
  const IoEngineOptions &options() const { return options_; }
  IoEngineStats stats() const;
  /// Bytes of one staging buffer for `options` (after create()'s
  /// normalization).
  static uint64_t stagingBufferBytes(const IoEngineOptions &options);

protected:
  explicit IoEngine(const IoEngineOptions &options) : options_(options) {}
  IoEngineOptions options_;
  std::atomic<uint64_t> bytesRead_{0}, bytesWritten_{0}, chunks_{0},
      directChunks_{0}, bounceChunks_{0}, asyncSubmissions_{0},
      peakInFlight_{0};
  /// Set by the backends: their staging ring's counters.
  std::function<void(IoEngineStats &)> stagingStats_;
};

} // namespace sluice::runtime::io

#endif // SLUICE_RUNTIME_IO_IOENGINE_H
