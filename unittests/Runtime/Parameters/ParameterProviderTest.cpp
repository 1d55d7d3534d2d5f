//===- ParameterProviderTest.cpp - load / gather / scatter
//---------------------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <thread>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using namespace sluice::runtime::testing;

namespace {

const std::vector<TestEntry> kEntries = {
    {"weight.a", 10000, "", 64},
    {"weight.b", 333, "", 64},
    {"splat1", 4096, "\x2A", 0},
    {"splat4", 1000, std::string("\x01\x02\x03\x04", 4), 0},
    {"weight.c", 1 << 20, "", 4096},
    {"splat16", 100, "0123456789ABCDEF", 0},
};

const TestEntry &entryNamed(const std::string &key) {
  return sluice::runtime::testing::entryNamed(kEntries, key);
}

class ProviderTest : public ProviderTestBase {
protected:
  void SetUp() override { makeArchive("provider.irpa", kEntries); }
  ParameterProviderRef provider(ProviderOptions options = {}) {
    options.debugChecks = true;
    return ProviderTestBase::provider("", options);
  }
};

TEST_P(ProviderTest, GatherFileAndSplatSpansWithPhase) {
  auto p = provider();
  BufferRef target = allocate(20000, 0xEE);
  std::vector<ParameterSpan> spans = {
      {"weight.a", 100, 0, 5000},      {"weight.b", 0, 5000, 333},
      {"splat4", 5, 6000, 500},        {"splat16", 7, 7000, 93},
      {"weight.c", 12345, 8000, 9000}, {"splat1", 0, 17000, 100},
  };
  auto signal = Semaphore::create(0);
  ASSERT_TRUE(p->gather(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                        target, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
  std::vector<uint8_t> bytes = readBuffer(target);
  for (const auto &span : spans) {
    auto expected = expectedBytes(entryNamed(std::string(span.key)),
                                  span.parameterOffset, span.length);
    ASSERT_EQ(
        std::vector<uint8_t>(bytes.begin() + span.bufferOffset,
                             bytes.begin() + span.bufferOffset + span.length),
        expected)
        << span.key;
  }
  // Bytes outside the spans are untouched.
  EXPECT_EQ(bytes[5333], 0xEE);
  EXPECT_EQ(bytes[19999], 0xEE);
}

TEST_P(ProviderTest, LoadReturnsExactSubranges) {
  auto p = provider();
  std::vector<ParameterSpan> spans = {
      {"weight.a", 0, 0, 10000}, {"weight.c", 4096, 0, 8192},
      {"weight.b", 3, 0, 30},    {"splat4", 7, 0, 11},
      {"weight.a", 10000, 0, 0},
  };
  auto signal = Semaphore::create(0);
  auto buffers = p->load(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                         immutableParams(), spans);
  ASSERT_TRUE(buffers) << buffers.status().toString();
  ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
  ASSERT_EQ(buffers->size(), spans.size());
  for (size_t i = 0; i < spans.size(); ++i) {
    const BufferRef &b = (*buffers)[i];
    ASSERT_EQ(b->byteLength(), spans[i].length) << i;
    if (spans[i].length == 0)
      continue;
    EXPECT_EQ(readBuffer(b),
              expectedBytes(entryNamed(std::string(spans[i].key)),
                            spans[i].parameterOffset, spans[i].length))
        << i;
  }
  ProviderStatistics stats = p->statistics();
  if (GetParam() == io::IoPolicy::Mmap) {
    // weight.c at 4096 (aligned entry, aligned offset) and weight.a at 0
    // are import-eligible; weight.b + 3 is not 64-aligned.
    EXPECT_GE(stats.zeroCopyHits, 2u);
    EXPECT_TRUE((*buffers)[1]->imported());
    EXPECT_FALSE((*buffers)[2]->imported());
    auto write = (*buffers)[1]->mapAll(memory_access::Write);
    EXPECT_FALSE(write); // read-only mapping
  } else {
    EXPECT_EQ(stats.zeroCopyHits, 0u);
  }
}

TEST_P(ProviderTest, LoadWithoutSharingImmutableCopies) {
  auto p = provider();
  std::vector<ParameterSpan> spans = {{"weight.c", 0, 0, 4096}};
  auto signal = Semaphore::create(0);
  auto buffers = p->load(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                         BufferParams{}, spans);
  ASSERT_TRUE(buffers);
  ASSERT_TRUE(signal->wait(1).isOk());
  EXPECT_FALSE((*buffers)[0]->imported());
  EXPECT_EQ(p->statistics().zeroCopyHits, 0u);
  auto range = (*buffers)[0]->mapAll(memory_access::Write);
  ASSERT_TRUE(range); // a private copy is writable
  EXPECT_EQ(readBuffer((*buffers)[0]),
            expectedBytes(entryNamed("weight.c"), 0, 4096));
}

TEST_P(ProviderTest, OperationsWaitForTheWaitFence) {
  auto p = provider();
  BufferRef target = allocate(1000, 0);
  auto gate = Semaphore::create(0);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 1000}};
  ASSERT_TRUE(p->gather(*device_, ~0ull, Fence::createAt(gate, 1),
                        Fence::createAt(signal, 1), target, spans)
                  .isOk());
  EXPECT_FALSE(*Fence::createAt(signal, 1)->query());
  ASSERT_TRUE(gate->signal(1).isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  EXPECT_EQ(readBuffer(target), expectedBytes(entryNamed("weight.a"), 0, 1000));
}

TEST_P(ProviderTest, FailedWaitFenceFailsTheSignalFence) {
  auto p = provider();
  BufferRef target = allocate(1000, 0x11);
  auto gate = Semaphore::create(0);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 1000},
                                      {"splat1", 0, 0, 0}};
  ASSERT_TRUE(p->gather(*device_, ~0ull, Fence::createAt(gate, 1),
                        Fence::createAt(signal, 1), target, spans)
                  .isOk());
  gate->fail(Status(StatusCode::Aborted, "producer died"));
  Status status = signal->wait(1);
  EXPECT_EQ(status.code(), StatusCode::Aborted);
  EXPECT_EQ(readBuffer(target)[0], 0x11);
}

