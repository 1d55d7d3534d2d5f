//===- IrpaReaderTest.cpp - IRPA parser: testdata and malformed inputs
//------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/IrpaReader.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/Slmd.h"
#include "sluice/Runtime/Archive/Verify.h"

#include <cstring>

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

namespace {

Expected<ParsedFile> parseBytes(const std::string &bytes,
                                const ParseOptions &options = {}) {
  return parseIrpaFile(makeMemoryFile(bytes), options);
}

Expected<ParsedFile> parseTestdata(const std::string &name) {
  auto file = openFile(testdataPath("irpa/" + name));
  if (!file)
    return file.takeStatus();
  return parseIrpaFile(*file);
}

std::string single() { return readFile(testdataPath("irpa/single.irpa")); }
std::string mixed() { return readFile(testdataPath("irpa/mixed.irpa")); }

bool hasWarning(const ParsedFile &parsed, const std::string &text) {
  for (const std::string &w : parsed.warnings)
    if (w.find(text) != std::string::npos)
      return true;
  return false;
}

// Offsets in single.irpa (testdata/README.md).
constexpr size_t kEntry = 0x60;
constexpr size_t kEntrySize = kEntry + 0, kNameOffset = kEntry + 20,
                 kNameLength = kEntry + 28, kMetaOffset = kEntry + 36,
                 kMetaLength = kEntry + 44, kMinAlign = kEntry + 52,
                 kStorageOffset = kEntry + 60, kStorageLength = kEntry + 68;

} // namespace

//===----------------------------------------------------------------------===//
// Testdata
//===----------------------------------------------------------------------===//

TEST(IrpaReader, Empty) {
  auto parsed = parseTestdata("empty.irpa");
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_TRUE(parsed->entries.empty());
  EXPECT_TRUE(parsed->warnings.empty());
}

TEST(IrpaReader, Single) {
  auto parsed = parseTestdata("single.irpa");
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 1u);
  const ParameterEntry &e = parsed->entries[0];
  EXPECT_EQ(e.key(), "key0");
  EXPECT_EQ(e.type(), EntryType::File);
  EXPECT_EQ(e.offset(), 192u);
  EXPECT_EQ(e.length(), 16u);
  EXPECT_EQ(e.requiredAlignment(), 64u);
  EXPECT_TRUE(e.aligned());
  EXPECT_TRUE(e.metadata().empty());
  float values[4];
  ASSERT_TRUE(readEntryBytes(e, 0, values, 16).isOk());
  for (float v : values)
    EXPECT_EQ(v, 100.0f);
}

TEST(IrpaReader, Multiple) {
  auto parsed = parseTestdata("multiple.irpa");
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 2u);
  EXPECT_EQ(parsed->entries[0].key(), "key0");
  EXPECT_EQ(parsed->entries[0].offset(), 320u);
  EXPECT_EQ(parsed->entries[0].length(), 16u);
  EXPECT_EQ(parsed->entries[1].key(), "key1");
  EXPECT_EQ(parsed->entries[1].offset(), 384u);
  EXPECT_EQ(parsed->entries[1].length(), 5u);
  float f;
  ASSERT_TRUE(readEntryBytes(parsed->entries[0], 4, &f, 4).isOk());
  EXPECT_EQ(f, 100.1f);
  char bytes[5];
  ASSERT_TRUE(readEntryBytes(parsed->entries[1], 0, bytes, 5).isOk());
  EXPECT_EQ(std::string(bytes, 5), "eeeee");
}

