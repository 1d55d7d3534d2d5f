//===- ProviderVerifyCacheTest.cpp - verification, load cache, staging ----===//
//
// parameter-runtime.md §11 (--parameter_verify=none|on_load|full), §10.2
// (the load cache, --parameter_cache) and §7.2 (the O_DIRECT staging ring,
// --parameter_staging_bytes) as the provider sees them.
//
//===----------------------------------------------------------------------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "sluice/Runtime/Parameters/LoadCache.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using namespace sluice::runtime::testing;

namespace {

const std::vector<TestEntry> kEntries = {
    {"weight.c", 16384, "", 4096},
    {"weight.d", 5000, "", 64},
    {"splat", 1000, "\x2A", 0},
};

const TestEntry &entryNamed(const std::string &key) {
  return sluice::runtime::testing::entryNamed(kEntries, key);
}

/// Flips byte `offset` of entry `key` in the archive file.
void flipByte(const std::string &path, const archive::ParameterIndex &index,
              const std::string &key, uint64_t offset) {
  const archive::ParameterEntry *entry = index.find(key);
  ASSERT_NE(entry, nullptr);
  int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  uint8_t byte = 0;
  ASSERT_EQ(::pread(fd, &byte, 1, (off_t)(entry->offset() + offset)), 1);
  byte ^= 0x10;
  ASSERT_EQ(::pwrite(fd, &byte, 1, (off_t)(entry->offset() + offset)), 1);
  ::close(fd);
}

class VerifyTest : public ProviderTestBase {
protected:
  /// An archive with `algorithm` checksums in chunks of 2^chunkLog2 (0: one
  /// digest per entry), optionally with byte 5000 of weight.c flipped.
  void makeArchive(archive::ChecksumAlgorithm algorithm, uint8_t chunkLog2,
                   bool corrupt) {
    archive::WriterOptions options;
    options.checksum = algorithm;
    options.checksumChunkLog2 = chunkLog2;
    ProviderTestBase::makeArchive("verify.irpa", kEntries, options);
    if (corrupt)
      flipByte(archive_->path(), *index_, "weight.c", 5000);
  }
  Expected<ParameterProviderRef> create(VerifyPolicy verify,
                                        ProviderOptions options = {}) {
    options.policy = GetParam();
    options.verify = verify;
    return ParameterProvider::create("model", index_, options);
  }
  ParameterProviderRef provider(VerifyPolicy verify,
                                ProviderOptions options = {}) {
    options.verify = verify;
    return ProviderTestBase::provider("model", options);
  }
  /// Gathers one span into a fresh buffer; returns the signal's status.
  Status gather(ParameterProvider &p, const ParameterSpan &span,
                std::vector<uint8_t> *bytes = nullptr) {
    auto target = device_->allocator().allocate(BufferParams{}, span.length);
    EXPECT_TRUE(target);
    auto signal = Semaphore::create(0);
    Status submitted =
        p.gather(*device_, ~0ull, nullptr, Fence::createAt(signal, 1), *target,
                 std::span(&span, 1));
    if (!submitted.isOk())
      return submitted;
    Status status = signal->wait(1);
    if (bytes)
      *bytes = readBuffer(*target);
    return status;
  }
  Status load(ParameterProvider &p, const ParameterSpan &span) {
    auto signal = Semaphore::create(0);
    auto buffers = p.load(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                          immutableParams(), std::span(&span, 1));
    if (!buffers)
      return buffers.takeStatus();
    return signal->wait(1);
  }
};

const char *kChunk1Failure = "parameter 'model::weight.c' failed CRC32C "
                             "verification at chunk 1 (bytes [4096, 8192))";

TEST_P(VerifyTest, OnLoadGatherOfACorruptChunkIsDataLoss) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/true);
  auto p = provider(VerifyPolicy::OnLoad);
  Status status = gather(*p, {"weight.c", 4096, 0, 4096});
  EXPECT_EQ(status.code(), StatusCode::DataLoss);
  EXPECT_EQ(status.message(), kChunk1Failure);
  EXPECT_EQ(p->statistics().verifyFailures, 1u);
}

