//===- ArchiveBench.cpp - Parameter archive benchmarks
//----------------------===//
//
// Prints, for each benchmark, the Sluice operation, its baseline measured in
// the same run, and their ratio:
//
//  1. create: a 1 GiB archive of 1,000 DATA entries streamed from a source
//     file vs a plain sequential copy (read + write) of the same bytes to a
//     new file; and from memory vs a plain write() of the same buffer. Both
//     sides end with fdatasync. Target: throughput ratio >= 0.9.
//  2. index: parsing 100,000-entry archives whose data sizes differ by 100x
//     (sparse files); time, bytes read and heap growth must not depend on
//     the data size. A 10,000-entry archive shows proportionality to the
//     entry count.
//  3. verify: CRC32C (and SHA-256) verification of every entry vs a plain
//     sequential read of the same file with the same buffer size.
//
// Page cache state: the files are written just before they are read, so
// reads come from the page cache on both sides of each comparison.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/IrpaReader.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/Verify.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <malloc.h>
#include <memory>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace sluice::runtime;
using namespace sluice::runtime::archive;

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

[[noreturn]] void die(const Status &status) {
  std::fprintf(stderr, "benchmark failed: %s\n", status.toString().c_str());
  std::exit(1);
}

template <typename T> T check(Expected<T> value) {
  if (!value)
    die(value.status());
  return std::move(*value);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void writeAllOrDie(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      std::perror("write");
      std::exit(1);
    }
    p += w;
    n -= (size_t)w;
  }
}

/// Baseline: copy `length` bytes of `src` into a new file with a buffer.
double plainCopy(const std::string &src, const std::string &dst,
                 uint64_t length, size_t bufferBytes, bool durable) {
  auto start = Clock::now();
  int in = ::open(src.c_str(), O_RDONLY | O_CLOEXEC);
  int out = ::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  std::unique_ptr<char[]> buffer(new char[bufferBytes]);
  for (uint64_t done = 0; done < length;) {
    ssize_t n = ::read(in, buffer.get(),
                       std::min<uint64_t>(bufferBytes, length - done));
    if (n <= 0) {
      std::perror("read");
      std::exit(1);
    }
    writeAllOrDie(out, buffer.get(), (size_t)n);
    done += (uint64_t)n;
  }
  if (durable)
    ::fdatasync(out);
  ::close(out);
  ::close(in);
  return seconds(start, Clock::now());
}

double plainWrite(const std::string &dst, const std::string &data,
                  bool durable = true, bool presize = false) {
  auto start = Clock::now();
  int out = ::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (presize && ::ftruncate(out, (off_t)data.size()) != 0)
    std::exit(1);
  writeAllOrDie(out, data.data(), data.size());
  if (durable)
    ::fdatasync(out);
  ::close(out);
  return seconds(start, Clock::now());
}

double plainRead(const std::string &path, size_t bufferBytes) {
  auto start = Clock::now();
  int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  std::unique_ptr<char[]> buffer(new char[bufferBytes]);
  uint64_t sum = 0;
  for (uint64_t off = 0;;) {
    ssize_t n = ::pread(in, buffer.get(), bufferBytes, (off_t)off);
    if (n <= 0)
      break;
    sum += (uint8_t)buffer[0];
    off += (uint64_t)n;
  }
  ::close(in);
  if (sum == 12345)
    std::printf(" ");
  return seconds(start, Clock::now());
}

size_t heapInUse() { return mallinfo2().uordblks; }