TEST(IrpaReader, Mixed) {
  auto file = openFile(testdataPath("irpa/mixed.irpa"));
  ASSERT_TRUE(file);
  auto parsed = parseIrpaFile(*file);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 4u);
  const auto &e = parsed->entries;
  EXPECT_EQ(e[0].key(), "key2");
  EXPECT_EQ(e[0].type(), EntryType::Splat);
  EXPECT_EQ(e[0].length(), 1u);
  EXPECT_EQ(e[0].patternLength(), 1u);
  EXPECT_EQ(e[0].pattern()[0], 102);
  EXPECT_EQ(e[1].key(), "key3");
  EXPECT_EQ(e[1].type(), EntryType::Splat);
  EXPECT_EQ(e[1].length(), 33554432u);
  EXPECT_EQ(e[1].patternLength(), 8u);
  int64_t v;
  std::memcpy(&v, e[1].pattern().data(), 8);
  EXPECT_EQ(v, INT64_MAX);
  for (int i = 8; i < 16; ++i)
    EXPECT_EQ(e[1].pattern()[i], 0);
  EXPECT_EQ(e[2].key(), "key0");
  EXPECT_EQ(e[2].offset(), 512u);
  EXPECT_EQ(e[2].length(), 16u);
  EXPECT_EQ(e[3].key(), "key1");
  EXPECT_EQ(e[3].offset(), 576u);
  EXPECT_EQ(e[3].length(), 5u);
  // Only the prefix, header, entry table and metadata were read.
  EXPECT_EQ((*file)->bytesRead(), 32u + 88u + 0x15Cu + 0x10u);
}

//===----------------------------------------------------------------------===//
// Header and segment validation
//===----------------------------------------------------------------------===//

TEST(IrpaReaderMalformed, EveryTruncationFailsCleanly) {
  std::string bytes = mixed();
  for (size_t n = 0; n < 0x245; ++n) {
    auto parsed = parseBytes(bytes.substr(0, n));
    ASSERT_FALSE(parsed) << "prefix of " << n << " bytes parsed";
  }
  // Beyond the last data byte the trailing zero padding is not needed.
  EXPECT_TRUE(parseBytes(bytes.substr(0, 0x245)));
}

TEST(IrpaReaderMalformed, TooSmall) {
  EXPECT_FAILS_WITH(parseBytes("").status(), StatusCode::InvalidArgument,
                    "not enough bytes for a valid IRPA header; file may be "
                    "empty or truncated");
  EXPECT_FAILS_WITH(parseBytes(single().substr(0, 31)).status(),
                    StatusCode::InvalidArgument,
                    "not enough bytes for a valid IRPA header");
  EXPECT_FAILS_WITH(parseBytes(single().substr(0, 40)).status(),
                    StatusCode::OutOfRange,
                    "file buffer underrun parsing header of reported size 88 "
                    "(only 40 bytes available)");
}

TEST(IrpaReaderMalformed, BadMagic) {
  std::string bytes = single();
  bytes[0] = 'X';
  auto parsed = parseBytes(bytes);
  EXPECT_FAILS_WITH(
      parsed.status(), StatusCode::InvalidArgument,
      "IRPA file magic missing or invalid 41505258; expected 41505249");
  EXPECT_FAILS_WITH(parsed.status(), StatusCode::InvalidArgument,
                    "while parsing IRPA file '<memory>'");
}

TEST(IrpaReaderMalformed, Versions) {
  std::string bytes = single();
  put16(bytes, 4, 1);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::Unimplemented,
                    "IRPA major version 1.0 not supported by this runtime");

  bytes = single();
  put64(bytes, 8, 96);
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::InvalidArgument,
      "IRPA v0 header expected to be exactly 88 bytes but was reported as 96");

  // Newer minor versions are accepted with a warning.
  bytes = single();
  put16(bytes, 6, 3);
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries.size(), 1u);
  EXPECT_TRUE(hasWarning(*parsed, "IRPA minor version 0.3 is newer than this "
                                  "reader; unknown fields ignored"));
  put64(bytes, 8, 64);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::InvalidArgument,
                    "at least 88 bytes");
}

TEST(IrpaReaderMalformed, HugeHeaderSize) {
  std::string bytes = single();
  put64(bytes, 8, UINT64_MAX);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "file buffer underrun parsing header of reported size "
                    "18446744073709551615");
}

TEST(IrpaReaderMalformed, SegmentsOutOfRange) {
  std::string bytes = single();
  put64(bytes, 48, 5000); // entry segment length
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "file segment out of range (96 to 5096 for 5000, "
                    "file_size=4096); verifying entry table");
  bytes = single();
  put64(bytes, 56, 4095); // metadata segment offset
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "verifying metadata segment");
  bytes = single();
  put64(bytes, 72, UINT64_MAX - 4); // storage segment offset: overflows
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::OutOfRange,
      "file segment out of range (18446744073709551611 to 18446744073709551615 "
      "for 16, file_size=4096); verifying storage segment");
}