TEST_P(ProviderTest, MissingKeyIsNotFoundAndFailsTheFence) {
  auto p = provider();
  BufferRef target = allocate(100, 0x33);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 50},
                                      {"weight.x", 0, 50, 50}};
  Status status = p->gather(*device_, ~0ull, nullptr,
                            Fence::createAt(signal, 1), target, spans);
  EXPECT_EQ(status.code(), StatusCode::NotFound);
  EXPECT_NE(
      status.message().find("no parameter found in index with key 'weight.x'"),
      std::string::npos)
      << status.message();
  EXPECT_EQ(signal->wait(1).code(), StatusCode::NotFound);
  // All-or-nothing: the valid first span was not read either.
  EXPECT_EQ(readBuffer(target), std::vector<uint8_t>(100, 0x33));
}

TEST_P(ProviderTest, OutOfRangeParameterSpan) {
  auto p = provider();
  BufferRef target = allocate(1000, 0);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.b", 300, 0, 34}};
  Status status = p->gather(*device_, ~0ull, nullptr,
                            Fence::createAt(signal, 1), target, spans);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
  EXPECT_EQ(status.message(), "parameter `weight.b` range out of bounds "
                              "(offset=300, length=34, size=333)");
  EXPECT_EQ(signal->wait(1).code(), StatusCode::OutOfRange);

  // Overflowing offset + length (a negative i64 offset from the VM).
  std::vector<ParameterSpan> wrap = {{"weight.b", ~0ull - 5, 0, 10}};
  status = p->gather(*device_, ~0ull, nullptr, nullptr, target, wrap);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
}

