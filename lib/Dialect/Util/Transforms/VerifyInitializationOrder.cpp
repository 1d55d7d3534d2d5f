//===- VerifyInitializationOrder.cpp - iree-util-verify-initialization-order =//
//
// stream-passes-2.md §15.1. Diagnostics only: the pass never fails and never
// changes the module.
//
//===----------------------------------------------------------------------===//

#include "GlobalTable.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::util {
#define GEN_PASS_DEF_VERIFYINITIALIZATIONORDERPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

class VerifyInitializationOrderPass
    : public impl::VerifyInitializationOrderPassBase<
          VerifyInitializationOrderPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    symbolTable.emplace(moduleOp);
    size_t position = 0;
    for (Operation &op : moduleOp.getBody()->getOperations()) {
      if (auto globalOp = dyn_cast<GlobalOpInterface>(&op))
        globalPositions[globalOp.getGlobalName()] = position;
      else if (isa<InitializerOpInterface>(&op))
        initializers.push_back({&op, position});
      ++position;
    }
    if (failed(verifyOrder()) || failed(verifyDoubleInitialization()) ||
        failed(verifyInitialValueConflicts()))
      return;
    verifyImmutableStores(moduleOp);
  }

private:
  struct Initializer {
    Operation *op;
    size_t position;
  };

  std::optional<size_t> getGlobalPosition(StringRef name) {
    auto it = globalPositions.find(StringAttr::get(&getContext(), name));
    if (it == globalPositions.end())
      return std::nullopt;
    return it->second;
  }

  GlobalOpInterface lookupGlobal(StringRef name) {
    return dyn_cast_if_present<GlobalOpInterface>(symbolTable->lookup(name));
  }

  /// Checks the accesses of `region` (an initializer body or, with
  /// `transitive`, a callee body) against the initializer position.
  LogicalResult verifyAccesses(Region &region, size_t initPosition,
                               bool transitive,
                               llvm::DenseSet<Operation *> &visited) {
    WalkResult result = region.walk([&](Operation *op) -> WalkResult {
      StringRef through = transitive ? " through function call" : "";
      StringRef prefix = transitive ? "transitively " : "";
      if (auto load = dyn_cast<GlobalLoadOpInterface>(op)) {
        std::optional<size_t> pos = getGlobalPosition(load.getGlobalName());
        if (pos && *pos > initPosition) {
          op->emitError() << "initializer at position " << initPosition << " "
                          << prefix << "accesses global '@"
                          << load.getGlobalName() << "' defined at position "
                          << *pos << through;
          return WalkResult::interrupt();
        }
      } else if (auto store = dyn_cast<GlobalStoreOpInterface>(op)) {
        std::optional<size_t> pos = getGlobalPosition(store.getGlobalName());
        if (pos && *pos > initPosition) {
          op->emitError() << "initializer at position " << initPosition << " "
                          << prefix << "stores to global '@"
                          << store.getGlobalName() << "' defined at position "
                          << *pos << through;
          return WalkResult::interrupt();
        }
      } else if (auto call = dyn_cast<CallOp>(op)) {
        // A function is walked at most once per top-level call.
        if (!transitive)
          visited.clear();
        Operation *callee = symbolTable->lookup(call.getCallee());
        if (!callee) {
          // stream-passes-2.md §15.1: the reference writes '@' before the
          // symbol reference, which prints its own '@' ('@@f').
          op->emitError() << "call to undefined function '@"
                          << call.getCalleeAttr() << "'";
          return WalkResult::interrupt();
        }
        if (!visited.insert(callee).second)
          return WalkResult::advance();
        auto callable = dyn_cast<CallableOpInterface>(callee);
        Region *body = callable ? callable.getCallableRegion() : nullptr;
        if (body && failed(verifyAccesses(*body, initPosition,
                                          /*transitive=*/true, visited)))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  // Phase 1.
  LogicalResult verifyOrder() {
    llvm::DenseSet<Operation *> visited;
    for (Initializer &init : initializers)
      if (failed(verifyAccesses(init.op->getRegion(0), init.position,
                                /*transitive=*/false, visited)))
        return failure();
    return success();
  }

  // Phase 2.
  LogicalResult verifyDoubleInitialization() {
    llvm::DenseSet<Operation *> initialized;
    for (auto &[name, pos] : globalPositions) {
      GlobalOpInterface globalOp = lookupGlobal(name.getValue());
      if (globalOp && !globalOp.isGlobalMutable() &&
          globalOp.getGlobalInitialValue())
        initialized.insert(globalOp);
    }
    for (Initializer &init : initializers) {
      WalkResult result = init.op->walk([&](GlobalStoreOpInterface store) {
        GlobalOpInterface globalOp = lookupGlobal(store.getGlobalName());
        if (!globalOp || globalOp.isGlobalMutable())
          return WalkResult::advance();
        if (!initialized.insert(globalOp).second) {
          store->emitError()
              << "immutable global '@" << store.getGlobalName()
              << "' is initialized both by initial value and by store in "
                 "initializer";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (result.wasInterrupted())
        return failure();
    }
    return success();
  }

  // Phase 3 (unreachable after phase 1; kept).
  LogicalResult verifyInitialValueConflicts() {
    for (Initializer &init : initializers) {
      WalkResult result = init.op->walk([&](GlobalStoreOpInterface store) {
        GlobalOpInterface globalOp = lookupGlobal(store.getGlobalName());
        std::optional<size_t> pos = getGlobalPosition(store.getGlobalName());
        if (globalOp && globalOp.getGlobalInitialValue() && pos &&
            *pos > init.position) {
          store->emitError()
              << "global '@" << store.getGlobalName()
              << "' with initial value at position " << *pos
              << " is modified by earlier initializer at position "
              << init.position;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (result.wasInterrupted())
        return failure();
    }
    return success();
  }

  // Phase 4.
  void verifyImmutableStores(ModuleOp moduleOp) {
    GlobalTable table(moduleOp);
    const CallReachability &reach = table.getReachability();
    for (size_t i = 0; i < table.size(); ++i) {
      GlobalInfo &global = table[i];
      if (global.op.isGlobalMutable())
        continue;
      for (GlobalStoreOpInterface store : global.stores) {
        Operation *parent = store->getParentOp();
        while (parent && !isa<InitializerOpInterface>(parent) &&
               !isa<FunctionOpInterface>(parent))
          parent = parent->getParentOp();
        if (!parent) {
          store->emitError()
              << "store to immutable global '@" << global.getName()
              << "' outside of function or initializer context";
          continue;
        }
        if (isa<InitializerOpInterface>(parent))
          continue;
        StringRef funcName = SymbolTable::getSymbolName(parent).getValue();
        if (reach.isExternallyReachable(parent)) {
          store->emitError()
              << "store to immutable global '@" << global.getName()
              << "' in function '" << funcName
              << "' which is reachable from non-initializer "
                 "contexts";
          continue;
        }
        if (!reach.isInitializerOnly(parent)) {
          store->emitWarning()
              << "store to immutable global '@" << global.getName()
              << "' in function '" << funcName
              << "' with unknown reachability (verification may be overly "
                 "conservative)";
          continue;
        }
        bool conditional = false;
        for (Operation *op = store->getParentOp(); op != parent;
             op = op->getParentOp())
          conditional |= isa<RegionBranchOpInterface>(op);
        if (conditional)
          store->emitWarning()
              << "conditional store to immutable global '@" << global.getName()
              << "' in initializer-only function '" << funcName
              << "' may indicate complex initialization pattern "
                 "(verification may be overly conservative)";
      }
    }
  }

  std::optional<SymbolTable> symbolTable;
  llvm::MapVector<StringAttr, size_t> globalPositions;
  SmallVector<Initializer> initializers;
};

} // namespace
} // namespace sluice::util
