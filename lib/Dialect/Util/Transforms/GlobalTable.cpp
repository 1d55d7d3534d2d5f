//===- GlobalTable.cpp - the global table of the util passes --------------===//

#include "GlobalTable.h"

#include "sluice/Dialect/Util/Analysis/SymbolRefs.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace sluice::util {

//===----------------------------------------------------------------------===//
// CallReachability
//===----------------------------------------------------------------------===//

CallReachability::CallReachability(ModuleOp moduleOp) {
  SymbolTable symbolTable(moduleOp);
  // Direct call edges of every callable in the module (nested callables
  // included, as in the upstream call graph).
  llvm::DenseMap<Operation *, SmallVector<Operation *>> callees;
  SmallVector<Operation *> publicRoots, initializerRoots;
  moduleOp.walk([&](CallableOpInterface callable) {
    Operation *op = callable.getOperation();
    if (isa<InitializerOpInterface>(op)) {
      initializerRoots.push_back(op);
    } else if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      if (func.isPublic())
        publicRoots.push_back(op);
    }
    Region *region = callable.getCallableRegion();
    if (!region)
      return;
    SmallVector<Operation *> &list = callees[op];
    region->walk([&](CallOpInterface call) {
      auto ref =
          dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!ref)
        return;
      Operation *callee = symbolTable.lookupNearestSymbolFrom(call, ref);
      if (callee && isa<CallableOpInterface>(callee))
        list.push_back(callee);
    });
  });
  auto flood = [&](ArrayRef<Operation *> roots,
                   llvm::DenseSet<Operation *> &set, bool includeRoots) {
    SmallVector<Operation *> worklist;
    for (Operation *root : roots) {
      if (includeRoots)
        set.insert(root);
      worklist.push_back(root);
    }
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      auto it = callees.find(op);
      if (it == callees.end())
        continue;
      for (Operation *callee : it->second)
        if (set.insert(callee).second)
          worklist.push_back(callee);
    }
  };
  flood(publicRoots, externallyReachable, /*includeRoots=*/true);
  flood(initializerRoots, initializerReachable, /*includeRoots=*/false);
}

//===----------------------------------------------------------------------===//
// GlobalTable
//===----------------------------------------------------------------------===//

bool GlobalInfo::canDCE() {
  return isCandidate() &&
         cast<SymbolOpInterface>(op.getOperation()).canDiscardOnUseEmpty();
}

Operation *getParentCallable(Operation *op, ModuleOp moduleOp) {
  while (op && op->getParentOp() != moduleOp.getOperation())
    op = op->getParentOp();
  return op && isa<CallableOpInterface>(op) ? op : nullptr;
}

GlobalTable::GlobalTable(ModuleOp moduleOp) : moduleOp(moduleOp) { rebuild(); }

const CallReachability &GlobalTable::getReachability() {
  if (!reachability)
    reachability = std::make_unique<CallReachability>(moduleOp);
  return *reachability;
}

void GlobalTable::rebuild() {
  globals.clear();
  nameToOrdinal.clear();
  for (Operation &op : moduleOp.getBody()->getOperations()) {
    auto globalOp = dyn_cast<GlobalOpInterface>(&op);
    if (!globalOp)
      continue;
    GlobalInfo info;
    info.ordinal = globals.size();
    info.op = globalOp;
    nameToOrdinal[globalOp.getGlobalName().getValue()] = info.ordinal;
    globals.push_back(std::move(info));
  }
  // No global: no use to collect.
  if (globals.empty())
    return;
  SymbolRefScanner symbolRefs;
  for (Operation &callableOp : moduleOp.getBody()->getOperations()) {
    if (!isa<CallableOpInterface>(&callableOp))
      continue;
    callableOp.walk([&](Operation *op) {
      auto record = [&](GlobalInfo &info) {
        if (isa<GlobalAddressOpInterface>(op)) {
          info.isIndirect = true;
        } else if (auto load = dyn_cast<GlobalLoadOpInterface>(op)) {
          info.loads.push_back(load);
        } else if (auto store = dyn_cast<GlobalStoreOpInterface>(op)) {
          info.stores.push_back(store);
          Operation *callable = op->getParentOfType<CallableOpInterface>();
          if (callable && getReachability().isExternallyReachable(callable))
            info.onlyInitialized = false;
        } else {
          if (info.referencingOps.empty() || info.referencingOps.back() != op)
            info.referencingOps.push_back(op);
        }
      };
      if (auto accessor = dyn_cast<GlobalAccessorOpInterface>(op)) {
        if (GlobalInfo *info = lookup(accessor.getGlobalName()))
          record(*info);
        return;
      }
      // A nested reference `@a::@g` reaches `g` through its leaf, like
      // the references it nests (recorded once: `record` deduplicates).
      symbolRefs.forEachSymbolRef(op, [&](SymbolRefAttr ref) {
        if (GlobalInfo *info = lookup(ref.getLeafReference().getValue()))
          record(*info);
      });
    });
  }
}

GlobalInfo *GlobalTable::lookup(StringRef name) {
  auto it = nameToOrdinal.find(name);
  if (it == nameToOrdinal.end())
    return nullptr;
  GlobalInfo &info = globals[it->second];
  return info.erased ? nullptr : &info;
}

void GlobalTable::eraseGlobal(GlobalInfo &global) {
  for (GlobalStoreOpInterface store : global.stores)
    store->erase();
  global.stores.clear();
  global.op->erase();
  global.erased = true;
}

bool GlobalTable::forEach(function_ref<GlobalAction(GlobalInfo &)> fn) {
  bool changed = false;
  for (GlobalInfo &global : globals) {
    if (global.erased)
      continue;
    switch (fn(global)) {
    case GlobalAction::PRESERVE:
      break;
    case GlobalAction::UPDATE:
      changed = true;
      break;
    case GlobalAction::DELETE:
      eraseGlobal(global);
      changed = true;
      break;
    }
  }
  return changed;
}

void GlobalTable::renameGlobalUses(GlobalInfo &src, GlobalInfo &dst) {
  auto dstRef = FlatSymbolRefAttr::get(dst.op.getGlobalName());
  auto srcName = src.op.getGlobalName();
  for (GlobalLoadOpInterface load : src.loads) {
    load.setGlobalAttr(dstRef);
    dst.loads.push_back(load);
  }
  src.loads.clear();
  AttrTypeReplacer replacer;
  replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
    if (ref.getRootReference() == srcName && ref.getNestedReferences().empty())
      return dstRef;
    return std::nullopt;
  });
  for (Operation *op : src.referencingOps) {
    replacer.replaceElementsIn(op, /*replaceAttrs=*/true,
                               /*replaceLocs=*/false, /*replaceTypes=*/false);
    dst.referencingOps.push_back(op);
  }
  src.referencingOps.clear();
}

} // namespace sluice::util
