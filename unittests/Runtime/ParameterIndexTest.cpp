//===- ParameterIndexTest.cpp - Index lookup and scopes
//---------------------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

namespace {

/// Keys (and other byte strings) of the specs are copied by EntryTable::add,
/// so the strings they view may go away afterwards.
EntryTable tableOf(const std::vector<EntrySpec> &specs) {
  EntryTable table;
  for (const EntrySpec &spec : specs)
    EXPECT_TRUE(table.add(spec).isOk());
  return table;
}

} // namespace

TEST(ParameterIndex, LookupAndDuplicates) {
  ParameterIndex index;
  std::vector<EntrySpec> entries(3);
  entries[0].key = "weight";
  entries[0].length = 4;
  entries[0].source = makeMemoryFile("", "a.irpa");
  entries[1].key = "bias";
  entries[1].length = 8;
  entries[2].key = "weight";
  entries[2].length = 16;
  entries[2].source = makeMemoryFile("", "b.irpa");
  const ParameterEntry *before = nullptr;
  ASSERT_TRUE(index.append(tableOf(entries)).isOk());
  before = index.find("weight");
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->length(), 4u); // first wins
  EXPECT_EQ(index.totalBytes(), 28u);
  ASSERT_EQ(index.diagnostics().size(), 1u);
  EXPECT_EQ(index.diagnostics()[0],
            "duplicate parameter key 'weight' (first from a.irpa, also in "
            "b.irpa); the first is used");
  // Entries never move.
  std::vector<std::string> keys;
  for (size_t i = 0; i < 1000; ++i)
    keys.push_back("k" + std::to_string(i));
  std::vector<EntrySpec> more(1000);
  for (size_t i = 0; i < more.size(); ++i)
    more[i].key = keys[i];
  ASSERT_TRUE(index.append(tableOf(more)).isOk());
  EXPECT_EQ(index.find("weight"), before);
  EXPECT_EQ(index.size(), 1003u);

  EXPECT_FAILS_WITH(
      index.lookup("wieght").status(), StatusCode::NotFound,
      "no parameter found in index with key 'wieght'; did you mean 'weight'?");
  auto miss = index.lookup("completely-different");
  EXPECT_FAILS_WITH(
      miss.status(), StatusCode::NotFound,
      "no parameter found in index with key 'completely-different'");
  EXPECT_EQ(miss.status().message().find("did you mean"), std::string::npos);
  // Keys are raw bytes.
  EXPECT_EQ(index.find(std::string_view("weight\0", 7)), nullptr);
}

TEST(ParameterIndex, EmptyIndexFindsNothing) {
  ParameterIndex index;
  EXPECT_EQ(index.find("x"), nullptr);
  EXPECT_EQ(index.find(""), nullptr);
  std::string_view keys[2] = {"x", ""};
  const ParameterEntry *out[2] = {reinterpret_cast<const ParameterEntry *>(1),
                                  nullptr};
  index.findMany(keys, 2, out);
  EXPECT_EQ(out[0], nullptr);
  EXPECT_EQ(out[1], nullptr);
  // An empty table appended to an empty index.
  ASSERT_TRUE(index.append(EntryTable()).isOk());
  EXPECT_EQ(index.find("x"), nullptr);
}

