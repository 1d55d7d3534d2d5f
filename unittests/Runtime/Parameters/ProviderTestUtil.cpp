//===- ProviderTestUtil.cpp
//-------------------------------------------------===//

#include "ProviderTestUtil.h"

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sluice::runtime::testing {

TempFile::TempFile(const std::string &name) {
  static std::atomic<int> counter{0};
  const char *dir = std::getenv("TMPDIR");
  std::string base = dir && *dir ? dir : "/tmp";
  path_ = base + "/sluice-params-" + std::to_string(::getpid()) + "-" +
          std::to_string(counter++) + "-" + name;
}

TempFile::~TempFile() { ::unlink(path_.c_str()); }

uint8_t dataByte(const std::string &key, uint64_t i) {
  uint64_t h = std::hash<std::string>()(key);
  return (uint8_t)((i * 131 + (h & 0xFF) + (i >> 8) * 7) & 0xFF);
}

std::shared_ptr<archive::ParameterIndex>
writeArchive(const std::string &path, const std::vector<TestEntry> &entries,
             archive::WriterOptions options) {
  archive::IrpaBuilder builder;
  for (const TestEntry &e : entries) {
    Status status;
    if (!e.splatPattern.empty()) {
      status = builder.addSplat(e.key, e.splatPattern, e.length);
    } else {
      std::string bytes(e.length, '\0');
      for (uint64_t i = 0; i < e.length; ++i)
        bytes[i] = (char)dataByte(e.key, i);
      status = builder.addData(e.key, e.length,
                               archive::DataSource::inMemory(std::move(bytes)),
                               e.alignment);
    }
    EXPECT_TRUE(status.isOk()) << status.toString();
  }
  options.durable = false;
  auto written = builder.write(path, options);
  EXPECT_TRUE(written) << written.status().toString();
  auto parsed = archive::parseParameterFile(path);
  EXPECT_TRUE(parsed) << parsed.status().toString();
  auto index = std::make_shared<archive::ParameterIndex>();
  if (parsed) {
    Status appended = index->append(std::move(parsed->entries));
    EXPECT_TRUE(appended.isOk()) << appended.toString();
  }
  return index;
}

std::vector<uint8_t> expectedBytes(const TestEntry &entry, uint64_t offset,
                                   uint64_t length) {
  std::vector<uint8_t> out(length);
  for (uint64_t i = 0; i < length; ++i) {
    if (entry.splatPattern.empty())
      out[i] = dataByte(entry.key, offset + i);
    else
      out[i] =
          (uint8_t)entry.splatPattern[(offset + i) % entry.splatPattern.size()];
  }
  return out;
}

std::unique_ptr<Device> makeDevice() {
  DeviceOptions options;
  options.io.chunkBytes = 256 << 10;
  auto device = Device::create(options);
  EXPECT_TRUE(device) << device.status().toString();
  return device ? std::move(*device) : nullptr;
}

BufferParams immutableParams() {
  BufferParams params;
  params.usage |= buffer_usage::SharingImmutable;
  return params;
}

std::vector<uint8_t> readBuffer(const BufferRef &buffer) {
  // Unchecked host access: the usage compiled code passes (e.g. 527363)
  // has no mapping bits.
  const uint8_t *data = buffer->hostData();
  EXPECT_NE(data, nullptr);
  if (!data)
    return {};
  return std::vector<uint8_t>(data, data + buffer->byteLength());
}

const TestEntry &entryNamed(const std::vector<TestEntry> &entries,
                            const std::string &key) {
  for (const TestEntry &e : entries)
    if (e.key == key)
      return e;
  static const TestEntry none;
  return none;
}

void ProviderTestBase::makeArchive(const std::string &name,
                                   const std::vector<TestEntry> &entries,
                                   archive::WriterOptions options) {
  archive_ = std::make_unique<TempFile>(name);
  index_ = writeArchive(archive_->path(), entries, options);
  if (!device_)
    device_ = makeDevice();
  ASSERT_TRUE(device_);
}

parameters::ParameterProviderRef
ProviderTestBase::provider(const std::string &scope,
                           parameters::ProviderOptions options) {
  options.policy = GetParam();
  auto p = parameters::ParameterProvider::create(scope, index_, options);
  EXPECT_TRUE(p) << p.status().toString();
  return p ? *p : nullptr;
}

BufferRef ProviderTestBase::allocate(uint64_t size, uint8_t fill) {
  auto buffer = device_->allocator().allocate(BufferParams{}, size);
  EXPECT_TRUE(buffer);
  if (!buffer)
    return nullptr;
  std::memset((*buffer)->hostData(), fill, size);
  return *buffer;
}

Status ProviderTestBase::scatter(parameters::ParameterProvider &p,
                                 const BufferRef &source,
                                 const parameters::ParameterSpan &span) {
  auto signal = Semaphore::create(0);
  Status submitted =
      p.scatter(*device_, ~0ull, nullptr, Fence::createAt(signal, 1), source,
                std::span(&span, 1));
  if (!submitted.isOk())
    return submitted;
  return signal->wait(1);
}

} // namespace sluice::runtime::testing
