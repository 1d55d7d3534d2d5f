//===- ParameterProvider.cpp - load / gather / scatter
//--------------------------===//

#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include "WriteJournal.h"
#include "sluice/Runtime/Archive/Verify.h"
#include "sluice/Runtime/IO/MappedFile.h"
#include "sluice/Runtime/Parameters/LoadCache.h"

#include <algorithm>
#include <cstring>
#include <sys/stat.h>

namespace sluice::runtime::parameters {

using archive::EntryType;
using archive::FileHandleRef;
using archive::ParameterEntry;

/// Host copies from a mapping at least this large are preceded by a
/// read-ahead hint (madvise WILLNEED).
constexpr uint64_t kMinAdvisedCopyBytes = 1ull << 20;

struct ParameterProvider::FileState {
  FileHandleRef handle;
  std::mutex mutex;
  bool opened = false;
  Status openStatus;
  io::IoFileRef io; // null for memory handles
  io::MappedFileRef mapping;
  bool writable = false;
  std::atomic<bool> written{false};
  /// (st_dev, st_ino, size, mtime) of files on disk: the load cache key.
  bool hasIdentity = false;
  FileIdentity identity;
};

struct ParameterProvider::Resolved {
  size_t row = 0;
  const ParameterEntry *entry = nullptr;
  /// entry->type(), copied so planning does not touch the entries.
  EntryType type = EntryType::File;
  std::shared_ptr<FileState> file;
  uint64_t parameterOffset = 0;
  uint64_t bufferOffset = 0;
  uint64_t length = 0;
  /// entry->offset() + parameterOffset (FILE entries), kept here so sorting
  /// spans does not touch the entries.
  uint64_t fileOffset = 0;
};

namespace {

/// The private timelines of one call (parameter-runtime.md §6.2).
class Timelines {
public:
  Timelines(Device &device, uint64_t affinity, FenceRef wait, unsigned max,
            std::atomic<uint64_t> &operations)
      : device_(device), affinity_(affinity), wait_(std::move(wait)), max_(max),
        operations_(operations) {}

