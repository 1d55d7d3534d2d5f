//===- MaterializeRefCounting.cpp - explicit retains and releases ---------===//
//
// --sluice-materialize-ref-counting (execution.md §2.7 step 3, §3.6).
//
// Per host function: (0) edges of multi-successor branches that pass counted
// values are split so that every consuming use sits on one edge; (1) every
// counted value is classified owned or borrowed, and results that are
// neither get a retain; (2) consuming uses take a +1 (move at the last use,
// retain otherwise); (3) owned values are released where they die, in the
// block or on the CFG edge, as mlir::Liveness says.
//
//===----------------------------------------------------------------------===//

#include "HostFunctions.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace sluice::sluice_rt {
#define GEN_PASS_DEF_MATERIALIZEREFCOUNTINGPASS
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h.inc"
} // namespace sluice::sluice_rt

using namespace mlir;
using namespace sluice;
using namespace sluice::sluice_rt;

namespace {

/// Ops whose counted results carry a +1 for the activation (§3.6 rule 1).
bool isOwnedProducer(Operation *op) {
  static const llvm::StringSet<> kOwned = {
      "hal.allocator.allocate",  "hal.allocator.import",
      "hal.device.queue.alloca", "hal.buffer.subspan",
      "hal.buffer_view.create",  "hal.fence.create",
      "hal.fence.join",          "hal.ex.file.from_memory",
      "io_parameters.load",      "util.call",
      "sluice_rt.retain",
  };
  return kOwned.contains(op->getName().getStringRef());
}

class RefCounter {
public:
  RefCounter(Operation *function)
      : function(function), body(function->getRegion(0)),
        inInitializer(isa<util::InitializerOp>(function)) {}

  LogicalResult run() {
    if (failed(checkStructured()))
      return failure();
    splitConsumingEdges();
    classify();
    consume();
    release();
    return success();
  }

private:
  LogicalResult checkStructured();
  void splitConsumingEdges();
  void classify();
  void consume();
  void release();

  bool isBorrowed(Value value);
  void addOwned(Value value) {
    if (ownedIndex.try_emplace(value, ownedIndex.size()).second)
      owned.push_back(value);
  }
  bool isOwned(Value value) const { return ownedIndex.count(value); }
  Block *splitEdge(Block *pred, unsigned index);
  /// The forwarded operands of the terminator of `block` for its only
  /// successor, or of a util.return; std::nullopt for other terminators.
  std::optional<MutableOperandRange> consumingOperands(Operation *terminator);

