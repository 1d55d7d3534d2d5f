//===- CPUVerifyDispatch.cpp - the ops the CPU codegen accepts ------------===//
//
// --sluice-cpu-verify-dispatch (execution.md §5.1 step 1).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/StringSet.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPUVERIFYDISPATCHPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

bool isAllowed(Operation *op) {
  static const llvm::StringSet<> kOps = {
      "iree_tensor_ext.dispatch.tensor.load",
      "iree_tensor_ext.dispatch.tensor.store",
      "iree_tensor_ext.dispatch.workload.ordinal",
      "tensor.empty",
      "tensor.extract_slice",
      "tensor.insert_slice",
      "tensor.expand_shape",
      "tensor.collapse_shape",
      "tensor.cast",
      "tensor.pad",
      "tensor.extract",
      "tensor.insert",
      "tensor.dim",
      "tensor.generate",
      "tensor.yield",
      "affine.apply",
      "affine.min",
      "affine.max",
      "func.func",
      "func.call",
      "func.return",
      "ub.poison",
      "linalg.yield",
      "linalg.index",
      // Emitted by --iree-stream-annotate-dispatch-assumptions; dropped by
      // --sluice-cpu-lower-dispatch-tensors (they only carry value ranges).
      "util.assume.int",
  };
  StringRef name = op->getName().getStringRef();
  if (kOps.contains(name))
    return true;
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "arith" || dialect == "math" || dialect == "scf" ||
      dialect == "vector")
    return true;
  if (name.starts_with("hal.interface."))
    return true;
  // Structured linalg ops on tensors.
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureTensorSemantics();
  return false;
}

struct CPUVerifyDispatchPass
    : public cpu::impl::CPUVerifyDispatchPassBase<CPUVerifyDispatchPass> {
  void runOnOperation() override {
    bool failed = false;
    for (Operation &top : getOperation().getOps()) {
      top.walk([&](Operation *op) {
        if (isAllowed(op))
          return;
        op->emitOpError(
            "cannot be compiled by the Sluice CPU dispatch codegen");
        failed = true;
      });
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
