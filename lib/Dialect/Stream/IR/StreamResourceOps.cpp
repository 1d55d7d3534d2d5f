//===- StreamResourceOps.cpp - resource and file ops ----------------------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;

//===----------------------------------------------------------------------===//
// stream.resource.alloc
//===----------------------------------------------------------------------===//

Value ResourceAllocOp::getOperandSize(unsigned) { return {}; }
Value ResourceAllocOp::getResultSize(unsigned) { return getStorageSize(); }

void ResourceAllocOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                  MLIRContext *) {}

/// Shared by the alloc and alloca suballocation helpers: `createAlloc(loc,
/// size)` creates the allocation op and returns it with its resource.
template <typename OpT, typename CreateFn>
static std::pair<OpT, SmallVector<Value>>
createSuballocationsImpl(Type resourceType, ArrayRef<Location> locs,
                         ValueRange storageSizes, AffinityAttr affinity,
                         OpBuilder &builder, CreateFn createAlloc) {
  assert(locs.size() == storageSizes.size() &&
         "one location per suballocation");
  if (storageSizes.empty())
    return {OpT(), {}};
  if (storageSizes.size() == 1) {
    OpT allocOp = createAlloc(locs.front(), storageSizes.front());
    return {allocOp, {allocOp.getResult()}};
  }
  Location fusedLoc = builder.getFusedLoc(locs);
  auto packOp = ResourcePackOp::create(builder, fusedLoc, /*offset=*/Value(),
                                       storageSizes, affinity);
  OpT allocOp = createAlloc(fusedLoc, packOp.getTotalLength());
  Value slab = allocOp.getResult();
  Value slabSize = packOp.getTotalLength();
  SmallVector<Value> subviews;
  subviews.reserve(storageSizes.size());
  for (auto [loc, offset, size] :
       llvm::zip_equal(locs, packOp.getPackedOffsets(), storageSizes))
    subviews.push_back(ResourceSubviewOp::create(builder, loc, resourceType,
                                                 slab, slabSize, offset, size)
                           .getResult());
  return {allocOp, std::move(subviews)};
}

std::pair<ResourceAllocOp, SmallVector<Value>>
ResourceAllocOp::createSuballocations(Type resourceType,
                                      ArrayRef<Location> locs,
                                      ValueRange storageSizes,
                                      bool uninitialized, AffinityAttr affinity,
                                      OpBuilder &builder) {
  return createSuballocationsImpl<ResourceAllocOp>(
      resourceType, locs, storageSizes, affinity, builder,
      [&](Location loc, Value size) {
        return ResourceAllocOp::create(builder, loc, resourceType, size,
                                       uninitialized, affinity);
      });
}

//===----------------------------------------------------------------------===//
// stream.resource.alloca
//===----------------------------------------------------------------------===//

Value ResourceAllocaOp::getOperandSize(unsigned) { return {}; }
Value ResourceAllocaOp::getResultSize(unsigned) { return getStorageSize(); }

SmallVector<Value> ResourceAllocaOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}

std::pair<ResourceAllocaOp, SmallVector<Value>>
ResourceAllocaOp::createSuballocations(Type timepointType, Type resourceType,
                                       ArrayRef<Location> locs,
                                       ValueRange storageSizes,
                                       Value awaitTimepoint,
                                       AffinityAttr affinity,
                                       OpBuilder &builder) {
  return createSuballocationsImpl<ResourceAllocaOp>(
      resourceType, locs, storageSizes, affinity, builder,
      [&](Location loc, Value size) {
        return ResourceAllocaOp::create(
            builder, loc, resourceType, timepointType, size, awaitTimepoint,
            /*indeterminate_lifetime=*/false, affinity);
      });
}

/// The op's await timepoint, or a new immediate timepoint before `op`.
static Value getAwaitOrImmediate(Value await, Operation *op,
                                 PatternRewriter &rewriter) {
  if (await)
    return await;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  return TimepointImmediateOp::create(rewriter, op->getLoc(),
                                      rewriter.getType<TimepointType>());
}