  /// Least outstanding bytes, ties to the lowest index; timelines are
  /// created lazily (a new one has no outstanding bytes).
  size_t pick() {
    size_t best = 0;
    for (size_t i = 0; i < ts_.size(); ++i) {
      if (ts_[i].bytes == 0)
        return i;
      if (ts_[i].bytes < ts_[best].bytes)
        best = i;
    }
    if (ts_.size() < max_) {
      ts_.push_back(T{Semaphore::create(0)});
      return ts_.size() - 1;
    }
    return best;
  }
  void addBytes(size_t t, uint64_t bytes) { ts_[t].bytes += bytes; }
  /// The fence the next operation on `t` waits on.
  FenceRef waitFor(size_t t) const {
    return ts_[t].value ? Fence::createAt(ts_[t].sem, ts_[t].value) : wait_;
  }
  /// The fence the next operation on `t` signals.
  FenceRef advance(size_t t) {
    ++operations_;
    return Fence::createAt(ts_[t].sem, ++ts_[t].value);
  }
  /// Makes the join also wait on `fence` (a load-cache hit's ready fence).
  void addDependency(const FenceRef &fence) {
    if (fence)
      dependencies_.push_back(fence);
  }
  /// Joins every used timeline (or the caller's wait fence when nothing was
  /// issued) and the dependencies into `signal`, optionally through a final
  /// host call.
  Status join(const FenceRef &signal, Device::HostCall finalCall = nullptr) {
    FenceRef all = Fence::create();
    for (const T &t : ts_)
      if (t.value)
        all->insert(t.sem, t.value);
    if (all->empty() && wait_ && !dependencies_.empty())
      for (const Timepoint &tp : wait_->timepoints())
        all->insert(tp.semaphore, tp.value);
    for (const FenceRef &f : dependencies_)
      for (const Timepoint &tp : f->timepoints())
        all->insert(tp.semaphore, tp.value);
    FenceRef wait = all->empty() ? wait_ : all;
    ++operations_;
    if (finalCall)
      return device_.queueHostCall(affinity_, wait, signal,
                                   std::move(finalCall));
    return device_.queueBarrier(affinity_, wait, signal);
  }
  size_t size() const { return ts_.size(); }

private:
  struct T {
    SemaphoreRef sem;
    uint64_t value = 0;
    uint64_t bytes = 0;
  };
  Device &device_;
  uint64_t affinity_;
  FenceRef wait_;
  unsigned max_;
  std::atomic<uint64_t> &operations_;
  std::vector<T> ts_;
  std::vector<FenceRef> dependencies_;
};

/// Per-timeline work of one call.
struct TimelineWork {
  std::vector<FileTransfer> transfers; // queue reads/writes
  struct HostCopy {
    // Reads served from a mapping or a memory handle.
    std::shared_ptr<ParameterProvider::FileState> file;
    uint64_t fileOffset;
    BufferRef buffer;
    uint64_t bufferOffset;
    uint64_t length;
  };
  std::vector<HostCopy> hostCopies;
  struct Fill {
    BufferRef buffer;
    uint64_t offset;
    uint64_t length;
    std::array<uint8_t, 16> pattern;
    uint8_t patternLength;
  };
  std::vector<Fill> fills;
};

std::array<uint8_t, 16> rotatedPattern(const ParameterEntry &entry,
                                       uint64_t parameterOffset) {
  std::array<uint8_t, 16> out{};
  uint8_t p = entry.patternLength();
  if (p == 0)
    return out;
  uint64_t phase = parameterOffset % p;
  for (uint8_t j = 0; j < p; ++j)
    out[j] = entry.splatByte(phase + j);
  return out;
}

std::string quoted(std::string_view key) { return std::string(key); }

/// One span whose bytes are verified once in host memory (§11, on_load).
struct VerifyItem {
  const ParameterEntry *entry;
  uint64_t parameterOffset;
  uint64_t length;
  BufferRef buffer;
  uint64_t bufferOffset;
};

/// The host call verifying `items` before the call signals (null when there
/// is nothing to verify). Buffers without host storage are not verified
/// (device-direct reads, irpa-format.md §7.3).
/// `index` keeps the entries alive until the call has run.
template <typename Counters>
Device::HostCall
makeVerifyCall(std::vector<VerifyItem> items, std::string scope,
               std::shared_ptr<Counters> counters,
               std::shared_ptr<const archive::ParameterIndex> index) {
  if (items.empty())
    return nullptr;
  return
      [items = std::move(items), scope = std::move(scope),
       counters = std::move(counters), index = std::move(index)]() -> Status {
        for (const VerifyItem &item : items) {
          const uint8_t *base = item.buffer->hostData();
          if (!base)
            continue;
          uint64_t hashed = 0;
          Status status = archive::verifyEntryRange(
              *item.entry, scope, item.parameterOffset,
              base + item.bufferOffset, item.length, &hashed);
          counters->bytesVerified += hashed;
          if (!status.isOk()) {
            ++counters->verifyFailures;
            return status;
          }
        }
        return Status();
      };
}

} // namespace

//===----------------------------------------------------------------------===//
// Creation, files, warnings, statistics
//===----------------------------------------------------------------------===//

ParameterProvider::ParameterProvider(
    std::string scope, std::shared_ptr<const archive::ParameterIndex> index,
    const ProviderOptions &options)
    : scope_(std::move(scope)), index_(std::move(index)), options_(options),
      counters_(std::make_shared<Counters>()) {}

ParameterProvider::~ParameterProvider() = default;

Expected<std::shared_ptr<ParameterProvider>>
ParameterProvider::create(std::string scope,
                          std::shared_ptr<const archive::ParameterIndex> index,
                          const ProviderOptions &requested) {
  if (!index)
    return Status(StatusCode::InvalidArgument,
                  "a parameter provider needs an index");
  ProviderOptions options = requested;
  options.maxConcurrency = std::clamp(options.maxConcurrency, 1u, 256u);
  if (options.maxReadBytes == 0)
    options.maxReadBytes = 64ull << 20;
#ifndef NDEBUG
  options.debugChecks = true;
#endif
  if (options.verify == VerifyPolicy::Full) {
    // §11 full: every checksummed entry, in parallel, before any use.
    std::vector<const ParameterEntry *> checksummed;
    for (const ParameterEntry &entry : *index)
      if (entry.hasChecksum())
        checksummed.push_back(&entry);
    std::vector<Status> results =
        archive::verifyEntries(checksummed, scope, options.maxConcurrency);
    for (Status &status : results)
      if (!status.isOk())
        return std::move(status);
  }
  return std::shared_ptr<ParameterProvider>(
      new ParameterProvider(std::move(scope), std::move(index), options));
}

bool ParameterProvider::checksumStale(const ParameterEntry *entry) const {
  if (!anyStale_.load(std::memory_order_acquire))
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  return staleChecksums_.count(entry) != 0;
}

void ParameterProvider::warnOnce(std::string message) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (std::find(warnings_.begin(), warnings_.end(), message) == warnings_.end())
    warnings_.push_back(std::move(message));
}

std::vector<std::string> ParameterProvider::warnings() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return warnings_;
}

ProviderStatistics ParameterProvider::statistics() const {
  ProviderStatistics s;
  s.bytesRead = counters_->bytesRead.load();
  s.bytesWritten = counters_->bytesWritten.load();
  s.bytesFilled = counters_->bytesFilled.load();
  s.operations = counters_->operations.load();
  s.transfers = counters_->transfers.load();
  s.coalescedSpans = counters_->coalescedSpans.load();
  s.zeroCopyHits = counters_->zeroCopyHits.load();
  s.zeroCopyMisses = counters_->zeroCopyMisses.load();
  s.bytesVerified = counters_->bytesVerified.load();
  s.verifyFailures = counters_->verifyFailures.load();
  s.cacheHits = counters_->cacheHits.load();
  s.cacheMisses = counters_->cacheMisses.load();
  return s;
}

