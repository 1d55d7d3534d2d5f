//===- StreamAsyncControlOps.cpp - async control-flow ops -----------------===//
//
// stream.async.func / call / dispatch / execute / concurrent
// (stream-ir.md §12.7.15, §12.8, §10.3, §10.4, §10.8).
//
//===----------------------------------------------------------------------===//

#include "StreamAsyncDirectives.h"
#include "StreamAsyncHelpers.h"
#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/ClosureOptimization.h"
#include "sluice/Dialect/Util/IR/TiedFunctionBuilder.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace sluice::stream;
using sluice::util::findValueSizeInList;
using sluice::util::TiedOpInterface;
using sluice::util::ValueAccess;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

constexpr ResourceAccessBitfield kRead = ResourceAccessBitfield::Read;
constexpr ResourceAccessBitfield kWrite = ResourceAccessBitfield::Write;

/// The access ranges of `async.dispatch` / `async.call` (§12.7.15).
template <typename OpT>
void getDispatchLikeAccessRanges(OpT op,
                                 SmallVectorImpl<AsyncAccessRange> &ranges) {
  auto tiedOp = cast<TiedOpInterface>(op.getOperation());
  ValueRange resourceOperands = op.getResourceOperands();
  unsigned operandStart = op.getTiedOperandsIndexAndLength().first;
  ValueRange offsets = op.getResourceOperandOffsets();
  ValueRange ends = op.getResourceOperandEnds();
  ValueRange lengths = op.getResourceOperandLengths();
  ValueRange results = op.getResults();
  ValueRange resultSizes = op.getResultSizes();
  unsigned r = 0;
  for (auto [i, operand] : llvm::enumerate(resourceOperands)) {
    if (!isa<ResourceType>(operand.getType()))
      continue;
    SmallVector<Value> tiedResults =
        tiedOp.getOperandTiedResults(operandStart + i);
    ResourceAccessBitfield access = kRead;
    if (!tiedResults.empty())
      access = access | kWrite;
    Value offset = r < offsets.size() ? offsets[r] : Value();
    Value end = r < ends.size() ? ends[r] : Value();
    Value length = r < lengths.size() ? lengths[r] : Value();
    ranges.push_back(makeRange(access, operand, offset, end, length));
    for (Value result : tiedResults)
      ranges.push_back(makeRange(access, result, offset, end, length));
    ++r;
  }
  for (auto [i, result] : llvm::enumerate(results)) {
    if (tiedOp.getTiedResultOperand(result))
      continue;
    Value size = findValueSizeInList(i, results, resultSizes);
    ranges.push_back(makeRange(kWrite, result, Value(), size, size));
  }
}

/// §10.8 resource range counts.
LogicalResult verifyResourceRangeCounts(Operation *op,
                                        ValueRange resourceOperands,
                                        ValueRange offsets, ValueRange ends,
                                        ValueRange lengths) {
  unsigned resourceCount = llvm::count_if(
      resourceOperands, [](Value v) { return isa<ResourceType>(v.getType()); });
  if (ends.size() != offsets.size() || lengths.size() != offsets.size())
    return op->emitOpError(
        "mismatch on resource range offsets/ends/lengths; counts must match");
  if (offsets.size() != resourceCount)
    return op->emitOpError("expects ")
           << resourceCount << " resource range operand sets but "
           << offsets.size() << " are present";
  return success();
}

/// The operand and result sizes and the resource range counts of
/// `async.dispatch` / `async.call`.
template <typename OpT> LogicalResult verifyDispatchLikeSizesAndRanges(OpT op) {
  if (failed(verifyOpValueSizes(op, op.getResourceOperands(),
                                op.getResourceOperandSizes())) ||
      failed(verifyOpValueSizes(op, op.getResults(), op.getResultSizes())) ||
      failed(verifyResourceRangeCounts(
          op, op.getResourceOperands(), op.getResourceOperandOffsets(),
          op.getResourceOperandEnds(), op.getResourceOperandLengths())))
    return failure();
  return success();
}

/// §10.4 escaping(region, results, resultSizes).
LogicalResult verifyEscapingResources(Region &region, ValueRange results,
                                      ValueRange resultSizes) {
  for (Block &block : region) {
    for (auto yieldOp : block.getOps<YieldOp>()) {
      ValueRange yielded = yieldOp.getResourceOperands();
      if (yielded.size() != results.size())
        return yieldOp.emitOpError(
            "yield result count mismatch with parent op");
      for (auto [result, value] : llvm::zip_equal(results, yielded)) {
        if (result.getType() != value.getType())
          return yieldOp.emitOpError("result type mismatch: expected ")
                 << result.getType() << " but got " << value.getType();
      }
      for (auto [resultSize, yieldSize] :
           llvm::zip(resultSizes, yieldOp.getResourceOperandSizes())) {
        if (resultSize != yieldSize)
          return yieldOp.emitOpError("result size mismatch");
      }
    }
  }
  return success();
}

