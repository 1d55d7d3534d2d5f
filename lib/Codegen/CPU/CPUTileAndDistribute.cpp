//===- CPUTileAndDistribute.cpp - workgroup tiles of the root -------------===//
//
// --sluice-cpu-tile-and-distribute (execution.md §5.1 step 5).
//
//===----------------------------------------------------------------------===//

#include "CPUStrategy.h"
#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPUTILEANDDISTRIBUTEPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

/// `memref.dim` of a binding: the binding's own dimension operand.
struct DimOfBindingSubspan : OpRewritePattern<memref::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::DimOp dim,
                                PatternRewriter &rewriter) const override {
    auto subspan =
        dim.getSource().getDefiningOp<hal::InterfaceBindingSubspanOp>();
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!subspan || !index)
      return failure();
    auto type = cast<MemRefType>(subspan.getResult().getType());
    if (*index < 0 || *index >= type.getRank() || !type.isDynamicDim(*index))
      return failure();
    rewriter.replaceOp(
        dim, subspan.getDynamicDims()[type.getDynamicDimIndex(*index)]);
    return success();
  }
};

/// Why `root` of `func` is not distributed, or the empty string.
std::string whyNotDistributed(func::FuncOp func, Operation *root) {
  if (cpu::usesWorkgroupIds(func))
    return "the body already uses hal.interface.workgroup.id";
  for (Operation *producer : cpu::getStoredValueProducers(func))
    if (producer != root)
      return "several ops' results are stored";
  std::string reason;
  func.walk([&](Operation *op) {
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(op)) {
      if (toTensor.getWritable()) {
        reason = "a readwrite binding is loaded (in-place update)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (isa<bufferization::MaterializeInDestinationOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if ((!effects && op->getNumRegions() == 0 && !isPure(op)) ||
        (effects && effects.hasEffect<MemoryEffects::Write>())) {
      reason = "'" + op->getName().getStringRef().str() + "' may write memory";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return reason;
}

/// Turns the workgroup `scf.forall` into straight-line code: loop i of n
/// (the innermost is x) starts at `lb + workgroup.id[n-1-i] * step`; its
/// count `(ub - lb) ceildiv step` is computed by an `affine.apply` marked
/// for --sluice-cpu-resolve-workgroup-count.
LogicalResult distributeForall(RewriterBase &rewriter, scf::ForallOp forall) {
  Location loc = forall.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  int64_t rank = forall.getRank();
  if (rank > 3)
    return forall.emitOpError("has more than three workgroup loops");
  SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound();
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  SmallVector<OpFoldResult> steps = forall.getMixedStep();
  rewriter.setInsertionPoint(forall);
  AffineExpr s0, s1;
  bindSymbols(ctx, s0, s1);
  SmallVector<Value> replacements;
  for (int64_t i = 0; i < rank; ++i) {
    unsigned d = rank - 1 - i;
    std::optional<int64_t> step = getConstantIntValue(steps[i]);
    if (!step || *step <= 0)
      return forall.emitOpError("has a workgroup loop without a constant step");
    Value lb = getValueOrCreateConstantIndexOp(rewriter, loc, lbs[i]);
    Value ub = getValueOrCreateConstantIndexOp(rewriter, loc, ubs[i]);
    auto count = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(0, 2, (s1 - s0).ceilDiv(*step)),
        ValueRange{lb, ub});
    count->setAttr(cpu::kWorkgroupCountMarkerName, rewriter.getIndexAttr(d));
    std::optional<int64_t> lbConst = getConstantIntValue(lbs[i]);
    std::optional<int64_t> ubConst = getConstantIntValue(ubs[i]);
    if (lbConst && ubConst && *ubConst - *lbConst <= *step) {
      // One workgroup along d: the loop starts at its lower bound.
      replacements.push_back(lb);
      continue;
    }
    Value id = hal::InterfaceWorkgroupIDOp::create(
        rewriter, loc, rewriter.getIndexType(), rewriter.getIndexAttr(d),
        IntegerAttr());
    replacements.push_back(affine::makeComposedAffineApply(
        rewriter, loc, s0 + s1 * *step, {lb, id}));
  }
  // Each parallel_insert_slice becomes an insert_slice into the value its
  // shared output stands for.
  scf::InParallelOp terminator = forall.getTerminator();
  SmallVector<std::pair<tensor::ParallelInsertSliceOp, unsigned>> inserts;
  for (Operation &op : terminator.getYieldingOps()) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(&op);
    auto dest =
        insert ? dyn_cast<BlockArgument>(insert.getDest()) : BlockArgument();
    if (!dest || dest.getOwner() != forall.getBody())
      return forall.emitOpError(
          "yields something other than a parallel_insert_slice into a shared "
          "output");
    inserts.push_back({insert, dest.getArgNumber() - rank});
  }
  SmallVector<Value> results(forall.getOutputs());
  llvm::append_range(replacements, forall.getOutputs());
  rewriter.inlineBlockBefore(forall.getBody(), forall, replacements);
  rewriter.setInsertionPoint(terminator);
  for (auto [insert, result] : inserts) {
    results[result] = tensor::InsertSliceOp::create(
        rewriter, insert.getLoc(), insert.getSource(), results[result],
        insert.getMixedOffsets(), insert.getMixedSizes(),
        insert.getMixedStrides());
  }
  rewriter.eraseOp(terminator);
  rewriter.replaceOp(forall, results);
  return success();
}

/// Erases ops left without uses by the tiling, innermost-last.
void eraseDeadOps(func::FuncOp func) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    func.walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
      if (op != func && isOpTriviallyDead(op))
        dead.push_back(op);
    });
    for (Operation *op : dead) {
      op->erase();
      changed = true;
    }
  }
}

