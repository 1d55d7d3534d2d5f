//===- PropagateTimepoints.cpp - --iree-stream-propagate-timepoints -------===//
//
// Carries a timepoint alongside every resource across globals, function
// boundaries, branches and structured control flow (stream-passes-2.md §5).
// All rewrites are local and deliberately redundant: a later cleanup merges
// the fallback immediates and folds the awaits this pass leaves behind.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/ValueExpander.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

#include <map>

namespace sluice::stream {
#define GEN_PASS_DEF_PROPAGATETIMEPOINTSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

static bool isResource(Type type) { return isa<ResourceType>(type); }

static Value createResourceSize(OpBuilder &builder, Location loc,
                                Value resource) {
  return ResourceSizeOp::create(builder, loc, builder.getIndexType(), resource,
                                AffinityAttr())
      .getResult();
}

class TimepointPropagator : public util::ValueExpander {
public:
  TimepointPropagator(ModuleOp moduleOp)
      : ValueExpander(moduleOp, util::ValueExpanderOptions()) {}

  void run();

private:
  bool isExpandedType(Type type) const override { return isResource(type); }
  void appendCompanionTypes(Type type,
                            SmallVectorImpl<Type> &types) const override {
    types.push_back(TimepointType::get(type.getContext()));
  }
  /// (resource, timepoint) for a resource.
  void appendExpandedGroup(Value value, OpBuilder &builder,
                           SmallVectorImpl<Value> &values) override {
    auto [timepoint, resource] = consume(value, builder);
    values.push_back(resource);
    values.push_back(timepoint);
  }
  void mapBlockArgument(BlockArgument arg, ValueRange companions, Location,
                        OpBuilder &builder) override;
  Value mapResult(Operation *oldOp, Operation *newOp, Value newResult,
                  ValueRange companions, OpBuilder &builder) override;
  Value mapRegionArgument(Location, Value original, ValueRange expanded,
                          OpBuilder &) override {
    timepoints[expanded[0]] = expanded[1];
    return original;
  }

  void expandGlobals();
  void expand(Operation *op) override;
  Value blockArgSize(BlockArgument arg, OpBuilder &builder);
  /// (timepoint, resource) available for `value` at the builder's point.
  std::pair<Value, Value> consume(Value value, OpBuilder &builder);
  /// Awaits `resource` at `timepoint` at the builder with a size from
  /// queryValueSize (else `stream.resource.size`); returns the await result.
  Value awaitWithSize(Location loc, Value timepoint, Value resource,
                      OpBuilder &builder, Operation *&sizeOp);
  Value createAwait(Location loc, Value timepoint, Value resource, Value size,
                    OpBuilder &builder) {
    return TimepointAwaitOp::create(builder, loc, ValueRange{resource},
                                    ValueRange{size}, timepoint)
        .getResult(0);
  }

  void expandGlobalLoad(util::GlobalLoadOp op);
  void expandGlobalStore(util::GlobalStoreOp op);
  void expandAwait(TimepointAwaitOp op);
  void expandExecute(AsyncExecuteOp op);
  void expandBarrier(TimepointBarrierOp op);
  void expandTimelineOp(TimelineOpInterface op);

