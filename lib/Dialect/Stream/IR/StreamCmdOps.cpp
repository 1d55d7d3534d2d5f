//===- StreamCmdOps.cpp - command-phase ops ----===//
//
// Methods, verifiers and canonicalization patterns of the command-phase ops
// (stream-ir.md §12.10, stream-folding.md §5.5).
//
//===----------------------------------------------------------------------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/ClosureOptimization.h"
#include "sluice/Dialect/Util/IR/TiedFunctionBuilder.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace sluice::stream;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// The access bits of entry `index` of an access array (None when missing).
static ResourceAccessBitfield getAccessBits(ArrayAttr accesses,
                                            unsigned index) {
  if (!accesses || index >= accesses.size())
    return ResourceAccessBitfield::None;
  auto attr = dyn_cast<IntegerAttr>(accesses[index]);
  if (!attr)
    return ResourceAccessBitfield::None;
  return static_cast<ResourceAccessBitfield>(
      static_cast<uint32_t>(attr.getInt()));
}

/// The number of `!stream.resource` values in `values`.
static unsigned countResources(ValueRange values) {
  return llvm::count_if(
      values, [](Value value) { return isa<ResourceType>(value.getType()); });
}

/// stream-folding.md §3.4: places the insertion point before the nearest
/// enclosing `stream.async.execute`, else before the nearest enclosing
/// `stream.cmd.execute`, else before `op`.
static void setInsertionPointBeforeParentExecutionScope(OpBuilder &builder,
                                                        Operation *op) {
  if (auto execute = op->getParentOfType<AsyncExecuteOp>()) {
    builder.setInsertionPoint(execute);
    return;
  }
  if (auto execute = op->getParentOfType<CmdExecuteOp>()) {
    builder.setInsertionPoint(execute);
    return;
  }
  builder.setInsertionPoint(op);
}

/// stream-ir.md §10.5: only command-phase, streamable or yield ops inside.
static LogicalResult verifyCmdContents(Region &region) {
  if (region.empty())
    return success();
  for (Operation &op : region.front()) {
    if (op.hasTrait<sluice::stream::OpTrait::CmdPhaseOp>() ||
        isa<StreamableOpInterface>(op) || isa<YieldOp>(op))
      continue;
    return op.emitOpError(
        "explicit execution regions must only contain explicit ops");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// stream.cmd.flush / invalidate / discard / fill
//===----------------------------------------------------------------------===//

Value CmdFlushOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdFlushOp::getResultSize(unsigned) { return {}; }
LogicalResult CmdFlushOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

Value CmdInvalidateOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdInvalidateOp::getResultSize(unsigned) { return {}; }
LogicalResult CmdInvalidateOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

Value CmdDiscardOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdDiscardOp::getResultSize(unsigned) { return {}; }
LogicalResult CmdDiscardOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

Value CmdFillOp::getOperandSize(unsigned) { return getTargetSize(); }
Value CmdFillOp::getResultSize(unsigned) { return {}; }
LogicalResult CmdFillOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}

namespace {

/// FoldSubviewsIntoCmd{Flush,Invalidate,Discard,Fill}Op: the target range
/// addresses the subview's source directly.
template <typename OpT>
struct FoldSubviewsIntoCmdTargetOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    ResourceSubviewOp subview =
        ResourceSubviewOp::findSubviewOp(op.getTarget());
    if (!subview)
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    setInsertionPointBeforeParentExecutionScope(rewriter, op);
    Location loc = rewriter.getFusedLoc({subview.getLoc(), op.getLoc()});
    Value offset = rewriter.createOrFold<arith::AddIOp>(
        loc, subview.getSourceOffset(), op.getTargetOffset());
    rewriter.modifyOpInPlace(op, [&] {
      op.getTargetMutable().assign(subview.getSource());
      op.getTargetSizeMutable().assign(subview.getSourceSize());
      op.getTargetOffsetMutable().assign(offset);
    });
    return success();
  }
};

} // namespace

void CmdFlushOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdTargetOp<CmdFlushOp>>(context);
}

void CmdInvalidateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdTargetOp<CmdInvalidateOp>>(context);
}

void CmdDiscardOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdTargetOp<CmdDiscardOp>>(context);
}

void CmdFillOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdTargetOp<CmdFillOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.copy
//===----------------------------------------------------------------------===//

Value CmdCopyOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getSourceSize() : getTargetSize();
}
Value CmdCopyOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdCopyOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getTarget(), getTargetSize())))
    return failure();
  return success();
}

