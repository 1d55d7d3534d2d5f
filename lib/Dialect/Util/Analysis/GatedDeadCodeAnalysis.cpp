//===- GatedDeadCodeAnalysis.cpp - DeadCodeAnalysis, linear in operands ---===//

#include "sluice/Dialect/Util/Analysis/GatedDeadCodeAnalysis.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;

namespace sluice::util {

/// True when the upstream visit of `op` does nothing but read the operands'
/// constant lattices while one of them is uninitialized: a region-branch op
/// that is neither a call nor a terminator, or the terminator (without
/// successors) of a region whose parent is a region-branch op.
static bool needsAllOperandValues(Operation *op) {
  if (op->getNumOperands() == 0 || isa<CallOpInterface>(op))
    return false;
  bool terminator = op->hasTrait<OpTrait::IsTerminator>();
  if (isa<RegionBranchOpInterface>(op))
    return !terminator;
  if (!terminator || op->getNumSuccessors() != 0)
    return false;
  Block *block = op->getBlock();
  Operation *parent = op->getParentOp();
  return block && parent && &block->back() == op &&
         isa<RegionBranchOpInterface>(parent);
}

LogicalResult GatedDeadCodeAnalysis::initialize(Operation *top) {
  // A new solver run (e.g. after eraseAllStates): nothing is known.
  initializedPrefix.clear();
  saturated.clear();
  return DeadCodeAnalysis::initialize(top);
}

/// The successors `op` reports for `operands`, as (region, is-parent) pairs.
static SmallVector<std::pair<Region *, bool>>
successorsFor(Operation *op, ArrayRef<Attribute> operands) {
  SmallVector<RegionSuccessor> successors;
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    branch.getEntrySuccessorRegions(operands, successors);
  else if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op))
    terminator.getSuccessorRegions(operands, successors);
  else
    cast<RegionBranchOpInterface>(op->getParentOp())
        .getSuccessorRegions(*op->getParentRegion(), successors);
  SmallVector<std::pair<Region *, bool>> result;
  for (const RegionSuccessor &successor : successors)
    result.push_back({successor.getSuccessor(), successor.isParent()});
  llvm::sort(result);
  return result;
}

LogicalResult GatedDeadCodeAnalysis::visit(ProgramPoint *point) {
  if (point->isBlockStart())
    return DeadCodeAnalysis::visit(point);
  Operation *op = point->getPrevOp();
  if (!needsAllOperandValues(op))
    return DeadCodeAnalysis::visit(point);
  if (saturated.contains(op))
    return success();
  unsigned &prefix = initializedPrefix[op];
  unsigned count = op->getNumOperands();
  for (; prefix < count; ++prefix) {
    auto *lattice = getOrCreate<dataflow::Lattice<dataflow::ConstantValue>>(
        op->getOperand(prefix));
    if (lattice->getValue().isUninitialized()) {
      // Visited again when this operand's lattice changes.
      lattice->useDefSubscribe(this);
      return success();
    }
  }
  // Every operand is initialized: the upstream visit marks the successors the
  // op reports for the operands' current constant values. When these are
  // already the successors it reports for unknown operands (the most it can
  // report), later visits cannot mark anything new: the op is saturated and
  // is not visited again in this run.
  bool parentBlockLive =
      getOrCreate<dataflow::Executable>(getProgramPointBefore(op->getBlock()))
          ->isLive();
  if (parentBlockLive) {
    SmallVector<Attribute> values;
    values.reserve(count);
    for (Value operand : op->getOperands())
      values.push_back(
          getOrCreate<dataflow::Lattice<dataflow::ConstantValue>>(operand)
              ->getValue()
              .getConstantValue());
    SmallVector<Attribute> unknown(count, Attribute());
    if (successorsFor(op, values) == successorsFor(op, unknown))
      saturated.insert(op);
  }
  return DeadCodeAnalysis::visit(point);
}

} // namespace sluice::util
