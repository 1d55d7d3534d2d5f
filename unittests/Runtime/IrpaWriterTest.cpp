//===- IrpaWriterTest.cpp - Byte-exact writer, extensions, atomicity
//--------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/IrpaReader.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "sluice/Runtime/Archive/Verify.h"

#include <cstring>
#include <sys/stat.h>

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

namespace {

std::string f32Pattern(float v) {
  return std::string(reinterpret_cast<const char *>(&v), 4);
}

Expected<ParsedFile> parsePath(const std::string &path,
                               const ParseOptions &options = {}) {
  auto file = openFile(path);
  if (!file)
    return file.takeStatus();
  return parseIrpaFile(*file, options);
}

} // namespace

//===----------------------------------------------------------------------===//
// Byte-exact reproduction of the reference archives
//===----------------------------------------------------------------------===//

TEST(IrpaWriter, ReproducesEmpty) {
  TempDir dir;
  IrpaBuilder builder;
  auto result = builder.write(dir.file("empty.irpa"));
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(result->fileSize, 4096u);
  EXPECT_EQ(readFile(dir.file("empty.irpa")),
            readFile(testdataPath("irpa/empty.irpa")));
}

TEST(IrpaWriter, ReproducesSingle) {
  TempDir dir;
  IrpaBuilder builder;
  ASSERT_TRUE(
      builder.addData("key0", 16, DataSource::pattern(f32Pattern(100.0f)))
          .isOk());
  auto result = builder.write(dir.file("single.irpa"));
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(result->storageSegmentOffset, 0xC0u);
  EXPECT_EQ(result->entries[0].dataOffset, 192u);
  EXPECT_EQ(readFile(dir.file("single.irpa")),
            readFile(testdataPath("irpa/single.irpa")));
}

TEST(IrpaWriter, ReproducesMultiple) {
  TempDir dir;
  IrpaBuilder builder;
  ASSERT_TRUE(
      builder.addData("key0", 16, DataSource::pattern(f32Pattern(100.1f)))
          .isOk());
  ASSERT_TRUE(builder.addData("key1", 5, DataSource::inMemory("eeeee")).isOk());
  auto result = builder.write(dir.file("multiple.irpa"));
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(readFile(dir.file("multiple.irpa")),
            readFile(testdataPath("irpa/multiple.irpa")));
}

TEST(IrpaWriter, ReproducesMixed) {
  TempDir dir;
  IrpaBuilder builder;
  int64_t max = INT64_MAX;
  ASSERT_TRUE(builder.addSplat("key2", "\x66", 1).isOk());
  ASSERT_TRUE(
      builder
          .addSplat("key3",
                    std::string(reinterpret_cast<const char *>(&max), 8),
                    33554432)
          .isOk());
  ASSERT_TRUE(
      builder.addData("key0", 16, DataSource::pattern(f32Pattern(100.1f)))
          .isOk());
  // key1 streamed from a file.
  writeFile(dir.file("key1.bin"), "eeeee");
  auto source = openFile(dir.file("key1.bin"));
  ASSERT_TRUE(source);
  ASSERT_TRUE(
      builder.addData("key1", 5, DataSource::fileRange(*source, 0)).isOk());
  auto layout = builder.layout();
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->entrySegmentLength, 0x15Cu);
  EXPECT_EQ(layout->metadataSegmentOffset, 0x1BCu);
  EXPECT_EQ(layout->storageSegmentOffset, 0x200u);
  EXPECT_EQ(layout->storageSegmentLength, 0x45u);
  auto result = builder.write(dir.file("mixed.irpa"));
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(readFile(dir.file("mixed.irpa")),
            readFile(testdataPath("irpa/mixed.irpa")));
}

