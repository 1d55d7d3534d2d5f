//===- SchedulingUtils.cpp - helpers of the scheduling passes -------------===//

#include "SchedulingUtils.h"

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

llvm::SmallVector<Block *> sortBlocksInDominanceOrder(Region &region) {
  if (region.hasOneBlock())
    return {&region.front()};
  DominanceInfo dominanceInfo(region.getParentOp());
  llvm::SetVector<Block *> marked;
  // Iterative post-order of the dominator tree (children before the node).
  auto visit = [&](Block *root) {
    if (marked.contains(root))
      return;
    struct Frame {
      Block *block;
      llvm::SmallVector<Block *> children;
      size_t next = 0;
    };
    llvm::SmallVector<Frame> stack;
    auto push = [&](Block *block) {
      Frame frame{block, {}, 0};
      if (region.isAncestor(block->getParent()) &&
          dominanceInfo.isReachableFromEntry(block)) {
        if (auto *node = dominanceInfo.getNode(block))
          for (auto *child : node->children())
            frame.children.push_back(child->getBlock());
      }
      stack.push_back(std::move(frame));
    };
    push(root);
    while (!stack.empty()) {
      Frame &top = stack.back();
      if (top.next < top.children.size()) {
        Block *child = top.children[top.next++];
        if (!marked.contains(child))
          push(child);
        continue;
      }
      marked.insert(top.block);
      stack.pop_back();
    }
  };
  llvm::SmallVector<Block *> all;
  for (Block &block : region)
    all.push_back(&block);
  for (Block *block : llvm::reverse(all))
    visit(block);
  llvm::SmallVector<Block *> ordered(marked.begin(), marked.end());
  std::reverse(ordered.begin(), ordered.end());
  return ordered;
}

llvm::DenseMap<Operation *, unsigned> getOpPositions(Block *block) {
  llvm::DenseMap<Operation *, unsigned> positions;
  unsigned position = 0;
  for (Operation &op : *block)
    positions[&op] = position++;
  return positions;
}

Location fuseOpLocations(MLIRContext *context, ArrayRef<Operation *> ops) {
  llvm::SmallVector<Location> locs;
  for (Operation *op : ops)
    locs.push_back(op->getLoc());
  return FusedLoc::get(context, locs);
}

void setInsertionPointAfterLast(
    OpBuilder &builder, ArrayRef<Operation *> candidates, Block *block,
    const llvm::DenseMap<Operation *, unsigned> &positions) {
  Operation *lastOp = nullptr;
  unsigned lastPosition = 0;
  for (Operation *op : candidates) {
    auto it = positions.find(op);
    if (it == positions.end())
      continue;
    if (!lastOp || it->second > lastPosition) {
      lastOp = op;
      lastPosition = it->second;
    }
  }
  if (lastOp)
    builder.setInsertionPointAfter(lastOp);
  else
    builder.setInsertionPointToStart(block);
}

FailureOr<PartitionSignature> getPartitionSignature(const Partition &partition,
                                                    Location loc,
                                                    OpBuilder &builder) {
  PartitionSignature signature;
  for (Value out : partition.outs) {
    if (isa<ResourceType>(out.getType()) &&
        !util::SizeAwareTypeInterface::findSizeValue(
            out, builder.getInsertionBlock(), builder.getInsertionPoint())) {
      Operation *producer = out.getDefiningOp();
      return producer->emitError(
                 "unable to determine the size of a result escaping its "
                 "execution partition: '")
             << producer->getName()
             << "' does not report its result size (async-phase ops "
                "expected)";
    }
    signature.resultTypes.push_back(out.getType());
    if (Value size =
            util::SizeAwareTypeInterface::queryValueSize(loc, out, builder))
      signature.resultSizes.push_back(size);
  }
  for (Value in : partition.ins) {
    if (!isa<ResourceType>(in.getType()))
      continue;
    signature.captures.push_back(in);
    signature.captureSizes.push_back(
        util::SizeAwareTypeInterface::queryValueSize(loc, in, builder));
  }
  return signature;
}

void addCaptureBlock(Region &region, ValueRange captures, Location loc,
                     IRMapping &mapping) {
  Block *body = new Block();
  region.push_back(body);
  for (Value capture : captures)
    mapping.map(capture, body->addArgument(capture.getType(), loc));
}

void yieldPartitionOutputs(Block &body, const Partition &partition,
                           IRMapping &mapping, Location loc) {
  auto builder = OpBuilder::atBlockEnd(&body);
  llvm::SmallVector<Value> values;
  llvm::SmallVector<Value> sizes;
  for (Value out : partition.outs) {
    Value value = mapping.lookupOrDefault(out);
    values.push_back(value);
    if (Value size =
            util::SizeAwareTypeInterface::queryValueSize(loc, value, builder))
      sizes.push_back(size);
  }
  YieldOp::create(builder, loc, values, sizes);
}

} // namespace sluice::stream