namespace {

/// FoldSubviewsIntoCmdCopyOp: both sides address subview sources directly.
struct FoldSubviewsIntoCmdCopyOp : public OpRewritePattern<CmdCopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdCopyOp op,
                                PatternRewriter &rewriter) const override {
    ResourceSubviewOp sourceSubview =
        ResourceSubviewOp::findSubviewOp(op.getSource());
    ResourceSubviewOp targetSubview =
        ResourceSubviewOp::findSubviewOp(op.getTarget());
    if (!sourceSubview && !targetSubview)
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    setInsertionPointBeforeParentExecutionScope(rewriter, op);
    if (sourceSubview) {
      Location loc =
          rewriter.getFusedLoc({sourceSubview.getLoc(), op.getLoc()});
      Value offset = rewriter.createOrFold<arith::AddIOp>(
          loc, sourceSubview.getSourceOffset(), op.getSourceOffset());
      rewriter.modifyOpInPlace(op, [&] {
        op.getSourceMutable().assign(sourceSubview.getSource());
        op.getSourceSizeMutable().assign(sourceSubview.getSourceSize());
        op.getSourceOffsetMutable().assign(offset);
      });
    }
    if (targetSubview) {
      Location loc =
          rewriter.getFusedLoc({targetSubview.getLoc(), op.getLoc()});
      Value offset = rewriter.createOrFold<arith::AddIOp>(
          loc, targetSubview.getSourceOffset(), op.getTargetOffset());
      rewriter.modifyOpInPlace(op, [&] {
        op.getTargetMutable().assign(targetSubview.getSource());
        op.getTargetSizeMutable().assign(targetSubview.getSourceSize());
        op.getTargetOffsetMutable().assign(offset);
      });
    }
    return success();
  }
};

/// FoldSubviewsIntoDispatchOp: every resource range that views a subview
/// addresses the subview's source directly.
template <typename OpT>
struct FoldSubviewsIntoDispatchOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    SmallVector<ResourceSubviewOp> subviews;
    bool anySubview = false;
    for (Value resource : op.getResources()) {
      subviews.push_back(ResourceSubviewOp::findSubviewOp(resource));
      anySubview |= static_cast<bool>(subviews.back());
    }
    if (!anySubview)
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    setInsertionPointBeforeParentExecutionScope(rewriter, op);
    rewriter.startOpModification(op);
    for (auto [index, subview] : llvm::enumerate(subviews)) {
      if (!subview)
        continue;
      Location loc = rewriter.getFusedLoc({subview.getLoc(), op.getLoc()});
      Value offset = rewriter.createOrFold<arith::AddIOp>(
          loc, subview.getSourceOffset(), op.getResourceOffsets()[index]);
      op.getResourcesMutable()[index].set(subview.getSource());
      op.getResourceSizesMutable()[index].set(subview.getSourceSize());
      op.getResourceOffsetsMutable()[index].set(offset);
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

} // namespace

void CmdCopyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdCopyOp>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.collective
//===----------------------------------------------------------------------===//

Value CmdCollectiveOp::getOperandSize(unsigned idx) {
  // The reference subtracts the start of the sizes group (quirk); Sluice
  // uses the start of the resources group (stream-ir.md §12.10.6).
  unsigned start = getODSOperandIndexAndLength(3).first;
  if (idx < start)
    return {};
  return sluice::util::findValueSizeInList(idx - start, getResources(),
                                           getResourceSizes());
}
Value CmdCollectiveOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdCollectiveOp::verify() {
  size_t resourceCount = getResources().size();
  if (getResourceSizes().size() != resourceCount ||
      getResourceOffsets().size() != resourceCount ||
      getResourceLengths().size() != resourceCount ||
      getResourceAccesses().size() != resourceCount)
    return emitOpError("with ")
           << resourceCount << " resources has mismatched associated ranges";

  SmallVector<ResourceAccessBitfield> requiredAccesses;
  switch (getOp().getKind()) {
  case CollectiveKind::Send:
    requiredAccesses.push_back(ResourceAccessBitfield::Read);
    break;
  case CollectiveKind::Recv:
    requiredAccesses.push_back(ResourceAccessBitfield::Write);
    break;
  default:
    requiredAccesses.push_back(ResourceAccessBitfield::Read);
    requiredAccesses.push_back(ResourceAccessBitfield::Write);
    break;
  }
  if (resourceCount != requiredAccesses.size())
    return emitOpError("requires ")
           << requiredAccesses.size() << " resources but " << resourceCount
           << " provided";
  for (auto [index, required] : llvm::enumerate(requiredAccesses)) {
    ResourceAccessBitfield declared =
        getAccessBits(getResourceAccesses(), index);
    if ((declared & required) != required)
      return emitOpError("resource ")
             << index << " requires access "
             << stringifyResourceAccessBitfield(required)
             << " but is declared as "
             << stringifyResourceAccessBitfield(declared);
  }
  return success();
}

void CmdCollectiveOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldSubviewsIntoDispatchOp<CmdCollectiveOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.dispatch
//===----------------------------------------------------------------------===//

Value CmdDispatchOp::getOperandSize(unsigned idx) {
  unsigned start = getODSOperandIndexAndLength(2).first;
  if (idx < start)
    return {};
  return sluice::util::findValueSizeInList(idx - start, getResources(),
                                           getResourceSizes());
}
Value CmdDispatchOp::getResultSize(unsigned) { return {}; }

/// The indices of the arguments of `funcOp` whose `!stream.binding`-ness
/// equals `bindings`, in order.
static SmallVector<unsigned> makeArgMap(FunctionOpInterface funcOp,
                                        bool bindings) {
  SmallVector<unsigned> map;
  for (auto [index, type] : llvm::enumerate(funcOp.getArgumentTypes()))
    if (isa<BindingType>(type) == bindings)
      map.push_back(index);
  return map;
}

SmallVector<unsigned>
CmdDispatchOp::makeOperandToArgMap(FunctionOpInterface funcOp) {
  return makeArgMap(funcOp, /*bindings=*/false);
}

SmallVector<unsigned>
CmdDispatchOp::makeResourceToArgMap(FunctionOpInterface funcOp) {
  return makeArgMap(funcOp, /*bindings=*/true);
}

LogicalResult CmdDispatchOp::verify() {
  size_t resourceCount = getResources().size();
  if (getResourceSizes().size() != resourceCount ||
      getResourceOffsets().size() != resourceCount ||
      getResourceLengths().size() != resourceCount ||
      getResourceAccesses().size() != resourceCount)
    return emitOpError("dispatch with ")
           << resourceCount << " resources has mismatched associated ranges";
  return success();
}

LogicalResult
CmdDispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *op = getOperation();
  ArrayAttr entryPoints = getEntryPointsAttr();
  if (entryPoints.empty())
    return emitOpError("at least one entry point must be defined");
  for (auto entryPoint : entryPoints.getAsRange<SymbolRefAttr>()) {
    auto exportOp =
        symbolTable.lookupNearestSymbolFrom<ExecutableExportOp>(op, entryPoint);
    if (!exportOp)
      return success();
    // §10.6 workload check of this entry point, interleaved per entry point
    // with the function checks below as in the reference.
    if (failed(verifyDispatchWorkload(op, exportOp, getWorkload())))
      return failure();
    FunctionOpInterface funcOp = exportOp.lookupFunctionRef();
    if (!funcOp)
      return success();
    unsigned bindingCount = 0;
    SmallVector<Type> uniformTypes;
    for (Type type : funcOp.getArgumentTypes()) {
      if (isa<BindingType>(type))
        ++bindingCount;
      else
        uniformTypes.push_back(type);
    }
    if (getUniformOperands().size() != uniformTypes.size())
      return emitOpError("function type mismatch; expected ")
             << getUniformOperands().size()
             << " uniform arguments on exported function, but has "
             << uniformTypes.size();
    if (getResources().size() != bindingCount)
      return emitOpError("function type mismatch; expected ")
             << getResources().size()
             << " binding arguments on exported function, but has "
             << bindingCount;
    for (auto [operandType, argType] :
         llvm::zip(getUniformOperands().getTypes(), uniformTypes)) {
      if (operandType != argType)
        return emitOpError("uniform dispatch argument type mismatch: expected ")
               << operandType << " but got " << argType;
    }
  }
  return success();
}

void CmdDispatchOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<DeduplicateDispatchEntryRefs<CmdDispatchOp>,
              FoldSubviewsIntoDispatchOp<CmdDispatchOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.func
//===----------------------------------------------------------------------===//

void CmdFuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                      FunctionType type, ArrayRef<DictionaryAttr> argAttrs,
                      ArrayRef<DictionaryAttr> resAttrs) {
  sluice::util::buildFunctionState<CmdFuncOp>(builder, state, name, "private",
                                              type, argAttrs, resAttrs);
}

//===----------------------------------------------------------------------===//
// stream.cmd.call
//===----------------------------------------------------------------------===//

Value CmdCallOp::getOperandSize(unsigned idx) {
  return sluice::util::findValueSizeInList(idx, getOperands(),
                                           getResourceOperandSizes());
}
Value CmdCallOp::getResultSize(unsigned) { return {}; }