TEST(IrpaReaderMalformed, IndexSizeCap) {
  ParseOptions options;
  options.indexMaxBytes = 10;
  EXPECT_FAILS_WITH(parseBytes(single(), options).status(),
                    StatusCode::ResourceExhausted,
                    "more than --parameter_index_max_bytes=10");
}

//===----------------------------------------------------------------------===//
// Entry walk
//===----------------------------------------------------------------------===//

TEST(IrpaReaderMalformed, HugeEntryCount) {
  std::string bytes = single();
  put64(bytes, 32, UINT64_MAX);
  auto parsed = parseBytes(bytes);
  EXPECT_FAILS_WITH(
      parsed.status(), StatusCode::OutOfRange,
      "entry table truncated; insufficient bytes for base entry header");
  EXPECT_FAILS_WITH(parsed.status(), StatusCode::OutOfRange,
                    "while parsing entry 1 at entry table offset 80");
}

TEST(IrpaReaderMalformed, EntrySizes) {
  std::string bytes = single();
  put64(bytes, kEntrySize, 59);
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::OutOfRange,
      "entry table truncated; insufficient bytes for sized header");
  put64(bytes, kEntrySize, 77);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "insufficient bytes for sized header (entry_size=77, 76 "
                    "bytes left in the table); while parsing entry 0");
  put64(bytes, kEntrySize, UINT64_MAX);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "insufficient bytes for sized header");
  put64(bytes, kEntrySize, 70);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "data entry length underflow");
}

TEST(IrpaReaderMalformed, MetadataReferences) {
  std::string bytes = single();
  put64(bytes, kNameOffset, UINT64_MAX);
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::OutOfRange,
      "metadata segment reference out of range (18446744073709551615 to "
      "18446744073709551615 for 4, segment_size=4); resolving entry name");
  bytes = single();
  put64(bytes, kNameLength, 5);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "(0 to 5 for 5, segment_size=4); resolving entry name");
  bytes = single();
  put64(bytes, kMetaOffset, 2);
  put64(bytes, kMetaLength, 3);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "resolving entry metadata");
  // A zero-length reference is not checked (the reference writes {0, 0}).
  bytes = single();
  put64(bytes, kMetaOffset, 12345);
  EXPECT_TRUE(parseBytes(bytes));
}

TEST(IrpaReaderMalformed, StorageReferences) {
  std::string bytes = single();
  put64(bytes, kStorageOffset, 8);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "storage segment reference out of range (8 to 24 for 16, "
                    "segment_size=16); entry 'key0'");
  put64(bytes, kStorageOffset, UINT64_MAX - 3);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "storage segment reference out of range");
  // A zero-length DATA entry has offset 0 whatever its storage offset.
  bytes = single();
  put64(bytes, kStorageOffset, UINT64_MAX);
  put64(bytes, kStorageLength, 0);
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].offset(), 0u);
  EXPECT_EQ(parsed->entries[0].length(), 0u);
}

TEST(IrpaReaderMalformed, SplatEntries) {
  constexpr size_t kSplat = 0x60, kPatternLength = kSplat + 84,
                   kLength = kSplat + 60;
  std::string bytes = mixed();
  bytes[kPatternLength] = 3;
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::InvalidArgument,
                    "splat entry 'key2' has invalid pattern length 3");
  bytes[kPatternLength] = 17;
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::InvalidArgument,
                    "splat pattern length 17 out of bounds 16");
  bytes[kPatternLength] = 0;
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::InvalidArgument,
                    "invalid pattern length 0");
  put64(bytes, kLength, 0); // pattern length 0 is fine for an empty splat
  EXPECT_TRUE(parseBytes(bytes));

  bytes = mixed();
  put64(bytes, kSplat, 80);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "splat entry length underflow");

  // Length not a multiple of the pattern: accepted with a warning.
  bytes = mixed();
  put64(bytes, 0xC0 + 60, 33554431);
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_TRUE(hasWarning(*parsed, "splat entry 'key3' has length 33554431, not "
                                  "a multiple of its pattern length 8"));
}

