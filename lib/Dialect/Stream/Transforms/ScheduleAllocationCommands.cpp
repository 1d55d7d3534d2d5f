//===- ScheduleAllocationCommands.cpp - async ops to commands -------------===//
//
// The command conversion of schedule-allocation (stream-passes-2.md §7.7):
// every async op of an execution region becomes its `stream.cmd.*` form over
// the ranges its values were allocated in.
//
//===----------------------------------------------------------------------===//

#include "ScheduleAllocation.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace sluice::stream {

namespace {

/// Converts one region's ops; each returns failure when it cannot.
class CommandBuilder {
public:
  CommandBuilder(AllocationScope &scope) : scope(scope) {}

  LogicalResult convert(Operation *op);

private:
  /// The range of `value`, or failure when it has none.
  FailureOr<ResourceRange> lookupResourceRange(Value value) {
    std::optional<ResourceRange> found = scope.lookupRange(value);
    if (!found || !found->resource)
      return failure();
    return *found;
  }
  struct SourceTargetRanges {
    ResourceRange source, target;
  };
  /// The ranges of `source` and `target`, or failure when either has none.
  FailureOr<SourceTargetRanges> lookupResourceRanges(Value source,
                                                     Value target) {
    FailureOr<ResourceRange> sourceRange = lookupResourceRange(source);
    FailureOr<ResourceRange> targetRange = lookupResourceRange(target);
    if (failed(sourceRange) || failed(targetRange))
      return failure();
    return SourceTargetRanges{*sourceRange, *targetRange};
  }
  /// `cmd.copy` of `length` from `source` at its offset (plus
  /// `sourceOffset` when given) to `target` at its offset (plus
  /// `targetOffset` when given).
  void createRangeCopy(OpBuilder &builder, Location loc,
                       const ResourceRange &source, Value sourceOffset,
                       const ResourceRange &target, Value targetOffset,
                       Value length) {
    Value from = sourceOffset ? scope.add(loc, source.offset, sourceOffset)
                              : source.offset;
    Value to = targetOffset ? scope.add(loc, target.offset, targetOffset)
                            : target.offset;
    CmdCopyOp::create(builder, loc, source.resource, source.resourceSize, from,
                      target.resource, target.resourceSize, to, length);
  }
  Attribute access(OpBuilder &builder, ResourceAccessBitfield bits) {
    return builder.getI32IntegerAttr(static_cast<int32_t>(bits));
  }
  AffinityAttr getExecuteAffinity(Operation *op) {
    auto executeOp = op->getParentOfType<CmdExecuteOp>();
    return executeOp ? executeOp.getAffinityAttr() : AffinityAttr();
  }

  LogicalResult convertSplat(AsyncSplatOp op);
  /// `cmd.copy` of the whole range of `source` to that of `result`, of the
  /// source's or the result's length.
  LogicalResult convertWholeCopy(Operation *op, Value source, Value result,
                                 bool sourceLength);
  LogicalResult convertClone(AsyncCloneOp op);
  LogicalResult convertSlice(AsyncSliceOp op);
  LogicalResult convertFill(AsyncFillOp op);
  LogicalResult convertUpdate(AsyncUpdateOp op);
  LogicalResult convertCopy(AsyncCopyOp op);
  LogicalResult convertCollective(AsyncCollectiveOp op);
  LogicalResult convertBarrier(AsyncBarrierOp op);
  LogicalResult convertTransfer(AsyncTransferOp op);
  /// Resource ranges and accesses of a dispatch or call being built.
  struct CommandResources {
    SmallVector<Value> resources, sizes, offsets, lengths;
    SmallVector<Attribute> accesses;
  };
  /// Each resource operand k of `op` becomes `[R.offset + offsets[k] for
  /// lengths[k]]`, `rw` when tied, else `ro`; other operands go to
  /// `primitives` (which may be `out.resources` itself).
  LogicalResult appendOperandRanges(Operation *op, MutableOperandRange operands,
                                    OperandRange offsets, OperandRange lengths,
                                    SmallVectorImpl<Value> &primitives,
                                    CommandResources &out);
  /// Each untied result becomes `wo [R.offset for size]`.
  LogicalResult
  appendResultRanges(Operation *op,
                     ArrayRef<std::pair<Value, Value>> resultsAndSizes,
                     CommandResources &out);

  LogicalResult convertDispatch(AsyncDispatchOp op);
  LogicalResult convertCall(AsyncCallOp op);
  LogicalResult convertConcurrent(AsyncConcurrentOp op);

  AllocationScope &scope;
};

} // namespace