void benchCreate(const std::string &dir, uint64_t totalBytes, int entries,
                 int reps) {
  std::printf("== create: %.2f GiB archive of %d entries ==\n",
              totalBytes / 1073741824.0, entries);
  uint64_t perEntry = totalBytes / (uint64_t)entries;
  perEntry -= perEntry % 64; // keep entries back to back (no alignment gaps)
  uint64_t total = perEntry * (uint64_t)entries;
  std::string data(total, '\0');
  for (uint64_t i = 0; i < total; i += 4096)
    data[i] = (char)(i >> 12);
  std::string source = dir + "/bench-source.bin";
  plainWrite(source, data);
  auto sourceFile = check(openFile(source));

  // In-memory sources: DataSource owns its bytes, so slice the buffer once.
  IrpaBuilder fromMemory;
  for (int i = 0; i < entries; ++i)
    if (!fromMemory
             .addData("param." + std::to_string(i), perEntry,
                      DataSource::inMemory(
                          data.substr((uint64_t)i * perEntry, perEntry)))
             .isOk())
      std::exit(1);
  IrpaBuilder fromFile;
  for (int i = 0; i < entries; ++i)
    if (!fromFile
             .addData("param." + std::to_string(i), perEntry,
                      DataSource::fileRange(sourceFile, (uint64_t)i * perEntry))
             .isOk())
      std::exit(1);

  double gib = total / 1073741824.0;
  for (bool durable : {true, false}) {
    std::vector<double> archiveFromFile, copy, archiveFromMemory, write,
        writePresized;
    WriterOptions options;
    options.durable = durable;
    // Interleave the measured operation and its baseline in every
    // repetition (ABBA order across repetitions), and start every timed
    // operation with no dirty data outstanding (sync() is not timed), so
    // neither side pays for the other's writeback.
    auto timed = [&](auto &&op) {
      // Fresh destinations on both sides (ext4 flushes data when a file
      // replaces or truncates an existing one), and no dirty data pending.
      for (const char *f : {"bench-create.irpa", "bench-create-mem.irpa",
                            "bench-copy.bin", "bench-write.bin"})
        ::unlink((dir + "/" + f).c_str());
      ::sync();
      return op();
    };
    auto archiveFile = [&] {
      auto start = Clock::now();
      check(fromFile.write(dir + "/bench-create.irpa", options));
      return seconds(start, Clock::now());
    };
    auto archiveMemory = [&] {
      auto start = Clock::now();
      check(fromMemory.write(dir + "/bench-create-mem.irpa", options));
      return seconds(start, Clock::now());
    };
    auto baselineCopy = [&] {
      return plainCopy(source, dir + "/bench-copy.bin", total, 8u << 20,
                       durable);
    };
    auto baselineWrite = [&] {
      return plainWrite(dir + "/bench-write.bin", data, durable);
    };
    auto baselinePresized = [&] {
      return plainWrite(dir + "/bench-write.bin", data, durable,
                        /*presize=*/true);
    };
    for (int r = 0; r < reps; ++r) {
      if (r % 2 == 0) {
        archiveFromFile.push_back(timed(archiveFile));
        copy.push_back(timed(baselineCopy));
        archiveFromMemory.push_back(timed(archiveMemory));
        write.push_back(timed(baselineWrite));
        writePresized.push_back(timed(baselinePresized));
      } else {
        writePresized.push_back(timed(baselinePresized));
        copy.push_back(timed(baselineCopy));
        archiveFromFile.push_back(timed(archiveFile));
        write.push_back(timed(baselineWrite));
        archiveFromMemory.push_back(timed(archiveMemory));
      }
    }
    double a = median(archiveFromFile), c = median(copy),
           m = median(archiveFromMemory), w = median(write);
    std::printf(" %s (median of %d)\n",
                durable ? "with fdatasync (durable)"
                        : "page cache only (no fdatasync)",
                reps);
    std::printf("  archive from file     %7.3f s  %7.2f GiB/s\n", a, gib / a);
    std::printf("  plain copy (baseline) %7.3f s  %7.2f GiB/s\n", c, gib / c);
    std::printf(
        "  ratio archive/plain   %7.2fx  (throughput; target >= 0.90)\n",
        c / a);
    std::printf("  archive from memory   %7.3f s  %7.2f GiB/s\n", m, gib / m);
    std::printf("  plain write (baseline)%7.3f s  %7.2f GiB/s\n", w, gib / w);
    std::printf(
        "  ratio archive/plain   %7.2fx  (throughput; target >= 0.90)\n",
        w / m);
    double wp = median(writePresized);
    std::printf("  pre-sized plain write %7.3f s  %7.2f GiB/s  (ftruncate "
                "first, like the writer)\n",
                wp, gib / wp);
    std::printf("  ratio archive/presized%7.2fx  (throughput)\n", wp / m);
  }
  for (const char *f :
       {"bench-copy.bin", "bench-write.bin", "bench-create-mem.irpa"})
    ::unlink((dir + "/" + f).c_str());
}

