//===- Explorer.cpp - whole-program IR graph walker -----------------------===//
//
// stream-passes-1.md §1.5. The global table and the inverse call graph are
// built with one walk each; the value walks are per-query graph searches
// with visited sets, so each value/use is expanded once per query.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/Analysis/SymbolRefs.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <deque>

using namespace mlir;

namespace sluice::util {

namespace {

/// A node of Explorer's call graph: a callable region, or (region null) the
/// external caller or the unknown callee.
struct CallNode {
  Region *region = nullptr;
  /// Targets in the order the upstream mlir::CallGraph lists its edges: the
  /// child (nested callable) edges first, then the call edges, each target
  /// once (repeated edges do not change an SCC traversal).
  SmallVector<CallNode *, 4> edges;
};

} // namespace
} // namespace sluice::util

template <> struct llvm::GraphTraits<sluice::util::CallNode *> {
  using NodeRef = sluice::util::CallNode *;
  using ChildIteratorType = SmallVector<NodeRef, 4>::iterator;
  static NodeRef getEntryNode(NodeRef node) { return node; }
  static ChildIteratorType child_begin(NodeRef node) {
    return node->edges.begin();
  }
  static ChildIteratorType child_end(NodeRef node) { return node->edges.end(); }
};

namespace sluice::util {

/// The call graph, built with one walk (the upstream mlir::CallGraph walks
/// the whole IR twice, and the callers map took a third walk): the same
/// nodes and edge order, so the SCC order of forEachFunction is the one
/// scc_begin(mlir::CallGraph) gives.
struct Explorer::CallGraphInfo {
  CallGraphInfo(Operation *root, SymbolTableCollection &symbolTables) {
    visit(root, /*parent=*/nullptr, /*topLevel=*/nullptr, symbolTables);
    for (auto &[parent, callee] : pendingCalls) {
      CallNode *target = &unknown;
      if (auto callable = dyn_cast_or_null<CallableOpInterface>(callee))
        if (CallNode *node = byRegion.lookup(callable.getCallableRegion()))
          target = node;
      if (edgeSet.insert({parent, target}).second)
        parent->edges.push_back(target);
    }
    pendingCalls.clear();
    edgeSet.clear();
  }

  /// The calls (with their resolved callee) inside top-level op `op`, in
  /// the order of a post-order walk of `op`.
  ArrayRef<std::pair<CallOpInterface, Operation *>> getCalls(Operation *op) {
    auto it = callsByTopLevel.find(op);
    if (it == callsByTopLevel.end())
      return {};
    return it->second;
  }

  CallNode external, unknown;
  std::deque<CallNode> nodes;
  llvm::DenseMap<Region *, CallNode *> byRegion;

private:
  /// The traversal of upstream computeCallGraph: calls are not entered,
  /// callables without a callable region end the walk.
  void visit(Operation *op, CallNode *parent, Operation *topLevel,
             SymbolTableCollection &symbolTables) {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      Operation *callee = call.resolveCallableInTable(&symbolTables);
      if (parent)
        pendingCalls.push_back({parent, callee});
      if (!topLevel)
        return;
      auto &calls = callsByTopLevel[topLevel];
      // A post-order walk reaches the calls nested in a call first.
      if (op->getNumRegions())
        op->walk([&](CallOpInterface nested) {
          if (nested != call)
            calls.push_back(
                {nested, nested.resolveCallableInTable(&symbolTables)});
        });
      calls.push_back({call, callee});
      return;
    }
    if (auto callable = dyn_cast<CallableOpInterface>(op)) {
      Region *region = callable.getCallableRegion();
      if (!region) {
        // Not in the graph; a walk of the enclosing function still sees
        // the calls in its other regions.
        if (topLevel && op->getNumRegions())
          op->walk([&](CallOpInterface nested) {
            callsByTopLevel[topLevel].push_back(
                {nested, nested.resolveCallableInTable(&symbolTables)});
          });
        return;
      }
      CallNode *&node = byRegion[region];
      if (!node) {
        node = &nodes.emplace_back();
        node->region = region;
        CallNode *from = parent ? parent : &external;
        from->edges.push_back(node);
        edgeSet.insert({from, node});
      }
      parent = node;
    }
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        visit(&nested, parent, topLevel ? topLevel : &nested, symbolTables);
  }

  SmallVector<std::pair<CallNode *, Operation *>> pendingCalls;
  /// The edges added so far, to add each (from, to) once.
  llvm::DenseSet<std::pair<CallNode *, CallNode *>> edgeSet;
  llvm::DenseMap<Operation *,
                 SmallVector<std::pair<CallOpInterface, Operation *>>>
      callsByTopLevel;
};

