//===- StreamTimelineOps.cpp - context, timepoint and channel ops ---------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/LocalDominance.h"
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

/// How many ops findSinkTarget scans for the first user before it compares
/// positions instead.
constexpr unsigned kSinkScanLimit = 64;

Operation *sluice::stream::findSinkTarget(Operation *op,
                                          ArrayRef<Operation *> users) {
  llvm::SetVector<Block *> blocks;
  for (Operation *user : users)
    blocks.insert(user->getBlock());
  if (blocks.empty())
    return nullptr;
  Block *dominator = sluice::util::findNearestCommonDominatorLocally(
      blocks.getArrayRef(), op->getBlock());
  if (!dominator)
    dominator = op->getBlock();
  // The first user (or ancestor of one) in the dominator block, else its
  // terminator. A short forward scan finds a nearby first user without
  // comparing op positions: right after rewrites in a huge block,
  // isBeforeInBlock costs O(block) to renumber it.
  llvm::SmallPtrSet<Operation *, 8> ancestors;
  for (Operation *user : users)
    if (Operation *ancestor = dominator->findAncestorOpInBlock(*user))
      ancestors.insert(ancestor);
  Block::iterator it = dominator == op->getBlock()
                           ? std::next(op->getIterator())
                           : dominator->begin();
  for (unsigned step = 0; step < kSinkScanLimit && it != dominator->end();
       ++step, ++it)
    if (ancestors.contains(&*it) ||
        (&*it == &dominator->back() &&
         it->mightHaveTrait<mlir::OpTrait::IsTerminator>()))
      return &*it;
  Operation *target = nullptr;
  if (!dominator->empty() &&
      dominator->back().mightHaveTrait<mlir::OpTrait::IsTerminator>())
    target = &dominator->back();
  for (Operation *ancestor : ancestors)
    if (!target || ancestor->isBeforeInBlock(target))
      target = ancestor;
  return target;
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
///
/// The common dominator is computed locally (`findSinkTarget`): a match costs
/// O(blocks between the await and its consumers), not O(blocks of the
/// function), and consumers in unreachable blocks are handled.
struct SinkAwaitToFirstConsumer : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSync())
      return failure();
    Operation *parentOp = op->getParentOp();
    llvm::SetVector<Operation *> owners;
    for (Value result : op.getResults()) {
      for (OpOperand &use : result.getUses()) {
        Operation *owner = use.getOwner();
        while (owner && owner->getParentOp() != parentOp)
          owner = owner->getParentOp();
        if (!owner)
          return failure();
        owners.insert(owner);
      }
    }
    if (owners.empty())
      return failure();
    Operation *target = findSinkTarget(op, owners.getArrayRef());
    if (!target || !canStablySinkTo(op, target))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->moveBefore(target); });
    return success();
  }
};

/// How many later awaits GroupAwaitsByTimepoint examines at most.
constexpr unsigned kAwaitGroupingWindow = 64;

/// The awaits that GroupAwaitsByTimepoint merges into `op`, in block order:
/// the later non-sync awaits of `op`'s timepoint in `op`'s block whose
/// operands are all available at `op` (§3.12 `areAllOperandsDefinedBy`).
///
/// The users of the timepoint and the ops after `op` are enumerated in
/// lockstep and the list that ends first gives the exact answer, so a match
/// costs O(min(users, ops after op)). When both are longer than
/// kAwaitGroupingWindow, only the awaits among the next kAwaitGroupingWindow
/// ops are considered (a match stays O(1) on huge blocks with many awaits of
/// one timepoint).
SmallVector<TimepointAwaitOp> findAwaitsToGroup(TimepointAwaitOp op) {
  Value timepoint = op.getAwaitTimepoint();
  Block *block = op->getBlock();
  auto userIt = timepoint.user_begin(), userEnd = timepoint.user_end();
  Block::iterator opIt = std::next(op->getIterator()), opEnd = block->end();
  SmallVector<Operation *> users, following;
  for (unsigned step = 0;
       step < kAwaitGroupingWindow && userIt != userEnd && opIt != opEnd;
       ++step) {
    users.push_back(*userIt++);
    following.push_back(&*opIt++);
  }
  auto isCandidate = [&](Operation *other) {
    auto await = dyn_cast<TimepointAwaitOp>(other);
    return await && await != op && !await.getSync() &&
           await.getAwaitTimepoint() == timepoint;
  };
  SmallVector<TimepointAwaitOp> result;
  if (userIt == userEnd && opIt != opEnd) {
    // Every user seen: keep those later in the block. Values from other blocks
    // are used in this block, so they dominate it; values from this block must
    // come before `op` (a value of `op` itself would become a self-use).
    llvm::SmallPtrSet<Operation *, 8> seen;
    for (Operation *user : users)
      if (user->getBlock() == block && isCandidate(user) &&
          seen.insert(user).second && op->isBeforeInBlock(user) &&
          llvm::all_of(user->getOperands(), [&](Value v) {
            Operation *producer = v.getDefiningOp();
            return !producer || producer->getBlock() != block ||
                   (producer != op && producer->isBeforeInBlock(op));
          }))
        result.push_back(cast<TimepointAwaitOp>(user));
    llvm::sort(result, [](TimepointAwaitOp a, TimepointAwaitOp b) {
      return a->isBeforeInBlock(b);
    });
    return result;
  }
  // Every op up to the end of the block (or of the window) seen, in order: a
  // producer in this block precedes `op` unless it is `op` or was seen before
  // the candidate (searched backwards: producers are usually close).
  for (auto [index, next] : llvm::enumerate(following)) {
    if (!isCandidate(next))
      continue;
    ArrayRef<Operation *> before = ArrayRef(following).take_front(index);
    if (llvm::none_of(next->getOperands(), [&](Value v) {
          Operation *producer = v.getDefiningOp();
          return producer == op ||
                 llvm::is_contained(llvm::reverse(before), producer);
        }))
      result.push_back(cast<TimepointAwaitOp>(next));
  }
  return result;
}

/// Merges later awaits on the same timepoint in the same block into one.
struct GroupAwaitsByTimepoint : public OpRewritePattern<TimepointAwaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TimepointAwaitOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<TimepointAwaitOp> group = {op};
    llvm::append_range(group, findAwaitsToGroup(op));
    if (group.size() == 1)
      return failure();
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
