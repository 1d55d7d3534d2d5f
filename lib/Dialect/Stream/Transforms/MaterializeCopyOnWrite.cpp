//===- MaterializeCopyOnWrite.cpp - clones before in-place mutation -------===//
//
// --iree-stream-materialize-copy-on-write (stream-passes-1.md §9): before an
// async op mutates a resource in place, clone the resource unless the
// mutation provably cannot be observed elsewhere.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

namespace sluice::stream {
#define GEN_PASS_DEF_MATERIALIZECOPYONWRITEPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// True when mutating `value` in place from `userOp` cannot be observed:
/// it is an op result, not a constant, and used only by `userOp`.
bool isSafeToElideCopy(Value value, Operation *userOp) {
  if (isa<BlockArgument>(value))
    return false;
  auto resourceType = dyn_cast<ResourceType>(value.getType());
  if (resourceType && resourceType.getLifetime() == Lifetime::Constant)
    return false;
  return llvm::all_of(value.getUsers(),
                      [&](Operation *user) { return user == userOp; });
}

/// Clones every tied operand of `op` that may be observed after the
/// mutation. Fails (with an error) when a tied operand has no findable size.
/// Sets `changed` when it creates a clone.
LogicalResult materializeClones(Operation *op, bool &changed) {
  auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
  if (!tiedOp)
    return success();
  AffinityAttr affinity;
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
    affinity = affinityOp.getAffinityAttr();
  bool replaceAllUses = !isa<AsyncCollectiveOp>(op);

  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    std::optional<unsigned> operandIndex = tiedOp.getTiedResultOperandIndex(i);
    if (!operandIndex || *operandIndex >= op->getNumOperands())
      continue;
    Value operand = op->getOperand(*operandIndex);
    if (!isa<ResourceType>(operand.getType()) || isSafeToElideCopy(operand, op))
      continue;

    changed = true;
    OpBuilder builder(op);
    Value size = util::SizeAwareTypeInterface::queryValueSize(op->getLoc(),
                                                              operand, builder);
    if (!size)
      return op->emitOpError()
             << "has a tied resource operand #" << *operandIndex
             << " whose size cannot be found; cannot materialize its "
                "copy-on-write clone";
    auto cloneOp =
        AsyncCloneOp::create(builder, op->getLoc(), operand.getType(), operand,
                             size, size, affinity);
    op->setOperand(*operandIndex, cloneOp.getResult());
    if (replaceAllUses) {
      for (OpOperand &use : op->getOpOperands())
        if (use.get() == operand)
          use.set(cloneOp.getResult());
    }
  }
  return success();
}

bool isMutatingAsyncOp(Operation *op) {
  return isa<AsyncFillOp, AsyncUpdateOp, AsyncCopyOp, AsyncCollectiveOp,
             AsyncDispatchOp, AsyncCallOp, AsyncExecuteOp, AsyncConcurrentOp>(
      op);
}

struct MaterializeCopyOnWritePass
    : public stream::impl::MaterializeCopyOnWritePassBase<
          MaterializeCopyOnWritePass> {
  void runOnOperation() override {
    util::UnchangedIRGuard guard(getOperation());
    // Post-order over regions: nested regions before their parents.
    bool failed = false;
    bool changed = false;
    getOperation()->walk([&](Region *region) {
      for (Block &block : *region)
        for (Operation &op : block)
          if (op.hasTrait<stream::OpTrait::AsyncPhaseOp>() &&
              isMutatingAsyncOp(&op))
            failed |= mlir::failed(materializeClones(&op, changed));
    });
    if (failed)
      return signalPassFailure();
    // A run that cloned nothing claims it: no verifier after it (on the
    // stream pipeline's hostsync program, 100k ops, that verifier was all of
    // the pass's --mlir-timing line).
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
