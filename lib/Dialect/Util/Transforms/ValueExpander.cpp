//===- ValueExpander.cpp - expanding values into groups across the IR -----===//

#include "sluice/Dialect/Util/Transforms/ValueExpander.h"

#include "sluice/Dialect/Util/IR/LocalDominance.h"
#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

using namespace mlir;

namespace sluice::util {

ValueExpander::~ValueExpander() = default;

bool ValueExpander::anyExpandedType(TypeRange types) const {
  return llvm::any_of(types, [&](Type type) { return isExpandedType(type); });
}

bool ValueExpander::usesExpandedTypes(Operation *op) const {
  return anyExpandedType(op->getOperandTypes()) ||
         anyExpandedType(op->getResultTypes());
}

void ValueExpander::appendExpanded(Type type,
                                   SmallVectorImpl<Type> &types) const {
  types.push_back(type);
  if (isExpandedType(type))
    appendCompanionTypes(type, types);
}

void ValueExpander::appendExpanded(Value value, OpBuilder &builder,
                                   SmallVectorImpl<Value> &values) {
  if (!isExpandedType(value.getType())) {
    values.push_back(value);
    return;
  }
  appendExpandedGroup(value, builder, values);
}

SmallVector<Value> ValueExpander::expandValues(ValueRange values,
                                               OpBuilder &builder) {
  SmallVector<Value> expanded;
  for (Value value : values)
    appendExpanded(value, builder, expanded);
  return expanded;
}

bool ValueExpander::isExpandedFunction(FuncOp funcOp) {
  return funcOp && !funcOp.isPublic() && !funcOp.isExternal();
}

void ValueExpander::expand(Operation *op) {
  if (auto initializerOp = dyn_cast<InitializerOp>(op))
    return expandRegion(initializerOp.getBody(),
                        /*canModifyEntryBlock=*/false);
  if (auto funcOp = dyn_cast<FuncOp>(op))
    return expandFunc(funcOp);
  if (auto callOp = dyn_cast<CallOp>(op))
    return expandCall(callOp);
  if (auto returnOp = dyn_cast<ReturnOp>(op))
    return expandReturn(returnOp);
  if (isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(op))
    return expandBranch(op);
  if (auto regionOp = dyn_cast<MutableRegionBranchOpInterface>(op))
    return expandRegionBranch(regionOp);
}

void ValueExpander::expandRegion(Region &region, bool canModifyEntryBlock) {
  if (region.empty())
    return;
  for (Block &block : region) {
    if (block.isEntryBlock() && !canModifyEntryBlock)
      continue;
    if (!anyExpandedType(block.getArgumentTypes()))
      continue;
    // Back to front so that the indices of the arguments still to visit hold.
    SmallVector<BlockArgument> expandedArgs;
    for (unsigned i = block.getNumArguments(); i-- > 0;) {
      BlockArgument arg = block.getArgument(i);
      if (!isExpandedType(arg.getType()))
        continue;
      SmallVector<Type> companions;
      appendCompanionTypes(arg.getType(), companions);
      for (auto [k, type] : llvm::enumerate(companions))
        block.insertArgument(i + 1 + k, type, arg.getLoc());
      expandedArgs.push_back(arg);
    }
    OpBuilder builder = OpBuilder::atBlockBegin(&block);
    for (BlockArgument arg : llvm::reverse(expandedArgs)) {
      SmallVector<Type> companions;
      appendCompanionTypes(arg.getType(), companions);
      ValueRange companionArgs =
          block.getArguments().slice(arg.getArgNumber() + 1, companions.size());
      mapBlockArgument(arg, companionArgs, region.getLoc(), builder);
    }
  }
  // Dominator-tree order; blocks unreachable from the entry come last so that
  // their branches are rebuilt along with the block arguments they target.
  for (Block *block : blocksInDominanceOrder(region))
    for (Operation &op : llvm::make_early_inc_range(*block))
      expand(&op);
}

void ValueExpander::expandFunc(FuncOp op) {
  bool expanded = isExpandedFunction(op);
  if (expanded) {
    auto expandType = [&](unsigned, Type type, SmallVectorImpl<Type> &types) {
      appendExpanded(type, types);
    };
    op.expandSignature(expandType, expandType);
  }
  if (!op.isExternal())
    expandRegion(op.getBody(), /*canModifyEntryBlock=*/expanded);
}

void ValueExpander::expandCall(CallOp op) {
  if (!usesExpandedTypes(op))
    return;
  auto calleeOp = symbolTable->lookup<FuncOp>(op.getCallee());
  if (!isExpandedFunction(calleeOp))
    return;
  OpBuilder builder(op);
  CallOp newOp = op.cloneAndExpand(
      [&](unsigned, Value operand, SmallVectorImpl<Value> &values) {
        appendExpanded(operand, builder, values);
      },
      [&](unsigned, Type type, SmallVectorImpl<Type> &types) {
        appendExpanded(type, types);
      },
      builder);
  builder.setInsertionPointAfter(newOp);
  replaceExpandedResults(op, newOp, builder);
  op.erase();
}

void ValueExpander::replaceExpandedResults(Operation *oldOp, Operation *newOp,
                                           OpBuilder &builder) {
  unsigned next = 0;
  for (OpResult oldResult : oldOp->getResults()) {
    Value newResult = newOp->getResult(next++);
    if (!isExpandedType(oldResult.getType())) {
      oldResult.replaceAllUsesWith(newResult);
      continue;
    }
    SmallVector<Type> companions;
    appendCompanionTypes(oldResult.getType(), companions);
    ValueRange companionResults =
        newOp->getResults().slice(next, companions.size());
    next += companions.size();
    oldResult.replaceAllUsesWith(
        mapResult(oldOp, newOp, newResult, companionResults, builder));
  }
}

void ValueExpander::expandReturn(ReturnOp op) {
  if (!usesExpandedTypes(op))
    return;
  if (!isExpandedFunction(dyn_cast<FuncOp>(op->getParentOp())))
    return;
  OpBuilder builder(op);
  SmallVector<Value> operands = expandValues(op.getOperands(), builder);
  ReturnOp::create(builder, op.getLoc(), operands);
  op.erase();
}

void ValueExpander::expandBranch(Operation *op) {
  bool alwaysRebuild =
      options.rebuildBranchWithoutExpandedValues && isa<cf::BranchOp>(op);
  if (!alwaysRebuild && !usesExpandedTypes(op))
    return;
  OpBuilder builder(op);
  if (auto brOp = dyn_cast<cf::BranchOp>(op)) {
    SmallVector<Value> operands = expandValues(brOp.getDestOperands(), builder);
    cf::BranchOp::create(builder, op->getLoc(), brOp.getDest(), operands);
  } else if (auto condOp = dyn_cast<cf::CondBranchOp>(op)) {
    SmallVector<Value> trueOperands =
        expandValues(condOp.getTrueDestOperands(), builder);
    SmallVector<Value> falseOperands =
        expandValues(condOp.getFalseDestOperands(), builder);
    cf::CondBranchOp::create(builder, op->getLoc(), condOp.getCondition(),
                             condOp.getTrueDest(), trueOperands,
                             condOp.getFalseDest(), falseOperands);
  } else {
    auto switchOp = cast<cf::SwitchOp>(op);
    SmallVector<Value> defaultOperands;
    if (options.switchDefaultOperandsFirst)
      defaultOperands = expandValues(switchOp.getDefaultOperands(), builder);
    SmallVector<SmallVector<Value>> caseOperands;
    for (OperandRange operands : switchOp.getCaseOperands())
      caseOperands.push_back(expandValues(operands, builder));
    if (!options.switchDefaultOperandsFirst)
      defaultOperands = expandValues(switchOp.getDefaultOperands(), builder);
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

void ValueExpander::expandRegionBranch(MutableRegionBranchOpInterface op) {
  Operation *operation = op.getOperation();
  if (!usesExpandedTypes(operation)) {
    if (options.expandRegionsOfUnexpandedRegionOps)
      for (Region &region : operation->getRegions())
        expandRegion(region, /*canModifyEntryBlock=*/false);
    return;
  }
  OpBuilder builder(operation);
  Operation *newOp = op.rebuildWithExpandedTypes(
      [&](Type type) {
        SmallVector<Type> types;
        appendExpanded(type, types);
        return types;
      },
      [&](Value value, OpBuilder &operandBuilder) {
        SmallVector<Value> values;
        appendExpanded(value, operandBuilder, values);
        return values;
      },
      [&](Location loc, Value original, ValueRange expanded,
          OpBuilder &argBuilder) -> Value {
        return mapRegionArgument(loc, original, expanded, argBuilder);
      },
      [&](Region &region, bool canModifyEntryBlock) {
        expandRegion(region, canModifyEntryBlock);
      },
      builder);
  if (!newOp)
    return;
  builder.setInsertionPointAfter(newOp);
  replaceExpandedResults(operation, newOp, builder);
  operation->erase();
}

} // namespace sluice::util
