//===- PropagateSubranges.cpp - iree-util-propagate-subranges -------------===//
//
// stream-passes-2.md §15.10: every value of a SubrangeTypeInterface type
// travels as (resource, storage size, offset, length) across globals,
// private util.func signatures, calls, returns, branches and region ops.
//
// [SCALE] The reference copies the subrange map into every region it
// expands; Sluice keeps one map with an undo log (a scope per region), which
// gives the same visibility: a region's mappings are dropped before its
// terminators are expanded by the enclosing rebuild.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/LocalDominance.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/SymbolTable.h"

namespace sluice::util {
#define GEN_PASS_DEF_PROPAGATESUBRANGESPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

bool isSubrangeType(Type type) { return isa<SubrangeTypeInterface>(type); }
bool anySubrange(TypeRange types) {
  return llvm::any_of(types, isSubrangeType);
}
bool usesSubranges(Operation *op) {
  return anySubrange(op->getOperandTypes()) ||
         anySubrange(op->getResultTypes());
}

struct Subrange {
  Value resource, size, offset, length;
};

/// A map with scopes: mappings made inside a scope are undone when it ends.
class ScopedSubrangeMap {
public:
  const Subrange *lookup(Value v) const {
    auto it = map.find(v);
    return it == map.end() ? nullptr : &it->second;
  }
  void insert(Value v, Subrange s) {
    auto it = map.find(v);
    if (it == map.end()) {
      undo.push_back({v, std::nullopt});
      map.try_emplace(v, s);
    } else {
      undo.push_back({v, it->second});
      it->second = s;
    }
  }
  size_t pushScope() const { return undo.size(); }
  void popScope(size_t mark) {
    while (undo.size() > mark) {
      auto [v, old] = undo.pop_back_val();
      if (old)
        map[v] = *old;
      else
        map.erase(v);
    }
  }
  void clear() {
    map.clear();
    undo.clear();
  }

private:
  llvm::DenseMap<Value, Subrange> map;
  SmallVector<std::pair<Value, std::optional<Subrange>>> undo;
};

struct ExpandedGlobal {
  GlobalOp size, offset, length;
};

class SubrangePropagator {
public:
  explicit SubrangePropagator(ModuleOp moduleOp) : moduleOp(moduleOp) {}

  void run() {
    symbolTable.emplace(moduleOp);
    expandGlobals();
    for (Operation &op : llvm::make_early_inc_range(*moduleOp.getBody())) {
      auto callable = dyn_cast<CallableOpInterface>(&op);
      if (!callable)
        continue;
      Region *region = callable.getCallableRegion();
      if (!region || region->empty() || region->front().empty())
        continue;
      if (!isa<InitializerOp, FuncOp>(&op))
        continue;
      subranges.clear();
      indexConstants.clear();
      memoAnchor = &region->front().front();
      expand(&op);
    }
  }

private:
  void expandGlobals() {
    SmallVector<GlobalOp> globals;
    for (auto globalOp : moduleOp.getOps<GlobalOp>())
      if (isSubrangeType(globalOp.getType()))
        globals.push_back(globalOp);
    for (GlobalOp globalOp : globals) {
      OpBuilder builder(moduleOp.getContext());
      builder.setInsertionPointAfter(globalOp);
      auto create = [&](StringRef suffix) {
        auto newOp =
            GlobalOp::create(builder, globalOp.getLoc(),
                             (globalOp.getSymName() + "__" + suffix).str(),
                             /*isMutable=*/true, builder.getIndexType());
        newOp.setSymVisibilityAttr(globalOp.getSymVisibilityAttr());
        symbolTable->insert(newOp, builder.getInsertionPoint());
        builder.setInsertionPointAfter(newOp);
        return newOp;
      };
      ExpandedGlobal expanded;
      expanded.size = create("storage_size");
      expanded.offset = create("offset");
      expanded.length = create("length");
      expandedGlobals[globalOp.getSymNameAttr()] = expanded;
    }
  }

