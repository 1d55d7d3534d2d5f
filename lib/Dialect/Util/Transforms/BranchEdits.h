//===- BranchEdits.h - batched successor-operand edits -----------*- C++
//-*-===//
//
// Successor-operand bookkeeping shared by util's linear region simplifier
// (RegionSimplify.cpp) and the block-argument patterns (Patterns.cpp):
// BranchSlots computes once per branch op where each successor's forwarded
// operands are (a `cf.switch` from its segment sizes, not the O(cases)
// upstream accessor per successor); BranchEditor records erasures and appends
// and applies all of one branch op's edits in one rewrite, so that a wide
// `cf.switch` is rewritten once instead of once per edited successor.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_BRANCHEDITS_H
#define SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_BRANCHEDITS_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

namespace sluice::util {

using namespace mlir;
//===----------------------------------------------------------------------===//
// Successor-operand bookkeeping
//===----------------------------------------------------------------------===//

/// Where successor `i`'s forwarded operands are in the op's operand list.
struct Slot {
  unsigned begin = 0, size = 0, produced = 0;
};

/// Per branch op, its slots, computed once (until the op is rewritten).
class BranchSlots {
public:
  ArrayRef<Slot> get(Operation *op) {
    auto [it, inserted] = cache.try_emplace(op);
    if (inserted)
      compute(op, it->second);
    return it->second;
  }
  void forget(Operation *op) {
    cache.erase(op);
    targets.erase(op);
  }

  /// The forwarded operand feeding argument `argIndex` of successor `succ`,
  /// or null if it is produced by the op or out of range.
  OpOperand *operandFor(Operation *op, unsigned succ, unsigned argIndex) {
    const Slot &slot = get(op)[succ];
    if (argIndex < slot.produced || argIndex - slot.produced >= slot.size)
      return nullptr;
    return &op->getOpOperand(slot.begin + argIndex - slot.produced);
  }

  /// The successor block argument operand `operandIndex` of `op` feeds, if
  /// any (BranchOpInterface::getSuccessorBlockArgument without the O(n)
  /// recomputation per successor).
  BlockArgument argumentFor(Operation *op, unsigned operandIndex) {
    ArrayRef<int64_t> targets = getTargets(op);
    int64_t packed = targets[operandIndex];
    if (packed < 0)
      return nullptr;
    unsigned succ = static_cast<unsigned>(packed >> 32);
    unsigned arg = static_cast<unsigned>(packed & 0xffffffff);
    return op->getSuccessor(succ)->getArgument(arg);
  }

private:
  static void compute(Operation *op, SmallVectorImpl<Slot> &slots) {
    slots.resize(op->getNumSuccessors());
    if (auto switchOp = dyn_cast<cf::SwitchOp>(op)) {
      // Successor 0 is the default destination, then one per case; operand
      // 0 is the flag. The upstream accessor sums the segment sizes before
      // each case, O(cases) per successor.
      unsigned begin = 1;
      unsigned defaultSize = switchOp.getDefaultOperands().size();
      slots[0] = {begin, defaultSize, 0};
      begin += defaultSize;
      for (auto [i, size] :
           llvm::enumerate(switchOp.getCaseOperandSegments())) {
        slots[i + 1] = {begin, static_cast<unsigned>(size), 0};
        begin += size;
      }
      return;
    }
    auto branchOp = cast<BranchOpInterface>(op);
    for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
      SuccessorOperands operands = branchOp.getSuccessorOperands(i);
      OperandRange forwarded = operands.getForwardedOperands();
      slots[i].produced = operands.getProducedOperandCount();
      slots[i].size = forwarded.size();
      if (!forwarded.empty())
        slots[i].begin = forwarded.getBeginOperandIndex();
    }
  }

  ArrayRef<int64_t> getTargets(Operation *op) {
    auto [it, inserted] = targets.try_emplace(op);
    if (inserted) {
      it->second.assign(op->getNumOperands(), -1);
      ArrayRef<Slot> slots = get(op);
      // The first successor whose range holds the operand wins, as in the
      // upstream lookup.
      for (unsigned i = slots.size(); i-- > 0;)
        for (unsigned j = 0; j < slots[i].size; ++j)
          it->second[slots[i].begin + j] =
              (static_cast<int64_t>(i) << 32) | (slots[i].produced + j);
    }
    return it->second;
  }

