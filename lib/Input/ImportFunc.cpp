//===- ImportFunc.cpp - --sluice-import-func ------------------------------===//
//
// execution.md §2.2 step 3: top-level func.func → util.func, func.call →
// util.call, func.return → util.return, cf.assert → arith.select +
// util.status.check_ok (code 9, FAILED_PRECONDITION).
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilStatusOps.h"

#include "sluice/Input/InputUtils.h"
#include "sluice/Runtime/Status.h"

namespace sluice::input {
#define GEN_PASS_DEF_IMPORTFUNCPASS
#include "sluice/Input/Passes.h.inc"
} // namespace sluice::input

using namespace mlir;

namespace sluice::input {
namespace {

/// The status a failed cf.assert raises (util.status.check_ok).
constexpr int32_t kFailedPrecondition =
    static_cast<int32_t>(runtime::StatusCode::FailedPrecondition);

/// The util.func replacing `func`, with its body moved over.
util::FuncOp importFunction(func::FuncOp func) {
  OpBuilder builder(func);
  auto result = util::FuncOp::create(builder, func.getLoc(), func.getSymName(),
                                     func.getFunctionType());
  if (StringAttr visibility = func.getSymVisibilityAttr())
    result.setSymVisibilityAttr(visibility);
  if (ArrayAttr argAttrs = func.getArgAttrsAttr())
    result.setArgAttrsAttr(argAttrs);
  if (ArrayAttr resAttrs = func.getResAttrsAttr())
    result.setResAttrsAttr(resAttrs);
  for (NamedAttribute attr : func->getDiscardableAttrs())
    result->setAttr(attr.getName(), attr.getValue());
  result.getBody().takeBody(func.getBody());
  func->erase();
  return result;
}

/// Rewrites the func and cf.assert ops nested in `root` (not in
/// executables).
void importBodyOps(Operation *root) {
  llvm::SmallVector<Operation *> worklist;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isExecutable(op))
      return WalkResult::skip();
    if (isa<func::CallOp, func::ReturnOp, cf::AssertOp>(op))
      worklist.push_back(op);
    return WalkResult::advance();
  });
  for (Operation *op : worklist) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto result = util::CallOp::create(
          builder, loc, call.getResultTypes(), call.getCalleeAttr(),
          call.getOperands(), /*tied_operands=*/ArrayAttr(),
          call.getArgAttrsAttr(), call.getResAttrsAttr());
      for (NamedAttribute attr : call->getDiscardableAttrs())
        result->setAttr(attr.getName(), attr.getValue());
      call->replaceAllUsesWith(result);
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      util::ReturnOp::create(builder, loc, ret.getOperands());
    } else if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
      Type i32 = builder.getI32Type();
      Value ok = arith::ConstantIntOp::create(builder, loc, i32, 0);
      Value failed =
          arith::ConstantIntOp::create(builder, loc, i32, kFailedPrecondition);
      Value code =
          arith::SelectOp::create(builder, loc, assertOp.getArg(), ok, failed);
      util::StatusCheckOkOp::create(builder, loc, code, assertOp.getMsg());
    }
    op->erase();
  }
}

struct ImportFuncPass : impl::ImportFuncPassBase<ImportFuncPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      importFunction(func);
    importBodyOps(module);
  }
};

} // namespace
} // namespace sluice::input
