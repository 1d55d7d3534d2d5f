//===- StreamTimelineOps.cpp - context, timepoint and channel ops ---------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace sluice::stream;

bool sluice::stream::isSinkCandidate(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name == "stream.async.splat" || name == "stream.async.alloca" ||
         isa<TimepointAwaitOp>(op);
}

bool sluice::stream::canStablySinkTo(Operation *toSink, Operation *target) {
  bool pruneByUseDef = !target->hasTrait<mlir::OpTrait::IsTerminator>() &&
                       target->getNumRegions() == 0;
  if (toSink->getBlock() == target->getBlock() &&
      toSink->getNextNode() == target)
    return false;
  if (toSink->getBlock() != target->getBlock())
    return true;
  llvm::SmallPtrSet<Operation *, 8> producers;
  if (pruneByUseDef)
    for (Value operand : target->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.insert(producer);
  for (Operation *op = toSink; op && op != target; op = op->getNextNode()) {
    if (!isSinkCandidate(op))
      return true;
    if (pruneByUseDef && !producers.contains(op))
      return true;
  }
  return false;
}

bool sluice::stream::isImmediateTimepoint(Value value) {
  return value && value.getDefiningOp<TimepointImmediateOp>();
}

//===----------------------------------------------------------------------===//
// stream.timepoint.immediate
//===----------------------------------------------------------------------===//

OpFoldResult TimepointImmediateOp::fold(FoldAdaptor) {
  return TimepointAttr::get(getContext(), getResultTimepoint().getType());
}
SmallVector<Value> TimepointImmediateOp::getAwaitTimepoints() { return {}; }
void TimepointImmediateOp::setAwaitTimepoint(Value) {}

//===----------------------------------------------------------------------===//
// stream.timepoint.export / chain_external
//===----------------------------------------------------------------------===//

LogicalResult TimepointExportOp::fold(FoldAdaptor,
                                      SmallVectorImpl<OpFoldResult> &results) {
  auto import = getAwaitTimepoint().getDefiningOp<TimepointImportOp>();
  if (!import || import.getOperands().getTypes() != getResultTypes())
    return failure();
  for (Value operand : import.getOperands())
    results.push_back(operand);
  return success();
}

namespace {
struct PassThroughChainExternal
    : public OpRewritePattern<TimepointChainExternalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointChainExternalOp op,
                                PatternRewriter &rewriter) const override {
    auto import = op.getAwaitTimepoint().getDefiningOp<TimepointImportOp>();
    if (!import ||
        import.getOperands().size() != op.getExternalValues().size() ||
        import.getOperands().getTypes() != op.getExternalValues().getTypes())
      return failure();
    for (Value value : op.getExternalValues()) {
      auto effects = value.getDefiningOp<MemoryEffectOpInterface>();
      if (!effects || !effects.hasEffect<MemoryEffects::Allocate>())
        return failure();
    }
    for (auto [external, imported] :
         llvm::zip_equal(op.getExternalValues(), import.getOperands()))
      rewriter.replaceAllUsesWith(external, imported);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void TimepointChainExternalOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<PassThroughChainExternal>(context);
}

//===----------------------------------------------------------------------===//
// stream.timepoint.join
//===----------------------------------------------------------------------===//

Value TimepointJoinOp::join(Location loc, ValueRange timepoints,
                            OpBuilder &builder) {
  assert(!timepoints.empty() && "joining no timepoints");
  if (timepoints.size() == 1)
    return timepoints.front();
  return TimepointJoinOp::create(builder, loc, builder.getType<TimepointType>(),
                                 timepoints);
}

Value TimepointJoinOp::join(ValueRange timepoints, OpBuilder &builder) {
  SmallVector<Location> locs;
  for (Value timepoint : timepoints)
    locs.push_back(timepoint.getLoc());
  return join(builder.getFusedLoc(locs), timepoints, builder);
}

SmallVector<Value> TimepointJoinOp::getAwaitTimepoints() {
  return llvm::to_vector(getTimepoints());
}

void TimepointJoinOp::setAwaitTimepoint(Value timepoint) {
  if (timepoint)
    getTimepointsMutable().assign(timepoint);
  else
    getTimepointsMutable().clear();
}

void TimepointJoinOp::setAwaitTimepoints(ValueRange timepoints, OpBuilder &) {
  getTimepointsMutable().assign(timepoints);
}

OpFoldResult TimepointJoinOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(adaptor.getTimepoints(),
                   [](Attribute attr) { return attr != nullptr; }))
    return TimepointAttr::get(getContext(), getResultTimepoint().getType());
  if (getTimepoints().size() == 1)
    return getTimepoints().front();
  return {};
}