namespace {

/// An alloca whose resource is unused forwards its await (or immediate).
struct ElideUnusedAllocaOp : public OpRewritePattern<ResourceAllocaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourceAllocaOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getResult().use_empty())
      return failure();
    Value timepoint = getAwaitOrImmediate(op.getAwaitTimepoint(), op, rewriter);
    rewriter.replaceAllUsesWith(op.getResultTimepoint(), timepoint);
    rewriter.eraseOp(op);
    return success();
  }
};

/// An alloca only consumed by a dealloca is elided with it.
struct ElideAllocaDeallocaOp : public OpRewritePattern<ResourceAllocaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourceAllocaOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getResult().hasOneUse())
      return failure();
    auto dealloca =
        dyn_cast<ResourceDeallocaOp>(*op.getResult().getUsers().begin());
    if (!dealloca || dealloca.getOperand() != op.getResult())
      return failure();
    Value allocaTimepoint =
        getAwaitOrImmediate(op.getAwaitTimepoint(), op, rewriter);
    rewriter.replaceAllUsesWith(op.getResultTimepoint(), allocaTimepoint);
    Value deallocaTimepoint =
        getAwaitOrImmediate(dealloca.getAwaitTimepoint(), op, rewriter);
    rewriter.replaceAllUsesWith(dealloca.getResultTimepoint(),
                                deallocaTimepoint);
    rewriter.eraseOp(dealloca);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Chains of allocas (or deallocas) each awaiting the previous one are
/// batched to await the first op's timepoint and joined afterwards.
template <typename OpT> struct BatchAllocaOps : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpT> chain;
    OpT current = op;
    while (current) {
      chain.push_back(current);
      Value timepoint = current.getResultTimepoint();
      if (!timepoint.hasOneUse())
        break;
      current = dyn_cast<OpT>(*timepoint.getUsers().begin());
      if (current && current.getAwaitTimepoint() != timepoint)
        current = nullptr;
    }
    if (chain.size() < 2)
      return failure();
    SmallVector<Location> locs;
    SmallVector<Value> timepoints;
    for (OpT chainOp : chain) {
      locs.push_back(chainOp.getLoc());
      timepoints.push_back(chainOp.getResultTimepoint());
    }
    Value firstAwait = chain.front().getAwaitTimepoint();
    rewriter.setInsertionPointAfter(chain.back());
    auto join =
        TimepointJoinOp::create(rewriter, rewriter.getFusedLoc(locs),
                                rewriter.getType<TimepointType>(), timepoints);
    for (OpT chainOp : chain) {
      rewriter.modifyOpInPlace(chainOp, [&] {
        if (firstAwait)
          chainOp.getAwaitTimepointMutable().assign(firstAwait);
        else
          chainOp.getAwaitTimepointMutable().clear();
      });
    }
    rewriter.replaceAllUsesExcept(chain.back().getResultTimepoint(),
                                  join.getResultTimepoint(), join);
    return success();
  }
};

} // namespace

void ResourceAllocaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ElideUnusedAllocaOp, ElideAllocaDeallocaOp,
              BatchAllocaOps<ResourceAllocaOp>,
              ElideImmediateTimepointWait<ResourceAllocaOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.resource.dealloca
//===----------------------------------------------------------------------===//

Value ResourceDeallocaOp::getOperandSize(unsigned) { return getOperandSize(); }
Value ResourceDeallocaOp::getResultSize(unsigned) { return {}; }

SmallVector<Value> ResourceDeallocaOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}

void ResourceDeallocaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results.add<BatchAllocaOps<ResourceDeallocaOp>,
              ElideImmediateTimepointWait<ResourceDeallocaOp>>(context);
}

//===----------------------------------------------------------------------===//
// Ownership
//===----------------------------------------------------------------------===//

