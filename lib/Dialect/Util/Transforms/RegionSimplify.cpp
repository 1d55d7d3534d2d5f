//===- RegionSimplify.cpp - linear-time Aggressive region simplification --===//
//
// See RegionSimplify.h. The four steps follow MLIR 22's `simplifyRegions`
// step by step (same visiting orders, same merge and drop decisions), so the
// printed result is the same; what differs is the bookkeeping:
//  * BranchSlots computes, once per branch op, where each successor's
//    forwarded operands are (a `cf.switch` from its segment sizes directly);
//  * BranchEditor records successor-operand erasures and appends and applies
//    all of a branch op's edits in one rewrite (a `cf.switch` gets its operand
//    list and both segment attributes replaced once);
//  * region DCE computes liveness with a worklist (the least fixed point of
//    the upstream rules, which the upstream reaches by repeated sweeps);
//  * identical-block candidates are bucketed by their hash before the
//    op-by-op comparison.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"

#include "BranchEdits.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"

#include <set>
#include <unordered_map>

using namespace mlir;

namespace sluice::util {
namespace {

//===----------------------------------------------------------------------===//
// Region DCE
//===----------------------------------------------------------------------===//

class LiveSet {
public:
  explicit LiveSet(BranchSlots &slots) : slots(slots) {}

  bool isLive(Operation *op) const { return liveOps.contains(op); }
  bool isLive(Value value) const { return liveValues.contains(value); }

  /// Seeds every op of `regions` and solves.
  void solve(MutableArrayRef<Region> regions) {
    for (Region &region : regions)
      region.walk([&](Operation *op) { seed(op); });
    while (!worklist.empty()) {
      auto item = worklist.pop_back_val();
      if (auto *op = dyn_cast<Operation *>(item))
        propagateOp(op);
      else
        propagateValue(cast<Value>(item));
    }
  }

private:
  void seed(Operation *op) {
    if (op->hasTrait<OpTrait::IsTerminator>()) {
      markLive(op);
      auto branchOp = dyn_cast<BranchOpInterface>(op);
      for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
        Block *successor = op->getSuccessor(i);
        unsigned count =
            branchOp ? slots.get(op)[i].produced : successor->getNumArguments();
        for (unsigned a = 0; a < count && a < successor->getNumArguments(); ++a)
          markLive(successor->getArgument(a));
      }
      return;
    }
    if (!wouldOpBeTriviallyDead(op))
      markLive(op);
  }

  void markLive(Operation *op) {
    if (liveOps.insert(op).second)
      worklist.push_back(op);
  }
  void markLive(Value value) {
    if (liveValues.insert(value).second)
      worklist.push_back(value);
  }

  /// A live op makes its operands live, except a branch terminator's
  /// forwarded operands, which live with the successor argument they feed.
  void propagateOp(Operation *op) {
    bool branchTerminator = op->hasTrait<OpTrait::IsTerminator>() &&
                            isa<BranchOpInterface>(op) &&
                            op->getNumSuccessors() != 0;
    for (OpOperand &operand : op->getOpOperands()) {
      if (branchTerminator) {
        BlockArgument arg = slots.argumentFor(op, operand.getOperandNumber());
        if (arg && !isLive(arg))
          continue; // revisited when `arg` becomes live
      }
      markLive(operand.get());
    }
  }

  /// A live result makes its op live; a live block argument makes the
  /// operands feeding it live (their branch ops are terminators, always live).
  void propagateValue(Value value) {
    if (Operation *def = value.getDefiningOp()) {
      markLive(def);
      return;
    }
    auto arg = cast<BlockArgument>(value);
    Block *block = arg.getOwner();
    for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it) {
      Operation *terminator = (*it)->getTerminator();
      if (!isa<BranchOpInterface>(terminator))
        continue; // all its operands are live already
      if (OpOperand *operand = slots.operandFor(
              terminator, it.getSuccessorIndex(), arg.getArgNumber()))
        markLive(operand->get());
    }
  }

