//===- Timepoints.cpp - timepoint immediacy and coverage ------------------===//
//
// stream-passes-2.md §6.1–§6.3 with the [SCALE] design of §6.7; see
// Timepoints.h for the overview.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Timepoints.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <deque>

using namespace mlir;
using sluice::util::Explorer;
using sluice::util::TraversalAction;
using sluice::util::TraversalResult;

namespace sluice::stream {

bool isTimepointValue(Value value) {
  return isa<TimepointType>(value.getType());
}
bool isDefinedImmediate(Value value) {
  return value && value.getDefiningOp<TimepointImmediateOp>();
}

namespace {

/// Tarjan's strongly connected components over nodes 0..n-1 with successors
/// given by `forEachSuccessor(node, fn)`. Components are numbered in the
/// order they complete, so every edge goes to a component with an equal or
/// lower number. `cyclic[c]` is true for components with a cycle.
template <typename ForEachSuccessor>
void computeSCCs(unsigned n, ForEachSuccessor forEachSuccessor,
                 std::vector<unsigned> &component, std::vector<bool> &cyclic) {
  constexpr unsigned kUnvisited = ~0u;
  std::vector<unsigned> index(n, kUnvisited), lowlink(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<unsigned> stack;
  component.assign(n, kUnvisited);
  cyclic.clear();
  unsigned nextIndex = 0;
  struct Frame {
    unsigned node;
    llvm::SmallVector<unsigned, 4> successors;
    size_t next = 0;
  };
  std::vector<Frame> frames;
  for (unsigned root = 0; root < n; ++root) {
    if (index[root] != kUnvisited)
      continue;
    auto push = [&](unsigned node) {
      index[node] = lowlink[node] = nextIndex++;
      stack.push_back(node);
      onStack[node] = true;
      Frame frame{node, {}, 0};
      forEachSuccessor(
          node, [&](unsigned succ) { frame.successors.push_back(succ); });
      frames.push_back(std::move(frame));
    };
    push(root);
    while (!frames.empty()) {
      Frame &frame = frames.back();
      if (frame.next < frame.successors.size()) {
        unsigned succ = frame.successors[frame.next++];
        if (index[succ] == kUnvisited) {
          push(succ);
        } else if (onStack[succ]) {
          lowlink[frame.node] = std::min(lowlink[frame.node], index[succ]);
        }
        continue;
      }
      unsigned node = frame.node;
      bool selfLoop = llvm::is_contained(frame.successors, node);
      frames.pop_back();
      if (!frames.empty())
        lowlink[frames.back().node] =
            std::min(lowlink[frames.back().node], lowlink[node]);
      if (lowlink[node] != index[node])
        continue;
      unsigned id = cyclic.size();
      unsigned size = 0;
      while (true) {
        unsigned member = stack.back();
        stack.pop_back();
        onStack[member] = false;
        component[member] = id;
        ++size;
        if (member == node)
          break;
      }
      cyclic.push_back(size > 1 || selfLoop);
    }
  }
}

} // namespace

class TimepointAnalysis::Impl {
public:
  Impl(ModuleOp moduleOp, Explorer &explorer, Options options)
      : moduleOp(moduleOp), explorer(explorer), options(options) {}

  void run();
  bool isImmediate(Value value) const;
  bool covers(Value producer, ValueRange timepoints) const;
  SmallVector<bool> computeRequired(ArrayRef<Value> possible) const;

  size_t coverageNodeCount() const { return covNodes.size(); }
  size_t immediacyNodeCount() const { return immNodes.size(); }

private:
  //===------------------------------------------------------------------===//
  // Immediacy
  //===------------------------------------------------------------------===//

  struct ImmNode {
    Value value;
    /// The value's own constraint holds (and its walk edges are complete).
    bool base = true;
    /// Values whose immediacy this one requires.
    llvm::SmallVector<unsigned, 2> children;
    /// In the known set (an element exists for it, §6.1).
    bool known = false;
    bool expanded = false;
    /// Final answer.
    bool immediate = true;
  };

  unsigned getImmNode(Value value) {
    auto [it, inserted] = immIndex.try_emplace(value, immNodes.size());
    if (inserted) {
      immNodes.emplace_back();
      immNodes.back().value = value;
      immWorklist.push_back(it->second);
    }
    return it->second;
  }
  void markImmKnown(Value value) { immNodes[getImmNode(value)].known = true; }
  void expandImm(unsigned node);
  void solveImmediacy();

