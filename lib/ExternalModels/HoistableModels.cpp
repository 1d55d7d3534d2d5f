//===- HoistableModels.cpp - util HoistableOpInterface on scf ops ---------===//
//
// support-dialects.md §6.5.5: scf.for/if/while are hoistable iff every op
// nested in them (not looking inside isolated-from-above ops) is hoistable by
// its own interface, or free of memory effects when it has none; they are
// never leaves and are hoisted atomically. The split-parameter-encoder relies
// on this to erase hoisted scf ops (stream-passes-2.md §14.1, §14.4).
//
//===----------------------------------------------------------------------===//

#include "sluice/ExternalModels.h"

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

bool areNestedOpsHoistable(Operation *op) {
  // Pre-order walk; an isolated-from-above op is judged by itself only.
  WalkResult result = op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (nested == op)
      return WalkResult::advance();
    bool hoistable;
    if (auto iface = llvm::dyn_cast<sluice::util::HoistableOpInterface>(nested))
      hoistable = iface.isHoistableOp();
    else
      hoistable = isMemoryEffectFree(nested);
    if (!hoistable)
      return WalkResult::interrupt();
    return nested->hasTrait<OpTrait::IsIsolatedFromAbove>()
               ? WalkResult::skip()
               : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

template <typename OpT>
struct SCFHoistableModel
    : sluice::util::HoistableOpInterface::ExternalModel<SCFHoistableModel<OpT>,
                                                        OpT> {
  bool isHoistableOp(Operation *op) const { return areNestedOpsHoistable(op); }
  bool isHoistableLeafOp(Operation *) const { return false; }
  bool isAtomicallyHoistableOp(Operation *) const { return true; }
  bool isOperandHoistable(Operation *, OpOperand *) const { return true; }
};

} // namespace

void sluice::registerHoistableModels(DialectRegistry &registry) {
  registry.insert<scf::SCFDialect>();
  registry.addExtension(+[](MLIRContext *context, scf::SCFDialect *) {
    scf::ForOp::attachInterface<SCFHoistableModel<scf::ForOp>>(*context);
    scf::IfOp::attachInterface<SCFHoistableModel<scf::IfOp>>(*context);
    scf::WhileOp::attachInterface<SCFHoistableModel<scf::WhileOp>>(*context);
  });
}