namespace {

struct ElideImmediateTimepointJoinOperands
    : public OpRewritePattern<TimepointJoinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointJoinOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> kept;
    for (Value timepoint : op.getTimepoints())
      if (!isImmediateTimepoint(timepoint))
        kept.push_back(timepoint);
    if (kept.size() == op.getTimepoints().size())
      return failure();
    if (kept.empty()) {
      rewriter.replaceOpWithNewOp<TimepointImmediateOp>(
          op, rewriter.getType<TimepointType>());
      return success();
    }
    rewriter.modifyOpInPlace(op,
                             [&] { op.getTimepointsMutable().assign(kept); });
    return success();
  }
};

struct FoldDuplicateTimepointJoinOperands
    : public OpRewritePattern<TimepointJoinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointJoinOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SetVector<Value> unique(op.getTimepoints().begin(),
                                  op.getTimepoints().end());
    if (unique.size() == op.getTimepoints().size())
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getTimepointsMutable().assign(unique.getArrayRef()); });
    return success();
  }
};

struct ExpandTimepointJoinOperands : public OpRewritePattern<TimepointJoinOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointJoinOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SetVector<Value> expanded;
    bool any = false;
    for (Value timepoint : op.getTimepoints()) {
      if (auto inner = timepoint.getDefiningOp<TimepointJoinOp>()) {
        expanded.insert(inner.getTimepoints().begin(),
                        inner.getTimepoints().end());
        any = true;
      } else {
        expanded.insert(timepoint);
      }
    }
    if (!any)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getTimepointsMutable().assign(expanded.getArrayRef()); });
    return success();
  }
};

} // namespace

void TimepointJoinOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ElideImmediateTimepointJoinOperands,
              FoldDuplicateTimepointJoinOperands, ExpandTimepointJoinOperands>(
      context);
}

//===----------------------------------------------------------------------===//
// stream.timepoint.barrier
//===----------------------------------------------------------------------===//

SmallVector<Value> TimepointBarrierOp::getAwaitTimepoints() { return {}; }
void TimepointBarrierOp::setAwaitTimepoint(Value) {}

Value TimepointBarrierOp::getOperandSize(unsigned) { return getResourceSize(); }
Value TimepointBarrierOp::getResultSize(unsigned) { return getResourceSize(); }

std::pair<unsigned, unsigned>
TimepointBarrierOp::getTiedResultsIndexAndLength() {
  return {0, 1};
}
std::optional<unsigned>
TimepointBarrierOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return 0u;
  return std::nullopt;
}
SmallVector<int64_t> TimepointBarrierOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TimepointBarrierOp::verify() {
  return verifyOpValueSizes(*this, getResource(), getResourceSize());
}

namespace {

struct ElideImmediateBarrier : public OpRewritePattern<TimepointBarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointBarrierOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getResource().getDefiningOp();
    if (!producer || !isa<ResourceAllocOp, TensorImportOp>(producer))
      return failure();
    Value immediate = TimepointImmediateOp::create(
        rewriter, op.getLoc(), rewriter.getType<TimepointType>());
    rewriter.replaceOp(op, {op.getResource(), immediate});
    return success();
  }
};

struct ChainTimepoints : public OpRewritePattern<TimepointBarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointBarrierOp op,
                                PatternRewriter &rewriter) const override {
    auto await = op.getResource().getDefiningOp<TimepointAwaitOp>();
    if (!await || await.getSync())
      return failure();
    unsigned index = cast<OpResult>(op.getResource()).getResultNumber();
    rewriter.replaceOp(
        op, {await.getResourceOperands()[index], await.getAwaitTimepoint()});
    return success();
  }
};

} // namespace

void TimepointBarrierOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results.add<ElideImmediateBarrier, ChainTimepoints>(context);
}