/// The access ranges of `async.execute` / `async.concurrent`.
void getClosureAccessRanges(Operation *op, ValueRange resourceOperands,
                            ValueRange operandSizes, ValueRange results,
                            ValueRange resultSizes,
                            SmallVectorImpl<AsyncAccessRange> &ranges) {
  auto tiedOp = cast<TiedOpInterface>(op);
  for (auto [i, operand] : llvm::enumerate(resourceOperands)) {
    SmallVector<Value> tiedResults = tiedOp.getOperandTiedResults(i);
    ResourceAccessBitfield access = kRead;
    if (!tiedResults.empty())
      access = access | kWrite;
    Value size = findValueSizeInList(i, resourceOperands, operandSizes);
    ranges.push_back(makeRange(access, operand, Value(), size, size));
    for (Value result : tiedResults)
      ranges.push_back(makeRange(access, result, Value(), size, size));
  }
  for (auto [i, result] : llvm::enumerate(results)) {
    if (tiedOp.getTiedResultOperand(result))
      continue;
    Value size = findValueSizeInList(i, results, resultSizes);
    ranges.push_back(makeRange(kWrite, result, Value(), size, size));
  }
}

/// The tie of each closure result as an operand index or -1.
SmallVector<int64_t> getClosureTies(Operation *op, unsigned resultCount) {
  auto tiedOp = cast<TiedOpInterface>(op);
  SmallVector<int64_t> ties;
  for (unsigned i = 0; i < resultCount; ++i) {
    std::optional<unsigned> index = tiedOp.getTiedResultOperandIndex(i);
    ties.push_back(index ? static_cast<int64_t>(*index)
                         : TiedOpInterface::kUntiedIndex);
  }
  return ties;
}

/// Filtered lists of a closure op for cloneReplacementExcluding... (§3.14).
struct ClosureLists {
  SmallVector<Value> operands, operandSizes, resultSizes;
  SmallVector<Type> resultTypes;
  SmallVector<int64_t> ties;
};
ClosureLists filterClosureLists(Operation *op, ValueRange operands,
                                ValueRange operandSizes, ValueRange results,
                                ValueRange resultSizes,
                                ArrayRef<unsigned> excludedOperands,
                                ArrayRef<unsigned> excludedResults) {
  ClosureLists lists;
  lists.operands.assign(operands.begin(), operands.end());
  lists.operandSizes.assign(operandSizes.begin(), operandSizes.end());
  lists.resultTypes.assign(results.getTypes().begin(),
                           results.getTypes().end());
  lists.resultSizes.assign(resultSizes.begin(), resultSizes.end());
  sluice::util::excludeClosureOperandsAndResults(
      lists.operands, lists.operandSizes, excludedOperands, lists.resultTypes,
      lists.resultSizes, excludedResults);
  lists.ties = getClosureTies(op, results.size());
  sluice::util::excludeTiedOperandAndResultIndices(excludedOperands,
                                                   excludedResults, lists.ties);
  return lists;
}

/// Moves `from` into `to`, dropping excluded yield operands (with their
/// sizes) and excluded entry block arguments.
void moveClosureBody(Region &from, Region &to,
                     ArrayRef<unsigned> excludedOperands,
                     ArrayRef<unsigned> excludedResults,
                     PatternRewriter &rewriter) {
  to.takeBody(from);
  if (to.empty())
    return;
  for (Block &block : to) {
    for (auto yieldOp : llvm::make_early_inc_range(block.getOps<YieldOp>())) {
      SmallVector<Value> values, sizes;
      ValueRange yielded = yieldOp.getResourceOperands();
      ValueRange yieldSizes = yieldOp.getResourceOperandSizes();
      for (auto [i, value] : llvm::enumerate(yielded)) {
        if (llvm::is_contained(excludedResults, i))
          continue;
        values.push_back(value);
        if (Value size = findValueSizeInList(i, yielded, yieldSizes))
          sizes.push_back(size);
      }
      SmallVector<Value> all(values);
      all.append(sizes);
      rewriter.modifyOpInPlace(yieldOp, [&] { yieldOp->setOperands(all); });
    }
  }
  llvm::BitVector erased(to.front().getNumArguments());
  for (unsigned index : excludedOperands)
    if (index < erased.size())
      erased.set(index);
  to.front().eraseArguments(erased);
}

