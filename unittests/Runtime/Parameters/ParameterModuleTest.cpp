//===- ParameterModuleTest.cpp - ABI decoding, routing, fence failure
//----------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Parameters/ParameterModule.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using namespace sluice::runtime::testing;

namespace {

void putU32(std::vector<uint8_t> &out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back((uint8_t)(v >> (8 * i)));
}
void putU64(std::vector<uint8_t> &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back((uint8_t)(v >> (8 * i)));
}

/// Builds the three ABI buffers, each starting at an odd address to check
/// unaligned loads.
struct AbiCall {
  std::vector<uint8_t> table{0xFF}, data{0xFF}, spans{0xFF};
  void add(const std::string &key, uint64_t parameterOffset,
           uint64_t bufferOffset, uint64_t length) {
    putU32(table, (uint32_t)(data.size() - 1));
    putU32(table, (uint32_t)key.size());
    data.insert(data.end(), key.begin(), key.end());
    putU64(spans, parameterOffset);
    putU64(spans, bufferOffset);
    putU64(spans, length);
  }
  static AbiBytes view(const std::vector<uint8_t> &v) {
    return std::span<const uint8_t>(v.data() + 1, v.size() - 1);
  }
  AbiBytes tableBytes() const { return view(table); }
  AbiBytes dataBytes() const { return view(data); }
  AbiBytes spanBytes() const { return view(spans); }
};

AbiBytes bytesOf(const std::string &s) {
  return std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(s.data()),
                                  s.size());
}

TEST(ParameterAbi, DecodesRows) {
  AbiCall call;
  call.add("key0", 50, 0, 100);
  call.add("", 51, 7, 101);
  auto rows = decodeParameterRows(*call.tableBytes(), *call.dataBytes(),
                                  *call.spanBytes());
  ASSERT_TRUE(rows) << rows.status().toString();
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[0].key, "key0");
  EXPECT_EQ((*rows)[0].parameterOffset, 50u);
  EXPECT_EQ((*rows)[0].length, 100u);
  EXPECT_EQ((*rows)[1].key, "");
  EXPECT_EQ((*rows)[1].bufferOffset, 7u);
}

TEST(ParameterAbi, EveryDecodeError) {
  std::vector<uint8_t> empty;
  std::vector<uint8_t> spans(25);
  auto bad = decodeParameterRows(empty, empty, spans);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.status().code(), StatusCode::InvalidArgument);
  EXPECT_EQ(
      bad.status().message(),
      "buffer span storage must be aligned to iree_io_parameters_span_entry_t");

  spans.resize(48);
  std::vector<uint8_t> table(15);
  bad = decodeParameterRows(table, empty, spans);
  ASSERT_FALSE(bad);
  EXPECT_EQ(
      bad.status().message(),
      "key string table must have enough data to service all defined spans");

  std::vector<uint8_t> oneSpan(24);
  std::vector<uint8_t> data = {'a', 'b', 'c'};
  table.clear();
  putU32(table, 4);
  putU32(table, 0);
  bad = decodeParameterRows(table, data, oneSpan);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.status().code(), StatusCode::OutOfRange);
  EXPECT_EQ(
      bad.status().message(),
      "attempted to access an address off the end of the valid buffer range "
      "(offset=4, length=0, data_capacity=3)");

  table.clear();
  putU32(table, 1);
  putU32(table, 3);
  bad = decodeParameterRows(table, data, oneSpan);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.status().message(),
            "attempted to access an address outside of the valid buffer range "
            "(offset=1, length=3, end(inc)=3, data_capacity=3)");

  // u32 wraparound (reference bug): offset 2 + length 0xFFFFFFFF.
  table.clear();
  putU32(table, 2);
  putU32(table, 0xFFFFFFFFu);
  bad = decodeParameterRows(table, data, oneSpan);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.status().code(), StatusCode::OutOfRange);

  // A key exactly at the end with length 0 is fine.
  table.clear();
  putU32(table, 3);
  putU32(table, 0);
  EXPECT_TRUE(decodeParameterRows(table, data, oneSpan));
}