struct IndexResult {
  double coldSeconds;    // first parse in a fresh process
  double warmSeconds;    // median of the following parses
  double warmCpuSeconds; // median CPU time of the following parses
  uint64_t bytesRead;
  size_t heapBytes;  // heap held by the index (entries + map)
  size_t indexBytes; // ParameterIndex::memoryBytes()
  uint64_t keyBytes; // sum of the key lengths
  long peakRssKiB;   // peak RSS of the measuring process
  uint64_t fileSize;
};

/// Measures in a forked child so every configuration starts with a fresh
/// heap (page faults included in the cold time) and peak RSS is its own.
IndexResult benchIndexOnce(const std::string &path, int reps) {
  int fds[2];
  if (::pipe(fds) != 0)
    std::exit(1);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    IndexResult result{};
    std::vector<double> times, cpuTimes;
    auto cpuNow = [] {
      struct rusage u;
      ::getrusage(RUSAGE_SELF, &u);
      return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec +
             u.ru_stime.tv_usec * 1e-6;
    };
    for (int r = 0; r < reps + 1; ++r) {
      auto file = check(openFile(path));
      size_t heapBefore = heapInUse();
      double cpuStart = cpuNow();
      auto start = Clock::now();
      ParameterIndex index;
      {
        auto parsed = check(parseIrpaFile(file));
        Status appended = index.append(std::move(parsed.entries));
        if (!appended.isOk())
          die(appended);
      }
      times.push_back(seconds(start, Clock::now()));
      cpuTimes.push_back(cpuNow() - cpuStart);
      result.bytesRead = file->bytesRead();
      result.heapBytes = heapInUse() - heapBefore;
      result.indexBytes = index.memoryBytes();
      result.keyBytes = 0;
      for (const ParameterEntry &e : index)
        result.keyBytes += e.key().size();
      result.fileSize = file->size();
    }
    result.coldSeconds = times[0];
    result.warmSeconds =
        median(std::vector<double>(times.begin() + 1, times.end()));
    result.warmCpuSeconds =
        median(std::vector<double>(cpuTimes.begin() + 1, cpuTimes.end()));
    struct rusage usage;
    ::getrusage(RUSAGE_SELF, &usage);
    result.peakRssKiB = usage.ru_maxrss;
    if (::write(fds[1], &result, sizeof(result)) != (ssize_t)sizeof(result))
      std::_Exit(1);
    std::_Exit(0);
  }
  ::close(fds[1]);
  IndexResult result{};
  if (::read(fds[0], &result, sizeof(result)) != (ssize_t)sizeof(result))
    std::exit(1);
  ::close(fds[0]);
  ::waitpid(pid, nullptr, 0);
  return result;
}

void makeIndexArchive(const std::string &path, int entries,
                      uint64_t entryBytes) {
  IrpaBuilder builder;
  for (int i = 0; i < entries; ++i)
    if (!builder
             .addData("layers." + std::to_string(i / 16) + ".weight." +
                          std::to_string(i % 16),
                      entryBytes, DataSource::zeros())
             .isOk())
      std::exit(1);
  WriterOptions options;
  options.durable = false;
  check(builder.write(path, options)); // zero data: sparse file
}