TEST(IrpaReader, SplatPhase) {
  auto parsed = parseBytes(mixed());
  ASSERT_TRUE(parsed);
  EntrySpec spec;
  spec.key = parsed->entries[1].key();
  spec.type = EntryType::Splat;
  spec.length = parsed->entries[1].length();
  spec.patternLength = 8;
  for (int i = 0; i < 8; ++i)
    spec.pattern[i] = (uint8_t)i;
  EntryTable table;
  ASSERT_TRUE(table.add(spec).isOk());
  const ParameterEntry &splat = table[0];
  uint8_t out[5];
  ASSERT_TRUE(readEntryBytes(splat, 13, out, 5).isOk());
  EXPECT_EQ(out[0], 5);
  EXPECT_EQ(out[2], 7);
  EXPECT_EQ(out[3], 0);
  EXPECT_EQ(out[4], 1);
  EXPECT_FAILS_WITH(readEntryBytes(splat, 33554430, out, 5),
                    StatusCode::OutOfRange, "range out of bounds");
  EXPECT_FAILS_WITH(readEntryBytes(splat, UINT64_MAX, out, 5),
                    StatusCode::OutOfRange, "range out of bounds");
}

// The entry table is read through a 1 MiB window: a table of several
// windows, with entries straddling window boundaries, parses exactly as
// written.
TEST(IrpaReader, TablesLargerThanTheReadWindow) {
  TempDir dir;
  IrpaBuilder builder;
  const int count = 30000; // ~2.4 MB of entry table
  for (int i = 0; i < count; ++i) {
    if (i % 3 == 0)
      ASSERT_TRUE(builder.addSplat("s" + std::to_string(i), "\x07", 9).isOk());
    else
      ASSERT_TRUE(builder
                      .addData("d" + std::to_string(i), (uint64_t)(i % 5) + 1,
                               DataSource::zeros(), 16)
                      .isOk());
  }
  WriterOptions options;
  options.durable = false;
  auto written = builder.write(dir.file("big.irpa"), options);
  ASSERT_TRUE(written) << written.status().toString();
  auto file = openFile(dir.file("big.irpa"));
  ASSERT_TRUE(file);
  auto parsed = parseIrpaFile(*file);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), (size_t)count);
  EXPECT_GT(written->entrySegmentLength, 2u << 20);
  for (int i = 0; i < count; ++i) {
    const ParameterEntry &e = parsed->entries[i];
    ASSERT_EQ(e.key(), (i % 3 == 0 ? "s" : "d") + std::to_string(i));
    ASSERT_EQ(e.sourceEntryIndex(), (uint64_t)i);
    if (i % 3 == 0) {
      ASSERT_EQ(e.type(), EntryType::Splat);
      ASSERT_EQ(e.splatByte(5), 7);
    } else {
      ASSERT_EQ(e.offset(), written->entries[i].dataOffset);
      ASSERT_EQ(e.length(), (uint64_t)(i % 5) + 1);
    }
  }
}

// An entry larger than the read window (a SKIP entry padded to 1.5 MiB) is
// stepped over; the entry after it is read from a fresh window.
TEST(IrpaReader, EntryLargerThanTheReadWindow) {
  const uint64_t skipSize = 3ull << 19; // 1.5 MiB
  const uint64_t tableLength = skipSize + 76;
  const uint64_t metaOffset = 96 + tableLength;
  const uint64_t storageOffset = (metaOffset + 2 + 63) / 64 * 64;
  std::string bytes(storageOffset + 64, '\0');
  std::memcpy(bytes.data(), "IRPA", 4);
  put64(bytes, 8, 88);  // header size
  put64(bytes, 32, 2);  // entry count
  put64(bytes, 40, 96); // entry segment
  put64(bytes, 48, tableLength);
  put64(bytes, 56, metaOffset); // metadata segment
  put64(bytes, 64, 2);
  put64(bytes, 72, storageOffset); // storage segment
  put64(bytes, 80, 4);
  put64(bytes, 96, skipSize); // entry 0: SKIP, name "a"
  put32(bytes, 96 + 8, 0);
  put64(bytes, 96 + 20, 0);
  put64(bytes, 96 + 28, 1);
  const size_t data = 96 + skipSize; // entry 1: DATA "b", 4 bytes
  put64(bytes, data, 76);
  put32(bytes, data + 8, 2);
  put64(bytes, data + 20, 1);
  put64(bytes, data + 28, 1);
  put64(bytes, data + 52, 64);
  put64(bytes, data + 60, 0);
  put64(bytes, data + 68, 4);
  bytes[metaOffset] = 'a';
  bytes[metaOffset + 1] = 'b';
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 1u);
  EXPECT_EQ(parsed->entries[0].key(), "b");
  EXPECT_EQ(parsed->entries[0].offset(), storageOffset);
  EXPECT_EQ(parsed->entries[0].sourceEntryIndex(), 1u);
}

