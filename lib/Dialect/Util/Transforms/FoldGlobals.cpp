//===- FoldGlobals.cpp - iree-util-fold-globals ---------------------------===//
//
// stream-passes-2.md §15.5: up to 10 rounds of module canonicalization and
// the six global foldings over the global table (§15.0).
//
//===----------------------------------------------------------------------===//

#include "ConstantUtils.h"
#include "GlobalTable.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/FixedPoint.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/Patterns.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::util {
#define GEN_PASS_DEF_FOLDGLOBALSPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

/// The constant attribute `value` is produced by, or null.
Attribute getConstantValue(Value value) {
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  return {};
}

// 1. Globals without initial value always stored one constant take it as
// their initial value.
bool inlineConstantGlobalStores(GlobalTable &table) {
  return table.forEach([](GlobalInfo &global) {
    if (global.isIndirect || global.op.getGlobalInitialValue() ||
        global.stores.empty())
      return GlobalAction::PRESERVE;
    Attribute constant;
    for (GlobalStoreOpInterface store : global.stores) {
      Attribute value = getConstantValue(store.getStoredGlobalValue());
      if (!value || (constant && constant != value))
        return GlobalAction::PRESERVE;
      constant = value;
    }
    if (auto typed = dyn_cast<TypedAttr>(constant))
      if (typed.getType() != global.op.getGlobalType())
        return GlobalAction::PRESERVE;
    global.op.setGlobalInitialValue(constant);
    for (GlobalStoreOpInterface store : global.stores)
      store->erase();
    global.stores.clear();
    return GlobalAction::UPDATE;
  });
}

// 2. Globals only ever stored another global's value become that global.
bool renameChainedGlobals(GlobalTable &table) {
  return table.forEach([&](GlobalInfo &global) {
    if (!global.isCandidate() || global.stores.empty())
      return GlobalAction::PRESERVE;
    StringRef other;
    for (GlobalStoreOpInterface store : global.stores) {
      auto load =
          store.getStoredGlobalValue().getDefiningOp<GlobalLoadOpInterface>();
      if (!load || (!other.empty() && other != load.getGlobalName()))
        return GlobalAction::PRESERVE;
      other = load.getGlobalName();
    }
    GlobalInfo *target = table.lookup(other);
    if (!target || target == &global)
      return GlobalAction::PRESERVE;
    table.renameGlobalUses(global, *target);
    for (GlobalStoreOpInterface store : global.stores)
      store->erase();
    global.stores.clear();
    return GlobalAction::DELETE;
  });
}

// 3. Globals never stored outside initializer-only code become immutable.
bool updateGlobalImmutability(GlobalTable &table) {
  return table.forEach([](GlobalInfo &global) {
    if (!global.isCandidate())
      return GlobalAction::PRESERVE;
    if (!global.stores.empty() && !global.onlyInitialized)
      return GlobalAction::PRESERVE;
    bool changed = false;
    if (global.op.isGlobalMutable()) {
      global.op.setGlobalMutable(false);
      changed = true;
    }
    for (GlobalLoadOpInterface load : global.loads) {
      if (load.isGlobalImmutable() ||
          load->getParentOfType<InitializerOpInterface>())
        continue;
      load.setGlobalImmutable(true);
      changed = true;
    }
    return changed ? GlobalAction::UPDATE : GlobalAction::PRESERVE;
  });
}

/// Builds a constant of `value` (of `type`) before `builder`'s insertion
/// point, or returns null.
Value materializeGlobalConstant(OpBuilder &builder, Location loc,
                                Attribute value, Type type) {
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(value))
    if (isa<FunctionType>(type))
      return func::ConstantOp::create(builder, loc, type, symbol);
  return materializeUtilConstant(builder, loc, value, type);
}