Value ResourceRetainOp::getOperandSize(unsigned) { return getOperandSize(); }
Value ResourceRetainOp::getResultSize(unsigned) { return {}; }
Value ResourceReleaseOp::getOperandSize(unsigned) { return getOperandSize(); }
Value ResourceReleaseOp::getResultSize(unsigned) { return {}; }
Value ResourceIsTerminalOp::getOperandSize(unsigned) {
  return getOperandSize();
}
Value ResourceIsTerminalOp::getResultSize(unsigned) { return {}; }

void ResourceReleaseOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "is_terminal");
}
void ResourceIsTerminalOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "is_terminal");
}

//===----------------------------------------------------------------------===//
// stream.resource.size
//===----------------------------------------------------------------------===//

Value ResourceSizeOp::getOperandSize(unsigned) { return getResult(); }
Value ResourceSizeOp::getResultSize(unsigned) { return {}; }

OpFoldResult ResourceSizeOp::fold(FoldAdaptor) {
  Operation *op = getOperation();
  Value size = sluice::util::SizeAwareTypeInterface::findSizeValue(
      getOperand(), op->getBlock(), Block::iterator(op));
  if (size && size != getResult())
    return size;
  return {};
}

namespace {
/// size(select(c, a, b)) → select(c, size(a), size(b)).
struct SelectResourceSizeOp : public OpRewritePattern<ResourceSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourceSizeOp op,
                                PatternRewriter &rewriter) const override {
    auto select = op.getOperand().getDefiningOp<arith::SelectOp>();
    if (!select)
      return failure();
    Value trueSize = rewriter.createOrFold<ResourceSizeOp>(
        op.getLoc(), rewriter.getIndexType(), select.getTrueValue(),
        op.getAffinityAttr());
    Value falseSize = rewriter.createOrFold<ResourceSizeOp>(
        op.getLoc(), rewriter.getIndexType(), select.getFalseValue(),
        op.getAffinityAttr());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, select.getCondition(),
                                                 trueSize, falseSize);
    return success();
  }
};
} // namespace

void ResourceSizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<SelectResourceSizeOp>(context);
}

//===----------------------------------------------------------------------===//
// stream.resource.try_map
//===----------------------------------------------------------------------===//

Value ResourceTryMapOp::getOperandSize(unsigned) { return {}; }
Value ResourceTryMapOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult ResourceTryMapOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getResultSize());
}

void ResourceTryMapOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<ElideUnusedOp<ResourceTryMapOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.resource.load / store
//===----------------------------------------------------------------------===//

Value ResourceLoadOp::getOperandSize(unsigned) { return getSourceSize(); }
Value ResourceLoadOp::getResultSize(unsigned) { return {}; }

LogicalResult ResourceLoadOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

Value ResourceStoreOp::getOperandSize(unsigned) { return getTargetSize(); }
Value ResourceStoreOp::getResultSize(unsigned) { return {}; }

LogicalResult ResourceStoreOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

namespace {
/// Folds a subview of the accessed resource into the access offset.
template <typename OpT>
struct FoldSubviewIntoAccessOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    constexpr bool isLoad = std::is_same_v<OpT, ResourceLoadOp>;
    Value resource =
        isLoad ? Value(op->getOperand(0)) : Value(op->getOperand(0));
    ResourceSubviewOp subview = ResourceSubviewOp::findSubviewOp(resource);
    if (!subview)
      return failure();
    Location loc = rewriter.getFusedLoc({subview.getLoc(), op.getLoc()});
    Value accessOffset = op->getOperand(2);
    Value offset = rewriter.createOrFold<arith::AddIOp>(
        loc, subview.getSourceOffset(), accessOffset);
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperand(0, subview.getSource());
      op->setOperand(1, subview.getSourceSize());
      op->setOperand(2, offset);
    });
    return success();
  }
};
} // namespace

void ResourceLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<FoldSubviewIntoAccessOp<ResourceLoadOp>,
              ElideUnusedOp<ResourceLoadOp>>(context);
}

void ResourceStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldSubviewIntoAccessOp<ResourceStoreOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.resource.pack
//===----------------------------------------------------------------------===//