/// Attributes to copy into a rebuilt closure op (the builder sets the
/// segment sizes and ties itself).
SmallVector<NamedAttribute> getCopiedAttrs(Operation *op) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs()) {
    if (attr.getName() == "operandSegmentSizes" ||
        attr.getName() == "tied_operands")
      continue;
    attrs.push_back(attr);
  }
  return attrs;
}

} // namespace

//===----------------------------------------------------------------------===//
// stream.async.dispatch
//===----------------------------------------------------------------------===//

void AsyncDispatchOp::build(OpBuilder &builder, OperationState &state,
                            ExecutableExportOp exportOp, ValueRange workload,
                            TypeRange resultTypes, ValueRange operands,
                            ValueRange operandSizes, ValueRange operandOffsets,
                            ValueRange operandEnds, ValueRange operandLengths,
                            ValueRange resultSizes, ArrayAttr tiedOperands,
                            AffinityAttr affinity) {
  auto executableOp = exportOp->getParentOfType<ExecutableOp>();
  auto entryPoint =
      SymbolRefAttr::get(executableOp.getSymNameAttr(),
                         {FlatSymbolRefAttr::get(exportOp.getSymNameAttr())});
  build(builder, state, resultTypes, workload,
        builder.getArrayAttr({entryPoint}), operands, operandSizes,
        operandOffsets, operandEnds, operandLengths, resultSizes, tiedOperands,
        affinity);
}

bool AsyncDispatchOp::preferCloneToConsumers() {
  return llvm::none_of(getResourceOperands(), [](Value operand) {
    return isa<AffinityTypeInterface>(operand.getType());
  });
}

std::pair<unsigned, unsigned> AsyncDispatchOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(1);
}

Value AsyncDispatchOp::getOperandSize(unsigned idx) {
  return findValueSizeInList(idx, getOperands(), getResourceOperandSizes());
}
Value AsyncDispatchOp::getResultSize(unsigned idx) {
  return findValueSizeInList(idx, getResults(), getResultSizes());
}

void AsyncDispatchOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  getDispatchLikeAccessRanges(*this, ranges);
}

LogicalResult AsyncDispatchOp::verify() {
  return verifyDispatchLikeSizesAndRanges(*this);
}

LogicalResult
AsyncDispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyDispatchSymbolUses(getOperation(), getEntryPointsAttr(),
                                  getWorkload(), symbolTable);
}

//===----------------------------------------------------------------------===//
// stream.async.func
//===----------------------------------------------------------------------===//

void AsyncFuncOp::build(OpBuilder &builder, OperationState &state,
                        StringRef name, FunctionType type,
                        ArrayAttr tiedOperands,
                        ArrayRef<DictionaryAttr> argAttrs,
                        ArrayRef<DictionaryAttr> resAttrs) {
  sluice::util::buildTiedFunctionState<AsyncFuncOp>(
      builder, state, name, "private", type, tiedOperands, argAttrs, resAttrs);
}

bool AsyncFuncOp::isResultTied(unsigned resultIndex) {
  ArrayAttr tied = getTiedOperandsAttr();
  if (!tied || resultIndex >= tied.size())
    return false;
  auto value = dyn_cast<IntegerAttr>(tied[resultIndex]);
  return value && value.getInt() != TiedOpInterface::kUntiedIndex;
}

//===----------------------------------------------------------------------===//
// stream.async.call
//===----------------------------------------------------------------------===//

FunctionType AsyncCallOp::getCalleeType() {
  return FunctionType::get(getContext(), getResourceOperands().getTypes(),
                           getResultTypes());
}

std::pair<unsigned, unsigned> AsyncCallOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(0);
}

Value AsyncCallOp::getOperandSize(unsigned idx) {
  return findValueSizeInList(idx, getOperands(), getResourceOperandSizes());
}
Value AsyncCallOp::getResultSize(unsigned idx) {
  return findValueSizeInList(idx, getResults(), getResultSizes());
}

void AsyncCallOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  getDispatchLikeAccessRanges(*this, ranges);
}

LogicalResult AsyncCallOp::verify() {
  if (failed(verifyDispatchLikeSizesAndRanges(*this)))
    return failure();
  for (Type type : getResultTypes())
    if (!isa<ResourceType>(type))
      return emitOpError(
          "non-resource return values are not yet supported on async calls");
  return success();
}

