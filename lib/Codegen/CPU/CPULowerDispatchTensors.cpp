//===- CPULowerDispatchTensors.cpp - dispatch tensors -> memrefs ----------===//
//
// --sluice-cpu-lower-dispatch-tensors (execution.md §5.1 step 3).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPULOWERDISPATCHTENSORSPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;
using iree_tensor_ext::DispatchTensorLoadOp;
using iree_tensor_ext::DispatchTensorStoreOp;
using iree_tensor_ext::DispatchTensorType;
using iree_tensor_ext::TensorAccess;

namespace {

/// The tensor a binding holds, without its encoding (scalars: rank 0).
RankedTensorType boundTensorType(DispatchTensorType type) {
  RankedTensorType bound = type.asRankedTensorType();
  return RankedTensorType::get(bound.getShape(), bound.getElementType());
}

LogicalResult lowerLoad(DispatchTensorLoadOp load, DispatchTensorType type,
                        Value memref) {
  OpBuilder b(load);
  RankedTensorType full = boundTensorType(type);
  UnitAttr writable = type.getAccess() == TensorAccess::ReadWrite
                          ? b.getUnitAttr()
                          : UnitAttr();
  Value tensor = bufferization::ToTensorOp::create(
      b, load.getLoc(), full, memref, b.getUnitAttr(), writable);
  SmallVector<OpFoldResult> offsets = load.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = load.getMixedSizes();
  SmallVector<OpFoldResult> strides = load.getMixedStrides();
  if (!(type.doesSliceSpanWholeTensor(load.getSourceDims(), offsets, sizes,
                                      strides) &&
        load.getType().getShape() == full.getShape()))
    tensor = tensor::ExtractSliceOp::create(b, load.getLoc(), load.getType(),
                                            tensor, offsets, sizes, strides);
  load.replaceAllUsesWith(tensor);
  load.erase();
  return success();
}

LogicalResult lowerStore(DispatchTensorStoreOp store, DispatchTensorType type,
                         Value memref, MemRefType memrefType) {
  OpBuilder b(store);
  auto valueType = cast<RankedTensorType>(store.getValue().getType());
  SmallVector<OpFoldResult> offsets = store.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = store.getMixedSizes();
  SmallVector<OpFoldResult> strides = store.getMixedStrides();
  Value dest = memref;
  if (!(type.doesSliceSpanWholeTensor(store.getTargetDims(), offsets, sizes,
                                      strides) &&
        valueType.getShape() == boundTensorType(type).getShape())) {
    MemRefType subType = memref::SubViewOp::inferRankReducedResultType(
        valueType.getShape(), memrefType, offsets, sizes, strides);
    dest = memref::SubViewOp::create(b, store.getLoc(), subType, memref,
                                     offsets, sizes, strides);
  }
  bufferization::MaterializeInDestinationOp::create(
      b, store.getLoc(), Type(), store.getValue(), dest, b.getUnitAttr(),
      b.getUnitAttr());
  store.erase();
  return success();
}

struct CPULowerDispatchTensorsPass
    : public cpu::impl::CPULowerDispatchTensorsPassBase<
          CPULowerDispatchTensorsPass> {
  void runOnOperation() override {
    // `util.assume.int` (put on dispatch operands by the stream pipeline's
    // annotate-dispatch-assumptions) only carries value ranges the loops
    // strategy does not use: each result becomes its operand.
    SmallVector<Operation *> assumes;
    getOperation().walk([&](Operation *op) {
      if (op->getName().getStringRef() == "util.assume.int")
        assumes.push_back(op);
    });
    for (Operation *op : assumes) {
      op->replaceAllUsesWith(op->getOperands());
      op->erase();
    }
    SmallVector<hal::InterfaceBindingSubspanOp> subspans;
    getOperation().walk([&](hal::InterfaceBindingSubspanOp op) {
      if (isa<DispatchTensorType>(op.getResult().getType()))
        subspans.push_back(op);
    });
    for (hal::InterfaceBindingSubspanOp subspan : subspans) {
      auto type = cast<DispatchTensorType>(subspan.getResult().getType());
      RankedTensorType bound = boundTensorType(type);
      Value result = subspan.getResult();
      // The users are rewritten while the binding still has its dispatch
      // tensor type (their accessors read it); it is retyped afterwards.
      auto memrefType =
          MemRefType::get(bound.getShape(), bound.getElementType());
      SmallVector<Operation *> users(result.getUsers());
      for (Operation *user : users) {
        LogicalResult lowered = failure();
        if (auto load = dyn_cast<DispatchTensorLoadOp>(user))
          lowered = lowerLoad(load, type, result);
        else if (auto store = dyn_cast<DispatchTensorStoreOp>(user))
          lowered = lowerStore(store, type, result, memrefType);
        else
          user->emitOpError("uses a dispatch tensor binding; only "
                            "iree_tensor_ext.dispatch.tensor.load/store may");
        if (failed(lowered))
          return signalPassFailure();
      }
      result.setType(memrefType);
    }
  }
};

} // namespace
