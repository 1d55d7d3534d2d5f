//===- RefineUsage.cpp - concrete resource lifetimes from usage -----------===//
//
// --iree-stream-refine-usage (stream-passes-1.md §11.5): every
// `!stream.resource<*>` gets the lifetime ResourceUsageAnalysis assigns to
// it; values that already have another concrete lifetime are converted with
// transfers; `stream.async.cast`s are resolved.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Stream/Analysis/ResourceUsage.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "iree-stream-refine-usage"

namespace sluice::stream {
#define GEN_PASS_DEF_REFINEUSAGEPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;

namespace {

/// The type and transition helpers the patterns share.
class UsageRefinement {
public:
  explicit UsageRefinement(ResourceUsageAnalysis &analysis)
      : analysis(analysis) {}

  /// `!stream.resource<N>` for the analysed lifetime N of `value`.
  ResourceType getRefinedType(Value value) {
    std::optional<ResourceUsageBitfield> usage =
        analysis.tryLookupResourceUsage(value);
    LLVM_DEBUG({
      if (!usage)
        llvm::dbgs() << "[refine-usage] no valid usage for a value; using "
                        "external\n";
    });
    return ResourceType::get(value.getContext(),
                             usage ? getLifetimeForUsage(*usage)
                                   : Lifetime::External);
  }

  static bool isUnknownLifetime(Type type) {
    return cast<ResourceType>(type).getLifetime() == Lifetime::Unknown;
  }

  /// A `*` block argument takes its analysed type.
  bool applyArgTransition(BlockArgument arg, PatternRewriter &rewriter) {
    if (!isa<ResourceType>(arg.getType()))
      return false;
    ResourceType newType = getRefinedType(arg);
    if (arg.getType() == newType || !isUnknownLifetime(arg.getType()))
      return false;
    rewriter.modifyOpInPlace(arg.getOwner()->getParentOp(),
                             [&] { arg.setType(newType); });
    return true;
  }

  /// Every block argument of every region of `op`. The analysed types never
  /// change and the rewrite adds no block arguments, so an op's regions are
  /// converted completely the first time and skipped afterwards (the greedy
  /// driver revisits every ancestor of each modified op; rescanning a
  /// function's blocks each time would be quadratic).
  bool applyRegionTransitions(Operation *op, PatternRewriter &rewriter) {
    if (op->getNumRegions() == 0 || !regionsDone.insert(op).second)
      return false;
    bool changed = false;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          changed |= applyArgTransition(arg, rewriter);
    return changed;
  }

  /// A `*` result takes its analysed type; a result with another concrete
  /// lifetime is converted by a transfer after `op`, sized with `size` (or
  /// a `stream.resource.size` query when null). Nothing is done when the
  /// result already feeds only a transfer to a concrete lifetime.
  bool applyResultTransition(Operation *op, Value result, Value size,
                             AffinityAttr affinity, PatternRewriter &rewriter) {
    if (!isa<ResourceType>(result.getType()))
      return false;
    ResourceType newType = getRefinedType(result);
    if (result.getType() == newType)
      return false;
    if (isUnknownLifetime(result.getType())) {
      rewriter.modifyOpInPlace(op, [&] { result.setType(newType); });
      return true;
    }
    if (result.hasOneUse())
      if (auto transferOp =
              dyn_cast<AsyncTransferOp>(*result.getUsers().begin()))
        if (!isUnknownLifetime(transferOp.getResult().getType()))
          return false;
    rewriter.setInsertionPointAfter(op);
    Operation *sizeOp = nullptr;
    if (!size) {
      size = rewriter.createOrFold<ResourceSizeOp>(
          op->getLoc(), rewriter.getIndexType(), result);
      sizeOp = size.getDefiningOp<ResourceSizeOp>();
    }
    auto transferOp =
        AsyncTransferOp::create(rewriter, op->getLoc(), newType, result, size,
                                size, affinity, affinity);
    rewriter.replaceUsesWithIf(result, transferOp.getResult(),
                               [&](OpOperand &use) {
                                 Operation *owner = use.getOwner();
                                 return owner != transferOp && owner != sizeOp;
                               });
    return true;
  }

  static AffinityAttr getAffinity(Operation *op) {
    auto affinityOp = dyn_cast<AffinityOpInterface>(op);
    return affinityOp ? affinityOp.getAffinityAttr() : AffinityAttr();
  }

  /// Region transitions, then each resource result converted with a size
  /// query (the "query form" of §11.5).
  bool applyQueryForm(Operation *op, PatternRewriter &rewriter) {
    bool changed = applyRegionTransitions(op, rewriter);
    for (Value result : op->getResults())
      changed |=
          applyResultTransition(op, result, Value(), getAffinity(op), rewriter);
    return changed;
  }

