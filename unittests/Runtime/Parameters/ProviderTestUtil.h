//===- ProviderTestUtil.h - Archives and devices for provider tests
//---------===//
#ifndef SLUICE_UNITTESTS_RUNTIME_PARAMETERS_PROVIDERTESTUTIL_H
#define SLUICE_UNITTESTS_RUNTIME_PARAMETERS_PROVIDERTESTUTIL_H

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterIndex.h"
#include "sluice/Runtime/Core/Device.h"
#include "sluice/Runtime/IO/IoEngine.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace sluice::runtime::testing {

/// A unique temporary path (removed by the destructor).
class TempFile {
public:
  explicit TempFile(const std::string &name);
  ~TempFile();
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

/// Deterministic content of data entry `key` at byte `i`.
uint8_t dataByte(const std::string &key, uint64_t i);

struct TestEntry {
  std::string key;
  uint64_t length = 0;
  /// Empty: a DATA entry with dataByte() content; else a splat pattern.
  std::string splatPattern;
  uint64_t alignment = 64;
};

/// Writes an IRPA archive with helper-1's builder and parses it back into a
/// fresh index.
/// `options` sets checksums and archive records (durable is forced off).
std::shared_ptr<archive::ParameterIndex>
writeArchive(const std::string &path, const std::vector<TestEntry> &entries,
             archive::WriterOptions options = {});

/// The entry of `entries` named `key` (an empty entry when there is none).
const TestEntry &entryNamed(const std::vector<TestEntry> &entries,
                            const std::string &key);

/// Expected bytes of [offset, offset+length) of an entry.
std::vector<uint8_t> expectedBytes(const TestEntry &entry, uint64_t offset,
                                   uint64_t length);

std::unique_ptr<Device> makeDevice();

/// Host-visible, mappable buffer params including SharingImmutable.
BufferParams immutableParams();

std::vector<uint8_t> readBuffer(const BufferRef &buffer);

/// Every I/O policy, for `INSTANTIATE_TEST_SUITE_P(Policies, Suite,
/// allIoPolicies(), ioPolicyTestName)` of the provider suites.
inline auto allIoPolicies() {
  return ::testing::Values(io::IoPolicy::Read, io::IoPolicy::Mmap,
                           io::IoPolicy::Direct);
}
inline std::string
ioPolicyTestName(const ::testing::TestParamInfo<io::IoPolicy> &info) {
  return std::string(io::ioPolicyName(info.param));
}

/// The fixture of the provider suites, parameterized by I/O policy: an
/// archive of test entries, its index and a device.
class ProviderTestBase : public ::testing::TestWithParam<io::IoPolicy> {
protected:
  /// Writes `entries` to a fresh archive file named `name` and indexes it;
  /// makes the device the first time.
  void makeArchive(const std::string &name,
                   const std::vector<TestEntry> &entries,
                   archive::WriterOptions options = {});
  /// A provider of the archive under `scope` with the suite's I/O policy
  /// (which replaces `options.policy`); a failure is reported and gives null.
  parameters::ParameterProviderRef
  provider(const std::string &scope, parameters::ProviderOptions options = {});
  /// A buffer of `size` bytes, each `fill`.
  BufferRef allocate(uint64_t size, uint8_t fill);
  /// Scatters `source` into `span` and waits for the signal fence.
  Status scatter(parameters::ParameterProvider &p, const BufferRef &source,
                 const parameters::ParameterSpan &span);

  std::unique_ptr<TempFile> archive_;
  std::shared_ptr<archive::ParameterIndex> index_;
  std::unique_ptr<Device> device_;
};

} // namespace sluice::runtime::testing

#endif
