//===- PhasePipelinesTest.cpp - sluice-compile phase pass lists -----------===//
//
// execution.md §2.2 step 11 / io-parameters.md §12.4: the archive driver flags
// append import, export and splat-archive generation to phase input, with
// option values that survive MLIR's textual pipeline syntax.
//
//===----------------------------------------------------------------------===//

#include "sluice/InitAll.h"
#include "sluice/Pipelines/Pipelines.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::pipelines;

namespace {

TEST(PhasePipelines, InputWithoutArchiveFlags) {
  EXPECT_EQ(phasePipeline(Phase::Input, CompileOptions()),
            "builtin.module(sluice-input-pipeline)");
}

TEST(PhasePipelines, ArchiveFlagsFollowPhaseInput) {
  CompileOptions options;
  options.parameterImportPaths = {"a=/in dir/a.irpa", "/b.irpa"};
  options.parameterImportKeys = {"k0", "k1"};
  options.parameterImportMaximumSize = 16;
  options.parameterExportPath = "s=/out dir/o.irpa";
  options.parameterExportMinimumSize = 8;
  options.parameterSplatPath = "/splat dir/s.irpa";
  std::string text = phasePipeline(Phase::Input, options);
  EXPECT_EQ(text, "builtin.module(sluice-input-pipeline,"
                  "iree-io-import-parameters{paths=\"a=/in dir/a.irpa\","
                  "\"/b.irpa\" keys=\"k0\",\"k1\" maximum-size=16},"
                  "iree-io-export-parameters{path=\"s=/out dir/o.irpa\" "
                  "minimum-size=8},"
                  "iree-io-generate-splat-parameter-archive{file=\"/splat "
                  "dir/s.irpa\"})");

  // The archive steps parse, and the values keep their spaces.
  sluice::registerAllPasses();
  MLIRContext context;
  PassManager pm(&context);
  llvm::StringRef steps = llvm::StringRef(text)
                              .drop_front(strlen("builtin.module("))
                              .drop_back()
                              .drop_front(strlen("sluice-input-pipeline,"));
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  ASSERT_TRUE(succeeded(parsePassPipeline(steps, pm, errorStream))) << errors;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  pm.printAsTextualPipeline(os);
  EXPECT_NE(printed.find("a=/in dir/a.irpa"), std::string::npos) << printed;
  EXPECT_NE(printed.find("maximum-size=16"), std::string::npos) << printed;
  EXPECT_NE(printed.find("s=/out dir/o.irpa"), std::string::npos) << printed;
  EXPECT_NE(printed.find("/splat dir/s.irpa"), std::string::npos) << printed;
}

TEST(PhasePipelines, CompileFlagsOfTheJit) {
  CompileOptions options;
  std::string error;
  ASSERT_TRUE(succeeded(parseCompileFlags(
      {"--iree-parameter-import=a.irpa", "--iree-parameter-import=b.irpa",
       "--iree-parameter-import-keys=k", "--iree-opt-export-parameters=e.irpa",
       "--iree-parameter-export-minimum-size=4",
       "--iree-opt-splat-parameters=s.irpa"},
      options, error)))
      << error;
  EXPECT_EQ(options.parameterImportPaths,
            (std::vector<std::string>{"a.irpa", "b.irpa"}));
  EXPECT_EQ(options.parameterImportKeys, (std::vector<std::string>{"k"}));
  EXPECT_EQ(options.parameterExportPath, "e.irpa");
  EXPECT_EQ(options.parameterExportMinimumSize, 4);
  EXPECT_EQ(options.parameterSplatPath, "s.irpa");
  EXPECT_TRUE(failed(parseCompileFlags(
      {"--iree-parameter-export-minimum-size=x"}, options, error)));
  EXPECT_EQ(error, "invalid --iree-parameter-export-minimum-size value 'x'");
}

} // namespace