  BranchSlots &slots;
  DenseSet<Operation *> liveOps;
  DenseSet<Value> liveValues;
  SmallVector<llvm::PointerUnion<Operation *, Value>> worklist;
};

/// Erases what `live` did not prove live. Returns true if an op was erased:
/// like the upstream region DCE, dropping dead block arguments and the branch
/// operands that fed them is done but not reported as a change (so the
/// greedy driver's rounds, and its `changed` result, are the upstream ones:
/// a round whose only edit is such a drop ends the rewrite).
/// `droppedArguments` is set when a dead block argument was dropped.
bool deleteDeadness(RewriterBase &rewriter, MutableArrayRef<Region> regions,
                    LiveSet &live, BranchSlots &slots, bool &droppedArguments) {
  bool erasedAnything = false;
  for (Region &region : regions) {
    if (region.empty())
      continue;
    bool singleBlock = region.hasOneBlock();
    for (Block *block : llvm::post_order(&region.front())) {
      if (!singleBlock && !block->empty()) {
        Operation *terminator = &block->back();
        if (isa<BranchOpInterface>(terminator)) {
          BranchEditor editor(slots);
          ArrayRef<Slot> opSlots = slots.get(terminator);
          for (unsigned succ = 0; succ < opSlots.size(); ++succ) {
            Block *successor = terminator->getSuccessor(succ);
            unsigned count = opSlots[succ].produced + opSlots[succ].size;
            for (unsigned a = 0; a < count; ++a)
              if (a < successor->getNumArguments() &&
                  !live.isLive(successor->getArgument(a)))
                editor.erase(terminator, succ, a);
          }
          if (editor.isPending(terminator))
            rewriter.modifyOpInPlace(terminator,
                                     [&] { editor.flush(terminator); });
        }
      }
      for (Operation &op :
           llvm::make_early_inc_range(llvm::reverse(block->getOperations()))) {
        if (!live.isLive(&op)) {
          erasedAnything = true;
          slots.forget(&op);
          op.dropAllUses();
          rewriter.eraseOp(&op);
        } else {
          erasedAnything |= deleteDeadness(rewriter, op.getRegions(), live,
                                           slots, droppedArguments);
        }
      }
    }
    for (Block &block : llvm::drop_begin(region.getBlocks(), 1)) {
      unsigned before = block.getNumArguments();
      block.eraseArguments(
          [&](BlockArgument arg) { return !live.isLive(arg); });
      droppedArguments |= block.getNumArguments() != before;
    }
  }
  return erasedAnything;
}

/// Region DCE; `droppedArguments` is set when it dropped a dead block
/// argument, which the result (as upstream's) does not report.
LogicalResult runLinearRegionDCE(RewriterBase &rewriter,
                                 MutableArrayRef<Region> regions,
                                 bool &droppedArguments) {
  BranchSlots slots;
  LiveSet live(slots);
  live.solve(regions);
  return success(
      deleteDeadness(rewriter, regions, live, slots, droppedArguments));
}

//===----------------------------------------------------------------------===//
// Identical-block merging
//===----------------------------------------------------------------------===//

/// A block's structural hash and the position of each value it defines.
struct BlockData {
  explicit BlockData(Block *block) : block(block) {
    unsigned order = block->getNumArguments();
    for (Operation &op : *block) {
      if (unsigned numResults = op.getNumResults()) {
        opOrder.try_emplace(&op, order);
        order += numResults;
      }
      hash = llvm::hash_combine(hash,
                                OperationEquivalence::computeHash(
                                    &op, OperationEquivalence::ignoreHashValue,
                                    OperationEquivalence::ignoreHashValue,
                                    OperationEquivalence::IgnoreLocations));
    }
  }

  unsigned orderOf(Value value) const {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getArgNumber();
    auto result = cast<OpResult>(value);
    return opOrder.lookup(result.getOwner()) + result.getResultNumber();
  }