  //===------------------------------------------------------------------===//
  // Coverage
  //===------------------------------------------------------------------===//

  struct Edge {
    unsigned child;
    /// The child value itself is a member (not only its coverage).
    bool includeTarget;
  };
  struct CovNode {
    Value value;
    bool isFence = false;
    /// Cov(v) contains v.
    bool self = false;
    /// Intersection over the edges (else union).
    bool isAnd = false;
    llvm::SmallVector<Edge, 2> edges;
    unsigned component = 0;
  };

  unsigned getCovNode(Value value, bool isFence) {
    auto &index = isFence ? fenceIndex : covIndex;
    auto [it, inserted] = index.try_emplace(value, covNodes.size());
    if (inserted) {
      covNodes.emplace_back();
      covNodes.back().value = value;
      covNodes.back().isFence = isFence;
      covWorklist.push_back(it->second);
    }
    return it->second;
  }
  void expandCoverage(unsigned node);
  void expandFence(unsigned node);

  /// Bit i set iff Cov(node of `producer`) contains targets[i] (at most 64).
  uint64_t coveredMask(unsigned producer, ArrayRef<Value> targets) const;

  //===------------------------------------------------------------------===//
  // Seeding
  //===------------------------------------------------------------------===//

  void seedRegion(Region &region);

  ModuleOp moduleOp;
  Explorer &explorer;
  Options options;

  std::vector<ImmNode> immNodes;
  llvm::DenseMap<Value, unsigned> immIndex;
  std::vector<unsigned> immWorklist;

  std::vector<CovNode> covNodes;
  llvm::DenseMap<Value, unsigned> covIndex;
  llvm::DenseMap<Value, unsigned> fenceIndex;
  std::vector<unsigned> covWorklist;
  std::vector<bool> componentCyclic;

