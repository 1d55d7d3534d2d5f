//===- FlowDispatchOps.cpp - dispatch and executable ops ------------------===//
//
// flow.dispatch, flow.dispatch.workgroups, flow.dispatch.tie_shape, the
// workgroup id/count/size ops and flow.executable.export
// (support-dialects.md §3.6.1, §3.6.2, §3.6.4).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;
using namespace sluice::flow;
using sluice::iree_tensor_ext::verifyOpDynamicDims;

/// Types captured implicitly by workgroup count regions: those with the util
/// `ImplicitlyCaptured` type trait (e.g. `!hal.device`).
static bool isImplicitlyCaptured(Type type) {
  return type.hasTrait<sluice::util::TypeTrait::ImplicitlyCaptured>();
}

/// Every flow.return in `region` returns three index values.
static LogicalResult verifyWorkgroupCountRegion(Operation *op, Region &region) {
  for (Block &block : region) {
    auto returnOp =
        block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
    if (!returnOp)
      continue;
    if (returnOp.getNumOperands() != 3 ||
        !llvm::all_of(returnOp.getOperandTypes(),
                      [](Type type) { return type.isIndex(); }))
      return returnOp.emitOpError(
          "workgroup count region must return the XYZ dimension counts");
  }
  return success();
}

namespace sluice::flow {
LogicalResult verifyDispatchWorkgroupDim(Operation *op, uint64_t dimension) {
  if (dimension >= 3)
    return op->emitOpError("dimension ")
           << dimension
           << " out of bounds of dispatch dimensions; expected [0, 3)";
  return success();
}
} // namespace sluice::flow

//===----------------------------------------------------------------------===//
// flow.executable.export
//===----------------------------------------------------------------------===//

LogicalResult ExecutableExportOp::verifyRegions() {
  return verifyWorkgroupCountRegion(*this, getWorkgroupCount());
}

//===----------------------------------------------------------------------===//
// flow.dispatch
//===----------------------------------------------------------------------===//

LogicalResult DispatchOp::verify() {
  if (getEntryPoints().empty())
    return emitOpError("at least one entry point reference is required");
  if (failed(verifyOpDynamicDims(*this, getArguments(), getArgumentDims())) ||
      failed(verifyOpDynamicDims(*this, getResults(), getResultDims())))
    return failure();
  return success();
}

LogicalResult DispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  for (Attribute entryPoint : getEntryPoints()) {
    auto ref = cast<SymbolRefAttr>(entryPoint);
    auto exportOp = dyn_cast_or_null<ExecutableExportOp>(
        symbolTable.lookupNearestSymbolFrom(*this, ref));
    // Unresolved entry points are allowed (they may be linked later).
    if (!exportOp || exportOp.getWorkgroupCount().empty())
      continue;
    SmallVector<Type> expected;
    for (BlockArgument arg : exportOp.getWorkgroupCount().getArguments())
      if (!isImplicitlyCaptured(arg.getType()))
        expected.push_back(arg.getType());
    OperandRange workload = getWorkload();
    if (expected.size() != workload.size())
      return emitOpError("workload mismatch; entry point expects ")
             << expected.size() << " arguments but dispatch provides "
             << workload.size();
    for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, workload))) {
      Type expectedType = std::get<0>(pair);
      Type passedType = std::get<1>(pair).getType();
      if (expectedType != passedType)
        return emitOpError("workload operand ")
               << i << " type mismatch; expected " << expectedType
               << " but passed " << passedType;
    }
  }
  return success();
}

std::pair<unsigned, unsigned> DispatchOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(1);
}

ValueRange DispatchOp::getOperandDynamicDims(unsigned idx) {
  auto [start, length] = getODSOperandIndexAndLength(1);
  if (idx < start || idx >= start + length)
    return {};
  return sluice::util::findDynamicDimsInList(idx - start, getArguments(),
                                             getArgumentDims());
}

ValueRange DispatchOp::getResultDynamicDims(unsigned idx) {
  return sluice::util::findDynamicDimsInList(idx, getResults(),
                                             getResultDims());
}

namespace {
/// Drops repeated entry points.
struct DeduplicateDispatchEntryPoints : public OpRewritePattern<DispatchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Attribute> unique;
    for (Attribute entryPoint : op.getEntryPoints())
      if (!llvm::is_contained(unique, entryPoint))
        unique.push_back(entryPoint);
    if (unique.size() == op.getEntryPoints().size())
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.setEntryPointsAttr(rewriter.getArrayAttr(unique)); });
    return success();
  }
};
} // namespace

void DispatchOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<DeduplicateDispatchEntryPoints>(context);
}

//===----------------------------------------------------------------------===//
// flow.dispatch.tie_shape
//===----------------------------------------------------------------------===//

LogicalResult DispatchTieShapeOp::verify() {
  return verifyOpDynamicDims(*this, ValueRange{getOperand()}, getDynamicDims());
}

ValueRange DispatchTieShapeOp::getOperandDynamicDims(unsigned) {
  return getDynamicDims();
}
ValueRange DispatchTieShapeOp::getResultDynamicDims(unsigned) {
  return getDynamicDims();
}

OpFoldResult DispatchTieShapeOp::fold(FoldAdaptor) {
  if (getDynamicDims().empty())
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// flow.dispatch.workgroups
//===----------------------------------------------------------------------===//

LogicalResult DispatchWorkgroupsOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getArguments(), getArgumentDims())) ||
      failed(verifyOpDynamicDims(*this, getResults(), getResultDims())))
    return failure();
  auto verifyIOType = [&](Type type) -> LogicalResult {
    if (auto shapedType = dyn_cast<ShapedType>(type))
      if (shapedType.getElementType().isIndex())
        return emitOpError() << "I/O type " << type
                             << " is invalid: index types must not cross the "
                                "dispatch boundary";
    return success();
  };
  for (Type type : getArguments().getTypes())
    if (failed(verifyIOType(type)))
      return failure();
  for (Type type : getResultTypes())
    if (failed(verifyIOType(type)))
      return failure();
  return success();
}

LogicalResult DispatchWorkgroupsOp::verifyRegions() {
  Region &count = getWorkgroupCount();
  if (count.empty())
    return success();
  SmallVector<Type> captured;
  for (BlockArgument arg : count.getArguments())
    if (!isImplicitlyCaptured(arg.getType()))
      captured.push_back(arg.getType());
  OperandRange workload = getWorkload();
  if (captured.size() != workload.size())
    return emitOpError("workload operands and workgroup count args mismatch (")
           << workload.size() << " vs " << captured.size() << ")";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(workload, captured))) {
    Type operandType = std::get<0>(pair).getType();
    Type capturedType = std::get<1>(pair);
    if (operandType != capturedType)
      return emitOpError("workload value ")
             << i << " type mismatch; operand is " << operandType
             << " but region captures " << capturedType;
  }
  return verifyWorkgroupCountRegion(*this, count);
}

std::pair<unsigned, unsigned>
DispatchWorkgroupsOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(1);
}

ValueRange DispatchWorkgroupsOp::getOperandDynamicDims(unsigned idx) {
  auto [start, length] = getODSOperandIndexAndLength(1);
  if (idx < start || idx >= start + length)
    return {};
  return sluice::util::findDynamicDimsInList(idx - start, getArguments(),
                                             getArgumentDims());
}

ValueRange DispatchWorkgroupsOp::getResultDynamicDims(unsigned idx) {
  return sluice::util::findDynamicDimsInList(idx, getResults(),
                                             getResultDims());
}

bool DispatchWorkgroupsOp::isAtomicallyHoistableOp() { return true; }

bool DispatchWorkgroupsOp::isOperandHoistable(OpOperand *operand) {
  // Tied operands are updated in place and cannot be hoisted.
  return !cast<sluice::util::TiedOpInterface>(getOperation())
              .isOperandTied(operand->getOperandNumber());
}

Operation::operand_range DispatchWorkgroupsOp::getClosureOperands() {
  return getArguments();
}

Operation::result_range DispatchWorkgroupsOp::getClosureResults() {
  return getResults();
}

bool DispatchWorkgroupsOp::canClosureContainOp(Operation *op) {
  // Dispatch bodies may take in constants (not other dispatches).
  return op->hasTrait<OpTrait::ConstantLike>();
}

/// Access of a body argument derived from its dispatch tensor type.
static sluice::util::ValueAccess getBodyArgumentAccess(Value arg) {
  auto dispatchType =
      dyn_cast<sluice::iree_tensor_ext::DispatchTensorType>(arg.getType());
  if (!dispatchType)
    return sluice::util::ValueAccess::ReadOnly();
  switch (dispatchType.getAccess()) {
  case sluice::iree_tensor_ext::TensorAccess::ReadOnly:
    return sluice::util::ValueAccess::ReadOnly();
  case sluice::iree_tensor_ext::TensorAccess::ReadWrite:
    return sluice::util::ValueAccess::ReadWrite();
  case sluice::iree_tensor_ext::TensorAccess::WriteOnly:
    return sluice::util::ValueAccess::WriteOnly();
  }
  return sluice::util::ValueAccess::ReadOnly();
}