static bool isCallTypeCompatible(Type callType, Type calleeType) {
  if (callType == calleeType)
    return true;
  auto callResource = dyn_cast<ResourceType>(callType);
  auto calleeResource = dyn_cast<ResourceType>(calleeType);
  return callResource && calleeResource &&
         calleeResource.getLifetime() == Lifetime::Unknown;
}

LogicalResult
AsyncCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee =
      symbolTable.lookupNearestSymbolFrom<AsyncFuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError() << "undefined external call: " << getCallee();
  FunctionType calleeType = callee.getFunctionType();
  FunctionType callType = getCalleeType();
  if (calleeType.getNumInputs() != callType.getNumInputs() ||
      calleeType.getNumResults() != callType.getNumResults())
    return emitOpError("function type mismatch; expected ")
           << callType << " but callee is " << calleeType;
  for (auto [callArg, calleeArg] :
       llvm::zip_equal(callType.getInputs(), calleeType.getInputs()))
    if (!isCallTypeCompatible(callArg, calleeArg))
      return emitOpError("function argument type mismatch; expected ")
             << callArg << " but callee provides " << calleeArg;
  for (auto [callResult, calleeResult] :
       llvm::zip_equal(callType.getResults(), calleeType.getResults()))
    if (!isCallTypeCompatible(callResult, calleeResult))
      return emitOpError("function result type mismatch; expected ")
             << callResult << " but callee provides " << calleeResult;
  return success();
}

//===----------------------------------------------------------------------===//
// stream.async.execute
//===----------------------------------------------------------------------===//

void AsyncExecuteOp::build(OpBuilder &builder, OperationState &state,
                           TypeRange resultTypes, ValueRange resultSizes,
                           Value awaitTimepoint, ValueRange operands,
                           ValueRange operandSizes,
                           ArrayRef<int64_t> tiedOperands,
                           ArrayRef<NamedAttribute> attributes) {
  state.addTypes(resultTypes);
  state.addTypes(builder.getType<TimepointType>());
  state.addOperands(operands);
  state.addOperands(operandSizes);
  state.addOperands(resultSizes);
  if (awaitTimepoint)
    state.addOperands(awaitTimepoint);
  for (NamedAttribute attr : attributes)
    if (attr.getName() != "operandSegmentSizes" &&
        attr.getName() != "tied_operands")
      state.addAttribute(attr.getName(), attr.getValue());
  state.addAttribute(getTiedOperandsAttrName(state.name),
                     builder.getIndexArrayAttr(tiedOperands));
  state.addAttribute(
      "operandSegmentSizes",
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(operands.size()),
                                    static_cast<int32_t>(operandSizes.size()),
                                    static_cast<int32_t>(resultSizes.size()),
                                    awaitTimepoint ? 1 : 0}));
  state.addRegion();
}

LogicalResult AsyncExecuteOp::verify() {
  if (failed(verifyOpValueSizes(*this, getResourceOperands(),
                                getResourceOperandSizes())) ||
      failed(verifyOpValueSizes(*this, getResults(), getResultSizes())) ||
      failed(verifyCapturedResources(getBody())) ||
      failed(
          verifyEscapingResources(getBody(), getResults(), getResultSizes())))
    return failure();
  return success();
}

SmallVector<Value> AsyncExecuteOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}

OperandRange AsyncExecuteOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getResourceOperands();
}

void AsyncExecuteOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
  else
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void AsyncExecuteOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  getClosureAccessRanges(getOperation(), getResourceOperands(),
                         getResourceOperandSizes(), getResults(),
                         getResultSizes(), ranges);
}

Value AsyncExecuteOp::getOperandSize(unsigned idx) {
  return findValueSizeInList(idx, getOperands(), getResourceOperandSizes());
}
Value AsyncExecuteOp::getResultSize(unsigned idx) {
  return findValueSizeInList(idx, getResults(), getResultSizes());
}

std::pair<unsigned, unsigned> AsyncExecuteOp::getTiedResultsIndexAndLength() {
  return {0u, static_cast<unsigned>(getResults().size())};
}

Operation::operand_range AsyncExecuteOp::getClosureOperands() {
  return getResourceOperands();
}
Operation::result_range AsyncExecuteOp::getClosureResults() {
  return getResults();
}
bool AsyncExecuteOp::canClosureContainOp(Operation *) { return false; }
ValueAccess AsyncExecuteOp::getOperandAccess(unsigned operandIndex) {
  return computeValueAccess(getBody().getArgument(operandIndex));
}
ValueAccess AsyncExecuteOp::getResultAccess(unsigned resultIndex) {
  auto yieldOp = cast<YieldOp>(getBody().front().getTerminator());
  return computeValueAccess(yieldOp.getResourceOperands()[resultIndex]);
}

