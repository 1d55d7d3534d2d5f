//===- InlineMemoizeRegions.cpp - --iree-hal-inline-memoize-regions -------===//
//
// execution.md §2.5 step 4: a hal.device.memoize region runs where it
// stands. The block holding the op is split after it, the region's blocks are
// moved in between, every hal.return branches to the continuation with its
// values (the continuation's arguments replace the op's results), and the
// command buffers created inside become one-shot.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace sluice::hal {

#define GEN_PASS_DEF_INLINEMEMOIZEREGIONSPASS
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

namespace {

void inlineMemoizeRegion(DeviceMemoizeOp op, IRRewriter &rewriter) {
  // Command buffers recorded inline are used exactly once.
  op.getBody().walk([&](CommandBufferCreateOp create) {
    create.setModes(create.getModes() | CommandBufferModeBits::OneShot);
  });

  Block *before = op->getBlock();
  Block *continuation = rewriter.splitBlock(before, std::next(op->getIterator()));
  SmallVector<Value> results;
  for (Value result : op.getResults())
    results.push_back(continuation->addArgument(result.getType(), op.getLoc()));

  Block *entry = &op.getBody().front();
  SmallVector<ReturnOp> returns;
  op.getBody().walk([&](ReturnOp returnOp) {
    if (returnOp->getParentOp() == op)
      returns.push_back(returnOp);
  });
  for (ReturnOp returnOp : returns) {
    rewriter.setInsertionPoint(returnOp);
    rewriter.replaceOpWithNewOp<cf::BranchOp>(returnOp, continuation,
                                              returnOp.getOperands());
  }
  rewriter.inlineRegionBefore(op.getBody(), continuation);
  rewriter.setInsertionPointToEnd(before);
  cf::BranchOp::create(rewriter, op.getLoc(), entry);
  rewriter.replaceOp(op, results);
}

struct InlineMemoizeRegionsPass
    : impl::InlineMemoizeRegionsPassBase<InlineMemoizeRegionsPass> {
  void runOnOperation() override {
    SmallVector<DeviceMemoizeOp> ops;
    getOperation()->walk([&](DeviceMemoizeOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    // Post-order: inner regions are inlined into their (still single-block
    // structured) parents first; the parents then move the result along.
    for (DeviceMemoizeOp op : ops) {
      Operation *parentOp = op->getParentOp();
      if (parentOp->hasTrait<OpTrait::SingleBlock>() &&
          !llvm::isa<DeviceMemoizeOp>(parentOp)) {
        op.emitOpError("cannot be inlined: its parent '")
            << parentOp->getName() << "' requires a single-block region";
        return signalPassFailure();
      }
      inlineMemoizeRegion(op, rewriter);
    }
  }
};

} // namespace

} // namespace sluice::hal
