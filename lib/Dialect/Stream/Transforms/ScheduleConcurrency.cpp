//===- ScheduleConcurrency.cpp - --iree-stream-schedule-concurrency -------===//
//
// Groups the ops of each `stream.async.execute` body that may run at the same
// time into `stream.async.concurrent` regions (stream-passes-2.md §3).
//
//===----------------------------------------------------------------------===//

#include "SchedulingUtils.h"

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/CommandLine.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SCHEDULECONCURRENCYPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

static llvm::cl::opt<bool> clConcurrencyNested(
    "sluice-stream-concurrency-nested",
    llvm::cl::desc("[Sluice] Also schedule concurrency inside executes nested "
                   "in structured control flow (the reference only visits "
                   "executes directly in the function body)."),
    llvm::cl::init(false));

namespace sluice::stream {
namespace {

struct WaveBuilder {
  const Partition *partition = nullptr;
  AsyncConcurrentOp concurrentOp;
  IRMapping mapping;
};

static FailureOr<WaveBuilder>
createConcurrent(const Partition &wave, Block *body,
                 const llvm::DenseMap<Operation *, unsigned> &positions) {
  MLIRContext *context = body->getParentOp()->getContext();
  Location fusedLoc = fuseOpLocations(context, wave.ops.getArrayRef());
  // After the last producer (in block order) of a captured value.
  llvm::SmallVector<Operation *> producers;
  for (Value in : wave.ins)
    if (Operation *definingOp = in.getDefiningOp())
      producers.push_back(definingOp);
  OpBuilder parentBuilder(context);
  setInsertionPointAfterLast(parentBuilder, producers, body, positions);
  FailureOr<PartitionSignature> maybeSignature =
      getPartitionSignature(wave, fusedLoc, parentBuilder);
  if (failed(maybeSignature))
    return failure();
  PartitionSignature &signature = *maybeSignature;

  WaveBuilder builder;
  builder.partition = &wave;
  builder.concurrentOp = AsyncConcurrentOp::create(
      parentBuilder, fusedLoc, signature.resultTypes, signature.resultSizes,
      signature.captures, signature.captureSizes, {});
  addCaptureBlock(builder.concurrentOp.getBody(), signature.captures,
                  builder.concurrentOp.getLoc(), builder.mapping);
  return builder;
}

/// Sets `changed` when a wave was formed (otherwise nothing is edited: the
/// body, an SSA block, is already topologically sorted).
static LogicalResult processExecute(AsyncExecuteOp executeOp, bool &changed) {
  if (executeOp.getBody().empty())
    return success();
  Block *body = &executeOp.getBody().front();
  PartitioningConfigAttr config = PartitioningConfigAttr::lookup(executeOp);
  PartitionSet waves = partitionRegionConcurrency(config, body);
  if (waves.empty())
    return success();
  if (failed(waves.verify(executeOp.getLoc())))
    return failure();

  llvm::DenseMap<Operation *, unsigned> positions = getOpPositions(body);
  llvm::SmallVector<Operation *> originalOps;
  for (Operation &op : *body)
    originalOps.push_back(&op);

  llvm::SmallVector<WaveBuilder> builders;
  llvm::DenseMap<Operation *, llvm::SmallVector<unsigned, 1>> buildersOf;
  for (const Partition &wave : waves.partitions) {
    if (wave.ops.size() < 2)
      continue;
    unsigned index = builders.size();
    FailureOr<WaveBuilder> builder = createConcurrent(wave, body, positions);
    if (failed(builder))
      return failure();
    builders.push_back(std::move(*builder));
    for (Operation *op : wave.ops)
      buildersOf[op].push_back(index);
  }
  if (builders.empty())
    return success();
  changed = true;

  llvm::SetVector<Operation *> deadOps;
  for (Operation *op : originalOps) {
    if (op->hasTrait<mlir::OpTrait::IsTerminator>())
      continue;
    auto it = buildersOf.find(op);
    if (it == buildersOf.end())
      continue;
    for (unsigned index : it->second) {
      WaveBuilder &builder = builders[index];
      auto waveBuilder =
          OpBuilder::atBlockEnd(&builder.concurrentOp.getBody().front());
      waveBuilder.clone(*op, builder.mapping);
    }
    deadOps.insert(op);
  }

  for (WaveBuilder &builder : builders) {
    for (auto [out, result] : llvm::zip(builder.partition->outs,
                                        builder.concurrentOp.getResults())) {
      Value value = out;
      value.replaceAllUsesWith(result);
      if (Operation *definingOp = value.getDefiningOp())
        deadOps.insert(definingOp);
    }
    yieldPartitionOutputs(builder.concurrentOp.getBody().front(),
                          *builder.partition, builder.mapping,
                          builder.concurrentOp.getLoc());
  }

  for (Operation *op : llvm::reverse(deadOps))
    op->erase();
  // CC2: the result is ignored (waves cannot form a cycle).
  (void)sortTopologically(body);
  return success();
}

struct ScheduleConcurrencyPass
    : impl::ScheduleConcurrencyPassBase<ScheduleConcurrencyPass> {
  void runOnOperation() override {
    auto callable = cast<CallableOpInterface>(getOperation());
    Region *region = callable.getCallableRegion();
    if (!region || region->empty())
      return markAllAnalysesPreserved();
    util::UnchangedIRGuard guard(getOperation());
    llvm::SmallVector<AsyncExecuteOp> executeOps;
    if (clConcurrencyNested) {
      region->walk([&](AsyncExecuteOp op) { executeOps.push_back(op); });
    } else {
      // CC3: only executes directly in the function body.
      for (Block &block : *region)
        for (auto op : block.getOps<AsyncExecuteOp>())
          executeOps.push_back(op);
    }
    bool changed = false;
    for (AsyncExecuteOp executeOp : executeOps)
      if (failed(processExecute(executeOp, changed)))
        return signalPassFailure();
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
