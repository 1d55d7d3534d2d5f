//===- TransientsUtils.cpp - shared helpers of the transient passes -------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

std::string getUniqueQueryName(ModuleOp moduleOp, StringRef fnName) {
  std::string base = (fnName + "_transients_size").str();
  if (!SymbolTable::lookupSymbolIn(moduleOp, base))
    return base;
  for (unsigned i = 0;; ++i) {
    std::string candidate = base + "_" + std::to_string(i);
    if (!SymbolTable::lookupSymbolIn(moduleOp, candidate))
      return candidate;
  }
}

/// The non-null alternative of an `scf.if` result whose other branch yields
/// `util.null` (the null-storage guards of EmplaceTransients, §9.10).
static Value followNullGuard(Value value) {
  auto ifOp = value.getDefiningOp<scf::IfOp>();
  if (!ifOp || ifOp.getElseRegion().empty())
    return {};
  unsigned index = cast<OpResult>(value).getResultNumber();
  Value thenValue = ifOp.thenYield().getOperand(index);
  Value elseValue = ifOp.elseYield().getOperand(index);
  bool thenNull = thenValue.getDefiningOp<util::NullOp>() != nullptr;
  bool elseNull = elseValue.getDefiningOp<util::NullOp>() != nullptr;
  if (thenNull == elseNull)
    return {};
  return thenNull ? elseValue : thenValue;
}

BlockArgument traceStorageArgument(Value storage) {
  Value value = storage;
  while (Operation *op = value.getDefiningOp()) {
    if (auto importOp = dyn_cast<TensorImportOp>(op))
      value = importOp.getSource();
    else if (auto bufferOp = dyn_cast<hal::BufferViewBufferOp>(op))
      value = bufferOp.getBufferView();
    else if (Value guarded = followNullGuard(value))
      value = guarded;
    else
      return {};
  }
  auto arg = cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  if (!block->isEntryBlock() || !isa<FunctionOpInterface>(block->getParentOp()))
    return {};
  return arg;
}

DictionaryAttr withDictEntry(DictionaryAttr dict, StringRef name,
                             Attribute value) {
  MLIRContext *context = value.getContext();
  NamedAttrList attrs;
  if (dict)
    attrs.append(dict.getValue());
  attrs.set(StringAttr::get(context, name), value);
  return attrs.getDictionary(context);
}

bool isTransientSizeCall(Operation *op) {
  return isa<util::CallOp>(op) && op->hasAttr(kTransientSizeCallAttr);
}

bool isSizeComputationOp(Operation *op) {
  return (isMemoryEffectFree(op) && !isa<CallOpInterface>(op)) ||
         isTransientSizeCall(op);
}

/// Every value `op` (and its regions) reads must be cloned too or be an
/// argument of the function; otherwise the clone cannot compute it.
static LogicalResult checkAvailable(FunctionOpInterface funcOp, Operation *op,
                                    const llvm::SetVector<Operation *> &slice,
                                    Block &funcEntry, Operation *packOp) {
  auto isAvailable = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner() == &funcEntry ||
             op->isAncestor(arg.getOwner()->getParentOp());
    Operation *def = value.getDefiningOp();
    for (Operation *ancestor = def; ancestor;
         ancestor = ancestor->getParentOp())
      if (slice.contains(ancestor))
        return true;
    return false;
  };
  auto report = [&](Value value) {
    InFlightDiagnostic diag = packOp->emitError()
                              << "transient size of '@"
                              << SymbolTable::getSymbolName(funcOp).getValue()
                              << "' depends on a value the size query cannot "
                                 "compute (impure or defined inside a loop or "
                                 "branch)";
    if (Operation *def = value.getDefiningOp())
      diag.attachNote(def->getLoc()) << "value defined here";
    return failure();
  };
  for (Value operand : op->getOperands())
    if (!isAvailable(operand))
      return report(operand);
  LogicalResult result = success();
  visitUsedValuesDefinedAbove(op->getRegions(), [&](OpOperand *use) {
    if (succeeded(result) && !isAvailable(use->get()))
      result = report(use->get());
  });
  return result;
}

FailureOr<Value> cloneTotalLength(FunctionOpInterface funcOp, Operation *pack,
                                  OpBuilder &builder, IRMapping &mapping) {
  auto packOp = cast<ResourcePackOp>(pack);
  // The pure ops the total length depends on, plus the pack.
  BackwardSliceOptions options;
  options.omitBlockArguments = false;
  options.omitUsesFromAbove = false;
  options.inclusive = true;
  // A region op around the pack (a pure loop reached through its induction
  // variable) is not part of the computation.
  options.filter = [&](Operation *op) {
    return isSizeComputationOp(op) && !op->isProperAncestor(packOp);
  };
  llvm::SetVector<Operation *> slice;
  (void)getBackwardSlice(pack, &slice, options);
  slice.insert(pack);
  // Clone in the function's IR order; ops nested in a sliced op come with
  // it.
  SmallVector<Operation *> ordered;
  funcOp.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!slice.contains(op))
      return WalkResult::advance();
    ordered.push_back(op);
    return WalkResult::skip();
  });
  Block &funcEntry = funcOp.getFunctionBody().front();
  for (Operation *op : ordered) {
    if (failed(checkAvailable(funcOp, op, slice, funcEntry, pack)))
      return failure();
    builder.clone(*op, mapping);
  }
  return mapping.lookup(packOp.getTotalLength());
}

void inlineTransientSizeCalls(Region &region,
                              SymbolTableCollection &symbolTables) {
  SmallVector<Operation *> worklist;
  region.walk([&](Operation *op) {
    if (isTransientSizeCall(op))
      worklist.push_back(op);
  });
  while (!worklist.empty()) {
    auto callOp = cast<util::CallOp>(worklist.pop_back_val());
    auto callee = symbolTables.lookupNearestSymbolFrom<FunctionOpInterface>(
        callOp, callOp.getCalleeAttr());
    Block &body = callee.getFunctionBody().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), callOp.getArguments());
    OpBuilder builder(callOp);
    for (Operation &op : body.without_terminator()) {
      Operation *clone = builder.clone(op, mapping);
      clone->walk([&](Operation *nested) {
        if (isTransientSizeCall(nested))
          worklist.push_back(nested);
      });
    }
    for (auto [result, returned] :
         llvm::zip(callOp.getResults(), body.getTerminator()->getOperands()))
      result.replaceAllUsesWith(mapping.lookupOrDefault(returned));
    callOp.erase();
  }
}

} // namespace sluice::stream