  /// Region transitions, then each resource result converted with the op's
  /// own result size (the "sized form").
  bool applySizedForm(Operation *op, PatternRewriter &rewriter) {
    bool changed = applyRegionTransitions(op, rewriter);
    auto sizeAwareOp = dyn_cast<util::SizeAwareOpInterface>(op);
    for (OpResult result : op->getResults()) {
      if (!isa<ResourceType>(result.getType()))
        continue;
      Value size = sizeAwareOp
                       ? sizeAwareOp.getResultSize(result.getResultNumber())
                       : Value();
      changed |=
          applyResultTransition(op, result, size, getAffinity(op), rewriter);
    }
    return changed;
  }

  /// Marks `op` as handled once; true the first time.
  bool markFirstVisit(Operation *op) { return firstVisits.insert(op).second; }

private:
  ResourceUsageAnalysis &analysis;
  llvm::DenseSet<Operation *> regionsDone;
  llvm::DenseSet<Operation *> firstVisits;
};

/// A pattern over a fixed set of op kinds calling one refinement action.
template <typename... OpTys> struct ApplyToOps : public RewritePattern {
  using Action = bool (UsageRefinement::*)(Operation *, PatternRewriter &);
  ApplyToOps(MLIRContext *context, UsageRefinement &refinement, Action action)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        refinement(refinement), action(action) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<OpTys...>(op))
      return failure();
    return success((refinement.*action)(op, rewriter));
  }

  UsageRefinement &refinement;
  Action action;
};

/// The query form on region-branch ops other than the stream ones.
struct ApplyToRegionOps
    : public OpInterfaceRewritePattern<RegionBranchOpInterface> {
  ApplyToRegionOps(MLIRContext *context, UsageRefinement &refinement)
      : OpInterfaceRewritePattern(context), refinement(refinement) {}
  LogicalResult matchAndRewrite(RegionBranchOpInterface op,
                                PatternRewriter &rewriter) const override {
    if (isa<AsyncExecuteOp, AsyncConcurrentOp>(op) ||
        isa_and_nonnull<StreamDialect>(op->getDialect()))
      return failure();
    return success(refinement.applyQueryForm(op, rewriter));
  }
  UsageRefinement &refinement;
};

struct ApplyInitializer : public OpRewritePattern<util::InitializerOp> {
  ApplyInitializer(MLIRContext *context, UsageRefinement &refinement)
      : OpRewritePattern(context), refinement(refinement) {}
  LogicalResult matchAndRewrite(util::InitializerOp op,
                                PatternRewriter &rewriter) const override {
    return success(refinement.applyRegionTransitions(op, rewriter));
  }
  UsageRefinement &refinement;
};

struct ApplyFunc : public OpRewritePattern<util::FuncOp> {
  ApplyFunc(MLIRContext *context, UsageRefinement &refinement)
      : OpRewritePattern(context), refinement(refinement) {}

  LogicalResult matchAndRewrite(util::FuncOp op,
                                PatternRewriter &rewriter) const override {
    // The signature only depends on the analysis: one visit computes it.
    if (!refinement.markFirstVisit(op))
      return failure();
    // [SLUICE] A declaration's callers see unknown code behind it: every
    // value passed to or returned from it is external, so its `*` types
    // become external too (the reference leaves them, and the refined call
    // sites then no longer match the callee).
    if (op.isExternal()) {
      auto refine = [&](Type type) -> Type {
        if (isa<ResourceType>(type) && UsageRefinement::isUnknownLifetime(type))
          return ResourceType::get(type.getContext(), Lifetime::External);
        return type;
      };
      FunctionType oldType = op.getFunctionType();
      auto argTypes = llvm::map_to_vector(oldType.getInputs(), refine);
      auto resultTypes = llvm::map_to_vector(oldType.getResults(), refine);
      FunctionType newType =
          FunctionType::get(op.getContext(), argTypes, resultTypes);
      if (newType == oldType)
        return failure();
      rewriter.modifyOpInPlace(op, [&] { op.setFunctionType(newType); });
      return success();
    }
    bool changed = false;
    FunctionType oldType = op.getFunctionType();
    SmallVector<Type> argTypes(oldType.getInputs());
    SmallVector<Type> resultTypes(oldType.getResults());
    Block &entry = op.getFunctionBody().front();
    for (auto [index, type] : llvm::enumerate(argTypes)) {
      if (!isa<ResourceType>(type) ||
          !UsageRefinement::isUnknownLifetime(type) ||
          index >= entry.getNumArguments())
        continue;
      type = refinement.getRefinedType(entry.getArgument(index));
    }
    if (Operation *returnOp = findReturnOp(op)) {
      for (auto [index, type] : llvm::enumerate(resultTypes)) {
        if (!isa<ResourceType>(type) ||
            !UsageRefinement::isUnknownLifetime(type) ||
            index >= returnOp->getNumOperands())
          continue;
        type = refinement.getRefinedType(returnOp->getOperand(index));
      }
    }
    FunctionType newType =
        FunctionType::get(op.getContext(), argTypes, resultTypes);
    if (newType != oldType) {
      rewriter.modifyOpInPlace(op, [&] { op.setFunctionType(newType); });
      changed = true;
    }
    changed |= refinement.applyRegionTransitions(op, rewriter);
    return success(changed);
  }

