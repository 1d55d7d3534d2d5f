//===- TestUtil.cpp - Helpers for the archive unit tests
//--------------------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/Checksum.h"

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sluice::testing {

std::string testdataPath(const std::string &relative) {
  return std::string(SLUICE_TESTDATA_DIR) + "/" + relative;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), (std::streamsize)bytes.size());
}

TempDir::TempDir() {
  std::string base =
      std::filesystem::temp_directory_path().string() + "/sluice-test-XXXXXX";
  std::vector<char> buffer(base.begin(), base.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data()))
    std::abort();
  path_ = buffer.data();
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::vector<std::string> TempDir::list() const {
  std::vector<std::string> names;
  for (const auto &entry : std::filesystem::directory_iterator(path_))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string sha256Hex(const std::string &bytes) {
  auto digest = runtime::archive::Sha256::digest(bytes.data(), bytes.size());
  return runtime::archive::toHex(digest.data(), digest.size());
}

void put64(std::string &bytes, size_t offset, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    bytes[offset + i] = (char)(value >> (8 * i));
}
void put32(std::string &bytes, size_t offset, uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[offset + i] = (char)(value >> (8 * i));
}
void put16(std::string &bytes, size_t offset, uint16_t value) {
  bytes[offset] = (char)value;
  bytes[offset + 1] = (char)(value >> 8);
}

::testing::AssertionResult failsWith(const runtime::Status &status,
                                     runtime::StatusCode code,
                                     const std::string &text) {
  if (status.isOk())
    return ::testing::AssertionFailure() << "expected failure, got OK";
  if (status.code() != code)
    return ::testing::AssertionFailure()
           << "expected " << runtime::statusCodeName(code) << ", got "
           << status.toString();
  if (status.message().find(text) == std::string::npos)
    return ::testing::AssertionFailure() << "message does not contain '" << text
                                         << "': " << status.toString();
  return ::testing::AssertionSuccess();
}

} // namespace sluice::testing