LogicalResult CmdCallOp::verify() {
  if (failed(verifyOpValueSizes(*this, getResourceOperands(),
                                getResourceOperandSizes())) ||
      failed(verifyOpValueSizes(*this, getResults(), getResultSizes())))
    return failure();
  size_t offsetCount = getResourceOperandOffsets().size();
  if (getResourceOperandLengths().size() != offsetCount)
    return emitOpError(
        "mismatch on resource range offsets/lengths; counts must match");
  unsigned resourceCount = countResources(getResourceOperands());
  if (offsetCount != resourceCount)
    return emitOpError("expects ")
           << resourceCount << " resource range operand sets but "
           << offsetCount << " are present";
  size_t accessCount = getResourceOperandAccesses().size();
  if (accessCount != resourceCount)
    return emitOpError("expects ")
           << resourceCount << " resource access specifiers but " << accessCount
           << " are present";
  return success();
}

LogicalResult CmdCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!symbolTable.lookupNearestSymbolFrom(getOperation(), getCalleeAttr()))
    return emitOpError("undefined external call: ") << getCallee();
  return success();
}

namespace {

/// FoldSubviewsIntoCmdCallOp: resource operands that view a subview address
/// the subview's source directly.
struct FoldSubviewsIntoCmdCallOp : public OpRewritePattern<CmdCallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdCallOp op,
                                PatternRewriter &rewriter) const override {
    // (operand position, resource index, subview)
    struct Entry {
      unsigned position;
      unsigned resourceIndex;
      ResourceSubviewOp subview;
    };
    SmallVector<Entry> entries;
    unsigned resourceIndex = 0;
    for (auto [position, operand] : llvm::enumerate(op.getResourceOperands())) {
      if (!isa<ResourceType>(operand.getType()))
        continue;
      if (ResourceSubviewOp subview = ResourceSubviewOp::findSubviewOp(operand))
        entries.push_back(
            {static_cast<unsigned>(position), resourceIndex, subview});
      ++resourceIndex;
    }
    if (entries.empty())
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    setInsertionPointBeforeParentExecutionScope(rewriter, op);
    rewriter.startOpModification(op);
    for (const Entry &entry : entries) {
      ResourceSubviewOp subview = entry.subview;
      Location loc = rewriter.getFusedLoc({subview.getLoc(), op.getLoc()});
      Value offset = rewriter.createOrFold<arith::AddIOp>(
          loc, subview.getSourceOffset(),
          op.getResourceOperandOffsets()[entry.resourceIndex]);
      op.getResourceOperandsMutable()[entry.position].set(subview.getSource());
      op.getResourceOperandSizesMutable()[entry.resourceIndex].set(
          subview.getSourceSize());
      op.getResourceOperandOffsetsMutable()[entry.resourceIndex].set(offset);
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

} // namespace

void CmdCallOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldSubviewsIntoCmdCallOp>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.execute
//===----------------------------------------------------------------------===//

void CmdExecuteOp::build(OpBuilder &builder, OperationState &state,
                         ValueRange resourceOperands,
                         ValueRange resourceOperandSizes, Value awaitTimepoint,
                         ArrayRef<NamedAttribute> attributes) {
  state.addOperands(resourceOperands);
  state.addOperands(resourceOperandSizes);
  if (awaitTimepoint)
    state.addOperands(awaitTimepoint);
  state.addAttributes(attributes);
  auto &properties = state.getOrAddProperties<Properties>();
  properties.operandSegmentSizes = {
      static_cast<int32_t>(resourceOperands.size()),
      static_cast<int32_t>(resourceOperandSizes.size()),
      awaitTimepoint ? 1 : 0};
  state.addRegion();
  state.addTypes(builder.getType<TimepointType>());
}

OperandRange CmdExecuteOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getResourceOperands();
}

void CmdExecuteOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(),
                                    getOperation()->getResults().slice(0, 0)));
}

SmallVector<Value> CmdExecuteOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}

Value CmdExecuteOp::getOperandSize(unsigned idx) {
  return sluice::util::findValueSizeInList(idx, getOperands(),
                                           getResourceOperandSizes());
}
Value CmdExecuteOp::getResultSize(unsigned) { return {}; }

Operation::operand_range CmdExecuteOp::getClosureOperands() {
  return getResourceOperands();
}

Operation::result_range CmdExecuteOp::getClosureResults() {
  return getOperation()->getResults().slice(0, 0);
}

bool CmdExecuteOp::canClosureContainOp(Operation *) { return false; }

sluice::util::ValueAccess
CmdExecuteOp::getOperandAccess(unsigned operandIndex) {
  Region &body = getBody();
  if (body.empty() || operandIndex >= body.getNumArguments())
    return sluice::util::ValueAccess::None();
  return computeValueAccess(body.getArgument(operandIndex));
}

