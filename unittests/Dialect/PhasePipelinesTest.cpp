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
  CompileOptions options;
  EXPECT_EQ(phasePipeline(Phase::Input, options),
            "builtin.module(sluice-input-pipeline{invocation-model=sync cpu=" +
                options.target.cpu + "})");
}

TEST(PhasePipelines, ArchiveFlagsBecomePhaseInputOptions) {
  CompileOptions options;
  options.invocationModel = "coarse-fences";
  options.parameterImportPaths = {"a=/in dir/a.irpa", "/b.irpa"};
  options.parameterImportKeys = {"k0", "k1"};
  options.parameterImportMaximumSize = 16;
  options.parameterExportPath = "s=/out dir/o.irpa";
  options.parameterExportMinimumSize = 8;
  options.parameterSplatPath = "/splat dir/s.irpa";
  std::string text = phasePipeline(Phase::Input, options);
  EXPECT_EQ(text, "builtin.module(sluice-input-pipeline{invocation-model="
                  "coarse-fences cpu=" +
                      options.target.cpu +
                      " parameter-import=\"a=/in dir/a.irpa\",\"/b.irpa\" "
                      "parameter-import-keys=\"k0\",\"k1\" "
                      "parameter-import-maximum-size=16 "
                      "parameter-export=\"s=/out dir/o.irpa\" "
                      "parameter-export-minimum-size=8 "
                      "parameter-splat=\"/splat dir/s.irpa\"})");

  // The pipeline parses, and the values keep their spaces.
  sluice::registerAllPasses();
  MLIRContext context;
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  FailureOr<OpPassManager> parsed = parsePassPipeline(text, errorStream);
  ASSERT_TRUE(succeeded(parsed)) << errors;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  parsed->printAsTextualPipeline(os);
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
