//===- IoEngineTest.cpp - I/O engine backends, direct I/O, bounds
//----------===//

#include "sluice/Runtime/IO/IoEngine.h"
#include "sluice/Runtime/IO/MappedFile.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::io;

namespace {

std::string tempPath(const std::string &name) {
  const char *dir = std::getenv("TMPDIR");
  std::string base = dir && *dir ? dir : "/tmp";
  return base + "/sluice-io-" + std::to_string(::getpid()) + "-" + name;
}

/// A file filled with a position-dependent byte pattern.
class TestFile {
public:
  TestFile(const std::string &name, uint64_t size)
      : path_(tempPath(name)), size_(size) {
    int fd =
        ::open(path_.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
    EXPECT_GE(fd, 0);
    std::vector<uint8_t> bytes(size);
    for (uint64_t i = 0; i < size; ++i)
      bytes[i] = byteAt(i);
    EXPECT_EQ(::write(fd, bytes.data(), size), (ssize_t)size);
    ::close(fd);
  }
  ~TestFile() { ::unlink(path_.c_str()); }
  static uint8_t byteAt(uint64_t i) {
    return (uint8_t)((i * 2654435761ull) >> 13);
  }
  const std::string &path() const { return path_; }
  uint64_t size() const { return size_; }

private:
  std::string path_;
  uint64_t size_;
};

class IoEngineTest : public ::testing::TestWithParam<IoBackend> {
protected:
  std::unique_ptr<IoEngine> make(IoEngineOptions options = {}) {
    options.backend = GetParam();
    auto engine = IoEngine::create(options);
    if (!engine && GetParam() == IoBackend::IoUring)
      return nullptr;
    EXPECT_TRUE(engine) << engine.status().toString();
    return engine ? std::move(*engine) : nullptr;
  }
};

#define MAKE_OR_SKIP(var, options)                                             \
  auto var = make(options);                                                    \
  if (!var)                                                                    \
    GTEST_SKIP() << "io_uring unavailable here";

TEST_P(IoEngineTest, BatchedRandomReadsMatchTheFile) {
  TestFile file("random", 3 << 20);
  IoEngineOptions options;
  options.chunkBytes = 64 << 10;
  options.maxInFlightBytes = 256 << 10;
  MAKE_OR_SKIP(engine, options);
  EXPECT_EQ(engine->backend(), GetParam());
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  std::mt19937_64 rng(42);
  std::vector<std::vector<uint8_t>> targets;
  std::vector<IoRequest> requests;
  std::vector<uint64_t> offsets;
  for (int i = 0; i < 200; ++i) {
    uint64_t length = rng() % (300 << 10);
    uint64_t offset = rng() % (file.size() - length);
    targets.emplace_back(length);
    offsets.push_back(offset);
  }
  for (size_t i = 0; i < targets.size(); ++i)
    requests.push_back({IoRequest::Kind::Read, *f, offsets[i],
                        targets[i].data(), targets[i].size(), false});
  Status status = engine->run(std::move(requests));
  ASSERT_TRUE(status.isOk()) << status.toString();
  for (size_t i = 0; i < targets.size(); ++i)
    for (uint64_t j = 0; j < targets[i].size(); ++j)
      ASSERT_EQ(targets[i][j], TestFile::byteAt(offsets[i] + j))
          << "request " << i;
  IoEngineStats stats = engine->stats();
  EXPECT_LE(stats.peakInFlightBytes, options.maxInFlightBytes);
  EXPECT_GT(stats.chunks, 200u);
}

TEST_P(IoEngineTest, DirectReadsAlignedAndUnaligned) {
  TestFile file("direct", (2 << 20) + 1234);
  IoEngineOptions options;
  options.chunkBytes = 128 << 10;
  MAKE_OR_SKIP(engine, options);
  auto f =
      IoFile::open(file.path(), {file_access::Read, /*direct=*/true, false});
  ASSERT_TRUE(f);
  // Aligned: straight into an aligned destination.
  uint8_t *aligned = static_cast<uint8_t *>(std::aligned_alloc(4096, 1 << 20));
  // Unaligned everything, ending in the file's unaligned tail.
  std::vector<uint8_t> unaligned(1 << 20);
  uint64_t tailOffset = file.size() - unaligned.size() + 0;
  std::vector<IoRequest> requests = {
      {IoRequest::Kind::Read, *f, 8192, aligned, 1 << 20, true},
      {IoRequest::Kind::Read, *f, tailOffset, unaligned.data(),
       unaligned.size(), true},
      {IoRequest::Kind::Read, *f, 17, unaligned.data(), 1000, true},
  };
  // The last two overlap in the destination; run them separately.
  auto last = requests.back();
  requests.pop_back();
  Status status = engine->run(std::move(requests));
  ASSERT_TRUE(status.isOk()) << status.toString();
  for (uint64_t j = 0; j < (1u << 20); ++j)
    ASSERT_EQ(aligned[j], TestFile::byteAt(8192 + j));
  for (uint64_t j = 0; j < unaligned.size(); ++j)
    ASSERT_EQ(unaligned[j], TestFile::byteAt(tailOffset + j));
  ASSERT_TRUE(engine->run({last}).isOk());
  for (uint64_t j = 0; j < 1000; ++j)
    ASSERT_EQ(unaligned[j], TestFile::byteAt(17 + j));
  if ((*f)->directFd() >= 0) {
    IoEngineStats stats = engine->stats();
    EXPECT_GT(stats.bounceChunks, 0u);
  }
  std::free(aligned);
}

// --parameter_staging_bytes (parameter-runtime.md §7.2): unaligned O_DIRECT
// reads many times larger than the staging ring complete with at most
// stagingBytes of staging buffers, allocated once and recycled.
TEST_P(IoEngineTest, StagingRingBoundsLargeUnalignedDirectReads) {
  TestFile file("staging", (4 << 20) + 777);
  struct Case {
    uint64_t chunkBytes, stagingBytes, bufferBytes, buffers;
  };
  // Three chunk-sized buffers; one buffer smaller than a chunk (the staged
  // pieces shrink to it).
  for (Case c : {Case{64 << 10, 3 * (64 << 10), 64 << 10, 3},
                 Case{64 << 10, 8192 + 100, 8192, 1}}) {
    IoEngineOptions options;
    options.chunkBytes = c.chunkBytes;
    options.stagingBytes = c.stagingBytes;
    MAKE_OR_SKIP(engine, options);
    auto f =
        IoFile::open(file.path(), {file_access::Read, /*direct=*/true, false});
    ASSERT_TRUE(f) << f.status().toString();
    if ((*f)->directFd() < 0)
      GTEST_SKIP() << "O_DIRECT is not supported where the test files live";
    // Several concurrent requests, all unaligned.
    std::vector<std::vector<uint8_t>> targets;
    std::vector<IoRequest> requests;
    const uint64_t offsets[] = {17, (1 << 20) + 5, 3 << 20};
    for (size_t i = 0; i < std::size(offsets); ++i)
      targets.emplace_back((1 << 20) + 101);
    for (size_t i = 0; i < targets.size(); ++i)
      requests.push_back({IoRequest::Kind::Read, *f, offsets[i],
                          targets[i].data(), targets[i].size(), true});
    Status status = engine->run(std::move(requests));
    ASSERT_TRUE(status.isOk()) << status.toString();
    for (size_t i = 0; i < targets.size(); ++i)
      for (uint64_t j = 0; j < targets[i].size(); ++j)
        ASSERT_EQ(targets[i][j], TestFile::byteAt(offsets[i] + j))
            << "request " << i << " byte " << j;
    IoEngineStats stats = engine->stats();
    EXPECT_GE(stats.bounceChunks, 3 * ((1u << 20) / c.bufferBytes));
    EXPECT_EQ(stats.stagingBufferBytes, c.bufferBytes);
    EXPECT_LE(stats.stagingBuffers, c.buffers);
    EXPECT_GE(stats.stagingBuffers, 1u);
    EXPECT_LE(stats.stagingPeakBytes, c.buffers * c.bufferBytes);
    EXPECT_LE(stats.stagingPeakBytes, c.stagingBytes);
  }
}

TEST_P(IoEngineTest, WritesThenReads) {
  std::string path = tempPath("write");
  MAKE_OR_SKIP(engine, IoEngineOptions{});
  auto f =
      IoFile::open(path, {file_access::Read | file_access::Write, false, true});
  ASSERT_TRUE(f) << f.status().toString();
  std::vector<uint8_t> data(3 << 20);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (uint8_t)(i ^ (i >> 8));
  ASSERT_TRUE(engine
                  ->run({{IoRequest::Kind::Write, *f, 100, data.data(),
                          data.size(), false}})
                  .isOk());
  ASSERT_TRUE((*f)->sync().isOk());
  EXPECT_EQ(*(*f)->size(), 100 + data.size());
  std::vector<uint8_t> back(data.size());
  ASSERT_TRUE(engine
                  ->run({{IoRequest::Kind::Read, *f, 100, back.data(),
                          back.size(), false}})
                  .isOk());
  EXPECT_EQ(back, data);
  EXPECT_EQ(engine->stats().bytesWritten, data.size());
  ::unlink(path.c_str());
}

TEST_P(IoEngineTest, ErrorsAreReportedNotCrashes) {
  TestFile file("errors", 10000);
  MAKE_OR_SKIP(engine, IoEngineOptions{});
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  std::vector<uint8_t> buffer(20000);
  Status eof = engine->run(
      {{IoRequest::Kind::Read, *f, 5000, buffer.data(), 20000, false}});
  EXPECT_EQ(eof.code(), StatusCode::OutOfRange);
  EXPECT_NE(eof.message().find("unexpected end of file"), std::string::npos)
      << eof.message();

  Status readOnly =
      engine->run({{IoRequest::Kind::Write, *f, 0, buffer.data(), 10, false}});
  EXPECT_EQ(readOnly.code(), StatusCode::PermissionDenied);

  Status noData =
      engine->run({{IoRequest::Kind::Read, *f, 0, nullptr, 10, false}});
  EXPECT_EQ(noData.code(), StatusCode::InvalidArgument);

  Status overflow = engine->run(
      {{IoRequest::Kind::Read, *f, ~0ull - 2, buffer.data(), 10, false}});
  EXPECT_EQ(overflow.code(), StatusCode::OutOfRange);

  EXPECT_TRUE(engine->run({}).isOk());
}

TEST_P(IoEngineTest, ConcurrentSubmitters) {
  TestFile file("concurrent", 1 << 20);
  IoEngineOptions options;
  options.chunkBytes = 16 << 10;
  options.maxInFlightBytes = 64 << 10;
  MAKE_OR_SKIP(engine, options);
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        std::vector<uint8_t> buffer(100000);
        uint64_t offset =
            (uint64_t)(t * 1000 + i * 7919) % (file.size() - buffer.size());
        Status s = engine->run({{IoRequest::Kind::Read, *f, offset,
                                 buffer.data(), buffer.size(), false}});
        bool same = s.isOk();
        for (size_t j = 0; same && j < buffer.size(); ++j)
          same = buffer[j] == TestFile::byteAt(offset + j);
        good += same;
      }
    });
  }
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(good.load(), 80);
  EXPECT_LE(engine->stats().peakInFlightBytes, options.maxInFlightBytes);
}

