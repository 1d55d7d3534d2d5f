//===- ScheduleExecution.cpp - --iree-stream-schedule-execution -----------===//
//
// Groups the streamable ops of every block into `stream.async.execute`
// regions connected by timepoints (stream-passes-2.md §2).
//
//===----------------------------------------------------------------------===//

#include "SchedulingUtils.h"

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/Transforms/Patterns.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SCHEDULEEXECUTIONPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// Cleanup pattern: every barrier is replaced by its operand.
struct RemoveBarriers : OpRewritePattern<AsyncBarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncBarrierOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};

/// One `stream.async.execute` being built for a partition.
struct ExecuteBuilder {
  const Partition *partition = nullptr;
  AsyncExecuteOp executeOp;
  IRMapping mapping;
};

/// Strips what the execute region now provides from a clone (§2.5 step 8).
static void stripPartitionAttributes(Operation *clone, AffinityAttr affinity) {
  if (auto transferOp = dyn_cast<AsyncTransferOp>(clone)) {
    if (transferOp.getExecutionAffinityAttr() == affinity)
      transferOp.removeExecutionAffinityAttr();
    if (transferOp.getSourceAffinityAttr() == affinity)
      transferOp.removeSourceAffinityAttr();
    if (transferOp.getTargetAffinityAttr() == affinity)
      transferOp.removeTargetAffinityAttr();
  } else if (auto affinityOp = dyn_cast<AffinityOpInterface>(clone)) {
    if (affinityOp.getAffinityAttr() == affinity)
      affinityOp.setAffinityAttr(nullptr);
  }
  if (auto timelineOp = dyn_cast<TimelineOpInterface>(clone))
    timelineOp.setAwaitTimepoint(nullptr);
}

static FailureOr<ExecuteBuilder>
createExecute(const Partition &partition, Block *block,
              const llvm::DenseMap<Operation *, unsigned> &positions) {
  MLIRContext *context = block->getParentOp()->getContext();
  Location fusedLoc = fuseOpLocations(context, partition.ops.getArrayRef());
  // After the op of the partition that is last in block order.
  OpBuilder parentBuilder(context);
  setInsertionPointAfterLast(parentBuilder, partition.ops.getArrayRef(), block,
                             positions);
  FailureOr<PartitionSignature> maybeSignature =
      getPartitionSignature(partition, fusedLoc, parentBuilder);
  if (failed(maybeSignature))
    return failure();
  PartitionSignature &signature = *maybeSignature;
  llvm::SmallVector<Value> awaits;
  for (Operation *op : partition.ops)
    if (auto timelineOp = dyn_cast<TimelineOpInterface>(op))
      llvm::append_range(awaits, timelineOp.getAwaitTimepoints());
  Value await = joinTimepoints(fusedLoc, awaits, parentBuilder);

  ExecuteBuilder builder;
  builder.partition = &partition;
  builder.executeOp = AsyncExecuteOp::create(
      parentBuilder, fusedLoc, signature.resultTypes, signature.resultSizes,
      await, signature.captures, signature.captureSizes, {});
  if (partition.affinity)
    builder.executeOp.setAffinityAttr(partition.affinity);
  addCaptureBlock(builder.executeOp.getBody(), signature.captures,
                  builder.executeOp.getLoc(), builder.mapping);
  return builder;
}