//===----------------------------------------------------------------------===//
// stream.timepoint.await
//===----------------------------------------------------------------------===//

void TimepointAwaitOp::build(OpBuilder &builder, OperationState &state,
                             ValueRange operands, ValueRange operandSizes,
                             Value timepoint,
                             ArrayRef<NamedAttribute> attributes) {
  state.addTypes(operands.getTypes());
  state.addOperands(operands);
  state.addOperands(operandSizes);
  state.addOperands(timepoint);
  state.addAttributes(attributes);
  state.getOrAddProperties<Properties>().operandSegmentSizes = {
      static_cast<int32_t>(operands.size()),
      static_cast<int32_t>(operandSizes.size()), 1};
}

SmallVector<Value> TimepointAwaitOp::getAwaitTimepoints() {
  return {getAwaitTimepoint()};
}
Value TimepointAwaitOp::getResultTimepoint() { return {}; }
void TimepointAwaitOp::setAwaitTimepoint(Value timepoint) {
  // The await is required: a null timepoint leaves the op unchanged.
  if (timepoint)
    getAwaitTimepointMutable().assign(timepoint);
}

Value TimepointAwaitOp::getOperandSize(unsigned idx) {
  return sluice::util::findValueSizeInList(idx, getOperands(),
                                           getResourceOperandSizes());
}
Value TimepointAwaitOp::getResultSize(unsigned idx) {
  return idx < getResourceOperandSizes().size() ? getResourceOperandSizes()[idx]
                                                : Value();
}

std::optional<unsigned>
TimepointAwaitOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return resultIndex;
}
SmallVector<int64_t> TimepointAwaitOp::getTiedResultOperandIndices() {
  return llvm::to_vector(llvm::seq<int64_t>(0, getResults().size()));
}

LogicalResult TimepointAwaitOp::verify() {
  if (failed(verifyOpValueSizes(*this, getResourceOperands(),
                                getResourceOperandSizes())) ||
      failed(
          verifyOpValueSizes(*this, getResults(), getResourceOperandSizes())))
    return failure();
  return success();
}

LogicalResult TimepointAwaitOp::fold(FoldAdaptor adaptor,
                                     SmallVectorImpl<OpFoldResult> &results) {
  if (!adaptor.getAwaitTimepoint())
    return failure();
  for (Value operand : getResourceOperands())
    results.push_back(operand);
  return success();
}

namespace {

struct ElideImmediateHostAwaits : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    if (!isImmediateTimepoint(op.getAwaitTimepoint()))
      return failure();
    rewriter.replaceOp(op, op.getResourceOperands());
    return success();
  }
};

/// Moves a non-sync await down to just before its first consumer (at the
/// await's nesting level, in the common dominator of all consumers).
struct SinkAwaitToFirstConsumer : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSync())
      return failure();
    Operation *parentOp = op->getParentOp();
    DominanceInfo dominance(parentOp);
    llvm::SetVector<Operation *> owners;
    Block *commonDominator = nullptr;
    for (Value result : op.getResults()) {
      for (OpOperand &use : result.getUses()) {
        Operation *owner = use.getOwner();
        while (owner && owner->getParentOp() != parentOp)
          owner = owner->getParentOp();
        if (!owner)
          return failure();
        if (owners.insert(owner)) {
          commonDominator = commonDominator
                                ? dominance.findNearestCommonDominator(
                                      commonDominator, owner->getBlock())
                                : owner->getBlock();
        }
      }
    }
    if (owners.empty() || !commonDominator)
      return failure();
    Operation *target = commonDominator->getTerminator();
    if (!target)
      return failure();
    for (Operation *owner : owners)
      if (owner->getBlock() == commonDominator &&
          owner->isBeforeInBlock(target))
        target = owner;
    if (!canStablySinkTo(op, target))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->moveBefore(target); });
    return success();
  }
};