sluice::util::ClosureOpInterface
AsyncExecuteOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices, PatternRewriter &rewriter) {
  ClosureLists lists = filterClosureLists(
      getOperation(), getResourceOperands(), getResourceOperandSizes(),
      getResults(), getResultSizes(), excludedOperandIndices,
      excludedResultIndices);
  auto newOp = AsyncExecuteOp::create(
      rewriter, getLoc(), lists.resultTypes, lists.resultSizes,
      getAwaitTimepoint(), lists.operands, lists.operandSizes, lists.ties,
      getCopiedAttrs(getOperation()));
  moveClosureBody(getBody(), newOp.getBody(), excludedOperandIndices,
                  excludedResultIndices, rewriter);
  return cast<sluice::util::ClosureOpInterface>(newOp.getOperation());
}

//===----------------------------------------------------------------------===//
// stream.async.concurrent
//===----------------------------------------------------------------------===//

void AsyncConcurrentOp::build(OpBuilder &builder, OperationState &state,
                              TypeRange resultTypes, ValueRange resultSizes,
                              ValueRange operands, ValueRange operandSizes,
                              ArrayRef<int64_t> tiedOperands,
                              ArrayRef<NamedAttribute> attributes) {
  state.addTypes(resultTypes);
  state.addOperands(operands);
  state.addOperands(operandSizes);
  state.addOperands(resultSizes);
  for (NamedAttribute attr : attributes)
    if (attr.getName() != "operandSegmentSizes" &&
        attr.getName() != "tied_operands")
      state.addAttribute(attr.getName(), attr.getValue());
  state.addAttribute(getTiedOperandsAttrName(state.name),
                     builder.getIndexArrayAttr(tiedOperands));
  state.addAttribute(
      "operandSegmentSizes",
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(operands.size()),
                                    static_cast<int32_t>(operandSizes.size()),
                                    static_cast<int32_t>(resultSizes.size())}));
  state.addRegion();
}

LogicalResult AsyncConcurrentOp::verify() {
  if (failed(verifyOpValueSizes(*this, getResourceOperands(),
                                getResourceOperandSizes())) ||
      failed(verifyOpValueSizes(*this, getResults(), getResultSizes())) ||
      failed(verifyCapturedResources(getBody())) ||
      failed(
          verifyEscapingResources(getBody(), getResults(), getResultSizes())))
    return failure();
  return success();
}

OperandRange AsyncConcurrentOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getResourceOperands();
}

void AsyncConcurrentOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
  else
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void AsyncConcurrentOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  getClosureAccessRanges(getOperation(), getResourceOperands(),
                         getResourceOperandSizes(), getResults(),
                         getResultSizes(), ranges);
}

Value AsyncConcurrentOp::getOperandSize(unsigned idx) {
  return findValueSizeInList(idx, getOperands(), getResourceOperandSizes());
}
Value AsyncConcurrentOp::getResultSize(unsigned idx) {
  return findValueSizeInList(idx, getResults(), getResultSizes());
}

Operation::operand_range AsyncConcurrentOp::getClosureOperands() {
  return getResourceOperands();
}
Operation::result_range AsyncConcurrentOp::getClosureResults() {
  return getResults();
}
bool AsyncConcurrentOp::canClosureContainOp(Operation *) { return false; }
ValueAccess AsyncConcurrentOp::getOperandAccess(unsigned operandIndex) {
  return computeValueAccess(getBody().getArgument(operandIndex));
}
ValueAccess AsyncConcurrentOp::getResultAccess(unsigned resultIndex) {
  auto yieldOp = cast<YieldOp>(getBody().front().getTerminator());
  return computeValueAccess(yieldOp.getResourceOperands()[resultIndex]);
}

sluice::util::ClosureOpInterface
AsyncConcurrentOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices, PatternRewriter &rewriter) {
  ClosureLists lists = filterClosureLists(
      getOperation(), getResourceOperands(), getResourceOperandSizes(),
      getResults(), getResultSizes(), excludedOperandIndices,
      excludedResultIndices);
  auto newOp = AsyncConcurrentOp::create(
      rewriter, getLoc(), lists.resultTypes, lists.resultSizes, lists.operands,
      lists.operandSizes, lists.ties, getCopiedAttrs(getOperation()));
  moveClosureBody(getBody(), newOp.getBody(), excludedOperandIndices,
                  excludedResultIndices, rewriter);
  return cast<sluice::util::ClosureOpInterface>(newOp.getOperation());
}
