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
// `--sluice-evict-caches` (with it) writes and reads a 128 MiB buffer before
// each top-level pass, outside the timed span, so that the pass starts with
// the IR out of the caches and TLBs at every program size (the "cold"
// figures of docs/benchmarks-passes.md).
//
// `--sluice-bench-walk` is a read-only pass for the benchmarks: it visits the
// ops of every block of the function it runs on (not nested ones) and counts
// the `stream.resource.alloca`s, as reuse-allocations' walk does; its time is
// the floor of any pass that visits every op of the function body.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "sluice/InitAll.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>
#include <memory>
#include <sys/mman.h>

namespace {

llvm::cl::opt<bool> passCpuTime(
    "sluice-pass-cpu-time",
    llvm::cl::desc("Print the thread CPU time spent in each pass (use with "
                   "--mlir-disable-threading)"),
    llvm::cl::init(false));

llvm::cl::opt<bool> evictCaches(
    "sluice-evict-caches",
    llvm::cl::desc("With --sluice-pass-cpu-time: evict the data caches and "
                   "TLBs before each top-level pass (not timed)"),
    llvm::cl::init(false));

/// Writes then reads a buffer four times the size of this machine's L3, in
/// 4 KiB pages (32,768 of them, ten times the L2 TLB), so that neither the
/// caches nor the TLBs hold any of the IR afterwards.
void evictDataCaches() {
  static constexpr size_t kBytes = size_t(128) << 20;
  static uint64_t *buffer = [] {
    void *p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return static_cast<uint64_t *>(nullptr);
    (void)madvise(p, kBytes, MADV_NOHUGEPAGE);
    return static_cast<uint64_t *>(p);
  }();
  if (!buffer)
    return;
  uint64_t sum = 0;
  size_t words = kBytes / sizeof(uint64_t);
  for (size_t i = 0; i < words; i += 8)
    buffer[i] += i;
  for (size_t i = 0; i < words; i += 8)
    sum += buffer[i];
  // Keep the reads.
  asm volatile("" : : "r"(sum) : "memory");
}

/// `--sluice-bench-walk`: counts the allocas directly in the blocks of the
/// op's regions (see the file comment).
struct BenchWalkPass
    : public mlir::PassWrapper<BenchWalkPass, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BenchWalkPass)
  llvm::StringRef getArgument() const final { return "sluice-bench-walk"; }
  llvm::StringRef getName() const final { return "BenchWalkPass"; }
  llvm::StringRef getDescription() const final {
    return "Benchmark baseline: a read-only walk over the ops of the "
           "function body, counting stream.resource.alloca";
  }
  void runOnOperation() override {
    mlir::OperationName allocaName("stream.resource.alloca", &getContext());
    size_t count = 0, ops = 0, pageChanges = 0, backward = 0;
    uintptr_t previous = 0;
    for (mlir::Region &region : getOperation()->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Operation &op : block) {
          count += op.getName() == allocaName;
          // Where the ops lie (no extra memory access: the op's address).
          auto address = reinterpret_cast<uintptr_t>(&op);
          ++ops;
          pageChanges += (address >> 12) != (previous >> 12);
          backward += address < previous;
          previous = address;
        }
    // What the walk saw (one write to stderr, a few microseconds).
    llvm::errs() << "sluice-bench-walk: " << ops << " ops, " << count
                 << " allocas, " << pageChanges
                 << " on another 4 KiB page than the op before, " << backward
                 << " at a lower address\n";
  }
};

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
    if (evictCaches && starts.empty())
      evictDataCaches();
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
  mlir::PassRegistration<BenchWalkPass>();
  mlir::DialectRegistry registry;
  sluice::registerAllDialects(registry);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Sluice optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // Listings run no pass: MLIR's driver prints them.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // What MLIR's driver sets up before running (crash stack traces, signal
  // handlers); made after the listing path, which makes its own.
  llvm::InitLLVM init(argc, argv);
  // The command line's pipeline with rerun elision (UnchangedIR.h) and, for
  // the benchmarks, the CPU-time instrumentation.
  mlir::MlirOptMainConfig commandLine = config;
  config.setPassPipelineSetupFn([commandLine](mlir::PassManager &pm) {
    if (mlir::failed(commandLine.setupPassPipeline(pm)))
      return mlir::failure();
    sluice::util::addRerunElision(pm);
    if (passCpuTime)
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