void ResourcePackOp::build(OpBuilder &builder, OperationState &state,
                           Value offset, ValueRange sizes,
                           AffinityAttr affinity) {
  // Every interval [0, 0]: one uniqued zero, repeated.
  SmallVector<Attribute> intervals(2 * sizes.size(), builder.getIndexAttr(0));
  SmallVector<Type> offsetTypes(sizes.size(), builder.getIndexType());
  build(builder, state, builder.getIndexType(), offsetTypes, offset, sizes,
        builder.getArrayAttr(intervals), affinity);
}

void ResourcePackOp::getAsmResultNames(function_ref<void(Value, StringRef)>) {}

SmallVector<ResourcePackOp::Slice> ResourcePackOp::getSlices() {
  SmallVector<Slice> slices;
  ArrayAttr intervals = getLifetimeIntervals();
  for (auto [i, offset] : llvm::enumerate(getPackedOffsets())) {
    if (2 * i + 1 >= intervals.size() || i >= getDynamicSliceSizes().size())
      break;
    slices.push_back(Slice{cast<IntegerAttr>(intervals[2 * i]).getInt(),
                           cast<IntegerAttr>(intervals[2 * i + 1]).getInt(),
                           getDynamicSliceSizes()[i], offset});
  }
  return slices;
}

LogicalResult ResourcePackOp::verify() {
  size_t n = getPackedOffsets().size();
  if (getLifetimeIntervals().size() != 2 * n)
    return emitOpError("requires a [start, end] range for each slice");
  if (getDynamicSliceSizes().size() != n)
    return emitOpError("requires a size for each slice");
  return success();
}

LogicalResult ResourcePackOp::fold(FoldAdaptor,
                                   SmallVectorImpl<OpFoldResult> &results) {
  Builder builder(getContext());
  if (getPackedOffsets().empty()) {
    results.push_back(builder.getIndexAttr(0));
    return success();
  }
  if (getPackedOffsets().size() == 1) {
    results.push_back(getDynamicSliceSizes().front());
    if (Value offset = getOffset())
      results.push_back(offset);
    else
      results.push_back(builder.getIndexAttr(0));
    return success();
  }
  return failure();
}

namespace {

/// Moves a base offset out of the pack into explicit additions.
struct PropagateResourcePackBaseOffset
    : public OpRewritePattern<ResourcePackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourcePackOp op,
                                PatternRewriter &rewriter) const override {
    Value base = op.getOffset();
    if (!base)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getOffsetMutable().clear(); });
    APInt value;
    if (base.getType().isIndex() && matchPattern(base, m_ConstantInt(&value)) &&
        value.isZero())
      return success();
    rewriter.setInsertionPointAfter(op);
    for (Value packed : op.getPackedOffsets()) {
      auto add = arith::AddIOp::create(rewriter, op.getLoc(), base, packed);
      rewriter.replaceAllUsesExcept(packed, add.getResult(), add);
    }
    return success();
  }
};

/// Sorts slices by (start, end).
struct CanonicalizeResourcePackIntervals
    : public OpRewritePattern<ResourcePackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourcePackOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<ResourcePackOp::Slice> slices = op.getSlices();
    // Stable order by (start, end): ties keep their original position.
    SmallVector<unsigned> order =
        llvm::to_vector(llvm::seq<unsigned>(0, slices.size()));
    llvm::sort(order, [&](unsigned a, unsigned b) {
      if (slices[a] < slices[b])
        return true;
      if (slices[b] < slices[a])
        return false;
      return a < b;
    });
    SmallVector<ResourcePackOp::Slice> sorted;
    for (unsigned index : order)
      sorted.push_back(slices[index]);
    bool same = llvm::equal(slices, sorted, [](const auto &a, const auto &b) {
      return a.packedOffset == b.packedOffset;
    });
    if (same)
      return failure();
    SmallVector<int64_t> intervals;
    SmallVector<Value> sizes;
    for (auto &slice : sorted) {
      intervals.push_back(slice.lifetimeStart);
      intervals.push_back(slice.lifetimeEnd);
      sizes.push_back(slice.dynamicSize);
    }
    SmallVector<Type> offsetTypes(sorted.size(), rewriter.getIndexType());
    auto newOp = ResourcePackOp::create(
        rewriter, op.getLoc(), op.getTotalLength().getType(), offsetTypes,
        op.getOffset(), sizes, rewriter.getIndexArrayAttr(intervals),
        op.getAffinityAttr());
    rewriter.replaceAllUsesWith(op.getTotalLength(), newOp.getTotalLength());
    for (auto [i, slice] : llvm::enumerate(sorted))
      rewriter.replaceAllUsesWith(slice.packedOffset,
                                  newOp.getPackedOffsets()[i]);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ResourcePackOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results
      .add<PropagateResourcePackBaseOffset, CanonicalizeResourcePackIntervals>(
          context);
}