TEST_P(VerifyTest, OnLoadVerifiesOnlyTheChunksTouched) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/true);
  auto p = provider(VerifyPolicy::OnLoad);
  // Chunks 2 and 3 are intact.
  std::vector<uint8_t> bytes;
  Status status = gather(*p, {"weight.c", 8192, 0, 8192}, &bytes);
  ASSERT_TRUE(status.isOk()) << status.toString();
  EXPECT_EQ(bytes, expectedBytes(entryNamed("weight.c"), 8192, 8192));
  EXPECT_EQ(p->statistics().bytesVerified, 8192u);
  // A part of chunk 0: the rest of the chunk is read back for the digest.
  status = gather(*p, {"weight.c", 100, 0, 50});
  ASSERT_TRUE(status.isOk()) << status.toString();
  EXPECT_EQ(p->statistics().bytesVerified, 8192u + 4096u);
  // A few bytes of chunk 1 away from the flipped one still fail: the whole
  // chunk is verified.
  status = gather(*p, {"weight.c", 6000, 0, 10});
  EXPECT_EQ(status.code(), StatusCode::DataLoss);
  EXPECT_EQ(status.message(), kChunk1Failure);
  // Entries without a corrupt chunk are unaffected.
  EXPECT_TRUE(gather(*p, {"weight.d", 0, 0, 5000}).isOk());
  EXPECT_TRUE(gather(*p, {"splat", 0, 0, 1000}).isOk());
}

TEST_P(VerifyTest, OnLoadLoadOfACorruptChunkIsDataLoss) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/true);
  ProviderOptions options;
  options.loadCache = false;
  auto p = provider(VerifyPolicy::OnLoad, options);
  // Page-aligned: zero-copy under mmap (the mapped bytes are verified).
  Status status = load(*p, {"weight.c", 4096, 0, 4096});
  EXPECT_EQ(status.code(), StatusCode::DataLoss);
  EXPECT_EQ(status.message(), kChunk1Failure);
  status = load(*p, {"weight.c", 4000, 0, 200});
  EXPECT_EQ(status.message(), kChunk1Failure);
  EXPECT_TRUE(load(*p, {"weight.c", 0, 0, 4096}).isOk());
}

TEST_P(VerifyTest, NoneReturnsTheStoredBytes) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/true);
  auto p = provider(VerifyPolicy::None);
  std::vector<uint8_t> bytes;
  Status status = gather(*p, {"weight.c", 4096, 0, 4096}, &bytes);
  ASSERT_TRUE(status.isOk()) << status.toString();
  std::vector<uint8_t> expected =
      expectedBytes(entryNamed("weight.c"), 4096, 4096);
  EXPECT_NE(bytes, expected);
  expected[5000 - 4096] ^= 0x10;
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(p->statistics().bytesVerified, 0u);
  EXPECT_TRUE(load(*p, {"weight.c", 4096, 0, 4096}).isOk());
}

TEST_P(VerifyTest, FullVerifiesEveryEntryAtCreation) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/true);
  auto p = create(VerifyPolicy::Full);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.status().code(), StatusCode::DataLoss);
  EXPECT_EQ(p.status().message(), kChunk1Failure);
  // On a clean archive it succeeds and loads are still verified.
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/false);
  auto clean = provider(VerifyPolicy::Full);
  ASSERT_TRUE(clean);
  EXPECT_TRUE(gather(*clean, {"weight.c", 0, 0, 16384}).isOk());
  EXPECT_EQ(clean->statistics().bytesVerified, 16384u);
}

TEST_P(VerifyTest, Sha256WholeEntryDigest) {
  makeArchive(archive::ChecksumAlgorithm::Sha256, 0, /*corrupt=*/true);
  auto p = provider(VerifyPolicy::OnLoad);
  Status status = gather(*p, {"weight.c", 0, 0, 10});
  EXPECT_EQ(status.code(), StatusCode::DataLoss);
  EXPECT_EQ(status.message(), "parameter 'model::weight.c' failed SHA-256 "
                              "verification at chunk 0 (bytes [0, 16384))");
  EXPECT_TRUE(gather(*p, {"weight.d", 0, 0, 10}).isOk());
}

TEST_P(VerifyTest, ScatterMakesTheChecksumStale) {
  makeArchive(archive::ChecksumAlgorithm::Crc32c, 12, /*corrupt=*/false);
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto p = provider(VerifyPolicy::OnLoad, options);
  ASSERT_TRUE(
      scatter(*p, allocate(16, 0x77), {"weight.c", 4100, 0, 16}).isOk());
  // The archive's digest of chunk 1 no longer matches; it is skipped.
  std::vector<uint8_t> bytes;
  Status status = gather(*p, {"weight.c", 4096, 0, 4096}, &bytes);
  ASSERT_TRUE(status.isOk()) << status.toString();
  EXPECT_EQ(bytes[4], 0x77);
  std::vector<std::string> warnings = p->warnings();
  EXPECT_NE(std::find(warnings.begin(), warnings.end(),
                      "parameter 'weight.c' was written; its archive "
                      "checksum is now stale"),
            warnings.end());
  // Another provider (no scatter of its own) still verifies and fails.
  auto reader = provider(VerifyPolicy::OnLoad);
  EXPECT_EQ(gather(*reader, {"weight.c", 4096, 0, 4096}).code(),
            StatusCode::DataLoss);
}

INSTANTIATE_TEST_SUITE_P(Policies, VerifyTest, allIoPolicies(),
                         ioPolicyTestName);