LogicalResult CommandBuilder::convertSplat(AsyncSplatOp op) {
  FailureOr<ResourceRange> target = lookupResourceRange(op.getResult());
  if (failed(target))
    return failure();
  OpBuilder builder(op);
  CmdFillOp::create(builder, op.getLoc(), target->resource,
                    target->resourceSize, target->offset, target->length,
                    op.getValue());
  return success();
}

LogicalResult CommandBuilder::convertWholeCopy(Operation *op, Value source,
                                               Value result,
                                               bool sourceLength) {
  FailureOr<SourceTargetRanges> ranges = lookupResourceRanges(source, result);
  if (failed(ranges))
    return failure();
  OpBuilder builder(op);
  createRangeCopy(builder, op->getLoc(), ranges->source, Value(),
                  ranges->target, Value(),
                  sourceLength ? ranges->source.length : ranges->target.length);
  return success();
}

LogicalResult CommandBuilder::convertClone(AsyncCloneOp op) {
  return convertWholeCopy(op, op.getSource(), op.getResult(),
                          /*sourceLength=*/false);
}

LogicalResult CommandBuilder::convertSlice(AsyncSliceOp op) {
  FailureOr<SourceTargetRanges> ranges =
      lookupResourceRanges(op.getSource(), op.getResult());
  if (failed(ranges))
    return failure();
  OpBuilder builder(op);
  createRangeCopy(builder, op.getLoc(), ranges->source, op.getSourceOffset(),
                  ranges->target, Value(), op.getResultSize());
  return success();
}

LogicalResult CommandBuilder::convertFill(AsyncFillOp op) {
  FailureOr<ResourceRange> target = lookupResourceRange(op.getResult());
  if (failed(target))
    return failure();
  OpBuilder builder(op);
  Value targetOffset =
      scope.add(op.getLoc(), target->offset, op.getTargetOffset());
  CmdFillOp::create(builder, op.getLoc(), target->resource,
                    target->resourceSize, targetOffset, op.getTargetLength(),
                    op.getValue());
  return success();
}

LogicalResult CommandBuilder::convertUpdate(AsyncUpdateOp op) {
  FailureOr<SourceTargetRanges> ranges =
      lookupResourceRanges(op.getUpdate(), op.getResult());
  if (failed(ranges))
    return failure();
  OpBuilder builder(op);
  createRangeCopy(builder, op.getLoc(), ranges->source, Value(), ranges->target,
                  op.getTargetOffset(), op.getUpdateSize());
  return success();
}

LogicalResult CommandBuilder::convertCopy(AsyncCopyOp op) {
  FailureOr<SourceTargetRanges> ranges =
      lookupResourceRanges(op.getSource(), op.getResult());
  if (failed(ranges))
    return failure();
  OpBuilder builder(op);
  createRangeCopy(builder, op.getLoc(), ranges->source, op.getSourceOffset(),
                  ranges->target, op.getTargetOffset(), op.getLength());
  return success();
}

LogicalResult CommandBuilder::convertCollective(AsyncCollectiveOp op) {
  FailureOr<SourceTargetRanges> ranges =
      lookupResourceRanges(op.getSource(), op.getResult());
  if (failed(ranges))
    return failure();
  const ResourceRange *source = &ranges->source, *target = &ranges->target;
  OpBuilder builder(op);
  SmallVector<Value> resources, sizes, offsets, lengths;
  SmallVector<Attribute> accesses;
  CollectiveKind kind = op.getOp().getKind();
  // A send only reads and a receive only writes; cmd.collective takes one
  // resource for them (stream-ir.md §12.10.6).
  if (kind != CollectiveKind::Recv) {
    resources.push_back(source->resource);
    sizes.push_back(source->resourceSize);
    offsets.push_back(
        scope.add(op.getLoc(), source->offset, op.getSourceOffset()));
    lengths.push_back(source->length);
    accesses.push_back(access(builder, ResourceAccessBitfield::Read));
  }
  if (kind != CollectiveKind::Send) {
    resources.push_back(target->resource);
    sizes.push_back(target->resourceSize);
    offsets.push_back(
        scope.add(op.getLoc(), target->offset, op.getTargetOffset()));
    lengths.push_back(target->length);
    accesses.push_back(access(builder, ResourceAccessBitfield::Write));
  }
  CmdCollectiveOp::create(builder, op.getLoc(), op.getOp(), op.getChannel(),
                          op.getElementCount(), op.getParam(), resources, sizes,
                          offsets, lengths, builder.getArrayAttr(accesses));
  return success();
}

LogicalResult CommandBuilder::convertBarrier(AsyncBarrierOp op) {
  // SA2: a barrier is lowered to a real copy.
  return convertWholeCopy(op, op.getSource(), op.getResult(),
                          /*sourceLength=*/true);
}