struct Explorer::BranchInfo {
  /// Per operand index: (successor index, argument index), or successor -1.
  SmallVector<std::pair<int, unsigned>> operandTargets;
  /// Per successor block: the successor slots targeting it.
  llvm::DenseMap<Block *, SmallVector<unsigned, 1>> slotsByBlock;
  /// Per successor slot: (first forwarded operand, count, produced count).
  /// Computing SuccessorOperands can be O(successors) (cf.switch), so it is
  /// done once here.
  struct Slot {
    unsigned begin = 0, size = 0, produced = 0;
  };
  SmallVector<Slot> slots;
};

const Explorer::BranchInfo &
Explorer::getBranchInfo(BranchOpInterface branchOp) {
  auto &slot = branchInfos[branchOp.getOperation()];
  if (slot)
    return *slot;
  slot = std::make_unique<BranchInfo>();
  BranchInfo &info = *slot;
  Operation *op = branchOp.getOperation();
  info.operandTargets.assign(op->getNumOperands(), {-1, 0});
  info.slots.resize(op->getNumSuccessors());
  for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
    Block *successor = op->getSuccessor(i);
    info.slotsByBlock[successor].push_back(i);
    SuccessorOperands operands = branchOp.getSuccessorOperands(i);
    OperandRange forwarded = operands.getForwardedOperands();
    unsigned produced = operands.getProducedOperandCount();
    info.slots[i].produced = produced;
    if (forwarded.empty())
      continue;
    unsigned begin = forwarded.getBeginOperandIndex();
    info.slots[i].begin = begin;
    info.slots[i].size = forwarded.size();
    for (unsigned j = 0, n = forwarded.size(); j < n; ++j) {
      unsigned argIndex = j + produced;
      if (argIndex < successor->getNumArguments())
        info.operandTargets[begin + j] = {static_cast<int>(i), argIndex};
    }
  }
  return info;
}

//===----------------------------------------------------------------------===//
// GlobalInfo
//===----------------------------------------------------------------------===//

SmallVector<GlobalLoadOpInterface> Explorer::GlobalInfo::getLoads() const {
  SmallVector<GlobalLoadOpInterface> loads;
  for (Operation *use : uses)
    if (auto load = dyn_cast<GlobalLoadOpInterface>(use))
      loads.push_back(load);
  return loads;
}

SmallVector<GlobalStoreOpInterface> Explorer::GlobalInfo::getStores() const {
  SmallVector<GlobalStoreOpInterface> stores;
  for (Operation *use : uses)
    if (auto store = dyn_cast<GlobalStoreOpInterface>(use))
      stores.push_back(store);
  return stores;
}

//===----------------------------------------------------------------------===//
// Construction and configuration
//===----------------------------------------------------------------------===//

Explorer::Explorer(Operation *rootOp, TraversalAction defaultAction)
    : rootOp(rootOp), defaultAction(defaultAction) {}

Explorer::~Explorer() = default;

AsmState &Explorer::getAsmState() {
  if (!asmState)
    asmState = std::make_unique<AsmState>(rootOp);
  return *asmState;
}

void Explorer::setOpAction(StringRef opName, TraversalAction action) {
  opActions[opName] = action;
  actionCache.clear();
  nameFacts.clear();
}

void Explorer::setDialectAction(StringRef dialectNamespace,
                                TraversalAction action) {
  dialectActions[dialectNamespace] = action;
  actionCache.clear();
  nameFacts.clear();
}

void Explorer::setOpInterfaceAction(TypeID interfaceID,
                                    TraversalAction action) {
  interfaceActions.push_back({interfaceID, action});
  actionCache.clear();
  nameFacts.clear();
}

TraversalAction Explorer::getTraversalAction(Operation *op) {
  OperationName name = op->getName();
  auto cached = actionCache.find(name);
  if (cached != actionCache.end())
    return cached->second;
  TraversalAction action = [&] {
    auto opIt = opActions.find(name.getStringRef());
    if (opIt != opActions.end())
      return opIt->second;
    if (op->hasTrait<mlir::OpTrait::SymbolTable>())
      return TraversalAction::SHALLOW;
    if (!name.isRegistered() || !op->getDialect())
      return TraversalAction::IGNORE;
    auto dialectIt = dialectActions.find(name.getDialectNamespace());
    if (dialectIt != dialectActions.end())
      return dialectIt->second;
    for (auto &[id, interfaceAction] : interfaceActions)
      if (name.hasInterface(id))
        return interfaceAction;
    return defaultAction;
  }();
  actionCache[name] = action;
  return action;
}