void benchIndex(const std::string &dir, int reps) {
  const int entries = 100000;
  std::printf("== index: %d entries, data sizes 100x apart (sparse files) ==\n",
              entries);
  std::string small = dir + "/bench-index-small.irpa",
              large = dir + "/bench-index-large.irpa",
              fewer = dir + "/bench-index-10k.irpa";
  makeIndexArchive(small, entries, 4096);
  makeIndexArchive(large, entries, 409600);
  makeIndexArchive(fewer, entries / 10, 4096);
  IndexResult f = benchIndexOnce(fewer, reps), s = benchIndexOnce(small, reps),
              l = benchIndexOnce(large, reps);
  auto row = [](const char *name, const IndexResult &r, int n) {
    std::printf(
        "  %-22s file %6.2f GiB  cold %6.1f ms  warm %6.1f ms  read %5.2f MiB  "
        "index heap %5.1f MiB (%3.0f B/entry)  peak RSS %5.1f MiB\n",
        name, r.fileSize / 1073741824.0, r.coldSeconds * 1e3,
        r.warmSeconds * 1e3, r.bytesRead / 1048576.0, r.heapBytes / 1048576.0,
        (double)r.heapBytes / n, r.peakRssKiB / 1024.0);
  };
  row("10k entries x 4 KiB", f, entries / 10);
  row("100k entries x 4 KiB", s, entries);
  row("100k entries x 400 KiB", l, entries);
  std::printf("  data 100x larger:   time ratio %5.2fx warm, %5.2fx cold; read "
              "ratio %4.2fx; "
              "heap ratio %4.2fx (target ~1)\n",
              l.warmSeconds / s.warmSeconds, l.coldSeconds / s.coldSeconds,
              (double)l.bytesRead / (double)s.bytesRead,
              (double)l.heapBytes / (double)s.heapBytes);
  std::printf("  entries 10x more:   time ratio %5.2fx warm, %5.2fx cold; heap "
              "ratio %4.2fx "
              "(proportional: ~10)\n",
              s.warmSeconds / f.warmSeconds, s.coldSeconds / f.coldSeconds,
              (double)s.heapBytes / (double)f.heapBytes);
  for (const std::string &p : {small, large, fewer})
    ::unlink(p.c_str());
}

void benchVerify(const std::string &dir, int reps) {
  std::string source = dir + "/bench-source.bin";
  auto sourceFile = check(openFile(source));
  const int entries = 1000;
  uint64_t perEntry = sourceFile->size() / entries;
  for (ChecksumAlgorithm algorithm :
       {ChecksumAlgorithm::Crc32c, ChecksumAlgorithm::Sha256}) {
    IrpaBuilder builder;
    for (int i = 0; i < entries; ++i)
      if (!builder
               .addData(
                   "param." + std::to_string(i), perEntry,
                   DataSource::fileRange(sourceFile, (uint64_t)i * perEntry))
               .isOk())
        std::exit(1);
    WriterOptions options;
    options.checksum = algorithm;
    std::string path = dir + "/bench-verify.irpa";
    auto start = Clock::now();
    check(builder.write(path, options));
    double createSeconds = seconds(start, Clock::now());
    auto parsed = check(parseIrpaFile(check(openFile(path))));
    std::vector<double> verify, verifyParallel, read;
    std::vector<const ParameterEntry *> list;
    for (const ParameterEntry &e : parsed.entries)
      list.push_back(&e);
    unsigned threads = std::max(2u, std::thread::hardware_concurrency());
    for (int r = 0; r < reps; ++r) {
      ::sync();
      auto t0 = Clock::now();
      for (const ParameterEntry &e : parsed.entries) {
        Status s = verifyEntry(e, "");
        if (!s.isOk())
          die(s);
      }
      verify.push_back(seconds(t0, Clock::now()));
      ::sync();
      t0 = Clock::now();
      for (const Status &s : verifyEntries(list, "", threads))
        if (!s.isOk())
          die(s);
      verifyParallel.push_back(seconds(t0, Clock::now()));
      ::sync();
      read.push_back(plainRead(path, 8u << 20));
    }
    double gib = (double)perEntry * entries / 1073741824.0;
    double v = median(verify), p = median(read);
    std::printf("== verify: %s, %d entries, %.2f GiB ==\n",
                checksumAlgorithmName(algorithm), entries, gib);
    std::printf("  create with checksums %7.3f s  %7.2f GiB/s\n", createSeconds,
                gib / createSeconds);
    std::printf("  verify                %7.3f s  %7.2f GiB/s\n", v, gib / v);
    std::printf("  plain read (baseline) %7.3f s  %7.2f GiB/s\n", p, gib / p);
    std::printf("  ratio verify/read     %7.2fx  (throughput)\n", p / v);
    double vp = median(verifyParallel);
    std::printf("  verify, %u threads     %7.3f s  %7.2f GiB/s\n", threads, vp,
                gib / vp);
    std::printf("  ratio verify/read     %7.2fx  (throughput, %u threads vs "
                "one reader)\n",
                p / vp, threads);
    ::unlink(path.c_str());
  }
}