void ParameterProvider::notify(ProviderSignal signal) {
  if (signal != ProviderSignal::Suspend && signal != ProviderSignal::LowMemory)
    return;
  // Load-cache entries only the cache references are dropped (§3.2, §10.2).
  LoadCache::global().trim();
  // Drop file state nobody else holds (in-flight calls and zero-copy
  // buffers keep their own references). Written files are kept so flush()
  // still covers them.
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = files_.begin(); it != files_.end();) {
    if (it->second.use_count() == 1 && !it->second->written.load())
      it = files_.erase(it);
    else
      ++it;
  }
}

Expected<std::shared_ptr<ParameterProvider::FileState>>
ParameterProvider::fileFor(const FileHandleRef &handle) {
  std::shared_ptr<FileState> state;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto &slot = files_[handle.get()];
    if (!slot) {
      slot = std::make_shared<FileState>();
      slot->handle = handle;
    }
    state = slot;
  }
  // Opened outside the provider lock.
  SLUICE_RETURN_IF_ERROR(openFile(*state));
  return state;
}

bool ParameterProvider::hasPendingJournal(const std::string &archivePath) {
  const std::string directory = journal::directoryOf(archivePath);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = journalNamesByDirectory_.find(directory);
    if (it != journalNamesByDirectory_.end())
      return journal::hasPending(it->second, archivePath);
  }
  // Listed outside the lock; a concurrent first listing of the same
  // directory is harmless (both results are equally valid).
  std::vector<std::string> names = journal::journalNamesIn(directory);
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, inserted] =
      journalNamesByDirectory_.try_emplace(directory, std::move(names));
  return journal::hasPending(it->second, archivePath);
}

Status ParameterProvider::openFile(FileState &state) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.opened)
    return state.openStatus;
  state.opened = true;
  const archive::FileHandle &handle = *state.handle;
  if (!handle.hasPath())
    return Status(); // memory handle: read through FileHandle::readAt
  const bool direct = options_.policy == io::IoPolicy::Direct;
  if (options_.access == ParameterAccess::ReadWrite) {
    auto file = io::IoFile::open(
        handle.path(),
        {io::file_access::Read | io::file_access::Write, direct, false});
    if (file) {
      state.io = std::move(*file);
      state.writable = true;
      // Finish the scatters a crash interrupted before anything reads.
      Expected<journal::RecoveryResult> recovered =
          journal::recover(handle.path(), state.io->fd(), handle.size());
      if (!recovered) {
        state.openStatus = recovered.takeStatus();
        return state.openStatus;
      }
      if (recovered->replayed || recovered->discarded)
        warnOnce(formatString(
            "parameter file '%s': replayed %u unfinished write journal(s), "
            "discarded %u incomplete one(s)",
            handle.path().c_str(), recovered->replayed, recovered->discarded));
    } else {
      warnOnce(formatString(
          "parameter file '%s' is not writable; opened read-only (scatter "
          "to it will fail)",
          handle.path().c_str()));
    }
  }
  if (!state.io && hasPendingJournal(handle.path()))
    warnOnce(formatString(
        "parameter file '%s' has an unfinished write journal; open it with "
        "--parameter_access=read_write to finish the interrupted writes",
        handle.path().c_str()));
  if (!state.io) {
    Expected<io::IoFileRef> file =
        (!direct && handle.nativeFd() >= 0)
            ? io::IoFile::fromFd(handle.nativeFd(), io::file_access::Read)
            : io::IoFile::open(handle.path(),
                               {io::file_access::Read, direct, false});
    if (!file) {
      state.openStatus = file.takeStatus();
      return state.openStatus;
    }
    state.io = std::move(*file);
  }
  struct stat st;
  if (::fstat(state.io->fd(), &st) == 0) {
    state.hasIdentity = true;
    state.identity = FileIdentity{
        (uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
        (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec};
  }
  if (options_.policy == io::IoPolicy::Mmap) {
    auto mapping =
        io::MappedFile::map(state.io->fd(), handle.size(), handle.path());
    if (!mapping) {
      state.openStatus = mapping.takeStatus();
      return state.openStatus;
    }
    state.mapping = std::move(*mapping);
  }
  return Status();
}

Status ParameterProvider::flush() {
  std::vector<std::shared_ptr<FileState>> files;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto &entry : files_)
      files.push_back(entry.second);
  }
  Status first;
  for (auto &file : files) {
    if (!file->io || !file->writable || !file->written.load())
      continue;
    Status status = file->io->sync();
    if (!status.isOk() && first.isOk())
      first = std::move(status);
  }
  return first;
}

//===----------------------------------------------------------------------===//
// Resolution and validation (§5.1)
//===----------------------------------------------------------------------===//

