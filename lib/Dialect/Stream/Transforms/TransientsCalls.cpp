//===- TransientsCalls.cpp - calls in external transients (§9.2) ----------===//

#include "TransientsCalls.h"
#include "TransientsUtils.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"

using namespace mlir;

namespace sluice::stream {

TransientCallGraph::TransientCallGraph(ModuleOp moduleOp,
                                       const TransientFunctionSummary &known)
    : symbolTable(moduleOp) {
  // Callers of each function, and the functions that allocate directly.
  llvm::DenseMap<Operation *, SmallVector<Operation *>> callers;
  SmallVector<Operation *> worklist;
  for (auto funcOp : moduleOp.getOps<FunctionOpInterface>()) {
    if (funcOp.isExternal())
      continue;
    bool direct = false;
    if (funcOp.getOperation() == known.funcOp) {
      direct = known.allocates;
      for (CallOpInterface callOp : known.calls)
        if (FunctionOpInterface callee = lookupCallee(callOp))
          callers[callee].push_back(funcOp);
      if (direct && allocating.insert(funcOp).second)
        worklist.push_back(funcOp);
      continue;
    }
    funcOp.walk([&](Operation *op) {
      if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
        direct |= isTransientResourceType(allocaOp.getResult().getType());
      } else if (auto callOp = dyn_cast<CallOpInterface>(op)) {
        if (FunctionOpInterface callee = lookupCallee(callOp))
          callers[callee].push_back(funcOp);
      }
    });
    if (direct && allocating.insert(funcOp).second)
      worklist.push_back(funcOp);
  }
  while (!worklist.empty()) {
    Operation *callee = worklist.pop_back_val();
    auto it = callers.find(callee);
    if (it == callers.end())
      continue;
    for (Operation *caller : it->second)
      if (allocating.insert(caller).second)
        worklist.push_back(caller);
  }
}

FunctionOpInterface TransientCallGraph::lookupCallee(CallOpInterface callOp) {
  auto symbol = dyn_cast<SymbolRefAttr>(callOp.getCallableForCallee());
  if (!symbol || !isa<FlatSymbolRefAttr>(symbol))
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      symbolTable.lookup(symbol.getRootReference()));
}

bool isComputableAtEntry(Value value, FunctionOpInterface funcOp) {
  Block *entry = &funcOp.getFunctionBody().front();
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(current)) {
      if (arg.getOwner() != entry)
        return false;
      continue;
    }
    Operation *def = current.getDefiningOp();
    if (!isSizeComputationOp(def))
      return false;
    if (def->getBlock() != entry && !isTransientSizeCall(def) &&
        !isSpeculatable(def))
      return false;
    worklist.append(def->operand_begin(), def->operand_end());
  }
  return true;
}

bool isInsideLoop(Operation *op, FunctionOpInterface funcOp) {
  for (Region *region = op->getParentRegion();
       region && region != &funcOp.getFunctionBody();
       region = region->getParentOp()->getParentRegion()) {
    auto branchOp = dyn_cast<RegionBranchOpInterface>(region->getParentOp());
    if (branchOp && branchOp.isRepetitiveRegion(region->getRegionNumber()))
      return true;
  }
  return false;
}

/// Inserts `op` (detached) right after `after` and uniques its name.
static void insertAfter(Operation *op, Operation *after,
                        SymbolTable &symbolTable) {
  symbolTable.insert(op, std::next(Block::iterator(after)));
}

FunctionOpInterface cloneWithSlab(FunctionOpInterface callee,
                                  SymbolTable &symbolTable) {
  auto clone = cast<FunctionOpInterface>(callee->clone());
  MLIRContext *context = callee.getContext();
  SymbolTable::setSymbolName(
      clone,
      (SymbolTable::getSymbolName(callee).getValue() + "$transients").str());
  SymbolTable::setSymbolVisibility(clone, SymbolTable::Visibility::Private);
  // A private copy is not an entry point: no reflection of its own.
  clone->removeAttr("iree.reflection");
  insertAfter(clone, callee, symbolTable);
  unsigned end = clone.getNumArguments();
  Location loc = callee.getLoc();
  (void)clone.insertArguments(
      {end, end},
      {ResourceType::get(context, Lifetime::Transient),
       IndexType::get(context)},
      {DictionaryAttr::get(context), DictionaryAttr::get(context)}, {loc, loc});
  return clone;
}