// The derived expectation of testdata/README.md: convert a + b.
TEST(IrpaWriter, ConvertAPlusBSha256) {
  ParameterScopes scopes;
  ASSERT_TRUE(
      scopes
          .addFile("a", testdataPath(
                            "safetensors/tools_test/parameters_a.safetensors"))
          .isOk());
  ASSERT_TRUE(
      scopes
          .addFile("b", testdataPath(
                            "safetensors/tools_test/parameters_b.safetensors"))
          .isOk());
  IrpaBuilder builder;
  for (const auto &scope : scopes.scopes())
    for (const ParameterEntry &e : *scope.index)
      ASSERT_TRUE(builder
                      .addData(std::string(e.key()), e.length(),
                               DataSource::fileRange(e.file(), e.offset()))
                      .isOk());
  TempDir dir;
  auto result = builder.write(dir.file("out.irpa"));
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(result->entrySegmentLength, 316u);
  EXPECT_EQ(result->metadataSegmentOffset, 412u);
  EXPECT_EQ(result->storageSegmentOffset, 448u);
  EXPECT_EQ(result->storageSegmentLength, 320u);
  std::string bytes = readFile(dir.file("out.irpa"));
  EXPECT_EQ(bytes.size(), 4096u);
  EXPECT_EQ(sha256Hex(bytes),
            "5235f35c9abc91217c99bb195b798dc873ff12bb37ebc5131edb80bcdc9a6deb");
}

//===----------------------------------------------------------------------===//
// Validation and atomicity
//===----------------------------------------------------------------------===//

TEST(IrpaWriter, RejectsBadDeclarations) {
  IrpaBuilder builder;
  EXPECT_FAILS_WITH(builder.addData("a", 4, DataSource::zeros(), 48),
                    StatusCode::InvalidArgument,
                    "alignment must be a power of two (got 48)");
  EXPECT_FAILS_WITH(builder.addData("a", 4, DataSource::zeros(), 0),
                    StatusCode::InvalidArgument,
                    "alignment must be a power of two (got 0)");
  EXPECT_FAILS_WITH(builder.addSplat("s", "abc", 3),
                    StatusCode::InvalidArgument, "invalid pattern length 3");
  EXPECT_FAILS_WITH(builder.addData("a", 4, DataSource::inMemory("abc")),
                    StatusCode::InvalidArgument,
                    "has 3 bytes of data but declares length 4");
  EXPECT_FAILS_WITH(
      builder.addData("a", 4, DataSource::fileRange(makeMemoryFile("abc"), 0)),
      StatusCode::OutOfRange, "source range");
  ASSERT_TRUE(
      builder.addData("a", UINT64_MAX - 10, DataSource::zeros()).isOk());
  ASSERT_TRUE(builder.addData("b", 100, DataSource::zeros()).isOk());
  EXPECT_FAILS_WITH(builder.layout().status(), StatusCode::InvalidArgument,
                    "archive layout overflows 64-bit offsets");
  EXPECT_FAILS_WITH(IrpaBuilder().write("").status(),
                    StatusCode::InvalidArgument, "--output= is required");
}

TEST(IrpaWriter, FailedWriteLeavesNothingBehind) {
  TempDir dir;
  writeFile(dir.file("out.irpa"), "previous contents");
  writeFile(dir.file("src.bin"), std::string(1000, 'x'));
  auto source = openFile(dir.file("src.bin"));
  ASSERT_TRUE(source);
  IrpaBuilder builder;
  ASSERT_TRUE(
      builder.addData("k", 1000, DataSource::fileRange(*source, 0)).isOk());
  ASSERT_TRUE(::truncate(dir.file("src.bin").c_str(), 10) ==
              0); // source shrinks
  auto result = builder.write(dir.file("out.irpa"));
  EXPECT_FAILS_WITH(result.status(), StatusCode::DataLoss,
                    "while writing the data of entry 'k'");
  EXPECT_EQ(readFile(dir.file("out.irpa")), "previous contents");
  EXPECT_EQ(dir.list(), (std::vector<std::string>{"out.irpa", "src.bin"}));
  // Unwritable destination directory.
  EXPECT_FAILS_WITH(builder.write(dir.file("missing/out.irpa")).status(),
                    StatusCode::NotFound, "creating temporary file");
}

