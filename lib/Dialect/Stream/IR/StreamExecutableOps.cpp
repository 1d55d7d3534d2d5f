//===- StreamExecutableOps.cpp - executables, terminators, test ops -------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;

//===----------------------------------------------------------------------===//
// stream.executable
//===----------------------------------------------------------------------===//

void ExecutableOp::build(OpBuilder &builder, OperationState &state,
                         StringRef symName) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(symName));
  Region *body = state.addRegion();
  ExecutableOp::ensureTerminator(*body, builder, state.location);
}

ModuleOp ExecutableOp::getInnerModule() {
  for (Operation &op : getBlock())
    if (auto module = dyn_cast<ModuleOp>(op))
      return module;
  return {};
}

//===----------------------------------------------------------------------===//
// stream.executable.export
//===----------------------------------------------------------------------===//

void ExecutableExportOp::build(OpBuilder &builder, OperationState &state,
                               StringRef symName,
                               FlatSymbolRefAttr functionRef) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(symName));
  state.addAttribute(getFunctionRefAttrName(state.name), functionRef);
  state.addRegion();
}

FunctionOpInterface ExecutableExportOp::lookupFunctionRef() {
  auto executable = (*this)->getParentOfType<ExecutableOp>();
  if (!executable)
    return {};
  ModuleOp module = executable.getInnerModule();
  if (!module)
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupSymbolIn(module, getFunctionRefAttr()));
}

LogicalResult ExecutableExportOp::verify() {
  Region &region = getWorkgroupCount();
  if (region.empty())
    return success();
  // Runs before the region verifier: a block may still lack its terminator.
  for (Block &block : region)
    if (auto returnOp =
            block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back()))
      if (returnOp.getNumOperands() != 3 ||
          !llvm::all_of(returnOp.getOperandTypes(),
                        [](Type t) { return t.isIndex(); }))
        return returnOp.emitOpError(
            "workgroup count region must return the XYZ dimension counts");
  return success();
}

//===----------------------------------------------------------------------===//
// stream.binding.subspan
//===----------------------------------------------------------------------===//

ValueRange BindingSubspanOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange BindingSubspanOp::getResultDynamicDims(unsigned) {
  return getDynamicDims();
}

LogicalResult BindingSubspanOp::verify() {
  if (isa<ShapedType>(getResult().getType()))
    return verifyOpDynamicDims(*this, getResult().getType(), getDynamicDims());
  return success();
}

//===----------------------------------------------------------------------===//
// stream.yield
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  if (!isa_and_nonnull<AsyncExecuteOp, AsyncConcurrentOp, CmdExecuteOp,
                       CmdSerialOp, CmdConcurrentOp>((*this)->getParentOp()))
    return emitOpError("expects parent op to be one of 'stream.async.execute, "
                       "stream.async.concurrent, stream.cmd.execute, "
                       "stream.cmd.serial, stream.cmd.concurrent'");
  return success();
}

MutableOperandRange YieldOp::getMutableSuccessorOperands(RegionSuccessor) {
  return getResourceOperandsMutable();
}

MutableOperandRange YieldOp::getClosureResultsMutable() {
  return getResourceOperandsMutable();
}

Value YieldOp::getOperandSize(unsigned idx) {
  return sluice::util::findValueSizeInList(idx, getOperands(),
                                           getResourceOperandSizes());
}
Value YieldOp::getResultSize(unsigned) { return {}; }

//===----------------------------------------------------------------------===//
// stream.test.timeline_aware
//===----------------------------------------------------------------------===//

bool TestTimelineAwareOp::participatesInTimeline() { return true; }

SmallVector<Value> TestTimelineAwareOp::getAwaitFences() {
  return llvm::to_vector(getWaitFenceLikes());
}

Value TestTimelineAwareOp::getSignalFence() { return getSignalFenceLike(); }

SmallVector<Value>
TestTimelineAwareOp::buildAwaitTimepoints(OpBuilder &builder) {
  SmallVector<Value> timepoints;
  for (Value fence : getWaitFenceLikes())
    timepoints.push_back(TimepointImportOp::create(
        builder, getLoc(), builder.getType<TimepointType>(), fence,
        AffinityAttr()));
  return timepoints;
}

Value TestTimelineAwareOp::buildResultTimepoint(OpBuilder &builder) {
  return TimepointImportOp::create(builder, getLoc(),
                                   builder.getType<TimepointType>(),
                                   getSignalFenceLike(), AffinityAttr());
}

//===----------------------------------------------------------------------===//
// stream.test.timeline_op
//===----------------------------------------------------------------------===//

SmallVector<Value> TestTimelineOp::getAwaitTimepoints() {
  return llvm::to_vector(getAwaitOperands());
}

void TestTimelineOp::setAwaitTimepoint(Value timepoint) {
  if (timepoint)
    getAwaitOperandsMutable().assign(timepoint);
  else
    getAwaitOperandsMutable().clear();
}

void TestTimelineOp::setAwaitTimepoints(ValueRange timepoints,
                                        OpBuilder &builder) {
  int64_t limit = getAwaitLimit() ? static_cast<int64_t>(*getAwaitLimit()) : -1;
  if (limit >= 0 && static_cast<int64_t>(timepoints.size()) > limit) {
    setAwaitTimepoint(joinTimepoints(getLoc(), timepoints, builder));
    return;
  }
  getAwaitOperandsMutable().assign(timepoints);
}

Value TestTimelineOp::getOperandSize(unsigned idx) {
  return sluice::util::findValueSizeInList(idx, getOperands(),
                                           getResourceOperandSizes());
}
Value TestTimelineOp::getResultSize(unsigned idx) {
  return idx < getResultSizes().size() ? getResultSizes()[idx] : Value();
}

void TestTimelineOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ChainDependentAwaits<TestTimelineOp>>(context);
}
