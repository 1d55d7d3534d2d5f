//===- UnchangedIR.cpp - passes that changed nothing say so ---------------===//
//
// See UnchangedIR.h. The RerunLedger keeps, per thread, a stack of the
// passes and nested pipelines running on it (a pipeline spawned on a worker
// thread names its parent pass, whose opacity it inherits), a generation
// counter bumped after every pass run that claimed no "unchanged", and, per
// (op, pass key), the generation at which that pass last ran on the op and
// changed nothing.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

using namespace mlir;

namespace sluice::util {

static llvm::cl::opt<bool> clCheckUnchanged(
    "sluice-check-unchanged",
    llvm::cl::desc("Check every pass's claim that it changed nothing (which "
                   "skips the verifier after it) against a fingerprint of "
                   "the IR taken when the pass started"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> clElideReruns(
    "sluice-elide-reruns",
    llvm::cl::desc("Skip a cleanup pass run when its previous run on the same "
                   "op changed nothing and no pass changed anything since"),
    llvm::cl::init(true));

static llvm::cl::opt<bool> clReportReruns(
    "sluice-report-elided-reruns",
    llvm::cl::desc("At the end of each pass manager run, print on stderr how "
                   "many runs of passes taking part in rerun elision were "
                   "skipped"),
    llvm::cl::init(false));

/// The check is on with the flag or with SLUICE_CHECK_UNCHANGED set in the
/// environment (the lit suite sets it, so that every sluice-opt, sluice-compile
/// and sluice-run of the suite checks every claim).
bool isCheckingUnchanged() {
  static const bool fromEnvironment = [] {
    const char *value = std::getenv("SLUICE_CHECK_UNCHANGED");
    return value && *value && llvm::StringRef(value) != "0";
  }();
  return clCheckUnchanged || fromEnvironment;
}

namespace {

class RerunLedger;

/// A pass or nested pipeline running on this thread.
struct Frame {
  Pass *pass = nullptr; // null: a nested pipeline
  Operation *op = nullptr;
  /// Runs inside a pipeline spawned by a pass that edits the IR itself.
  bool insideOpaque = false;
  /// This frame makes what it runs opaque (insideOpaque or an editing pass).
  bool opaque = false;
  /// A pass that only runs other passes (neither a change nor opaque).
  bool transparent = false;
  bool claimedUnchanged = false;
};

struct ThreadState {
  RerunLedger *ledger = nullptr;
  llvm::SmallVector<Frame, 16> frames;
};

thread_local ThreadState threadState;

/// Pass-manager adaptors only run other passes. (MLIR does not expose the
/// adaptor class; it is the pass without an argument named after it.) Other
/// such passes say so with declareOnlyRunsOtherPasses.
bool isAdaptor(Pass *pass) {
  return pass->getArgument().empty() &&
         pass->getName().ends_with("OpToOpPassAdaptor");
}

class RerunLedger : public PassInstrumentation {
public:
  ~RerunLedger() override {
    if (clReportReruns)
      llvm::errs() << "sluice-elided-reruns: " << skippedRuns.load() << " of "
                   << participatingRuns.load() << " runs skipped\n";
  }

  /// Counts a run of a pass taking part (and whether it was skipped).
  void countRun(bool skipped) {
    participatingRuns.fetch_add(1, std::memory_order_relaxed);
    if (skipped)
      skippedRuns.fetch_add(1, std::memory_order_relaxed);
  }

  uint64_t generation() const {
    return currentGeneration.load(std::memory_order_acquire);
  }

  /// The record key of `pass`: its printed pipeline text (argument and
  /// options), printed once per pass instance. Caching by address is sound
  /// because only passes outside opaque pipelines ask, and those (the pass
  /// manager's own, its per-thread clones, the fixed-point iterator's
  /// pipeline) all live as long as the pass manager and so this ledger.
  const void *getKey(Pass &pass) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (const void *key = passKeys.lookup(&pass))
        return key;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    pass.printAsTextualPipeline(os);
    std::lock_guard<std::mutex> lock(mutex);
    const void *key = keys.insert(text).first->getKeyData();
    passKeys[&pass] = key;
    return key;
  }

  std::optional<uint64_t> lookup(Operation *op, const void *key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = noChangeAt.find({op, key});
    if (it == noChangeAt.end())
      return std::nullopt;
    return it->second;
  }

  void record(Operation *op, const void *key, uint64_t generation) {
    std::lock_guard<std::mutex> lock(mutex);
    noChangeAt[{op, key}] = generation;
  }

  void runBeforePipeline(std::optional<OperationName>,
                         const PipelineParentInfo &parentInfo) override {
    bool opaque = false;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = opaquePasses.find(parentInfo.parentPass);
      opaque = it != opaquePasses.end() && it->second;
    }
    threadState.ledger = this;
    threadState.frames.push_back(
        {nullptr, nullptr, opaque, opaque, false, false});
  }

  void runAfterPipeline(std::optional<OperationName>,
                        const PipelineParentInfo &) override {
    if (!threadState.frames.empty())
      threadState.frames.pop_back();
  }

  void runBeforePass(Pass *pass, Operation *op) override {
    threadState.ledger = this;
    bool inside =
        !threadState.frames.empty() && threadState.frames.back().opaque;
    bool transparent = isAdaptor(pass);
    bool opaque = inside || !transparent;
    setOpaque(pass, opaque);
    threadState.frames.push_back(
        {pass, op, inside, opaque, transparent, false});
  }

  /// `frame`'s pass only runs other passes.
  void makeTransparent(Frame &frame) {
    frame.transparent = true;
    frame.opaque = frame.insideOpaque;
    setOpaque(frame.pass, frame.opaque);
  }

  void runAfterPass(Pass *, Operation *) override { finish(false); }
  void runAfterPassFailed(Pass *, Operation *) override { finish(true); }

private:
  void setOpaque(Pass *pass, bool opaque) {
    std::lock_guard<std::mutex> lock(mutex);
    opaquePasses[pass] = opaque;
  }

  void finish(bool failed) {
    if (threadState.frames.empty())
      return;
    Frame frame = threadState.frames.pop_back_val();
    if (failed || (!frame.transparent && !frame.claimedUnchanged))
      currentGeneration.fetch_add(1, std::memory_order_acq_rel);
  }

  std::atomic<uint64_t> currentGeneration{0};
  std::atomic<uint64_t> participatingRuns{0}, skippedRuns{0};
  std::mutex mutex;
  llvm::StringSet<> keys;
  llvm::DenseMap<std::pair<Operation *, const void *>, uint64_t> noChangeAt;
  llvm::DenseMap<Pass *, bool> opaquePasses;
  llvm::DenseMap<Pass *, const void *> passKeys;
};

/// The frame of the pass running `root` on this thread, if it is the
/// innermost one.
Frame *currentFrame(Pass *pass, Operation *root) {
  if (!threadState.ledger || threadState.frames.empty())
    return nullptr;
  Frame &frame = threadState.frames.back();
  if (frame.op != root || (pass && frame.pass != pass))
    return nullptr;
  return &frame;
}

} // namespace

UnchangedIRGuard::UnchangedIRGuard(Operation *root) : root(root) {
  if (isCheckingUnchanged())
    before.emplace(root);
}

UnchangedIRGuard::UnchangedIRGuard(Pass &pass, Operation *root)
    : UnchangedIRGuard(root) {
  Frame *frame = currentFrame(&pass, root);
  if (!frame || frame->insideOpaque)
    return;
  RerunLedger &ledger = *threadState.ledger;
  passKey = ledger.getKey(pass);
  startGeneration = ledger.generation();
  std::optional<uint64_t> recorded = ledger.lookup(root, passKey);
  bool noChange = recorded && *recorded == startGeneration;
  ledger.countRun(noChange && !isCheckingUnchanged());
  if (!noChange)
    return;
  if (isCheckingUnchanged()) {
    predictedNoChange = true;
    return;
  }
  skip = true;
  claimed = true;
  frame->claimedUnchanged = true;
}

UnchangedIRGuard::~UnchangedIRGuard() {
  if (predictedNoChange && !claimed)
    llvm::report_fatal_error(
        "--sluice-check-unchanged: rerun elision would have skipped a pass "
        "run that changed the IR or failed");
}

bool UnchangedIRGuard::unchanged(bool changed, StringRef passName) {
  if (changed) {
    if (predictedNoChange)
      llvm::report_fatal_error(llvm::Twine("--sluice-check-unchanged: rerun "
                                           "elision would have skipped a run "
                                           "of ") +
                               passName + " that changed the IR");
    return false;
  }
  if (before && !(*before == OperationFingerPrint(root)))
    llvm::report_fatal_error(llvm::Twine("--sluice-check-unchanged: pass ") +
                             passName +
                             " reported no change but changed the IR");
  claimed = true;
  if (Frame *frame = currentFrame(nullptr, root)) {
    frame->claimedUnchanged = true;
    if (passKey && !frame->insideOpaque)
      threadState.ledger->record(root, passKey, startGeneration);
  }
  return true;
}

void declareOnlyRunsOtherPasses(Pass &pass, Operation *root) {
  if (Frame *frame = currentFrame(&pass, root))
    threadState.ledger->makeTransparent(*frame);
}

void addRerunElision(PassManager &pm) {
  if (clElideReruns)
    pm.addInstrumentation(std::make_unique<RerunLedger>());
}

} // namespace sluice::util
