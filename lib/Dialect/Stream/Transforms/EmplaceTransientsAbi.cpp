//===- EmplaceTransientsAbi.cpp - storage ABI helpers of emplacement ------===//
//
// The parts of --iree-stream-emplace-transients (reference-compat=false)
// that concern the storage argument as seen by the caller:
// external-transients.md §9.8 (explicit wait) and §9.10 (null storage).
//
//===----------------------------------------------------------------------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

SmallVector<Operation *> deferStorageReads(ArrayRef<Value> storageValues,
                                           Operation *before) {
  Block *block = before->getBlock();
  // The ops that read the storage buffer: its import, its length, the buffer
  // of a buffer view, all in the block of `before`.
  llvm::SetVector<Operation *> reads;
  SmallVector<Value> worklist(storageValues);
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != block ||
        !isa<TensorImportOp, hal::BufferLengthOp, hal::BufferViewBufferOp>(
            def) ||
        !reads.insert(def))
      continue;
    llvm::append_range(worklist, def->getOperands());
  }
  // Each may move only if every user outside the set comes after `before`.
  for (Operation *op : reads)
    for (Operation *user : op->getUsers()) {
      if (reads.contains(user))
        continue;
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || ancestor->isBeforeInBlock(before))
        return {};
    }
  SmallVector<Operation *> ordered(reads.begin(), reads.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered)
    op->moveBefore(before);
  return ordered;
}

LogicalResult addStorageWait(FunctionOpInterface funcOp, Value storage,
                             ArrayRef<ResourceAllocaOp> allocas,
                             AffinityAttr affinity) {
  BlockArgument storageArg = traceStorageArgument(storage);
  if (!storageArg || allocas.empty())
    return success();
  unsigned storageIndex = storageArg.getArgNumber();
  Attribute attr = funcOp.getArgAttr(storageIndex, kTransientsWaitAttr);
  if (!attr)
    return success();
  auto index = dyn_cast<IntegerAttr>(attr);
  Block &entry = funcOp.getFunctionBody().front();
  if (!index || index.getInt() < 0 ||
      index.getInt() >= (int64_t)entry.getNumArguments() ||
      !isa<hal::FenceType>(entry.getArgument(index.getInt()).getType()))
    return funcOp.emitError()
           << kTransientsWaitAttr << " of argument " << storageIndex
           << " must be the index of a !hal.fence argument, got " << attr;
  MLIRContext *context = funcOp.getContext();
  auto timepointType = TimepointType::get(context);
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  Value fenceTimepoint = TimepointImportOp::create(
      builder, funcOp.getLoc(), timepointType,
      ValueRange{entry.getArgument(index.getInt())}, affinity);
  for (ResourceAllocaOp allocaOp : allocas) {
    Value await = fenceTimepoint;
    if (Value original = allocaOp.getAwaitTimepoint()) {
      builder.setInsertionPoint(allocaOp);
      await = TimepointJoinOp::create(builder, allocaOp.getLoc(), timepointType,
                                      ValueRange{original, fenceTimepoint});
    }
    allocaOp.getAwaitTimepointMutable().assign(await);
  }
  return success();
}

} // namespace sluice::stream