//===----------------------------------------------------------------------===//
// The sluice-params tool: index scaling, dump, create and convert
//===----------------------------------------------------------------------===//

struct ToolRun {
  double wallSeconds;
  double cpuSeconds;
  long peakRssKiB;
};

/// Runs `argv` with stdout (and stderr unless `keepStderr`) sent to
/// /dev/null; wall time, CPU time and peak RSS come from wait4.
ToolRun runTool(const std::vector<std::string> &argv, bool keepStderr = false) {
  auto start = Clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    if (!keepStderr)
      ::dup2(devnull, 2);
    std::vector<char *> args;
    for (const std::string &a : argv)
      args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    std::_Exit(127);
  }
  int status = 0;
  struct rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  ToolRun run;
  run.wallSeconds = seconds(start, Clock::now());
  run.cpuSeconds = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 +
                   usage.ru_stime.tv_sec + usage.ru_stime.tv_usec * 1e-6;
  run.peakRssKiB = usage.ru_maxrss;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "benchmark failed: %s exited with status %d\n",
                 argv[0].c_str(), status);
    std::exit(1);
  }
  return run;
}

/// Median wall/CPU time and the largest peak RSS over `reps` runs, after
/// one untimed warm-up run (page cache and binary warm).
ToolRun runToolMedian(const std::vector<std::string> &argv, int reps) {
  runTool(argv);
  std::vector<double> wall, cpu;
  long rss = 0;
  for (int r = 0; r < reps; ++r) {
    ToolRun run = runTool(argv);
    wall.push_back(run.wallSeconds);
    cpu.push_back(run.cpuSeconds);
    rss = std::max(rss, run.peakRssKiB);
  }
  return {median(wall), median(cpu), rss};
}

void makeKeyedArchive(const std::string &path, int entries) {
  IrpaBuilder builder;
  for (int i = 0; i < entries; ++i)
    if (!builder
             .addData("model.layers." + std::to_string(i) + ".weight", 4096,
                      DataSource::zeros())
             .isOk())
      std::exit(1);
  WriterOptions options;
  options.durable = false;
  options.reportEntries = false;
  check(builder.write(path, options)); // zero data: sparse file
}

