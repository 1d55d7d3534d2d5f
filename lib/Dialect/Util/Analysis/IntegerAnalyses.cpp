//===- IntegerAnalyses.cpp - integer range + divisibility, with a fast path
//===//
//
// See IntegerAnalyses.h for the straight-line class and why its single walk
// reaches the solver's fixed point.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Analysis/IntegerAnalyses.h"

#include "sluice/Dialect/Util/Analysis/GatedDeadCodeAnalysis.h"
#include "sluice/Dialect/Util/Analysis/IntegerDivisibilityAnalysis.h"
#include "sluice/Dialect/Util/Analysis/IntegerRangeAnalysis.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using mlir::dataflow::IntegerValueRangeLattice;

namespace sluice::util {
namespace {

enum class IntegerAnalysesMode { Auto, Solver, Check, Report };

llvm::cl::opt<IntegerAnalysesMode> clIntegerAnalysesMode(
    "sluice-integer-analyses",
    llvm::cl::desc("How the integer range and divisibility analyses run: "
                   "auto (a single walk for straight-line functions, else "
                   "the dataflow solver), solver (always the solver), check "
                   "(both; any difference is an error), report (auto, and "
                   "a remark naming the one that ran)"),
    llvm::cl::init(IntegerAnalysesMode::Auto),
    llvm::cl::values(
        clEnumValN(IntegerAnalysesMode::Auto, "auto", "fast path when valid"),
        clEnumValN(IntegerAnalysesMode::Solver, "solver", "always the solver"),
        clEnumValN(IntegerAnalysesMode::Check, "check", "both, and compare"),
        clEnumValN(IntegerAnalysesMode::Report, "report",
                   "auto, with a remark on each root saying which ran")));

bool isIntegerLike(Type type) {
  return ConstantIntRanges::getStorageBitwidth(type) != 0;
}

bool anyIntegerLike(TypeRange types) {
  return llvm::any_of(types, isIntegerLike);
}

/// A nested op with regions the walk can step into: one region of one block
/// that the op always enters and whose terminator always returns to the op,
/// no integer flowing through either edge, and no integer transfer function
/// of its own.
bool isTransparentRegionOp(Operation *op) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || op->getNumRegions() != 1 || isa<LoopLikeOpInterface>(op) ||
      isa<InferIntRangeInterface, InferIntDivisibilityOpInterface>(op) ||
      anyIntegerLike(op->getResultTypes()))
    return false;
  Region &region = op->getRegion(0);
  if (!region.hasOneBlock())
    return false;
  Block &block = region.front();
  if (anyIntegerLike(block.getArgumentTypes()) || block.empty())
    return false;
  SmallVector<RegionSuccessor> successors;
  SmallVector<Attribute> unknownOperands(op->getNumOperands(), Attribute());
  branch.getEntrySuccessorRegions(unknownOperands, successors);
  if (successors.size() != 1 || successors.front().getSuccessor() != &region)
    return false;
  Operation *terminator = &block.back();
  if (!terminator->hasTrait<OpTrait::IsTerminator>() ||
      terminator->getNumSuccessors() != 0)
    return false;
  successors.clear();
  if (auto regionTerminator =
          dyn_cast<RegionBranchTerminatorOpInterface>(terminator)) {
    SmallVector<Attribute> unknown(terminator->getNumOperands(), Attribute());
    regionTerminator.getSuccessorRegions(unknown, successors);
  } else {
    branch.getSuccessorRegions(region, successors);
  }
  return !successors.empty() &&
         llvm::all_of(successors, [](const RegionSuccessor &successor) {
           return successor.isParent();
         });
}

/// True if the analyses' state of non-integer `value` is its entry state
/// whenever a later op reads it: a root argument or a result of an op with
/// no regions and no transfer function (such values have the 0-bit maximal
/// range and the divisibility {1, 1}).
bool hasEntryStateWhenRead(Value value, Operation *root) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->getParentOp() == root;
  // A value from outside a (non-isolated) root is never visited by the
  // solver: uninitialized, not the entry state.
  Operation *def = value.getDefiningOp();
  return root->isProperAncestor(def) && def->getNumRegions() == 0 &&
         !isa<InferIntRangeInterface, InferIntDivisibilityOpInterface>(def);
}

/// Why `op` takes the root out of the class (empty: it does not).
StringRef whyNotStraightLine(Operation *op, Operation *root) {
  if (op->getNumSuccessors() != 0)
    return "an op with successors";
  if (isa<CallOpInterface>(op))
    return "a call";
  if (op->getNumRegions() != 0 && !isTransparentRegionOp(op))
    return "an op with regions other than a single-region op that always "
           "enters and leaves its region with no integer";
  if (isa<InferIntRangeInterface, InferIntDivisibilityOpInterface>(op))
    for (Value operand : op->getOperands())
      if (!isIntegerLike(operand.getType()) &&
          !hasEntryStateWhenRead(operand, root))
        return "an integer transfer function reading a non-integer that is "
               "neither an argument nor the result of a plain op";
  return {};
}