Explorer::DefiningOpStep
Explorer::getDefiningOpStep(OpResult result, TraversalBehavior behavior) {
  Operation *op = result.getOwner();
  NameFacts facts = getNameFacts(op);
  if (facts.constantLike)
    return DefiningOpStep::ReportsResult;
  if (facts.action == TraversalAction::IGNORE)
    return DefiningOpStep::ReportsNothing;
  // The edges walkDefiningOps follows from a result (see its loop).
  if (facts.callOrGlobalLoad)
    return DefiningOpStep::WalksFurther;
  if (facts.tied &&
      !bitEnumContains(behavior, TraversalBehavior::DONT_WALK_TIED_VALUES) &&
      cast<TiedOpInterface>(op).getTiedResultOperand(result))
    return DefiningOpStep::WalksFurther;
  // A region op goes further only if one of its region exits yields a value
  // for this result (a `stream.cmd.execute` yields none). An exit yields a
  // subrange of its terminator's operands: terminators with too few operands
  // settle it without asking their interfaces.
  if (facts.regionBranch && facts.action == TraversalAction::RECURSE) {
    unsigned index = result.getResultNumber();
    bool mayYield = false;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        mayYield |= !block.empty() && block.back().getNumOperands() > index;
    bool yields = false;
    if (mayYield)
      walkReturnOperands(op, [&](OperandRange operands) {
        yields = index < operands.size();
        return yields ? WalkResult::interrupt() : WalkResult::advance();
      });
    if (yields)
      return DefiningOpStep::WalksFurther;
  }
  return DefiningOpStep::ReportsResult;
}

const Explorer::NameFacts &Explorer::getNameFacts(Operation *op) {
  OperationName name = op->getName();
  auto cached = nameFacts.find(name);
  if (cached != nameFacts.end())
    return cached->second;
  // Traits and interfaces are per op name (registered or dialect fallback),
  // so the first op of a name answers for all.
  NameFacts facts;
  facts.constantLike = op->hasTrait<mlir::OpTrait::ConstantLike>();
  facts.tied = isa<TiedOpInterface>(op);
  facts.callOrGlobalLoad = isa<CallOpInterface, GlobalLoadOpInterface>(op);
  facts.regionBranch = isa<RegionBranchOpInterface>(op);
  facts.action = getTraversalAction(op);
  return nameFacts[name] = facts;
}

//===----------------------------------------------------------------------===//
// initialize
//===----------------------------------------------------------------------===//

void Explorer::initialize() {
  initializeLazily();
  materialize();
}

void Explorer::initializeLazily() {
  globalInfos.clear();
  globalInfoMap.clear();
  callers.clear();
  callGraph.reset();
  callGraphIncomplete = false;

  // Globals of the nearest symbol table, in op order (top-level ops only).
  globalsTableOp = SymbolTable::getNearestSymbolTable(rootOp);
  if (globalsTableOp) {
    for (Region &region : globalsTableOp->getRegions()) {
      for (Block &block : region) {
        for (Operation &op : block) {
          auto globalOp = dyn_cast<GlobalOpInterface>(&op);
          if (!globalOp)
            continue;
          auto info = std::make_unique<GlobalInfo>();
          info->op = globalOp;
          globalInfoMap[&op] = info.get();
          globalInfos.push_back(std::move(info));
        }
      }
    }
  }
  globalUsesPending = !globalInfos.empty();
  callersPending = true;
  callFreeTopLevelOps.clear();
}

void Explorer::assumeNoCallsIn(Operation *topLevelOp) {
  if (callersPending)
    callFreeTopLevelOps.insert(topLevelOp);
}

void Explorer::materialize() {
  ensureGlobalUses();
  ensureCallers();
}

void Explorer::ensureGlobalUses() const {
  if (!globalUsesPending)
    return;
  globalUsesPending = false;
  llvm::DenseMap<StringAttr, GlobalInfo *> globalsByName;
  for (const auto &info : globalInfos)
    globalsByName[info->op.getGlobalName()] = info.get();
  // One walk over every symbol use in the table (SymbolRefScanner: no
  // attribute dictionary is materialized per operation).
  SymbolRefScanner scanner;
  scanner.forEachSymbolUse(globalsTableOp->getRegions(),
                           [&](Operation *user, SymbolRefAttr ref) {
                             auto flat = dyn_cast<FlatSymbolRefAttr>(ref);
                             if (!flat)
                               return;
                             auto it = globalsByName.find(flat.getAttr());
                             if (it == globalsByName.end())
                               return;
                             if (isa<GlobalAddressOpInterface>(user))
                               it->second->isIndirect = true;
                             else
                               it->second->uses.push_back(user);
                           });
}

