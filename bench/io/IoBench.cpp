//===- IoBench.cpp - Parameter I/O benchmarks with same-run baselines
//---------===//
//
// Creates an IRPA archive in a temporary directory (large entries plus many
// small ones), then measures, in this run:
//   1. gather of large spans, warm page cache   vs  memcpy of the same bytes
//   2. gather with direct I/O                    vs  a plain O_DIRECT pread
//   loop
//   3. gather of many 4-64 KiB spans             vs  a single-threaded pread
//   loop
//      (warm and cold page cache; shuffled targets so nothing coalesces)
//   4. peak RSS of a direct-mode gather whose staging is bounded
// and prints each ratio next to its target. Options:
//   --size-gib=N          large data (default 2)
//   --small-count=N       number of small parameters (default 8192)
//   --dir=PATH            where the archive is created (default $TMPDIR or
//   /tmp)
//   --staging-mib=N       in-flight/staging bound for the RSS test (default 64)
//   --repeat=N            timed repetitions after one warm-up; baseline and
//   Sluice
//                         alternate (ABBA) and each median is kept (default 5)
//   --uring-force-async   set IOSQE_ASYNC on every io_uring request
//   --uring-rings=N       io_uring rings (default: one per CPU, at most 4)
//   --uring-max-workers=N io_uring async workers per ring (default: kernel's)
//   --queue-depth=N       requests in flight per ring/engine (default 64)
//   --chunk-kib=N         engine chunk size (default 4096)
//   --uring-async-threshold-kib=N  IOSQE_ASYNC from this request size up
//                         (default: the engine's, 1024; 0 = never)
//   --only=DIGITS         run only these benchmarks (default 1234)
//   --verbose             print every repetition
//   --keep                keep the archive
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;