// Many appends (the table grows several times), keys that differ in one
// byte, the empty key and embedded NULs; find and findMany agree with a
// reference map on hits and misses, duplicates resolve to the first entry.
TEST(ParameterIndex, FindManyMatchesFindAcrossGrowth) {
  ParameterIndex index;
  std::vector<std::string> keys;
  std::vector<const ParameterEntry *> firsts;
  for (int round = 0; round < 5; ++round) {
    std::vector<EntrySpec> batch(round == 0 ? 3 : 700 * round);
    size_t start = keys.size();
    for (size_t i = 0; i < batch.size(); ++i) {
      std::string key = "blk." + std::to_string(keys.size()) + ".weight";
      if (keys.size() % 97 == 5)
        key.push_back('\0');
      if (keys.size() == 7)
        key.clear();
      batch[i].length = keys.size();
      keys.push_back(key);
    }
    for (size_t i = 0; i < batch.size(); ++i)
      batch[i].key = keys[start + i];
    ASSERT_TRUE(index.append(tableOf(batch)).isOk());
    for (size_t i = firsts.size(); i < keys.size(); ++i)
      firsts.push_back(&index.entry(i));
  }
  // Duplicates of existing keys: the first entry stays.
  std::vector<EntrySpec> dups(2);
  dups[0].key = keys[10];
  dups[1].key = keys[keys.size() - 1];
  ASSERT_TRUE(index.append(tableOf(dups)).isOk());
  EXPECT_EQ(index.diagnostics().size(), 2u);
  // Earlier entries kept their addresses through every append.
  for (size_t i = 0; i < firsts.size(); ++i)
    ASSERT_EQ(&index.entry(i), firsts[i]);

  std::vector<std::string> queries;
  std::vector<const ParameterEntry *> expected;
  for (size_t i = 0; i < keys.size(); i += 3) {
    queries.push_back(keys[i]);
    expected.push_back(firsts[i]);
    queries.push_back(keys[i] + "x"); // miss, shares a prefix
    expected.push_back(nullptr);
  }
  queries.push_back(std::string("blk.5.weight", 11)); // a prefix of a key
  expected.push_back(nullptr);
  std::vector<std::string_view> views(queries.begin(), queries.end());
  std::vector<const ParameterEntry *> found(views.size());
  index.findMany(views.data(), views.size(), found.data());
  for (size_t i = 0; i < views.size(); ++i) {
    EXPECT_EQ(found[i], expected[i]) << "query " << i;
    EXPECT_EQ(index.find(views[i]), expected[i]) << "query " << i;
  }
  EXPECT_EQ(index.find(keys[7]), firsts[7]);
  EXPECT_EQ(index.find(keys[7])->key(), "");
  EXPECT_EQ(index.find(keys[10])->length(), 10u);
}