  Value getIndex(int64_t value) {
    auto [it, inserted] = indexConstants.try_emplace(value, Value());
    if (inserted) {
      OpBuilder builder(memoAnchor);
      it->second =
          arith::ConstantIndexOp::create(builder, memoAnchor->getLoc(), value);
    }
    return it->second;
  }

  Subrange consume(Value value, OpBuilder &builder) {
    if (const Subrange *s = subranges.lookup(value))
      return *s;
    if (auto subrangeOp = value.getDefiningOp<SubrangeOpInterface>()) {
      if (subrangeOp.getSubrangeResult() == value) {
        Subrange s{subrangeOp.getSubrangeResource(),
                   subrangeOp.getSubrangeResourceSize(),
                   subrangeOp.getSubrangeOffset(),
                   subrangeOp.getSubrangeLength()};
        subranges.insert(value, s);
        return s;
      }
    }
    Value size =
        SizeAwareTypeInterface::queryValueSize(value.getLoc(), value, builder);
    Subrange s{value, size, getIndex(0), size};
    subranges.insert(value, s);
    return s;
  }

  Value createSubrangeOp(Location loc, const Subrange &s, OpBuilder &builder) {
    return cast<SubrangeTypeInterface>(s.resource.getType())
        .createSubrangeOp(loc, s.resource, s.size, s.offset, s.length, builder);
  }

  static void expandType(Type type, SmallVectorImpl<Type> &types) {
    types.push_back(type);
    if (isSubrangeType(type)) {
      Type index = IndexType::get(type.getContext());
      types.append({index, index, index});
    }
  }

  void expandValue(Value value, OpBuilder &builder,
                   SmallVectorImpl<Value> &values) {
    if (!isSubrangeType(value.getType())) {
      values.push_back(value);
      return;
    }
    Subrange s = consume(value, builder);
    values.append({s.resource, s.size, s.offset, s.length});
  }

  SmallVector<Value> expandValues(ValueRange range, OpBuilder &builder) {
    SmallVector<Value> values;
    for (Value v : range)
      expandValue(v, builder, values);
    return values;
  }

