//===- InlineMemoizeRegions.cpp - --iree-hal-inline-memoize-regions -------===//
//
// execution.md §2.5 step 4: a hal.device.memoize region runs where it
// stands. The block holding the op is split after it, the region's blocks are
// moved in between, every hal.return branches to the continuation with its
// values (the continuation's arguments replace the op's results), and the
// command buffers created inside become one-shot. Where the parent region must
// stay a single block (scf.for, scf.if, ...), the region is moved into an
// scf.execute_region instead, each hal.return becoming an scf.yield.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace sluice::hal {

#define GEN_PASS_DEF_INLINEMEMOIZEREGIONSPASS
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

namespace {

/// The hal.return ops that terminate `op`'s own region.
SmallVector<ReturnOp> ownReturns(DeviceMemoizeOp op) {
  SmallVector<ReturnOp> returns;
  op.getBody().walk([&](ReturnOp returnOp) {
    if (returnOp->getParentOp() == op)
      returns.push_back(returnOp);
  });
  return returns;
}

/// Inlining into a region that must stay a single block: the body becomes the
/// region of an scf.execute_region with the op's result types.
void wrapMemoizeRegion(DeviceMemoizeOp op, IRRewriter &rewriter) {
  rewriter.setInsertionPoint(op);
  auto wrapper = scf::ExecuteRegionOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), /*no_inline=*/UnitAttr());
  for (ReturnOp returnOp : ownReturns(op)) {
    rewriter.setInsertionPoint(returnOp);
    rewriter.replaceOpWithNewOp<scf::YieldOp>(returnOp, returnOp.getOperands());
  }
  rewriter.inlineRegionBefore(op.getBody(), wrapper.getRegion(),
                              wrapper.getRegion().end());
  rewriter.replaceOp(op, wrapper.getResults());
}

void inlineMemoizeRegion(DeviceMemoizeOp op, IRRewriter &rewriter) {
  // Command buffers recorded inline are used exactly once.
  op.getBody().walk([&](CommandBufferCreateOp create) {
    create.setModes(create.getModes() | CommandBufferModeBits::OneShot);
  });

  if (op->getParentOp()->hasTrait<OpTrait::SingleBlock>())
    return wrapMemoizeRegion(op, rewriter);

  Block *before = op->getBlock();
  Block *continuation =
      rewriter.splitBlock(before, std::next(op->getIterator()));
  SmallVector<Value> results;
  for (Value result : op.getResults())
    results.push_back(continuation->addArgument(result.getType(), op.getLoc()));

  Block *entry = &op.getBody().front();
  for (ReturnOp returnOp : ownReturns(op)) {
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
    // Reverse program order: a block is split after its last memoize op
    // first, so every split moves only the ops up to the next memoize op
    // (linear overall; forward order would move the whole tail each time).
    // An outer memoize op is inlined before the ones nested in it, which then
    // sit in a multi-block region (or an scf.execute_region) of their own.
    for (DeviceMemoizeOp op : llvm::reverse(ops))
      inlineMemoizeRegion(op, rewriter);
  }
};

} // namespace

} // namespace sluice::hal
