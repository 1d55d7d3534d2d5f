//===- ElisionAnalysis.h - copy elision analysis ---------------*- C++ -*-===//
//
// The whole-program analysis behind --iree-stream-elide-async-copies
// (stream-passes-1.md §10.2), solved with the DFX solver:
//
//   LastUsers(value)                 the users after which the value is dead
//   ArgumentSemantics(block arg)     whether an argument is passed by value
//                                    (moved) and never mutated
//   ResourceMutationSemantics(value) whether a resource may be mutated
//
//   ElisionAnalysis analysis(moduleOp);
//   if (failed(analysis.run())) ...
//   if (analysis.isLastUser(source, cloneOp)) ...
//
// Queries create missing LastUsers/ResourceMutationSemantics elements on
// demand (they are fixed at initialization, so they describe the IR at query
// time); existing elements are never recomputed.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_ELISIONANALYSIS_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_ELISIONANALYSIS_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <memory>

namespace sluice::util {
class Explorer;
namespace dfx {
class Solver;
} // namespace dfx
} // namespace sluice::util

namespace sluice::stream {

/// The users of `value` after which it is dead (§10.2
/// `isEffectivelyLastUser`): C qualifies iff no other user may execute after
/// it. Users in different blocks of the value's region disqualify each other;
/// two users under one loop op too; two users under one region-branch op
/// only qualify when their regions are mutually exclusive (scf.if
/// then/else). In use-list order.
llvm::SmallVector<mlir::Operation *> findLastUsers(mlir::Value value);

class ElisionAnalysis {
public:
  explicit ElisionAnalysis(mlir::Operation *rootOp);
  ~ElisionAnalysis();
  ElisionAnalysis(const ElisionAnalysis &) = delete;
  ElisionAnalysis &operator=(const ElisionAnalysis &) = delete;

  /// Seeds every resource block argument and value and solves (cap 32).
  llvm::LogicalResult run();

  /// Rounds the solver ran.
  unsigned getSolverIterationCount() const;

  /// True if `arg` is known to be passed by value (its producers are dead
  /// after passing it). False for arguments without an element.
  bool isArgMoved(mlir::BlockArgument arg);
  /// True if `user` is one of the users after which `value` is dead.
  bool isLastUser(mlir::Value value, mlir::Operation *user);
  /// True if no (transitive) use of `value` may mutate it.
  bool isNeverMutated(mlir::Value value);
  /// True if `value` may be (or alias) storage the program does not own: a
  /// non-consuming `stream.tensor.import`, or unknown producers.
  bool containsBorrowedStorage(mlir::Value value);
  /// The affinity `value` is produced on, if one can be inferred.
  AffinityAttr tryInferValueAffinity(mlir::Value value);

private:
  std::unique_ptr<util::Explorer> explorer;
  std::unique_ptr<util::dfx::Solver> solver;
};

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_ELISIONANALYSIS_H