FailureOr<FunctionOpInterface>
createSizeFunction(FunctionOpInterface callee, FunctionOpInterface specialized,
                   Operation *pack, SymbolTable &symbolTable,
                   SmallVectorImpl<unsigned> &keptArgs) {
  MLIRContext *context = callee.getContext();
  auto indexType = IndexType::get(context);
  OpBuilder moduleBuilder(context);
  auto sizeOp = util::FuncOp::create(
      moduleBuilder, callee.getLoc(),
      (SymbolTable::getSymbolName(callee).getValue() + "$transients_size")
          .str(),
      FunctionType::get(context, callee.getArgumentTypes(), {indexType}));
  sizeOp.setPrivate();
  insertAfter(sizeOp, specialized, symbolTable);
  Block *entry = sizeOp.addEntryBlock();
  OpBuilder builder = OpBuilder::atBlockEnd(entry);
  Value total;
  if (pack) {
    IRMapping mapping;
    Block &specializedEntry = specialized.getFunctionBody().front();
    for (auto [from, to] :
         llvm::zip(specializedEntry.getArguments(), entry->getArguments()))
      mapping.map(from, to);
    FailureOr<Value> cloned =
        cloneTotalLength(specialized, pack, builder, mapping);
    if (failed(cloned))
      return failure();
    total = *cloned;
  } else {
    total = arith::ConstantIndexOp::create(builder, callee.getLoc(), 0);
  }
  util::ReturnOp::create(builder, callee.getLoc(), total);

  llvm::BitVector unused(entry->getNumArguments());
  for (BlockArgument arg : entry->getArguments()) {
    if (arg.use_empty())
      unused.set(arg.getArgNumber());
    else
      keptArgs.push_back(arg.getArgNumber());
  }
  if (failed(cast<FunctionOpInterface>(sizeOp.getOperation())
                 .eraseArguments(unused)))
    return failure();
  return cast<FunctionOpInterface>(sizeOp.getOperation());
}

TransientCallRewrite rewriteTransientCall(CallOpInterface callOp,
                                          FunctionOpInterface specialized,
                                          FunctionOpInterface sizeFunction,
                                          ArrayRef<unsigned> keptArgs,
                                          AffinityAttr affinity) {
  MLIRContext *context = callOp.getContext();
  Location loc = callOp.getLoc();
  auto indexType = IndexType::get(context);
  auto timepointType = TimepointType::get(context);
  auto transientType = ResourceType::get(context, Lifetime::Transient);
  OpBuilder builder(callOp);

  SmallVector<Value> args(callOp.getArgOperands());
  SmallVector<Value> sizeArgs;
  for (unsigned index : keptArgs)
    sizeArgs.push_back(args[index]);
  auto sizeCall = util::CallOp::create(
      builder, loc, TypeRange{indexType},
      SymbolTable::getSymbolName(sizeFunction).getValue(), sizeArgs,
      /*tied_operands=*/nullptr, /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr);
  sizeCall->setAttr(kTransientSizeCallAttr, builder.getUnitAttr());
  Value size = sizeCall.getResult(0);

  SmallVector<Value> awaits;
  for (Value arg : args)
    if (isa<TimepointType>(arg.getType()))
      awaits.push_back(arg);
  Value await;
  if (awaits.size() == 1)
    await = awaits.front();
  else if (awaits.size() > 1)
    await = TimepointJoinOp::create(builder, loc, timepointType, awaits);
  auto allocaOp = ResourceAllocaOp::create(
      builder, loc, transientType, timepointType, size, await,
      /*indeterminate_lifetime=*/nullptr, affinity);

  Operation *newCall = builder.clone(*callOp);
  auto newCallOp = cast<CallOpInterface>(newCall);
  newCallOp.setCalleeFromCallable(FlatSymbolRefAttr::get(specialized));
  // The callee waits on the slab: each timepoint argument becomes the
  // alloca's timepoint, which follows all of them (it awaits their join),
  // so the callee waits no less than before and its work on the slab is
  // ordered after the slab is available.
  for (OpOperand &operand : newCallOp.getArgOperandsMutable())
    if (isa<TimepointType>(operand.get().getType()))
      operand.set(allocaOp.getResultTimepoint());
  newCallOp.getArgOperandsMutable().append(
      ValueRange{allocaOp.getResult(), size});
  if (auto argAttrs = newCall->getAttrOfType<ArrayAttr>("arg_attrs")) {
    SmallVector<Attribute> extended(argAttrs.getValue());
    extended.append(2, DictionaryAttr::get(context));
    newCall->setAttr("arg_attrs", ArrayAttr::get(context, extended));
  }
  callOp->replaceAllUsesWith(newCall->getResults());
  callOp->erase();

  SmallVector<Value> joined{allocaOp.getResultTimepoint()};
  for (Value result : newCall->getResults())
    if (isa<TimepointType>(result.getType()))
      joined.push_back(result);
  builder.setInsertionPointAfter(newCall);
  auto joinOp = TimepointJoinOp::create(builder, loc, timepointType, joined);
  auto deallocaOp = ResourceDeallocaOp::create(
      builder, loc, timepointType, allocaOp.getResult(), size,
      joinOp.getResultTimepoint(), /*prefer_origin=*/nullptr, affinity);
  for (Value result : newCall->getResults())
    if (isa<TimepointType>(result.getType()))
      result.replaceAllUsesExcept(deallocaOp.getResultTimepoint(), joinOp);
  return {allocaOp, joinOp};
}

void dropSlabTimepoint(TimepointJoinOp releaseJoin) {
  releaseJoin.getTimepointsMutable().erase(0);
  if (releaseJoin.getTimepoints().size() != 1)
    return;
  releaseJoin.getResultTimepoint().replaceAllUsesWith(
      releaseJoin.getTimepoints().front());
  releaseJoin.erase();
}

} // namespace sluice::stream
