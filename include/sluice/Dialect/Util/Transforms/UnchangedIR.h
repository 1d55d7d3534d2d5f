//===- UnchangedIR.h - passes that changed nothing say so -------*- C++ -*-===//
//
// After every pass the pass manager verifies the IR (sluice-opt and
// sluice-compile keep MLIR's default) unless the pass marked all analyses
// preserved, which it may only do when it changed nothing. On the stream
// pipeline these verifications are about 40 % of the CPU time, and most pass
// runs change nothing (the cleanup passes inside the fixed-point iterator
// run two or three times each to confirm a fixed point). A pass that tracks
// exactly whether it changed anything and changed nothing says so through
// UnchangedIRGuard, which also skips the verification and keeps the cached
// analyses (dominance for the next CSE). Passes driving the greedy rewriter
// use it with `applyPatternsGreedilyLinear(..., &modified)`: the driver's
// `changed` result alone misses the moves and location changes its constant
// folder makes when it fills its worklist (constants hoisted to the top of
// their region), which reach no listener either (--sluice-check-unchanged
// caught this on optimize-int-arithmetic); `modified` rules them out before
// the first round (RegionSimplify.h).
//
// `--sluice-check-unchanged` (or SLUICE_CHECK_UNCHANGED=1 in the environment)
// fingerprints the root when the guard is made and again when the pass claims
// no change; a difference is a fatal error naming the pass. The lit suite sets
// the variable, so every tool run of the suite checks every claim; the fuzzer
// has modes with the flag.
//
// Rerun elision. The cleanup pipeline runs after most stream passes, and a
// stretch of passes that all change nothing is common (a verification pass,
// an annotation with nothing to annotate, the second iteration of a fixed
// point): the cleanup after it then repeats runs that already found nothing,
// each a full walk of the program (or several, for the greedy ones). A pass
// that is a deterministic function of the IR and its options and has no
// effect besides the IR (the cleanup passes) makes its guard with itself:
// `UnchangedIRGuard guard(*this, root)`. When its previous run on the same op
// with the same options changed nothing and no pass changed anything anywhere
// since, `rerunChangesNothing()` is true and the pass returns at once with
// all analyses preserved: the run would see the same IR and do the same
// nothing. "Changed anything anywhere" is a generation counter of the
// RerunLedger, a pass instrumentation the tools install with
// addRerunElision: every pass run that does not claim "unchanged" through a
// guard bumps it (pass-manager adaptors, and passes that declare they only
// run other passes like the fixed-point iterator, do not). Inside a pipeline
// run by a pass that is neither (the inliner's per-function simplification)
// nothing is skipped or recorded, since that pass edits the IR between the runs
// it triggers. With the check on, nothing is skipped: a run that would have
// been skipped runs, and a change (or failure) in it is a fatal error.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H

#include "mlir/IR/OperationSupport.h"

#include <cstdint>
#include <optional>

namespace mlir {
class Pass;
class PassManager;
} // namespace mlir

namespace sluice::util {

/// Made at the start of a pass's runOnOperation, before any change.
class UnchangedIRGuard {
public:
  explicit UnchangedIRGuard(mlir::Operation *root);
  /// The same, for a pass that takes part in rerun elision (header): `pass`
  /// must be the pass running on `root`.
  UnchangedIRGuard(mlir::Pass &pass, mlir::Operation *root);
  ~UnchangedIRGuard();
  UnchangedIRGuard(const UnchangedIRGuard &) = delete;
  UnchangedIRGuard &operator=(const UnchangedIRGuard &) = delete;

  /// True when this run would change nothing (header, rerun elision): the
  /// pass marks all analyses preserved and returns.
  bool rerunChangesNothing() const { return skip; }

  /// True when the pass may call markAllAnalysesPreserved(): `changed` (what
  /// the pass tracked) is false. With --sluice-check-unchanged, a claim of no
  /// change on a changed root is a fatal error naming `passName`.
  bool unchanged(bool changed, llvm::StringRef passName);

private:
  mlir::Operation *root;
  std::optional<mlir::OperationFingerPrint> before;
  /// Rerun elision: the ledger's record key for this pass and its options
  /// (null: not taking part), the generation when the run started, whether
  /// the run is skipped, and (check mode) whether it would have been.
  const void *passKey = nullptr;
  uint64_t startGeneration = 0;
  bool skip = false;
  bool predictedNoChange = false;
  bool claimed = false;
};

/// Called by a pass at the start of its run when all it does is run other
/// passes (nested pipelines) and bookkeeping no pass reads (the fixed-point
/// iterator's markers): its run then neither counts as a change nor makes
/// the pipelines it runs opaque to rerun elision.
void declareOnlyRunsOtherPasses(mlir::Pass &pass, mlir::Operation *root);

/// Installs the RerunLedger on `pm` (unless --sluice-elide-reruns=false).
void addRerunElision(mlir::PassManager &pm);

/// Whether --sluice-check-unchanged (or SLUICE_CHECK_UNCHANGED) is on.
bool isCheckingUnchanged();

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H