LogicalResult tileAndDistribute(func::FuncOp func) {
  // The per-workgroup cost select-strategy estimated holds only if the
  // dispatch is distributed; it is put back below when it is.
  Attribute cost = func->removeAttr(cpu::kWorkgroupCostAttrName);
  Operation *root = nullptr;
  func.walk([&](Operation *op) {
    if (op->hasAttr(cpu::kStrategyAttrName))
      root = op;
  });
  auto tileable = dyn_cast_or_null<TilingInterface>(root);
  if (!tileable)
    return success();
  auto strategy = cast<DictionaryAttr>(root->getAttr(cpu::kStrategyAttrName));
  auto tilesAttr = dyn_cast_or_null<ArrayAttr>(strategy.get("workgroup_tiles"));
  size_t loops = tileable.getLoopIteratorTypes().size();
  if (!tilesAttr || tilesAttr.size() != loops)
    return root->emitOpError("has a '")
           << cpu::kStrategyAttrName << "' whose workgroup_tiles do not have "
           << loops << " entries";
  SmallVector<OpFoldResult> tiles;
  unsigned distributed = 0;
  for (Attribute tile : tilesAttr) {
    auto value = dyn_cast<IntegerAttr>(tile);
    if (!value || value.getInt() < 0)
      return root->emitOpError("has a negative or non-integer workgroup tile");
    tiles.push_back(OpBuilder(root).getIndexAttr(value.getInt()));
    distributed += value.getInt() != 0;
  }
  if (distributed == 0)
    return success();
  if (distributed > 3)
    return root->emitOpError("has ")
           << distributed
           << " non-zero workgroup tiles; at most 3 loops can "
              "be distributed";
  if (hal::ExecutableExportOp exportOp = cpu::getExportFor(func))
    if (!cpu::hasCountFromSlice(exportOp))
      return success(); // the export computes its own count
  if (!whyNotDistributed(func, root).empty())
    return success();

  IRRewriter rewriter(func.getContext());
  // The root's tensor.empty destinations become the output bindings first,
  // so that each workgroup writes its tile straight into the binding (tiling
  // first gives every tile a buffer of its own and a copy).
  if (failed(bufferization::eliminateEmptyTensors(rewriter, func)))
    return func.emitOpError("empty tensor elimination failed");
  rewriter.setInsertionPoint(root);
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(tiles);
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tileable, options);
  if (failed(result))
    return root->emitOpError("cannot be tiled to workgroups");
  SmallVector<Value> replacements;
  for (Value value : root->getResults())
    replacements.push_back(result->replacements.lookup(value));
  rewriter.replaceOp(root, replacements);
  eraseDeadOps(func);
  if (result->loops.size() != 1)
    return success(); // tiling produced no loop (nothing to distribute)
  auto forall = dyn_cast<scf::ForallOp>(result->loops.front().getOperation());
  if (!forall)
    return func.emitOpError("tiling did not produce an scf.forall");

  // Loop bounds in terms of the bindings' dimensions (the workload).
  RewritePatternSet patterns(func.getContext());
  patterns.add<DimOfBindingSubspan>(func.getContext());
  memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
  memref::populateResolveShapedTypeResultDimsPatterns(patterns);
  bufferization::ToTensorOp::getCanonicalizationPatterns(patterns,
                                                         func.getContext());
  tensor::DimOp::getCanonicalizationPatterns(patterns, func.getContext());
  tensor::EmptyOp::getCanonicalizationPatterns(patterns, func.getContext());
  memref::DimOp::getCanonicalizationPatterns(patterns, func.getContext());
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns,
                                                     func.getContext());
  affine::AffineMinOp::getCanonicalizationPatterns(patterns, func.getContext());
  // Op-by-op, so that blocks are left as they are (the region driver erases
  // unreachable blocks).
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (op != func)
      ops.push_back(op);
  });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::AnyOp);
  if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
    return func.emitOpError("did not converge while resolving dimensions");
  forall = nullptr;
  func.walk([&](scf::ForallOp op) { forall = op; });
  if (!forall)
    return func.emitOpError("lost its workgroup scf.forall");
  if (failed(distributeForall(rewriter, forall)))
    return failure();
  if (cost)
    func->setAttr(cpu::kWorkgroupCostAttrName, cost);
  return success();
}

struct CPUTileAndDistributePass
    : public cpu::impl::CPUTileAndDistributePassBase<CPUTileAndDistributePass> {
  void runOnOperation() override {
    for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>()))
      if (failed(tileAndDistribute(func)))
        return signalPassFailure();
  }
};

} // namespace