Status ParameterProvider::resolve(std::span<const ParameterSpan> spans,
                                  bool write, std::vector<Resolved> &out) {
  out.clear();
  out.reserve(spans.size());
  const archive::FileHandle *lastHandle = nullptr;
  std::shared_ptr<FileState> lastState;
  // Keys are looked up a block at a time (the index overlaps their misses).
  constexpr size_t kBlock = 64;
  std::string_view keys[kBlock];
  const ParameterEntry *entries[kBlock];
  for (size_t i = 0; i < spans.size(); ++i) {
    const ParameterSpan &span = spans[i];
    if (i % kBlock == 0) {
      const size_t n = std::min(kBlock, spans.size() - i);
      for (size_t j = 0; j < n; ++j)
        keys[j] = spans[i + j].key;
      index_->findMany(keys, n, entries);
    }
    if (!entries[i % kBlock])
      return index_->lookup(span.key).takeStatus(); // the NOT_FOUND message
    const ParameterEntry &entry = *entries[i % kBlock];
    Resolved r;
    r.row = i;
    r.entry = &entry;
    r.parameterOffset = span.parameterOffset;
    r.bufferOffset = span.bufferOffset;
    r.length = span.length;
    r.type = entry.type();
    r.fileOffset = entry.offset() + span.parameterOffset;
    const int keyLen = (int)span.key.size();
    if (write && entry.type() == EntryType::Splat)
      return makeStatus(StatusCode::FailedPrecondition,
                        "parameter '%.*s' is a splat and cannot be written",
                        keyLen, span.key.data());
    if (entry.type() == EntryType::File) {
      if (!entry.file())
        return makeStatus(StatusCode::Internal,
                          "parameter `%.*s` has no backing file", keyLen,
                          span.key.data());
      // Spans of one call nearly always share a file: look the state up
      // (provider lock, open check) once per run of equal handles.
      if (entry.file().get() != lastHandle) {
        Expected<std::shared_ptr<FileState>> file = fileFor(entry.file());
        if (!file)
          return file.takeStatus().annotate(
              formatString("while opening the storage of parameter `%.*s`",
                           keyLen, span.key.data()));
        lastHandle = entry.file().get();
        lastState = std::move(*file);
      }
      r.file = lastState;
      if (write && !r.file->writable)
        return makeStatus(
            StatusCode::PermissionDenied,
            "parameter `%.*s` storage does not support the requested access "
            "type; parameter allows READ, operation requires WRITE|DISCARD; "
            "open the file with --parameter_access=read_write",
            keyLen, span.key.data());
      uint64_t fileSize = entry.file()->size();
      if (entry.offset() > fileSize ||
          entry.length() > fileSize - entry.offset())
        return makeStatus(
            StatusCode::OutOfRange,
            "parameter `%.*s` storage [%llu, +%llu) is outside file '%s' "
            "(size %llu)",
            keyLen, span.key.data(), (unsigned long long)entry.offset(),
            (unsigned long long)entry.length(),
            entry.file()->displayName().c_str(), (unsigned long long)fileSize);
    } else if (entry.type() != EntryType::Splat) {
      return makeStatus(StatusCode::FailedPrecondition,
                        "parameter `%.*s` has an unsupported storage type %d",
                        keyLen, span.key.data(), (int)entry.type());
    }
    if (span.parameterOffset > entry.length() ||
        span.length > entry.length() - span.parameterOffset)
      return makeStatus(
          StatusCode::OutOfRange,
          "parameter `%.*s` range out of bounds (offset=%llu, length=%llu, "
          "size=%llu)",
          keyLen, span.key.data(), (unsigned long long)span.parameterOffset,
          (unsigned long long)span.length, (unsigned long long)entry.length());
    out.push_back(std::move(r));
  }
  return Status();
}

static Status
checkBufferRanges(const std::vector<ParameterProvider::Resolved> &resolved,
                  const Buffer &buffer, const char *op, const char *verb,
                  bool overlapCheck) {
  for (const auto &r : resolved) {
    if (r.bufferOffset > buffer.byteLength() ||
        r.length > buffer.byteLength() - r.bufferOffset)
      return makeStatus(StatusCode::OutOfRange,
                        "%s span %zu %s [%llu, %llu) beyond buffer length %llu",
                        op, r.row, verb, (unsigned long long)r.bufferOffset,
                        (unsigned long long)(r.bufferOffset + r.length),
                        (unsigned long long)buffer.byteLength());
  }
  if (overlapCheck) {
    std::vector<const ParameterProvider::Resolved *> sorted;
    for (const auto &r : resolved)
      if (r.length)
        sorted.push_back(&r);
    std::sort(sorted.begin(), sorted.end(), [](auto *a, auto *b) {
      return a->bufferOffset < b->bufferOffset ||
             (a->bufferOffset == b->bufferOffset && a->row < b->row);
    });
    for (size_t i = 1; i < sorted.size(); ++i) {
      const auto *prev = sorted[i - 1], *cur = sorted[i];
      if (cur->bufferOffset < prev->bufferOffset + prev->length)
        return makeStatus(
            StatusCode::InvalidArgument, "%s targets overlap: rows %zu and %zu",
            op, std::min(prev->row, cur->row), std::max(prev->row, cur->row));
    }
  }
  return Status();
}

