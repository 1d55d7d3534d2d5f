//===- ParameterIndexTest.cpp - Index lookup and scopes
//---------------------===//

#include "TestUtil.h"

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"

using namespace sluice::runtime;
using namespace sluice::runtime::archive;
using namespace sluice::testing;

TEST(ParameterIndex, LookupAndDuplicates) {
  ParameterIndex index;
  std::vector<ParameterEntry> entries(3);
  entries[0].key = "weight";
  entries[0].length = 4;
  entries[0].source = makeMemoryFile("", "a.irpa");
  entries[1].key = "bias";
  entries[1].length = 8;
  entries[2].key = "weight";
  entries[2].length = 16;
  entries[2].source = makeMemoryFile("", "b.irpa");
  const ParameterEntry *before = nullptr;
  index.append(std::move(entries));
  before = index.find("weight");
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->length, 4u); // first wins
  EXPECT_EQ(index.totalBytes(), 28u);
  ASSERT_EQ(index.diagnostics().size(), 1u);
  EXPECT_EQ(index.diagnostics()[0],
            "duplicate parameter key 'weight' (first from a.irpa, also in "
            "b.irpa); the first is used");
  // Entries never move.
  std::vector<ParameterEntry> more(1000);
  for (size_t i = 0; i < more.size(); ++i)
    more[i].key = "k" + std::to_string(i);
  index.append(std::move(more));
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
}

// Many appends (the table grows several times), keys that differ in one
// byte, the empty key and embedded NULs; find and findMany agree with a
// reference map on hits and misses, duplicates resolve to the first entry.
TEST(ParameterIndex, FindManyMatchesFindAcrossGrowth) {
  ParameterIndex index;
  std::vector<std::string> keys;
  std::vector<const ParameterEntry *> firsts;
  for (int round = 0; round < 5; ++round) {
    std::vector<ParameterEntry> batch(round == 0 ? 3 : 700 * round);
    for (size_t i = 0; i < batch.size(); ++i) {
      std::string key = "blk." + std::to_string(keys.size()) + ".weight";
      if (keys.size() % 97 == 5)
        key.push_back('\0');
      if (keys.size() == 7)
        key.clear();
      batch[i].key = key;
      batch[i].length = keys.size();
      keys.push_back(key);
    }
    index.append(std::move(batch));
    for (size_t i = firsts.size(); i < keys.size(); ++i)
      firsts.push_back(&index.entry(i));
  }
  // Duplicates of existing keys: the first entry stays.
  std::vector<ParameterEntry> dups(2);
  dups[0].key = keys[10];
  dups[1].key = keys[keys.size() - 1];
  index.append(std::move(dups));
  EXPECT_EQ(index.diagnostics().size(), 2u);

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
  EXPECT_EQ(index.find(keys[7])->key, "");
  EXPECT_EQ(index.find(keys[10])->length, 10u);
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
  EXPECT_EQ((*e)->offset, 192u);
  e = scopes.lookup("b", "b1");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)->length, 128u);
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