LogicalResult CommandBuilder::convertTransfer(AsyncTransferOp op) {
  FailureOr<SourceTargetRanges> ranges =
      lookupResourceRanges(op.getSource(), op.getResult());
  if (failed(ranges))
    return failure();
  const ResourceRange *source = &ranges->source, *target = &ranges->target;
  OpBuilder builder(op);
  AffinityAttr executeAffinity = getExecuteAffinity(op);
  auto isStaging = [](Value value) {
    return cast<ResourceType>(value.getType()).getLifetime() ==
           Lifetime::Staging;
  };
  AffinityAttr sourceAffinity = op.getSourceAffinityAttr();
  AffinityAttr targetAffinity = op.getTargetAffinityAttr();
  bool incoming = (sourceAffinity && sourceAffinity != executeAffinity) ||
                  isStaging(op.getSource());
  bool outgoing = (targetAffinity && targetAffinity != executeAffinity) ||
                  isStaging(op.getResult());
  if (incoming)
    CmdInvalidateOp::create(builder, op.getLoc(), source->resource,
                            source->resourceSize, source->offset,
                            source->length, sourceAffinity);
  createRangeCopy(builder, op.getLoc(), *source, Value(), *target, Value(),
                  source->length);
  if (outgoing)
    CmdFlushOp::create(builder, op.getLoc(), target->resource,
                       target->resourceSize, target->offset, target->length,
                       targetAffinity);
  return success();
}

LogicalResult
CommandBuilder::appendOperandRanges(Operation *op, MutableOperandRange operands,
                                    OperandRange offsets, OperandRange lengths,
                                    SmallVectorImpl<Value> &primitives,
                                    CommandResources &out) {
  OpBuilder builder(op);
  auto tiedOp = cast<util::TiedOpInterface>(op);
  unsigned resourceIndex = 0;
  for (OpOperand &operand : operands) {
    Value value = operand.get();
    if (!isa<ResourceType>(value.getType())) {
      primitives.push_back(value);
      continue;
    }
    if (resourceIndex >= offsets.size() || resourceIndex >= lengths.size())
      return failure();
    FailureOr<ResourceRange> source = lookupResourceRange(value);
    if (failed(source))
      return failure();
    out.resources.push_back(source->resource);
    out.sizes.push_back(source->resourceSize);
    out.offsets.push_back(
        scope.add(op->getLoc(), source->offset, offsets[resourceIndex]));
    out.lengths.push_back(lengths[resourceIndex]);
    out.accesses.push_back(
        access(builder, tiedOp.isOperandTied(operand.getOperandNumber())
                            ? ResourceAccessBitfield::Read |
                                  ResourceAccessBitfield::Write
                            : ResourceAccessBitfield::Read));
    ++resourceIndex;
  }
  return success();
}

LogicalResult CommandBuilder::appendResultRanges(
    Operation *op, ArrayRef<std::pair<Value, Value>> resultsAndSizes,
    CommandResources &out) {
  OpBuilder builder(op);
  auto tiedOp = cast<util::TiedOpInterface>(op);
  for (auto [result, size] : resultsAndSizes) {
    if (tiedOp.getTiedResultOperand(result))
      continue;
    FailureOr<ResourceRange> target = lookupResourceRange(result);
    if (failed(target))
      return failure();
    out.resources.push_back(target->resource);
    out.sizes.push_back(target->resourceSize);
    out.offsets.push_back(target->offset);
    out.lengths.push_back(size);
    out.accesses.push_back(access(builder, ResourceAccessBitfield::Write));
  }
  return success();
}

LogicalResult CommandBuilder::convertDispatch(AsyncDispatchOp op) {
  CommandResources ranges;
  SmallVector<Value> uniformOperands;
  SmallVector<std::pair<Value, Value>> results;
  for (auto [result, size] : llvm::zip(op.getResults(), op.getResultSizes()))
    results.push_back({result, size});
  if (failed(appendOperandRanges(
          op, op.getResourceOperandsMutable(), op.getResourceOperandOffsets(),
          op.getResourceOperandLengths(), uniformOperands, ranges)) ||
      failed(appendResultRanges(op, results, ranges)))
    return failure();
  OpBuilder builder(op);
  auto dispatchOp = CmdDispatchOp::create(
      builder, op.getLoc(), op.getWorkload(), op.getEntryPointsAttr(),
      uniformOperands, ranges.resources, ranges.sizes, ranges.offsets,
      ranges.lengths, builder.getArrayAttr(ranges.accesses));
  for (NamedAttribute attr : op->getDiscardableAttrs())
    dispatchOp->setAttr(attr.getName(), attr.getValue());
  return success();
}