//===----------------------------------------------------------------------===//
// Submission
//===----------------------------------------------------------------------===//

namespace {

struct Planned {
  std::shared_ptr<ParameterProvider::FileState> file;
  uint64_t fileOffset;
  uint64_t bufferOffset;
  uint64_t length;
};

/// Groups FILE spans by file, sorts by file offset, coalesces spans
/// contiguous in file and buffer (up to maxBytes), splits larger ones.
std::vector<Planned>
planTransfers(const std::vector<ParameterProvider::Resolved> &resolved,
              uint64_t maxBytes, uint64_t &coalesced) {
  // Sorted by value (no pointer chasing in the comparisons).
  struct Key {
    const ParameterProvider::FileState *file;
    uint64_t fileOffset;
    uint64_t bufferOffset;
    const ParameterProvider::Resolved *r;
    bool operator<(const Key &o) const {
      if (file != o.file)
        return file < o.file;
      if (fileOffset != o.fileOffset)
        return fileOffset < o.fileOffset;
      return bufferOffset < o.bufferOffset;
    }
  };
  std::vector<Key> files;
  files.reserve(resolved.size());
  for (const auto &r : resolved)
    if (r.type == EntryType::File && r.length)
      files.push_back(Key{r.file.get(), r.fileOffset, r.bufferOffset, &r});
  std::sort(files.begin(), files.end());
  std::vector<Planned> runs;
  for (const Key &key : files) {
    const ParameterProvider::Resolved *r = key.r;
    if (!runs.empty()) {
      Planned &last = runs.back();
      if (last.file == r->file &&
          last.fileOffset + last.length == r->fileOffset &&
          last.bufferOffset + last.length == r->bufferOffset &&
          last.length + r->length <= maxBytes) {
        last.length += r->length;
        ++coalesced;
        continue;
      }
    }
    runs.push_back(Planned{r->file, r->fileOffset, r->bufferOffset, r->length});
  }
  std::vector<Planned> out;
  for (const Planned &run : runs) {
    for (uint64_t done = 0; done < run.length; done += maxBytes) {
      uint64_t n = std::min(maxBytes, run.length - done);
      out.push_back(
          Planned{run.file, run.fileOffset + done, run.bufferOffset + done, n});
    }
  }
  return out;
}

} // namespace

/// Issues the per-timeline work; returns the first submission error.
static Status issueWork(Device &device, uint64_t affinity, Timelines &timelines,
                        std::vector<TimelineWork> &work, bool isRead,
                        bool direct, std::atomic<uint64_t> &bytesCounter) {
  Status first;
  auto note = [&](Status s) {
    if (!s.isOk() && first.isOk())
      first = std::move(s);
  };
  for (size_t t = 0; t < work.size(); ++t) {
    TimelineWork &w = work[t];
    for (auto &fill : w.fills) {
      FenceRef wait = timelines.waitFor(t);
      FenceRef signal = timelines.advance(t);
      note(device.queueFill(affinity, wait, signal, fill.buffer, fill.offset,
                            fill.length, fill.pattern.data(),
                            fill.patternLength));
    }
    if (!w.transfers.empty()) {
      uint64_t bytes = 0;
      for (auto &tr : w.transfers) {
        tr.direct = direct;
        bytes += tr.length;
      }
      FenceRef wait = timelines.waitFor(t);
      FenceRef signal = timelines.advance(t);
      Status s = isRead ? device.queueReadBatch(affinity, wait, signal,
                                                std::move(w.transfers))
                        : device.queueWriteBatch(affinity, wait, signal,
                                                 std::move(w.transfers));
      if (s.isOk())
        bytesCounter += bytes;
      note(std::move(s));
    }
    if (!w.hostCopies.empty()) {
      FenceRef wait = timelines.waitFor(t);
      FenceRef signal = timelines.advance(t);
      auto copies = std::make_shared<std::vector<TimelineWork::HostCopy>>(
          std::move(w.hostCopies));
      note(device.queueHostCall(affinity, wait, signal, [copies]() -> Status {
        for (const auto &c : *copies) {
          uint8_t *dst = c.buffer->hostData();
          if (!dst)
            return Status(StatusCode::FailedPrecondition,
                          "parameter read target has no storage");
          dst += c.bufferOffset;
          if (c.file->mapping) {
            // Read-ahead hints pay off for large copies only; for small
            // spans the system call costs more than the copy saves.
            if (c.length >= kMinAdvisedCopyBytes)
              c.file->mapping->advise(c.fileOffset, c.length,
                                      io::MappedFile::Advice::WillNeed);
            std::memcpy(dst, c.file->mapping->data() + c.fileOffset, c.length);
          } else {
            SLUICE_RETURN_IF_ERROR(
                c.file->handle->readAt(c.fileOffset, dst, c.length));
          }
        }
        return Status();
      }));
      for (const auto &c : *copies)
        bytesCounter += c.length;
    }
  }
  return first;
}

