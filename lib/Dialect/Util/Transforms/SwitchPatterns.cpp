//===- SwitchPatterns.cpp - linear cf.switch canonicalization -------------===//
//
// stream-passes-2.md §15.4 applies the canonicalization patterns of every
// registered op. Upstream's cf.switch patterns read the operands of case `i`
// through `SwitchOp::getCaseOperands(i)`, which sums the sizes of the `i`
// segments before it: every match attempt on a switch with n cases costs
// O(n^2) even when nothing applies (a 50k-case switch made
// iree-util-apply-patterns 37x slower from 10k to 100k ops).
//
// This file provides one pattern that makes the same six simplifications, in
// the same order, with the same resulting IR, but reads case operands through
// segment offsets computed once per match (O(n) per attempt).
// populateAllCanonicalizationPatterns registers it in place of the upstream
// cf.switch patterns (same position, same benefit), so the greedy driver
// applies the same rewrites in the same sequence.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/Patterns.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace sluice::util {
namespace {

/// The operands of every case of a switch, addressed in O(1) per case.
class CaseOperands {
public:
  explicit CaseOperands(cf::SwitchOp op)
      : all(op.getODSOperands(2)), sizes(op.getCaseOperandSegments()) {
    offsets.reserve(sizes.size());
    unsigned offset = 0;
    for (int32_t size : sizes) {
      offsets.push_back(offset);
      offset += size;
    }
  }

  ValueRange operator[](unsigned index) const {
    return all.slice(offsets[index], sizes[index]);
  }

private:
  OperandRange all;
  ArrayRef<int32_t> sizes;
  SmallVector<unsigned> offsets;
};

/// Replaces `op` by a branch to the first case whose value is `value`, or to
/// the default destination when no case has it.
void foldToCase(cf::SwitchOp op, const APInt &value,
                PatternRewriter &rewriter) {
  if (std::optional<DenseIntElementsAttr> values = op.getCaseValues()) {
    unsigned index = 0;
    for (const APInt &caseValue : values->getValues<APInt>()) {
      if (caseValue == value) {
        ValueRange operands = CaseOperands(op)[index];
        rewriter.replaceOpWithNewOp<cf::BranchOp>(
            op, op.getCaseDestinations()[index], operands);
        return;
      }
      ++index;
    }
  }
  rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getDefaultDestination(),
                                            op.getDefaultOperands());
}

/// If `successor` holds only a `cf.br` that forwards its arguments and does
/// not start a branch cycle, redirects (`successor`, `operands`) to the
/// branch's destination; `storage` keeps remapped operands alive.
LogicalResult collapsePassThrough(Block *&successor, ValueRange &operands,
                                  SmallVectorImpl<Value> &storage) {
  if (std::next(successor->begin()) != successor->end())
    return failure();
  auto branch = dyn_cast<cf::BranchOp>(successor->getTerminator());
  if (!branch)
    return failure();
  for (BlockArgument arg : successor->getArguments())
    for (Operation *user : arg.getUsers())
      if (user != branch)
        return failure();
  Block *target = branch.getDest();
  if (target == successor)
    return failure();
  // A chain of unconditional branches that comes back to a block already on
  // it is a cycle: collapsing into it could loop forever.
  llvm::SmallDenseSet<Block *, 8> chain{successor, target};
  for (auto next = dyn_cast<cf::BranchOp>(target->getTerminator()); next;
       next = dyn_cast<cf::BranchOp>(next.getDest()->getTerminator())) {
    if (!chain.insert(next.getDest()).second)
      return failure();
  }
  OperandRange forwarded = branch.getOperands();
  if (successor->args_empty()) {
    successor = target;
    operands = forwarded;
    return success();
  }
  for (Value value : forwarded) {
    auto arg = dyn_cast<BlockArgument>(value);
    storage.push_back(arg && arg.getOwner() == successor
                          ? operands[arg.getArgNumber()]
                          : value);
  }
  successor = target;
  operands = storage;
  return success();
}

/// Rebuilds `op` keeping only the cases for which `keep(index, value)` holds;
/// fails when every case is kept.
template <typename KeepFn>
LogicalResult filterCases(cf::SwitchOp op, PatternRewriter &rewriter,
                          KeepFn keep) {
  std::optional<DenseIntElementsAttr> values = op.getCaseValues();
  if (!values)
    return failure();
  CaseOperands caseOperands(op);
  SuccessorRange dests = op.getCaseDestinations();
  SmallVector<APInt> newValues;
  SmallVector<Block *> newDests;
  SmallVector<ValueRange> newOperands;
  bool changed = false;
  unsigned index = 0;
  for (const APInt &value : values->getValues<APInt>()) {
    if (!keep(index, value, dests[index], caseOperands[index])) {
      changed = true;
    } else {
      newValues.push_back(value);
      newDests.push_back(dests[index]);
      newOperands.push_back(caseOperands[index]);
    }
    ++index;
  }
  if (!changed)
    return failure();
  rewriter.replaceOpWithNewOp<cf::SwitchOp>(
      op, op.getFlag(), op.getDefaultDestination(), op.getDefaultOperands(),
      newValues, newDests, newOperands);
  return success();
}

/// `cf.switch` with only a default destination -> `cf.br`.
LogicalResult onlyDefault(cf::SwitchOp op, PatternRewriter &rewriter) {
  if (!op.getCaseDestinations().empty())
    return failure();
  rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getDefaultDestination(),
                                            op.getDefaultOperands());
  return success();
}