LogicalResult CommandBuilder::convertCall(AsyncCallOp op) {
  // Primitive and resource operands stay interleaved in one list.
  CommandResources ranges;
  if (failed(appendOperandRanges(
          op, op.getResourceOperandsMutable(), op.getResourceOperandOffsets(),
          op.getResourceOperandLengths(), ranges.resources, ranges)))
    return failure();
  SmallVector<Type> resultTypes;
  SmallVector<Value> primitiveResults;
  SmallVector<std::pair<Value, Value>> resourceResults;
  for (Value result : op.getResults()) {
    if (!isa<ResourceType>(result.getType())) {
      resultTypes.push_back(result.getType());
      primitiveResults.push_back(result);
      continue;
    }
    if (resourceResults.size() >= op.getResultSizes().size())
      return failure();
    resourceResults.push_back(
        {result, op.getResultSizes()[resourceResults.size()]});
  }
  if (failed(appendResultRanges(op, resourceResults, ranges)))
    return failure();
  OpBuilder builder(op);
  auto callOp = CmdCallOp::create(
      builder, op.getLoc(), resultTypes, op.getCalleeAttr(), ranges.resources,
      ranges.sizes, ranges.offsets, ranges.lengths,
      /*result_sizes=*/ValueRange(),
      /*tied_operands=*/ArrayAttr(), op.getArgAttrsAttr(), op.getResAttrsAttr(),
      builder.getArrayAttr(ranges.accesses));
  for (NamedAttribute attr : op->getDiscardableAttrs())
    callOp->setAttr(attr.getName(), attr.getValue());
  for (auto [oldResult, newResult] :
       llvm::zip_equal(primitiveResults, callOp.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  return success();
}

LogicalResult CommandBuilder::convertConcurrent(AsyncConcurrentOp op) {
  Block &body = op.getBody().front();
  if (auto yieldOp =
          dyn_cast_or_null<YieldOp>(body.empty() ? nullptr : &body.back())) {
    OpBuilder yieldBuilder(yieldOp);
    YieldOp::create(yieldBuilder, yieldOp.getLoc());
    yieldOp.erase();
  }
  if (failed(applyAsyncAllocations(op.getBody(), scope)))
    return failure();
  for (BlockArgument arg : body.getArguments())
    if (!arg.use_empty())
      return failure();
  body.eraseArguments(0, body.getNumArguments());
  OpBuilder builder(op);
  auto concurrentOp = CmdConcurrentOp::create(builder, op.getLoc());
  concurrentOp.getBody().takeBody(op.getBody());
  return success();
}

LogicalResult CommandBuilder::convert(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ResourceSubviewOp, AsyncAllocaOp, AsyncConstantOp>(
          [](Operation *) { return success(); })
      .Case([&](AsyncSplatOp op) { return convertSplat(op); })
      .Case([&](AsyncCloneOp op) { return convertClone(op); })
      .Case([&](AsyncSliceOp op) { return convertSlice(op); })
      .Case([&](AsyncFillOp op) { return convertFill(op); })
      .Case([&](AsyncUpdateOp op) { return convertUpdate(op); })
      .Case([&](AsyncCopyOp op) { return convertCopy(op); })
      .Case([&](AsyncCollectiveOp op) { return convertCollective(op); })
      .Case([&](AsyncBarrierOp op) { return convertBarrier(op); })
      .Case([&](AsyncTransferOp op) { return convertTransfer(op); })
      .Case([&](AsyncDispatchOp op) { return convertDispatch(op); })
      .Case([&](AsyncCallOp op) { return convertCall(op); })
      .Case([&](AsyncConcurrentOp op) { return convertConcurrent(op); })
      .Default([](Operation *) { return failure(); });
}

LogicalResult applyAsyncAllocations(Region &region, AllocationScope &scope) {
  Operation *parentOp = region.getParentOp();
  auto unhandled = [&](Operation *op) {
    return parentOp->emitError()
           << "unhandled async op " << op->getName()
           << " during allocation (should have been removed earlier)";
  };
  if (region.empty())
    return success();
  Block &block = region.front();
  // SA3/SA4: constants that were not extracted have no storage.
  for (Operation &op : block)
    if (isa<AsyncConstantOp>(op) &&
        !scope.getExtractedConstants().contains(&op))
      return unhandled(&op);

  SmallVector<Operation *> ops;
  for (Operation &op : llvm::reverse(block))
    if (!op.hasTrait<mlir::OpTrait::IsTerminator>())
      ops.push_back(&op);
  CommandBuilder builder(scope);
  for (Operation *op : ops) {
    if (failed(builder.convert(op)))
      return unhandled(op);
    if (!op->use_empty())
      return unhandled(op);
    op->erase();
  }
  return success();
}

} // namespace sluice::stream