/// Materializes `partitionSet` in `block` (§2.5–§2.7).
static LogicalResult materialize(const PartitionSet &partitionSet, Block *block,
                                 Location anchorLoc) {
  llvm::DenseMap<Operation *, unsigned> positions = getOpPositions(block);
  llvm::SmallVector<Operation *> originalOps;
  originalOps.reserve(positions.size());
  for (Operation &op : *block)
    originalOps.push_back(&op);

  llvm::SmallVector<ExecuteBuilder> builders;
  builders.reserve(partitionSet.size());
  llvm::DenseMap<Operation *, llvm::SmallVector<unsigned, 1>> partitionsOf;
  for (const Partition &partition : partitionSet.partitions) {
    unsigned index = builders.size();
    FailureOr<ExecuteBuilder> builder =
        createExecute(partition, block, positions);
    if (failed(builder))
      return failure();
    builders.push_back(std::move(*builder));
    for (Operation *op : partition.ops)
      partitionsOf[op].push_back(index);
  }

  // Clone every op into the partitions containing it, in block order.
  llvm::SetVector<Operation *> deadOps;
  for (Operation *op : originalOps) {
    if (op->hasTrait<mlir::OpTrait::IsTerminator>())
      continue;
    auto it = partitionsOf.find(op);
    if (it != partitionsOf.end()) {
      for (unsigned index : it->second) {
        ExecuteBuilder &builder = builders[index];
        auto bodyBuilder =
            OpBuilder::atBlockEnd(&builder.executeOp.getBody().front());
        Operation *clone = bodyBuilder.clone(*op, builder.mapping);
        stripPartitionAttributes(clone, builder.partition->affinity);
      }
    }
    if (isa<StreamableOpInterface>(op))
      deadOps.insert(op);
  }

  // Yields, then host awaits for every escaping value (§2.6, SE2 fixed: the
  // execute's own timepoint is awaited).
  for (ExecuteBuilder &builder : builders) {
    AsyncExecuteOp executeOp = builder.executeOp;
    yieldPartitionOutputs(executeOp.getBody().front(), *builder.partition,
                          builder.mapping, executeOp.getLoc());
    OpBuilder parentBuilder(executeOp);
    parentBuilder.setInsertionPointAfter(executeOp);
    for (auto [out, result, resultSize] :
         llvm::zip(builder.partition->outs, executeOp.getResults(),
                   executeOp.getResultSizes())) {
      auto awaitOp = TimepointAwaitOp::create(
          parentBuilder, executeOp.getLoc(), ValueRange{result},
          ValueRange{resultSize}, executeOp.getResultTimepoint());
      Value out2 = out;
      out2.replaceAllUsesWith(awaitOp.getResult(0));
      if (Operation *definingOp = out2.getDefiningOp())
        deadOps.insert(definingOp);
    }
  }

  // Re-materialize cloneable ops at the start of nested blocks still using
  // them (one clone per use, SE4).
  for (Operation *op : deadOps) {
    auto streamableOp = dyn_cast<StreamableOpInterface>(op);
    if (!streamableOp || !streamableOp.preferCloneToConsumers())
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(op->getUses())) {
      Block *userBlock = use.getOwner()->getBlock();
      if (userBlock == op->getBlock())
        continue;
      auto userBuilder = OpBuilder::atBlockBegin(userBlock);
      Operation *clone = userBuilder.clone(*op);
      use.set(clone->getResult(cast<OpResult>(use.get()).getResultNumber()));
    }
  }

  for (Operation *op : llvm::reverse(deadOps))
    if (op->use_empty())
      op->erase();

  if (!sortTopologically(block))
    return emitError(anchorLoc) << "failed to schedule execution partitions "
                                   "without cyclic dependencies";
  return success();
}

static LogicalResult processRegion(Region &region, Location anchorLoc,
                                   PartitioningConfigAttr config) {
  llvm::SmallVector<Block *> blocks = sortBlocksInDominanceOrder(region);
  for (Block *block : blocks) {
    PartitionSet partitionSet = partitionStreamableOps(config, block);
    if (partitionSet.empty())
      continue;
    if (failed(partitionSet.verify(anchorLoc)) ||
        failed(materialize(partitionSet, block, anchorLoc)))
      return failure();
  }
  for (Block *block : blocks) {
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (isa<StreamableOpInterface>(op) ||
          isa<AsyncExecuteOp, AsyncConcurrentOp>(op) ||
          !isa<RegionBranchOpInterface>(op))
        continue;
      for (Region &nested : op.getRegions())
        if (!nested.empty() && failed(processRegion(nested, anchorLoc, config)))
          return failure();
    }
  }
  return success();
}

struct ScheduleExecutionPass
    : impl::ScheduleExecutionPassBase<ScheduleExecutionPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    // The in-pass greedy cleanup of §1.5; pass-specific patterns follow.
    util::populateAllCanonicalizationPatterns(context, patterns);
    patterns.add<RemoveBarriers>(context);
    cleanupPatterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    auto callable = cast<CallableOpInterface>(getOperation());
    Region *region = callable.getCallableRegion();
    if (!region || region->empty())
      return;
    Operation *anchor = getOperation();
    PartitioningConfigAttr config = PartitioningConfigAttr::lookup(anchor);
    if (failed(processRegion(*region, anchor->getLoc(), config)))
      return signalPassFailure();
    if (failed(util::applyPatternsGreedilyLinear(anchor, *cleanupPatterns)))
      return signalPassFailure();
  }

  std::shared_ptr<FrozenRewritePatternSet> cleanupPatterns;
};

} // namespace
} // namespace sluice::stream