INSTANTIATE_TEST_SUITE_P(Backends, IoEngineTest,
                         ::testing::Values(IoBackend::Threads,
                                           IoBackend::IoUring),
                         [](const auto &info) {
                           return std::string(info.param == IoBackend::Threads
                                                  ? "Threads"
                                                  : "IoUring");
                         });

TEST(IoEngine, SeveralUringRingsShareOneInFlightBound) {
  // Four rings draining one queue of small chunks: every byte arrives and
  // the bytes in flight across all rings never exceed the shared bound.
  IoEngineOptions options;
  options.backend = IoBackend::IoUring;
  options.uringRings = 4;
  options.chunkBytes = 8 << 10;
  options.maxInFlightBytes = 32 << 10;
  auto engine = IoEngine::create(options);
  if (!engine)
    GTEST_SKIP() << "io_uring unavailable here";
  TestFile file("rings", 1 << 20);
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  std::vector<uint8_t> target(file.size());
  std::vector<IoRequest> requests;
  for (uint64_t offset = 0; offset < file.size(); offset += 4096)
    requests.push_back({IoRequest::Kind::Read, *f, offset,
                        target.data() + offset, 4096, false});
  ASSERT_TRUE((*engine)->run(requests).isOk());
  for (uint64_t i = 0; i < target.size(); ++i)
    ASSERT_EQ(target[i], TestFile::byteAt(i)) << "byte " << i;
  EXPECT_LE((*engine)->stats().peakInFlightBytes, options.maxInFlightBytes);
  EXPECT_EQ((*engine)->stats().bytesRead, file.size());
}

