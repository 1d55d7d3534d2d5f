//===- GlobalTable.h - the global table of the util passes -----*- C++ -*-===//
//
// stream-passes-2.md §15.0: one module walk records, per global, its loads,
// stores, address-taking and other referencing ops, and whether every store
// sits in initializer-only code. Shared by fold-globals, fuse-globals and
// verify-initialization-order; CallReachability (externally reachable and
// initializer-reachable callables) is shared with them as well.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_GLOBALTABLE_H
#define SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_GLOBALTABLE_H

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace sluice::util {

/// Which callables of a module can run outside initialization (§15.0, §15.1
/// phase 4). Direct calls whose callee resolves to a callable are followed.
class CallReachability {
public:
  explicit CallReachability(mlir::ModuleOp moduleOp);

  /// Reachable from a public non-initializer function (or is one).
  bool isExternallyReachable(mlir::Operation *callable) const {
    return externallyReachable.contains(callable);
  }
  /// Reachable from an initializer (initializers themselves excluded).
  bool isInitializerReachable(mlir::Operation *callable) const {
    return initializerReachable.contains(callable);
  }
  /// Called only (transitively) from initializers.
  bool isInitializerOnly(mlir::Operation *callable) const {
    return isInitializerReachable(callable) && !isExternallyReachable(callable);
  }

private:
  llvm::DenseSet<mlir::Operation *> externallyReachable;
  llvm::DenseSet<mlir::Operation *> initializerReachable;
};

/// The table entry of one global.
struct GlobalInfo {
  size_t ordinal = 0;
  GlobalOpInterface op;
  bool isIndirect = false;
  llvm::SmallVector<GlobalLoadOpInterface> loads;
  llvm::SmallVector<GlobalStoreOpInterface> stores;
  llvm::SmallVector<mlir::Operation *> referencingOps;
  /// No store sits in a callable that is externally reachable.
  bool onlyInitialized = true;
  bool erased = false;

  llvm::StringRef getName() { return op.getGlobalName().getValue(); }
  /// Private and its address is never taken.
  bool isCandidate() { return !isIndirect && op.isGlobalPrivate(); }
  /// A candidate whose symbol may be dropped when unused.
  bool canDCE();
};

enum class GlobalAction { PRESERVE, UPDATE, DELETE };

class GlobalTable {
public:
  explicit GlobalTable(mlir::ModuleOp moduleOp);

  /// Re-collects every global and every use (one module walk).
  void rebuild();

  size_t size() const { return globals.size(); }
  GlobalInfo &operator[](size_t ordinal) { return globals[ordinal]; }
  /// The entry of `name`, or null.
  GlobalInfo *lookup(llvm::StringRef name);

  /// Visits the live globals in order; DELETE erases the global and its
  /// stores (it must be unused). Returns whether anything changed.
  bool forEach(llvm::function_ref<GlobalAction(GlobalInfo &)> fn);

  /// Retargets every load of `src` to `dst` and rewrites `@src` to `@dst` in
  /// the attributes of `src`'s referencing ops.
  void renameGlobalUses(GlobalInfo &src, GlobalInfo &dst);

  /// Erases the global and its stores.
  void eraseGlobal(GlobalInfo &global);

  /// The reachability of the callables (two module walks), computed on
  /// first use: only stores and verify-initialization-order need it, and
  /// the passes using the table do not change calls or callables.
  const CallReachability &getReachability();

private:
  mlir::ModuleOp moduleOp;
  std::unique_ptr<CallReachability> reachability;
  llvm::SmallVector<GlobalInfo> globals;
  llvm::StringMap<size_t> nameToOrdinal;
};

/// The callable directly in the module containing `op`, or null.
mlir::Operation *getParentCallable(mlir::Operation *op,
                                   mlir::ModuleOp moduleOp);

} // namespace sluice::util

#endif // SLUICE_LIB_DIALECT_UTIL_TRANSFORMS_GLOBALTABLE_H