  Block *block;
  llvm::hash_code hash = 0;
  DenseMap<Operation *, unsigned> opOrder;
};

/// A leader block and the blocks equivalent to it.
class MergeCluster {
public:
  explicit MergeCluster(BlockData &&leader) : leader(std::move(leader)) {}

  llvm::hash_code hash() const { return leader.hash; }

  LogicalResult tryAdd(const BlockData &candidate);
  LogicalResult merge(RewriterBase &rewriter, BranchEditor &editor);

private:
  BlockData leader;
  llvm::SmallSetVector<Block *, 1> blocksToMerge;
  /// (op position, operand index) pairs that differ and become arguments.
  std::set<std::pair<int, int>> operandsToMerge;
};

/// Whether `operand` (defined outside `block`) can be forwarded to `block`:
/// not if it is the result of the terminator of one of its predecessors.
bool isValidSuccessorOperand(Block *block, Value operand) {
  Block *parent = operand.getParentBlock();
  if (operand.getDefiningOp() != parent->getTerminator())
    return true;
  return !llvm::is_contained(block->getPredecessors(), parent);
}

LogicalResult MergeCluster::tryAdd(const BlockData &candidate) {
  if (leader.hash != candidate.hash)
    return failure();
  Block *leaderBlock = leader.block, *mergeBlock = candidate.block;
  if (leaderBlock->getArgumentTypes() != mergeBlock->getArgumentTypes())
    return failure();

  SmallVector<std::pair<int, int>, 8> mismatched;
  auto lhsIt = leaderBlock->begin(), lhsE = leaderBlock->end();
  auto rhsIt = mergeBlock->begin(), rhsE = mergeBlock->end();
  for (int opIndex = 0; lhsIt != lhsE && rhsIt != rhsE;
       ++lhsIt, ++rhsIt, ++opIndex) {
    if (!OperationEquivalence::isEquivalentTo(
            &*lhsIt, &*rhsIt, OperationEquivalence::ignoreValueEquivalence,
            /*markEquivalent=*/nullptr,
            OperationEquivalence::Flags::IgnoreLocations))
      return failure();
    for (int i = 0, e = lhsIt->getNumOperands(); i < e; ++i) {
      Value lhs = lhsIt->getOperand(i), rhs = rhsIt->getOperand(i);
      if (lhs == rhs)
        continue;
      if (lhs.getType() != rhs.getType())
        return failure();
      bool lhsInside = lhs.getParentBlock() == leaderBlock;
      bool rhsInside = rhs.getParentBlock() == mergeBlock;
      if (lhsInside != rhsInside)
        return failure();
      if (!lhsInside) {
        if (!isValidSuccessorOperand(leaderBlock, lhs) ||
            !isValidSuccessorOperand(mergeBlock, rhs))
          return failure();
        mismatched.emplace_back(opIndex, i);
        continue;
      }
      if (leader.orderOf(lhs) != candidate.orderOf(rhs))
        return failure();
    }
    // A value defined in either block and used elsewhere would have to be
    // both blocks' version at once.
    if (rhsIt->isUsedOutsideOfBlock(mergeBlock) ||
        lhsIt->isUsedOutsideOfBlock(leaderBlock))
      return failure();
  }
  if (lhsIt != lhsE || rhsIt != rhsE)
    return failure();

  operandsToMerge.insert(mismatched.begin(), mismatched.end());
  blocksToMerge.insert(mergeBlock);
  return success();
}

bool predecessorsAreBranches(Block *block) {
  for (Block *pred : block->getPredecessors())
    if (!isa<BranchOpInterface>(pred->getTerminator()))
      return false;
  return true;
}