TEST(IoEngine, UringPuntsOnlyLargeBufferedRequestsToWorkers) {
  IoEngineOptions options;
  options.backend = IoBackend::IoUring;
  options.uringAsyncThresholdBytes = 1 << 20;
  auto engine = IoEngine::create(options);
  if (!engine)
    GTEST_SKIP() << "io_uring unavailable here";
  TestFile file("async-threshold", 3 << 20);
  auto ioFile = IoFile::open(file.path(), {file_access::Read, false, false});
  ASSERT_TRUE(ioFile);
  std::vector<uint8_t> large(2 << 20), small(64 << 10);
  std::vector<IoRequest> requests = {
      {IoRequest::Kind::Read, *ioFile, 0, large.data(), large.size(), false},
      {IoRequest::Kind::Read, *ioFile, 2 << 20, small.data(), small.size(),
       false},
  };
  ASSERT_TRUE((*engine)->run(requests).isOk());
  // Only the 2 MiB read crossed the threshold; both arrived intact.
  EXPECT_EQ((*engine)->stats().asyncSubmissions, 1u);
  for (uint64_t i : {uint64_t(0), uint64_t(12345), uint64_t(large.size() - 1)})
    EXPECT_EQ(large[i], TestFile::byteAt(i));
  EXPECT_EQ(small[100], TestFile::byteAt((2 << 20) + 100));

  options.uringAsyncThresholdBytes = 0;
  auto inlineEngine = IoEngine::create(options);
  ASSERT_TRUE(inlineEngine);
  ASSERT_TRUE((*inlineEngine)->run(requests).isOk());
  EXPECT_EQ((*inlineEngine)->stats().asyncSubmissions, 0u);
}

