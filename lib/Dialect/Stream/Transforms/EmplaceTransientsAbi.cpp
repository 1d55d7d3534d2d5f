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

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

void deferStorageReads(ArrayRef<Value> storageValues, Operation *before) {
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
        return;
    }
  SmallVector<Operation *> ordered(reads.begin(), reads.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered)
    op->moveBefore(before);
}

} // namespace sluice::stream