/// Merges later awaits on the same timepoint in the same block into one.
struct GroupAwaitsByTimepoint : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    DominanceInfo dominance(op->getParentOp());
    SmallVector<TimepointAwaitOp> group = {op};
    for (Operation *user : op.getAwaitTimepoint().getUsers()) {
      auto other = dyn_cast<TimepointAwaitOp>(user);
      if (!other || other == op || other.getSync() ||
          other->getBlock() != op->getBlock() || !op->isBeforeInBlock(other))
        continue;
      bool available = llvm::all_of(other->getOperands(), [&](Value v) {
        return v.getDefiningOp() != op.getOperation() &&
               dominance.dominates(v, op.getOperation());
      });
      if (available)
        group.push_back(other);
    }
    if (group.size() == 1)
      return failure();
    llvm::sort(group.begin() + 1, group.end(),
               [](TimepointAwaitOp a, TimepointAwaitOp b) {
                 return a->isBeforeInBlock(b);
               });
    SmallVector<Value> operands, sizes;
    for (TimepointAwaitOp await : group) {
      llvm::append_range(operands, await.getResourceOperands());
      llvm::append_range(sizes, await.getResourceOperandSizes());
    }
    rewriter.setInsertionPoint(op);
    auto newOp = TimepointAwaitOp::create(rewriter, op.getLoc(), operands,
                                          sizes, op.getAwaitTimepoint());
    unsigned next = 0;
    for (TimepointAwaitOp await : group) {
      unsigned count = await.getNumResults();
      rewriter.replaceOp(await, newOp.getResults().slice(next, count));
      next += count;
    }
    return success();
  }
};

struct SinkSubviewsAcrossAwaits : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.setInsertionPointAfter(op);
    bool changed = false;
    rewriter.startOpModification(op);
    for (auto [i, operand] : llvm::enumerate(op.getResourceOperands())) {
      auto subview = operand.getDefiningOp<ResourceSubviewOp>();
      if (!subview)
        continue;
      Value result = op.getResult(i);
      auto newSubview = ResourceSubviewOp::create(
          rewriter, subview.getLoc(), result.getType(), result,
          subview.getSourceSize(), subview.getSourceOffset(),
          subview.getResultSize());
      rewriter.replaceAllUsesExcept(result, newSubview.getResult(), newSubview);
      op.getResourceOperandSizesMutable()[i].set(subview.getSourceSize());
      op.getResourceOperandsMutable()[i].set(subview.getSource());
      changed = true;
    }
    if (!changed) {
      rewriter.cancelOpModification(op);
      return failure();
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

struct FoldDuplicateAwaitResources : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallDenseMap<Value, unsigned> first;
    SmallVector<Value> operands, sizes;
    SmallVector<unsigned> mapping;
    for (auto [i, operand] : llvm::enumerate(op.getResourceOperands())) {
      auto [it, inserted] = first.try_emplace(operand, operands.size());
      if (inserted) {
        operands.push_back(operand);
        sizes.push_back(op.getResourceOperandSizes()[i]);
      }
      mapping.push_back(it->second);
    }
    if (operands.size() == op.getResourceOperands().size())
      return failure();
    auto newOp = TimepointAwaitOp::create(rewriter, op.getLoc(), operands,
                                          sizes, op.getAwaitTimepoint());
    newOp.setSync(op.getSync());
    SmallVector<Value> replacements;
    for (unsigned index : mapping)
      replacements.push_back(newOp.getResult(index));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

struct ElideUnusedTimepointAwait : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    if (!op->use_empty() || op.getSync())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void TimepointAwaitOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ElideImmediateHostAwaits, SinkAwaitToFirstConsumer,
              SinkSubviewsAcrossAwaits, GroupAwaitsByTimepoint,
              FoldDuplicateAwaitResources, ElideUnusedTimepointAwait>(context);
}

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

void ChannelCreateOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "channel");
}
void ChannelCreateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ElideUnusedOp<ChannelCreateOp>>(context);
}

void ChannelSplitOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "channel");
}
void ChannelSplitOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ElideUnusedOp<ChannelSplitOp>>(context);
}

void ChannelRankOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "ccl_rank");
}
OpFoldResult ChannelRankOp::fold(FoldAdaptor) {
  if (auto create = getChannel().getDefiningOp<ChannelCreateOp>())
    if (Value rank = create.getRank())
      return rank;
  return {};
}

void ChannelCountOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "ccl_count");
}
OpFoldResult ChannelCountOp::fold(FoldAdaptor) {
  if (auto create = getChannel().getDefiningOp<ChannelCreateOp>())
    if (Value count = create.getCount())
      return count;
  return {};
}
