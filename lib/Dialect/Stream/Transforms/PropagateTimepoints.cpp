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
#include "sluice/Dialect/Util/IR/LocalDominance.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

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
static bool anyResource(TypeRange types) {
  return llvm::any_of(types, isResource);
}
/// The op's own operand or result types include a resource.
static bool usesResources(Operation *op) {
  return anyResource(op->getOperandTypes()) ||
         anyResource(op->getResultTypes());
}

class TimepointPropagator {
public:
  TimepointPropagator(ModuleOp moduleOp) : moduleOp(moduleOp) {}

  void run();

private:
  void expandGlobals();
  void expand(Operation *op);
  void expandRegion(Region &region, bool canModifyEntryBlock);
  Value blockArgSize(BlockArgument arg, OpBuilder &builder);
  /// (timepoint, resource) available for `value` at the builder's point.
  std::pair<Value, Value> consume(Value value, OpBuilder &builder);
  /// Appends `value`, or (resource, timepoint) for a resource.
  void appendExpanded(Value value, OpBuilder &builder,
                      SmallVectorImpl<Value> &expanded);
  /// `values` with every resource `r` followed by its timepoint.
  SmallVector<Value> expandOperands(ValueRange values, OpBuilder &builder);
  /// Appends `type`, followed by `!stream.timepoint` for a resource.
  static void appendExpanded(Type type, SmallVectorImpl<Type> &expanded) {
    expanded.push_back(type);
    if (isResource(type))
      expanded.push_back(TimepointType::get(type.getContext()));
  }
  /// Awaits `resource` at `timepoint` at the builder with a size from
  /// queryValueSize (else `stream.resource.size`); returns the await result.
  Value awaitWithSize(Location loc, Value timepoint, Value resource,
                      OpBuilder &builder, Operation *&sizeOp);
  /// Whether calls to / returns from `symbol`'s callee are rewritten.
  bool isExpandedFunction(util::FuncOp funcOp) {
    return funcOp && !funcOp.isPublic() && !funcOp.isExternal();
  }
  Value createAwait(Location loc, Value timepoint, Value resource, Value size,
                    OpBuilder &builder) {
    return TimepointAwaitOp::create(builder, loc, ValueRange{resource},
                                    ValueRange{size}, timepoint)
        .getResult(0);
  }

  void expandGlobalLoad(util::GlobalLoadOp op);
  void expandGlobalStore(util::GlobalStoreOp op);
  void expandFunc(util::FuncOp op);
  void expandCall(util::CallOp op);
  void expandReturn(util::ReturnOp op);
  void expandBranch(Operation *op);
  void expandAwait(TimepointAwaitOp op);
  void expandExecute(AsyncExecuteOp op);
  void expandBarrier(TimepointBarrierOp op);
  void expandTimelineOp(TimelineOpInterface op);
  void expandRegionBranch(util::MutableRegionBranchOpInterface op);

  ModuleOp moduleOp;
  std::unique_ptr<SymbolTable> symbolTable;
  /// Resource global name -> its timepoint global.
  llvm::DenseMap<StringAttr, util::GlobalOp> timepointGlobals;
  /// Resource -> the timepoint at which it is available (per callable).
  llvm::DenseMap<Value, Value> timepoints;
};

