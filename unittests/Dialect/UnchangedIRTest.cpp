//===- UnchangedIRTest.cpp - passes that changed nothing say so -----------===//
//
// A pass that changed nothing marks all analyses preserved (which also skips
// the verifier after it); one that changed something must not. Observed
// through an analysis that counts its computations, requested before and after
// the pass under test: one computation when the pass claimed no change, two
// when it did not. The silent edits of the greedy driver's constant folder
// (a constant hoisted to the top of its function) must count as changes.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"
#include "sluice/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <string>

using namespace mlir;

namespace {

/// Counts its computations.
struct CountedAnalysis {
  static inline int computations = 0;
  explicit CountedAnalysis(Operation *) { ++computations; }
};

/// Asks for CountedAnalysis on the op it runs on, changes nothing.
struct RequestCountedAnalysisPass
    : PassWrapper<RequestCountedAnalysisPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RequestCountedAnalysisPass)
  StringRef getArgument() const final {
    return "test-request-counted-analysis";
  }
  void runOnOperation() override {
    (void)getAnalysis<CountedAnalysis>();
    markAllAnalysesPreserved();
  }
};

/// Takes part in rerun elision, changes nothing, and counts the runs that
/// were not skipped. Atomic: with multithreading on, the pass runs on
/// several functions at once (a plain int could lose an increment).
struct CountedNoOpPass : PassWrapper<CountedNoOpPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountedNoOpPass)
  static inline std::atomic<int> executions{0};
  StringRef getArgument() const final { return "test-counted-no-op"; }
  void runOnOperation() override {
    sluice::util::UnchangedIRGuard guard(*this, getOperation());
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    ++executions;
    if (guard.unchanged(false, getName()))
      markAllAnalysesPreserved();
  }
};

class UnchangedIRTest : public sluice::testing::DialectTest {
protected:
  static void SetUpTestSuite() {
    sluice::registerAllPasses();
    PassRegistration<RequestCountedAnalysisPass>();
    PassRegistration<CountedNoOpPass>();
  }

  /// Parses `source` and runs the textual `pipeline` on it (single-threaded
  /// unless `threads`, with rerun elision if `elide`); false on any failure.
  bool run(StringRef source, StringRef pipeline, bool elide, bool threads) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    if (!module)
      return false;
    auto pm = PassManager::on<ModuleOp>(&context);
    if (elide)
      sluice::util::addRerunElision(pm);
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    EXPECT_TRUE(succeeded(parsePassPipeline(pipeline, pm, errorStream)))
        << errors;
    context.enableMultithreading(threads);
    bool ran = succeeded(pm.run(*module));
    context.enableMultithreading();
    EXPECT_TRUE(ran) << pipeline.str();
    return ran;
  }

  /// Runs `pipeline` with rerun elision and returns how many runs of
  /// test-counted-no-op were not skipped.
  int executions(StringRef source, StringRef pipeline, bool threads = false) {
    CountedNoOpPass::executions = 0;
    if (!run(source, pipeline, /*elide=*/true, threads))
      return -1;
    return CountedNoOpPass::executions;
  }

  /// Runs `request,<pass>,request` nested in `nest` (empty: on the module)
  /// and returns how often the counted analysis was computed per op the
  /// nest visits (1: the pass claimed no change).
  int computations(StringRef source, StringRef pass, StringRef nest = "") {
    std::string inner = ("test-request-counted-analysis," + pass +
                         ",test-request-counted-analysis")
                            .str();
    std::string text = nest.empty() ? inner : nest.str() + "(" + inner + ")";
    CountedAnalysis::computations = 0;
    if (!run(source, text, /*elide=*/false, /*threads=*/false))
      return -1;
    return CountedAnalysis::computations;
  }
};

constexpr const char *kCanonical = R"mlir(
  func.func @f(%x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %0 = arith.addi %x, %c1 : i32
    return %0 : i32
  })mlir";

// Nothing for any pattern to do, but the constant is not at the top of the
// function: the folder moves it without reporting a change.
constexpr const char *kConstantToHoist = R"mlir(
  func.func @f(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32
    %c1 = arith.constant 1 : i32
    %1 = arith.addi %0, %c1 : i32
    return %1 : i32
  })mlir";

constexpr const char *kFoldable = R"mlir(
  func.func @f(%x: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %x, %c0 : i32
    return %0 : i32
  })mlir";

TEST_F(UnchangedIRTest, GreedyPassesClaimOnlyWhatTheyDidNotTouch) {
  for (StringRef pass : {"canonicalize", "iree-util-apply-patterns",
                         "iree-util-optimize-int-arithmetic"}) {
    EXPECT_EQ(computations(kCanonical, pass), 1) << pass.str();
    EXPECT_EQ(computations(kConstantToHoist, pass), 2) << pass.str();
    EXPECT_EQ(computations(kFoldable, pass), 2) << pass.str();
  }
  EXPECT_EQ(computations(kCanonical, "iree-util-fold-globals"), 1);
  EXPECT_EQ(computations(kConstantToHoist, "iree-util-fold-globals"), 2);
}