TEST_P(ProviderTest, TooSmallTarget) {
  auto p = provider();
  BufferRef target = allocate(500, 0);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 100},
                                      {"weight.a", 0, 450, 100}};
  Status status = p->gather(*device_, ~0ull, nullptr,
                            Fence::createAt(signal, 1), target, spans);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
  EXPECT_EQ(status.message(),
            "gather span 1 targets [450, 550) beyond buffer length 500");
  EXPECT_EQ(signal->wait(1).code(), StatusCode::OutOfRange);
}

TEST_P(ProviderTest, OverlappingTargetsAreDetected) {
  auto p = provider();
  BufferRef target = allocate(500, 0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 100},
                                      {"weight.b", 0, 300, 100},
                                      {"splat1", 0, 50, 10}};
  Status status = p->gather(*device_, ~0ull, nullptr, nullptr, target, spans);
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(status.message(), "gather targets overlap: rows 0 and 2");
}

TEST_P(ProviderTest, LoadRejectsNonZeroBufferOffset) {
  auto p = provider();
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 10},
                                      {"weight.a", 0, 8, 10}};
  auto buffers = p->load(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                         BufferParams{}, spans);
  ASSERT_FALSE(buffers);
  EXPECT_EQ(buffers.status().message(),
            "load span 1 has non-zero buffer offset");
  EXPECT_EQ(signal->wait(1).code(), StatusCode::InvalidArgument);
}

TEST_P(ProviderTest, EmptyCallsAreBarriers) {
  auto p = provider();
  auto gate = Semaphore::create(0);
  auto signal = Semaphore::create(0);
  auto buffers = p->load(*device_, ~0ull, Fence::createAt(gate, 1),
                         Fence::createAt(signal, 1), BufferParams{}, {});
  ASSERT_TRUE(buffers);
  EXPECT_TRUE(buffers->empty());
  EXPECT_FALSE(*Fence::createAt(signal, 1)->query());
  ASSERT_TRUE(gate->signal(1).isOk());
  EXPECT_TRUE(signal->wait(1).isOk());
}

TEST_P(ProviderTest, ScatterToReadOnlyArchiveIsPermissionDenied) {
  auto p = provider(); // default access: read
  BufferRef source = allocate(100, 0x77);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 0, 0, 100}};
  Status status = p->scatter(*device_, ~0ull, nullptr,
                             Fence::createAt(signal, 1), source, spans);
  EXPECT_EQ(status.code(), StatusCode::PermissionDenied);
  EXPECT_EQ(status.message(), "parameter `weight.a` storage does not support "
                              "the requested access type; "
                              "parameter allows READ, operation requires "
                              "WRITE|DISCARD; open the file with "
                              "--parameter_access=read_write");
  EXPECT_EQ(signal->wait(1).code(), StatusCode::PermissionDenied);
}