// Every field of a record round-trips through the compact storage: splat
// patterns, file offsets and alignments, metadata and header tensor info
// (kept apart), flags, the shared file bindings and the source index.
TEST(ParameterIndex, RecordsRoundTrip) {
  EXPECT_EQ(sizeof(ParameterEntry), 48u);
  FileHandleRef archive = makeMemoryFile(std::string(256, 'a'), "a.irpa");
  FileHandleRef external = makeMemoryFile(std::string(64, 'e'), "e.bin");
  EntryTable table;
  EntrySpec splat;
  splat.key = "s";
  splat.type = EntryType::Splat;
  splat.length = 48;
  splat.patternLength = 16;
  for (int i = 0; i < 16; ++i)
    splat.pattern[i] = (uint8_t)(0xF0 + i);
  splat.source = archive;
  splat.sourceEntryIndex = 7;
  ASSERT_TRUE(table.add(splat).isOk());

  SlmdRecords records;
  records.checksum = ChecksumRecord{ChecksumAlgorithm::Crc32c, 2, 0, 8,
                                    std::string("\x01\x02\x03\x04", 4)};
  records.tensorInfo = TensorInfoRecord{"F32", {2}};
  std::string slmd = encodeSlmd(records);
  EntrySpec data;
  data.key = std::string_view("d\0k", 3);
  data.metadata = slmd;
  data.length = 8;
  data.file = archive;
  data.source = archive;
  data.offset = 128;
  data.requiredAlignment = 64;
  data.hasChecksum = true;
  data.metadataHasTensorInfo = true;
  data.sourceEntryIndex = 0xFFFFFFFFu;
  ASSERT_TRUE(table.add(data).isOk());

  TensorInfoRecord header{"BF16", {3, 5}};
  EntrySpec tensor;
  tensor.key = "t";
  tensor.metadata = "foreign";
  tensor.length = 30;
  tensor.file = external;
  tensor.source = archive;
  tensor.external = true;
  tensor.offset = 3;
  tensor.requiredAlignment = 2;
  tensor.aligned = false;
  tensor.sourceFormat = FileFormat::Safetensors;
  tensor.headerTensorInfo = &header;
  ASSERT_TRUE(table.add(tensor).isOk());

  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(table.totalBytes(), 86u);
  const ParameterEntry &s = table[0];
  EXPECT_EQ(s.type(), EntryType::Splat);
  EXPECT_EQ(s.key(), "s");
  EXPECT_EQ(s.length(), 48u);
  EXPECT_EQ(s.patternLength(), 16u);
  EXPECT_EQ(s.pattern()[15], 0xFF);
  EXPECT_EQ(s.splatByte(17), 0xF1);
  EXPECT_EQ(s.file(), nullptr);
  EXPECT_EQ(s.offset(), 0u);
  EXPECT_EQ(s.source(), archive);
  EXPECT_EQ(s.sourceEntryIndex(), 7u);
  EXPECT_TRUE(s.metadata().empty());
  EXPECT_FALSE(s.hasChecksum());
  EXPECT_FALSE(s.tensorInfo());

  const ParameterEntry &d = table[1];
  EXPECT_EQ(d.type(), EntryType::File);
  EXPECT_EQ(d.key(), std::string_view("d\0k", 3));
  EXPECT_EQ(d.metadata(), slmd);
  EXPECT_EQ(d.file(), archive);
  EXPECT_FALSE(d.external());
  EXPECT_EQ(d.offset(), 128u);
  EXPECT_EQ(d.requiredAlignment(), 64u);
  EXPECT_TRUE(d.aligned());
  EXPECT_EQ(d.sourceEntryIndex(), 0xFFFFFFFFu);
  ASSERT_TRUE(d.hasChecksum());
  ASSERT_TRUE(d.checksum());
  EXPECT_EQ(d.checksum()->digests, std::string("\x01\x02\x03\x04", 4));
  ASSERT_TRUE(d.tensorInfo());
  EXPECT_EQ(d.tensorInfo()->dtype, "F32");

  const ParameterEntry &t = table[2];
  EXPECT_EQ(t.metadata(), "foreign"); // header info is not metadata
  ASSERT_TRUE(t.tensorInfo());
  EXPECT_EQ(t.tensorInfo()->dtype, "BF16");
  EXPECT_EQ(t.tensorInfo()->dims, (std::vector<uint64_t>{3, 5}));
  EXPECT_EQ(t.file(), external);
  EXPECT_EQ(t.source(), archive);
  EXPECT_TRUE(t.external());
  EXPECT_FALSE(t.aligned());
  EXPECT_EQ(t.sourceFormat(), FileFormat::Safetensors);
  EXPECT_EQ(t.sourceName(), "a.irpa");

  // Indexes adopt tables; the records keep their values.
  ParameterIndex index;
  ASSERT_TRUE(index.append(std::move(table)).isOk());
  EXPECT_EQ(index.find("t")->tensorInfo()->dtype, "BF16");
  EXPECT_EQ(index.find(std::string_view("d\0k", 3))->offset(), 128u);
}

// The memory target of the compact index: at most 64 bytes per entry plus
// the key bytes, whatever the growth pattern.
TEST(ParameterIndex, MemoryPerEntry) {
  for (size_t count : {1000u, 100000u}) {
    for (int appends : {1, 7}) {
      ParameterIndex index;
      uint64_t keyBytes = 0;
      size_t made = 0;
      for (int a = 0; a < appends; ++a) {
        EntryTable table;
        size_t n = count / appends + (a < (int)(count % appends) ? 1 : 0);
        for (size_t i = 0; i < n; ++i, ++made) {
          std::string key = "model.layers." + std::to_string(made) + ".weight";
          EntrySpec spec;
          spec.key = key;
          spec.length = 4096;
          spec.offset = made * 4096;
          keyBytes += key.size();
          ASSERT_TRUE(table.add(spec).isOk());
        }
        ASSERT_TRUE(index.append(std::move(table)).isOk());
      }
      ASSERT_EQ(index.size(), count);
      double perEntry =
          (double)(index.memoryBytes() - keyBytes) / (double)count;
      // Small indexes pay for partially used chunks and arena blocks.
      EXPECT_LE(perEntry, count >= 100000 ? 64.0 : 200.0)
          << count << " entries, " << appends << " appends";
      EXPECT_NE(
          index.find("model.layers." + std::to_string(count - 1) + ".weight"),
          nullptr);
    }
  }
}