namespace {

struct Config {
  uint64_t largeBytes = 2ull << 30;
  uint64_t largeEntryBytes = 64ull << 20;
  unsigned smallCount = 8192;
  std::string dir;
  uint64_t stagingBytes = 64ull << 20;
  int repeat = 5;
  bool keep = false;
  std::string only = "1234";
  bool verbose = false;
};

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

[[noreturn]] void die(const std::string &what, const Status &status) {
  std::fprintf(stderr, "error: %s: %s\n", what.c_str(),
               status.toString().c_str());
  std::exit(1);
}

template <typename T> T check(Expected<T> value, const char *what) {
  if (!value)
    die(what, value.status());
  return std::move(*value);
}

void checkOk(Status status, const char *what) {
  if (!status.isOk())
    die(what, status);
}

double gib(uint64_t bytes) { return (double)bytes / (1ull << 30); }

struct Archive {
  std::string path;
  std::shared_ptr<archive::ParameterIndex> index;
  std::vector<std::string> largeKeys, smallKeys;
  uint64_t largeTotal = 0, smallTotal = 0;
};

Archive createArchive(const Config &config) {
  Archive a;
  a.path =
      config.dir + "/sluice-bench-io-" + std::to_string(::getpid()) + ".irpa";
  archive::IrpaBuilder builder;
  std::mt19937_64 rng(99);
  for (uint64_t done = 0, i = 0; done < config.largeBytes;
       done += config.largeEntryBytes, ++i) {
    std::string key = "large." + std::to_string(i);
    std::string pattern(16, '\0');
    for (int j = 0; j < 16; ++j)
      pattern[j] = (char)(i * 16 + j + 1);
    checkOk(builder.addData(key, config.largeEntryBytes,
                            archive::DataSource::pattern(pattern), 4096),
            "declare large entry");
    a.largeKeys.push_back(key);
    a.largeTotal += config.largeEntryBytes;
  }
  for (unsigned i = 0; i < config.smallCount; ++i) {
    std::string key = "small." + std::to_string(i);
    uint64_t length = 4096 + (rng() % (60 * 1024 + 1)); // 4..64 KiB
    std::string pattern(16, '\0');
    for (int j = 0; j < 16; ++j)
      pattern[j] = (char)(rng() & 0xFF);
    checkOk(
        builder.addData(key, length, archive::DataSource::pattern(pattern), 64),
        "declare small entry");
    a.smallKeys.push_back(key);
    a.smallTotal += length;
  }
  archive::WriterOptions options;
  options.durable = false;
  // The writer fills its whole copy buffer for every pattern entry: keep it
  // small so thousands of small entries stay cheap to write.
  options.bufferBytes = 64 << 10;
  double t0 = now();
  check(builder.write(a.path, options), "write archive");
  std::printf("archive: %s, %.2f GiB large (%zu entries), %.1f MiB small (%zu "
              "entries), "
              "written in %.1f s\n",
              a.path.c_str(), gib(a.largeTotal), a.largeKeys.size(),
              (double)a.smallTotal / (1 << 20), a.smallKeys.size(), now() - t0);
  auto parsed = check(archive::parseParameterFile(a.path), "parse archive");
  a.index = std::make_shared<archive::ParameterIndex>();
  checkOk(a.index->append(std::move(parsed.entries)), "index");
  return a;
}

void dropCache(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  ::fdatasync(fd);
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

void warmCache(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  std::vector<char> buf(8 << 20);
  while (::read(fd, buf.data(), buf.size()) > 0) {
  }
  ::close(fd);
}

/// Page-aligned host memory imported as a device buffer (the gather target).
struct HostTarget {
  uint8_t *data = nullptr;
  uint64_t size = 0;
  BufferRef buffer;
  HostTarget(Device &device, uint64_t bytes, uint64_t skew = 0) : size(bytes) {
    data = static_cast<uint8_t *>(
        std::aligned_alloc(4096, (bytes + skew + 4095) / 4096 * 4096));
    std::memset(data, 0,
                bytes +
                    skew); // pre-fault: baselines and Sluice see the same pages
    BufferParams params;
    buffer = check(device.allocator().importHost(params, data + skew, bytes,
                                                 memory_access::All, nullptr),
                   "import target");
  }
  ~HostTarget() { std::free(data); }
};

/// Seconds the last timeGather spent in gather() itself: validation and
/// planning on the caller's thread, before the call returns (the I/O runs
/// after it).
double gLastSubmitSeconds = 0;

double timeGather(Device &device, ParameterProvider &provider,
                  const BufferRef &target,
                  const std::vector<ParameterSpan> &spans) {
  auto sem = Semaphore::create(0);
  double t0 = now();
  checkOk(provider.gather(device, ~0ull, nullptr, Fence::createAt(sem, 1),
                          target, spans),
          "gather");
  gLastSubmitSeconds = now() - t0;
  checkOk(sem->wait(1), "gather completion");
  return now() - t0;
}

bool gVerbose = false;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Baseline and Sluice alternate (ABBA...) after one warm-up each, so load
/// drift on a shared machine hits both; returns the two medians.
template <typename B, typename S>
std::pair<double, double> compare(int repeat, B &&baseline, S &&sluice) {
  double wb = baseline(), ws = sluice();
  if (gVerbose)
    std::printf("    warm-up: baseline %.4f s, sluice %.4f s\n", wb, ws);
  std::vector<double> tb, ts;
  for (int i = 0; i < repeat; ++i) {
    if (i % 2 == 0) {
      tb.push_back(baseline());
      ts.push_back(sluice());
    } else {
      ts.push_back(sluice());
      tb.push_back(baseline());
    }
    if (gVerbose)
      std::printf("    run %d: baseline %.4f s, sluice %.4f s\n", i, tb.back(),
                  ts.back());
  }
  return {median(tb), median(ts)};
}

void report(const char *name, double ratio, double target,
            const char *higherIsBetter = "") {
  std::printf("RATIO %-55s %6.2fx  (target >= %.1fx) %s%s\n", name, ratio,
              target, ratio >= target ? "MET" : "MISSED", higherIsBetter);
}

bool gForceAsync = false;
unsigned gUringRings = 0;          // 0: the engine default
unsigned gQueueDepth = 0;          // 0: the engine default
unsigned gMaxWorkers = 0;          // 0: the kernel default
unsigned long long gChunkKib = 0;  // 0: the engine default
long long gAsyncThresholdKib = -1; // < 0: the engine default

std::unique_ptr<Device> makeDevice(io::IoBackend backend, uint64_t inFlight) {
  DeviceOptions options;
  options.io.backend = backend;
  options.io.uringForceAsync = gForceAsync;
  if (gUringRings)
    options.io.uringRings = gUringRings;
  if (gQueueDepth)
    options.io.queueDepth = gQueueDepth;
  options.io.uringMaxWorkers = gMaxWorkers;
  if (gChunkKib)
    options.io.chunkBytes = gChunkKib << 10;
  if (gAsyncThresholdKib >= 0)
    options.io.uringAsyncThresholdBytes = (uint64_t)gAsyncThresholdKib << 10;
  options.io.maxInFlightBytes = inFlight;
  return check(Device::create(options), "create device");
}

std::vector<ParameterSpan> largeSpans(const Archive &a) {
  std::vector<ParameterSpan> spans;
  uint64_t offset = 0;
  for (const std::string &key : a.largeKeys) {
    const auto *e = a.index->find(key);
    spans.push_back({key, 0, offset, e->length()});
    offset += e->length();
  }
  return spans;
}

bool verifyLarge(const Archive &a, const uint8_t *target) {
  uint64_t offset = 0;
  for (size_t i = 0; i < a.largeKeys.size(); ++i) {
    const auto *e = a.index->find(a.largeKeys[i]);
    for (uint64_t probe : {uint64_t(0), uint64_t(12345), e->length() - 1})
      if (target[offset + probe] != (uint8_t)(i * 16 + probe % 16 + 1))
        return false;
    offset += e->length();
  }
  return true;
}

//===----------------------------------------------------------------------===//

void benchLargeWarm(const Config &config, const Archive &a) {
  std::printf("\n== 1. gather of %zu large spans (%.2f GiB), warm page cache, "
              "vs memcpy\n",
              a.largeKeys.size(), gib(a.largeTotal));
  warmCache(a.path);
  auto device = makeDevice(io::IoBackend::Auto, 256ull << 20);
  auto spans = largeSpans(a);
  (void)device;
  HostTarget target(*device, a.largeTotal);
  // memcpy baseline: the same bytes already in memory.
  std::vector<uint8_t> source(a.largeTotal);
  {
    int fd = ::open(a.path.c_str(), O_RDONLY | O_CLOEXEC);
    for (const auto &s : spans) {
      const auto *e = a.index->find(s.key);
      uint64_t done = 0;
      while (done < e->length()) {
        ssize_t n = ::pread(fd, source.data() + s.bufferOffset + done,
                            std::min<uint64_t>(e->length() - done, 1 << 30),
                            (off_t)(e->offset() + done));
        if (n <= 0)
          die("pread", Status(StatusCode::Unknown, "short read"));
        done += (uint64_t)n;
      }
    }
    ::close(fd);
  }
  auto memcpyRun = [&] {
    double t0 = now();
    std::memcpy(target.data, source.data(), a.largeTotal);
    return now() - t0;
  };
  struct Variant {
    io::IoPolicy policy;
    io::IoBackend backend;
  };
  for (Variant v : {Variant{io::IoPolicy::Read, io::IoBackend::Auto},
                    Variant{io::IoPolicy::Read, io::IoBackend::Threads},
                    Variant{io::IoPolicy::Mmap, io::IoBackend::Auto}}) {
    auto dev = makeDevice(v.backend, 256ull << 20);
    ProviderOptions options;
    options.policy = v.policy;
    auto provider =
        check(ParameterProvider::create("", a.index, options), "provider");
    auto [tMemcpy, t] = compare(config.repeat, memcpyRun, [&] {
      return timeGather(*dev, *provider, target.buffer, spans);
    });
    std::memset(target.data, 0, a.largeTotal);
    timeGather(*dev, *provider, target.buffer, spans);
    bool ok = verifyLarge(a, target.data);
    std::string name = std::string(io::ioPolicyName(v.policy)) + " policy, " +
                       io::ioBackendName(dev->ioEngine().backend());
    std::printf("  memcpy %7.3f s (%5.2f GiB/s); sluice gather (%-22s) %7.3f s "
                "(%5.2f GiB/s)  "
                "%s\n",
                tMemcpy, gib(a.largeTotal) / tMemcpy, name.c_str(), t,
                gib(a.largeTotal) / t, ok ? "verified" : "WRONG BYTES");
    report(("gather large, warm cache, " + name + " / memcpy").c_str(),
           tMemcpy / t, 0.8);
    if (v.policy == io::IoPolicy::Read && v.backend == io::IoBackend::Auto) {
      // Context: the same bytes through a plain single-threaded pread loop
      // (4 MiB calls), i.e. the kernel's page-cache copy without Sluice.
      int fd = ::open(a.path.c_str(), O_RDONLY | O_CLOEXEC);
      auto preadLoop = [&] {
        double t0 = now();
        for (const auto &s : spans) {
          const auto *e = a.index->find(s.key);
          for (uint64_t done = 0; done < e->length(); done += 4ull << 20) {
            uint64_t n = std::min<uint64_t>(4ull << 20, e->length() - done);
            if (::pread(fd, target.data + s.bufferOffset + done, n,
                        (off_t)(e->offset() + done)) != (ssize_t)n)
              die("pread", Status(StatusCode::Unknown, "short read"));
          }
        }
        return now() - t0;
      };
      auto [tLoop, tMemcpy2] = compare(config.repeat, preadLoop, memcpyRun);
      auto [tLoop2, t2] = compare(config.repeat, preadLoop, [&] {
        return timeGather(*dev, *provider, target.buffer, spans);
      });
      ::close(fd);
      std::printf("  context: pread loop %7.3f s vs memcpy %7.3f s (%.2fx); "
                  "pread loop %7.3f s vs "
                  "sluice %7.3f s (%.2fx)\n",
                  tLoop, tMemcpy2, tMemcpy2 / tLoop, tLoop2, t2, tLoop2 / t2);
      std::printf("INFO  plain pread loop / memcpy: %.2fx; sluice gather / "
                  "plain pread loop: "
                  "%.2fx\n",
                  tMemcpy2 / tLoop, tLoop2 / t2);
    }
  }
}

void benchDirect(const Config &config, const Archive &a) {
  std::printf("\n== 2. gather of large spans with O_DIRECT vs a plain O_DIRECT "
              "pread loop\n");
  auto spans = largeSpans(a);
  auto device = makeDevice(io::IoBackend::Auto, 256ull << 20);
  HostTarget target(*device, a.largeTotal);
  int fd = ::open(a.path.c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC);
  if (fd < 0) {
    std::printf("  O_DIRECT unsupported on %s: skipped\n", config.dir.c_str());
    return;
  }
  const uint64_t chunk = 4ull << 20;
  auto loop = [&] {
    double t0 = now();
    for (const auto &s : spans) {
      const auto *e = a.index->find(s.key);
      for (uint64_t done = 0; done < e->length(); done += chunk) {
        uint64_t n = std::min(chunk, e->length() - done);
        if (::pread(fd, target.data + s.bufferOffset + done, n,
                    (off_t)(e->offset() + done)) != (ssize_t)n)
          die("O_DIRECT pread",
              Status(StatusCode::Unknown, std::strerror(errno)));
      }
    }
    return now() - t0;
  };
  ProviderOptions options;
  options.policy = io::IoPolicy::Direct;
  auto provider =
      check(ParameterProvider::create("", a.index, options), "provider");
  auto [tLoop, t] = compare(config.repeat, loop, [&] {
    return timeGather(*device, *provider, target.buffer, spans);
  });
  ::close(fd);
  std::memset(target.data, 0, a.largeTotal);
  timeGather(*device, *provider, target.buffer, spans);
  bool ok = verifyLarge(a, target.data);
  auto stats = device->ioEngine().stats();
  std::printf("  O_DIRECT pread loop (4 MiB) %7.3f s (%5.2f GiB/s); sluice "
              "direct (%s) %7.3f s "
              "(%5.2f GiB/s)  %s (direct chunks %llu, bounced %llu)\n",
              tLoop, gib(a.largeTotal) / tLoop,
              io::ioBackendName(device->ioEngine().backend()), t,
              gib(a.largeTotal) / t, ok ? "verified" : "WRONG BYTES",
              (unsigned long long)stats.directChunks,
              (unsigned long long)stats.bounceChunks);
  report("gather large, direct I/O / O_DIRECT pread loop", tLoop / t, 0.9);
}

void benchSmall(const Config &config, const Archive &a) {
  std::printf("\n== 3. gather of %zu small spans (4-64 KiB, %.1f MiB) vs "
              "single-threaded pread "
              "loop\n",
              a.smallKeys.size(), (double)a.smallTotal / (1 << 20));
  // Targets in shuffled order: file-adjacent spans are not target-adjacent,
  // so nothing coalesces.
  std::vector<size_t> order(a.smallKeys.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(5));
  std::vector<ParameterSpan> spans;
  uint64_t offset = 0;
  for (size_t i : order) {
    const auto *e = a.index->find(a.smallKeys[i]);
    spans.push_back({a.smallKeys[i], 0, offset, e->length()});
    offset += e->length();
  }
  for (io::IoBackend backend : {io::IoBackend::Auto, io::IoBackend::Threads}) {
    auto device = makeDevice(backend, 256ull << 20);
    HostTarget target(*device, a.smallTotal);
    int fd = ::open(a.path.c_str(), O_RDONLY | O_CLOEXEC);
    auto loop = [&] {
      double t0 = now();
      for (const auto &s : spans) {
        const auto *e = a.index->find(s.key);
        if (::pread(fd, target.data + s.bufferOffset, s.length,
                    (off_t)e->offset()) != (ssize_t)s.length)
          die("pread", Status(StatusCode::Unknown, "short read"));
      }
      return now() - t0;
    };
    ProviderOptions options;
    auto provider =
        check(ParameterProvider::create("", a.index, options), "provider");
    ProviderOptions mmapOptions;
    mmapOptions.policy = io::IoPolicy::Mmap;
    auto mmapProvider = check(
        ParameterProvider::create("", a.index, mmapOptions), "mmap provider");
    // Every provider's gather must produce the pread loop's bytes.
    loop();
    std::vector<uint8_t> expected(target.data, target.data + a.smallTotal);
    for (ParameterProvider *p : {provider.get(), mmapProvider.get()}) {
      std::memset(target.data, 0, a.smallTotal);
      timeGather(*device, *p, target.buffer, spans);
      if (std::memcmp(expected.data(), target.data, a.smallTotal) != 0)
        die("small gather",
            Status(StatusCode::DataLoss, "gathered bytes differ from pread"));
    }
    for (bool cold : {false, true}) {
      std::vector<double> submitTimes;
      if (!cold)
        warmCache(a.path);
      auto [tLoop, t] = compare(
          config.repeat,
          [&] {
            if (cold)
              dropCache(a.path);
            return loop();
          },
          [&] {
            if (cold)
              dropCache(a.path);
            double t = timeGather(*device, *provider, target.buffer, spans);
            submitTimes.push_back(gLastSubmitSeconds);
            return t;
          });
      std::printf("INFO  caller-side time of the gather (validation + "
                  "planning, median): %.2f ms\n",
                  median(submitTimes) * 1e3);
      std::printf("  %s cache, %-8s: pread loop %7.3f s, sluice %7.3f s\n",
                  cold ? "cold" : "warm",
                  io::ioBackendName(device->ioEngine().backend()), tLoop, t);
      std::string name = std::string("gather small spans, ") +
                         (cold ? "cold" : "warm") + " cache, " +
                         io::ioBackendName(device->ioEngine().backend()) +
                         " / pread loop";
      report(name.c_str(), tLoop / t, 2.0);
      if (backend != io::IoBackend::Auto)
        continue;
      // The mmap policy copies from the shared mapping on the device's
      // workers: no system call per span once the pages are mapped. "fresh"
      // opens a new provider (new mapping: every page faults in) inside the
      // timed region; "reused" keeps the provider of the previous run, as a
      // long-lived process would (warm cache only: mapped pages cannot be
      // dropped from the cache).
      for (bool reuse : {false, true}) {
        if (cold && reuse)
          continue;
        auto [tLoop2, tMmap] = compare(
            config.repeat,
            [&] {
              if (cold)
                dropCache(a.path);
              return loop();
            },
            [&] {
              if (reuse)
                return timeGather(*device, *mmapProvider, target.buffer, spans);
              mmapProvider.reset();
              if (cold)
                dropCache(a.path);
              double t0 = now();
              mmapProvider =
                  check(ParameterProvider::create("", a.index, mmapOptions),
                        "mmap provider");
              return (now() - t0) +
                     timeGather(*device, *mmapProvider, target.buffer, spans);
            });
        const char *how =
            reuse ? "mmap, mapping reused" : "mmap, fresh mapping";
        std::printf("  %s cache, %s: pread loop %7.3f s, sluice %7.3f s\n",
                    cold ? "cold" : "warm", how, tLoop2, tMmap);
        std::string mmapName = std::string("gather small spans, ") +
                               (cold ? "cold" : "warm") + " cache, " + how +
                               " / pread loop";
        report(mmapName.c_str(), tLoop2 / tMmap, 2.0);
      }
    }
    ::close(fd);
  }
}

uint64_t statusKb(const char *field) {
  FILE *f = std::fopen("/proc/self/status", "r");
  char line[256];
  uint64_t value = 0;
  size_t n = std::strlen(field);
  while (f && std::fgets(line, sizeof(line), f))
    if (std::strncmp(line, field, n) == 0)
      value = std::strtoull(line + n + 1, nullptr, 10);
  if (f)
    std::fclose(f);
  return value;
}

/// Runs in a forked child so the peak RSS (VmHWM) covers only this test.
void benchRss(const Config &config, const Archive &a) {
  std::printf("\n== 4. peak RSS of a direct-mode gather with staging bounded "
              "to %llu MiB\n",
              (unsigned long long)(config.stagingBytes >> 20));
  std::fflush(stdout);
  pid_t pid = ::fork();
  if (pid == 0) {
    auto device = makeDevice(io::IoBackend::Auto, config.stagingBytes);
    auto spans = largeSpans(a);
    // A target skewed by 512 bytes: every O_DIRECT read goes through the
    // bounded bounce buffers.
    HostTarget target(*device, a.largeTotal, 512);
    ProviderOptions options;
    options.policy = io::IoPolicy::Direct;
    auto provider =
        check(ParameterProvider::create("", a.index, options), "provider");
    uint64_t before = statusKb("VmRSS:");
    double t = timeGather(*device, *provider, target.buffer, spans);
    uint64_t peak = statusKb("VmHWM:");
    auto stats = device->ioEngine().stats();
    bool ok = verifyLarge(a, target.data + 512);
    uint64_t extraKb = peak > before ? peak - before : 0;
    std::printf("  gathered %.2f GiB in %.3f s (%s), RSS before %llu MiB "
                "(target %.0f MiB "
                "pre-faulted), peak %llu MiB\n",
                gib(a.largeTotal), t, ok ? "verified" : "WRONG BYTES",
                (unsigned long long)(before >> 10),
                (double)a.largeTotal / (1 << 20),
                (unsigned long long)(peak >> 10));
    std::printf("  peak growth during the gather: %llu MiB; staging bound %llu "
                "MiB; engine "
                "peak in flight %llu MiB; bounced chunks %llu\n",
                (unsigned long long)(extraKb >> 10),
                (unsigned long long)(config.stagingBytes >> 20),
                (unsigned long long)(stats.peakInFlightBytes >> 20),
                (unsigned long long)stats.bounceChunks);
    bool bounded = extraKb <= (config.stagingBytes >> 10) + 64 * 1024;
    std::printf("BOUND peak RSS growth <= staging + 64 MiB: %s\n",
                bounded ? "MET" : "MISSED");
    std::fflush(stdout);
    std::_Exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
}

} // namespace

int main(int argc, char **argv) {
  Config config;
  const char *tmp = std::getenv("TMPDIR");
  config.dir = tmp && *tmp ? tmp : "/tmp";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *prefix) -> const char * {
      size_t n = std::strlen(prefix);
      return arg.compare(0, n, prefix) == 0 ? arg.c_str() + n : nullptr;
    };
    if (const char *v = value("--size-gib="))
      config.largeBytes = (uint64_t)(std::atof(v) * (1ull << 30));
    else if (const char *v = value("--small-count="))
      config.smallCount = (unsigned)std::atoi(v);
    else if (const char *v = value("--dir="))
      config.dir = v;
    else if (const char *v = value("--staging-mib="))
      config.stagingBytes = std::strtoull(v, nullptr, 10) << 20;
    else if (const char *v = value("--repeat="))
      config.repeat = std::max(1, std::atoi(v));
    else if (const char *v = value("--only="))
      config.only = v;
    else if (arg == "--verbose")
      config.verbose = true;
    else if (arg == "--uring-force-async")
      gForceAsync = true;
    else if (const char *v = value("--uring-rings="))
      gUringRings = (unsigned)std::atoi(v);
    else if (const char *v = value("--uring-max-workers="))
      gMaxWorkers = (unsigned)std::atoi(v);
    else if (const char *v = value("--queue-depth="))
      gQueueDepth = (unsigned)std::atoi(v);
    else if (const char *v = value("--chunk-kib="))
      gChunkKib = std::strtoull(v, nullptr, 10);
    else if (const char *v = value("--uring-async-threshold-kib="))
      gAsyncThresholdKib = std::atoll(v);
    else if (arg == "--keep")
      config.keep = true;
    else {
      std::fprintf(
          stderr,
          "unknown option '%s' (see the header of bench/io/IoBench.cpp)\n",
          arg.c_str());
      return 2;
    }
  }
  if (config.largeBytes < config.largeEntryBytes)
    config.largeEntryBytes =
        std::max<uint64_t>(config.largeBytes / 4096 * 4096, 4096);
  std::printf("sluice-bench-io: %u hardware threads\n",
              std::thread::hardware_concurrency());
  Archive a = createArchive(config);
  auto want = [&](char c) { return config.only.find(c) != std::string::npos; };
  gVerbose = config.verbose;
  if (want('4'))
    benchRss(config, a); // before this process starts any thread
  if (want('1'))
    benchLargeWarm(config, a);
  if (want('2'))
    benchDirect(config, a);
  if (want('3'))
    benchSmall(config, a);
  if (!config.keep)
    ::unlink(a.path.c_str());
  return 0;
}