void Explorer::ensureCallers() {
  if (!callersPending)
    return;
  callersPending = false;
  // No call anywhere: nothing to build (the ops known to be call-free are
  // not walked; the others are usually small: executables, initializers).
  if (!callFreeTopLevelOps.empty()) {
    bool anyCall = false;
    for (Region &region : rootOp->getRegions())
      for (Operation &op : region.getOps())
        if (!anyCall && !callFreeTopLevelOps.contains(&op))
          anyCall = op.walk([](CallOpInterface) {
                        return WalkResult::interrupt();
                      }).wasInterrupted();
    callFreeTopLevelOps.clear();
    if (!anyCall)
      return;
  }
  // Inverse call graph, from the calls the call graph's walk found.
  if (!callGraph)
    callGraph = std::make_unique<CallGraphInfo>(rootOp, symbolTables);
  forEachFunctionLikeOp([&](FunctionOpInterface funcOp) {
    for (auto [callOp, callee] : callGraph->getCalls(funcOp)) {
      if (isa<Value>(callOp.getCallableForCallee())) {
        callGraphIncomplete = true;
        continue;
      }
      auto callable = dyn_cast_or_null<CallableOpInterface>(callee);
      if (!callable)
        continue;
      Region *region = callable.getCallableRegion();
      if (!region || region->empty())
        continue;
      callers[region].push_back(callOp);
    }
  });
}

void Explorer::forgetCalls(const llvm::DenseSet<Operation *> &calls) {
  // Not built yet: it will be built from the IR without them.
  if (calls.empty() || callersPending)
    return;
  for (auto &entry : callers)
    llvm::erase_if(entry.second, [&](CallOpInterface callOp) {
      return calls.contains(callOp.getOperation());
    });
}

//===----------------------------------------------------------------------===//
// Globals and iteration
//===----------------------------------------------------------------------===//

const Explorer::GlobalInfo *
Explorer::getGlobalInfo(GlobalOpInterface globalOp) const {
  ensureGlobalUses();
  return globalInfoMap.lookup(globalOp.getOperation());
}

const Explorer::GlobalInfo *Explorer::queryGlobalInfoFrom(StringRef globalName,
                                                          Operation *fromOp) {
  Operation *symbol = symbolTables.lookupNearestSymbolFrom(
      fromOp, StringAttr::get(fromOp->getContext(), globalName));
  if (!symbol)
    return nullptr;
  ensureGlobalUses();
  return globalInfoMap.lookup(symbol);
}

void Explorer::forEachGlobal(function_ref<void(const GlobalInfo *)> fn) {
  ensureGlobalUses();
  for (auto &info : globalInfos)
    fn(info.get());
}

