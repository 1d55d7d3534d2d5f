//===- IntegerAnalyses.h - integer range + divisibility, with a fast path -===//
//
// The passes that ask for integer ranges and divisibilities
// (iree-util-optimize-int-arithmetic, iree-stream-annotate-dispatch-
// assumptions; stream-passes-2.md §15.2, §12.3) run one DataFlowSolver loaded
// with sparse constant propagation, dead-code analysis, integer-range analysis
// and util's integer-divisibility analysis, and then read the solver's
// IntegerValueRangeLattice and IntegerDivisibilityLattice states.
//
// runIntegerAnalyses gives the solver those states. For a root in the
// *straight-line class* it computes them in one pre-order walk instead of
// running the solver: the root is a callable whose body is one block, every
// nested op with regions is a single-region region-branch op that always
// enters its region and whose region always returns to it (stream.cmd.execute,
// stream.async.execute, ...) and that neither yields nor receives an integer,
// there is no call and no op with successors, and an integer transfer
// function (range or divisibility) reads a non-integer only when that value
// is a root argument or the result of a plain op (no regions, no transfer
// function): its state is then its entry state when read. In that class every
// block is live, every integer value has exactly one source and, visited in
// pre-order, every op's operands are final when it is visited: the solver's
// fixed point is what a single forward evaluation of the same transfer
// functions gives (the same InferIntRangeInterface and
// InferIntDivisibilityOpInterface calls, the same joins, the same entry
// states). Only the states of integer-like values
// (ConstantIntRanges::getStorageBitwidth != 0) are created; a query of any
// other value finds no state, which every reader treats as uninitialized
// (the solver gives a non-integer the 0-bit maximal range, which no pattern
// uses; the walk hands that entry state to the transfer functions reading
// one).
//
// At 100k ops the solver's per-value states (three analyses, every value)
// are a hash map far larger than the caches; the walk touches only the
// integer values. Outside the class the solver runs as before.
//
// `--sluice-integer-analyses=check` runs both and fails with a diagnostic on
// the first integer value whose states differ (used by the lit tests and the
// differential fuzzer); `=solver` always runs the solver; `=report` is auto
// with a remark on each root naming the way taken (and, for the solver, the
// first op that took the root out of the class).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERANALYSES_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERANALYSES_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class DataFlowSolver;
class Operation;
} // namespace mlir

namespace sluice::util {

/// Loads the four analyses into an empty solver.
void loadIntegerAnalyses(mlir::DataFlowSolver &solver);

/// Gives `solver` (loaded by loadIntegerAnalyses, with no state) the integer
/// range and divisibility states of the values under `root`. Fails, with a
/// diagnostic, when the solver fails or (check mode) the two ways disagree.
mlir::LogicalResult runIntegerAnalyses(mlir::Operation *root,
                                       mlir::DataFlowSolver &solver);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_INTEGERANALYSES_H