void TimepointPropagator::run() {
  symbolTable = std::make_unique<SymbolTable>(moduleOp);
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

void TimepointPropagator::appendExpanded(Value value, OpBuilder &builder,
                                         SmallVectorImpl<Value> &expanded) {
  if (!isResource(value.getType())) {
    expanded.push_back(value);
    return;
  }
  auto [timepoint, resource] = consume(value, builder);
  expanded.push_back(resource);
  expanded.push_back(timepoint);
}

SmallVector<Value> TimepointPropagator::expandOperands(ValueRange values,
                                                       OpBuilder &builder) {
  SmallVector<Value> expanded;
  for (Value value : values)
    appendExpanded(value, builder, expanded);
  return expanded;
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

void TimepointPropagator::expandRegion(Region &region,
                                       bool canModifyEntryBlock) {
  if (region.empty())
    return;
  auto timepointType = TimepointType::get(region.getContext());
  for (Block &block : region) {
    if (block.isEntryBlock() && !canModifyEntryBlock)
      continue;
    if (!anyResource(block.getArgumentTypes()))
      continue;
    for (unsigned i = block.getNumArguments(); i-- > 0;) {
      BlockArgument arg = block.getArgument(i);
      if (isResource(arg.getType()))
        block.insertArgument(i + 1, timepointType, arg.getLoc());
    }
    auto builder = OpBuilder::atBlockBegin(&block);
    for (unsigned i = 0; i + 1 < block.getNumArguments(); ++i) {
      BlockArgument resource = block.getArgument(i);
      if (!isResource(resource.getType()))
        continue;
      BlockArgument timepoint = block.getArgument(i + 1);
      if (timepoints.contains(resource))
        continue;
      timepoints[resource] = timepoint;
      Value size = blockArgSize(resource, builder);
      Value awaited =
          createAwait(resource.getLoc(), timepoint, resource, size, builder);
      llvm::SmallPtrSet<Operation *, 2> except = {awaited.getDefiningOp()};
      if (Operation *sizeOp = size.getDefiningOp())
        except.insert(sizeOp);
      resource.replaceAllUsesExcept(awaited, except);
    }
  }

  auto visitBlock = [&](Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      expand(&op);
  };
  // Dominator-tree order; blocks unreachable from the entry come last so that
  // their branches are rebuilt along with the block arguments they target
  // (the reference skips them and leaves mismatched successor operands).
  for (Block *block : util::blocksInDominanceOrder(region))
    visitBlock(*block);
}

void TimepointPropagator::expand(Operation *op) {
  if (auto loadOp = dyn_cast<util::GlobalLoadOp>(op))
    return expandGlobalLoad(loadOp);
  if (auto storeOp = dyn_cast<util::GlobalStoreOp>(op))
    return expandGlobalStore(storeOp);
  if (auto initializerOp = dyn_cast<util::InitializerOp>(op))
    return expandRegion(initializerOp.getBody(),
                        /*canModifyEntryBlock=*/false);
  if (auto funcOp = dyn_cast<util::FuncOp>(op))
    return expandFunc(funcOp);
  if (auto callOp = dyn_cast<util::CallOp>(op))
    return expandCall(callOp);
  if (auto returnOp = dyn_cast<util::ReturnOp>(op))
    return expandReturn(returnOp);
  if (isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(op))
    return expandBranch(op);
  if (auto awaitOp = dyn_cast<TimepointAwaitOp>(op))
    return expandAwait(awaitOp);
  if (auto executeOp = dyn_cast<AsyncExecuteOp>(op))
    return expandExecute(executeOp);
  if (auto barrierOp = dyn_cast<TimepointBarrierOp>(op))
    return expandBarrier(barrierOp);
  if (auto timelineOp = dyn_cast<TimelineOpInterface>(op))
    return expandTimelineOp(timelineOp);
  if (auto regionBranchOp = dyn_cast<util::MutableRegionBranchOpInterface>(op))
    return expandRegionBranch(regionBranchOp);
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

void TimepointPropagator::expandFunc(util::FuncOp op) {
  bool publicOrExternal = op.isPublic() || op.isExternal();
  if (!publicOrExternal) {
    auto expandType = [](unsigned, Type type, SmallVectorImpl<Type> &newTypes) {
      appendExpanded(type, newTypes);
    };
    op.expandSignature(expandType, expandType);
  }
  if (!op.isExternal())
    expandRegion(op.getBody(), /*canModifyEntryBlock=*/!publicOrExternal);
}

void TimepointPropagator::expandCall(util::CallOp op) {
  if (!usesResources(op))
    return;
  auto calleeOp = symbolTable->lookup<util::FuncOp>(op.getCallee());
  if (!isExpandedFunction(calleeOp))
    return;
  OpBuilder builder(op);
  auto newOp = op.cloneAndExpand(
      [&](unsigned, Value operand, SmallVectorImpl<Value> &newOperands) {
        appendExpanded(operand, builder, newOperands);
      },
      [](unsigned, Type type, SmallVectorImpl<Type> &newTypes) {
        appendExpanded(type, newTypes);
      },
      builder);
  builder.setInsertionPointAfter(newOp);
  unsigned newIndex = 0;
  for (OpResult oldResult : op.getResults()) {
    Value newResult = newOp.getResult(newIndex++);
    if (!isResource(oldResult.getType())) {
      oldResult.replaceAllUsesWith(newResult);
      continue;
    }
    Value newTimepoint = newOp.getResult(newIndex++);
    timepoints[newResult] = newTimepoint;
    Value size = createResourceSize(builder, op.getLoc(), newResult);
    Value awaited =
        createAwait(op.getLoc(), newTimepoint, newResult, size, builder);
    oldResult.replaceAllUsesWith(awaited);
  }
  op.erase();
}

void TimepointPropagator::expandReturn(util::ReturnOp op) {
  if (!usesResources(op))
    return;
  auto funcOp = dyn_cast<util::FuncOp>(op->getParentOp());
  if (!isExpandedFunction(funcOp))
    return;
  OpBuilder builder(op);
  SmallVector<Value> operands = expandOperands(op.getOperands(), builder);
  util::ReturnOp::create(builder, op.getLoc(), operands);
  op.erase();
}

void TimepointPropagator::expandBranch(Operation *op) {
  if (!usesResources(op))
    return;
  OpBuilder builder(op);
  if (auto brOp = dyn_cast<cf::BranchOp>(op)) {
    SmallVector<Value> operands =
        expandOperands(brOp.getDestOperands(), builder);
    cf::BranchOp::create(builder, op->getLoc(), brOp.getDest(), operands);
  } else if (auto condOp = dyn_cast<cf::CondBranchOp>(op)) {
    SmallVector<Value> trueOperands =
        expandOperands(condOp.getTrueDestOperands(), builder);
    SmallVector<Value> falseOperands =
        expandOperands(condOp.getFalseDestOperands(), builder);
    cf::CondBranchOp::create(builder, op->getLoc(), condOp.getCondition(),
                             condOp.getTrueDest(), trueOperands,
                             condOp.getFalseDest(), falseOperands);
  } else {
    auto switchOp = cast<cf::SwitchOp>(op);
    // Every case list in case order first, then the default list [REF].
    SmallVector<SmallVector<Value>> caseOperands;
    for (OperandRange operands : switchOp.getCaseOperands())
      caseOperands.push_back(expandOperands(operands, builder));
    SmallVector<Value> defaultOperands =
        expandOperands(switchOp.getDefaultOperands(), builder);
    SmallVector<ValueRange> caseRanges(caseOperands.begin(),
                                       caseOperands.end());
    SmallVector<APInt> caseValues;
    if (auto values = switchOp.getCaseValues())
      caseValues.assign(values->value_begin<APInt>(),
                        values->value_end<APInt>());
    cf::SwitchOp::create(builder, op->getLoc(), switchOp.getFlag(),
                         switchOp.getDefaultDestination(), defaultOperands,
                         caseValues, switchOp.getCaseDestinations(),
                         caseRanges);
  }
  op->erase();
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

void TimepointPropagator::expandRegionBranch(
    util::MutableRegionBranchOpInterface op) {
  Operation *operation = op.getOperation();
  if (!usesResources(operation))
    return;
  OpBuilder builder(operation);
  Operation *newOp = op.rebuildWithExpandedTypes(
      [](Type type) {
        SmallVector<Type> types;
        appendExpanded(type, types);
        return types;
      },
      [&](Value value, OpBuilder &operandBuilder) {
        SmallVector<Value> values;
        appendExpanded(value, operandBuilder, values);
        return values;
      },
      [&](Location, Value original, ValueRange expanded, OpBuilder &) -> Value {
        timepoints[expanded[0]] = expanded[1];
        return original;
      },
      [&](Region &region, bool) {
        expandRegion(region, /*canModifyEntryBlock=*/false);
      },
      builder);
  if (!newOp)
    return;
  unsigned newIndex = 0;
  for (OpResult oldResult : operation->getResults()) {
    Value newResult = newOp->getResult(newIndex++);
    if (!isResource(oldResult.getType())) {
      oldResult.replaceAllUsesWith(newResult);
      continue;
    }
    Value newTimepoint = newOp->getResult(newIndex++);
    timepoints[newResult] = newTimepoint;
    builder.setInsertionPointAfter(newOp);
    Operation *sizeOp = nullptr;
    oldResult.replaceAllUsesWith(awaitWithSize(
        operation->getLoc(), newTimepoint, newResult, builder, sizeOp));
  }
  operation->erase();
}

struct PropagateTimepointsPass
    : impl::PropagateTimepointsPassBase<PropagateTimepointsPass> {
  void runOnOperation() override { TimepointPropagator(getOperation()).run(); }
};

} // namespace
} // namespace sluice::stream