TEST(IoEngine, UringWithOneAsyncWorkerStillCompletesEverything) {
  // Every request punted to the async workers, at most one per ring: the
  // requests queue behind each other but all complete with the right bytes.
  IoEngineOptions options;
  options.backend = IoBackend::IoUring;
  options.uringForceAsync = true;
  options.uringMaxWorkers = 1;
  options.uringRings = 2;
  auto engine = IoEngine::create(options);
  if (!engine)
    GTEST_SKIP() << "io_uring unavailable here";
  TestFile file("one-worker", 1 << 20);
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  std::vector<uint8_t> target(file.size());
  std::vector<IoRequest> requests;
  for (uint64_t offset = 0; offset < file.size(); offset += 16384)
    requests.push_back({IoRequest::Kind::Read, *f, offset,
                        target.data() + offset, 16384, false});
  ASSERT_TRUE((*engine)->run(requests).isOk());
  for (uint64_t i = 0; i < target.size(); ++i)
    ASSERT_EQ(target[i], TestFile::byteAt(i)) << "byte " << i;
  EXPECT_EQ((*engine)->stats().asyncSubmissions, requests.size());
}

TEST(IoEngine, AutoFallsBackOrUsesUring) {
  auto engine = IoEngine::create({});
  ASSERT_TRUE(engine);
  IoBackend b = (*engine)->backend();
  EXPECT_TRUE(b == IoBackend::IoUring || b == IoBackend::Threads);
}

TEST(IoEngine, InvalidOptions) {
  IoEngineOptions options;
  options.maxInFlightBytes = 0;
  EXPECT_EQ(IoEngine::create(options).status().code(),
            StatusCode::InvalidArgument);
  options = {};
  options.directAlignment = 3000;
  EXPECT_EQ(IoEngine::create(options).status().code(),
            StatusCode::InvalidArgument);
  options = {};
  options.stagingBytes = 100;
  auto staging = IoEngine::create(options);
  ASSERT_FALSE(staging);
  EXPECT_EQ(staging.status().code(), StatusCode::InvalidArgument);
  EXPECT_EQ(staging.status().message(),
            "an O_DIRECT staging ring of 100 bytes cannot hold one 4096-byte "
            "aligned block");
}

TEST(IoPolicy, ParseNames) {
  EXPECT_EQ(*parseIoPolicy("read"), IoPolicy::Read);
  EXPECT_EQ(*parseIoPolicy("file"), IoPolicy::Read);
  EXPECT_EQ(*parseIoPolicy("mmap"), IoPolicy::Mmap);
  EXPECT_EQ(*parseIoPolicy("direct"), IoPolicy::Direct);
  auto bad = parseIoPolicy("fast");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.status().message().find("'fast'"), std::string::npos);
}

TEST(IoFile, OpenErrorsNameThePath) {
  auto missing = IoFile::open(tempPath("does-not-exist"), {});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.status().code(), StatusCode::NotFound);
  EXPECT_NE(missing.status().message().find("does-not-exist"),
            std::string::npos);
  auto dir = IoFile::open("/", {});
  ASSERT_FALSE(dir);
  EXPECT_EQ(IoFile::open("", {}).status().code(), StatusCode::InvalidArgument);
}

TEST(MappedFile, MapsTheWholeFile) {
  TestFile file("mapped", 100000);
  auto f = IoFile::open(file.path(), {});
  ASSERT_TRUE(f);
  auto mapped = MappedFile::map((*f)->fd(), file.size(), file.path());
  ASSERT_TRUE(mapped) << mapped.status().toString();
  (*mapped)->advise(4096, 8192, MappedFile::Advice::WillNeed);
  (*mapped)->advise(0, ~0ull, MappedFile::Advice::Sequential);
  for (uint64_t i = 0; i < file.size(); i += 997)
    ASSERT_EQ((*mapped)->data()[i], TestFile::byteAt(i));
}

} // namespace
