//===- TestUtil.h - Helpers for the archive unit tests
//----------------------===//
#ifndef SLUICE_UNITTESTS_RUNTIME_TESTUTIL_H
#define SLUICE_UNITTESTS_RUNTIME_TESTUTIL_H

#include "sluice/Runtime/Archive/ParseOptions.h"
#include "sluice/Runtime/Status.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace sluice::testing {

/// Absolute path of a file under test/testdata.
std::string testdataPath(const std::string &relative);
/// Reads a whole file (small files only).
std::string readFile(const std::string &path);
void writeFile(const std::string &path, const std::string &bytes);

/// A fresh temporary directory removed at destruction.
class TempDir {
public:
  TempDir();
  ~TempDir();
  const std::string &path() const { return path_; }
  std::string file(const std::string &name) const { return path_ + "/" + name; }
  /// Names of the files in the directory (sorted).
  std::vector<std::string> list() const;

private:
  std::string path_;
};

std::string sha256Hex(const std::string &bytes);

/// Patches a little-endian integer into `bytes` at `offset`.
void put64(std::string &bytes, size_t offset, uint64_t value);
void put32(std::string &bytes, size_t offset, uint32_t value);
void put16(std::string &bytes, size_t offset, uint16_t value);

/// Expects `status` to fail with `code` and a message containing `text`.
::testing::AssertionResult failsWith(const runtime::Status &status,
                                     runtime::StatusCode code,
                                     const std::string &text);

} // namespace sluice::testing

#define EXPECT_FAILS_WITH(expr, code, text)                                    \
  EXPECT_TRUE(::sluice::testing::failsWith((expr), (code), (text)))

#endif // SLUICE_UNITTESTS_RUNTIME_TESTUTIL_H
