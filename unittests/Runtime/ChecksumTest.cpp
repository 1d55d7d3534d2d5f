//===- ChecksumTest.cpp - CRC32C / SHA-256 and the testdata SHA-256 list
//---===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/Checksum.h"

#include <fstream>
#include <regex>

using namespace sluice::runtime::archive;
using namespace sluice::testing;

TEST(Crc32c, CheckValue) {
  EXPECT_EQ(crc32c(0, "123456789", 9), 0xE3069283u);
  EXPECT_EQ(crc32c(0, "", 0), 0u);
}

TEST(Crc32c, IncrementalEqualsOneShot) {
  std::string data(100000, '\0');
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (char)(i * 131 + 7);
  uint32_t whole = crc32c(0, data.data(), data.size());
  for (size_t split : {1u, 7u, 8u, 4095u, 65536u}) {
    uint32_t part = crc32c(0, data.data(), split);
    part = crc32c(part, data.data() + split, data.size() - split);
    EXPECT_EQ(part, whole) << "split " << split;
  }
}

// Bitwise reference implementation, independent of both fast paths.
static uint32_t crc32cBitwise(const std::string &data) {
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : data) {
    crc ^= byte;
    for (int k = 0; k < 8; ++k)
      crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
  }
  return ~crc;
}

TEST(Crc32c, FastPathsMatchBitwiseReference) {
  std::string data(200000, '\0');
  uint32_t x = 12345;
  for (char &c : data) {
    x = x * 1103515245u + 12345u;
    c = (char)(x >> 16);
  }
  // Lengths around the 3 x 4 KiB interleaved block and odd tails.
  for (size_t n :
       {0u, 1u, 7u, 4095u, 12287u, 12288u, 12289u, 24576u, 30001u, 200000u}) {
    std::string part = data.substr(0, n);
    uint32_t expected = crc32cBitwise(part);
    EXPECT_EQ(crc32c(0, part.data(), n), expected) << n;
    EXPECT_EQ(crc32cPortable(0, part.data(), n), expected) << n;
  }
  // Unaligned start.
  EXPECT_EQ(crc32c(0, data.data() + 3, 50000),
            crc32cBitwise(data.substr(3, 50000)));
}

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256Hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(
      sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, AcceleratedMatchesPortable) {
  std::string data(100003, '\0');
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (char)(i * 2654435761u >> 13);
  for (size_t n : {0u, 55u, 56u, 64u, 65u, 1000u, 100003u}) {
    std::string part = data.substr(0, n);
    std::string fast = sha256Hex(part);
    Sha256::setPortableForTesting(true);
    std::string portable = sha256Hex(part);
    Sha256::setPortableForTesting(false);
    EXPECT_EQ(fast, portable) << n;
  }
  Sha256::setPortableForTesting(true);
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  Sha256::setPortableForTesting(false);
}

TEST(Sha256, Incremental) {
  std::string data(10000, 'x');
  Sha256 sha;
  for (size_t i = 0; i < data.size(); i += 63)
    sha.update(data.data() + i, std::min<size_t>(63, data.size() - i));
  auto digest = sha.finish();
  EXPECT_EQ(toHex(digest.data(), 32), sha256Hex(data));
}

// The copied reference files match the list in test/testdata/README.md.
TEST(Testdata, Sha256MatchesReadme) {
  std::string readme = readFile(testdataPath("README.md"));
  std::regex line("([0-9a-f]{64})  ([a-z_/0-9]+\\.[a-z]+)");
  int count = 0;
  for (std::sregex_iterator it(readme.begin(), readme.end(), line), end;
       it != end; ++it) {
    std::string expected = (*it)[1], path = (*it)[2];
    if (path == "out.irpa")
      continue;
    EXPECT_EQ(sha256Hex(readFile(testdataPath(path))), expected) << path;
    ++count;
  }
  EXPECT_EQ(count, 14);
}