/// Drops the cases that branch where the default does, with the same operands.
LogicalResult dropDefaultCases(cf::SwitchOp op, PatternRewriter &rewriter) {
  Block *defaultDest = op.getDefaultDestination();
  ValueRange defaultOperands = op.getDefaultOperands();
  return filterCases(
      op, rewriter,
      [&](unsigned, const APInt &, Block *dest, ValueRange operands) {
        return !(dest == defaultDest && operands == defaultOperands);
      });
}

/// A constant selector -> `cf.br` to the case it selects.
LogicalResult constantSelector(cf::SwitchOp op, PatternRewriter &rewriter) {
  APInt value;
  if (!matchPattern(op.getFlag(), m_ConstantInt(&value)))
    return failure();
  foldToCase(op, value, rewriter);
  return success();
}

/// Case and default destinations that only forward to another block are
/// bypassed.
LogicalResult bypassPassThrough(cf::SwitchOp op, PatternRewriter &rewriter) {
  std::optional<DenseIntElementsAttr> values = op.getCaseValues();
  size_t numCases = values ? values->size() : 0;
  CaseOperands caseOperands(op);
  SuccessorRange dests = op.getCaseDestinations();
  SmallVector<Block *> newDests;
  SmallVector<ValueRange> newOperands;
  // One storage per edge; reserved so that the ranges pointing into it stay
  // valid.
  SmallVector<SmallVector<Value>> storage;
  storage.reserve(numCases + 1);
  bool changed = false;
  for (size_t i = 0; i < numCases; ++i) {
    Block *dest = dests[i];
    ValueRange operands = caseOperands[i];
    storage.emplace_back();
    if (succeeded(collapsePassThrough(dest, operands, storage.back())))
      changed = true;
    newDests.push_back(dest);
    newOperands.push_back(operands);
  }
  Block *defaultDest = op.getDefaultDestination();
  ValueRange defaultOperands = op.getDefaultOperands();
  storage.emplace_back();
  if (succeeded(
          collapsePassThrough(defaultDest, defaultOperands, storage.back())))
    changed = true;
  if (!changed)
    return failure();
  rewriter.replaceOpWithNewOp<cf::SwitchOp>(op, op.getFlag(), defaultDest,
                                            defaultOperands, *values, newDests,
                                            newOperands);
  return success();
}

/// The switch terminating the single predecessor of `op`'s block when it
/// switches on the same selector.
cf::SwitchOp predecessorSwitchOnSameSelector(cf::SwitchOp op) {
  Block *pred = op->getBlock()->getSinglePredecessor();
  if (!pred)
    return {};
  auto predSwitch = dyn_cast<cf::SwitchOp>(pred->getTerminator());
  if (!predSwitch || predSwitch.getFlag() != op.getFlag())
    return {};
  return predSwitch;
}

/// Reached through a case of a switch on the same selector: the selector's
/// value is known, branch directly.
LogicalResult knownFromCase(cf::SwitchOp op, PatternRewriter &rewriter) {
  cf::SwitchOp predSwitch = predecessorSwitchOnSameSelector(op);
  Block *block = op->getBlock();
  if (!predSwitch || predSwitch.getDefaultDestination() == block)
    return failure();
  SuccessorRange predDests = predSwitch.getCaseDestinations();
  auto it = llvm::find(predDests, block);
  if (it == predDests.end()) {
    rewriter.replaceOpWithNewOp<cf::BranchOp>(op, op.getDefaultDestination(),
                                              op.getDefaultOperands());
    return success();
  }
  APInt value =
      predSwitch.getCaseValues()->getValues<APInt>()[it - predDests.begin()];
  foldToCase(op, value, rewriter);
  return success();
}

/// Reached through the default of a switch on the same selector: the values
/// of the predecessor's other cases cannot occur, drop those cases.
LogicalResult excludedByDefault(cf::SwitchOp op, PatternRewriter &rewriter) {
  cf::SwitchOp predSwitch = predecessorSwitchOnSameSelector(op);
  Block *block = op->getBlock();
  if (!predSwitch || predSwitch.getDefaultDestination() != block)
    return failure();
  llvm::DenseSet<APInt> impossible;
  if (std::optional<DenseIntElementsAttr> predValues =
          predSwitch.getCaseValues()) {
    SuccessorRange predDests = predSwitch.getCaseDestinations();
    unsigned index = 0;
    for (const APInt &value : predValues->getValues<APInt>())
      if (predDests[index++] != block)
        impossible.insert(value);
  }
  return filterCases(op, rewriter,
                     [&](unsigned, const APInt &value, Block *, ValueRange) {
                       return !impossible.contains(value);
                     });
}

/// The six cf.switch simplifications in upstream's order; the first that
/// applies rewrites the op.
struct SimplifySwitch : OpRewritePattern<cf::SwitchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(cf::SwitchOp op,
                                PatternRewriter &rewriter) const override {
    for (auto step : {onlyDefault, dropDefaultCases, constantSelector,
                      bypassPassThrough, knownFromCase, excludedByDefault})
      if (succeeded(step(op, rewriter)))
        return success();
    return failure();
  }
};

} // namespace

void populateSwitchCanonicalizationPatterns(MLIRContext *context,
                                            RewritePatternSet &patterns) {
  patterns.add<SimplifySwitch>(context);
}

} // namespace sluice::util
