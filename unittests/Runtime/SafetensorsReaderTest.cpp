//===- SafetensorsReaderTest.cpp - safetensors parser
//-----------------------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/SafetensorsReader.h"
#include "sluice/Runtime/Archive/Verify.h"

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

namespace {

Expected<ParsedFile> parseTestdata(const std::string &name) {
  auto file = openFile(testdataPath("safetensors/" + name));
  if (!file)
    return file.takeStatus();
  return parseSafetensorsFile(*file);
}

/// header JSON + `dataBytes` zero bytes.
std::string build(const std::string &json, size_t dataBytes) {
  std::string out(8, '\0');
  put64(out, 0, json.size());
  return out + json + std::string(dataBytes, '\0');
}

Expected<ParsedFile> parse(const std::string &json, size_t dataBytes,
                           bool strict = false) {
  ParseOptions options;
  options.strictSafetensors = strict;
  return parseSafetensorsFile(makeMemoryFile(build(json, dataBytes)), options);
}

} // namespace

TEST(SafetensorsReader, Testdata) {
  auto empty = parseTestdata("empty.safetensors");
  ASSERT_TRUE(empty) << empty.status().toString();
  EXPECT_TRUE(empty->entries.empty());

  auto single = parseTestdata("single.safetensors");
  ASSERT_TRUE(single) << single.status().toString();
  ASSERT_EQ(single->entries.size(), 1u);
  EXPECT_EQ(single->entries[0].key(), "tensor0");
  EXPECT_EQ(single->entries[0].offset(), 72u);
  EXPECT_EQ(single->entries[0].length(), 16u);
  EXPECT_EQ(single->entries[0].tensorInfo()->dtype, "F32");
  EXPECT_EQ(single->entries[0].tensorInfo()->dims,
            (std::vector<uint64_t>{2, 2}));
  EXPECT_TRUE(single->warnings.empty());

  auto multiple = parseTestdata("multiple.safetensors");
  ASSERT_TRUE(multiple) << multiple.status().toString();
  ASSERT_EQ(multiple->entries.size(), 3u);
  uint64_t offsets[] = {200, 216, 224}, lengths[] = {16, 8, 48};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(multiple->entries[i].key(), "tensor" + std::to_string(i));
    EXPECT_EQ(multiple->entries[i].offset(), offsets[i]);
    EXPECT_EQ(multiple->entries[i].length(), lengths[i]);
  }
}

TEST(SafetensorsReader, ToolsTestdata) {
  struct Expect {
    const char *file;
    std::vector<std::tuple<std::string, uint64_t, uint64_t, int64_t>> entries;
  };
  Expect cases[] = {
      {"tools_test/parameters_a.safetensors",
       {{"a0", 120, 32, 0}, {"a1", 152, 32, 4}}},
      {"tools_test/parameters_b.safetensors",
       {{"b0", 128, 64, 8}, {"b1", 192, 128, 16}}},
      {"tools_test/parameters_dynamic.safetensors",
       {{"param0", 256, 32, 0},
        {"param1", 288, 32, 4},
        {"param2", 320, 32, 8},
        {"param3", 352, 32, 12}}},
  };
  for (const Expect &c : cases) {
    auto parsed = parseTestdata(c.file);
    ASSERT_TRUE(parsed) << parsed.status().toString();
    ASSERT_EQ(parsed->entries.size(), c.entries.size()) << c.file;
    for (size_t i = 0; i < c.entries.size(); ++i) {
      const auto &[key, offset, length, first] = c.entries[i];
      const ParameterEntry &e = parsed->entries[i];
      EXPECT_EQ(e.key(), key);
      EXPECT_EQ(e.offset(), offset);
      EXPECT_EQ(e.length(), length);
      EXPECT_EQ(e.tensorInfo()->dtype, "I64");
      std::vector<int64_t> values(length / 8);
      ASSERT_TRUE(readEntryBytes(e, 0, values.data(), length).isOk());
      for (size_t v = 0; v < values.size(); ++v)
        EXPECT_EQ(values[v], first + (int64_t)v);
    }
  }
}