TEST(IrpaWriter, StreamsLargeDataInBoundedChunks) {
  TempDir dir;
  IrpaBuilder builder;
  const uint64_t big = 40ull << 20;
  ASSERT_TRUE(
      builder.addData("big", big, DataSource::pattern("\x01\x02\x03\x04"))
          .isOk());
  WriterOptions options;
  options.bufferBytes = 1 << 20;
  uint64_t calls = 0, last = 0;
  options.progress = [&](uint64_t done, uint64_t total) {
    ++calls;
    last = done;
    EXPECT_EQ(total, big);
  };
  auto result = builder.write(dir.file("big.irpa"), options);
  ASSERT_TRUE(result) << result.status().toString();
  EXPECT_EQ(calls, 40u);
  EXPECT_EQ(last, big);
  auto parsed = parsePath(dir.file("big.irpa"));
  ASSERT_TRUE(parsed);
  uint8_t bytes[6];
  ASSERT_TRUE(readEntryBytes(parsed->entries[0], big - 6, bytes, 6).isOk());
  EXPECT_EQ(bytes[0], 3);
  EXPECT_EQ(bytes[5], 4);
}

// Index building never touches the data: a 100 GiB sparse archive parses
// after reading a few kilobytes (parameter-runtime.md §13 #1: < 1 MiB).
TEST(IrpaWriter, IndexOfHugeSparseArchiveReadsOnlyHeaders) {
  TempDir dir;
  IrpaBuilder builder;
  for (int i = 0; i < 100; ++i)
    ASSERT_TRUE(
        builder
            .addData("w" + std::to_string(i), 1ull << 30, DataSource::zeros())
            .isOk());
  WriterOptions options;
  options.durable = false;
  auto result = builder.write(dir.file("huge.irpa"), options);
  ASSERT_TRUE(result) << result.status().toString();
  auto file = openFile(dir.file("huge.irpa"));
  ASSERT_TRUE(file);
  EXPECT_GT((*file)->size(), 100ull << 30);
  auto parsed = parseIrpaFile(*file);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->entries.size(), 100u);
  EXPECT_LT((*file)->bytesRead(), 16384u);
}

//===----------------------------------------------------------------------===//
// Extensions
//===----------------------------------------------------------------------===//

TEST(IrpaWriter, ChecksumsRoundTripAndDetectCorruption) {
  for (ChecksumAlgorithm algorithm :
       {ChecksumAlgorithm::Crc32c, ChecksumAlgorithm::Sha256}) {
    TempDir dir;
    IrpaBuilder builder;
    std::string data(10000, '\0');
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (char)(i * 7);
    ASSERT_TRUE(builder
                    .addData("chunked", data.size(), DataSource::inMemory(data),
                             64, "foreign!")
                    .isOk());
    ASSERT_TRUE(builder.addData("empty", 0, DataSource::zeros()).isOk());
    ASSERT_TRUE(builder.addSplat("splat", "\x01", 100).isOk());
    WriterOptions options;
    options.checksum = algorithm;
    options.checksumChunkLog2 = 12;
    auto result = builder.write(dir.file("c.irpa"), options);
    ASSERT_TRUE(result) << result.status().toString();

    auto parsed = parsePath(dir.file("c.irpa"));
    ASSERT_TRUE(parsed) << parsed.status().toString();
    ASSERT_EQ(parsed->entries.size(), 3u);
    const ParameterEntry &e = parsed->entries[0];
    ASSERT_TRUE(e.checksum());
    EXPECT_EQ(e.checksum()->algorithm, algorithm);
    EXPECT_EQ(e.checksum()->digestCount(), 3u);
    EXPECT_EQ(foreignMetadataOf(e.metadata()), "foreign!");
    EXPECT_TRUE(parsed->entries[1].checksum());
    EXPECT_FALSE(parsed->entries[2].checksum());
    for (const ParameterEntry &entry : parsed->entries)
      EXPECT_TRUE(verifyEntry(entry, "").isOk());

    // Flip a byte in the third chunk.
    std::string bytes = readFile(dir.file("c.irpa"));
    bytes[e.offset() + 9000] ^= 1;
    writeFile(dir.file("c.irpa"), bytes);
    parsed = parsePath(dir.file("c.irpa"));
    ASSERT_TRUE(parsed);
    EXPECT_FAILS_WITH(verifyEntry(parsed->entries[0], "model"),
                      StatusCode::DataLoss,
                      std::string("parameter 'model::chunked' failed ") +
                          checksumAlgorithmName(algorithm) +
                          " verification at chunk 2 (bytes [8192, 10000))");
    // Parallel verification reports per entry, in the given order.
    std::vector<const ParameterEntry *> list;
    for (const ParameterEntry &entry : parsed->entries)
      list.push_back(&entry);
    std::vector<Status> results = verifyEntries(list, "", 4);
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[0].code(), StatusCode::DataLoss);
    EXPECT_TRUE(results[1].isOk());
    EXPECT_TRUE(results[2].isOk());
  }
}