class ModuleTest : public ::testing::Test {
protected:
  void SetUp() override {
    archiveA_ = std::make_unique<TempFile>("a.irpa");
    archiveB_ = std::make_unique<TempFile>("b.irpa");
    indexA_ = writeArchive(archiveA_->path(),
                           {{"a0", 32, "", 64}, {"a1", 32, "", 64}});
    indexB_ = writeArchive(archiveB_->path(),
                           {{"b0", 64, "", 64}, {"b1", 128, "", 64}});
    module_.addProvider(*ParameterProvider::create("a", indexA_));
    module_.addProvider(*ParameterProvider::create("b", indexB_));
    device_ = makeDevice();
  }
  std::unique_ptr<TempFile> archiveA_, archiveB_;
  std::shared_ptr<archive::ParameterIndex> indexA_, indexB_;
  ParameterModule module_;
  std::unique_ptr<Device> device_;
};

TEST_F(ModuleTest, RoutesByScopeAndLoads) {
  AbiCall call;
  call.add("b1", 0, 0, 64); // prefix read of b1
  call.add("b0", 0, 0, 64);
  auto signal = Semaphore::create(0);
  auto buffers = module_.load(
      device_.get(), -1, nullptr, Fence::createAt(signal, 1), bytesOf("b"), -1,
      48, 527363, call.tableBytes(), call.dataBytes(), call.spanBytes());
  ASSERT_TRUE(buffers) << buffers.status().toString();
  ASSERT_TRUE(signal->wait(1).isOk());
  ASSERT_EQ(buffers->size(), 2u);
  EXPECT_EQ(readBuffer((*buffers)[0]),
            expectedBytes({"b1", 128, "", 64}, 0, 64));
  EXPECT_EQ(readBuffer((*buffers)[1]),
            expectedBytes({"b0", 64, "", 64}, 0, 64));
}

TEST_F(ModuleTest, GatherAndScatterThroughTheAbi) {
  AbiCall call;
  call.add("a1", 0, 0, 32);
  call.add("a0", 16, 32, 16);
  auto target = device_->allocator().allocate(BufferParams{}, 48);
  ASSERT_TRUE(target);
  auto signal = Semaphore::create(0);
  ASSERT_TRUE(module_
                  .gather(device_.get(), -1, nullptr,
                          Fence::createAt(signal, 1), bytesOf("a"), *target,
                          call.tableBytes(), call.dataBytes(), call.spanBytes())
                  .isOk());
  ASSERT_TRUE(signal->wait(1).isOk());
  auto bytes = readBuffer(*target);
  auto a1 = expectedBytes({"a1", 32, "", 64}, 0, 32);
  auto a0 = expectedBytes({"a0", 32, "", 64}, 16, 16);
  EXPECT_TRUE(std::equal(a1.begin(), a1.end(), bytes.begin()));
  EXPECT_TRUE(std::equal(a0.begin(), a0.end(), bytes.begin() + 32));

  // Read-only providers refuse scatter, and the fence fails.
  auto scatterSignal = Semaphore::create(0);
  Status status = module_.scatter(
      device_.get(), -1, nullptr, Fence::createAt(scatterSignal, 1), *target,
      bytesOf("a"), call.tableBytes(), call.dataBytes(), call.spanBytes());
  EXPECT_EQ(status.code(), StatusCode::PermissionDenied);
  EXPECT_EQ(scatterSignal->wait(1).code(), StatusCode::PermissionDenied);
}

TEST_F(ModuleTest, UnknownScopeFailsTheSignalFenceInsteadOfHanging) {
  AbiCall call;
  call.add("a0", 0, 0, 32);
  auto signal = Semaphore::create(0);
  auto target = device_->allocator().allocate(BufferParams{}, 32);
  Status status = module_.gather(
      device_.get(), -1, nullptr, Fence::createAt(signal, 1), std::nullopt,
      *target, call.tableBytes(), call.dataBytes(), call.spanBytes());
  EXPECT_EQ(status.code(), StatusCode::NotFound);
  EXPECT_EQ(status.message(),
            "no provider registered that handles scopes like ''; pass "
            "--parameters==<file> or "
            "register a provider for this scope (registered scopes: 'a', 'b')");
  EXPECT_EQ(signal->wait(1).code(), StatusCode::NotFound);
}

