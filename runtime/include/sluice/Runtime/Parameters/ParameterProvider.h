//===- ParameterProvider.h - load / gather / scatter over a parameter index
//---===//
//
// parameter-runtime.md §3.2, §5, §6.2, §7.2, §8, §9. A provider serves one
// scope from an index. Every call resolves and validates all spans before
// any device operation is issued (all-or-nothing submission); on any error
// the signal fence is failed with the returned status. Device operations
// wait on the wait fence; the signal fence is signalled after all of them.
//
// Scheduling: FILE spans are grouped by file, sorted by offset, coalesced
// when contiguous in both the file and the target (up to maxReadBytes) and
// split above it, then spread over up to maxConcurrency private timelines
// (least outstanding bytes first). A load's alloca and its read or fill are
// on the same timeline. A final barrier joins the used timelines into the
// signal fence.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_PARAMETERS_PARAMETERPROVIDER_H
#define SLUICE_RUNTIME_PARAMETERS_PARAMETERPROVIDER_H

#include "sluice/Runtime/Archive/ParameterIndex.h"
#include "sluice/Runtime/Core/Device.h"
#include "sluice/Runtime/IO/IoEngine.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sluice::runtime::parameters {

/// One row of a call: `key` and {parameter offset, buffer offset, length}.
struct ParameterSpan {
  std::string_view key;
  uint64_t parameterOffset = 0;
  uint64_t bufferOffset = 0;
  uint64_t length = 0;
};

enum class ParameterAccess { Read, ReadWrite };

/// --parameter_verify (parameter-runtime.md §11, irpa-format.md §7.3).
enum class VerifyPolicy {
  /// Checksums are ignored.
  None,
  /// Every checksum chunk a load or gather touches is verified once its
  /// bytes are in host memory, before the call signals; a mismatch fails the
  /// signal fence with DATA_LOSS. Buffers without host storage
  /// (device-direct reads) stay unverified.
  OnLoad,
  /// OnLoad, plus every checksummed entry is read and verified when the
  /// provider is created (up to maxConcurrency threads).
  Full,
};

struct ProviderOptions {
  /// How bytes move: positioned reads (io_uring/pread), a read-only shared
  /// mapping (enables zero-copy loads), or O_DIRECT through bounce buffers.
  io::IoPolicy policy = io::IoPolicy::Read;
  /// --parameter_access: ReadWrite opens files O_RDWR (falling back to
  /// read-only with a warning).
  ParameterAccess access = ParameterAccess::Read;
  /// --parameter_max_concurrency: private timelines, clamped to [1, 256].
  unsigned maxConcurrency = 16;
  /// --parameter_max_read_bytes: coalescing limit and split size.
  uint64_t maxReadBytes = 64ull << 20;
  /// --parameter_zero_copy=auto|off.
  bool zeroCopy = true;
  /// --parameter_debug_checks: detect overlapping gather targets (always on
  /// in builds without NDEBUG).
  bool debugChecks = false;
  /// --parameter_verify.
  VerifyPolicy verify = VerifyPolicy::OnLoad;
  /// --parameter_cache: share SHARING_IMMUTABLE load results through the
  /// process-wide LoadCache (§10.2).
  bool loadCache = true;
  /// fdatasync written files before a scatter signals.
  bool durableWrites = true;
  /// With durableWrites: a scatter first records its bytes in a synced redo
  /// journal next to the archive, so a crash in the middle of the in-place
  /// writes never leaves a torn entry (opening the archive for writing
  /// replays unfinished journals). Costs a second write of the bytes.
  bool journaledWrites = true;
};

/// notify() signals (parameter-runtime.md §3.1).
enum class ProviderSignal { Resume = 0, Suspend = 1, LowMemory = 2 };

struct ProviderStatistics {
  uint64_t bytesRead = 0;
  uint64_t bytesWritten = 0;
  uint64_t bytesFilled = 0;
  /// Device operations issued (allocas, read/write batches, fills, joins).
  uint64_t operations = 0;
  /// File reads/writes after coalescing and splitting.
  uint64_t transfers = 0;
  /// Spans merged into a neighbour's transfer.
  uint64_t coalescedSpans = 0;
  uint64_t zeroCopyHits = 0;
  uint64_t zeroCopyMisses = 0;
  /// Bytes digested by verification (including the parts of partially
  /// loaded chunks read back for it) and DATA_LOSS failures.
  uint64_t bytesVerified = 0;
  uint64_t verifyFailures = 0;
  /// Load spans served from / inserted into the load cache.
  uint64_t cacheHits = 0;
  uint64_t cacheMisses = 0;
};