/// Drops the new leader arguments that repeat an earlier new argument in
/// every list (upstream's first-occurrence rule: an argument is compared only
/// with the first argument carrying the same value in list 0).
void pruneRedundantArguments(RewriterBase &rewriter,
                             SmallVectorImpl<SmallVector<Value, 8>> &lists,
                             unsigned numOldArguments, Block *leaderBlock) {
  if (lists.empty())
    return;
  unsigned numArgs = lists[0].size();
  DenseMap<Value, unsigned> firstIndex;
  for (unsigned j = 0; j < numArgs; ++j)
    firstIndex.try_emplace(lists[0][j], j);
  SmallVector<int> replacement(numArgs, -1);
  for (unsigned j = 0; j < numArgs; ++j) {
    unsigned k = firstIndex.lookup(lists[0][j]);
    if (k == j)
      continue;
    bool redundant = llvm::all_of(
        ArrayRef(lists).drop_front(),
        [&](const SmallVector<Value, 8> &list) { return list[k] == list[j]; });
    if (redundant)
      replacement[j] = k;
  }
  for (auto &list : lists) {
    SmallVector<Value, 8> pruned;
    for (unsigned j = 0; j < numArgs; ++j)
      if (replacement[j] < 0)
        pruned.push_back(list[j]);
    list = std::move(pruned);
  }
  SmallVector<unsigned> toErase;
  for (unsigned j = 0; j < numArgs; ++j) {
    if (replacement[j] < 0)
      continue;
    rewriter.replaceAllUsesWith(
        leaderBlock->getArgument(numOldArguments + j),
        leaderBlock->getArgument(numOldArguments + replacement[j]));
    toErase.push_back(numOldArguments + j);
  }
  for (unsigned index : llvm::reverse(toErase))
    leaderBlock->eraseArgument(index);
}

LogicalResult MergeCluster::merge(RewriterBase &rewriter,
                                  BranchEditor &editor) {
  if (blocksToMerge.empty())
    return failure();
  Block *leaderBlock = leader.block;
  if (!operandsToMerge.empty()) {
    if (!predecessorsAreBranches(leaderBlock) ||
        !llvm::all_of(blocksToMerge, predecessorsAreBranches))
      return failure();

    SmallVector<Block *> blocks;
    blocks.push_back(leaderBlock);
    llvm::append_range(blocks, blocksToMerge);
    // Operands are read from the IR as it stands: apply pending edits of
    // these blocks' terminators first.
    for (Block *block : blocks)
      editor.flush(block->getTerminator());

    SmallVector<Block::iterator> iterators;
    for (Block *block : blocks)
      iterators.push_back(block->begin());
    SmallVector<SmallVector<Value, 8>> newArguments(
        blocks.size(), SmallVector<Value, 8>(operandsToMerge.size()));
    unsigned numOldArguments = leaderBlock->getNumArguments();
    int currentOp = 0;
    for (auto [index, position] : llvm::enumerate(operandsToMerge)) {
      int advance = position.first - currentOp;
      currentOp = position.first;
      for (auto [i, iterator] : llvm::enumerate(iterators)) {
        std::advance(iterator, advance);
        OpOperand &operand = iterator->getOpOperand(position.second);
        newArguments[i][index] = operand.get();
        if (i == 0)
          operand.set(leaderBlock->addArgument(operand.get().getType(),
                                               operand.get().getLoc()));
      }
    }
    pruneRedundantArguments(rewriter, newArguments, numOldArguments,
                            leaderBlock);

    for (auto [i, block] : llvm::enumerate(blocks))
      for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it)
        editor.append((*it)->getTerminator(), it.getSuccessorIndex(),
                      newArguments[i]);
  }

  for (Block *block : blocksToMerge) {
    editor.forget(block->getTerminator());
    block->replaceAllUsesWith(leaderBlock);
    rewriter.eraseBlock(block);
  }
  return success();
}