TEST(IrpaWriter, DefaultOutputHasNoExtensions) {
  // No flags bits, no SLMD: byte-identical to the reference (checked above);
  // with checksums the flag bit 63 is set and the layout of DATA is kept.
  TempDir dir;
  IrpaBuilder builder;
  ASSERT_TRUE(
      builder.addData("key0", 16, DataSource::pattern(f32Pattern(100.0f)))
          .isOk());
  WriterOptions options;
  options.checksum = ChecksumAlgorithm::Crc32c;
  ASSERT_TRUE(builder.write(dir.file("c.irpa"), options));
  std::string bytes = readFile(dir.file("c.irpa"));
  uint64_t flags;
  std::memcpy(&flags, bytes.data() + 0x60 + 12, 8);
  EXPECT_EQ(flags, 1ull << 63);
  uint64_t entrySize;
  std::memcpy(&entrySize, bytes.data() + 0x60, 8);
  EXPECT_EQ(entrySize, 76u);
}

TEST(IrpaWriter, StaleChecksumIsIgnored) {
  TempDir dir;
  IrpaBuilder builder;
  ASSERT_TRUE(builder.addData("k", 64, DataSource::pattern("\x05")).isOk());
  WriterOptions options;
  options.checksum = ChecksumAlgorithm::Crc32c;
  ASSERT_TRUE(builder.write(dir.file("c.irpa"), options));
  // Shrink the entry's storage length: the record no longer covers it.
  std::string bytes = readFile(dir.file("c.irpa"));
  put64(bytes, 0x60 + 68, 32);
  writeFile(dir.file("c.irpa"), bytes);
  auto parsed = parsePath(dir.file("c.irpa"));
  ASSERT_TRUE(parsed);
  EXPECT_FALSE(parsed->entries[0].checksum());
  ASSERT_FALSE(parsed->warnings.empty());
  EXPECT_NE(parsed->warnings[0].find("stale CHECKSUM record ignored"),
            std::string::npos);
}