/// Index build (in a forked child) and a full `sluice-params dump` of
/// archives of 10k, 100k and 1M entries.
void benchScaling(const std::string &dir, const std::string &tool, int reps) {
  std::printf("== index build and dump: 10k / 100k / 1M entries of 4 KiB "
              "(sparse files) ==\n");
  const int counts[3] = {10000, 100000, 1000000};
  IndexResult index[3];
  ToolRun dump[3];
  for (int c = 0; c < 3; ++c) {
    std::string path = dir + "/bench-scaling.irpa";
    makeKeyedArchive(path, counts[c]);
    index[c] = benchIndexOnce(path, reps);
    dump[c] = runToolMedian({tool, "dump", "--parameters=" + path}, reps);
    const int n = counts[c];
    std::printf("  %7d entries: index warm %7.1f ms wall %7.1f ms CPU (cold "
                "%7.1f ms), %5.1f B/entry + %4.1f key B/entry; dump %7.1f ms "
                "wall, %7.1f ms CPU, peak RSS %6.1f MiB\n",
                n, index[c].warmSeconds * 1e3, index[c].warmCpuSeconds * 1e3,
                index[c].coldSeconds * 1e3,
                (double)(index[c].indexBytes - index[c].keyBytes) / n,
                (double)index[c].keyBytes / n, dump[c].wallSeconds * 1e3,
                dump[c].cpuSeconds * 1e3, dump[c].peakRssKiB / 1024.0);
    ::unlink(path.c_str());
  }
  std::printf("  10x entries: index CPU %5.2fx / %5.2fx (10k->100k / "
              "100k->1M), dump CPU %5.2fx / %5.2fx (linear: 10)\n",
              index[1].warmCpuSeconds / index[0].warmCpuSeconds,
              index[2].warmCpuSeconds / index[1].warmCpuSeconds,
              dump[1].cpuSeconds / dump[0].cpuSeconds,
              dump[2].cpuSeconds / dump[1].cpuSeconds);
  std::printf("  targets at 100k: dump <= 50 ms warm, <= 16 MiB peak RSS; "
              "index <= 64 B/entry + keys\n");
}

/// `create` of 100,000 entries of 4 KiB (--data=...=1024xi32=V) through a
/// flag file.
void benchToolCreate(const std::string &dir, const std::string &tool,
                     int reps) {
  std::printf("== create: 100,000 x 4 KiB entries through --flagfile ==\n");
  std::string flags = dir + "/bench-create.flags";
  std::string out = dir + "/bench-create-100k.irpa";
  {
    FILE *f = std::fopen(flags.c_str(), "w");
    for (int i = 0; i < 100000; ++i)
      std::fprintf(f, "--data=param.%d=1024xi32=%d\n", i, i % 100);
    std::fclose(f);
  }
  ToolRun quiet = runToolMedian(
      {tool, "create", "--quiet", "--output=" + out, "--flagfile=" + flags},
      reps);
  ToolRun dumped = runToolMedian(
      {tool, "create", "--output=" + out, "--flagfile=" + flags}, reps);
  std::printf("  create --quiet      %7.2f s wall %7.2f s CPU  peak RSS %6.1f "
              "MiB\n",
              quiet.wallSeconds, quiet.cpuSeconds, quiet.peakRssKiB / 1024.0);
  std::printf("  create + index dump %7.2f s wall %7.2f s CPU  peak RSS %6.1f "
              "MiB  (target <= 32 MiB)\n",
              dumped.wallSeconds, dumped.cpuSeconds,
              dumped.peakRssKiB / 1024.0);
  ::unlink(flags.c_str());
  ::unlink(out.c_str());
}