void Explorer::forEachInitializer(function_ref<void(Operation *)> fn) {
  for (Region &region : rootOp->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (isa<InitializerOpInterface>(&op))
          fn(&op);
}

void Explorer::forEachFunction(function_ref<void(Operation *)> fn) {
  if (!callGraph)
    callGraph = std::make_unique<CallGraphInfo>(rootOp, symbolTables);
  for (auto it = llvm::scc_begin(&callGraph->external); !it.isAtEnd(); ++it) {
    for (CallNode *node : *it) {
      if (!node->region)
        continue;
      Operation *callableOp = node->region->getParentOp();
      if (callableOp->getParentOp() != rootOp)
        continue;
      fn(callableOp);
    }
  }
}

void Explorer::forEachFunctionLikeOp(
    function_ref<void(FunctionOpInterface)> fn) {
  llvm::SmallPtrSet<Operation *, 16> seen;
  forEachInitializer([&](Operation *op) {
    if (auto funcOp = dyn_cast<FunctionOpInterface>(op))
      if (seen.insert(op).second)
        fn(funcOp);
  });
  forEachFunction([&](Operation *op) {
    if (auto funcOp = dyn_cast<FunctionOpInterface>(op))
      if (seen.insert(op).second)
        fn(funcOp);
  });
}

//===----------------------------------------------------------------------===//
// Edge walks
//===----------------------------------------------------------------------===//

TraversalResult
Explorer::walkIncomingCalls(Operation *callableOp,
                            function_ref<WalkResult(CallOpInterface)> fn) {
  ensureCallers();
  TraversalResult result = TraversalResult::COMPLETE;
  auto symbol = dyn_cast<SymbolOpInterface>(callableOp);
  if ((symbol && symbol.isPublic()) || callGraphIncomplete)
    result = TraversalResult::INCOMPLETE;
  auto callable = dyn_cast<CallableOpInterface>(callableOp);
  Region *region = callable ? callable.getCallableRegion() : nullptr;
  if (!region)
    return result;
  auto it = callers.find(region);
  if (it == callers.end())
    return result;
  for (CallOpInterface callOp : it->second)
    if (fn(callOp).wasInterrupted())
      break;
  return result;
}

/// The values on the other side of a global access: for a load, the value of
/// every store to the global; for a store, the result of every load.
/// INCOMPLETE if the global is unknown or its address is taken.
static TraversalResult walkGlobalPeers(const Explorer::GlobalInfo *info,
                                       bool wantStores,
                                       function_ref<void(Value)> fn) {
  if (!info || info->isIndirect)
    return TraversalResult::INCOMPLETE;
  for (Operation *use : info->uses) {
    if (wantStores) {
      if (auto storeOp = dyn_cast<GlobalStoreOpInterface>(use))
        fn(storeOp.getStoredGlobalValue());
    } else if (auto loadOp = dyn_cast<GlobalLoadOpInterface>(use)) {
      fn(loadOp.getLoadedGlobalValue());
    }
  }
  return TraversalResult::COMPLETE;
}

/// The successor input that operand `operandIndex` of an op forwarding
/// `operands` to `inputs` feeds, or null.
static Value getForwardedInput(OperandRange operands, ValueRange inputs,
                               unsigned operandIndex) {
  if (operands.empty())
    return {};
  unsigned begin = operands.getBeginOperandIndex();
  if (operandIndex < begin || operandIndex >= begin + operands.size())
    return {};
  unsigned index = operandIndex - begin;
  return index < inputs.size() ? inputs[index] : Value();
}

/// `op` as a region-branch terminator, if its parent really is a region-branch
/// op (some terminators, e.g. util.return, implement the interface but also
/// end function bodies).
static RegionBranchTerminatorOpInterface asRegionTerminator(Operation *op) {
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op);
  if (!terminator ||
      !isa_and_nonnull<RegionBranchOpInterface>(op->getParentOp()))
    return {};
  return terminator;
}

/// The attributes-unknown operand list a region-branch query takes: a prefix
/// of one per-thread buffer of null attributes, so that a query costs O(1)
/// amortized rather than O(operands) (the walks ask it once per result of a
/// region op, which made them quadratic on ops with thousands of operands).
/// Valid until the next call on the same thread; the queries only read it.
static ArrayRef<Attribute> unknownOperands(Operation *op) {
  thread_local SmallVector<Attribute> nulls;
  unsigned count = op->getNumOperands();
  if (nulls.size() < count)
    nulls.resize(count);
  return ArrayRef<Attribute>(nulls).take_front(count);
}

TraversalResult
Explorer::walkReturnOps(Operation *parentOp,
                        function_ref<WalkResult(Operation *)> fn) {
  if (getTraversalAction(parentOp) != TraversalAction::RECURSE)
    return TraversalResult::COMPLETE;
  if (auto regionOp = dyn_cast<RegionBranchOpInterface>(parentOp)) {
    for (Region &region : parentOp->getRegions()) {
      for (Block &block : region) {
        if (block.empty())
          continue;
        auto terminator = asRegionTerminator(&block.back());
        if (!terminator)
          continue;
        SmallVector<RegionSuccessor> successors;
        terminator.getSuccessorRegions(unknownOperands(terminator), successors);
        if (!llvm::any_of(successors,
                          [](RegionSuccessor &s) { return s.isParent(); }))
          continue;
        if (fn(terminator).wasInterrupted())
          return TraversalResult::COMPLETE;
        break;
      }
    }
    return TraversalResult::COMPLETE;
  }
  if (auto callable = dyn_cast<CallableOpInterface>(parentOp)) {
    Region *region = callable.getCallableRegion();
    if (!region || region->empty())
      return TraversalResult::INCOMPLETE;
    for (Block &block : *region) {
      if (block.empty())
        continue;
      Operation *terminator = &block.back();
      if (terminator->hasTrait<mlir::OpTrait::ReturnLike>())
        if (fn(terminator).wasInterrupted())
          break;
    }
    return TraversalResult::COMPLETE;
  }
  return TraversalResult::COMPLETE;
}