/// The states `solver` holds for `value` (uninitialized when absent, as the
/// passes reading them treat an absent state).
IntegerValueRange storedRange(const DataFlowSolver &solver, Value value) {
  if (auto *lattice = solver.lookupState<IntegerValueRangeLattice>(value))
    return lattice->getValue();
  return IntegerValueRange();
}
IntegerDivisibility storedDivisibility(const DataFlowSolver &solver,
                                       Value value) {
  if (auto *lattice = solver.lookupState<IntegerDivisibilityLattice>(value))
    return lattice->getValue();
  return IntegerDivisibility();
}

/// Why `root` itself is outside the class (empty: it is not).
StringRef whyNotStraightLineRoot(Operation *root) {
  auto callable = dyn_cast<CallableOpInterface>(root);
  if (!callable || root->getNumRegions() != 1 ||
      callable.getCallableRegion() != &root->getRegion(0))
    return "the root is not a callable with one region";
  if (root->getRegion(0).getBlocks().size() > 1)
    return "the body has several blocks";
  return {};
}

/// The single forward walk. Returns false, leaving states behind that the
/// caller must erase, when an op outside the class is met.
class StraightLineIntegerWalk {
public:
  explicit StraightLineIntegerWalk(DataFlowSolver &solver) : solver(solver) {}

  /// The op that took the root out of the class, and why.
  Operation *offender = nullptr;
  StringRef reason;

  bool run(Operation *root) {
    Region &body = root->getRegion(0);
    if (body.empty())
      return true;
    // The entry block of a callable whose callers the analyses cannot see
    // (the root is the whole scope): its arguments start at the entry states.
    for (BlockArgument arg : body.front().getArguments())
      setEntryStates(arg);
    WalkResult result = body.walk<WalkOrder::PreOrder>([&](Operation *op) {
      reason = whyNotStraightLine(op, root);
      if (!reason.empty()) {
        offender = op;
        return WalkResult::interrupt();
      }
      visit(op);
      return WalkResult::advance();
    });
    return !result.wasInterrupted();
  }

private:
  /// Joins `valueFor(result)` into the state of each integer result of
  /// `op` (the entry state of an op without a transfer function).
  template <typename LatticeT, typename ValueFn>
  void joinIntoIntegerResults(Operation *op, ValueFn valueFor) {
    for (Value result : op->getResults())
      if (isIntegerLike(result.getType()))
        (void)solver.getOrCreateState<LatticeT>(result)->join(valueFor(result));
  }

  /// The state an op reads: for a non-integer operand, its entry state
  /// (whyNotStraightLine checked it is one).
  IntegerValueRange getRange(Value value) const {
    if (!isIntegerLike(value.getType()))
      return IntegerValueRange::getMaxRange(value);
    return storedRange(solver, value);
  }
  IntegerDivisibility getDivisibility(Value value) const {
    if (!isIntegerLike(value.getType()))
      return IntegerDivisibility::getMinDivisibility();
    return storedDivisibility(solver, value);
  }

  /// What the analyses' setToEntryState gives: the maximal range and the
  /// divisibility {1, 1} (kept for integers only; getRange and
  /// getDivisibility give a non-integer's).
  void setEntryStates(Value value) {
    if (!isIntegerLike(value.getType()))
      return;
    (void)solver.getOrCreateState<IntegerValueRangeLattice>(value)->join(
        IntegerValueRange::getMaxRange(value));
    (void)solver.getOrCreateState<IntegerDivisibilityLattice>(value)->join(
        IntegerDivisibility::getMinDivisibility());
  }

  void visit(Operation *op) {
    if (op->getNumResults() == 0)
      return;
    visitRanges(op);
    visitDivisibilities(op);
  }

  /// mlir::dataflow::IntegerRangeAnalysis::visitOperation (and util's
  /// override for empty constants) on final operand states.
  void visitRanges(Operation *op) {
    auto inferrable = dyn_cast<InferIntRangeInterface>(op);
    if (!inferrable || IntegerRangeAnalysis::isEmptyElementsConstant(op)) {
      joinIntoIntegerResults<IntegerValueRangeLattice>(op, [](Value result) {
        return IntegerValueRange::getMaxRange(result);
      });
      return;
    }
    SmallVector<IntegerValueRange> argRanges;
    argRanges.reserve(op->getNumOperands());
    for (Value operand : op->getOperands())
      argRanges.push_back(getRange(operand));
    inferrable.inferResultRangesFromOptional(
        argRanges, [&](Value value, const IntegerValueRange &range) {
          auto result = dyn_cast<OpResult>(value);
          if (!result || result.getOwner() != op)
            return;
          // A state is created only once something is known (a query of an
          // absent state reads as uninitialized).
          if (range.isUninitialized() &&
              !solver.lookupState<IntegerValueRangeLattice>(value))
            return;
          auto *lattice =
              solver.getOrCreateState<IntegerValueRangeLattice>(value);
          IntegerValueRange oldRange = lattice->getValue();
          (void)lattice->join(range);
          // The upstream analysis widens a terminator-used result that
          // changes after it was first set (loop results); reproduced for an
          // op reporting one result twice.
          bool yielded = llvm::any_of(value.getUsers(), [](Operation *user) {
            return user->hasTrait<OpTrait::IsTerminator>();
          });
          if (yielded && !oldRange.isUninitialized() &&
              !(lattice->getValue() == oldRange))
            (void)lattice->join(IntegerValueRange::getMaxRange(value));
        });
  }

