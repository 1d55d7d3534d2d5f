//===- Explorer.h - whole-program IR graph walker --------------*- C++ -*-===//
//
// Explorer (stream-passes-1.md §1.5, stream-passes-2.md §1.2) caches the
// globals, the inverse call graph and a per-op traversal policy of a root op
// (the module) and walks SSA values across calls, branches, region ops,
// globals and tied ops. Every walk returns COMPLETE or INCOMPLETE
// (INCOMPLETE: some edges could not be seen, e.g. a public callee).
//
// Usage:
//   Explorer explorer(moduleOp, TraversalAction::RECURSE);
//   explorer.setOpInterfaceAction<FunctionOpInterface>(
//       TraversalAction::RECURSE);
//   explorer.setDialectAction("scf", TraversalAction::RECURSE);
//   explorer.setOpAction<stream::ExecutableOp>(TraversalAction::IGNORE);
//   explorer.initialize();
//   explorer.walkDefiningOps(value, [&](OpResult r) { ...;
//                                      return WalkResult::advance(); });
//
// Callback results: advance = continue, skip = do not expand past this
// result/use, interrupt = stop (see each walk). The IR must not change while
// an explorer is alive.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_EXPLORER_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_EXPLORER_H

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Visitors.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

namespace mlir {
class AsmState;
} // namespace mlir

namespace sluice::util {

/// What a walk does with an op (§1.5).
enum class TraversalAction {
  /// Visit the op and its regions.
  RECURSE,
  /// Visit the op but not its regions.
  SHALLOW,
  /// Visit neither the op, its results, nor its regions.
  IGNORE,
};

/// Flags changing what the value walks follow.
enum class TraversalBehavior : uint32_t {
  DEFAULT = 0,
  /// Do not follow tied operand <-> result edges.
  DONT_WALK_TIED_VALUES = 1u << 0,
};
inline TraversalBehavior operator|(TraversalBehavior a, TraversalBehavior b) {
  return static_cast<TraversalBehavior>(static_cast<uint32_t>(a) |
                                        static_cast<uint32_t>(b));
}
inline bool bitEnumContains(TraversalBehavior bits, TraversalBehavior bit) {
  return (static_cast<uint32_t>(bits) & static_cast<uint32_t>(bit)) != 0;
}

/// Whether a walk saw every edge.
enum class TraversalResult {
  COMPLETE = 0,
  INCOMPLETE = 1,
};
/// INCOMPLETE if either side is.
inline TraversalResult operator|(TraversalResult a, TraversalResult b) {
  return (a == TraversalResult::INCOMPLETE || b == TraversalResult::INCOMPLETE)
             ? TraversalResult::INCOMPLETE
             : TraversalResult::COMPLETE;
}
inline TraversalResult &operator|=(TraversalResult &a, TraversalResult b) {
  return a = a | b;
}

class Explorer {
public:
  /// What is known about one global of the root's symbol table.
  struct GlobalInfo {
    /// The global op (mutable so that interface methods can be called
    /// through a `const GlobalInfo *`).
    mutable GlobalOpInterface op;
    /// True if any op takes its address (GlobalAddressOpInterface): loads and
    /// stores through the address cannot be seen.
    bool isIndirect = false;
    /// Every other op using the symbol, in symbol-use order.
    llvm::SmallVector<mlir::Operation *> uses;

    /// The uses that are loads / stores.
    llvm::SmallVector<GlobalLoadOpInterface> getLoads() const;
    llvm::SmallVector<GlobalStoreOpInterface> getStores() const;
  };

  Explorer(mlir::Operation *rootOp, TraversalAction defaultAction);
  ~Explorer();
  Explorer(const Explorer &) = delete;
  Explorer &operator=(const Explorer &) = delete;

  mlir::Operation *getRootOp() const { return rootOp; }
  mlir::MLIRContext *getContext() const { return rootOp->getContext(); }
  /// An AsmState on the root op (created on first use; debug printing).
  mlir::AsmState &getAsmState();
  mlir::SymbolTableCollection &getSymbolTables() { return symbolTables; }

  //===--------------------------------------------------------------------===//
  // Configuration (before initialize())
  //===--------------------------------------------------------------------===//

  /// Action for ops named `opName` (highest priority).
  void setOpAction(llvm::StringRef opName, TraversalAction action);
  template <typename OpT> void setOpAction(TraversalAction action) {
    setOpAction(OpT::getOperationName(), action);
  }
  /// Action for every op of dialect `dialectNamespace`.
  void setDialectAction(llvm::StringRef dialectNamespace,
                        TraversalAction action);
  /// Action for ops implementing the interface with `interfaceID`.
  void setOpInterfaceAction(mlir::TypeID interfaceID, TraversalAction action);
  template <typename InterfaceT>
  void setOpInterfaceAction(TraversalAction action) {
    setOpInterfaceAction(mlir::TypeID::get<InterfaceT>(), action);
  }