sluice::util::ValueAccess
DispatchWorkgroupsOp::getOperandAccess(unsigned operandIndex) {
  Region &body = getWorkgroupBody();
  if (body.empty() || operandIndex >= body.getNumArguments())
    return sluice::util::ValueAccess::None();
  return getBodyArgumentAccess(body.getArgument(operandIndex));
}

sluice::util::ValueAccess
DispatchWorkgroupsOp::getResultAccess(unsigned resultIndex) {
  // Untied results follow the arguments in the body's argument list.
  Region &body = getWorkgroupBody();
  std::optional<unsigned> tied =
      cast<sluice::util::TiedOpInterface>(getOperation())
          .getTiedResultOperandIndex(resultIndex);
  if (body.empty())
    return sluice::util::ValueAccess::None();
  if (tied) {
    unsigned argIndex = *tied - getODSOperandIndexAndLength(1).first;
    if (argIndex < body.getNumArguments())
      return getBodyArgumentAccess(body.getArgument(argIndex));
    return sluice::util::ValueAccess::None();
  }
  unsigned untiedBefore = 0;
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!cast<sluice::util::TiedOpInterface>(getOperation())
             .getTiedResultOperandIndex(i))
      ++untiedBefore;
  unsigned argIndex = getArguments().size() + untiedBefore;
  if (argIndex < body.getNumArguments())
    return getBodyArgumentAccess(body.getArgument(argIndex));
  return sluice::util::ValueAccess::None();
}

sluice::util::ClosureOpInterface
DispatchWorkgroupsOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices, PatternRewriter &rewriter) {
  auto tiedOp = cast<sluice::util::TiedOpInterface>(getOperation());
  SmallVector<int64_t> tiedIndices;
  tiedOp.getAllTiedOperands(tiedIndices);
  // Body argument index of each untied result before exclusion.
  SmallVector<unsigned> resultArgIndex(getNumResults(), ~0u);
  unsigned nextUntiedArg = getArguments().size();
  for (unsigned i = 0; i < getNumResults(); ++i)
    if (i >= tiedIndices.size() ||
        tiedIndices[i] == sluice::util::TiedOpInterface::kUntiedIndex)
      resultArgIndex[i] = nextUntiedArg++;

  SmallVector<Value> newArguments, newArgumentDims;
  for (auto [i, argument] : llvm::enumerate(getArguments())) {
    if (llvm::is_contained(excludedOperandIndices, i))
      continue;
    newArguments.push_back(argument);
    llvm::append_range(newArgumentDims,
                       sluice::util::findDynamicDimsInList(i, getArguments(),
                                                           getArgumentDims()));
  }
  SmallVector<Type> newResultTypes;
  SmallVector<Value> newResultDims;
  for (auto [i, result] : llvm::enumerate(getResults())) {
    if (llvm::is_contained(excludedResultIndices, i))
      continue;
    newResultTypes.push_back(result.getType());
    llvm::append_range(newResultDims, getResultDynamicDims(i));
  }
  sluice::util::excludeTiedOperandAndResultIndices(
      excludedOperandIndices, excludedResultIndices, tiedIndices);

  auto newOp = DispatchWorkgroupsOp::create(
      rewriter, getLoc(), newResultTypes, getWorkload(), newArguments,
      newArgumentDims, newResultDims, rewriter.getIndexArrayAttr(tiedIndices));
  newOp->setDiscardableAttrs(getOperation()->getDiscardableAttrDictionary());
  newOp.getWorkgroupBody().takeBody(getWorkgroupBody());
  newOp.getWorkgroupCount().takeBody(getWorkgroupCount());

  // Erase the body arguments of excluded operands and excluded untied results.
  Region &body = newOp.getWorkgroupBody();
  if (!body.empty()) {
    llvm::BitVector erase(body.getNumArguments());
    for (unsigned i : excludedOperandIndices)
      if (i < erase.size())
        erase.set(i);
    for (unsigned i : excludedResultIndices)
      if (resultArgIndex[i] < erase.size())
        erase.set(resultArgIndex[i]);
    body.front().eraseArguments(erase);
  }
  // The op is returned detached: the caller inserts it.
  newOp->remove();
  return cast<sluice::util::ClosureOpInterface>(newOp.getOperation());
}