TEST(ParameterScopes, FlagParsing) {
  auto f = parseParametersFlag("a=x.irpa");
  EXPECT_EQ(f.scope, "a");
  EXPECT_EQ(f.path, "x.irpa");
  f = parseParametersFlag("x.irpa");
  EXPECT_EQ(f.scope, "");
  EXPECT_EQ(f.path, "x.irpa");
  f = parseParametersFlag("=weights=v2.irpa");
  EXPECT_EQ(f.scope, "");
  EXPECT_EQ(f.path, "weights=v2.irpa");
}

TEST(ParameterScopes, ScopesMergeAndRoute) {
  ParameterScopes scopes;
  ASSERT_TRUE(
      scopes
          .addFlag(
              "a=" +
              testdataPath("safetensors/tools_test/parameters_a.safetensors"))
          .isOk());
  ASSERT_TRUE(
      scopes
          .addFlag(
              "b=" +
              testdataPath("safetensors/tools_test/parameters_b.safetensors"))
          .isOk());
  ASSERT_TRUE(scopes.addFlag("a=" + testdataPath("irpa/single.irpa")).isOk());
  ASSERT_EQ(scopes.scopes().size(), 2u);
  EXPECT_EQ(scopes.scopes()[0].name, "a");
  EXPECT_EQ(scopes.scopes()[0].index->size(), 3u);
  auto e = scopes.lookup("a", "key0");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)->offset(), 192u);
  e = scopes.lookup("b", "b1");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)->length(), 128u);
  EXPECT_FAILS_WITH(scopes.lookup("b", "a0").status(), StatusCode::NotFound,
                    "no parameter found in index with key 'a0'; did you mean "
                    "'b0'?; in parameter scope 'b'");
  EXPECT_FAILS_WITH(
      scopes.lookup("c", "a0").status(), StatusCode::NotFound,
      "no provider registered that handles scopes like 'c'; pass "
      "--parameters=<scope>=<file> or register a provider for this "
      "scope (registered scopes: 'a', 'b')");
}

TEST(ParameterScopes, FailedFileAddsNothing) {
  TempDir dir;
  std::string bytes = readFile(testdataPath("irpa/mixed.irpa"));
  bytes[0x60 + 84] = 3; // first splat: bad pattern length, after... no entries
  writeFile(dir.file("bad.irpa"), bytes);
  ParameterScopes scopes;
  ASSERT_TRUE(scopes.addFile("", testdataPath("irpa/single.irpa")).isOk());
  EXPECT_FALSE(scopes.addFile("", dir.file("bad.irpa")).isOk());
  EXPECT_EQ(scopes.scopes()[0].index->size(), 1u);
  // Errors in later entries also add nothing (entries are staged).
  bytes = readFile(testdataPath("irpa/mixed.irpa"));
  bytes[0x170 + 8] = 2;
  put64(bytes, 0x170 + 60, 1000); // key1 storage out of range
  writeFile(dir.file("bad2.irpa"), bytes);
  EXPECT_FALSE(scopes.addFile("", dir.file("bad2.irpa")).isOk());
  EXPECT_EQ(scopes.scopes()[0].index->size(), 1u);
}