bool mergeIdenticalBlocks(RewriterBase &rewriter, Region &region) {
  if (region.empty() || region.hasOneBlock())
    return false;

  // Non-entry blocks grouped by their successor list, in block order.
  llvm::MapVector<SuccessorRange, SmallVector<Block *, 1>> groups;
  for (Block &block : llvm::drop_begin(region, 1))
    groups[block.getSuccessors()].push_back(&block);

  BranchSlots slots;
  BranchEditor editor(slots);
  bool merged = false;
  for (auto &entry : groups) {
    ArrayRef<Block *> blocks = entry.second;
    if (blocks.size() == 1)
      continue;
    for (Block *block : blocks)
      if (!block->empty())
        editor.flush(&block->back());

    SmallVector<MergeCluster, 1> clusters;
    std::unordered_map<size_t, SmallVector<unsigned, 1>> clustersByHash;
    for (Block *block : blocks) {
      if (llvm::any_of(*block, [](Operation &op) {
            return llvm::any_of(op.getRegions(),
                                [](Region &r) { return !r.empty(); });
          }))
        continue;
      if (llvm::any_of(block->getArguments(), [&](BlockArgument arg) {
            return arg.isUsedOutsideOfBlock(block);
          }))
        continue;
      BlockData data(block);
      SmallVector<unsigned, 1> &sameHash =
          clustersByHash[static_cast<size_t>(data.hash)];
      bool added = false;
      for (unsigned index : sameHash)
        if ((added = succeeded(clusters[index].tryAdd(data))))
          break;
      if (!added) {
        sameHash.push_back(clusters.size());
        clusters.emplace_back(std::move(data));
      }
    }
    for (MergeCluster &cluster : clusters)
      merged |= succeeded(cluster.merge(rewriter, editor));
  }
  editor.flushAll();
  return merged;
}

/// Runs `visit` on every region of `regions` and every region nested in them,
/// innermost regions last. With `revisitChanged` a region on which `visit`
/// reported a change is visited again. Returns whether any visit changed
/// something.
template <typename VisitFn>
static bool visitNestedRegions(MutableArrayRef<Region> regions,
                               bool revisitChanged, VisitFn &&visit) {
  llvm::SmallSetVector<Region *, 1> worklist;
  for (Region &region : regions)
    worklist.insert(&region);
  bool changed = false;
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    if (visit(*region)) {
      changed = true;
      if (revisitChanged)
        worklist.insert(region);
    }
    for (Block &block : *region)
      for (Operation &op : block)
        for (Region &nested : op.getRegions())
          worklist.insert(&nested);
  }
  return changed;
}

LogicalResult mergeIdenticalBlocks(RewriterBase &rewriter,
                                   MutableArrayRef<Region> regions) {
  return success(
      visitNestedRegions(regions, /*revisitChanged=*/true, [&](Region &region) {
        return mergeIdenticalBlocks(rewriter, region);
      }));
}

//===----------------------------------------------------------------------===//
// Redundant block arguments
//===----------------------------------------------------------------------===//

bool dropRedundantArguments(RewriterBase &rewriter, Block &block,
                            BranchSlots &slots, BranchEditor &editor) {
  SmallVector<unsigned> toErase;
  for (BlockArgument arg : block.getArguments()) {
    unsigned index = arg.getArgNumber();
    Value common;
    bool same = true;
    for (auto it = block.pred_begin(), e = block.pred_end(); it != e; ++it) {
      Operation *terminator = (*it)->getTerminator();
      OpOperand *operand = nullptr;
      if (isa<BranchOpInterface>(terminator) &&
          slots.get(terminator)[it.getSuccessorIndex()].produced == 0)
        operand = slots.operandFor(terminator, it.getSuccessorIndex(), index);
      if (!operand) {
        same = false;
        break;
      }
      if (!common) {
        common = operand->get();
        continue;
      }
      if (operand->get() != common) {
        same = false;
        break;
      }
    }
    if (common && same) {
      toErase.push_back(index);
      rewriter.replaceAllUsesWith(arg, common);
    }
  }
  for (unsigned index : llvm::reverse(toErase)) {
    block.eraseArgument(index);
    for (auto it = block.pred_begin(), e = block.pred_end(); it != e; ++it)
      editor.erase((*it)->getTerminator(), it.getSuccessorIndex(), index);
  }
  return !toErase.empty();
}