TEST(IrpaWriter, ExternalEntries) {
  for (ExternalEncoding encoding :
       {ExternalEncoding::Native, ExternalEncoding::Skip}) {
    TempDir dir;
    std::string blob(1000, '\0');
    for (size_t i = 0; i < blob.size(); ++i)
      blob[i] = (char)(i % 251);
    writeFile(dir.file("blob.bin"), blob);
    auto blobFile = openFile(dir.file("blob.bin"));
    ASSERT_TRUE(blobFile);
    IrpaBuilder builder;
    ASSERT_TRUE(
        builder.addExternal("e0", "blob.bin", 100, 200, *blobFile, 4).isOk());
    ASSERT_TRUE(builder.addData("d", 8, DataSource::pattern("\x07")).isOk());
    ArchiveEntry e1;
    e1.kind = ArchiveEntry::Kind::External;
    e1.name = "e1";
    e1.length = 50;
    e1.externalPath = "blob.bin";
    e1.externalOffset = 900;
    e1.externalFile = *blobFile;
    e1.recordExternalFileSize = true;
    ASSERT_TRUE(builder.add(e1).isOk());
    WriterOptions options;
    options.externalEncoding = encoding;
    options.checksum = ChecksumAlgorithm::Crc32c;
    auto result = builder.write(dir.file("ext.irpa"), options);
    ASSERT_TRUE(result) << result.status().toString();
    // The path is stored once.
    std::string bytes = readFile(dir.file("ext.irpa"));
    EXPECT_EQ(bytes.find("blob.bin"), bytes.rfind("blob.bin"));

    auto parsed = parsePath(dir.file("ext.irpa"));
    ASSERT_TRUE(parsed) << parsed.status().toString();
    ASSERT_EQ(parsed->entries.size(), 3u);
    const ParameterEntry &e = parsed->entries[0];
    EXPECT_TRUE(e.external());
    EXPECT_EQ(e.offset(), 100u);
    EXPECT_EQ(e.length(), 200u);
    EXPECT_EQ(e.file()->path(), dir.path() + "/blob.bin");
    EXPECT_EQ(e.file().get(), parsed->entries[2].file().get()); // opened once
    std::string read(200, '\0');
    ASSERT_TRUE(readEntryBytes(e, 0, read.data(), 200).isOk());
    EXPECT_EQ(read, blob.substr(100, 200));
    for (const ParameterEntry &entry : parsed->entries)
      EXPECT_TRUE(verifyEntry(entry, "").isOk()) << entry.key();

    // Policies.
    ParseOptions none;
    none.externalPaths = ExternalPathPolicy::None;
    EXPECT_FAILS_WITH(
        parsePath(dir.file("ext.irpa"), none).status(),
        StatusCode::PermissionDenied,
        "EXTERNAL path 'blob.bin' rejected by --parameter_external_paths=none");
    // A memory archive has no base directory.
    EXPECT_FAILS_WITH(parseIrpaFile(makeMemoryFile(bytes)).status(),
                      StatusCode::FailedPrecondition,
                      "EXTERNAL entry 'e0' references 'blob.bin' but the "
                      "archive has no base directory");
    // The external file changed size: e1 carries EXTERNAL_FILE_SIZE.
    writeFile(dir.file("blob.bin"), blob + "more");
    EXPECT_FAILS_WITH(
        parsePath(dir.file("ext.irpa")).status(), StatusCode::DataLoss,
        "external file 'blob.bin' has size 1004, archive expects 1000");
    writeFile(dir.file("blob.bin"), blob.substr(0, 250));
    EXPECT_FAILS_WITH(
        parsePath(dir.file("ext.irpa")).status(), StatusCode::OutOfRange,
        "EXTERNAL entry 'e0': range [100, 300) exceeds 'blob.bin' size 250");
    ::unlink(dir.file("blob.bin").c_str());
    EXPECT_FAILS_WITH(parsePath(dir.file("ext.irpa")).status(),
                      StatusCode::NotFound,
                      "opening the EXTERNAL file of entry 'e0'");
  }
}

TEST(IrpaWriter, AbsoluteExternalPathsNeedPolicyAny) {
  TempDir dir;
  writeFile(dir.file("blob.bin"), std::string(64, 'z'));
  IrpaBuilder builder;
  ASSERT_TRUE(builder.addExternal("e", dir.file("blob.bin"), 0, 64).isOk());
  ASSERT_TRUE(builder.write(dir.file("abs.irpa")));
  EXPECT_FAILS_WITH(parsePath(dir.file("abs.irpa")).status(),
                    StatusCode::PermissionDenied,
                    "rejected by --parameter_external_paths=relative");
  ParseOptions any;
  any.externalPaths = ExternalPathPolicy::Any;
  auto parsed = parsePath(dir.file("abs.irpa"), any);
  ASSERT_TRUE(parsed) << parsed.status().toString();
  EXPECT_EQ(parsed->entries[0].length(), 64u);
}

