//===- CloneToConsumers.cpp - --iree-stream-clone-to-consumers ------------===//
//
// stream-passes-1.md §6: a cheap producer whose result is used on several
// affinities is cloned before each consumer instead of being transferred.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_CLONETOCONSUMERSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

constexpr int kMaxIterations = 32;

/// A streamable op that prefers cloning, or a pure op that is not streamable.
bool isCloneable(Operation *op) {
  if (!op)
    return false;
  if (auto streamableOp = dyn_cast<StreamableOpInterface>(op))
    return streamableOp.preferCloneToConsumers();
  return isPure(op);
}

/// Total number of uses of all results of `op`.
bool hasSingleUse(Operation *op) {
  unsigned uses = 0;
  for (Value result : op->getResults())
    for (OpOperand &use : result.getUses()) {
      (void)use;
      if (++uses > 1)
        return false;
    }
  return uses == 1;
}

/// Gives `consumer` its own clones of cloneable producers whose values live
/// on more than one affinity. Returns true if anything changed.
bool cloneProducersOf(Operation *consumer, AffinityAnalysis &analysis) {
  bool changed = false;
  llvm::MapVector<Operation *, Operation *> clones;
  for (OpOperand &operand : consumer->getOpOperands()) {
    Operation *producer = operand.get().getDefiningOp();
    if (!isCloneable(producer))
      continue;
    unsigned resultNumber = cast<OpResult>(operand.get()).getResultNumber();
    auto it = clones.find(producer);
    if (it != clones.end()) {
      operand.set(it->second->getResult(resultNumber));
      changed = true;
      continue;
    }
    // Only the number of candidates matters, not the success flag.
    SmallVector<AffinityAttr> affinities;
    (void)analysis.tryLookupResourceAffinity(operand.get(), affinities);
    if (affinities.size() <= 1 || hasSingleUse(producer))
      continue;
    OpBuilder builder(consumer);
    Operation *clone = builder.clone(*producer);
    clones.insert({producer, clone});
    operand.set(clone->getResult(resultNumber));
    changed = true;
  }
  for (auto &[producer, clone] : clones)
    if (producer->use_empty())
      producer->erase();
  return changed;
}

/// Visits the ops of `block` from the terminator upward; clones inserted
/// before the visited op are visited next.
bool cloneInBlock(Block &block, AffinityAnalysis &analysis) {
  bool changed = false;
  Operation *op = block.empty() ? nullptr : &block.back();
  while (op) {
    changed |= cloneProducersOf(op, analysis);
    op = op->getPrevNode();
  }
  return changed;
}

struct CloneToConsumersPass
    : impl::CloneToConsumersPassBase<CloneToConsumersPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    if (moduleOp.getBody()->empty())
      return markAllAnalysesPreserved();
    util::UnchangedIRGuard guard(moduleOp);
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
      AffinityAnalysis analysis(moduleOp);
      if (failed(analysis.run())) {
        moduleOp.emitError() << "failed to solve for affinity analysis";
        return signalPassFailure();
      }
      bool changed = false;
      for (auto callableOp : moduleOp.getOps<CallableOpInterface>()) {
        Region *region = callableOp.getCallableRegion();
        if (!region)
          continue;
        for (Block &block : *region)
          changed |= cloneInBlock(block, analysis);
      }
      if (!changed) {
        if (iteration == 0 && guard.unchanged(false, getName()))
          markAllAnalysesPreserved();
        return;
      }
    }
    moduleOp.emitRemark()
        << "clone to consumers pass failed to reach a fixed point after "
        << kMaxIterations << " iterations; ambiguous affinity may be present";
  }
};

} // namespace
} // namespace sluice::stream