  Operation *function;
  Region &body;
  bool inInitializer;
  SmallVector<Value> owned;
  DenseMap<Value, unsigned> ownedIndex;
  // The last retain classify() put after an op's results: releases "after"
  // that op go after it, so that a value derived from a dying parent (the
  // buffer of a view) is retained before the parent is released.
  DenseMap<Operation *, Operation *> lastRetainAfter;
};

LogicalResult RefCounter::checkStructured() {
  // The first offending op of the function is reported.
  WalkResult result = body.walk([&](Operation *op) {
    // Wave commands borrow what they use, like any other use at the wave.
    if (op->getParentRegion() == &body || op->getParentOfType<WaveOp>())
      return WalkResult::advance();
    auto counted = [](Value v) { return isCountedRefType(v.getType()); };
    if (llvm::none_of(op->getOperands(), counted) &&
        llvm::none_of(op->getResults(), counted))
      return WalkResult::advance();
    op->emitOpError() << "uses a reference inside '"
                      << op->getParentOp()->getName()
                      << "'; convert structured control flow to cf before "
                         "the native lowering";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

Block *RefCounter::splitEdge(Block *pred, unsigned index) {
  Operation *terminator = pred->getTerminator();
  Block *succ = terminator->getSuccessor(index);
  auto branch = cast<BranchOpInterface>(terminator);
  SuccessorOperands operands = branch.getSuccessorOperands(index);
  SmallVector<Value> forwarded(operands.getForwardedOperands());
  operands.getMutableForwardedOperands().clear();
  auto *edge = new Block();
  body.getBlocks().insert(std::next(pred->getIterator()), edge);
  OpBuilder b = OpBuilder::atBlockEnd(edge);
  cf::BranchOp::create(b, terminator->getLoc(), succ, forwarded);
  terminator->setSuccessor(edge, index);
  return edge;
}

void RefCounter::splitConsumingEdges() {
  SmallVector<Block *> blocks;
  for (Block &block : body)
    blocks.push_back(&block);
  for (Block *block : blocks) {
    Operation *terminator = block->getTerminator();
    auto branch = dyn_cast_or_null<BranchOpInterface>(terminator);
    if (!branch || terminator->getNumSuccessors() < 2)
      continue;
    for (unsigned i = 0, e = terminator->getNumSuccessors(); i < e; ++i) {
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      if (operands.getProducedOperandCount() == 0 &&
          llvm::any_of(operands.getForwardedOperands(),
                       [](Value v) { return isCountedRefType(v.getType()); }))
        splitEdge(block, i);
    }
  }
}

bool RefCounter::isBorrowed(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->isEntryBlock();
  Operation *def = value.getDefiningOp();
  if (isOwnedProducer(def))
    return false;
  if (isa<util::NullOp>(def))
    return true;
  if (auto load = dyn_cast<util::GlobalLoadOp>(def))
    return load.getIsImmutable() && !inInitializer;
  if (isa<hal::BufferViewBufferOp>(def))
    return isBorrowed(def->getOperand(0));
  return false;
}

void RefCounter::classify() {
  for (Block &block : body) {
    if (!block.isEntryBlock())
      for (BlockArgument arg : block.getArguments())
        if (isCountedRefType(arg.getType()))
          addOwned(arg);
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    for (Operation *op : ops) {
      for (Value result : op->getResults()) {
        if (!isCountedRefType(result.getType()))
          continue;
        if (isOwnedProducer(op)) {
          addOwned(result);
          continue;
        }
        if (isBorrowed(result))
          continue;
        OpBuilder b(op->getContext());
        b.setInsertionPointAfter(op);
        if (Operation *previous = lastRetainAfter.lookup(op))
          b.setInsertionPointAfter(previous);
        auto retain =
            RetainOp::create(b, op->getLoc(), result.getType(), result);
        result.replaceAllUsesExcept(retain.getResult(), retain);
        addOwned(retain.getResult());
        lastRetainAfter[op] = retain;
      }
    }
  }
}

std::optional<MutableOperandRange>
RefCounter::consumingOperands(Operation *terminator) {
  if (auto ret = dyn_cast<util::ReturnOp>(terminator))
    return MutableOperandRange(terminator);
  auto branch = dyn_cast<BranchOpInterface>(terminator);
  if (!branch || terminator->getNumSuccessors() != 1)
    return std::nullopt;
  SuccessorOperands operands = branch.getSuccessorOperands(0);
  if (operands.getProducedOperandCount() != 0)
    return std::nullopt;
  return operands.getMutableForwardedOperands();
}

void RefCounter::consume() {
  Liveness liveness(function);
  for (Block &block : body) {
    Operation *terminator = block.getTerminator();
    if (!terminator)
      continue;
    std::optional<MutableOperandRange> operands = consumingOperands(terminator);
    if (!operands)
      continue;
    const LivenessBlockInfo *info = liveness.getLiveness(&block);
    llvm::SmallDenseSet<Value> moved;
    for (unsigned i = 0, e = operands->size(); i < e; ++i) {
      OpOperand &operand = (*operands)[i];
      Value value = operand.get();
      if (!isCountedRefType(value.getType()))
        continue;
      bool liveOut = info && info->isLiveOut(value);
      if (isOwned(value) && !liveOut && moved.insert(value).second)
        continue; // the last use: the +1 moves
      if (value.getDefiningOp<util::NullOp>())
        continue; // NULL carries no count: nothing to retain
      OpBuilder b(terminator);
      operand.set(
          RetainOp::create(b, terminator->getLoc(), value.getType(), value));
    }
  }
}

void RefCounter::release() {
  Liveness liveness(function);
  // Releases right after an op (null: at the block start), and on edges.
  llvm::MapVector<Operation *, SmallVector<Value>> afterOp;
  llvm::MapVector<Block *, SmallVector<Value>> atStart;
  llvm::MapVector<std::pair<Block *, unsigned>, SmallVector<Value>> onEdge;

  for (Block &block : body) {
    const LivenessBlockInfo *info = liveness.getLiveness(&block);
    Operation *terminator = block.getTerminator();
    SmallVector<Value> candidates;
    if (info)
      for (Value v : info->in())
        if (isOwned(v))
          candidates.push_back(v);
    for (BlockArgument arg : block.getArguments())
      if (isOwned(arg))
        candidates.push_back(arg);
    for (Operation &op : block)
      for (Value result : op.getResults())
        if (isOwned(result))
          candidates.push_back(result);
    llvm::sort(candidates, [&](Value a, Value b) {
      return ownedIndex.lookup(a) < ownedIndex.lookup(b);
    });

    auto releaseOnEdges = [&](Value v, Operation *fallible) {
      for (unsigned i = 0, e = terminator->getNumSuccessors(); i < e; ++i) {
        Block *succ = terminator->getSuccessor(i);
        const LivenessBlockInfo *succInfo = liveness.getLiveness(succ);
        if (succInfo && succInfo->isLiveIn(v))
          continue;
        // The results of a failed op are NULL on its error edge.
        if (isa<CheckStatusOp>(terminator) && i == 1 && fallible &&
            v.getDefiningOp() == fallible)
          continue;
        onEdge[{&block, i}].push_back(v);
      }
    };

    for (Value v : candidates) {
      if (info && info->isLiveOut(v)) {
        releaseOnEdges(v, terminator ? terminator->getPrevNode() : nullptr);
        continue;
      }
      Operation *last = nullptr;
      for (Operation *user : v.getUsers()) {
        user = block.findAncestorOpInBlock(*user);
        if (user && (!last || last->isBeforeInBlock(user)))
          last = user;
      }
      if (last && last == terminator)
        continue; // consumed by the terminator (moved by consume())
      Operation *anchor = last ? last : v.getDefiningOp();
      if (Operation *retain = lastRetainAfter.lookup(anchor))
        anchor = retain;
      if (anchor && anchor->getNextNode() == terminator &&
          isa_and_nonnull<CheckStatusOp>(terminator)) {
        // Nothing may come between a fallible op and its check.
        releaseOnEdges(v, anchor);
        continue;
      }
      if (anchor)
        afterOp[anchor].push_back(v);
      else
        atStart[&block].push_back(v);
    }
  }

  Location loc = function->getLoc();
  for (auto &[op, values] : afterOp) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    for (Value v : values)
      ReleaseOp::create(b, op->getLoc(), v);
  }
  for (auto &[block, values] : atStart) {
    OpBuilder b = OpBuilder::atBlockBegin(block);
    for (Value v : values)
      ReleaseOp::create(b, loc, v);
  }
  for (auto &[edge, values] : onEdge) {
    auto [pred, index] = edge;
    Block *succ = pred->getTerminator()->getSuccessor(index);
    Block *target =
        succ->getSinglePredecessor() == pred ? succ : splitEdge(pred, index);
    OpBuilder b = OpBuilder::atBlockBegin(target);
    for (Value v : values)
      ReleaseOp::create(b, loc, v);
  }
}

struct MaterializeRefCountingPass
    : public sluice_rt::impl::MaterializeRefCountingPassBase<
          MaterializeRefCountingPass> {
  void runOnOperation() override {
    if (failed(forEachHostFunction(getOperation(), [](Operation *op) {
          return RefCounter(op).run();
        })))
      signalPassFailure();
  }
};

} // namespace