TEST_P(ProviderTest, ScatterRoundTripPersists) {
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto p = provider(options);
  BufferRef source = allocate(3000, 0);
  uint8_t *s = source->hostData();
  for (int i = 0; i < 3000; ++i)
    s[i] = (uint8_t)(255 - i % 251);
  auto signal = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"weight.a", 10, 0, 1000},
                                      {"weight.a", 1010, 1000, 1000},
                                      {"weight.b", 0, 2000, 333}};
  ASSERT_TRUE(p->scatter(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                         source, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
  ASSERT_TRUE(p->flush().isOk());
  EXPECT_EQ(p->statistics().coalescedSpans, 1u);

  // A fresh reader of the file sees the bytes.
  auto file = archive::openFile(archive_->path());
  ASSERT_TRUE(file);
  const archive::ParameterEntry *a = index_->find("weight.a");
  const archive::ParameterEntry *b = index_->find("weight.b");
  std::vector<uint8_t> back(2000), backB(333);
  ASSERT_TRUE((*file)->readAt(a->offset() + 10, back.data(), 2000).isOk());
  ASSERT_TRUE((*file)->readAt(b->offset(), backB.data(), 333).isOk());
  EXPECT_EQ(0, std::memcmp(back.data(), s, 2000));
  EXPECT_EQ(0, std::memcmp(backB.data(), s + 2000, 333));
  // Untouched bytes of weight.a are unchanged.
  uint8_t first;
  ASSERT_TRUE((*file)->readAt(a->offset() + 9, &first, 1).isOk());
  EXPECT_EQ(first, dataByte("weight.a", 9));
}

TEST_P(ProviderTest, ScatterChecksSplatsAndSourceRange) {
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto p = provider(options);
  BufferRef source = allocate(100, 0);
  std::vector<ParameterSpan> splat = {{"splat1", 0, 0, 10}};
  Status status = p->scatter(*device_, ~0ull, nullptr, nullptr, source, splat);
  EXPECT_EQ(status.code(), StatusCode::FailedPrecondition);
  EXPECT_EQ(status.message(),
            "parameter 'splat1' is a splat and cannot be written");
  std::vector<ParameterSpan> tooFar = {{"weight.a", 0, 50, 100}};
  status = p->scatter(*device_, ~0ull, nullptr, nullptr, source, tooFar);
  EXPECT_EQ(status.code(), StatusCode::OutOfRange);
  EXPECT_EQ(status.message(),
            "scatter span 0 reads [50, 150) beyond buffer length 100");
}

TEST_P(ProviderTest, AdjacentSmallSpansCoalesce) {
  // 1000 adjacent 4 KiB spans of one parameter into adjacent targets must
  // become at most 16 reads (parameter-runtime.md §13 #4).
  std::vector<TestEntry> entries = {{"big", 1000 * 4096, "", 4096}};
  TempFile file("coalesce.irpa");
  auto index = writeArchive(file.path(), entries);
  ProviderOptions options;
  options.policy = GetParam();
  auto p = ParameterProvider::create("", index, options);
  ASSERT_TRUE(p);
  BufferRef target = allocate(1000 * 4096, 0);
  std::vector<ParameterSpan> spans;
  for (uint64_t i = 0; i < 1000; ++i)
    spans.push_back({"big", i * 4096, i * 4096, 4096});
  std::shuffle(spans.begin(), spans.end(), std::mt19937(7));
  auto signal = Semaphore::create(0);
  ASSERT_TRUE((*p)->gather(*device_, ~0ull, nullptr, Fence::createAt(signal, 1),
                           target, spans)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  EXPECT_LE((*p)->statistics().transfers, 16u);
  EXPECT_EQ(readBuffer(target), expectedBytes(entries[0], 0, 1000 * 4096));
}

TEST_P(ProviderTest, RandomGathersMatchASequentialOracle) {
  std::mt19937_64 rng(1234);
  std::vector<TestEntry> entries;
  for (int i = 0; i < 40; ++i) {
    TestEntry e;
    e.key = "p" + std::to_string(i);
    e.length = 1 + rng() % 50000;
    if (i % 7 == 3)
      e.splatPattern = std::string(size_t(1) << (rng() % 5), 'x');
    for (char &c : e.splatPattern)
      c = (char)(rng() & 0xFF);
    e.alignment = (i % 3 == 0) ? 4096 : 64;
    entries.push_back(e);
  }
  TempFile file("oracle.irpa");
  auto index = writeArchive(file.path(), entries);
  ProviderOptions options;
  options.policy = GetParam();
  options.maxReadBytes = 20000; // force splitting too
  options.maxConcurrency = 3;
  auto p = ParameterProvider::create("", index, options);
  ASSERT_TRUE(p);
  for (int round = 0; round < 5; ++round) {
    std::vector<ParameterSpan> spans;
    std::vector<std::string> keys;
    uint64_t cursor = 0;
    for (int i = 0; i < 60; ++i) {
      const TestEntry &e = entries[rng() % entries.size()];
      uint64_t offset = rng() % e.length;
      uint64_t length = rng() % (e.length - offset + 1);
      spans.push_back({e.key, offset, cursor, length});
      cursor += length + (rng() % 2) * (rng() % 100);
    }
    BufferRef target = allocate(cursor + 1, 0xCD);
    std::vector<uint8_t> oracle(cursor + 1, 0xCD);
    for (const auto &s : spans) {
      const TestEntry *e = nullptr;
      for (const auto &c : entries)
        if (c.key == s.key)
          e = &c;
      auto bytes = expectedBytes(*e, s.parameterOffset, s.length);
      std::copy(bytes.begin(), bytes.end(), oracle.begin() + s.bufferOffset);
    }
    auto signal = Semaphore::create(0);
    ASSERT_TRUE((*p)->gather(*device_, ~0ull, nullptr,
                             Fence::createAt(signal, 1), target, spans)
                    .isOk());
    ASSERT_TRUE(signal->wait(1).isOk()) << signal->query().status().toString();
    ASSERT_EQ(readBuffer(target), oracle) << "round " << round;
  }
}

INSTANTIATE_TEST_SUITE_P(Policies, ProviderTest, allIoPolicies(),
                         ioPolicyTestName);

TEST(ProviderMemoryFile, EntriesOnMemoryHandlesAreReadThroughTheHandle) {
  std::string bytes(5000, '\0');
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = (char)(i * 7);
  archive::FileHandleRef memory = archive::makeMemoryFile(bytes);
  archive::EntrySpec entry;
  entry.key = "mem";
  entry.type = archive::EntryType::File;
  entry.file = memory;
  entry.offset = 1000;
  entry.length = 4000;
  archive::EntryTable table;
  ASSERT_TRUE(table.add(entry).isOk());
  auto index = std::make_shared<archive::ParameterIndex>();
  ASSERT_TRUE(index->append(std::move(table)).isOk());
  ProviderOptions options;
  options.access = ParameterAccess::ReadWrite;
  auto p = ParameterProvider::create("mem-scope", index, options);
  ASSERT_TRUE(p);
  EXPECT_TRUE((*p)->querySupport("mem-scope"));
  EXPECT_FALSE((*p)->querySupport("mem"));
  auto device = makeDevice();
  auto target = device->allocator().allocate(BufferParams{}, 100);
  ASSERT_TRUE(target);
  auto signal = Semaphore::create(0);
  ParameterSpan span{"mem", 10, 0, 100};
  ASSERT_TRUE((*p)->read(*device, ~0ull, nullptr, Fence::createAt(signal, 1),
                         *target, span)
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  auto got = readBuffer(*target);
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(got[i], (uint8_t)((1010 + i) * 7));
  // Memory handles are read-only.
  Status status = (*p)->write(*device, ~0ull, nullptr, nullptr, *target, span);
  EXPECT_EQ(status.code(), StatusCode::PermissionDenied);
}

TEST(ProviderOptions, ConcurrencyIsClamped) {
  auto index = std::make_shared<archive::ParameterIndex>();
  ProviderOptions options;
  options.maxConcurrency = 100000;
  auto p = ParameterProvider::create("", index, options);
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)->options().maxConcurrency, 256u);
  options.maxConcurrency = 0;
  EXPECT_EQ((*ParameterProvider::create("", index, options))
                ->options()
                .maxConcurrency,
            1u);
  EXPECT_FALSE(ParameterProvider::create("", nullptr, options));
}

} // namespace