/// `convert` of a 1 GiB safetensors file (256 tensors of 4 MiB) vs `cp` of
/// the same file, alternating (ABBA), medians; each run starts from deleted
/// destinations and a sync().
void benchToolConvert(const std::string &dir, const std::string &tool,
                      int reps) {
  const int tensors = 256;
  const uint64_t tensorBytes = 4ull << 20;
  std::string source = dir + "/bench-convert.safetensors";
  {
    std::string header = "{";
    for (int i = 0; i < tensors; ++i)
      header += formatString(
          "%s\"t%d\":{\"dtype\":\"F32\",\"shape\":[%llu],\"data_offsets\":"
          "[%llu,%llu]}",
          i ? "," : "", i, (unsigned long long)(tensorBytes / 4),
          (unsigned long long)(i * tensorBytes),
          (unsigned long long)((i + 1) * tensorBytes));
    header += "}";
    while ((8 + header.size()) % 64)
      header += ' ';
    int fd = ::open(source.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    uint64_t length = header.size();
    writeAllOrDie(fd, reinterpret_cast<const char *>(&length), 8);
    writeAllOrDie(fd, header.data(), header.size());
    std::string chunk(tensorBytes, '\0');
    for (int i = 0; i < tensors; ++i) {
      for (uint64_t j = 0; j < tensorBytes; j += 4096)
        chunk[j] = (char)(i + j / 4096);
      writeAllOrDie(fd, chunk.data(), chunk.size());
    }
    ::fsync(fd);
    ::close(fd);
  }
  std::string converted = dir + "/bench-convert.irpa";
  std::string copied = dir + "/bench-convert.copy";
  auto fresh = [&] {
    ::unlink(converted.c_str());
    ::unlink(copied.c_str());
    ::sync();
  };
  std::vector<double> convert, cp, cpSync;
  for (int r = 0; r < reps; ++r) {
    bool convertFirst = r % 2 == 0;
    for (int k = 0; k < 2; ++k) {
      fresh();
      if ((k == 0) == convertFirst) {
        convert.push_back(
            runTool({tool, "convert", "--quiet", "--parameters=" + source,
                     "--output=" + converted})
                .wallSeconds);
      } else {
        ToolRun c = runTool({"/bin/cp", source, copied});
        cp.push_back(c.wallSeconds);
        // The same copy made durable like convert's output (fdatasync).
        auto t0 = Clock::now();
        int fd = ::open(copied.c_str(), O_RDONLY);
        ::fdatasync(fd);
        ::close(fd);
        cpSync.push_back(c.wallSeconds + seconds(t0, Clock::now()));
      }
    }
  }
  fresh();
  double gib = (double)tensors * tensorBytes / 1073741824.0;
  double tc = median(convert), tp = median(cp), ts = median(cpSync);
  std::printf("== convert: 1 GiB safetensors (%d tensors) -> irpa vs cp, "
              "median of %d ==\n",
              tensors, reps);
  std::printf("  convert (durable)       %7.3f s  %6.2f GiB/s\n", tc, gib / tc);
  std::printf("  cp                      %7.3f s  %6.2f GiB/s  ratio "
              "convert/cp %5.2fx (throughput)\n",
              tp, gib / tp, tp / tc);
  std::printf("  cp + fdatasync          %7.3f s  %6.2f GiB/s  ratio "
              "convert/(cp+sync) %5.2fx (target >= 0.9)\n",
              ts, gib / ts, ts / tc);
  ::unlink(source.c_str());
}

} // namespace

int main(int argc, char **argv) {
  std::string dir = "/tmp";
  bool quick = false;
  std::string only;
  // The tool benchmarks run the sluice-params binary next to this one.
  std::string self = argv[0];
  std::string tool =
      (self.rfind('/') == std::string::npos ? std::string(".")
                                            : self.substr(0, self.rfind('/'))) +
      "/sluice-params";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--dir=", 0) == 0)
      dir = arg.substr(6);
    else if (arg == "--quick")
      quick = true;
    else if (arg.rfind("--only=", 0) == 0)
      only = arg.substr(7);
    else if (arg.rfind("--tool=", 0) == 0)
      tool = arg.substr(7);
    else {
      std::fprintf(stderr,
                   "usage: %s [--dir=DIR] [--quick] "
                   "[--only=scaling|create-tool|convert|library] "
                   "[--tool=path/to/sluice-params]\n",
                   argv[0]);
      return 1;
    }
  }
  if (!only.empty()) {
    int reps = quick ? 3 : 5;
    if (only == "scaling")
      benchScaling(dir, tool, reps);
    else if (only == "create-tool")
      benchToolCreate(dir, tool, quick ? 1 : 3);
    else if (only == "convert")
      benchToolConvert(dir, tool, quick ? 2 : 4);
    if (only != "library")
      return 0;
  }
  uint64_t bytes = quick ? (64ull << 20) : (1ull << 30);
  int reps = quick ? 1 : 5;
  // The index benchmark forks measuring children: run it while this
  // process is still small so their peak RSS is their own.
  benchIndex(dir, quick ? 3 : 9);
  benchCreate(dir, bytes, 1000, reps);
  benchVerify(dir, reps);
  ::unlink((dir + "/bench-source.bin").c_str());
  ::unlink((dir + "/bench-create.irpa").c_str());
  return 0;
}
