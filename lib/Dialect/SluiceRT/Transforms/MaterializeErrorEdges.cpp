//===- MaterializeErrorEdges.cpp - explicit failure paths -----------------===//
//
// --sluice-materialize-error-edges (execution.md §2.7 step 2, §3.5).
//
//===----------------------------------------------------------------------===//

#include "HostFunctions.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilStatusOps.h"

#include "mlir/IR/Builders.h"

namespace sluice::sluice_rt {
#define GEN_PASS_DEF_MATERIALIZEERROREDGESPASS
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h.inc"
} // namespace sluice::sluice_rt

using namespace mlir;
using namespace sluice;
using namespace sluice::sluice_rt;

namespace {

class ErrorEdgeBuilder {
public:
  ErrorEdgeBuilder(Region &body, Location loc) : body(body), loc(loc) {}

  LogicalResult run() {
    SmallVector<Operation *> work;
    bool nestedFailure = false;
    body.walk([&](Operation *op) {
      bool fallible = isFallibleOp(op) &&
                      !isa_and_nonnull<CheckStatusOp>(op->getNextNode());
      bool handled = fallible || isa<util::StatusCheckOkOp, util::UnreachableOp,
                                     util::SCFUnreachableOp>(op);
      if (!handled)
        return;
      if (op->getParentRegion() != &body) {
        bool unreachable = isa<util::UnreachableOp, util::SCFUnreachableOp>(op);
        op->emitOpError()
            << (unreachable ? "is unreachable" : "is fallible") << " inside '"
            << op->getParentOp()->getName()
            << "'; convert structured control flow to cf before the native "
               "lowering";
        nestedFailure = true;
        return;
      }
      work.push_back(op);
    });
    if (nestedFailure)
      return failure();
    // In reverse program order: each split then moves only the ops up to the
    // next handled op (in program order every split moved the rest of the
    // block, quadratic in the fallible ops of a block). The blocks end up in
    // the same order either way.
    for (Operation *op : llvm::reverse(work))
      rewrite(op);
    return success();
  }

private:
  Block *getErrorBlock() {
    if (!errorBlock) {
      errorBlock = new Block();
      body.push_back(errorBlock);
      OpBuilder b = OpBuilder::atBlockEnd(errorBlock);
      FailOp::create(b, loc, StringAttr());
    }
    return errorBlock;
  }

  void rewrite(Operation *op) {
    OpBuilder b(op);
    if (auto unreachable = dyn_cast<util::UnreachableOp>(op)) {
      FailOp::create(b, op->getLoc(), unreachable.getMessageAttr());
      op->erase();
      return;
    }
    if (auto unreachable = dyn_cast<util::SCFUnreachableOp>(op)) {
      op->getBlock()->splitBlock(op->getNextNode());
      FailOp::create(b, op->getLoc(), unreachable.getMessageAttr());
      op->erase();
      return;
    }
    Block *error = getErrorBlock();
    Block *next = op->getBlock()->splitBlock(op->getNextNode());
    if (auto check = dyn_cast<util::StatusCheckOkOp>(op)) {
      StringAttr message = check.getMessageAttr();
      if (!message)
        message = b.getStringAttr("");
      CheckCodeOp::create(b, op->getLoc(), check.getStatus(), message, next,
                          error);
      op->erase();
      return;
    }
    b.setInsertionPointToEnd(op->getBlock());
    CheckStatusOp::create(b, op->getLoc(), next, error);
  }

  Region &body;
  Location loc;
  Block *errorBlock = nullptr;
};

struct MaterializeErrorEdgesPass
    : public sluice_rt::impl::MaterializeErrorEdgesPassBase<
          MaterializeErrorEdgesPass> {
  void runOnOperation() override {
    if (failed(forEachHostFunction(getOperation(), [](Operation *op) {
          return ErrorEdgeBuilder(op->getRegion(0), op->getLoc()).run();
        })))
      signalPassFailure();
  }
};

} // namespace
