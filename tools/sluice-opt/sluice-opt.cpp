//===- sluice-opt.cpp - Sluice's MLIR optimizer driver --------------------===//
//
// Parses, verifies, transforms and prints IR of every Sluice dialect with the
// usual mlir-opt flags (--split-input-file, --verify-diagnostics,
// --canonicalize, --pass-pipeline, ...).
//
// `--sluice-pass-cpu-time` (for the pass benchmarks) additionally prints the
// CPU time of the running thread spent in each pass, summed over the ops it
// ran on: `sluice-pass-cpu-time: <seconds> <PassName>` on stderr, followed by
// the number of times it ran: `sluice-pass-runs: <count> <PassName>` (a pass
// in a fixed-point iterator or a nested pass manager runs once per iteration
// and per op it is scheduled on). Unlike the
// wall times of `--mlir-timing`, it does not count the time the process waits
// for a CPU on a loaded machine. Use it with `--mlir-disable-threading`.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "sluice/InitAll.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>
#include <memory>

namespace {

llvm::cl::opt<bool> passCpuTime(
    "sluice-pass-cpu-time",
    llvm::cl::desc("Print the thread CPU time spent in each pass (use with "
                   "--mlir-disable-threading)"),
    llvm::cl::init(false));

double threadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// Sums the thread CPU time of every pass execution by pass name. Nested pass
/// managers are counted in their adaptor and in their own passes.
class PassCpuTimeInstrumentation : public mlir::PassInstrumentation {
public:
  ~PassCpuTimeInstrumentation() override {
    for (auto &[name, total] : totals) {
      llvm::errs() << "sluice-pass-cpu-time: "
                   << llvm::format("%.6f", total.seconds) << " " << name
                   << "\n";
      llvm::errs() << "sluice-pass-runs: " << total.runs << " " << name << "\n";
    }
  }
  void runBeforePass(mlir::Pass *, mlir::Operation *) override {
    starts.push_back(threadCpuSeconds());
  }
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    record(pass);
  }
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override {
    record(pass);
  }

private:
  void record(mlir::Pass *pass) {
    double elapsed = threadCpuSeconds() - starts.pop_back_val();
    Total &total = totals[pass->getName()];
    total.seconds += elapsed;
    ++total.runs;
  }

  struct Total {
    double seconds = 0;
    uint64_t runs = 0;
  };
  llvm::SmallVector<double> starts;
  llvm::MapVector<llvm::StringRef, Total> totals;
};

} // namespace

int main(int argc, char **argv) {
  sluice::registerAllPasses();
  mlir::DialectRegistry registry;
  sluice::registerAllDialects(registry);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Sluice optimizer driver\n", registry);
  if (!passCpuTime)
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // The benchmark path: the same processing with the CPU-time instrumentation
  // added after the command line's pipeline.
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  mlir::MlirOptMainConfig commandLine = config;
  config.setPassPipelineSetupFn([commandLine](mlir::PassManager &pm) {
    if (mlir::failed(commandLine.setupPassPipeline(pm)))
      return mlir::failure();
    pm.addInstrumentation(std::make_unique<PassCpuTimeInstrumentation>());
    return mlir::success();
  });
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