TEST(SafetensorsReaderMalformed, HeaderLength) {
  EXPECT_FAILS_WITH(parseSafetensorsFile(makeMemoryFile("1234")).status(),
                    StatusCode::OutOfRange,
                    "insufficient capacity for safetensors header length (need "
                    "at least 8 bytes but have 4)");
  std::string bytes = build("{}", 0);
  put64(bytes, 0, 100);
  EXPECT_FAILS_WITH(parseSafetensorsFile(makeMemoryFile(bytes)).status(),
                    StatusCode::OutOfRange,
                    "insufficient capacity for safetensors header contents "
                    "(declared as 100 but only 2 bytes available)");
  put64(bytes, 0, UINT64_MAX);
  EXPECT_FAILS_WITH(parseSafetensorsFile(makeMemoryFile(bytes)).status(),
                    StatusCode::OutOfRange,
                    "insufficient capacity for safetensors header contents");
  std::string big = build(std::string(101 << 20, ' '), 0);
  big[8] = '{';
  big[9] = '}';
  EXPECT_FAILS_WITH(parseSafetensorsFile(makeMemoryFile(big)).status(),
                    StatusCode::ResourceExhausted,
                    "safetensors header of 105906176 bytes exceeds the 100 MiB "
                    "limit");
}

TEST(SafetensorsReaderMalformed, EveryTruncationFailsCleanly) {
  std::string bytes =
      readFile(testdataPath("safetensors/multiple.safetensors"));
  for (size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(parseSafetensorsFile(makeMemoryFile(bytes.substr(0, n)))) << n;
}

TEST(SafetensorsReaderMalformed, Json) {
  EXPECT_FAILS_WITH(parse("[1]", 0).status(), StatusCode::InvalidArgument,
                    "safetensors header must be a JSON object");
  EXPECT_FAILS_WITH(
      parse("{\"a\":", 0).status(), StatusCode::InvalidArgument,
      "invalid JSON in safetensors header at byte 5: unexpected end of input");
  EXPECT_FAILS_WITH(parse("{} x", 0).status(), StatusCode::InvalidArgument,
                    "unexpected trailing characters");
  EXPECT_FAILS_WITH(parse("{\"\xff\":1}", 0).status(),
                    StatusCode::InvalidArgument, "invalid UTF-8");
  EXPECT_FAILS_WITH(parse("{\"\xc0\x80\":1}", 0).status(),
                    StatusCode::InvalidArgument, "overlong");
  EXPECT_FAILS_WITH(parse("{\"\\ud800\":1}", 0).status(),
                    StatusCode::InvalidArgument, "unpaired surrogate");
  EXPECT_FAILS_WITH(parse(std::string(100, '['), 0).status(),
                    StatusCode::InvalidArgument, "nesting too deep");
  EXPECT_FAILS_WITH(
      parse("{\"a\":" + std::string(100, '[') + std::string(100, ']') + "}", 0)
          .status(),
      StatusCode::InvalidArgument, "nesting too deep");
  EXPECT_FAILS_WITH(
      parse(
          R"({"t":{"dtype":"U8","shape":[1],"data_offsets":[0,1]},"t":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}})",
          1)
          .status(),
      StatusCode::InvalidArgument,
      "duplicate tensor name 't' in safetensors header");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"U8","shape":[1],"data_offsets":[0,01]}})", 1)
          .status(),
      StatusCode::InvalidArgument, "invalid JSON");
}

TEST(SafetensorsReader, KeysAreDecoded) {
  auto parsed = parse(
      R"({"a\"b\u00e9\ud83d\ude00":{"dtype":"U8","shape":[2],"data_offsets":[0,2]}})",
      2);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].key(), "a\"b\xc3\xa9\xf0\x9f\x98\x80");
}