  /// The first terminator that returns values (or any util.return).
  static Operation *findReturnOp(util::FuncOp op) {
    for (Block &block : op.getFunctionBody()) {
      if (block.empty())
        continue;
      Operation *terminator = &block.back();
      if (!terminator->hasTrait<mlir::OpTrait::ReturnLike>())
        continue;
      if (terminator->getNumOperands() > 0 || isa<util::ReturnOp>(terminator))
        return terminator;
    }
    return nullptr;
  }

  UsageRefinement &refinement;
};

struct ApplyAsyncTransfer : public OpRewritePattern<AsyncTransferOp> {
  ApplyAsyncTransfer(MLIRContext *context, UsageRefinement &refinement)
      : OpRewritePattern(context), refinement(refinement) {}
  LogicalResult matchAndRewrite(AsyncTransferOp op,
                                PatternRewriter &rewriter) const override {
    Value result = op.getResult();
    if (!UsageRefinement::isUnknownLifetime(result.getType()))
      return failure();
    ResourceType newType = refinement.getRefinedType(result);
    if (newType == result.getType())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { result.setType(newType); });
    return success();
  }
  UsageRefinement &refinement;
};

struct ConvertAsyncCastToTransfer : public OpRewritePattern<AsyncCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AsyncCastOp op,
                                PatternRewriter &rewriter) const override {
    Type sourceType = op.getSource().getType();
    Type resultType = op.getResult().getType();
    if (UsageRefinement::isUnknownLifetime(sourceType) ||
        UsageRefinement::isUnknownLifetime(resultType) ||
        sourceType == resultType)
      return failure();
    AffinityAttr affinity = op.getAffinityAttr();
    rewriter.replaceOpWithNewOp<AsyncTransferOp>(
        op, resultType, op.getSource(), op.getSourceSize(), op.getResultSize(),
        affinity, affinity);
    return success();
  }
};

struct RefineUsagePass
    : public stream::impl::RefineUsagePassBase<RefineUsagePass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    if (moduleOp.getBody()->empty())
      return;

    ResourceUsageAnalysis analysis(moduleOp);
    if (failed(analysis.run())) {
      moduleOp.emitError() << "failed to solve for usage analysis";
      return signalPassFailure();
    }

    MLIRContext *context = &getContext();
    UsageRefinement refinement(analysis);
    RewritePatternSet patterns(context);
    patterns.add<ApplyInitializer, ApplyFunc, ApplyAsyncTransfer>(context,
                                                                  refinement);
    // scf.if/for/while, and [SLUICE] every other region op that is not a
    // stream op (scf.execute_region, scf.index_switch, ...), whose results
    // must keep the types their regions yield.
    patterns.add<ApplyToRegionOps>(context, refinement);
    patterns.add<
        ApplyToOps<util::OptimizationBarrierOp, arith::SelectOp, util::CallOp,
                   scf::ConditionOp, scf::YieldOp, ResourceDeallocaOp,
                   TimepointAwaitOp, TimepointBarrierOp, AsyncCastOp>>(
        context, refinement, &UsageRefinement::applyQueryForm);
    patterns.add<ApplyToOps<
        ResourceAllocOp, ResourceAllocaOp, ResourceTransientsOp, TensorImportOp,
        TensorExportOp, AsyncAllocaOp, AsyncConstantOp, AsyncSplatOp,
        AsyncCloneOp, AsyncSliceOp, AsyncFillOp, AsyncUpdateOp, AsyncCopyOp,
        AsyncCollectiveOp, AsyncBarrierOp, AsyncParameterLoadOp,
        AsyncParameterReadOp, AsyncParameterWriteOp, AsyncParameterGatherOp,
        AsyncParameterScatterOp, AsyncLoadOp, AsyncStoreOp, AsyncDispatchOp,
        AsyncCallOp, AsyncExecuteOp, AsyncConcurrentOp, YieldOp>>(
        context, refinement, &UsageRefinement::applySizedForm);
    patterns.add<ConvertAsyncCastToTransfer>(context);

    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(util::applyPatternsGreedilyLinear(
            moduleOp, FrozenRewritePatternSet(std::move(patterns)), config)))
      return signalPassFailure();

    bool unresolved = false;
    moduleOp.walk([&](AsyncCastOp castOp) {
      castOp.emitError() << "unresolved async.cast after stream usage "
                            "refinement";
      unresolved = true;
    });
    if (unresolved)
      signalPassFailure();
  }
};

} // namespace
