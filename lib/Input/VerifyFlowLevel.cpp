//===- VerifyFlowLevel.cpp - --sluice-verify-flow-level -------------------===//
//
// Temporary stand-in for execution.md §2.2 steps 7-10: rejects, with one
// clear message, the form-B ops that only dispatch formation could handle.
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "mlir/IR/BuiltinTypes.h"

#include "sluice/Input/InputUtils.h"

namespace sluice::input {
#define GEN_PASS_DEF_VERIFYFLOWLEVELPASS
#include "sluice/Input/Passes.h.inc"
} // namespace sluice::input

using namespace mlir;

namespace sluice::input {
namespace {

bool hasTensor(TypeRange types) {
  return llvm::any_of(types, [](Type type) { return isa<TensorType>(type); });
}

/// True when `op` needs dispatch formation to become flow-level IR.
bool needsDispatchFormation(Operation *op) {
  llvm::StringRef dialect = op->getName().getDialectNamespace();
  llvm::StringRef name = op->getName().getStringRef();
  if (dialect == "linalg")
    return true;
  if (dialect == "tensor")
    return name != "tensor.dim";
  if (dialect == "arith" || dialect == "math")
    return name != "arith.constant" && (hasTensor(op->getOperandTypes()) ||
                                        hasTensor(op->getResultTypes()));
  return false;
}

struct VerifyFlowLevelPass
    : impl::VerifyFlowLevelPassBase<VerifyFlowLevelPass> {
  void runOnOperation() override {
    bool anyError = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isExecutable(op))
        return WalkResult::skip();
      if (!needsDispatchFormation(op))
        return WalkResult::advance();
      anyError = true;
      op->emitOpError("needs dispatch formation (execution.md §2.2 steps "
                      "7-10), which this build of Sluice does not have yet; "
                      "write the program at the flow level (flow.dispatch of "
                      "a flow.executable)");
      return WalkResult::skip();
    });
    if (anyError)
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice::input