  /// util::IntegerDivisibilityAnalysis::visitOperation on final operand
  /// states.
  void visitDivisibilities(Operation *op) {
    auto inferrable = dyn_cast<InferIntDivisibilityOpInterface>(op);
    if (!inferrable) {
      joinIntoIntegerResults<IntegerDivisibilityLattice>(
          op, [](Value) { return IntegerDivisibility::getMinDivisibility(); });
      return;
    }
    SmallVector<IntegerDivisibility> argDivs;
    argDivs.reserve(op->getNumOperands());
    for (Value operand : op->getOperands())
      argDivs.push_back(getDivisibility(operand));
    inferrable.inferResultDivisibility(
        argDivs, [&](Value value, const ConstantIntDivisibility &div) {
          auto result = dyn_cast<OpResult>(value);
          if (!result || result.getOwner() != op ||
              !isIntegerLike(value.getType()))
            return;
          (void)solver.getOrCreateState<IntegerDivisibilityLattice>(value)
              ->join(IntegerDivisibility(div));
        });
  }

  DataFlowSolver &solver;
};

/// Every integer-like value under `root` (block arguments and results).
void forEachIntegerValue(Operation *root, function_ref<void(Value)> fn) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root)
      for (Value result : op->getResults())
        if (isIntegerLike(result.getType()))
          fn(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (isIntegerLike(arg.getType()))
            fn(arg);
  });
}

/// Runs the fast path into a scratch solver and compares it with `solver`
/// (already run) on every integer-like value.
LogicalResult checkFastPath(Operation *root, DataFlowSolver &solver) {
  DataFlowSolver fast;
  loadIntegerAnalyses(fast);
  if (!StraightLineIntegerWalk(fast).run(root))
    return success();
  LogicalResult result = success();
  forEachIntegerValue(root, [&](Value value) {
    if (failed(result))
      return;
    IntegerValueRange fastRange = storedRange(fast, value),
                      solverRange = storedRange(solver, value);
    IntegerDivisibility fastDiv = storedDivisibility(fast, value),
                        solverDiv = storedDivisibility(solver, value);
    if (fastRange == solverRange && fastDiv == solverDiv)
      return;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "integer analyses: the straight-line walk disagrees with the "
          "solver on this value: range "
       << fastRange << " vs " << solverRange << ", divisibility " << fastDiv
       << " vs " << solverDiv;
    if (Operation *def = value.getDefiningOp())
      def->emitError(text);
    else
      mlir::emitError(value.getLoc(), text);
    result = failure();
  });
  return result;
}

} // namespace

void loadIntegerAnalyses(DataFlowSolver &solver) {
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<GatedDeadCodeAnalysis>();
  solver.load<IntegerRangeAnalysis>();
  solver.load<IntegerDivisibilityAnalysis>();
}

LogicalResult runIntegerAnalyses(Operation *root, DataFlowSolver &solver) {
  IntegerAnalysesMode mode = clIntegerAnalysesMode;
  StringRef reason = whyNotStraightLineRoot(root);
  Operation *offender = nullptr;
  if (reason.empty() && (mode == IntegerAnalysesMode::Auto ||
                         mode == IntegerAnalysesMode::Report)) {
    StraightLineIntegerWalk walk(solver);
    if (walk.run(root)) {
      if (mode == IntegerAnalysesMode::Report)
        root->emitRemark("integer analyses: straight-line walk");
      return success();
    }
    solver.eraseAllStates();
    reason = walk.reason;
    offender = walk.offender;
  }
  if (failed(solver.initializeAndRun(root)))
    return failure();
  if (mode == IntegerAnalysesMode::Report) {
    InFlightDiagnostic remark = root->emitRemark("integer analyses: solver");
    if (!reason.empty()) {
      remark << " (" << reason;
      if (offender)
        remark << ": '" << offender->getName() << "'";
      remark << ")";
    }
  }
  if (mode == IntegerAnalysesMode::Check && reason.empty())
    return checkFastPath(root, solver);
  return success();
}

} // namespace sluice::util
