//===- GgufReaderTest.cpp - GGUF parser: testdata and malformed inputs
//------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/GgufReader.h"

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

namespace {

Expected<ParsedFile> parseTestdata(const std::string &name) {
  auto file = openFile(testdataPath("gguf/" + name));
  if (!file)
    return file.takeStatus();
  return parseGgufFile(*file);
}

Expected<ParsedFile> parseBytes(const std::string &bytes,
                                const ParseOptions &options = {}) {
  return parseGgufFile(makeMemoryFile(bytes), options);
}

/// Builds small GGUF files.
struct Gguf {
  std::string kvs, infos;
  uint64_t kvCount = 0, tensorCount = 0;
  uint32_t version = 3;
  uint32_t alignment = 32;
  uint64_t dataBytes = 0;

  static void u32(std::string &s, uint32_t v) { s.append((const char *)&v, 4); }
  static void u64(std::string &s, uint64_t v) { s.append((const char *)&v, 8); }
  static void str(std::string &s, const std::string &v) {
    u64(s, v.size());
    s += v;
  }

  Gguf &kvU32(const std::string &key, uint32_t value) {
    str(kvs, key);
    u32(kvs, 4);
    u32(kvs, value);
    ++kvCount;
    return *this;
  }
  Gguf &kvRaw(const std::string &key, uint32_t type,
              const std::string &payload) {
    str(kvs, key);
    u32(kvs, type);
    kvs += payload;
    ++kvCount;
    return *this;
  }
  Gguf &tensor(const std::string &name, std::vector<uint64_t> dims,
               uint32_t type, uint64_t offset) {
    str(infos, name);
    u32(infos, (uint32_t)dims.size());
    for (uint64_t d : dims)
      u64(infos, d);
    u32(infos, type);
    u64(infos, offset);
    ++tensorCount;
    return *this;
  }
  std::string build() const {
    std::string out = "GGUF";
    u32(out, version);
    u64(out, tensorCount);
    u64(out, kvCount);
    out += kvs + infos;
    while (out.size() % alignment)
      out.push_back('\0');
    out.append(dataBytes, '\0');
    return out;
  }
};

} // namespace

TEST(GgufReader, Testdata) {
  auto empty = parseTestdata("empty.gguf");
  ASSERT_TRUE(empty) << empty.status().toString();
  EXPECT_TRUE(empty->entries.empty());
  EXPECT_EQ(empty->fileMetadata.size(), 6u); // KVs parsed even with 0 tensors

  for (const char *name : {"single.gguf", "single_v2.gguf"}) {
    auto parsed = parseTestdata(name);
    ASSERT_TRUE(parsed) << parsed.status().toString();
    ASSERT_EQ(parsed->entries.size(), 1u);
    const ParameterEntry &e = parsed->entries[0];
    EXPECT_EQ(e.key(), "tensor0");
    EXPECT_EQ(e.offset(), 384u);
    EXPECT_EQ(e.length(), 16u);
    EXPECT_EQ(e.type(), EntryType::File);
    EXPECT_TRUE(e.metadata().empty());
    ASSERT_TRUE(e.tensorInfo());
    EXPECT_EQ(e.tensorInfo()->dtype, "F32");
    EXPECT_EQ(e.tensorInfo()->dims, (std::vector<uint64_t>{2, 2}));
    // Duplicate KV keys are accepted; alignment 64 from general.alignment.
    EXPECT_EQ(parsed->fileMetadata[0].first, "general.architecture");
    EXPECT_EQ(parsed->fileMetadata[1].first, "general.architecture");
    EXPECT_EQ(parsed->fileMetadata[2].second, "64");
    EXPECT_EQ(parsed->fileMetadata[5].second, "[\"a\", \"b\", \"c\"]");
  }

  auto parsed = parseTestdata("multiple.gguf");
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 3u);
  uint64_t offsets[] = {448, 512, 576}, lengths[] = {16, 8, 48};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(parsed->entries[i].key(), "tensor" + std::to_string(i));
    EXPECT_EQ(parsed->entries[i].offset(), offsets[i]);
    EXPECT_EQ(parsed->entries[i].length(), lengths[i]);
  }
  // GGUF dims are innermost-first; TENSOR_INFO is outermost-first.
  EXPECT_EQ(parsed->entries[2].tensorInfo()->dims,
            (std::vector<uint64_t>{4, 3}));
}