TraversalResult
Explorer::walkReturnOperands(Operation *parentOp,
                             function_ref<WalkResult(OperandRange)> fn) {
  return walkReturnOps(parentOp, [&](Operation *terminator) {
    if (auto regionTerminator = asRegionTerminator(terminator)) {
      SmallVector<RegionSuccessor> successors;
      regionTerminator.getSuccessorRegions(unknownOperands(terminator),
                                           successors);
      for (RegionSuccessor &successor : successors)
        if (successor.isParent())
          return fn(regionTerminator.getSuccessorOperands(successor));
      return WalkResult::advance();
    }
    return fn(terminator->getOperands());
  });
}

TraversalResult Explorer::walkIncomingBranchOperands(
    Block *block, function_ref<WalkResult(Block *, OperandRange, int)> fn) {
  TraversalResult result = TraversalResult::COMPLETE;
  bool interrupted = false;
  auto call = [&](Block *source, OperandRange operands, int offset) {
    if (interrupted)
      return;
    interrupted = fn(source, operands, offset).wasInterrupted();
  };

  if (block->isEntryBlock()) {
    Operation *parentOp = block->getParentOp();
    Region *region = block->getParent();
    if (auto whileOp = dyn_cast<scf::WhileOp>(parentOp)) {
      if (region == &whileOp.getBefore()) {
        call(whileOp->getBlock(), whileOp.getInits(), 0);
        scf::YieldOp yieldOp = whileOp.getYieldOp();
        call(yieldOp->getBlock(), yieldOp->getOperands(), 0);
      } else {
        scf::ConditionOp conditionOp = whileOp.getConditionOp();
        call(conditionOp->getBlock(), conditionOp.getArgs(), 0);
      }
    } else if (auto forOp = dyn_cast<scf::ForOp>(parentOp)) {
      call(forOp->getBlock(), forOp.getInitArgs(), -1);
      Operation *yieldOp = forOp.getBody()->getTerminator();
      call(forOp.getBody(), yieldOp->getOperands(), -1);
    } else if (auto regionOp = dyn_cast<RegionBranchOpInterface>(parentOp)) {
      SmallVector<RegionSuccessor> successors;
      regionOp.getEntrySuccessorRegions(unknownOperands(parentOp), successors);
      for (RegionSuccessor &successor : successors) {
        if (successor.isParent() || successor.getSuccessor() != region)
          continue;
        call(parentOp->getBlock(),
             regionOp.getEntrySuccessorOperands(successor), 0);
      }
    } else if (isa<CallableOpInterface>(parentOp)) {
      result |= walkIncomingCalls(parentOp, [&](CallOpInterface callOp) {
        call(callOp->getBlock(), callOp.getArgOperands(), 0);
        return interrupted ? WalkResult::interrupt() : WalkResult::advance();
      });
    } else {
      result = TraversalResult::INCOMPLETE;
    }
  }

  llvm::SmallPtrSet<Block *, 4> seenPredecessors;
  for (Block *predecessor : block->getPredecessors()) {
    if (!seenPredecessors.insert(predecessor).second)
      continue;
    auto branchOp = dyn_cast<BranchOpInterface>(predecessor->getTerminator());
    if (!branchOp) {
      result = TraversalResult::INCOMPLETE;
      continue;
    }
    const BranchInfo &info = getBranchInfo(branchOp);
    auto it = info.slotsByBlock.find(block);
    if (it == info.slotsByBlock.end())
      continue;
    for (unsigned i : it->second) {
      const BranchInfo::Slot &slot = info.slots[i];
      call(predecessor, branchOp->getOperands().slice(slot.begin, slot.size),
           -static_cast<int>(slot.produced));
    }
  }
  return result;
}

TraversalResult Explorer::walkIncomingBlockArgument(
    BlockArgument arg, function_ref<WalkResult(Block *, Value)> fn) {
  return walkIncomingBranchOperands(
      arg.getOwner(),
      [&](Block *source, OperandRange operands, int offset) -> WalkResult {
        int64_t index = static_cast<int64_t>(arg.getArgNumber()) + offset;
        if (index < 0 || index >= static_cast<int64_t>(operands.size()))
          return WalkResult::advance();
        return fn(source, operands[index]);
      });
}

TraversalResult Explorer::walkOutgoingBranchOperandArguments(
    BranchOpInterface branchOp, unsigned operandIdx,
    function_ref<WalkResult(Block *, BlockArgument)> fn) {
  const BranchInfo &info = getBranchInfo(branchOp);
  if (operandIdx >= info.operandTargets.size())
    return TraversalResult::COMPLETE;
  auto [successorIndex, argIndex] = info.operandTargets[operandIdx];
  if (successorIndex < 0)
    return TraversalResult::COMPLETE;
  Block *successor = branchOp->getSuccessor(successorIndex);
  fn(successor, successor->getArgument(argIndex));
  return TraversalResult::COMPLETE;
}

