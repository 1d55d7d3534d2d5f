//===- ImportParametersReadsTest.cpp - import reads only what it imports --===//
//
// --iree-io-import-parameters must build its index from the archive headers
// and read only the entries it imports. Checked with the bytes this process
// reads through system calls (/proc/self/io `rchar`), which does not depend
// on timing or on the page cache.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "sluice/InitAll.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace mlir;
namespace archive = sluice::runtime::archive;

namespace {

/// Bytes read by this process through read-like system calls so far.
uint64_t readBytesSoFar() {
  std::ifstream io("/proc/self/io");
  std::string key;
  uint64_t value = 0;
  while (io >> key >> value)
    if (key == "rchar:")
      return value;
  return 0;
}

TEST(ImportParametersReads, ReadsOnlyTheImportedEntry) {
  if (readBytesSoFar() == 0)
    GTEST_SKIP() << "/proc/self/io is not available";

  // 64 MiB of data the pass must not read, plus one 16-byte entry to import.
  std::string path = ::testing::TempDir() + "/import_reads_" +
                     std::to_string(::getpid()) + ".irpa";
  archive::IrpaBuilder builder;
  ASSERT_TRUE(builder
                  .addData("big", 64ull << 20,
                           archive::DataSource::pattern(std::string("\x5a", 1)))
                  .isOk());
  ASSERT_TRUE(
      builder
          .addData("small", 16,
                   archive::DataSource::inMemory(std::string(16, '\x01')))
          .isOk());
  ASSERT_TRUE(static_cast<bool>(builder.write(path)));

  DialectRegistry registry;
  sluice::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  sluice::registerAllPasses();

  auto module = parseSourceString<ModuleOp>(R"mlir(
    util.global private @small = #flow.parameter.named<"small"> : tensor<4xi32>
    util.global private @big = #flow.parameter.named<"big"> : tensor<16777216xi32>
  )mlir",
                                            &context);
  ASSERT_TRUE(module);

  auto pm = PassManager::on<ModuleOp>(&context);
  // Only `small` is imported: listed by key, with size-based import off.
  std::string pipeline =
      "iree-io-import-parameters{paths=" + path + " keys=small maximum-size=0}";
  ASSERT_TRUE(succeeded(parsePassPipeline(pipeline, pm)));

  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  uint64_t before = readBytesSoFar();
  ASSERT_TRUE(succeeded(pm.run(*module)));
  uint64_t read = readBytesSoFar() - before;

  // The small global was imported, the big one left as a parameter.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  EXPECT_NE(printed.find("@small = dense<16843009> : tensor<4xi32>"),
            std::string::npos)
      << printed << diagnostics;
  EXPECT_NE(printed.find("#flow.parameter.named<\"big\">"), std::string::npos);
  // Headers and one entry: far below the 64 MiB the archive holds.
  EXPECT_LT(read, 1ull << 20) << "import read " << read << " bytes";

  if (!::testing::Test::HasFailure())
    std::remove(path.c_str());
}

} // namespace