TEST(IrpaReader, UnknownTypesAreSkipped) {
  std::string bytes = mixed();
  put32(bytes, 0x60 + 8, 9);
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries.size(), 3u);
  EXPECT_TRUE(
      hasWarning(*parsed, "skipping IRPA entry 'key2' of unknown type 9"));
  // SKIP entries are ignored silently.
  put32(bytes, 0x60 + 8, 0);
  parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->entries.size(), 3u);
  EXPECT_TRUE(parsed->warnings.empty());
}

TEST(IrpaReader, MisalignedDataWarns) {
  std::string bytes = single();
  put64(bytes, kMinAlign, 128);
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed);
  EXPECT_FALSE(parsed->entries[0].aligned());
  EXPECT_TRUE(hasWarning(
      *parsed,
      "data offset 192 is not a multiple of its minimum alignment 128"));
}

TEST(IrpaReader, LinkedHeaders) {
  // Two copies of single.irpa; the first links to the second at 4096.
  std::string first = single(), second = single();
  put64(first, 16, 4096);
  std::string bytes = first + second;
  bytes[4096 + 0xAC + 3] = '1'; // rename the second key to key1
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(), 2u);
  EXPECT_EQ(parsed->entries[0].key(), "key0");
  EXPECT_EQ(parsed->entries[0].offset(), 192u);
  EXPECT_EQ(parsed->entries[1].key(), "key1");
  EXPECT_EQ(parsed->entries[1].offset(), 4096u + 192u);

  put64(bytes, 16, 8180);
  EXPECT_FAILS_WITH(
      parseBytes(bytes).status(), StatusCode::OutOfRange,
      "file buffer underrun verifying linked header at offset 8180");
  put64(bytes, 16, UINT64_MAX);
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::OutOfRange,
                    "file buffer underrun verifying linked header");
  // Errors in a linked header say which one.
  put64(bytes, 16, 4096);
  bytes[4096] = 'X';
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::InvalidArgument,
                    "IRPA file magic missing or invalid 41505258; expected "
                    "41505249; in the linked header at offset 4096");
}

TEST(IrpaReader, CriticalUnknownSlmdRecordRejectsEntry) {
  // Build an SLMD blob with one critical record of unknown tag 0x0042.
  std::string blob = "SLMD";
  blob += std::string("\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00", 12);
  blob += std::string("\x42\x00\x01\x00\x00\x00\x00\x00", 8);
  std::string bytes = single();
  // Metadata segment: "key0" + blob, moved to the end of the file.
  std::string meta = "key0" + blob;
  bytes.replace(0x300, meta.size(), meta);
  put64(bytes, 56, 0x300);
  put64(bytes, 64, meta.size());
  put64(bytes, kMetaOffset, 4);
  put64(bytes, kMetaLength, blob.size());
  EXPECT_FAILS_WITH(parseBytes(bytes).status(), StatusCode::Unimplemented,
                    "SLMD record with unknown tag 0x0042 is marked critical");
  // The same record without the critical bit is ignored.
  bytes[0x300 + 4 + 16 + 2] = 0;
  auto parsed = parseBytes(bytes);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].metadata(),
            blob.substr(0, 18) + std::string(1, '\0') + blob.substr(19));
}