sluice::util::ValueAccess CmdExecuteOp::getResultAccess(unsigned) {
  return sluice::util::ValueAccess::None();
}

sluice::util::ClosureOpInterface
CmdExecuteOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices, ArrayRef<unsigned>,
    PatternRewriter &rewriter) {
  SmallVector<Value> operands = llvm::to_vector(getResourceOperands());
  SmallVector<Value> operandSizes = llvm::to_vector(getResourceOperandSizes());
  SmallVector<Type> resultTypes;
  SmallVector<Value> resultSizes;
  sluice::util::excludeClosureOperandsAndResults(
      operands, operandSizes, excludedOperandIndices, resultTypes, resultSizes,
      /*excludedResultIndices=*/{});
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(getOperation());
  auto newOp = CmdExecuteOp::create(rewriter, getLoc(), operands, operandSizes,
                                    getAwaitTimepoint());
  newOp->setDiscardableAttrs(getOperation()->getDiscardableAttrDictionary());
  newOp.setOnce(getOnce());
  if (AffinityAttr affinity = getAffinityAttr())
    newOp.setAffinityAttr(affinity);
  Region &newBody = newOp.getBody();
  rewriter.inlineRegionBefore(getBody(), newBody, newBody.end());
  if (!newBody.empty()) {
    Block &block = newBody.front();
    llvm::BitVector erased(block.getNumArguments());
    for (unsigned index : excludedOperandIndices)
      if (index < block.getNumArguments())
        erased.set(index);
    block.eraseArguments(erased);
  }
  return cast<sluice::util::ClosureOpInterface>(newOp.getOperation());
}

LogicalResult CmdExecuteOp::verify() {
  if (failed(verifyOpValueSizes(*this, getResourceOperands(),
                                getResourceOperandSizes())) ||
      failed(verifyCapturedResources(getBody())) ||
      failed(verifyCmdContents(getBody())))
    return failure();
  return success();
}

namespace {

using CloneCapturedCmdExecuteSubviewOps = CloneCapturedSubviewOps<CmdExecuteOp>;

/// ElideNoOpCmdExecuteOp: an execute with an empty body completes
/// immediately (its await is dropped).
struct ElideNoOpCmdExecuteOp : public OpRewritePattern<CmdExecuteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmdExecuteOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getBody().empty())
      return failure();
    Block &entryBlock = op.getBody().front();
    if (entryBlock.empty() || !llvm::hasSingleElement(entryBlock))
      return failure();
    auto yieldOp = dyn_cast<YieldOp>(entryBlock.front());
    if (!yieldOp || yieldOp->getNumOperands() != 0)
      return failure();
    rewriter.replaceOpWithNewOp<TimepointImmediateOp>(
        op, rewriter.getType<TimepointType>());
    return success();
  }
};

} // namespace

void CmdExecuteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ElideImmediateTimepointWait<CmdExecuteOp>,
              ChainDependentAwaits<CmdExecuteOp>,
              CloneCapturedCmdExecuteSubviewOps, ElideNoOpCmdExecuteOp,
              sluice::util::ClosureOptimizationPattern<CmdExecuteOp>,
              ElideUnusedOp<CmdExecuteOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.cmd.serial / stream.cmd.concurrent
//===----------------------------------------------------------------------===//

/// Control enters the body once and then returns to the parent.
static void
getNestedRegionSuccessors(Operation *op, Region &body, RegionBranchPoint point,
                          SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&body));
    return;
  }
  regions.push_back(RegionSuccessor(op, op->getResults()));
}

void CmdSerialOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  getNestedRegionSuccessors(getOperation(), getBody(), point, regions);
}

void CmdConcurrentOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  getNestedRegionSuccessors(getOperation(), getBody(), point, regions);
}

LogicalResult CmdSerialOp::verify() { return verifyCmdContents(getBody()); }
LogicalResult CmdConcurrentOp::verify() { return verifyCmdContents(getBody()); }

namespace {

/// ElideEmptyCmdRegionOp: a nested region holding only its yield is erased.
template <typename OpT>
struct ElideEmptyCmdRegionOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    Region &body = op.getBody();
    if (body.empty())
      return failure();
    Block &entryBlock = body.front();
    if (!llvm::hasSingleElement(entryBlock) ||
        !isa<YieldOp>(entryBlock.front()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void CmdSerialOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ElideEmptyCmdRegionOp<CmdSerialOp>>(context);
}

void CmdConcurrentOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ElideEmptyCmdRegionOp<CmdConcurrentOp>>(context);
}