static void addRead(TimelineWork &w,
                    const std::shared_ptr<ParameterProvider::FileState> &file,
                    uint64_t fileOffset, const BufferRef &buffer,
                    uint64_t bufferOffset, uint64_t length) {
  if (file->io && !file->mapping)
    w.transfers.push_back(FileTransfer{file->io, fileOffset, buffer,
                                       bufferOffset, length, false});
  else
    w.hostCopies.push_back(
        TimelineWork::HostCopy{file, fileOffset, buffer, bufferOffset, length});
}

Expected<std::vector<BufferRef>>
ParameterProvider::load(Device &device, uint64_t affinity, const FenceRef &wait,
                        const FenceRef &signal, const BufferParams &target,
                        std::span<const ParameterSpan> spans) {
  // With the load cache, the buffers this call inserts are ready at `done`
  // (after the reads and their verification); `signal` follows it.
  FenceRef done;
  auto fail = [&](Status status) -> Status {
    failFence(done, status);
    failFence(signal, status);
    return status;
  };
  if (spans.empty()) {
    SLUICE_RETURN_IF_ERROR(device.queueBarrier(affinity, wait, signal));
    return std::vector<BufferRef>();
  }
  Status params = device.allocator().validateParams(target);
  if (!params.isOk())
    return fail(std::move(params));
  for (size_t i = 0; i < spans.size(); ++i)
    if (spans[i].bufferOffset != 0)
      return fail(makeStatus(StatusCode::InvalidArgument,
                             "load span %zu has non-zero buffer offset", i));
  std::vector<Resolved> resolved;
  Status status = resolve(spans, /*write=*/false, resolved);
  if (!status.isOk())
    return fail(std::move(status));

  // Everything is valid: submit.
  Timelines timelines(device, affinity, wait, options_.maxConcurrency,
                      counters_->operations);
  std::vector<TimelineWork> work;
  std::vector<BufferRef> buffers(resolved.size());
  const uint64_t importAlignment = device.allocator().minImportAlignment();
  const bool verify = options_.verify != VerifyPolicy::None;
  std::vector<VerifyItem> verifyItems;
  auto verifyLater = [&](const Resolved &r, const BufferRef &buffer) {
    if (verify && r.length && r.entry->hasChecksum() && !checksumStale(r.entry))
      verifyItems.push_back(
          VerifyItem{r.entry, r.parameterOffset, r.length, buffer, 0});
  };
  // §10.2: SHARING_IMMUTABLE results of files on disk are shared.
  const bool cacheable =
      options_.loadCache && (target.usage & buffer_usage::SharingImmutable);
  LoadCache &cache = LoadCache::global();
  auto doneFence = [&]() -> const FenceRef & {
    if (!done)
      done = Fence::createAt(Semaphore::create(0), 1);
    return done;
  };
  for (const Resolved &r : resolved) {
    const ParameterEntry &entry = *r.entry;
    std::optional<LoadCacheKey> key;
    if (cacheable && entry.type() == EntryType::File && r.length &&
        r.file->hasIdentity) {
      key = LoadCacheKey{r.file->identity,    r.fileOffset,      r.length,
                         &device.allocator(), target.memoryType, target.usage};
      LoadCache::Hit hit = cache.find(*key);
      if (hit.buffer) {
        buffers[r.row] = std::move(hit.buffer);
        // Ready when the call that made it is (not this call's own `done`:
        // a span repeated in this call).
        if (hit.ready && hit.ready != done)
          timelines.addDependency(hit.ready);
        ++counters_->cacheHits;
        continue;
      }
      ++counters_->cacheMisses;
    }
    if (entry.type() == EntryType::File && r.file->mapping) {
      const bool eligible =
          options_.zeroCopy && (target.usage & buffer_usage::SharingImmutable);
      uint8_t *ptr =
          const_cast<uint8_t *>(r.file->mapping->data()) + r.fileOffset;
      if (eligible && reinterpret_cast<uintptr_t>(ptr) % importAlignment == 0) {
        std::shared_ptr<void> keepAlive(r.file->mapping, nullptr);
        Expected<BufferRef> imported = device.allocator().importHost(
            target, ptr, r.length, memory_access::Read, std::move(keepAlive));
        if (imported) {
          buffers[r.row] = std::move(*imported);
          ++counters_->zeroCopyHits;
          verifyLater(r, buffers[r.row]);
          if (key)
            cache.insert(*key, buffers[r.row], doneFence());
          continue;
        }
      }
      ++counters_->zeroCopyMisses;
    }
    size_t t = timelines.pick();
    if (work.size() <= t)
      work.resize(t + 1);
    FenceRef allocWait = timelines.waitFor(t);
    FenceRef allocSignal = timelines.advance(t);
    Expected<BufferRef> buffer =
        device.queueAlloca(affinity, allocWait, allocSignal, target, r.length);
    if (!buffer) {
      // Unreachable after validation short of allocator failure; make sure
      // nothing waits forever.
      Status error = buffer.takeStatus();
      (void)timelines.join(signal);
      return fail(std::move(error));
    }
    buffers[r.row] = *buffer;
    if (r.length == 0)
      continue;
    if (key)
      cache.insert(*key, *buffer, doneFence());
    verifyLater(r, *buffer);
    if (entry.type() == EntryType::Splat) {
      work[t].fills.push_back(TimelineWork::Fill{
          *buffer, 0, r.length, rotatedPattern(entry, r.parameterOffset),
          entry.patternLength()});
      counters_->bytesFilled += r.length;
    } else {
      addRead(work[t], r.file, r.fileOffset, *buffer, 0, r.length);
      ++counters_->transfers;
    }
    timelines.addBytes(t, r.length);
  }
  Status issued =
      issueWork(device, affinity, timelines, work, /*isRead=*/true,
                options_.policy == io::IoPolicy::Direct, counters_->bytesRead);
  Device::HostCall verifyCall =
      makeVerifyCall(std::move(verifyItems), scope_, counters_, index_);
  Status joined;
  if (done) {
    joined = timelines.join(done, std::move(verifyCall));
    if (joined.isOk()) {
      ++counters_->operations;
      joined = device.queueBarrier(affinity, done, signal);
    }
  } else {
    joined = timelines.join(signal, std::move(verifyCall));
  }
  if (!issued.isOk())
    return fail(std::move(issued));
  if (!joined.isOk())
    return fail(std::move(joined));
  return buffers;
}