TEST(SafetensorsReaderMalformed, DataOffsets) {
  EXPECT_FAILS_WITH(parse(R"({"t":{"dtype":"U8","shape":[4]}})", 4).status(),
                    StatusCode::InvalidArgument,
                    "failed to parse entry data offsets of tensor 't'");
  EXPECT_FAILS_WITH(parse(R"({"t":{"data_offsets":[-1,2]}})", 4).status(),
                    StatusCode::InvalidArgument,
                    "failed to parse entry data offsets");
  EXPECT_FAILS_WITH(parse(R"({"t":{"data_offsets":[0,1.5]}})", 4).status(),
                    StatusCode::InvalidArgument,
                    "failed to parse entry data offsets");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"data_offsets":[0,18446744073709551616]}})", 4).status(),
      StatusCode::InvalidArgument, "failed to parse entry data offsets");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"U8","shape":[8],"data_offsets":[0,8]}})", 4)
          .status(),
      StatusCode::InvalidArgument,
      "entry has data offsets outside of the available data (begin=0, end=8, "
      "available=4)");
  EXPECT_FAILS_WITH(parse(R"({"t":{"data_offsets":[3,2]}})", 4).status(),
                    StatusCode::InvalidArgument,
                    "(begin=3, end=2, available=4)");
}

TEST(SafetensorsReaderMalformed, DtypeAndShape) {
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"F32","shape":[2,2],"data_offsets":[0,8]}})", 8)
          .status(),
      StatusCode::InvalidArgument,
      "tensor 't' has dtype F32 and shape [2, 2] (16 bytes) but data_offsets "
      "span 8 bytes");
  EXPECT_FAILS_WITH(
      parse(
          R"({"t":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}})",
          8)
          .status(),
      StatusCode::InvalidArgument, "overflows");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"F4","shape":[3],"data_offsets":[0,1]}})", 8)
          .status(),
      StatusCode::InvalidArgument, "data_offsets span 1 bytes");
  EXPECT_TRUE(
      parse(R"({"t":{"dtype":"F4","shape":[4],"data_offsets":[0,2]}})", 2));
  // Scalars have one element.
  EXPECT_TRUE(
      parse(R"({"t":{"dtype":"F64","shape":[],"data_offsets":[0,8]}})", 8));
  // Unknown dtypes and missing fields warn (errors when strict).
  auto parsed =
      parse(R"({"t":{"dtype":"F99","shape":[1],"data_offsets":[0,3]}})", 3);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->warnings.size(), 1u);
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"F99","shape":[1],"data_offsets":[0,3]}})", 3,
            true)
          .status(),
      StatusCode::InvalidArgument, "unknown dtype 'F99'");
  EXPECT_FAILS_WITH(parse(R"({"t":{"data_offsets":[0,3]}})", 3, true).status(),
                    StatusCode::InvalidArgument, "tensor 't' has no dtype");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":7,"shape":[1],"data_offsets":[0,3]}})", 3)
          .status(),
      StatusCode::InvalidArgument, "dtype that is not a string");
  EXPECT_FAILS_WITH(
      parse(R"({"t":{"dtype":"U8","shape":[-1],"data_offsets":[0,3]}})", 3)
          .status(),
      StatusCode::InvalidArgument,
      "shape entry that is not a non-negative integer");
}

TEST(SafetensorsReaderMalformed, OverlapsAndGaps) {
  const char *overlap =
      R"({"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}})";
  auto parsed = parse(overlap, 6);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->warnings.size(), 1u);
  EXPECT_FAILS_WITH(parse(overlap, 6, true).status(),
                    StatusCode::InvalidArgument,
                    "safetensors tensor data ranges overlap");
  const char *gap =
      R"({"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},"b":{"dtype":"U8","shape":[2],"data_offsets":[4,6]}})";
  EXPECT_TRUE(parse(gap, 6));
  EXPECT_FAILS_WITH(parse(gap, 6, true).status(), StatusCode::InvalidArgument,
                    "do not tile the data section [0, 6) exactly");
}

TEST(SafetensorsReader, Metadata) {
  auto parsed = parse(
      R"({"__metadata__":{"format":"pt"},"t":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}})",
      1);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 1u);
  ASSERT_EQ(parsed->fileMetadata.size(), 1u);
  EXPECT_EQ(parsed->fileMetadata[0].second, "pt");
  EXPECT_FAILS_WITH(parse(R"({"__metadata__":{"format":1}})", 0).status(),
                    StatusCode::InvalidArgument,
                    "__metadata__ value of 'format' is not a string");
}
