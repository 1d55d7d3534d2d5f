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
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H

#include "mlir/IR/OperationSupport.h"

#include <optional>

namespace sluice::util {

/// Made at the start of a pass's runOnOperation, before any change.
class UnchangedIRGuard {
public:
  explicit UnchangedIRGuard(mlir::Operation *root);

  /// True when the pass may call markAllAnalysesPreserved(): `changed` (what
  /// the pass tracked) is false. With --sluice-check-unchanged, a claim of no
  /// change on a changed root is a fatal error naming `passName`.
  bool unchanged(bool changed, llvm::StringRef passName) const;

private:
  mlir::Operation *root;
  std::optional<mlir::OperationFingerPrint> before;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_UNCHANGEDIR_H
