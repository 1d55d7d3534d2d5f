//===- CPUStrategy.cpp - shared helpers of the CPU codegen ----------------===//
//
// execution.md §5.1 steps 4-6; see CPUStrategy.h.
//
//===----------------------------------------------------------------------===//

#include "CPUStrategy.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::cpu {

SmallVector<Operation *> getStoredValueProducers(func::FuncOp func) {
  llvm::SetVector<Operation *> producers;
  func.walk([&](bufferization::MaterializeInDestinationOp store) {
    if (Operation *def = store.getSource().getDefiningOp())
      producers.insert(def);
  });
  return producers.takeVector();
}

hal::ExecutableExportOp getExportFor(func::FuncOp func) {
  auto module = dyn_cast_or_null<ModuleOp>(func->getParentOp());
  auto variant =
      module ? dyn_cast_or_null<hal::ExecutableVariantOp>(module->getParentOp())
             : hal::ExecutableVariantOp();
  if (!variant)
    return {};
  for (auto exportOp :
       variant.getBody().front().getOps<hal::ExecutableExportOp>())
    if (exportOp.getSymName() == func.getSymName())
      return exportOp;
  return {};
}

bool usesWorkgroupIds(func::FuncOp func) {
  return func
      .walk([](hal::InterfaceWorkgroupIDOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

bool hasCountFromSlice(hal::ExecutableExportOp exportOp) {
  return exportOp.getWorkgroupCount()
      .walk([](iree_tensor_ext::DispatchWorkgroupCountFromSliceOp) {
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

} // namespace sluice::cpu