//===----------------------------------------------------------------------===//
// stream.resource.constants
//===----------------------------------------------------------------------===//

Value ResourceConstantsOp::getOperandSize(unsigned) { return {}; }
Value ResourceConstantsOp::getResultSize(unsigned idx) {
  return idx < getResultSizes().size() ? getResultSizes()[idx] : Value();
}

SmallVector<Value> ResourceConstantsOp::getAwaitTimepoints() { return {}; }
void ResourceConstantsOp::setAwaitTimepoint(Value) {}

LogicalResult ResourceConstantsOp::verify() {
  size_t count = getResults().size();
  if (getResultSizes().size() != count || getValues().size() != count)
    return emitOpError("mismatched constant/result counts");
  if (!llvm::all_equal(getResults().getTypes()))
    return emitOpError("all results must be of the same type");
  return success();
}

//===----------------------------------------------------------------------===//
// stream.resource.subview
//===----------------------------------------------------------------------===//

bool ResourceSubviewOp::isMetadata() { return true; }

Value ResourceSubviewOp::getOperandSize(unsigned) { return getSourceSize(); }
Value ResourceSubviewOp::getResultSize(unsigned) { return getResultSize(); }

Value ResourceSubviewOp::getSubrangeResource() { return getSource(); }
Value ResourceSubviewOp::getSubrangeResourceSize() { return getSourceSize(); }
Value ResourceSubviewOp::getSubrangeOffset() { return getSourceOffset(); }
Value ResourceSubviewOp::getSubrangeLength() { return getResultSize(); }
Value ResourceSubviewOp::getSubrangeResult() { return getResult(); }

std::optional<unsigned> ResourceSubviewOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> ResourceSubviewOp::getTiedResultOperandIndices() {
  return {0};
}

Value ResourceSubviewOp::getViewSource() { return getSource(); }

LogicalResult ResourceSubviewOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

OpFoldResult ResourceSubviewOp::fold(FoldAdaptor) {
  if (getSourceSize() == getResultSize())
    return getSource();
  return {};
}

ResourceSubviewOp ResourceSubviewOp::findSubviewOp(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (isa<TimelineOpInterface>(op))
      return {};
    if (auto subview = dyn_cast<ResourceSubviewOp>(op))
      return subview;
    auto tiedOp = dyn_cast<sluice::util::TiedOpInterface>(op);
    if (!tiedOp)
      return {};
    value = tiedOp.getTiedResultOperand(value);
    if (!value)
      return {};
  }
  return {};
}

namespace {

struct FoldResourceSubviewOps : public OpRewritePattern<ResourceSubviewOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourceSubviewOp op,
                                PatternRewriter &rewriter) const override {
    ResourceSubviewOp parent = ResourceSubviewOp::findSubviewOp(op.getSource());
    if (!parent)
      return failure();
    Location loc = rewriter.getFusedLoc({parent.getLoc(), op.getLoc()});
    Value offset = rewriter.createOrFold<arith::AddIOp>(
        loc, parent.getSourceOffset(), op.getSourceOffset());
    auto newOp = ResourceSubviewOp::create(
        rewriter, loc, parent.getSource().getType(), parent.getSource(),
        parent.getSourceSize(), offset, op.getResultSize());
    rewriter.replaceOp(op, newOp.getResult());
    return success();
  }
};