  /// Builds the global table and the inverse call graph (one walk each).
  void initialize();
  /// Lists the globals but defers the two whole-IR walks (the symbol uses
  /// of the globals, the call graph) to the first query that needs each.
  /// For passes that may never cross a global or a call: their results are
  /// those of initialize() as long as nothing that changes a global's uses
  /// or the calls is rewritten before the first such query, or
  /// materialize() is called before that rewrite.
  void initializeLazily();
  /// Builds what initializeLazily() deferred (nothing after initialize()).
  void materialize();
  /// After initializeLazily(): the caller has walked `topLevelOp` (an op of
  /// the root's body) and found no call in it, and guarantees none is added
  /// before the call graph is built. If no other op of the root has a call
  /// either, the deferred call graph is then known to be empty without a
  /// walk of `topLevelOp`.
  void assumeNoCallsIn(mlir::Operation *topLevelOp);

  /// Drops `calls` (erased by the caller, compared by address only) from
  /// the inverse call graph, so that walks reaching a callee's arguments
  /// never visit them. Linear in the known call sites.
  void forgetCalls(const llvm::DenseSet<mlir::Operation *> &calls);

  /// The action for `op`, first match: op name, SymbolTable trait (SHALLOW),
  /// unregistered dialect (IGNORE), dialect, interface, default.
  TraversalAction getTraversalAction(mlir::Operation *op);

  /// What walkDefiningOps does when it reaches `result`.
  enum class DefiningOpStep {
    /// Reports the result and goes no further from it.
    ReportsResult,
    /// Reports nothing (the op is ignored).
    ReportsNothing,
    /// Anything else: follows a tie, a call, a global load or region exits.
    WalksFurther,
  };
  /// Lets a caller that has recorded an op's facts take the walk's step
  /// for one of its results without reading the op again.
  DefiningOpStep
  getDefiningOpStep(mlir::OpResult result,
                    TraversalBehavior behavior = TraversalBehavior::DEFAULT);

  //===--------------------------------------------------------------------===//
  // Globals and iteration
  //===--------------------------------------------------------------------===//

  /// The info of `globalOp`, or null if it is not a global of the root.
  const GlobalInfo *getGlobalInfo(GlobalOpInterface globalOp) const;
  /// The info of the global named `globalName` looked up from `fromOp`, or
  /// null if that is not a known global.
  const GlobalInfo *queryGlobalInfoFrom(llvm::StringRef globalName,
                                        mlir::Operation *fromOp);

  /// Every global, in the order found.
  void forEachGlobal(llvm::function_ref<void(const GlobalInfo *)> fn);
  /// Initializers directly in the root, in op order.
  void forEachInitializer(llvm::function_ref<void(mlir::Operation *)> fn);
  /// Callables of the root in call-graph SCC post-order (callees first).
  void forEachFunction(llvm::function_ref<void(mlir::Operation *)> fn);
  /// Initializers first, then forEachFunction; each op once.
  void
  forEachFunctionLikeOp(llvm::function_ref<void(mlir::FunctionOpInterface)> fn);

  /// True if the call graph has an indirect call.
  bool isCallGraphIncomplete() {
    ensureCallers();
    return callGraphIncomplete;
  }

  //===--------------------------------------------------------------------===//
  // Edge walks
  //===--------------------------------------------------------------------===//

  /// Every known call of `callableOp`. INCOMPLETE if it is public or the call
  /// graph is incomplete.
  TraversalResult walkIncomingCalls(
      mlir::Operation *callableOp,
      llvm::function_ref<mlir::WalkResult(mlir::CallOpInterface)> fn);

  /// The terminators returning to `parentOp` (region-branch op or
  /// function-like; nothing unless its action is RECURSE).
  TraversalResult
  walkReturnOps(mlir::Operation *parentOp,
                llvm::function_ref<mlir::WalkResult(mlir::Operation *)> fn);
  /// The operands those terminators forward to `parentOp`.
  TraversalResult walkReturnOperands(
      mlir::Operation *parentOp,
      llvm::function_ref<mlir::WalkResult(mlir::OperandRange)> fn);

  /// The operand lists flowing into `block`'s arguments: region/callable
  /// entries and CFG predecessors. Argument i receives operands[i + offset].
  TraversalResult walkIncomingBranchOperands(
      mlir::Block *block,
      llvm::function_ref<mlir::WalkResult(
          mlir::Block *sourceBlock, mlir::OperandRange operands, int offset)>
          fn);
  /// The values flowing into `arg`.
  TraversalResult walkIncomingBlockArgument(
      mlir::BlockArgument arg,
      llvm::function_ref<mlir::WalkResult(mlir::Block *sourceBlock,
                                          mlir::Value operand)>
          fn);
  /// The successor block arguments operand `operandIdx` of `branchOp` feeds.
  TraversalResult walkOutgoingBranchOperandArguments(
      mlir::BranchOpInterface branchOp, unsigned operandIdx,
      llvm::function_ref<mlir::WalkResult(mlir::Block *targetBlock,
                                          mlir::BlockArgument arg)>
          fn);