TEST(IrpaWriter, ShardingAndTensorInfoRecords) {
  TempDir dir;
  IrpaBuilder builder;
  ArchiveEntry e;
  e.kind = ArchiveEntry::Kind::Data;
  e.name = "w";
  e.length = 32;
  e.source = DataSource::pattern("\x01");
  e.tensorInfo = TensorInfoRecord{"F32", {2, 4}};
  ShardRecord shard;
  shard.axis = 1;
  shard.shardIndex = 1;
  shard.shardCount = 2;
  shard.axisOffset = 4;
  shard.axisLength = 4;
  shard.globalDims = {2, 8};
  e.shard = shard;
  ASSERT_TRUE(builder.add(e).isOk());
  WriterOptions options;
  ArchiveShardingRecord sharding;
  sharding.groupId.fill(0xAB);
  sharding.tpSize = 2;
  sharding.tpRank = 1;
  sharding.fileIndex = 1;
  sharding.fileCount = 2;
  options.archiveSharding = sharding;
  options.creator = "sluice-test";
  ASSERT_TRUE(builder.write(dir.file("s.irpa"), options));

  auto parsed = parsePath(dir.file("s.irpa"));
  ASSERT_TRUE(parsed) << parsed.status().toString();
  ASSERT_EQ(parsed->entries.size(),
            1u); // the archive SKIP entry is not indexed
  ASSERT_TRUE(parsed->archiveRecords);
  EXPECT_EQ(*parsed->archiveRecords->creator, "sluice-test");
  EXPECT_EQ(parsed->archiveRecords->archiveSharding->tpSize, 2u);
  EXPECT_EQ(parsed->archiveRecords->archiveSharding->groupId[15], 0xAB);
  const ParameterEntry &w = parsed->entries[0];
  ASSERT_TRUE(w.tensorInfo());
  EXPECT_EQ(w.tensorInfo()->dims, (std::vector<uint64_t>{2, 4}));
  SlmdRecords records;
  std::vector<std::string> warnings;
  auto decoded = decodeSlmd(w.metadata(), records, warnings);
  ASSERT_TRUE(decoded);
  ASSERT_EQ(*decoded, SlmdDecodeResult::Decoded);
  ASSERT_TRUE(records.shard);
  EXPECT_EQ(records.shard->axis, 1);
  EXPECT_EQ(records.shard->globalDims, (std::vector<uint64_t>{2, 8}));
  // The archive entry comes first in the table, as a 60-byte SKIP entry.
  std::string bytes = readFile(dir.file("s.irpa"));
  uint64_t size;
  uint32_t type;
  std::memcpy(&size, bytes.data() + 0x60, 8);
  std::memcpy(&type, bytes.data() + 0x68, 4);
  EXPECT_EQ(size, 60u);
  EXPECT_EQ(type, 0u);
}

TEST(Slmd, MalformedContainersAreForeign) {
  SlmdRecords records;
  std::vector<std::string> warnings;
  auto r = decodeSlmd("not slmd", records, warnings);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, SlmdDecodeResult::NotSlmd);
  std::string blob = encodeSlmd(SlmdRecords{
      std::nullopt, TensorInfoRecord{"I8", {3}}, {}, {}, {}, {}, {}});
  r = decodeSlmd(blob + "x", records, warnings);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, SlmdDecodeResult::Malformed);
  EXPECT_EQ(foreignMetadataOf(blob + "x"), blob + "x");
  for (size_t n = 0; n < blob.size(); ++n) {
    warnings.clear();
    auto t = decodeSlmd(blob.substr(0, n), records, warnings);
    ASSERT_TRUE(t);
    EXPECT_NE(*t, SlmdDecodeResult::Decoded) << n;
  }
}