TEST_F(ModuleTest, DecodeErrorsFailTheSignalFence) {
  std::vector<uint8_t> table, data, spans(23);
  auto signal = Semaphore::create(0);
  auto buffers = module_.load(
      device_.get(), -1, nullptr, Fence::createAt(signal, 1), bytesOf("a"), -1,
      48, 527363, AbiBytes(table), AbiBytes(data), AbiBytes(spans));
  ASSERT_FALSE(buffers);
  EXPECT_EQ(buffers.status().code(), StatusCode::InvalidArgument);
  EXPECT_EQ(signal->wait(1).code(), StatusCode::InvalidArgument);

  auto signal2 = Semaphore::create(0);
  Status status = module_.gather(
      device_.get(), -1, nullptr, Fence::createAt(signal2, 1), bytesOf("a"),
      nullptr, AbiBytes(table), std::nullopt, AbiBytes(spans));
  EXPECT_EQ(status.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(status.message(), "key_data buffer is null");
  EXPECT_EQ(signal2->wait(1).code(), StatusCode::InvalidArgument);
}

TEST_F(ModuleTest, ZeroRowsIsABarrier) {
  std::vector<uint8_t> none;
  auto gate = Semaphore::create(0);
  auto signal = Semaphore::create(0);
  auto target = device_->allocator().allocate(BufferParams{}, 1);
  ASSERT_TRUE(module_
                  .gather(device_.get(), -1, Fence::createAt(gate, 1),
                          Fence::createAt(signal, 1), bytesOf("b"), *target,
                          AbiBytes(none), AbiBytes(none), AbiBytes(none))
                  .isOk());
  EXPECT_FALSE(*Fence::createAt(signal, 1)->query());
  ASSERT_TRUE(gate->signal(1).isOk());
  EXPECT_TRUE(signal->wait(1).isOk());
}

TEST(ParameterModuleRouting,
     FirstMatchingProviderWinsAndEmptyScopeMatchesNull) {
  ParameterModule module;
  auto index = std::make_shared<archive::ParameterIndex>();
  auto first = *ParameterProvider::create("", index);
  auto second = *ParameterProvider::create("", index);
  module.addProvider(first);
  module.addProvider(second);
  auto resolved = module.resolveProvider("");
  ASSERT_TRUE(resolved);
  EXPECT_EQ(*resolved, first.get());
  auto missing = module.resolveProvider("x");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.status().message().find("(registered scopes: '', '')"),
            std::string::npos)
      << missing.status().message();
}

} // namespace

#include "sluice/Runtime/Archive/ParameterScopes.h"

namespace {

TEST(ParameterModuleScopes, OneProviderPerFlagScopeInOrder) {
  TempFile a("scopes-a.irpa"), b("scopes-b.irpa");
  writeArchive(a.path(), {{"x", 100, "", 64}});
  writeArchive(b.path(), {{"y", 200, "", 64}});
  auto scopes = std::make_shared<archive::ParameterScopes>();
  ASSERT_TRUE(scopes->addFlag("second=" + b.path()).isOk());
  ASSERT_TRUE(scopes->addFlag(a.path()).isOk());
  auto module = ParameterModule::fromScopes(scopes);
  ASSERT_TRUE(module) << module.status().toString();
  ASSERT_EQ(module->providers().size(), 2u);
  EXPECT_EQ(module->providers()[0]->scope(), "second");
  EXPECT_EQ(module->providers()[1]->scope(), "");
  std::weak_ptr<archive::ParameterScopes> weak = scopes;
  scopes.reset();
  EXPECT_FALSE(weak.expired()); // kept alive by the providers

  auto device = makeDevice();
  auto target = *device->allocator().allocate(BufferParams{}, 50);
  auto done = Semaphore::create(0);
  std::vector<ParameterSpan> spans = {{"y", 150, 0, 50}};
  auto provider = module->resolveProvider("second");
  ASSERT_TRUE(provider);
  ASSERT_TRUE((*provider)
                  ->gather(*device, ~0ull, nullptr, Fence::createAt(done, 1),
                           target, spans)
                  .isOk());
  ASSERT_TRUE(done->wait(1).isOk());
  EXPECT_EQ(readBuffer(target), expectedBytes({"y", 200, "", 64}, 150, 50));
}

} // namespace