// 4. Loads of immutable constant globals become constants.
bool inlineConstantGlobalLoads(GlobalTable &table) {
  return table.forEach([&](GlobalInfo &global) {
    if (global.isIndirect || !global.stores.empty() ||
        global.op.isGlobalMutable() || global.loads.empty())
      return GlobalAction::PRESERVE;
    Attribute value = global.op.getGlobalInitialValue();
    if (!value || isa<UninitializedAttr>(value))
      return GlobalAction::PRESERVE;
    for (NamedAttribute attr : global.op->getDiscardableAttrs())
      if (attr.getName().getValue().contains('.') &&
          !attr.getName().getValue().starts_with("util."))
        return GlobalAction::PRESERVE;
    Type type = global.op.getGlobalType();
    if (isa<ReferenceTypeInterface>(type))
      return GlobalAction::PRESERVE;
    InliningPolicyAttrInterface policy = global.op.getGlobalInliningPolicy();
    bool changed = false;
    SmallVector<GlobalLoadOpInterface> kept;
    for (GlobalLoadOpInterface load : global.loads) {
      if (policy && !policy.isLegalToInline(load, global.op)) {
        kept.push_back(load);
        continue;
      }
      OpBuilder builder(load);
      Value constant = materializeGlobalConstant(builder, load->getLoc(), value,
                                                 load->getResult(0).getType());
      if (!constant) {
        kept.push_back(load);
        continue;
      }
      load->getResult(0).replaceAllUsesWith(constant);
      load->erase();
      changed = true;
    }
    global.loads = std::move(kept);
    if (global.loads.empty() && global.referencingOps.empty())
      return global.op.isGlobalPrivate() ? GlobalAction::DELETE
                                         : GlobalAction::UPDATE;
    return changed ? GlobalAction::UPDATE : GlobalAction::PRESERVE;
  });
}

// 5. Unused private globals are erased.
bool eraseUnusedGlobals(GlobalTable &table) {
  return table.forEach([](GlobalInfo &global) {
    if (global.canDCE() && global.loads.empty() &&
        global.referencingOps.empty())
      return GlobalAction::DELETE;
    return GlobalAction::PRESERVE;
  });
}

// 6. Private constant globals with the same value, type and dialect
// attributes merge into the first.
bool deduplicateConstantGlobals(GlobalTable &table) {
  using Key = std::tuple<Attribute, Type, DictionaryAttr>;
  llvm::MapVector<Key, SmallVector<GlobalInfo *>> groups;
  for (size_t i = 0; i < table.size(); ++i) {
    GlobalInfo &global = table[i];
    if (global.erased || !global.isCandidate() || !global.stores.empty())
      continue;
    Attribute value = global.op.getGlobalInitialValue();
    if (!value)
      continue;
    SmallVector<NamedAttribute> dialectAttrs;
    for (NamedAttribute attr : global.op->getDiscardableAttrs())
      if (attr.getName().getValue().contains('.'))
        dialectAttrs.push_back(attr);
    auto dict = DictionaryAttr::get(global.op->getContext(), dialectAttrs);
    groups[{value, global.op.getGlobalType(), dict}].push_back(&global);
  }
  bool changed = false;
  for (auto &[key, members] : groups) {
    if (members.size() < 2)
      continue;
    GlobalInfo *base = members.front();
    SmallVector<Location> locs;
    for (GlobalInfo *member : members)
      locs.push_back(member->op->getLoc());
    base->op->setLoc(FusedLoc::get(base->op->getContext(), locs));
    for (GlobalInfo *member : llvm::drop_begin(members)) {
      table.renameGlobalUses(*member, *base);
      table.eraseGlobal(*member);
    }
    changed = true;
  }
  return changed;
}

class FoldGlobalsPass : public impl::FoldGlobalsPassBase<FoldGlobalsPass> {
public:
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owning(context);
    populateAllCanonicalizationPatterns(context, owning);
    patterns = FrozenRewritePatternSet(std::move(owning));
    return success();
  }

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    UnchangedIRGuard guard(*this, moduleOp);
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
    std::optional<GlobalTable> table;
    bool changedAny = false;
    bool modifiedAny = false;
    for (int iteration = 0; iteration < 10; ++iteration) {
      // Once a change is known, later rounds skip the untouched-IR check
      // (a walk of its own).
      bool modified = true;
      (void)applyPatternsGreedilyLinear(moduleOp, patterns, config,
                                        /*changed=*/nullptr,
                                        modifiedAny ? nullptr : &modified);
      modifiedAny |= modified;
      if (!table)
        table.emplace(moduleOp);
      else
        table->rebuild();
      bool changed = false;
      changed |= inlineConstantGlobalStores(*table);
      changed |= renameChainedGlobals(*table);
      changed |= updateGlobalImmutability(*table);
      changed |= inlineConstantGlobalLoads(*table);
      changed |= eraseUnusedGlobals(*table);
      changed |= deduplicateConstantGlobals(*table);
      if (!changed)
        break;
      changedAny = true;
    }
    if (changedAny)
      signalFixedPointModified(moduleOp);
    if (guard.unchanged(modifiedAny || changedAny, getName()))
      markAllAnalysesPreserved();
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
} // namespace sluice::util