TEST(GgufReader, OnlyTheHeaderIsRead) {
  Gguf g;
  g.dataBytes = 64 << 20;
  g.tensor("big", {16u << 20}, 0, 0);
  auto file = makeMemoryFile(g.build());
  auto parsed = parseGgufFile(file);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].length(), 64u << 20);
  EXPECT_LT(file->bytesRead(), 128u * 1024);
}

TEST(GgufReaderMalformed, EveryTruncationFailsCleanly) {
  std::string bytes = readFile(testdataPath("gguf/multiple.gguf"));
  for (size_t n = 0; n < 624; ++n)
    EXPECT_FALSE(parseBytes(bytes.substr(0, n))) << n;
  EXPECT_TRUE(parseBytes(bytes.substr(0, 624)));
}

TEST(GgufReaderMalformed, MagicAndVersions) {
  std::string bytes = readFile(testdataPath("gguf/single.gguf"));
  std::string bad = bytes;
  bad[0] = 'X';
  EXPECT_FAILS_WITH(
      parseBytes(bad).status(), StatusCode::InvalidArgument,
      "GGUF file magic missing or invalid 46554758; expected 46554747");
  bad = bytes;
  put32(bad, 4, 1);
  EXPECT_FAILS_WITH(
      parseBytes(bad).status(), StatusCode::Unimplemented,
      "GGUF format version 1 is unsupported; expected version 2-3");
  put32(bad, 4, 4);
  EXPECT_FAILS_WITH(parseBytes(bad).status(), StatusCode::Unimplemented,
                    "GGUF format version 4 is unsupported");
  put32(bad, 4, 0x03000000);
  EXPECT_FAILS_WITH(parseBytes(bad).status(), StatusCode::Unimplemented,
                    "big-endian GGUF files are not supported");
}

TEST(GgufReaderMalformed, HugeCounts) {
  std::string bytes = readFile(testdataPath("gguf/single.gguf"));
  put64(bytes, 16, UINT64_MAX); // KV count
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "file buffer underrun");
  bytes = readFile(testdataPath("gguf/single.gguf"));
  put64(bytes, 8, UINT64_MAX); // tensor count
  // The zero padding parses as empty tensor infos until the data bytes
  // make an absurd dims count.
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::InvalidArgument,
      "tensor '' has 16256 dims (max 8); while parsing tensor info 3");
  // A string length that overflows.
  bytes = readFile(testdataPath("gguf/single.gguf"));
  put64(bytes, 24, UINT64_MAX - 2);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "file buffer underrun parsing 18446744073709551613 byte "
                    "value (metadata key at offset 32");
  // An array of 2^62 u32 elements.
  std::string payload;
  Gguf::u32(payload, 4);
  Gguf::u64(payload, 1ull << 62);
  EXPECT_FAILS_WITH(parseBytes(Gguf().kvRaw("a", 9, payload).build()).status(),
                    StatusCode::OutOfRange,
                    "file buffer underrun parsing array");
}

TEST(GgufReaderMalformed, UnsupportedTensorType) {
  // irpa-format.md §9 [SLUICE] 5: removed (Q4_2 = 4) and unknown GGML types.
  Gguf removed;
  removed.tensor("t", {32}, 4, 0);
  removed.dataBytes = 32;
  EXPECT_FAILS_WITH(parseBytes(removed.build()).status(),
                    StatusCode::Unimplemented,
                    "GGML tensor type 4 not supported");
  Gguf unknown;
  unknown.tensor("t", {32}, 1000, 0);
  unknown.dataBytes = 32;
  EXPECT_FAILS_WITH(parseBytes(unknown.build()).status(),
                    StatusCode::Unimplemented,
                    "GGML tensor type 1000 not supported");
}

TEST(GgufReaderMalformed, Alignment) {
  EXPECT_FAILS_WITH(
      parseBytes(
          Gguf().kvRaw("general.alignment", 10, std::string(8, '\0')).build())
          .status(),
      StatusCode::InvalidArgument,
      "general.alignment metadata value must be uint32");
  EXPECT_FAILS_WITH(
      parseBytes(Gguf().kvU32("general.alignment", 0).build()).status(),
      StatusCode::InvalidArgument, "general.alignment must be non-zero");
  // The last duplicate wins; a non power of two warns.
  Gguf g;
  g.kvU32("general.alignment", 64)
      .kvU32("general.alignment", 48)
      .tensor("t", {4}, 0, 0);
  g.alignment = 48;
  g.dataBytes = 16;
  auto parsed = parseBytes(g.build());
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].offset() % 48, 0u);
  EXPECT_FALSE(parsed->warnings.empty());
  // Misaligned tensor offsets warn and disable zero-copy.
  Gguf m;
  m.tensor("t", {4}, 0, 4);
  m.dataBytes = 32;
  parsed = parseBytes(m.build());
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_FALSE(parsed->entries[0].aligned());
}