struct SinkSubviewAcrossSelectOps : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<ResourceType>(op.getType()))
      return failure();
    auto trueSubview = op.getTrueValue().getDefiningOp<ResourceSubviewOp>();
    auto falseSubview = op.getFalseValue().getDefiningOp<ResourceSubviewOp>();
    if (!trueSubview || !falseSubview ||
        trueSubview.getSource() != falseSubview.getSource() ||
        trueSubview.getResultSize() != falseSubview.getResultSize())
      return failure();
    Value offset = arith::SelectOp::create(
        rewriter, op.getLoc(), op.getCondition(), trueSubview.getSourceOffset(),
        falseSubview.getSourceOffset());
    rewriter.replaceOpWithNewOp<ResourceSubviewOp>(
        op, op.getType(), trueSubview.getSource(), trueSubview.getSourceSize(),
        offset, trueSubview.getResultSize());
    return success();
  }
};

} // namespace

void ResourceSubviewOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<FoldResourceSubviewOps, SinkSubviewAcrossSelectOps>(context);
}

//===----------------------------------------------------------------------===//
// stream.resource.transients
//===----------------------------------------------------------------------===//

bool ResourceTransientsOp::pinsValueAffinity() {
  return static_cast<bool>(getAffinityAttr());
}

SmallVector<Value> ResourceTransientsOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}

Value ResourceTransientsOp::getOperandSize(unsigned) {
  return getResourceSize();
}
Value ResourceTransientsOp::getResultSize(unsigned) {
  return getResourceSize();
}

std::optional<unsigned>
ResourceTransientsOp::getTiedResultOperandIndex(unsigned resultIndex) {
  if (resultIndex == 0)
    return 0u;
  return std::nullopt;
}
SmallVector<int64_t> ResourceTransientsOp::getTiedResultOperandIndices() {
  return {0, -1};
}

namespace {
struct FoldConsecutiveResourceTransientsOps
    : public OpRewritePattern<ResourceTransientsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ResourceTransientsOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getResource().getDefiningOp<ResourceTransientsOp>();
    if (!inner)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getResourceMutable().assign(inner.getResource());
      op.getResourceSizeMutable().assign(inner.getResourceSize());
    });
    return success();
  }
};
} // namespace

void ResourceTransientsOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<FoldConsecutiveResourceTransientsOps>(context);
}

//===----------------------------------------------------------------------===//
// stream.file.*
//===----------------------------------------------------------------------===//

void FileConstantOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "file");
}

Value FileConstantOp::getOperandSize(unsigned) { return getSourceSize(); }
Value FileConstantOp::getResultSize(unsigned) { return {}; }

sluice::util::SubrangeOperand FileConstantOp::getSubrangeOperand(unsigned) {
  return {getSource(), getSourceSize(), getSourceOffset(), getSourceLength()};
}

void FileConstantOp::setSubrangeOperand(unsigned,
                                        sluice::util::SubrangeOperand operand) {
  getSourceMutable().assign(operand.resource);
  getSourceSizeMutable().assign(operand.resourceSize);
  getSourceOffsetMutable().assign(operand.offset);
  getSourceLengthMutable().assign(operand.length);
}

SmallVector<Value> FileReadOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}
Value FileReadOp::getOperandSize(unsigned) { return getTargetSize(); }
Value FileReadOp::getResultSize(unsigned) { return {}; }
LogicalResult FileReadOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}
void FileReadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<ElideUnusedOp<FileReadOp>>(context);
}

SmallVector<Value> FileWriteOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}
Value FileWriteOp::getOperandSize(unsigned) { return getSourceSize(); }
Value FileWriteOp::getResultSize(unsigned) { return {}; }
LogicalResult FileWriteOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}
void FileWriteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ElideUnusedOp<FileWriteOp>>(context);
}