namespace {

// Concurrent loads (async allocas + splat fills + reads on private
// timelines) and gathers from several threads, each gated on its own wait
// fence; run under TSan by scripts/sanitizers.sh.
TEST(ProviderStress, ConcurrentLoadsAndGathers) {
  TempFile file("stress.irpa");
  std::vector<TestEntry> entries = {{"f0", 70000, "", 64},
                                    {"f1", 5000, "", 4096},
                                    {"s2", 9000, std::string("\x01\x02", 2), 0},
                                    {"s8", 777, "abcdefgh", 0}};
  auto index = writeArchive(file.path(), entries);
  auto device = makeDevice();
  ProviderOptions options;
  options.maxConcurrency = 4;
  auto provider = *ParameterProvider::create("", index, options);
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 15; ++i) {
        auto gate = Semaphore::create(0);
        auto done = Semaphore::create(0);
        std::vector<ParameterSpan> spans = {
            {"f0", (uint64_t)(t * 100 + i), 0, 30000},
            {"s2", 3, 0, 4000},
            {"s8", 5, 0, 700},
            {"f1", 1, 0, 4000}};
        auto buffers =
            provider->load(*device, ~0ull, Fence::createAt(gate, 1),
                           Fence::createAt(done, 1), BufferParams{}, spans);
        if (!buffers || !gate->signal(1).isOk() || !done->wait(1).isOk())
          continue;
        bool same = true;
        for (size_t k = 0; k < spans.size(); ++k) {
          const TestEntry *e = nullptr;
          for (const auto &c : entries)
            if (c.key == spans[k].key)
              e = &c;
          same = same && readBuffer((*buffers)[k]) ==
                             expectedBytes(*e, spans[k].parameterOffset,
                                           spans[k].length);
        }
        good += same;
      }
    });
  }
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(good.load(), 60);
}

} // namespace