//===----------------------------------------------------------------------===//
// Load cache (§10.2)
//===----------------------------------------------------------------------===//

class LoadCacheTest : public ProviderTestBase {
protected:
  void SetUp() override { makeArchive("cache.irpa", kEntries); }
  ParameterProviderRef provider(ProviderOptions options = {}) {
    return ProviderTestBase::provider("", options);
  }
  std::vector<BufferRef> load(ParameterProvider &p,
                              std::vector<ParameterSpan> spans,
                              BufferParams params = immutableParams(),
                              FenceRef wait = nullptr,
                              SemaphoreRef *signalOut = nullptr) {
    auto signal = Semaphore::create(0);
    auto buffers = p.load(*device_, ~0ull, wait, Fence::createAt(signal, 1),
                          params, spans);
    EXPECT_TRUE(buffers) << buffers.status().toString();
    if (signalOut)
      *signalOut = signal;
    else
      EXPECT_TRUE(signal->wait(1).isOk());
    return buffers ? *buffers : std::vector<BufferRef>();
  }
};

TEST_P(LoadCacheTest, TwoLoadsReturnTheSameBufferAndReleaseDropsIt) {
  auto p = provider();
  const size_t before = LoadCache::global().liveEntries();
  std::vector<BufferRef> first = load(*p, {{"weight.c", 100, 0, 5000}});
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(LoadCache::global().liveEntries(), before + 1);
  const uint64_t readAfterFirst = p->statistics().bytesRead;
  std::vector<BufferRef> second = load(*p, {{"weight.c", 100, 0, 5000}});
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(first[0].get(), second[0].get());
  EXPECT_EQ(p->statistics().cacheHits, 1u);
  EXPECT_EQ(p->statistics().bytesRead, readAfterFirst); // no second read
  EXPECT_EQ(readBuffer(second[0]),
            expectedBytes(entryNamed("weight.c"), 100, 5000));
  // Another range of the same entry is another key.
  std::vector<BufferRef> other = load(*p, {{"weight.c", 100, 0, 4000}});
  EXPECT_NE(other[0].get(), first[0].get());
  EXPECT_EQ(LoadCache::global().liveEntries(), before + 2);
  // Weak entries: releasing every holder drops the entry.
  first.clear();
  EXPECT_EQ(LoadCache::global().liveEntries(), before + 2);
  second.clear();
  EXPECT_EQ(LoadCache::global().liveEntries(), before + 1);
  other.clear();
  EXPECT_EQ(LoadCache::global().liveEntries(), before);
  p->notify(ProviderSignal::LowMemory);
  std::vector<BufferRef> again = load(*p, {{"weight.c", 100, 0, 5000}});
  EXPECT_EQ(p->statistics().cacheHits, 1u); // a miss: read again
  EXPECT_EQ(readBuffer(again[0]),
            expectedBytes(entryNamed("weight.c"), 100, 5000));
}

TEST_P(LoadCacheTest, LowMemoryKeepsEntriesThatAreHeld) {
  auto p = provider();
  std::vector<BufferRef> held = load(*p, {{"weight.d", 0, 0, 5000}});
  p->notify(ProviderSignal::LowMemory);
  std::vector<BufferRef> again = load(*p, {{"weight.d", 0, 0, 5000}});
  EXPECT_EQ(held[0].get(), again[0].get());
}

TEST_P(LoadCacheTest, ProvidersOfTheSameFileShareEntries) {
  // Two providers over separately parsed indexes of one file (two contexts):
  // one read of the entry.
  auto p1 = provider();
  auto parsed = archive::parseParameterFile(archive_->path());
  ASSERT_TRUE(parsed);
  auto index2 = std::make_shared<archive::ParameterIndex>();
  ASSERT_TRUE(index2->append(std::move(parsed->entries)).isOk());
  ProviderOptions options;
  options.policy = GetParam();
  auto p2 = ParameterProvider::create("", index2, options);
  ASSERT_TRUE(p2);
  std::vector<BufferRef> a = load(*p1, {{"weight.d", 64, 0, 1000}});
  std::vector<BufferRef> b = load(**p2, {{"weight.d", 64, 0, 1000}});
  EXPECT_EQ(a[0].get(), b[0].get());
  EXPECT_EQ((*p2)->statistics().bytesRead, 0u);
}

TEST_P(LoadCacheTest, OffOrMutableUsageDoesNotShare) {
  ProviderOptions options;
  options.loadCache = false;
  auto off = provider(options);
  auto a = load(*off, {{"weight.d", 0, 0, 100}});
  auto b = load(*off, {{"weight.d", 0, 0, 100}});
  EXPECT_NE(a[0].get(), b[0].get());
  EXPECT_EQ(off->statistics().cacheHits, 0u);
  auto on = provider();
  auto c = load(*on, {{"weight.d", 0, 0, 100}}, BufferParams{});
  auto d = load(*on, {{"weight.d", 0, 0, 100}}, BufferParams{});
  EXPECT_NE(c[0].get(), d[0].get());
  EXPECT_EQ(on->statistics().cacheHits, 0u);
}