  /// Every op result that may produce `value` (through block arguments,
  /// ties, calls, global loads and region exits). skip = do not expand this
  /// result, interrupt = stop the walk.
  TraversalResult
  walkDefiningOps(mlir::Value value,
                  llvm::function_ref<mlir::WalkResult(mlir::OpResult)> fn,
                  TraversalBehavior behavior = TraversalBehavior::DEFAULT);
  /// As above; `argFn` is also called for every block argument the walk
  /// reaches except `value` itself, before it is expanded: skip = do not
  /// follow its incoming edges (the caller accounts for it another way),
  /// interrupt = stop the walk.
  TraversalResult walkDefiningOps(
      mlir::Value value,
      llvm::function_ref<mlir::WalkResult(mlir::OpResult)> fn,
      llvm::function_ref<mlir::WalkResult(mlir::BlockArgument)> argFn,
      TraversalBehavior behavior = TraversalBehavior::DEFAULT);

  /// Every use of `value` and of every value it flows into (ties, regions,
  /// branches, calls, returns, globals); each use once. skip = do not expand
  /// this use; interrupt = abandon the rest of the current value's uses.
  TraversalResult
  walkTransitiveUses(mlir::Value value,
                     llvm::function_ref<mlir::WalkResult(mlir::OpOperand &)> fn,
                     TraversalBehavior behavior = TraversalBehavior::DEFAULT);
  /// walkTransitiveUses deduplicated by owner.
  TraversalResult walkTransitiveUsers(
      mlir::Value value,
      llvm::function_ref<mlir::WalkResult(mlir::Operation *)> fn,
      TraversalBehavior behavior = TraversalBehavior::DEFAULT);

  /// a == b, or b is reached by walkTransitiveUses(a), or that walk is
  /// INCOMPLETE.
  bool mayValuesAlias(mlir::Value a, mlir::Value b);
  /// `op` uses `value` transitively, or that walk is INCOMPLETE.
  bool mayBeUsedBy(mlir::Value value, mlir::Operation *op);

private:
  struct CallGraphInfo;
  struct BranchInfo;
  /// The operand -> successor argument map and successor slots of a branch
  /// op, built once per op so that wide branches (cf.switch) cost O(1) per
  /// operand and per successor block.
  const BranchInfo &getBranchInfo(mlir::BranchOpInterface branchOp);
  /// The deferred parts of initializeLazily(), built on first need.
  void ensureGlobalUses() const;
  void ensureCallers();

  mlir::Operation *rootOp;
  TraversalAction defaultAction;
  llvm::StringMap<TraversalAction> opActions;
  llvm::StringMap<TraversalAction> dialectActions;
  llvm::SmallVector<std::pair<mlir::TypeID, TraversalAction>> interfaceActions;
  /// Memo of getTraversalAction per op name.
  llvm::DenseMap<mlir::OperationName, TraversalAction> actionCache;
  /// What walkDefiningOps needs to know of an op that its name decides,
  /// memoized per op name.
  struct NameFacts {
    bool constantLike = false;
    bool tied = false;
    bool callOrGlobalLoad = false;
    bool regionBranch = false;
    TraversalAction action = TraversalAction::RECURSE;
  };
  const NameFacts &getNameFacts(mlir::Operation *op);
  llvm::DenseMap<mlir::OperationName, NameFacts> nameFacts;

  mlir::SymbolTableCollection symbolTables;
  std::unique_ptr<mlir::AsmState> asmState;

  /// Globals in the order found, and by op.
  llvm::SmallVector<std::unique_ptr<GlobalInfo>> globalInfos;
  llvm::DenseMap<mlir::Operation *, GlobalInfo *> globalInfoMap;
  /// The symbol table the globals were listed from, and whether their uses
  /// were collected yet (mutable: collected from const queries).
  mlir::Operation *globalsTableOp = nullptr;
  mutable bool globalUsesPending = false;

  /// Callable region -> known call sites.
  llvm::DenseMap<mlir::Region *, llvm::SmallVector<mlir::CallOpInterface>>
      callers;
  bool callGraphIncomplete = false;
  bool callersPending = false;
  llvm::SmallPtrSet<mlir::Operation *, 4> callFreeTopLevelOps;
  std::unique_ptr<CallGraphInfo> callGraph;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<BranchInfo>> branchInfos;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_EXPLORER_H
