//===- LocalDominance.cpp - bounded, local dominance queries --------------===//

#include "sluice/Dialect/Util/IR/LocalDominance.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace sluice::util {

std::optional<bool> dominatesLocally(Block *a, Block *b, unsigned budget) {
  if (!a || !b)
    return false;
  Region *region = a->getParent();
  if (region != b->getParent()) {
    b = region ? region->findAncestorBlockInRegion(*b) : nullptr;
    if (!b)
      return false;
  }
  if (a == b)
    return true;
  // `a` dominates `b` iff no path from the entry block reaches `b` without
  // passing `a`: search backwards from `b`, never expanding `a`.
  llvm::SmallPtrSet<Block *, 16> visited;
  SmallVector<Block *> worklist = {b};
  visited.insert(b);
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block->isEntryBlock())
      return false;
    for (Block *pred : block->getPredecessors()) {
      if (pred == a || !visited.insert(pred).second)
        continue;
      if (visited.size() > budget)
        return std::nullopt;
      worklist.push_back(pred);
    }
  }
  return true;
}

Block *findNearestCommonDominatorLocally(ArrayRef<Block *> blocks, Block *top,
                                         unsigned budget) {
  if (blocks.empty())
    return nullptr;
  // The nearest region holding an ancestor block of every block.
  Region *region = blocks.front()->getParent();
  for (Block *block : blocks.drop_front())
    while (region && !region->findAncestorBlockInRegion(*block))
      region = region->getParentRegion();
  if (!region)
    return nullptr;
  llvm::SetVector<Block *> lifted;
  for (Block *block : blocks)
    lifted.insert(region->findAncestorBlockInRegion(*block));
  if (lifted.size() == 1)
    return lifted.front();
  if (!top || top->getParent() != region)
    top = &region->front();
  if (lifted.contains(top))
    return top;
  if (lifted.size() > budget)
    return nullptr;

  // The blocks from which one of `lifted` is reachable without passing `top`.
  // All their predecessors are in the set or are `top`, so, unless the entry
  // block is among them, every path into them from the entry block passes
  // `top`, and their dominators below `top` are those of the subgraph rooted
  // at `top` (blocks of the set that `top` does not reach are unreachable).
  llvm::SmallPtrSet<Block *, 16> inside(lifted.begin(), lifted.end());
  SmallVector<Block *> worklist(lifted.begin(), lifted.end());
  bool reachesTop = false;
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block->isEntryBlock())
      return nullptr; // Reachable without passing `top`.
    for (Block *pred : block->getPredecessors()) {
      if (pred == top) {
        reachesTop = true;
        continue;
      }
      if (!inside.insert(pred).second)
        continue;
      if (inside.size() > budget)
        return nullptr;
      worklist.push_back(pred);
    }
  }
  if (!reachesTop)
    return nullptr;

  // Reverse post-order of the subgraph from `top`.
  SmallVector<Block *> postOrder;
  llvm::DenseMap<Block *, unsigned> rpoIndex;
  {
    llvm::SmallPtrSet<Block *, 16> seen = {top};
    SmallVector<std::pair<Block *, unsigned>> stack = {{top, 0}};
    while (!stack.empty()) {
      auto &[block, next] = stack.back();
      if (next < block->getNumSuccessors()) {
        Block *succ = block->getSuccessor(next++);
        if (inside.contains(succ) && seen.insert(succ).second)
          stack.push_back({succ, 0});
        continue;
      }
      postOrder.push_back(block);
      stack.pop_back();
    }
  }
  for (auto [i, block] : llvm::enumerate(llvm::reverse(postOrder)))
    rpoIndex[block] = i;
  for (Block *block : lifted)
    if (!rpoIndex.count(block))
      return nullptr; // Not reachable from `top`.

  // Cooper, Harvey and Kennedy's iterative dominator algorithm.
  llvm::DenseMap<Block *, Block *> idom;
  idom[top] = top;
  auto intersect = [&](Block *x, Block *y) {
    while (x != y) {
      while (rpoIndex[x] > rpoIndex[y])
        x = idom[x];
      while (rpoIndex[y] > rpoIndex[x])
        y = idom[y];
    }
    return x;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (Block *block : llvm::reverse(postOrder)) {
      if (block == top)
        continue;
      Block *newIdom = nullptr;
      for (Block *pred : block->getPredecessors()) {
        if (!idom.count(pred))
          continue; // Not processed yet, or unreachable from `top`.
        newIdom = newIdom ? intersect(pred, newIdom) : pred;
      }
      Block *&current = idom[block];
      if (current != newIdom) {
        current = newIdom;
        changed = true;
      }
    }
  }
  Block *result = lifted.front();
  for (Block *block : lifted.getArrayRef().drop_front())
    result = intersect(result, block);
  return result;
}

SmallVector<Block *> blocksInDominanceOrder(Region &region) {
  SmallVector<Block *> order;
  if (region.empty())
    return order;
  if (region.hasOneBlock()) {
    order.push_back(&region.front());
    return order;
  }
  DominanceInfo dominance(region.getParentOp());
  if (llvm::DomTreeNodeBase<Block> *root = dominance.getNode(&region.front())) {
    // The order vector doubles as the breadth-first queue.
    SmallVector<llvm::DomTreeNodeBase<Block> *> queue = {root};
    for (size_t i = 0; i < queue.size(); ++i) {
      order.push_back(queue[i]->getBlock());
      for (llvm::DomTreeNodeBase<Block> *child : queue[i]->children())
        queue.push_back(child);
    }
  }
  llvm::SmallPtrSet<Block *, 16> reached(order.begin(), order.end());
  for (Block &block : region)
    if (!reached.contains(&block))
      order.push_back(&block);
  return order;
}

} // namespace sluice::util
