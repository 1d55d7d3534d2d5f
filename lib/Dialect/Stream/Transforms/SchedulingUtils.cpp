//===- SchedulingUtils.cpp - helpers of the scheduling passes -------------===//

#include "SchedulingUtils.h"

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

void populateAllCanonicalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
}

llvm::DenseMap<Operation *, unsigned> getOpPositions(Block *block) {
  llvm::DenseMap<Operation *, unsigned> positions;
  unsigned position = 0;
  for (Operation &op : *block)
    positions[&op] = position++;
  return positions;
}

} // namespace sluice::stream