Status ParameterProvider::gather(Device &device, uint64_t affinity,
                                 const FenceRef &wait, const FenceRef &signal,
                                 const BufferRef &target,
                                 std::span<const ParameterSpan> spans) {
  auto fail = [&](Status status) -> Status {
    failFence(signal, status);
    return status;
  };
  if (!target)
    return fail(
        Status(StatusCode::InvalidArgument, "gather target buffer is null"));
  if (spans.empty())
    return device.queueBarrier(affinity, wait, signal);
  std::vector<Resolved> resolved;
  Status status = resolve(spans, /*write=*/false, resolved);
  if (status.isOk())
    status = checkBufferRanges(resolved, *target, "gather", "targets",
                               options_.debugChecks);
  if (!status.isOk())
    return fail(std::move(status));

  Timelines timelines(device, affinity, wait, options_.maxConcurrency,
                      counters_->operations);
  std::vector<TimelineWork> work;
  auto slot = [&](uint64_t bytes) -> TimelineWork & {
    size_t t = timelines.pick();
    if (work.size() <= t)
      work.resize(t + 1);
    timelines.addBytes(t, bytes);
    return work[t];
  };
  for (const Resolved &r : resolved) {
    if (r.type != EntryType::Splat || r.length == 0)
      continue;
    slot(r.length).fills.push_back(TimelineWork::Fill{
        target, r.bufferOffset, r.length,
        rotatedPattern(*r.entry, r.parameterOffset), r.entry->patternLength()});
    counters_->bytesFilled += r.length;
  }
  uint64_t coalesced = 0;
  std::vector<Planned> plan =
      planTransfers(resolved, options_.maxReadBytes, coalesced);
  counters_->coalescedSpans += coalesced;
  counters_->transfers += plan.size();
  for (const Planned &p : plan)
    addRead(slot(p.length), p.file, p.fileOffset, target, p.bufferOffset,
            p.length);
  std::vector<VerifyItem> verifyItems;
  if (options_.verify != VerifyPolicy::None)
    for (const Resolved &r : resolved)
      if (r.type == EntryType::File && r.length && r.entry->hasChecksum() &&
          !checksumStale(r.entry))
        verifyItems.push_back(VerifyItem{r.entry, r.parameterOffset, r.length,
                                         target, r.bufferOffset});
  Status issued =
      issueWork(device, affinity, timelines, work, /*isRead=*/true,
                options_.policy == io::IoPolicy::Direct, counters_->bytesRead);
  Status joined =
      timelines.join(signal, makeVerifyCall(std::move(verifyItems), scope_,
                                            counters_, index_));
  if (!issued.isOk())
    return fail(std::move(issued));
  if (!joined.isOk())
    return fail(std::move(joined));
  return Status();
}