TEST_F(UnchangedIRTest, SimplifyGlobalAccessesClaimsOnlyWithNothingToMove) {
  constexpr const char *kLoadsInPlace = R"mlir(
    util.global private mutable @g : i32
    util.func @f() -> i32 {
      %0 = util.global.load @g : i32
      util.return %0 : i32
    })mlir";
  // A second load of the same global is replaced by the first.
  constexpr const char *kRedundantLoad = R"mlir(
    util.global private mutable @g : i32
    util.func @f() -> i32 {
      %0 = util.global.load @g : i32
      %1 = util.global.load @g : i32
      %2 = arith.addi %0, %1 : i32
      util.return %2 : i32
    })mlir";
  EXPECT_EQ(computations(kLoadsInPlace, "iree-util-simplify-global-accesses",
                         "util.func"),
            1);
  EXPECT_EQ(computations(kRedundantLoad, "iree-util-simplify-global-accesses",
                         "util.func"),
            2);
}

constexpr const char *kCaller = R"mlir(
  func.func private @callee(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @caller(%x: i32) -> i32 {
    %0 = call @callee(%x) : (i32) -> i32
    return %0 : i32
  })mlir";

constexpr const char *kFoldingCaller = R"mlir(
  func.func private @callee(%x: i32) -> i32 {
    return %x : i32
  }
  func.func @caller(%x: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %x, %c0 : i32
    %1 = call @callee(%0) : (i32) -> i32
    return %1 : i32
  })mlir";

// With the check on (the lit suite's setting) nothing is skipped: a run that
// would be is executed and checked instead.
int skippedUnlessChecking(int runs) {
  return sluice::util::isCheckingUnchanged() ? runs : 1;
}

TEST_F(UnchangedIRTest, RerunElisionSkipsRepeatsOfNothing) {
  // Nothing ran in between: the second run is skipped.
  EXPECT_EQ(executions(kCanonical, "test-counted-no-op,test-counted-no-op"),
            skippedUnlessChecking(2));
  // Passes that changed nothing and said so do not count as changes.
  EXPECT_EQ(executions(kCanonical,
                       "test-counted-no-op,canonicalize,cse,"
                       "iree-util-optimize-int-arithmetic,test-counted-no-op"),
            skippedUnlessChecking(2));
  // Across pass-manager adaptors, per function.
  EXPECT_EQ(executions(kCaller, "func.func(test-counted-no-op),"
                                "func.func(test-counted-no-op)"),
            sluice::util::isCheckingUnchanged() ? 4 : 2);
  EXPECT_EQ(executions(kCaller,
                       "func.func(test-counted-no-op),"
                       "func.func(test-counted-no-op)",
                       /*threads=*/true),
            sluice::util::isCheckingUnchanged() ? 4 : 2);
}

TEST_F(UnchangedIRTest, RerunElisionRerunsAfterAChange) {
  // canonicalize folds the addition away.
  EXPECT_EQ(executions(kFoldable,
                       "test-counted-no-op,canonicalize,test-counted-no-op"),
            2);
  // A pass that does not claim "unchanged" counts as a change.
  EXPECT_EQ(executions(kCanonical,
                       "test-counted-no-op,symbol-dce,test-counted-no-op"),
            2);
  // A change to one function counts for the others too (and for the
  // module): canonicalize changes @caller, so no run is skipped.
  EXPECT_EQ(executions(kFoldingCaller, "test-counted-no-op,"
                                       "func.func(test-counted-no-op,"
                                       "canonicalize),"
                                       "test-counted-no-op"),
            4);
}

TEST_F(UnchangedIRTest, RerunElisionSkipsInsideTheFixedPointIterator) {
  // The iterator only runs its pipeline: the run inside it is skipped.
  EXPECT_EQ(executions(kCanonical,
                       "test-counted-no-op,iree-util-fixed-point-iterator{"
                       "pipeline=builtin.module(test-counted-no-op)}"),
            skippedUnlessChecking(2));
}

TEST_F(UnchangedIRTest, RerunElisionSkipsNothingInsideAnEditingPass) {
  // The inliner runs its pipeline on both functions (then inlines @callee
  // into @caller): these runs execute although no pass has ended since the
  // first runs on the same functions, as the inliner may already have
  // edited the IR when it starts a nested pipeline.
  EXPECT_EQ(executions(kCaller, "func.func(test-counted-no-op),"
                                "inline{default-pipeline=test-counted-no-op}"),
            4);
}

TEST_F(UnchangedIRTest, SCFToControlFlowClaimsOnlyWithoutSCF) {
  constexpr const char *kLoop = R"mlir(
    func.func @f(%n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %n step %c1 {
      }
      return
    })mlir";
  auto run = [&](StringRef source) {
    OwningOpRef<ModuleOp> module = parse(source);
    EXPECT_TRUE(module);
    if (!module)
      return -1;
    context.disableMultithreading();
    auto pm = PassManager::on<ModuleOp>(&context);
    OpPassManager &nested = pm.nest<func::FuncOp>();
    nested.addPass(std::make_unique<RequestCountedAnalysisPass>());
    nested.addPass(sluice::util::createSCFToControlFlowPass());
    nested.addPass(std::make_unique<RequestCountedAnalysisPass>());
    CountedAnalysis::computations = 0;
    EXPECT_TRUE(succeeded(pm.run(*module)));
    // The conversion ran: no scf op is left.
    EXPECT_FALSE(
        module->walk([](scf::ForOp) { return WalkResult::interrupt(); })
            .wasInterrupted());
    return CountedAnalysis::computations;
  };
  EXPECT_EQ(run(kCanonical), 1);
  EXPECT_EQ(run(kLoop), 2);
  // An unregistered op (no dialect) is no scf op: claimed, no crash.
  context.allowUnregisteredDialects();
  EXPECT_EQ(run(R"mlir(
    func.func @f() {
      "unknown.op"() : () -> ()
      return
    })mlir"),
            1);
}

} // namespace