class ParameterProvider {
public:
  /// `index` must not be appended to while the provider uses it.
  static Expected<std::shared_ptr<ParameterProvider>>
  create(std::string scope,
         std::shared_ptr<const archive::ParameterIndex> index,
         const ProviderOptions &options = {});
  ~ParameterProvider();

  const std::string &scope() const { return scope_; }
  const std::shared_ptr<const archive::ParameterIndex> &index() const {
    return index_;
  }
  const ProviderOptions &options() const { return options_; }
  /// Exact byte equality with the provider's scope.
  bool querySupport(std::string_view scope) const { return scope == scope_; }
  /// SUSPEND and LOW_MEMORY drop cached file state that is not in use.
  void notify(ProviderSignal signal);

  /// Returns one buffer per span holding exactly span.length bytes of the
  /// parameter from span.parameterOffset. Buffers may be returned before
  /// their contents are ready: wait on `signal` first.
  Expected<std::vector<BufferRef>> load(Device &device, uint64_t affinity,
                                        const FenceRef &wait,
                                        const FenceRef &signal,
                                        const BufferParams &target,
                                        std::span<const ParameterSpan> spans);
  /// Reads each span into target[bufferOffset, +length).
  Status gather(Device &device, uint64_t affinity, const FenceRef &wait,
                const FenceRef &signal, const BufferRef &target,
                std::span<const ParameterSpan> spans);
  /// Writes source[bufferOffset, +length) into each parameter.
  Status scatter(Device &device, uint64_t affinity, const FenceRef &wait,
                 const FenceRef &signal, const BufferRef &source,
                 std::span<const ParameterSpan> spans);
  /// One-span gather / scatter.
  Status read(Device &device, uint64_t affinity, const FenceRef &wait,
              const FenceRef &signal, const BufferRef &target,
              const ParameterSpan &span) {
    return gather(device, affinity, wait, signal, target, std::span(&span, 1));
  }
  Status write(Device &device, uint64_t affinity, const FenceRef &wait,
               const FenceRef &signal, const BufferRef &source,
               const ParameterSpan &span) {
    return scatter(device, affinity, wait, signal, source, std::span(&span, 1));
  }

  /// fdatasync every writable file this provider wrote to.
  Status flush();

  ProviderStatistics statistics() const;
  /// Warnings recorded so far (read-only fallbacks, stale checksums), each
  /// once.
  std::vector<std::string> warnings() const;

  struct FileState;
  struct Resolved;

private:
  ParameterProvider(std::string scope,
                    std::shared_ptr<const archive::ParameterIndex> index,
                    const ProviderOptions &options);
  Expected<std::shared_ptr<FileState>>
  fileFor(const archive::FileHandleRef &handle);
  Status openFile(FileState &state);
  Status resolve(std::span<const ParameterSpan> spans, bool write,
                 std::vector<Resolved> &out);
  bool checksumStale(const archive::ParameterEntry *entry) const;
  void warnOnce(std::string message);

  std::string scope_;
  std::shared_ptr<const archive::ParameterIndex> index_;
  ProviderOptions options_;

  mutable std::mutex mutex_;
  std::unordered_map<const archive::FileHandle *, std::shared_ptr<FileState>>
      files_;
  /// Journal file names per directory, listed once per provider for the
  /// unfinished-journal warning of read-only opens (journals that appear
  /// later belong to writers still running, not to interrupted ones), so
  /// opening N shards of one directory lists it once, not N times.
  std::unordered_map<std::string, std::vector<std::string>>
      journalNamesByDirectory_;
  bool hasPendingJournal(const std::string &archivePath);
  std::vector<std::string> warnings_;
  /// Entries this provider scattered into: their checksums are stale (§9).
  std::unordered_set<const archive::ParameterEntry *> staleChecksums_;
  std::atomic<bool> anyStale_{false};

  struct Counters {
    std::atomic<uint64_t> bytesRead{0}, bytesWritten{0}, bytesFilled{0},
        operations{0}, transfers{0}, coalescedSpans{0}, zeroCopyHits{0},
        zeroCopyMisses{0}, bytesVerified{0}, verifyFailures{0}, cacheHits{0},
        cacheMisses{0};
  };
  std::shared_ptr<Counters> counters_;
};

using ParameterProviderRef = std::shared_ptr<ParameterProvider>;

} // namespace sluice::runtime::parameters

#endif // SLUICE_RUNTIME_PARAMETERS_PARAMETERPROVIDER_H
