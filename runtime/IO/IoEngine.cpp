//===- IoEngine.cpp - Chunking, batches, policy names, factory
//-------------===//

#include "IoEngineImpl.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <cstring>

namespace sluice::runtime::io {

const char *ioBackendName(IoBackend backend) {
  switch (backend) {
  case IoBackend::Auto:
    return "auto";
  case IoBackend::IoUring:
    return "io_uring";
  case IoBackend::Threads:
    return "threads";
  }
  return "?";
}

const char *ioPolicyName(IoPolicy policy) {
  switch (policy) {
  case IoPolicy::Read:
    return "read";
  case IoPolicy::Mmap:
    return "mmap";
  case IoPolicy::Direct:
    return "direct";
  }
  return "?";
}

Expected<IoPolicy> parseIoPolicy(std::string_view text) {
  if (text == "read" || text == "file")
    return IoPolicy::Read;
  if (text == "mmap")
    return IoPolicy::Mmap;
  if (text == "direct")
    return IoPolicy::Direct;
  return makeStatus(
      StatusCode::InvalidArgument,
      "unrecognized I/O policy '%.*s' (expected read, mmap or direct)",
      (int)text.size(), text.data());
}

Status IoEngine::run(std::vector<IoRequest> requests) {
  std::mutex mutex;
  std::condition_variable cv;
  bool finished = false;
  Status result;
  submit(std::move(requests), [&](const Status &status) {
    std::lock_guard<std::mutex> lock(mutex);
    result = status;
    finished = true;
    cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(mutex);
  cv.wait(lock, [&] { return finished; });
  return result;
}

IoEngineStats IoEngine::stats() const {
  IoEngineStats s;
  s.bytesRead = bytesRead_.load();
  s.bytesWritten = bytesWritten_.load();
  s.chunks = chunks_.load();
  s.directChunks = directChunks_.load();
  s.bounceChunks = bounceChunks_.load();
  s.asyncSubmissions = asyncSubmissions_.load();
  s.peakInFlightBytes = peakInFlight_.load();
  if (stagingStats_)
    stagingStats_(s);
  return s;
}

uint64_t IoEngine::stagingBufferBytes(const IoEngineOptions &options) {
  const uint64_t align =
      options.directAlignment ? options.directAlignment : 4096;
  const uint64_t chunk = options.chunkBytes ? options.chunkBytes : 4ull << 20;
  const uint64_t alignedChunk = (chunk + align - 1) / align * align;
  const uint64_t staging =
      std::max(options.stagingBytes / align * align, align);
  return std::min(alignedChunk, staging);
}

namespace detail {

void Batch::recordError(Status status) {
  std::lock_guard<std::mutex> lock(mutex);
  if (firstError.isOk())
    firstError = std::move(status);
  failed.store(true, std::memory_order_release);
}

void Batch::chunkDone() {
  if (remaining.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  Status status;
  {
    std::lock_guard<std::mutex> lock(mutex);
    status = firstError;
  }
  IoEngine::Completion callback = std::move(done);
  callback(status);
}

static uint64_t roundUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

Status buildChunks(const IoEngineOptions &options,
                   std::vector<IoRequest> &requests,
                   const std::shared_ptr<Batch> &batch,
                   std::deque<Chunk> &out) {
  const uint64_t align =
      options.directAlignment ? options.directAlignment : 4096;
  const uint64_t chunkBytes =
      options.chunkBytes ? options.chunkBytes : (4ull << 20);
  const uint64_t alignedChunk = roundUp(chunkBytes, align);
  // Staged pieces fit one staging buffer.
  const uint64_t stagedChunk = IoEngine::stagingBufferBytes(options);
  std::deque<Chunk> chunks;
  for (size_t i = 0; i < requests.size(); ++i) {
    IoRequest &r = requests[i];
    const bool isRead = r.kind == IoRequest::Kind::Read;
    if (!r.file)
      return makeStatus(StatusCode::InvalidArgument,
                        "I/O request %zu has no file", i);
    if (r.length == 0)
      continue;
    if (!r.data)
      return makeStatus(StatusCode::InvalidArgument,
                        "I/O request %zu has no host memory for %llu bytes", i,
                        (unsigned long long)r.length);
    if (r.fileOffset + r.length < r.fileOffset)
      return makeStatus(
          StatusCode::OutOfRange,
          "I/O request %zu range overflows (offset=%llu, length=%llu)", i,
          (unsigned long long)r.fileOffset, (unsigned long long)r.length);
    uint32_t need = isRead ? file_access::Read : file_access::Write;
    if (!(r.file->access() & need))
      return makeStatus(
          StatusCode::PermissionDenied, "file '%s' is not open for %s",
          r.file->displayName().c_str(), isRead ? "reading" : "writing");
    const bool haveDirect = r.direct && r.file->directFd() >= 0;
    const bool aligned = r.fileOffset % align == 0 && r.length % align == 0 &&
                         reinterpret_cast<uintptr_t>(r.data) % align == 0;
    if (haveDirect && !aligned && isRead) {
      uint64_t begin = r.fileOffset / align * align;
      uint64_t end = roundUp(r.fileOffset + r.length, align);
      uint64_t reqEnd = r.fileOffset + r.length;
      for (uint64_t p = begin; p < end; p += stagedChunk) {
        uint64_t pieceEnd = std::min(end, p + stagedChunk);
        Chunk c;
        c.batch = batch;
        c.kind = r.kind;
        c.file = r.file;
        c.fd = r.file->directFd();
        c.direct = true;
        c.bounce = true;
        c.fileOffset = p;
        c.length = pieceEnd - p;
        uint64_t copyBegin = std::max(r.fileOffset, p);
        uint64_t copyEnd = std::min(reqEnd, pieceEnd);
        c.copySkip = copyBegin - p;
        c.copyDest = r.data + (copyBegin - r.fileOffset);
        c.copyLength = copyEnd - copyBegin;
        c.required = copyEnd - p;
        c.cost = c.length;
        chunks.push_back(std::move(c));
      }
      continue;
    }
    const bool direct = haveDirect && aligned;
    const uint64_t step = direct ? alignedChunk : chunkBytes;
    for (uint64_t done = 0; done < r.length; done += step) {
      Chunk c;
      c.batch = batch;
      c.kind = r.kind;
      c.file = r.file;
      c.fd = direct ? r.file->directFd() : r.file->fd();
      c.direct = direct;
      c.fileOffset = r.fileOffset + done;
      c.data = r.data + done;
      c.length = std::min(step, r.length - done);
      c.required = c.length;
      c.cost = c.length;
      chunks.push_back(std::move(c));
    }
  }
  batch->remaining.store(chunks.size(), std::memory_order_relaxed);
  for (Chunk &c : chunks)
    out.push_back(std::move(c));
  return Status();
}

StagingRing::StagingRing(const IoEngineOptions &options)
    : size_(IoEngine::stagingBufferBytes(options)),
      alignment_(options.directAlignment ? options.directAlignment : 4096),
      capacity_(std::max<uint64_t>(1, options.stagingBytes / size_)) {}

StagingRing::~StagingRing() {
  for (uint8_t *b : free_)
    std::free(b);
}

bool StagingRing::available() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !free_.empty() || allocated_ < capacity_;
}

uint8_t *StagingRing::acquire() {
  std::lock_guard<std::mutex> lock(mutex_);
  uint8_t *b = nullptr;
  if (!free_.empty()) {
    b = free_.back();
    free_.pop_back();
  } else if (allocated_ < capacity_) {
    b = static_cast<uint8_t *>(std::aligned_alloc(alignment_, size_));
    if (!b)
      return nullptr;
    ++allocated_;
  } else {
    return nullptr;
  }
  held_ += size_;
  peakHeld_ = std::max(peakHeld_, held_);
  return b;
}

void StagingRing::release(uint8_t *buffer) {
  if (!buffer)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  held_ -= size_;
  free_.push_back(buffer);
}

void StagingRing::stats(IoEngineStats &out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  out.stagingBuffers = allocated_;
  out.stagingBufferBytes = size_;
  out.stagingPeakBytes = peakHeld_;
}

Status transferError(const Chunk &chunk, int err) {
  return makeStatus(StatusCode::Unknown,
                    "%s of %llu bytes at offset %llu of '%s'%s failed: %s",
                    chunk.kind == IoRequest::Kind::Read ? "read" : "write",
                    (unsigned long long)(chunk.length - chunk.done),
                    (unsigned long long)(chunk.fileOffset + chunk.done),
                    chunk.file->displayName().c_str(),
                    chunk.direct ? " (O_DIRECT)" : "", std::strerror(err));
}

Status eofError(const Chunk &chunk) {
  return makeStatus(
      StatusCode::OutOfRange,
      "unexpected end of file reading '%s' at offset %llu (%llu bytes "
      "missing)",
      chunk.file->displayName().c_str(),
      (unsigned long long)(chunk.fileOffset + chunk.done),
      (unsigned long long)(chunk.required - chunk.done));
}

} // namespace detail

std::unique_ptr<IoEngine> createThreadIoEngine(const IoEngineOptions &options);
Expected<std::unique_ptr<IoEngine>>
createUringIoEngine(const IoEngineOptions &options);

Expected<std::unique_ptr<IoEngine>>
IoEngine::create(const IoEngineOptions &requested) {
  IoEngineOptions options = requested;
  if (options.directAlignment == 0)
    options.directAlignment = 4096;
  if (options.chunkBytes == 0)
    options.chunkBytes = 4ull << 20;
  if (options.chunkBytes > (1ull << 30))
    options.chunkBytes = 1ull << 30;
  if (options.queueDepth == 0)
    options.queueDepth = 64;
  if (options.maxInFlightBytes == 0)
    return makeStatus(StatusCode::InvalidArgument,
                      "maxInFlightBytes must be positive");
  if (options.stagingBytes < options.directAlignment)
    return makeStatus(StatusCode::InvalidArgument,
                      "an O_DIRECT staging ring of %llu bytes cannot hold one "
                      "%llu-byte aligned block",
                      (unsigned long long)options.stagingBytes,
                      (unsigned long long)options.directAlignment);
  if (options.directAlignment & (options.directAlignment - 1))
    return makeStatus(StatusCode::InvalidArgument,
                      "directAlignment %llu is not a power of two",
                      (unsigned long long)options.directAlignment);
  if (options.backend == IoBackend::Threads)
    return createThreadIoEngine(options);
  auto uring = createUringIoEngine(options);
  if (uring || options.backend == IoBackend::IoUring)
    return uring;
  // Auto: io_uring refused (old kernel, seccomp sandbox): fall back cleanly.
  return createThreadIoEngine(options);
}

} // namespace sluice::runtime::io