Status ParameterProvider::scatter(Device &device, uint64_t affinity,
                                  const FenceRef &wait, const FenceRef &signal,
                                  const BufferRef &source,
                                  std::span<const ParameterSpan> spans) {
  auto fail = [&](Status status) -> Status {
    failFence(signal, status);
    return status;
  };
  if (!source)
    return fail(
        Status(StatusCode::InvalidArgument, "scatter source buffer is null"));
  if (spans.empty())
    return device.queueBarrier(affinity, wait, signal);
  std::vector<Resolved> resolved;
  Status status = resolve(spans, /*write=*/true, resolved);
  if (status.isOk())
    status = checkBufferRanges(resolved, *source, "scatter", "reads",
                               /*overlapCheck=*/false);
  if (!status.isOk())
    return fail(std::move(status));

  // Writes to the same parameter bytes from two rows would race; detect
  // overlapping parameter ranges when debug checks are on.
  if (options_.debugChecks) {
    std::vector<const Resolved *> sorted;
    for (const Resolved &r : resolved)
      if (r.length)
        sorted.push_back(&r);
    std::sort(sorted.begin(), sorted.end(), [](auto *a, auto *b) {
      if (a->file.get() != b->file.get())
        return a->file.get() < b->file.get();
      return a->fileOffset < b->fileOffset;
    });
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i]->file == sorted[i - 1]->file &&
          sorted[i]->fileOffset <
              sorted[i - 1]->fileOffset + sorted[i - 1]->length)
        return fail(makeStatus(StatusCode::InvalidArgument,
                               "scatter targets overlap: rows %zu and %zu",
                               std::min(sorted[i]->row, sorted[i - 1]->row),
                               std::max(sorted[i]->row, sorted[i - 1]->row)));
  }

  std::vector<std::shared_ptr<FileState>> touched;
  for (const Resolved &r : resolved) {
    if (r.entry->hasChecksum()) {
      warnOnce(formatString(
          "parameter '%s' was written; its archive checksum is now stale",
          quoted(r.entry->key()).c_str()));
      // Verification skips it from now on (§9).
      std::lock_guard<std::mutex> lock(mutex_);
      staleChecksums_.insert(r.entry);
      anyStale_.store(true, std::memory_order_release);
    }
    if (std::find(touched.begin(), touched.end(), r.file) == touched.end())
      touched.push_back(r.file);
    r.file->written.store(true);
  }

  uint64_t coalesced = 0;
  std::vector<Planned> plan =
      planTransfers(resolved, options_.maxReadBytes, coalesced);
  // Cached loads of the written bytes are stale: later loads read again.
  for (const Planned &p : plan)
    if (p.file->hasIdentity)
      LoadCache::global().invalidate(p.file->identity, p.fileOffset, p.length);

  // Journal first (after the wait fence, when the source bytes are final);
  // the in-place writes wait for it.
  FenceRef writesWait = wait;
  auto journals = std::make_shared<std::vector<std::string>>();
  if (options_.durableWrites && options_.journaledWrites && !plan.empty()) {
    writesWait = Fence::createAt(Semaphore::create(0), 1);
    ++counters_->operations;
    Status queued = device.queueHostCall(
        affinity, wait, writesWait,
        [plan, source, touched, journals]() -> Status {
          const uint8_t *base = source->hostData();
          if (!base)
            return Status(StatusCode::FailedPrecondition,
                          "scatter source has no host storage");
          for (const auto &file : touched) {
            std::vector<journal::Record> records;
            for (const Planned &p : plan)
              if (p.file == file)
                records.push_back(
                    {p.fileOffset, base + p.bufferOffset, p.length});
            if (records.empty())
              continue;
            Expected<std::string> path =
                journal::write(file->handle->path(), records);
            if (!path)
              return path.takeStatus();
            journals->push_back(std::move(*path));
          }
          return Status();
        });
    if (!queued.isOk())
      return fail(std::move(queued));
  }

  Timelines timelines(device, affinity, writesWait, options_.maxConcurrency,
                      counters_->operations);
  std::vector<TimelineWork> work;
  counters_->coalescedSpans += coalesced;
  counters_->transfers += plan.size();
  for (const Planned &p : plan) {
    size_t t = timelines.pick();
    if (work.size() <= t)
      work.resize(t + 1);
    timelines.addBytes(t, p.length);
    work[t].transfers.push_back(FileTransfer{p.file->io, p.fileOffset, source,
                                             p.bufferOffset, p.length, false});
  }
  Status issued = issueWork(device, affinity, timelines, work, /*isRead=*/false,
                            /*direct=*/false, counters_->bytesWritten);
  Device::HostCall finalCall;
  if (options_.durableWrites) {
    finalCall = [touched, journals]() -> Status {
      for (const auto &file : touched)
        SLUICE_RETURN_IF_ERROR(file->io->sync());
      // The writes are durable: their journals are no longer needed.
      for (const std::string &path : *journals)
        SLUICE_RETURN_IF_ERROR(journal::remove(path));
      return Status();
    };
  }
  Status joined = timelines.join(signal, std::move(finalCall));
  if (!issued.isOk())
    return fail(std::move(issued));
  if (!joined.isOk())
    return fail(std::move(joined));
  return Status();
}

} // namespace sluice::runtime::parameters