  /// Resource global name -> its timepoint global.
  llvm::DenseMap<StringAttr, util::GlobalOp> timepointGlobals;
  /// Resource -> the timepoint at which it is available (per callable).
  llvm::DenseMap<Value, Value> timepoints;
};

void TimepointPropagator::run() {
  symbolTable.emplace(moduleOp);
  expandGlobals();
  for (Operation &op : llvm::make_early_inc_range(*moduleOp.getBody())) {
    if (!isa<CallableOpInterface>(op))
      continue;
    timepoints.clear();
    expand(&op);
  }
}

void TimepointPropagator::expandGlobals() {
  std::map<std::string, util::GlobalOp> resourceGlobals;
  for (auto globalOp : moduleOp.getOps<util::GlobalOp>())
    if (isResource(globalOp.getType()))
      resourceGlobals[globalOp.getSymName().str()] = globalOp;
  MLIRContext *context = moduleOp.getContext();
  auto timepointType = TimepointType::get(context);
  for (auto &[name, globalOp] : resourceGlobals) {
    OpBuilder builder(globalOp);
    auto timepointOp = util::GlobalOp::create(
        builder, globalOp.getLoc(), name + "__timepoint", /*isMutable=*/true,
        timepointType, TimepointAttr::get(context, timepointType));
    timepointOp.setSymVisibilityAttr(globalOp.getSymVisibilityAttr());
    symbolTable->insert(timepointOp, Block::iterator(globalOp));
    timepointGlobals[globalOp.getSymNameAttr()] = timepointOp;
  }
}

std::pair<Value, Value> TimepointPropagator::consume(Value value,
                                                     OpBuilder &builder) {
  if (auto it = timepoints.find(value); it != timepoints.end())
    return {it->second, value};
  auto immediate = [&]() -> Value {
    return TimepointImmediateOp::create(
               builder, value.getLoc(),
               TimepointType::get(builder.getContext()))
        .getResult();
  };
  if (auto awaitOp = value.getDefiningOp<TimepointAwaitOp>()) {
    if (awaitOp.getSync())
      return {immediate(), value};
    return {
        awaitOp.getAwaitTimepoint(),
        awaitOp.getResourceOperands()[cast<OpResult>(value).getResultNumber()]};
  }
  if (auto executeOp = value.getDefiningOp<AsyncExecuteOp>())
    return {executeOp.getResultTimepoint(), value};
  return {immediate(), value};
}

Value TimepointPropagator::awaitWithSize(Location loc, Value timepoint,
                                         Value resource, OpBuilder &builder,
                                         Operation *&sizeOp) {
  Value size =
      util::SizeAwareTypeInterface::queryValueSize(loc, resource, builder);
  if (!size)
    size = createResourceSize(builder, loc, resource);
  sizeOp = size.getDefiningOp();
  return createAwait(loc, timepoint, resource, size, builder);
}

Value TimepointPropagator::blockArgSize(BlockArgument arg, OpBuilder &builder) {
  Region *region = arg.getOwner()->getParent();
  for (OpOperand &use : arg.getUses()) {
    auto sizeAwareOp = dyn_cast<util::SizeAwareOpInterface>(use.getOwner());
    if (!sizeAwareOp)
      continue;
    Value size = sizeAwareOp.getOperandSize(use.getOperandNumber());
    if (!size)
      continue;
    if (size.getParentRegion()->isProperAncestor(region))
      return size;
    if (auto sizeArg = dyn_cast<BlockArgument>(size))
      if (sizeArg.getOwner()->isEntryBlock())
        return size;
    if (Operation *definingOp = size.getDefiningOp())
      if (definingOp->hasTrait<mlir::OpTrait::ConstantLike>())
        return builder.clone(*definingOp)
            ->getResult(cast<OpResult>(size).getResultNumber());
  }
  return createResourceSize(builder, arg.getLoc(), arg);
}

void TimepointPropagator::mapBlockArgument(BlockArgument resource,
                                           ValueRange companions, Location,
                                           OpBuilder &builder) {
  Value timepoint = companions[0];
  if (timepoints.contains(resource))
    return;
  timepoints[resource] = timepoint;
  Value size = blockArgSize(resource, builder);
  Value awaited =
      createAwait(resource.getLoc(), timepoint, resource, size, builder);
  llvm::SmallPtrSet<Operation *, 2> except = {awaited.getDefiningOp()};
  if (Operation *sizeOp = size.getDefiningOp())
    except.insert(sizeOp);
  resource.replaceAllUsesExcept(awaited, except);
}

Value TimepointPropagator::mapResult(Operation *oldOp, Operation *newOp,
                                     Value newResult, ValueRange companions,
                                     OpBuilder &builder) {
  Value newTimepoint = companions[0];
  timepoints[newResult] = newTimepoint;
  if (isa<util::CallOp>(oldOp)) {
    Value size = createResourceSize(builder, oldOp->getLoc(), newResult);
    return createAwait(oldOp->getLoc(), newTimepoint, newResult, size, builder);
  }
  // Region ops: every await directly after the new op.
  builder.setInsertionPointAfter(newOp);
  Operation *sizeOp = nullptr;
  return awaitWithSize(oldOp->getLoc(), newTimepoint, newResult, builder,
                       sizeOp);
}

void TimepointPropagator::expand(Operation *op) {
  if (auto loadOp = dyn_cast<util::GlobalLoadOp>(op))
    return expandGlobalLoad(loadOp);
  if (auto storeOp = dyn_cast<util::GlobalStoreOp>(op))
    return expandGlobalStore(storeOp);
  if (auto awaitOp = dyn_cast<TimepointAwaitOp>(op))
    return expandAwait(awaitOp);
  if (auto executeOp = dyn_cast<AsyncExecuteOp>(op))
    return expandExecute(executeOp);
  if (auto barrierOp = dyn_cast<TimepointBarrierOp>(op))
    return expandBarrier(barrierOp);
  if (auto timelineOp = dyn_cast<TimelineOpInterface>(op))
    return expandTimelineOp(timelineOp);
  ValueExpander::expand(op);
}

void TimepointPropagator::expandGlobalLoad(util::GlobalLoadOp op) {
  if (!isResource(op.getType()))
    return;
  auto it = timepointGlobals.find(op.getGlobalAttr().getAttr());
  if (it == timepointGlobals.end())
    return;
  OpBuilder builder(op);
  auto timepointLoad = util::GlobalLoadOp::create(
      builder, op.getLoc(), it->second.getType(), it->second.getSymName());
  Value loaded = op.getResult();
  timepoints[loaded] = timepointLoad.getResult();
  builder.setInsertionPointAfter(op);
  Operation *sizeOp = nullptr;
  Value awaited = awaitWithSize(op.getLoc(), timepointLoad.getResult(), loaded,
                                builder, sizeOp);
  llvm::SmallPtrSet<Operation *, 2> except = {awaited.getDefiningOp()};
  if (sizeOp)
    except.insert(sizeOp);
  loaded.replaceAllUsesExcept(awaited, except);
}

void TimepointPropagator::expandGlobalStore(util::GlobalStoreOp op) {
  if (!isResource(op.getValue().getType()))
    return;
  auto it = timepointGlobals.find(op.getGlobalAttr().getAttr());
  if (it == timepointGlobals.end())
    return;
  OpBuilder builder(op);
  auto [timepoint, resource] = consume(op.getValue(), builder);
  util::GlobalStoreOp::create(builder, op.getLoc(), timepoint,
                              it->second.getSymName());
  op.getValueMutable().assign(resource);
}

void TimepointPropagator::expandAwait(TimepointAwaitOp op) {
  if (op.getSync())
    return;
  for (auto [operand, result] :
       llvm::zip(op.getResourceOperands(), op.getResults())) {
    (void)result;
    if (isa<BlockArgument>(operand))
      continue;
    timepoints[operand] = op.getAwaitTimepoint();
  }
}

void TimepointPropagator::expandExecute(AsyncExecuteOp op) {
  OpBuilder builder(op);
  llvm::SetVector<Value> awaits;
  if (Value await = op.getAwaitTimepoint())
    awaits.insert(await);
  for (OpOperand &capture : op.getResourceOperandsMutable()) {
    auto [timepoint, resource] = consume(capture.get(), builder);
    awaits.insert(timepoint);
    if (resource != capture.get())
      capture.set(resource);
  }
  if (awaits.empty())
    op.getAwaitTimepointMutable().clear();
  else
    op.getAwaitTimepointMutable().assign(
        TimepointJoinOp::join(awaits.getArrayRef(), builder));
  for (Value result : op.getResults())
    timepoints[result] = op.getResultTimepoint();
}

void TimepointPropagator::expandBarrier(TimepointBarrierOp op) {
  OpBuilder builder(op);
  auto [timepoint, resource] = consume(op.getResource(), builder);
  op.getResult().replaceAllUsesWith(resource);
  op.getResultTimepoint().replaceAllUsesWith(timepoint);
  op.erase();
}

void TimepointPropagator::expandTimelineOp(TimelineOpInterface op) {
  Operation *operation = op.getOperation();
  OpBuilder builder(operation);
  llvm::SetVector<Value> awaits;
  for (Value await : op.getAwaitTimepoints())
    awaits.insert(await);
  for (OpOperand &operand : operation->getOpOperands()) {
    if (!isResource(operand.get().getType()))
      continue;
    auto [timepoint, resource] = consume(operand.get(), builder);
    awaits.insert(timepoint);
    if (resource != operand.get())
      operand.set(resource);
  }
  if (awaits.empty())
    op.setAwaitTimepoint(nullptr);
  else
    op.setAwaitTimepoints(awaits.getArrayRef(), builder);
  Value resultTimepoint = op.getResultTimepoint();
  if (!resultTimepoint)
    return;
  for (Value result : operation->getResults())
    if (isResource(result.getType()))
      timepoints[result] = resultTimepoint;
}

struct PropagateTimepointsPass
    : impl::PropagateTimepointsPassBase<PropagateTimepointsPass> {
  void runOnOperation() override { TimepointPropagator(getOperation()).run(); }
};

} // namespace
} // namespace sluice::stream