  void expand(Operation *op) {
    if (auto subrangeOp = dyn_cast<SubrangeOpInterface>(op)) {
      if (subrangeOp.getSubrangeResult())
        expandSubrangeOp(subrangeOp);
      return;
    }
    if (auto load = dyn_cast<GlobalLoadOpInterface>(op))
      return expandGlobalLoad(load);
    if (auto store = dyn_cast<GlobalStoreOpInterface>(op))
      return expandGlobalStore(store);
    if (auto initializer = dyn_cast<InitializerOp>(op))
      return expandRegion(initializer.getBody(), /*canModifyEntryBlock=*/false);
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

  void expandRegion(Region &region, bool canModifyEntryBlock) {
    if (region.empty())
      return;
    size_t scope = subranges.pushScope();
    Type index = IndexType::get(region.getContext());
    for (Block &block : region) {
      if (block.isEntryBlock() && !canModifyEntryBlock)
        continue;
      if (!anySubrange(block.getArgumentTypes()))
        continue;
      SmallVector<BlockArgument> resources;
      for (unsigned i = block.getNumArguments(); i-- > 0;) {
        BlockArgument arg = block.getArgument(i);
        if (!isSubrangeType(arg.getType()))
          continue;
        Location loc = arg.getLoc();
        block.insertArgument(i + 1, index, loc);
        block.insertArgument(i + 2, index, loc);
        block.insertArgument(i + 3, index, loc);
        resources.push_back(arg);
      }
      OpBuilder builder = OpBuilder::atBlockBegin(&block);
      for (BlockArgument arg : llvm::reverse(resources)) {
        unsigned i = arg.getArgNumber();
        Subrange s{arg, block.getArgument(i + 1), block.getArgument(i + 2),
                   block.getArgument(i + 3)};
        subranges.insert(arg, s);
        Value view = createSubrangeOp(region.getLoc(), s, builder);
        arg.replaceAllUsesExcept(view, view.getDefiningOp());
      }
    }

    auto visitBlock = [&](Block &block) {
      for (Operation &op : llvm::make_early_inc_range(block))
        expand(&op);
    };
    // Dominator-tree order, then the blocks it does not reach (unreachable).
    for (Block *block : blocksInDominanceOrder(region))
      visitBlock(*block);
    subranges.popScope(scope);
  }

  void expandSubrangeOp(SubrangeOpInterface op) {
    Value result = op.getSubrangeResult();
    if (subranges.lookup(result))
      return;
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    Subrange src = consume(op.getSubrangeResource(), builder);
    if (src.resource == op.getSubrangeResource())
      return;
    Value offset = builder.createOrFold<arith::AddIOp>(op->getLoc(), src.offset,
                                                       op.getSubrangeOffset());
    subranges.insert(result,
                     {src.resource, src.size, offset, op.getSubrangeLength()});
  }

  void expandGlobalLoad(GlobalLoadOpInterface op) {
    auto it = expandedGlobals.find(op.getGlobalAttr().getAttr());
    if (it == expandedGlobals.end())
      return;
    Value loaded = op.getLoadedGlobalValue();
    Location loc = op->getLoc();
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    auto load = [&](GlobalOp globalOp) {
      return globalOp.createLoadOp(loc, builder).getLoadedGlobalValue();
    };
    Subrange s{loaded, load(it->second.size), load(it->second.offset),
               load(it->second.length)};
    subranges.insert(loaded, s);
    Value view = createSubrangeOp(loc, s, builder);
    loaded.replaceAllUsesExcept(view, view.getDefiningOp());
  }

  void expandGlobalStore(GlobalStoreOpInterface op) {
    auto it = expandedGlobals.find(op.getGlobalAttr().getAttr());
    if (it == expandedGlobals.end())
      return;
    Location loc = op->getLoc();
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    Subrange s = consume(op.getStoredGlobalValue(), builder);
    auto resourceGlobal =
        symbolTable->lookup<GlobalOpInterface>(op.getGlobalName());
    resourceGlobal.createStoreOp(loc, s.resource, builder);
    it->second.size.createStoreOp(loc, s.size, builder);
    it->second.offset.createStoreOp(loc, s.offset, builder);
    it->second.length.createStoreOp(loc, s.length, builder);
    op->erase();
  }

  static bool isExpandedFunction(FuncOp funcOp) {
    return funcOp && !funcOp.isPublic() && !funcOp.isExternal();
  }

  void expandFunc(FuncOp op) {
    bool expanded = isExpandedFunction(op);
    if (expanded) {
      auto expandSig = [](unsigned, Type type, SmallVectorImpl<Type> &types) {
        expandType(type, types);
      };
      op.expandSignature(expandSig, expandSig);
    }
    if (!op.isExternal())
      expandRegion(op.getBody(), /*canModifyEntryBlock=*/expanded);
  }

  void expandCall(CallOp op) {
    if (!usesSubranges(op))
      return;
    auto callee = symbolTable->lookup<FuncOp>(op.getCallee());
    if (!isExpandedFunction(callee))
      return;
    OpBuilder builder(op);
    CallOp newOp = op.cloneAndExpand(
        [&](unsigned, Value operand, SmallVectorImpl<Value> &values) {
          expandValue(operand, builder, values);
        },
        [](unsigned, Type type, SmallVectorImpl<Type> &types) {
          expandType(type, types);
        },
        builder);
    builder.setInsertionPointAfter(newOp);
    replaceExpandedResults(op, newOp, builder);
    op.erase();
  }

  /// Replaces the results of `oldOp` by those of `newOp`, wrapping each
  /// expanded resource result in a subrange op.
  void replaceExpandedResults(Operation *oldOp, Operation *newOp,
                              OpBuilder &builder) {
    unsigned next = 0;
    for (OpResult oldResult : oldOp->getResults()) {
      Value newResult = newOp->getResult(next++);
      if (!isSubrangeType(oldResult.getType())) {
        oldResult.replaceAllUsesWith(newResult);
        continue;
      }
      Subrange s{newResult, newOp->getResult(next), newOp->getResult(next + 1),
                 newOp->getResult(next + 2)};
      next += 3;
      subranges.insert(newResult, s);
      oldResult.replaceAllUsesWith(
          createSubrangeOp(oldOp->getLoc(), s, builder));
    }
  }

  void expandReturn(ReturnOp op) {
    if (!usesSubranges(op))
      return;
    if (!isExpandedFunction(dyn_cast<FuncOp>(op->getParentOp())))
      return;
    OpBuilder builder(op);
    ReturnOp::create(builder, op.getLoc(),
                     expandValues(op.getOperands(), builder));
    op.erase();
  }

  void expandBranch(Operation *op) {
    OpBuilder builder(op);
    if (auto br = dyn_cast<cf::BranchOp>(op)) {
      // [QUIRK PS1] rebuilt even without subranges.
      cf::BranchOp::create(builder, op->getLoc(), br.getDest(),
                           expandValues(br.getDestOperands(), builder));
    } else if (!usesSubranges(op)) {
      return;
    } else if (auto condBr = dyn_cast<cf::CondBranchOp>(op)) {
      SmallVector<Value> trueOperands =
          expandValues(condBr.getTrueDestOperands(), builder);
      SmallVector<Value> falseOperands =
          expandValues(condBr.getFalseDestOperands(), builder);
      cf::CondBranchOp::create(builder, op->getLoc(), condBr.getCondition(),
                               condBr.getTrueDest(), trueOperands,
                               condBr.getFalseDest(), falseOperands);
    } else {
      auto switchOp = cast<cf::SwitchOp>(op);
      SmallVector<Value> defaultOperands =
          expandValues(switchOp.getDefaultOperands(), builder);
      SmallVector<SmallVector<Value>> caseOperands;
      for (OperandRange operands : switchOp.getCaseOperands())
        caseOperands.push_back(expandValues(operands, builder));
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

  void expandRegionBranch(MutableRegionBranchOpInterface op) {
    Operation *operation = op.getOperation();
    if (!usesSubranges(operation)) {
      for (Region &region : operation->getRegions())
        expandRegion(region, /*canModifyEntryBlock=*/false);
      return;
    }
    OpBuilder builder(operation);
    Operation *newOp = op.rebuildWithExpandedTypes(
        [](Type type) {
          SmallVector<Type> types;
          expandType(type, types);
          return types;
        },
        [&](Value value, OpBuilder &operandBuilder) {
          SmallVector<Value> values;
          expandValue(value, operandBuilder, values);
          return values;
        },
        [&](Location loc, Value original, ValueRange expanded,
            OpBuilder &argBuilder) -> Value {
          Subrange s{expanded[0], expanded[1], expanded[2], expanded[3]};
          subranges.insert(expanded[0], s);
          return createSubrangeOp(loc, s, argBuilder);
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

  ModuleOp moduleOp;
  std::optional<SymbolTable> symbolTable;
  llvm::DenseMap<StringAttr, ExpandedGlobal> expandedGlobals;
  ScopedSubrangeMap subranges;
  llvm::DenseMap<int64_t, Value> indexConstants;
  Operation *memoAnchor = nullptr;
};

class PropagateSubrangesPass
    : public impl::PropagateSubrangesPassBase<PropagateSubrangesPass> {
public:
  void runOnOperation() override { SubrangePropagator(getOperation()).run(); }
};

} // namespace
} // namespace sluice::util
