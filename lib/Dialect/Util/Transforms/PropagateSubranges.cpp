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

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/ValueExpander.h"

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

ValueExpanderOptions subrangeExpanderOptions() {
  ValueExpanderOptions options;
  options.rebuildBranchWithoutExpandedValues = true; // [QUIRK PS1]
  options.switchDefaultOperandsFirst = true;
  options.expandRegionsOfUnexpandedRegionOps = true;
  return options;
}

class SubrangePropagator : public ValueExpander {
public:
  explicit SubrangePropagator(ModuleOp moduleOp)
      : ValueExpander(moduleOp, subrangeExpanderOptions()) {}

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

  bool isExpandedType(Type type) const override { return isSubrangeType(type); }
  void appendCompanionTypes(Type type,
                            SmallVectorImpl<Type> &types) const override {
    Type index = IndexType::get(type.getContext());
    types.append({index, index, index});
  }
  void appendExpandedGroup(Value value, OpBuilder &builder,
                           SmallVectorImpl<Value> &values) override {
    Subrange s = consume(value, builder);
    values.append({s.resource, s.size, s.offset, s.length});
  }
  /// Records the group and wraps it in a subrange op for the old uses.
  Value mapGroup(Location loc, Value resource, ValueRange companions,
                 OpBuilder &builder) {
    Subrange s{resource, companions[0], companions[1], companions[2]};
    subranges.insert(resource, s);
    return createSubrangeOp(loc, s, builder);
  }
  void mapBlockArgument(BlockArgument arg, ValueRange companions,
                        Location regionLoc, OpBuilder &builder) override {
    Value view = mapGroup(regionLoc, arg, companions, builder);
    arg.replaceAllUsesExcept(view, view.getDefiningOp());
  }
  Value mapResult(Operation *oldOp, Operation *, Value newResult,
                  ValueRange companions, OpBuilder &builder) override {
    return mapGroup(oldOp->getLoc(), newResult, companions, builder);
  }
  Value mapRegionArgument(Location loc, Value, ValueRange expanded,
                          OpBuilder &builder) override {
    return mapGroup(loc, expanded[0], expanded.drop_front(), builder);
  }

  void expand(Operation *op) override {
    if (auto subrangeOp = dyn_cast<SubrangeOpInterface>(op)) {
      if (subrangeOp.getSubrangeResult())
        expandSubrangeOp(subrangeOp);
      return;
    }
    if (auto load = dyn_cast<GlobalLoadOpInterface>(op))
      return expandGlobalLoad(load);
    if (auto store = dyn_cast<GlobalStoreOpInterface>(op))
      return expandGlobalStore(store);
    ValueExpander::expand(op);
  }

  /// Mappings made inside a region are dropped when it is done.
  void expandRegion(Region &region, bool canModifyEntryBlock) override {
    size_t scope = subranges.pushScope();
    ValueExpander::expandRegion(region, canModifyEntryBlock);
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