//===----------------------------------------------------------------------===//
// walkDefiningOps
//===----------------------------------------------------------------------===//

TraversalResult Explorer::walkDefiningOps(Value value,
                                          function_ref<WalkResult(OpResult)> fn,
                                          TraversalBehavior behavior) {
  return walkDefiningOps(value, fn, nullptr, behavior);
}

TraversalResult
Explorer::walkDefiningOps(Value value, function_ref<WalkResult(OpResult)> fn,
                          function_ref<WalkResult(BlockArgument)> argFn,
                          TraversalBehavior behavior) {
  // The common case: a result of an op the walk cannot see through (no tie,
  // call, global load or region exit): the result itself, without the
  // worklist and its set.
  if (auto result = dyn_cast<OpResult>(value)) {
    switch (getDefiningOpStep(result, behavior)) {
    case DefiningOpStep::ReportsResult:
      fn(result);
      return TraversalResult::COMPLETE;
    case DefiningOpStep::ReportsNothing:
      return TraversalResult::COMPLETE;
    case DefiningOpStep::WalksFurther:
      break;
    }
  }

  TraversalResult traversal = TraversalResult::COMPLETE;
  SmallVector<Value> worklist;
  llvm::DenseSet<Value> enqueued;
  auto enqueue = [&](Value v) {
    if (enqueued.insert(v).second)
      worklist.push_back(v);
  };
  enqueue(value);
  bool walkTied =
      !bitEnumContains(behavior, TraversalBehavior::DONT_WALK_TIED_VALUES);

  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(current)) {
      if (argFn && current != value) {
        WalkResult argResult = argFn(arg);
        if (argResult.wasInterrupted())
          return traversal;
        if (argResult.wasSkipped())
          continue;
      }
      traversal |= walkIncomingBlockArgument(arg, [&](Block *, Value operand) {
        enqueue(operand);
        return WalkResult::advance();
      });
      continue;
    }
    auto result = cast<OpResult>(current);
    Operation *op = result.getOwner();
    TraversalAction action = getTraversalAction(op);
    if (action == TraversalAction::IGNORE)
      continue;
    WalkResult walkResult = fn(result);
    if (walkResult.wasInterrupted())
      return traversal;
    if (walkResult.wasSkipped())
      continue;

    if (walkTied) {
      if (auto tiedOp = dyn_cast<TiedOpInterface>(op))
        if (Value tied = tiedOp.getTiedResultOperand(result))
          enqueue(tied);
    }

    if (auto callOp = dyn_cast<CallOpInterface>(op)) {
      if (isa<Value>(callOp.getCallableForCallee())) {
        traversal = TraversalResult::INCOMPLETE;
      } else {
        Operation *callee = callOp.resolveCallableInTable(&symbolTables);
        if (!callee) {
          traversal = TraversalResult::INCOMPLETE;
        } else if (getTraversalAction(callee) == TraversalAction::RECURSE) {
          unsigned index = result.getResultNumber();
          traversal |= walkReturnOperands(callee, [&](OperandRange operands) {
            if (index < operands.size())
              enqueue(operands[index]);
            return WalkResult::advance();
          });
        }
      }
    }

    if (auto loadOp = dyn_cast<GlobalLoadOpInterface>(op))
      traversal |=
          walkGlobalPeers(queryGlobalInfoFrom(loadOp.getGlobalName(), loadOp),
                          /*wantStores=*/true, enqueue);

    if (isa<RegionBranchOpInterface>(op) &&
        action == TraversalAction::RECURSE) {
      unsigned index = result.getResultNumber();
      traversal |= walkReturnOperands(op, [&](OperandRange operands) {
        if (index < operands.size())
          enqueue(operands[index]);
        return WalkResult::advance();
      });
    }
  }
  return traversal;
}

//===----------------------------------------------------------------------===//
// walkTransitiveUses
//===----------------------------------------------------------------------===//