LogicalResult dropRedundantArguments(RewriterBase &rewriter,
                                     MutableArrayRef<Region> regions) {
  BranchSlots slots;
  BranchEditor editor(slots);
  bool changed = visitNestedRegions(
      regions, /*revisitChanged=*/false, [&](Region &region) {
        bool regionChanged = false;
        for (Block &block : region)
          regionChanged |=
              dropRedundantArguments(rewriter, block, slots, editor);
        return regionChanged;
      });
  editor.flushAll();
  return success(changed);
}

/// Whether `region` can hold nothing for region simplification to do after a
/// worklist round that changed nothing: at most one block, and, if it is a
/// graph region, no op with results (see hasOnlyTrivialRegions).
bool isTrivialRegion(Region &region) {
  if (region.empty())
    return true;
  if (!region.hasOneBlock())
    return false;
  if (mayHaveSSADominance(region))
    return true;
  return llvm::all_of(region.front(),
                      [](Operation &op) { return op.getNumResults() == 0; });
}

} // namespace

bool hasOnlyTrivialRegions(MutableArrayRef<Region> regions) {
  for (Region &region : regions) {
    if (!isTrivialRegion(region))
      return false;
    WalkResult result = region.walk([](Operation *op) {
      for (Region &nested : op->getRegions())
        if (!isTrivialRegion(nested))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  return true;
}

namespace {

/// The simplification `mlir::simplifyRegions(rewriter, regions, mergeBlocks)`
/// does, linear in the size of the regions. `silentChange` is set when region
/// DCE dropped dead block arguments, which the result does not report.
LogicalResult simplifyRegionsLinear(RewriterBase &rewriter,
                                    MutableArrayRef<Region> regions,
                                    bool mergeBlocks, bool &silentChange) {
  bool erasedBlocks = succeeded(eraseUnreachableBlocks(rewriter, regions));
  bool erasedDead =
      succeeded(runLinearRegionDCE(rewriter, regions, silentChange));
  if (!mergeBlocks)
    return success(erasedBlocks || erasedDead);
  bool mergedBlocks = succeeded(mergeIdenticalBlocks(rewriter, regions));
  bool droppedArguments = succeeded(dropRedundantArguments(rewriter, regions));
  return success(erasedBlocks || erasedDead || mergedBlocks ||
                 droppedArguments);
}

/// Forwards every notification to the listener the caller configured and
/// records whether any of them reported an edit of the IR.
class EditRecorder : public RewriterBase::ForwardingListener {
public:
  using ForwardingListener::ForwardingListener;

  bool edited = false;

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    edited = true;
    ForwardingListener::notifyOperationInserted(op, previous);
  }
  void notifyBlockInserted(Block *block, Region *previous,
                           Region::iterator previousIt) override {
    edited = true;
    ForwardingListener::notifyBlockInserted(block, previous, previousIt);
  }
  void notifyBlockErased(Block *block) override {
    edited = true;
    ForwardingListener::notifyBlockErased(block);
  }
  void notifyOperationModified(Operation *op) override {
    edited = true;
    ForwardingListener::notifyOperationModified(op);
  }
  void notifyOperationReplaced(Operation *op, Operation *newOp) override {
    edited = true;
    ForwardingListener::notifyOperationReplaced(op, newOp);
  }
  void notifyOperationReplaced(Operation *op, ValueRange replacement) override {
    edited = true;
    ForwardingListener::notifyOperationReplaced(op, replacement);
  }
  void notifyOperationErased(Operation *op) override {
    edited = true;
    ForwardingListener::notifyOperationErased(op);
  }
};

} // namespace

bool constantsStayInPlace(MutableArrayRef<Region> regions) {
  // The folder hoists a constant to the entry block of its insertion region
  // unless it is in that block, first or right after a constant the folder
  // took (in walk order, the ops of a block are visited in order, so the
  // previous op was taken before). The insertion region is the first
  // enclosing region whose parent is isolated from above or unlinked, or one
  // a dialect asks constants to be materialized into: constants in any other
  // region count as moving.
  Operation *lastTaken = nullptr;
  for (Region &region : regions) {
    WalkResult result = region.walk([&](Operation *op) {
      Attribute value;
      if (!op->hasTrait<OpTrait::ConstantLike>() ||
          !matchPattern(op, m_Constant(&value)))
        return WalkResult::advance();
      Block *block = op->getBlock();
      Operation *parent = block->getParentOp();
      bool insertionRegion =
          parent->mightHaveTrait<OpTrait::IsIsolatedFromAbove>() ||
          !parent->getBlock();
      if (!insertionRegion || block != &block->getParent()->front())
        return WalkResult::interrupt();
      Operation *prev = op->getPrevNode();
      if (prev && prev != lastTaken)
        return WalkResult::interrupt();
      lastTaken = op;
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  return true;
}

LogicalResult simplifyRegionsAggressively(RewriterBase &rewriter,
                                          MutableArrayRef<Region> regions) {
  bool silentChange = false;
  return simplifyRegionsLinear(rewriter, regions, /*mergeBlocks=*/true,
                               silentChange);
}

LogicalResult applyPatternsGreedilyLinear(
    Operation *op, const FrozenRewritePatternSet &patterns,
    GreedyRewriteConfig config, bool *changed, bool *modified) {
  if (changed)
    *changed = false;
  // Whether the IR may have been edited in a way neither the result nor
  // `changed` reports: the constant folder's moves when it fills its
  // worklist, and dead block arguments dropped by region DCE.
  bool silentChange = false;
  EditRecorder recorder(config.getListener());
  if (modified) {
    silentChange = config.isConstantCSEEnabled() &&
                   !constantsStayInPlace(op->getRegions());
    config.setListener(&recorder);
  }
  auto finish = [&](LogicalResult result, bool anyChanged) {
    if (changed)
      *changed = anyChanged;
    if (modified)
      *modified = anyChanged || silentChange || recorder.edited;
    return result;
  };

  const GreedySimplifyRegionLevel level = config.getRegionSimplificationLevel();
  if (level == GreedySimplifyRegionLevel::Disabled) {
    bool upstreamChanged = false;
    LogicalResult result =
        applyPatternsGreedily(op, patterns, config, &upstreamChanged);
    return finish(result, upstreamChanged);
  }

  int64_t maxIterations = config.getMaxIterations();
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  config.setMaxIterations(1);
  IRRewriter rewriter(op->getContext(), config.getListener());
  bool anyChanged = false;
  for (int64_t iteration = 1;; ++iteration) {
    if (maxIterations != GreedyRewriteConfig::kNoLimit &&
        iteration > maxIterations)
      return finish(failure(), anyChanged);
    // With one iteration allowed, the driver reports non-convergence exactly
    // when its round (unreachable-block erasure and worklist) changed
    // something.
    bool roundChanged = failed(applyPatternsGreedily(op, patterns, config));
    // After a round that changed nothing, the simplification of trivial
    // regions is a no-op (header): the rewrite has converged.
    if (!roundChanged && hasOnlyTrivialRegions(op->getRegions()))
      return finish(success(), anyChanged);
    roundChanged |= succeeded(simplifyRegionsLinear(
        rewriter, op->getRegions(),
        /*mergeBlocks=*/level == GreedySimplifyRegionLevel::Aggressive,
        silentChange));
    if (!roundChanged)
      return finish(success(), anyChanged);
    anyChanged = true;
  }
}

} // namespace sluice::util
