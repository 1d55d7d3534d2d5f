//===- ProviderTestUtil.h - Archives and devices for provider tests
//---------===//
#ifndef SLUICE_UNITTESTS_RUNTIME_PARAMETERS_PROVIDERTESTUTIL_H
#define SLUICE_UNITTESTS_RUNTIME_PARAMETERS_PROVIDERTESTUTIL_H

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterIndex.h"
#include "sluice/Runtime/Core/Device.h"
#include "sluice/Runtime/IO/IoEngine.h"

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

} // namespace sluice::runtime::testing

#endif