TraversalResult
Explorer::walkTransitiveUses(Value value,
                             function_ref<WalkResult(OpOperand &)> fn,
                             TraversalBehavior behavior) {
  TraversalResult traversal = TraversalResult::COMPLETE;
  SmallVector<Value> worklist;
  llvm::DenseSet<OpOperand *> processedUses;
  worklist.push_back(value);
  bool walkTied =
      !bitEnumContains(behavior, TraversalBehavior::DONT_WALK_TIED_VALUES);

  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      if (!processedUses.insert(&use).second)
        continue;
      Operation *owner = use.getOwner();
      if (getTraversalAction(owner) == TraversalAction::IGNORE)
        continue;
      WalkResult walkResult = fn(use);
      if (walkResult.wasInterrupted())
        break;
      if (walkResult.wasSkipped())
        continue;
      unsigned operandIndex = use.getOperandNumber();

      if (walkTied) {
        if (auto tiedOp = dyn_cast<TiedOpInterface>(owner))
          for (Value tied : tiedOp.getOperandTiedResults(operandIndex))
            worklist.push_back(tied);
      }

      if (auto regionOp = dyn_cast<RegionBranchOpInterface>(owner);
          regionOp && getTraversalAction(owner) == TraversalAction::RECURSE) {
        SmallVector<RegionSuccessor> successors;
        regionOp.getEntrySuccessorRegions(unknownOperands(owner), successors);
        for (RegionSuccessor &successor : successors) {
          if (successor.isParent())
            continue;
          if (Value input = getForwardedInput(
                  regionOp.getEntrySuccessorOperands(successor),
                  successor.getSuccessorInputs(), operandIndex))
            worklist.push_back(input);
        }
      }

      if (auto branchOp = dyn_cast<BranchOpInterface>(owner)) {
        walkOutgoingBranchOperandArguments(branchOp, operandIndex,
                                           [&](Block *, BlockArgument arg) {
                                             worklist.push_back(arg);
                                             return WalkResult::advance();
                                           });
      } else if (auto terminator = asRegionTerminator(owner)) {
        SmallVector<RegionSuccessor> successors;
        terminator.getSuccessorRegions(unknownOperands(owner), successors);
        for (RegionSuccessor &successor : successors)
          if (Value input = getForwardedInput(
                  terminator.getSuccessorOperands(successor),
                  successor.getSuccessorInputs(), operandIndex))
            worklist.push_back(input);
      }

      if (auto callOp = dyn_cast<CallOpInterface>(owner)) {
        if (isa<Value>(callOp.getCallableForCallee())) {
          traversal = TraversalResult::INCOMPLETE;
        } else {
          auto callable = dyn_cast_or_null<CallableOpInterface>(
              callOp.resolveCallableInTable(&symbolTables));
          Region *region = callable ? callable.getCallableRegion() : nullptr;
          if (!region || region->empty()) {
            traversal = TraversalResult::INCOMPLETE;
          } else if (operandIndex < region->getNumArguments()) {
            worklist.push_back(region->getArgument(operandIndex));
          }
        }
      }

      if (owner->hasTrait<mlir::OpTrait::ReturnLike>()) {
        Operation *parentOp = owner->getParentOp();
        if (parentOp && isa<CallableOpInterface>(parentOp)) {
          traversal |= walkIncomingCalls(parentOp, [&](CallOpInterface callOp) {
            if (operandIndex < callOp->getNumResults())
              worklist.push_back(callOp->getResult(operandIndex));
            return WalkResult::advance();
          });
        }
      }

      if (auto storeOp = dyn_cast<GlobalStoreOpInterface>(owner))
        traversal |= walkGlobalPeers(
            queryGlobalInfoFrom(storeOp.getGlobalName(), storeOp),
            /*wantStores=*/false, [&](Value v) { worklist.push_back(v); });
    }
  }
  return traversal;
}

TraversalResult
Explorer::walkTransitiveUsers(Value value,
                              function_ref<WalkResult(Operation *)> fn,
                              TraversalBehavior behavior) {
  llvm::SmallPtrSet<Operation *, 16> seen;
  return walkTransitiveUses(
      value,
      [&](OpOperand &use) -> WalkResult {
        if (!seen.insert(use.getOwner()).second)
          return WalkResult::advance();
        return fn(use.getOwner());
      },
      behavior);
}

bool Explorer::mayValuesAlias(Value a, Value b) {
  if (a == b)
    return true;
  bool found = false;
  TraversalResult result = walkTransitiveUses(a, [&](OpOperand &use) {
    if (use.get() == b) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found || result == TraversalResult::INCOMPLETE;
}

bool Explorer::mayBeUsedBy(Value value, Operation *op) {
  bool found = false;
  TraversalResult result = walkTransitiveUsers(value, [&](Operation *user) {
    if (user == op) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found || result == TraversalResult::INCOMPLETE;
}

} // namespace sluice::util