  DenseMap<Operation *, SmallVector<Slot>> cache;
  DenseMap<Operation *, SmallVector<int64_t>> targets;
};

/// Records successor-operand edits and applies each branch op's edits in one
/// rewrite. Erasure indices are successor-operand indices (produced operands
/// included, as SuccessorOperands::erase takes them), relative to the op's
/// operands when the edit was recorded: nothing moves until `flush`.
class BranchEditor {
public:
  explicit BranchEditor(BranchSlots &slots) : slots(slots) {}
  ~BranchEditor() { assert(pending.empty() && "unflushed branch edits"); }

  void erase(Operation *op, unsigned succ, unsigned index) {
    edit(op).erased[succ].push_back(index);
  }
  void append(Operation *op, unsigned succ, ValueRange values) {
    llvm::append_range(edit(op).appended[succ], values);
  }
  bool isPending(Operation *op) const { return pending.contains(op); }

  /// Drops the edits of an op about to be erased.
  void forget(Operation *op) {
    pending.erase(op);
    slots.forget(op);
  }

  void flush(Operation *op) {
    auto it = pending.find(op);
    if (it == pending.end())
      return;
    Edit edit = std::move(it->second);
    pending.erase(it);
    for (auto &indices : edit.erased) {
      llvm::sort(indices);
      indices.erase(llvm::unique(indices), indices.end());
    }
    if (auto switchOp = dyn_cast<cf::SwitchOp>(op))
      flushSwitch(switchOp, edit);
    else
      flushGeneric(cast<BranchOpInterface>(op), edit);
    slots.forget(op);
  }

  void flushAll() {
    while (!pending.empty())
      flush(pending.front().first);
  }

private:
  struct Edit {
    SmallVector<SmallVector<unsigned, 1>> erased;
    SmallVector<SmallVector<Value, 1>> appended;
  };

  Edit &edit(Operation *op) {
    auto [it, inserted] = pending.try_emplace(op);
    if (inserted) {
      it->second.erased.resize(op->getNumSuccessors());
      it->second.appended.resize(op->getNumSuccessors());
    }
    return it->second;
  }

  /// Upstream's way, one successor at a time (from the last, so that the
  /// recorded indices of earlier successors stay valid): fine for branch ops
  /// with a handful of successors.
  void flushGeneric(BranchOpInterface branchOp, Edit &edit) {
    for (unsigned succ = edit.erased.size(); succ-- > 0;) {
      if (edit.erased[succ].empty() && edit.appended[succ].empty())
        continue;
      SuccessorOperands operands = branchOp.getSuccessorOperands(succ);
      for (unsigned index : llvm::reverse(edit.erased[succ]))
        operands.erase(index);
      if (!edit.appended[succ].empty())
        operands.append(edit.appended[succ]);
    }
  }

  /// One new operand list and one new pair of segment attributes.
  void flushSwitch(cf::SwitchOp switchOp, Edit &edit) {
    Operation *op = switchOp;
    ArrayRef<Slot> opSlots = slots.get(op);
    SmallVector<Value> operands;
    operands.reserve(op->getNumOperands());
    operands.push_back(switchOp.getFlag());
    SmallVector<int32_t> caseSizes;
    caseSizes.reserve(opSlots.size() - 1);
    int32_t defaultSize = 0, caseTotal = 0;
    for (auto [succ, slot] : llvm::enumerate(opSlots)) {
      size_t before = operands.size();
      ArrayRef<unsigned> erased = edit.erased[succ];
      for (unsigned j = 0; j < slot.size; ++j) {
        if (!erased.empty() && erased.front() == j) {
          erased = erased.drop_front();
          continue;
        }
        operands.push_back(op->getOperand(slot.begin + j));
      }
      llvm::append_range(operands, edit.appended[succ]);
      int32_t size = static_cast<int32_t>(operands.size() - before);
      if (succ == 0) {
        defaultSize = size;
      } else {
        caseSizes.push_back(size);
        caseTotal += size;
      }
    }
    op->setOperands(operands);
    switchOp.getProperties().operandSegmentSizes = {1, defaultSize, caseTotal};
    switchOp.setCaseOperandSegments(caseSizes);
  }

  BranchSlots &slots;
  llvm::MapVector<Operation *, Edit> pending;
};

} // namespace sluice::util

#endif // SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_BRANCHEDITS_H