  /// Per-query scratch (epoch-stamped, never cleared).
  mutable std::vector<unsigned> visitEpoch;
  mutable std::vector<uint64_t> queryMask;
  mutable unsigned epoch = 0;
};

//===----------------------------------------------------------------------===//
// Immediacy
//===----------------------------------------------------------------------===//

void TimepointAnalysis::Impl::expandImm(unsigned node) {
  Value value = immNodes[node].value;
  bool base = true;
  llvm::SmallVector<unsigned, 2> children;
  auto addChild = [&](Value child) { children.push_back(getImmNode(child)); };
  auto addKnownChild = [&](Value child) {
    addChild(child);
    markImmKnown(child);
  };

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    TraversalResult result =
        explorer.walkIncomingBlockArgument(arg, [&](Block *, Value operand) {
          addChild(operand);
          return WalkResult::advance();
        });
    base = result == TraversalResult::COMPLETE;
  } else {
    auto result = cast<OpResult>(value);
    Operation *op = result.getOwner();
    if (isa<TimepointImmediateOp>(op) ||
        explorer.getTraversalAction(op) == TraversalAction::IGNORE) {
      // Immediate (or invisible to the walk): no constraint.
    } else {
      // The constraint on the defining result (§6.2).
      if (isa<util::GlobalLoadOpInterface>(op)) {
        // IsGlobalImmediate: known, direct, and every stored value immediate
        // (the stores are walk edges below).
      } else if (auto joinOp = dyn_cast<TimepointJoinOp>(op)) {
        for (Value operand : joinOp.getTimepoints())
          addKnownChild(operand);
      } else if (isa<TimelineOpInterface>(op)) {
        base = false;
      } else if (auto selectOp = dyn_cast<arith::SelectOp>(op)) {
        addKnownChild(selectOp.getTrueValue());
        addKnownChild(selectOp.getFalseValue());
      } else if (isa<CallOpInterface, BranchOpInterface, scf::IfOp, scf::ForOp>(
                     op)) {
        // The walk reaches their sources.
      } else {
        base = false;
      }

      // The walk edges of walkDefiningOps.
      if (auto tiedOp = dyn_cast<util::TiedOpInterface>(op))
        if (Value tied = tiedOp.getTiedResultOperand(result))
          addChild(tied);
      if (auto callOp = dyn_cast<CallOpInterface>(op)) {
        Operation *callee = nullptr;
        if (!isa<Value>(callOp.getCallableForCallee()))
          callee = callOp.resolveCallableInTable(&explorer.getSymbolTables());
        if (!callee) {
          base = false;
        } else if (explorer.getTraversalAction(callee) ==
                   TraversalAction::RECURSE) {
          unsigned index = result.getResultNumber();
          TraversalResult walk =
              explorer.walkReturnOperands(callee, [&](OperandRange operands) {
                if (index < operands.size())
                  addChild(operands[index]);
                return WalkResult::advance();
              });
          if (walk == TraversalResult::INCOMPLETE)
            base = false;
        }
      }
      if (auto loadOp = dyn_cast<util::GlobalLoadOpInterface>(op)) {
        const Explorer::GlobalInfo *info =
            explorer.queryGlobalInfoFrom(loadOp.getGlobalName(), loadOp);
        if (!info || info->isIndirect) {
          base = false;
        } else {
          for (Operation *use : info->uses)
            if (auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(use))
              addChild(storeOp.getStoredGlobalValue());
        }
      }
      if (isa<RegionBranchOpInterface>(op) &&
          explorer.getTraversalAction(op) == TraversalAction::RECURSE) {
        unsigned index = result.getResultNumber();
        TraversalResult walk =
            explorer.walkReturnOperands(op, [&](OperandRange operands) {
              if (index < operands.size())
                addChild(operands[index]);
              return WalkResult::advance();
            });
        if (walk == TraversalResult::INCOMPLETE)
          base = false;
      }
    }
  }
  ImmNode &entry = immNodes[node];
  entry.base = base;
  entry.children = std::move(children);
  entry.expanded = true;
}

void TimepointAnalysis::Impl::solveImmediacy() {
  // Greatest fixpoint: a value is immediate unless some value it requires
  // (transitively) has a failing constraint.
  std::vector<llvm::SmallVector<unsigned, 2>> parents(immNodes.size());
  std::vector<unsigned> queue;
  for (unsigned i = 0; i < immNodes.size(); ++i) {
    for (unsigned child : immNodes[i].children)
      parents[child].push_back(i);
    if (!immNodes[i].base) {
      immNodes[i].immediate = false;
      queue.push_back(i);
    }
  }
  while (!queue.empty()) {
    unsigned node = queue.back();
    queue.pop_back();
    for (unsigned parent : parents[node]) {
      if (!immNodes[parent].immediate)
        continue;
      immNodes[parent].immediate = false;
      queue.push_back(parent);
    }
  }
}

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

void TimepointAnalysis::Impl::expandCoverage(unsigned node) {
  Value value = covNodes[node].value;
  bool self = false, isAnd = false;
  llvm::SmallVector<Edge, 2> edges;
  auto addEdge = [&](Value child, bool isFence, bool includeTarget) {
    edges.push_back({getCovNode(child, isFence), includeTarget});
  };

  if (isDefinedImmediate(value)) {
    self = true;
  } else if (auto arg = dyn_cast<BlockArgument>(value)) {
    // {arg} ∪ ⋂ over the incoming edges.
    self = true;
    isAnd = true;
    TraversalResult result =
        explorer.walkIncomingBlockArgument(arg, [&](Block *, Value operand) {
          addEdge(operand, /*isFence=*/false, /*includeTarget=*/false);
          return WalkResult::advance();
        });
    if (result == TraversalResult::INCOMPLETE &&
        options.incompleteArgCoversSelf)
      edges.clear();
  } else {
    auto result = cast<OpResult>(value);
    Operation *op = result.getOwner();
    if (auto timelineOp = dyn_cast<TimelineOpInterface>(op)) {
      // {result} ∪ ⋃ ({a} ∪ Cov(a)) over the awaits.
      self = true;
      for (Value await : timelineOp.getAwaitTimepoints())
        addEdge(await, /*isFence=*/false, /*includeTarget=*/true);
    } else if (auto importOp = dyn_cast<TimepointImportOp>(op)) {
      for (Value operand : importOp.getOperands())
        addEdge(operand, /*isFence=*/true, /*includeTarget=*/false);
    } else if (auto callOp = dyn_cast<CallOpInterface>(op)) {
      isAnd = true;
      Operation *callee = nullptr;
      if (!isa<Value>(callOp.getCallableForCallee()))
        callee = callOp.resolveCallableInTable(&explorer.getSymbolTables());
      if (callee) {
        unsigned index = result.getResultNumber();
        TraversalResult walk =
            explorer.walkReturnOperands(callee, [&](OperandRange operands) {
              if (index < operands.size())
                addEdge(operands[index], /*isFence=*/false,
                        /*includeTarget=*/false);
              return WalkResult::advance();
            });
        if (walk == TraversalResult::INCOMPLETE)
          edges.clear();
      }
    } else if (isa<RegionBranchOpInterface>(op)) {
      isAnd = true;
      unsigned index = result.getResultNumber();
      explorer.walkReturnOperands(op, [&](OperandRange operands) {
        if (index < operands.size())
          addEdge(operands[index], /*isFence=*/false, /*includeTarget=*/false);
        return WalkResult::advance();
      });
    } else if (auto selectOp = dyn_cast<arith::SelectOp>(op)) {
      isAnd = options.intersectSelects;
      addEdge(selectOp.getTrueValue(), /*isFence=*/false,
              /*includeTarget=*/false);
      addEdge(selectOp.getFalseValue(), /*isFence=*/false,
              /*includeTarget=*/false);
    }
  }
  CovNode &entry = covNodes[node];
  entry.self = self;
  entry.isAnd = isAnd;
  entry.edges = std::move(edges);
}

void TimepointAnalysis::Impl::expandFence(unsigned node) {
  Value fence = covNodes[node].value;
  // The participating aware ops that signal this fence.
  llvm::SetVector<Operation *> signalers;
  auto consider = [&](Operation *op) {
    auto awareOp = dyn_cast<TimelineAwareOpInterface>(op);
    if (awareOp && awareOp.participatesInTimeline() &&
        awareOp.getSignalFence() == fence)
      signalers.insert(op);
  };
  for (Operation *user : fence.getUsers())
    consider(user);
  if (Operation *definingOp = fence.getDefiningOp())
    consider(definingOp);

  llvm::SmallVector<Edge, 2> edges;
  for (Operation *op : signalers) {
    for (Value awaitFence :
         cast<TimelineAwareOpInterface>(op).getAwaitFences()) {
      explorer.walkDefiningOps(awaitFence, [&](OpResult result) {
        if (auto exportOp = dyn_cast<TimepointExportOp>(result.getOwner()))
          edges.push_back({getCovNode(exportOp.getAwaitTimepoint(), false),
                           /*includeTarget=*/true});
        return WalkResult::advance();
      });
      edges.push_back({getCovNode(awaitFence, true), /*includeTarget=*/false});
    }
  }
  CovNode &entry = covNodes[node];
  entry.edges = std::move(edges);
}

uint64_t TimepointAnalysis::Impl::coveredMask(unsigned producer,
                                              ArrayRef<Value> targets) const {
  assert(targets.size() <= 64);
  llvm::SmallDenseMap<Value, uint64_t, 8> targetBits;
  unsigned minComponent = ~0u;
  for (auto [i, target] : llvm::enumerate(targets)) {
    targetBits[target] |= uint64_t(1) << i;
    auto it = covIndex.find(target);
    if (it != covIndex.end())
      minComponent = std::min(minComponent, covNodes[it->second].component);
  }
  if (minComponent == ~0u || covNodes[producer].component < minComponent)
    return 0;

  // The part of the graph reachable from the producer that may still reach a
  // target, in post-order.
  ++epoch;
  llvm::SmallVector<unsigned, 32> postOrder;
  bool anyCycle = false;
  llvm::SmallVector<std::pair<unsigned, unsigned>, 32> stack;
  visitEpoch[producer] = epoch;
  stack.push_back({producer, 0});
  while (!stack.empty()) {
    auto &[node, next] = stack.back();
    const CovNode &entry = covNodes[node];
    if (next < entry.edges.size()) {
      unsigned child = entry.edges[next++].child;
      if (visitEpoch[child] != epoch &&
          covNodes[child].component >= minComponent) {
        visitEpoch[child] = epoch;
        stack.push_back({child, 0});
      }
      continue;
    }
    anyCycle |= componentCyclic[entry.component];
    queryMask[node] = 0;
    postOrder.push_back(node);
    stack.pop_back();
  }

  auto bitsOf = [&](Value value) -> uint64_t {
    auto it = targetBits.find(value);
    return it == targetBits.end() ? 0 : it->second;
  };
  // Least fixpoint: masks only grow; one pass suffices without cycles.
  bool changed = true;
  while (changed) {
    changed = false;
    for (unsigned node : postOrder) {
      const CovNode &entry = covNodes[node];
      uint64_t mask = entry.self ? bitsOf(entry.value) : 0;
      if (entry.isAnd) {
        if (!entry.edges.empty()) {
          uint64_t all = ~uint64_t(0);
          for (const Edge &edge : entry.edges)
            all &= visitEpoch[edge.child] == epoch ? queryMask[edge.child] : 0;
          mask |= all;
        }
      } else {
        for (const Edge &edge : entry.edges) {
          if (edge.includeTarget)
            mask |= bitsOf(covNodes[edge.child].value);
          if (visitEpoch[edge.child] == epoch)
            mask |= queryMask[edge.child];
        }
      }
      if (mask != queryMask[node]) {
        queryMask[node] = mask;
        changed = true;
      }
    }
    if (!anyCycle)
      break;
  }
  return queryMask[producer];
}

//===----------------------------------------------------------------------===//
// Seeding and solving
//===----------------------------------------------------------------------===//

void TimepointAnalysis::Impl::seedRegion(Region &region) {
  for (Block &block : region) {
    for (BlockArgument arg : block.getArguments())
      if (isTimepointValue(arg))
        markImmKnown(arg);
    for (Operation &op : block) {
      if (auto timelineOp = dyn_cast<TimelineOpInterface>(op)) {
        for (Value await : timelineOp.getAwaitTimepoints()) {
          getCovNode(await, false);
          markImmKnown(await);
        }
        if (Value result = timelineOp.getResultTimepoint()) {
          getCovNode(result, false);
          markImmKnown(result);
        }
      }
      if (auto awareOp = dyn_cast<TimelineAwareOpInterface>(op)) {
        if (awareOp.participatesInTimeline()) {
          if (Value signal = awareOp.getSignalFence())
            getCovNode(signal, true);
          for (Value await : awareOp.getAwaitFences())
            getCovNode(await, true);
        }
      }
      if (auto importOp = dyn_cast<TimepointImportOp>(op))
        for (Value operand : importOp.getOperands())
          getCovNode(operand, true);
    }
    if (!block.empty() &&
        block.back().hasTrait<mlir::OpTrait::IsTerminator>()) {
      for (Value operand : block.back().getOperands()) {
        if (!isTimepointValue(operand))
          continue;
        getCovNode(operand, false);
        markImmKnown(operand);
      }
    }
  }
  for (Block &block : region)
    for (Operation &op : block)
      if (isa<RegionBranchOpInterface>(op))
        for (Region &nested : op.getRegions())
          seedRegion(nested);
}

void TimepointAnalysis::Impl::run() {
  // Globals: IsGlobalImmediate (consulting the stored values unless fixed at
  // initialization) and the loaded values.
  explorer.forEachGlobal([&](const Explorer::GlobalInfo *info) {
    util::GlobalOpInterface globalOp = info->op;
    bool fixed = info->isIndirect || (!globalOp.isGlobalMutable() &&
                                      globalOp.getGlobalInitialValue());
    for (Operation *use : info->uses) {
      if (auto loadOp = dyn_cast<util::GlobalLoadOpInterface>(use))
        markImmKnown(loadOp.getLoadedGlobalValue());
      else if (auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(use))
        if (!fixed)
          markImmKnown(storeOp.getStoredGlobalValue());
    }
  });
  for (Operation &op : *moduleOp.getBody()) {
    auto callableOp = dyn_cast<CallableOpInterface>(op);
    if (!callableOp)
      continue;
    Region *region = callableOp.getCallableRegion();
    if (region && !region->empty())
      seedRegion(*region);
  }

  // Close both graphs over the values their equations consult.
  while (!immWorklist.empty()) {
    unsigned node = immWorklist.back();
    immWorklist.pop_back();
    if (!immNodes[node].expanded)
      expandImm(node);
  }
  solveImmediacy();

  // Every node is queued once, when it is created.
  while (!covWorklist.empty()) {
    unsigned node = covWorklist.back();
    covWorklist.pop_back();
    if (covNodes[node].isFence)
      expandFence(node);
    else
      expandCoverage(node);
  }
  std::vector<unsigned> components;
  computeSCCs(
      covNodes.size(),
      [&](unsigned node, auto fn) {
        for (const Edge &edge : covNodes[node].edges)
          fn(edge.child);
      },
      components, componentCyclic);
  for (unsigned i = 0; i < covNodes.size(); ++i)
    covNodes[i].component = components[i];
  visitEpoch.assign(covNodes.size(), 0);
  queryMask.assign(covNodes.size(), 0);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool TimepointAnalysis::Impl::isImmediate(Value value) const {
  if (isDefinedImmediate(value))
    return true;
  auto it = immIndex.find(value);
  if (it == immIndex.end())
    return false;
  const ImmNode &node = immNodes[it->second];
  return node.known && node.immediate;
}

bool TimepointAnalysis::Impl::covers(Value producer,
                                     ValueRange timepoints) const {
  if (timepoints.empty())
    return false;
  if (isDefinedImmediate(producer))
    return llvm::all_of(timepoints, [&](Value t) { return t == producer; });
  auto it = covIndex.find(producer);
  if (it == covIndex.end())
    return false;
  llvm::SetVector<Value> distinct(timepoints.begin(), timepoints.end());
  ArrayRef<Value> all = distinct.getArrayRef();
  for (size_t begin = 0; begin < all.size(); begin += 64) {
    ArrayRef<Value> chunk =
        all.slice(begin, std::min<size_t>(64, all.size() - begin));
    uint64_t expected =
        chunk.size() == 64 ? ~uint64_t(0) : (uint64_t(1) << chunk.size()) - 1;
    if (coveredMask(it->second, chunk) != expected)
      return false;
  }
  return true;
}

SmallVector<bool>
TimepointAnalysis::Impl::computeRequired(ArrayRef<Value> possible) const {
  llvm::SetVector<Value> distinct(possible.begin(), possible.end());
  ArrayRef<Value> values = distinct.getArrayRef();
  unsigned n = values.size();
  // coveredBy[p] = the other values whose coverage contains p.
  std::vector<llvm::SmallVector<unsigned, 2>> covering(n);
  for (unsigned q = 0; q < n; ++q) {
    Value producer = values[q];
    if (isDefinedImmediate(producer))
      continue; // Cov = {q}: covers no other value.
    auto it = covIndex.find(producer);
    if (it == covIndex.end())
      continue; // Invalid coverage contributes nothing.
    for (unsigned begin = 0; begin < n; begin += 64) {
      ArrayRef<Value> chunk =
          values.slice(begin, std::min<unsigned>(64, n - begin));
      uint64_t mask = coveredMask(it->second, chunk);
      for (unsigned i = 0; i < chunk.size(); ++i)
        if ((mask >> i) & 1 && begin + i != q)
          covering[q].push_back(begin + i);
    }
  }
  // Classes of mutual coverage (EL1).
  std::vector<unsigned> component;
  std::vector<bool> cyclic;
  computeSCCs(
      n,
      [&](unsigned q, auto fn) {
        for (unsigned p : covering[q])
          fn(p);
      },
      component, cyclic);
  unsigned numComponents = cyclic.size();
  std::vector<bool> coveredFromOutside(numComponents, false);
  for (unsigned q = 0; q < n; ++q)
    for (unsigned p : covering[q])
      if (component[p] != component[q])
        coveredFromOutside[component[p]] = true;
  std::vector<bool> keep(n, false);
  std::vector<bool> componentKept(numComponents, false);
  for (unsigned p = 0; p < n; ++p) {
    unsigned c = component[p];
    if (coveredFromOutside[c] || componentKept[c])
      continue;
    keep[p] = true; // The first member (in operand order) of its class.
    componentKept[c] = true;
  }
  llvm::DenseMap<Value, unsigned> position;
  for (unsigned i = 0; i < n; ++i)
    position[values[i]] = i;
  SmallVector<bool> required;
  required.reserve(possible.size());
  for (Value value : possible)
    required.push_back(keep[position.lookup(value)]);
  return required;
}

//===----------------------------------------------------------------------===//
// TimepointAnalysis
//===----------------------------------------------------------------------===//

TimepointAnalysis::TimepointAnalysis(ModuleOp moduleOp, Explorer &explorer)
    : TimepointAnalysis(moduleOp, explorer, Options()) {}
TimepointAnalysis::TimepointAnalysis(ModuleOp moduleOp, Explorer &explorer,
                                     Options options)
    : impl(std::make_unique<Impl>(moduleOp, explorer, options)) {}
TimepointAnalysis::~TimepointAnalysis() = default;

void TimepointAnalysis::run() { impl->run(); }
bool TimepointAnalysis::isImmediate(Value value) const {
  return impl->isImmediate(value);
}
bool TimepointAnalysis::covers(Value producer, ValueRange timepoints) const {
  return impl->covers(producer, timepoints);
}
SmallVector<bool>
TimepointAnalysis::computeRequired(ArrayRef<Value> possible) const {
  return impl->computeRequired(possible);
}
size_t TimepointAnalysis::getCoverageNodeCount() const {
  return impl->coverageNodeCount();
}
size_t TimepointAnalysis::getImmediacyNodeCount() const {
  return impl->immediacyNodeCount();
}

} // namespace sluice::stream