TEST_P(LoadCacheTest, RepeatedSpanInOneCallSharesOneBuffer) {
  auto p = provider();
  auto buffers = load(*p, {{"weight.d", 8, 0, 64}, {"weight.d", 8, 0, 64}});
  ASSERT_EQ(buffers.size(), 2u);
  EXPECT_EQ(buffers[0].get(), buffers[1].get());
  EXPECT_EQ(readBuffer(buffers[1]),
            expectedBytes(entryNamed("weight.d"), 8, 64));
}

TEST_P(LoadCacheTest, AHitWaitsForTheLoadThatMadeIt) {
  auto p = provider();
  auto gate = Semaphore::create(0);
  SemaphoreRef firstSignal, secondSignal;
  auto first = load(*p, {{"weight.c", 0, 0, 3000}}, immutableParams(),
                    Fence::createAt(gate, 1), &firstSignal);
  auto second = load(*p, {{"weight.c", 0, 0, 3000}}, immutableParams(), nullptr,
                     &secondSignal);
  ASSERT_EQ(first[0].get(), second[0].get());
  // The second call has no wait fence of its own, but its buffer is not
  // filled before the first call's wait fence is reached.
  EXPECT_FALSE(*Fence::createAt(secondSignal, 1)->query());
  ASSERT_TRUE(gate->signal(1).isOk());
  ASSERT_TRUE(secondSignal->wait(1).isOk());
  ASSERT_TRUE(firstSignal->wait(1).isOk());
  EXPECT_EQ(readBuffer(second[0]),
            expectedBytes(entryNamed("weight.c"), 0, 3000));
}

TEST_P(LoadCacheTest, ScatterInvalidatesTheWrittenRange) {
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto p = provider(options);
  auto before = load(*p, {{"weight.d", 0, 0, 100}});
  ASSERT_TRUE(scatter(*p, allocate(8, 0x5C), {"weight.d", 10, 0, 8}).isOk());
  auto after = load(*p, {{"weight.d", 0, 0, 100}});
  EXPECT_NE(before[0].get(), after[0].get());
  EXPECT_EQ(readBuffer(after[0])[10], 0x5C);
  if (!before[0]->imported()) // a copy keeps the bytes it was loaded with
    EXPECT_EQ(readBuffer(before[0])[10], dataByte("weight.d", 10));
}

INSTANTIATE_TEST_SUITE_P(Policies, LoadCacheTest, allIoPolicies(),
                         ioPolicyTestName);

//===----------------------------------------------------------------------===//
// The O_DIRECT staging ring (§7.2)
//===----------------------------------------------------------------------===//

TEST(ProviderStaging, DirectLoadLargerThanTheRingStaysBounded) {
  TempFile archive("staging.irpa");
  std::vector<TestEntry> entries = {{"big", (1 << 20) + 333, "", 64}};
  auto index = writeArchive(archive.path(), entries);
  DeviceOptions deviceOptions;
  deviceOptions.io.stagingBytes = 3 * (16 << 10); // three 16 KiB buffers
  deviceOptions.io.chunkBytes = 16 << 10;
  auto device = Device::create(deviceOptions);
  ASSERT_TRUE(device) << device.status().toString();
  ProviderOptions options;
  options.policy = io::IoPolicy::Direct;
  options.loadCache = false;
  auto p = ParameterProvider::create("", index, options);
  ASSERT_TRUE(p);
  // Unaligned in the file: every byte goes through the staging ring.
  ParameterSpan span{"big", 5, 0, (1 << 20) + 100};
  auto signal = Semaphore::create(0);
  auto buffers =
      (*p)->load(**device, ~0ull, nullptr, Fence::createAt(signal, 1),
                 BufferParams{}, std::span(&span, 1));
  ASSERT_TRUE(buffers) << buffers.status().toString();
  ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
  EXPECT_EQ(readBuffer((*buffers)[0]),
            expectedBytes(entries[0], 5, (1 << 20) + 100));
  io::IoEngineStats stats = (*device)->ioEngine().stats();
  if (stats.bounceChunks == 0)
    GTEST_SKIP() << "O_DIRECT is not supported where the test files live";
  EXPECT_GE(stats.bounceChunks, (uint64_t)((1 << 20) / (16 << 10)));
  EXPECT_EQ(stats.stagingBufferBytes, 16u << 10);
  EXPECT_LE(stats.stagingBuffers, 3u);
  EXPECT_LE(stats.stagingPeakBytes, 3u * (16 << 10));
  EXPECT_GE(stats.stagingPeakBytes, 16u << 10);
}

} // namespace