TEST(GgufReaderMalformed, KvTypes) {
  EXPECT_FAILS_WITH(parseBytes(Gguf().kvRaw("k", 13, "").build()).status(),
                    StatusCode::InvalidArgument,
                    "unsupported metadata value type 13");
  // Nested arrays are skipped recursively, up to depth 8.
  std::string nested;
  for (int depth = 0; depth < 3; ++depth) {
    Gguf::u32(nested, 9);
    Gguf::u64(nested, 1);
  }
  Gguf::u32(nested, 0);
  Gguf::u64(nested, 2);
  nested += "ab";
  auto parsed = parseBytes(Gguf().kvRaw("k", 9, nested).build());
  ASSERT_TRUE(parsed) << parsed.status().toString();
  std::string deep;
  for (int depth = 0; depth < 10; ++depth) {
    Gguf::u32(deep, 9);
    Gguf::u64(deep, 1);
  }
  EXPECT_FAILS_WITH(parseBytes(Gguf().kvRaw("k", 9, deep).build()).status(),
                    StatusCode::InvalidArgument, "nested deeper than 8 levels");
}

TEST(GgufReaderMalformed, TensorInfos) {
  Gguf g;
  g.tensor("t", std::vector<uint64_t>(9, 1), 0, 0);
  EXPECT_FAILS_WITH(parseBytes(g.build()).status(), StatusCode::InvalidArgument,
                    "tensor 't' has 9 dims (max 8)");
  Gguf o;
  o.tensor("t", {1ull << 40, 1ull << 40}, 0, 0);
  EXPECT_FAILS_WITH(parseBytes(o.build()).status(), StatusCode::InvalidArgument,
                    "tensor 't' element count overflows");
  Gguf b;
  b.tensor("q", {100}, 2, 0);
  b.dataBytes = 1024;
  EXPECT_FAILS_WITH(
      parseBytes(b.build()).status(), StatusCode::InvalidArgument,
      "tensor 'q' has 100 elements, not a multiple of the Q4_0 block size 32");
  for (uint32_t removed : {4u, 5u, 31u, 36u, 40u, 1000u}) {
    Gguf r;
    r.tensor("r", {256}, removed, 0);
    r.dataBytes = 4096;
    EXPECT_FAILS_WITH(parseBytes(r.build()).status(), StatusCode::Unimplemented,
                      "GGML tensor type " + std::to_string(removed) +
                          " not supported");
  }
  Gguf range;
  range.tensor("t", {4}, 0, 32);
  range.dataBytes = 32;
  EXPECT_FAILS_WITH(parseBytes(range.build()).status(),
                    StatusCode::InvalidArgument,
                    "entry has data offsets outside of the available data "
                    "(begin=32, end=48, available=32)");
  Gguf wrap;
  wrap.tensor("t", {4}, 0, UINT64_MAX - 4);
  EXPECT_FAILS_WITH(parseBytes(wrap.build()).status(),
                    StatusCode::InvalidArgument,
                    "entry has data offsets outside of the available data");
}

TEST(GgufReader, ModernTypeTable) {
  // IQ2_XXS (16): 256-element blocks of 66 bytes; BF16 (30); I8 (24).
  Gguf g;
  g.tensor("iq", {512, 2}, 16, 0)
      .tensor("bf", {10}, 30, 320)
      .tensor("i8", {3}, 24, 352);
  g.dataBytes = 384;
  auto parsed = parseBytes(g.build());
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].length(), 4u * 66u);
  EXPECT_EQ(parsed->entries[0].tensorInfo()->dtype, "IQ2_XXS");
  EXPECT_EQ(parsed->entries[1].length(), 20u);
  EXPECT_EQ(parsed->entries[2].length(), 3u);
}

TEST(GgufReader, IndexCap) {
  ParseOptions options;
  options.indexMaxBytes = 100;
  auto file = openFile(testdataPath("gguf/single.gguf"));
  ASSERT_TRUE(file);
  EXPECT_FAILS_WITH(parseGgufFile(*file, options).status(),
                    StatusCode::ResourceExhausted,
                    "GGUF header exceeds --parameter_index_max_bytes=100");
}