namespace {

TEST(ProviderLifetime, ZeroCopyBuffersOutliveTheProviderAndNotify) {
  TempFile file("lifetime.irpa");
  std::vector<TestEntry> entries = {{"w", 8192, "", 4096}};
  auto index = writeArchive(file.path(), entries);
  auto device = makeDevice();
  ProviderOptions options;
  options.policy = io::IoPolicy::Mmap;
  auto provider = *ParameterProvider::create("", index, options);
  std::vector<ParameterSpan> spans = {{"w", 4096, 0, 4096}};
  auto done = Semaphore::create(0);
  auto buffers =
      provider->load(*device, ~0ull, nullptr, Fence::createAt(done, 1),
                     immutableParams(), spans);
  ASSERT_TRUE(buffers);
  ASSERT_TRUE(done->wait(1).isOk());
  ASSERT_TRUE((*buffers)[0]->imported());
  ProviderStatistics stats = provider->statistics();
  EXPECT_EQ(stats.zeroCopyHits, 1u);
  EXPECT_EQ(stats.bytesRead, 0u);
  // Dropping cached file state and the provider keeps the mapping alive for
  // the buffer that aliases it.
  provider->notify(ProviderSignal::LowMemory);
  provider.reset();
  EXPECT_EQ(readBuffer((*buffers)[0]), expectedBytes(entries[0], 4096, 4096));
}

TEST(ProviderLifetime, NotifyThenReuse) {
  TempFile file("notify.irpa");
  std::vector<TestEntry> entries = {{"a", 1000, "", 64}, {"b", 1000, "", 64}};
  auto index = writeArchive(file.path(), entries);
  auto device = makeDevice();
  auto provider = *ParameterProvider::create("", index, {});
  auto target = *device->allocator().allocate(BufferParams{}, 2000);
  // b starts at the next 64-byte boundary after a, so the two spans are not
  // contiguous in the file: two transfers per gather.
  std::vector<ParameterSpan> spans = {{"a", 0, 0, 1000}, {"b", 0, 1000, 1000}};
  for (int round = 0; round < 2; ++round) {
    auto done = Semaphore::create(0);
    ASSERT_TRUE(provider
                    ->gather(*device, ~0ull, nullptr, Fence::createAt(done, 1),
                             target, spans)
                    .isOk());
    ASSERT_TRUE(done->wait(1).isOk());
    auto bytes = readBuffer(target);
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.begin() + 1000,
                           expectedBytes(entries[0], 0, 1000).begin()));
    EXPECT_TRUE(std::equal(bytes.begin() + 1000, bytes.end(),
                           expectedBytes(entries[1], 0, 1000).begin()));
    provider->notify(ProviderSignal::Suspend);
    provider->notify(ProviderSignal::Resume);
  }
  ProviderStatistics stats = provider->statistics();
  EXPECT_EQ(stats.bytesRead, 4000u);
  EXPECT_EQ(stats.transfers, 4u);
  EXPECT_GE(stats.operations, 4u);
}

} // namespace