TEST(ParameterScopes, FormatDetection) {
  TempDir dir;
  writeFile(dir.file("weights"), readFile(testdataPath("gguf/single.gguf")));
  writeFile(dir.file("model.SafeTensors"),
            readFile(testdataPath("safetensors/single.safetensors")));
  writeFile(dir.file("noext.bin"),
            readFile(testdataPath("safetensors/single.safetensors")));
  writeFile(dir.file("text.txt"), "hello there");
  writeFile(dir.file("wrong.irpa"), readFile(testdataPath("gguf/single.gguf")));
  ParameterScopes scopes;
  EXPECT_TRUE(scopes.addFile("", dir.file("weights")).isOk());
  EXPECT_TRUE(scopes.addFile("x", dir.file("model.SafeTensors")).isOk());
  EXPECT_TRUE(scopes.addFile("y", dir.file("noext.bin")).isOk());
  EXPECT_FAILS_WITH(
      scopes.addFile("", dir.file("text.txt")), StatusCode::Unimplemented,
      "unsupported file format `txt`; ensure the extension matches one of the "
      "supported formats: [.irpa, .gguf, .safetensors]");
  // Extension wins over content: the IRPA parser's error is reported.
  EXPECT_FAILS_WITH(scopes.addFile("", dir.file("wrong.irpa")),
                    StatusCode::InvalidArgument,
                    "IRPA file magic missing or invalid");
  const auto &warnings = scopes.scopes()[0].index->diagnostics();
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings[0].find("has unknown extension; detected gguf by content"),
            std::string::npos);
}

TEST(ParameterScopes, ShardingChecks) {
  TempDir dir;
  auto make = [&](const std::string &name, uint8_t group, uint32_t tpSize,
                  uint32_t rank) {
    IrpaBuilder builder;
    EXPECT_TRUE(builder.addData("w", 4, DataSource::pattern("\x01")).isOk());
    WriterOptions options;
    ArchiveShardingRecord record;
    record.groupId.fill(group);
    record.tpSize = tpSize;
    record.tpRank = rank;
    options.archiveSharding = record;
    options.durable = false;
    EXPECT_TRUE(builder.write(dir.file(name), options));
    return dir.file(name);
  };
  std::string r0 = make("r0.irpa", 1, 2, 0), r1 = make("r1.irpa", 1, 2, 1),
              g = make("g.irpa", 1, 2, 0xFFFFFFFFu),
              other = make("o.irpa", 2, 2, 1),
              four = make("four.irpa", 1, 4, 1),
              huge = make("huge.irpa", 1, 0xFFFFFFF0u, 1);
  auto scopesOf = [](std::vector<std::string> files) {
    auto scopes = std::make_unique<ParameterScopes>();
    for (const std::string &f : files)
      EXPECT_TRUE(scopes->addFile("m", f).isOk());
    return scopes;
  };
  EXPECT_TRUE(scopesOf({r0, r1, g})->validateSharding().isOk());
  EXPECT_TRUE(scopesOf({r1})->validateSharding().isOk());
  EXPECT_TRUE(scopesOf({r1})->validateSharding(2).isOk());
  EXPECT_FAILS_WITH(scopesOf({r1})->validateSharding(8),
                    StatusCode::FailedPrecondition,
                    "parameter scope 'm' was sharded for tensor-parallel size "
                    "2 but the program expects 8");
  EXPECT_FAILS_WITH(
      scopesOf({r0, g})->validateSharding(), StatusCode::FailedPrecondition,
      "parameter scope 'm' has tensor-parallel size 2 but rank 1 is missing");
  EXPECT_FAILS_WITH(
      scopesOf({r0, other})->validateSharding(), StatusCode::FailedPrecondition,
      "mixes files from different sharded checkpoints (group ids differ");
  EXPECT_FAILS_WITH(scopesOf({r0, four})->validateSharding(),
                    StatusCode::FailedPrecondition,
                    "mixes tensor-parallel sizes (2 in");
  EXPECT_FAILS_WITH(scopesOf({r1, r1})->validateSharding(),
                    StatusCode::FailedPrecondition,
                    "has tensor-parallel rank 1 in more than one file");
  // A hostile tp_size never drives allocation.
  auto hugeScopes = scopesOf({huge, make("huge0.irpa", 1, 0xFFFFFFF0u, 0)});
  EXPECT_FAILS_WITH(
      hugeScopes->validateSharding(), StatusCode::FailedPrecondition,
      "has tensor-parallel size 4294967280 but rank 2 is missing");
}
