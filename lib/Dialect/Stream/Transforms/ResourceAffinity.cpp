//===- ResourceAffinity.cpp - affinity queries for allocation -------------===//

#include "ResourceAffinity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace sluice::stream {

void sortAffinities(SmallVectorImpl<AffinityAttr> &affinities) {
  llvm::SetVector<AffinityAttr> unique(affinities.begin(), affinities.end());
  SmallVector<std::pair<std::string, AffinityAttr>> keyed;
  for (AffinityAttr affinity : unique) {
    std::string text;
    llvm::raw_string_ostream os(text);
    affinity.print(os);
    keyed.push_back({std::move(text), affinity});
  }
  // Unique texts after de-duplication, so an unstable sort is stable enough.
  llvm::sort(keyed,
             [](const auto &a, const auto &b) { return a.first < b.first; });
  affinities.clear();
  for (auto &[text, affinity] : keyed)
    affinities.push_back(affinity);
}

/// The global op named by a global accessor, or null.
static Operation *lookupGlobal(Operation *accessor, StringRef name) {
  Operation *symbolTable = SymbolTable::getNearestSymbolTable(accessor);
  if (!symbolTable)
    return nullptr;
  return SymbolTable::lookupSymbolIn(
      symbolTable, StringAttr::get(accessor->getContext(), name));
}

/// The explicit affinity of the global accessed by `accessor`, or null.
static AffinityAttr lookupGlobalAffinity(Operation *accessor, StringRef name) {
  Operation *global = lookupGlobal(accessor, name);
  return global ? AffinityAttr::lookup(global) : AffinityAttr();
}

static bool isClosureRegionOp(Operation *op) {
  return isa<AsyncExecuteOp, AsyncConcurrentOp>(op);
}

static void addAffinity(SmallVectorImpl<AffinityAttr> &list, Attribute attr) {
  if (auto affinity = dyn_cast_or_null<AffinityAttr>(attr))
    if (!llvm::is_contained(list, affinity))
      list.push_back(affinity);
}

void AffinityFlow::merge(const AffinityFlow &other) {
  for (AffinityAttr affinity : other.affinities)
    addAffinity(affinities, affinity);
  for (AffinityAttr affinity : other.pinned)
    addAffinity(pinned, affinity);
  valid &= other.valid;
}

//===----------------------------------------------------------------------===//
// AffinityFlowSolver
//===----------------------------------------------------------------------===//

unsigned AffinityFlowSolver::visit(Value value,
                                   std::vector<unsigned> &tarjanStack,
                                   unsigned &counter) {
  unsigned id = nodes.size();
  ids[value] = id;
  nodes.emplace_back();
  Node &node = nodes.back();
  expand(value, node.direct, node.next);
  node.index = node.lowlink = counter++;
  node.onStack = true;
  tarjanStack.push_back(id);
  return id;
}

const AffinityFlow &AffinityFlowSolver::get(Value root) {
  auto found = ids.find(root);
  if (found != ids.end() && nodes[found->second].result >= 0)
    return results[nodes[found->second].result];

  // Iterative Tarjan: every SCC is finished after the SCCs it reaches, so its
  // union can take their (final) results.
  std::vector<unsigned> tarjanStack;
  std::vector<std::pair<unsigned, unsigned>> callStack; // (node, next edge)
  unsigned counter = 0;
  callStack.push_back({visit(root, tarjanStack, counter), 0});
  while (!callStack.empty()) {
    auto [id, edge] = callStack.back();
    if (edge < nodes[id].next.size()) {
      ++callStack.back().second;
      Value next = nodes[id].next[edge];
      auto it = ids.find(next);
      if (it == ids.end()) {
        callStack.push_back({visit(next, tarjanStack, counter), 0});
        continue;
      }
      if (nodes[it->second].onStack)
        nodes[id].lowlink =
            std::min(nodes[id].lowlink, nodes[it->second].index);
      continue;
    }
    callStack.pop_back();
    if (!callStack.empty()) {
      unsigned parent = callStack.back().first;
      nodes[parent].lowlink =
          std::min(nodes[parent].lowlink, nodes[id].lowlink);
    }
    if (nodes[id].lowlink != nodes[id].index)
      continue;
    SmallVector<unsigned> members;
    AffinityFlow flow;
    unsigned member;
    do {
      member = tarjanStack.back();
      tarjanStack.pop_back();
      nodes[member].onStack = false;
      members.push_back(member);
      flow.merge(nodes[member].direct);
    } while (member != id);
    for (unsigned m : members)
      for (Value next : nodes[m].next) {
        int result = nodes[ids.lookup(next)].result;
        if (result >= 0)
          flow.merge(results[result]);
      }
    int result = results.size();
    results.push_back(std::move(flow));
    for (unsigned m : members) {
      nodes[m].result = result;
      // The edges are no longer needed.
      nodes[m].next.clear();
    }
  }
  return results[nodes[ids.lookup(root)].result];
}

//===----------------------------------------------------------------------===//
// The two directions
//===----------------------------------------------------------------------===//

/// Where `value` is consumed: affinities of its users, and the values it
/// flows into (tied results, region arguments, branch arguments, results).
static void expandConsumers(Value value, AffinityFlow &flow,
                            SmallVectorImpl<Value> &next) {
  for (OpOperand &use : value.getUses()) {
    Operation *owner = use.getOwner();
    unsigned k = use.getOperandNumber();
    if (auto affinityOp = dyn_cast<AffinityOpInterface>(owner)) {
      AffinityAttr affinity = AffinityAttr::lookup(owner);
      if (affinityOp.pinsValueAffinity())
        addAffinity(flow.pinned, affinity);
      addAffinity(flow.affinities, affinity);
    }
    if (auto tiedOp = dyn_cast<util::TiedOpInterface>(owner))
      for (Value result : tiedOp.getOperandTiedResults(k))
        next.push_back(result);
    if (auto transferOp = dyn_cast<AsyncTransferOp>(owner)) {
      addAffinity(flow.affinities, transferOp.getTargetAffinityAttr());
    } else if (isClosureRegionOp(owner)) {
      Block &body = owner->getRegion(0).front();
      if (k < body.getNumArguments())
        next.push_back(body.getArgument(k));
    } else if (auto selectOp = dyn_cast<arith::SelectOp>(owner)) {
      if (k != 0)
        next.push_back(selectOp.getResult());
    } else if (isa<util::OptimizationBarrierOp>(owner)) {
      next.push_back(owner->getResult(k));
    } else if (auto branchOp = dyn_cast<BranchOpInterface>(owner)) {
      if (std::optional<BlockArgument> arg =
              branchOp.getSuccessorBlockArgument(k))
        next.push_back(*arg);
    } else if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
      unsigned control = forOp.getNumControlOperands();
      if (k >= control)
        next.push_back(forOp.getRegionIterArgs()[k - control]);
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(owner)) {
      next.push_back(whileOp.getBeforeArguments()[k]);
    } else if (auto conditionOp = dyn_cast<scf::ConditionOp>(owner)) {
      if (k >= 1) {
        auto whileOp = conditionOp->getParentOfType<scf::WhileOp>();
        next.push_back(whileOp.getResult(k - 1));
        next.push_back(whileOp.getAfterArguments()[k - 1]);
      }
    } else if (isa<scf::YieldOp>(owner)) {
      Operation *parent = owner->getParentOp();
      if (isa<scf::IfOp>(parent)) {
        next.push_back(parent->getResult(k));
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
        next.push_back(whileOp.getBeforeArguments()[k]);
      } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        next.push_back(forOp.getRegionIterArgs()[k]);
        next.push_back(forOp.getResult(k));
      } else {
        flow.valid = false;
      }
    } else if (isa<YieldOp>(owner)) {
      Operation *parent = owner->getParentOp();
      if (k < parent->getNumResults())
        next.push_back(parent->getResult(k));
    } else if (isa<util::GlobalStoreOpInterface>(owner)) {
      AffinityAttr affinity = lookupGlobalAffinity(
          owner, cast<util::GlobalAccessorOpInterface>(owner).getGlobalName());
      if (affinity)
        addAffinity(flow.affinities, affinity);
      else
        flow.valid = false;
    } else if (owner->hasTrait<mlir::OpTrait::ReturnLike>() ||
               isa<CallOpInterface>(owner)) {
      // Callers or callees are not followed.
      flow.valid = false;
    }
  }
}

/// The values yielded at `index` by the terminators of `region`'s blocks.
static void appendYielded(Region &region, unsigned index,
                          SmallVectorImpl<Value> &next) {
  for (Block &block : region)
    if (!block.empty() &&
        block.back().hasTrait<mlir::OpTrait::IsTerminator>() &&
        index < block.back().getNumOperands())
      next.push_back(block.back().getOperand(index));
}

/// Where `value` is produced: affinities of its producers, and the values it
/// comes from (tied operands, captures, yields, branch operands).
static void expandProducers(Value value, AffinityFlow &flow,
                            SmallVectorImpl<Value> &next) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    Operation *parent = block->getParentOp();
    unsigned n = arg.getArgNumber();
    if (!block->isEntryBlock()) {
      for (auto it = block->pred_begin(), e = block->pred_end(); it != e;
           ++it) {
        auto branchOp = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branchOp) {
          flow.valid = false;
          continue;
        }
        SuccessorOperands operands =
            branchOp.getSuccessorOperands(it.getSuccessorIndex());
        Value operand = n < operands.size() ? operands[n] : Value();
        if (operand)
          next.push_back(operand);
        else
          flow.valid = false;
      }
    } else if (isClosureRegionOp(parent)) {
      if (n < parent->getNumOperands())
        next.push_back(parent->getOperand(n));
    } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (n >= 1) {
        next.push_back(forOp.getInitArgs()[n - 1]);
        appendYielded(forOp.getRegion(), n - 1, next);
      }
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      if (arg.getParentRegion() == &whileOp.getBefore()) {
        next.push_back(whileOp.getInits()[n]);
        appendYielded(whileOp.getAfter(), n, next);
      } else {
        appendYielded(whileOp.getBefore(), n + 1, next);
      }
    } else {
      // Function arguments and unknown regions.
      flow.valid = false;
    }
    return;
  }

  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  unsigned k = result.getResultNumber();
  auto affinityOp = dyn_cast<AffinityOpInterface>(op);
  if (affinityOp && affinityOp.pinsValueAffinity()) {
    addAffinity(flow.pinned, AffinityAttr::lookup(op));
    addAffinity(flow.affinities, AffinityAttr::lookup(op));
  }
  if (auto tiedOp = dyn_cast<util::TiedOpInterface>(op)) {
    if (Value operand = tiedOp.getTiedResultOperand(result)) {
      next.push_back(operand);
      if (auto dispatchOp = dyn_cast<AsyncDispatchOp>(op))
        addAffinity(flow.affinities, dispatchOp.getAffinityAttr());
      return;
    }
  }
  if (isClosureRegionOp(op)) {
    addAffinity(flow.affinities, AffinityAttr::lookup(op));
    appendYielded(op->getRegion(0), k, next);
  } else if (isa<scf::IfOp, scf::ForOp, scf::WhileOp>(op)) {
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      next.push_back(forOp.getInitArgs()[k]);
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      appendYielded(whileOp.getBefore(), k + 1, next);
    else
      for (Region &region : op->getRegions())
        appendYielded(region, k, next);
  } else if (affinityOp) {
    if (AffinityAttr affinity = AffinityAttr::lookup(op))
      addAffinity(flow.affinities, affinity);
    else
      for (Value operand : op->getOperands())
        if (isa<ResourceType>(operand.getType()))
          next.push_back(operand);
  } else if (isa<CallOpInterface>(op)) {
    flow.valid = false;
  } else if (isa<util::GlobalLoadOpInterface>(op)) {
    AffinityAttr affinity = lookupGlobalAffinity(
        op, cast<util::GlobalAccessorOpInterface>(op).getGlobalName());
    if (affinity)
      addAffinity(flow.affinities, affinity);
    else
      flow.valid = false;
  } else if (auto selectOp = dyn_cast<arith::SelectOp>(op)) {
    next.push_back(selectOp.getTrueValue());
    next.push_back(selectOp.getFalseValue());
  } else if (isa<util::OptimizationBarrierOp>(op)) {
    next.push_back(op->getOperand(k));
  }
}

ResourceAffinityQueries::ResourceAffinityQueries()
    : consumers(expandConsumers), producers(expandProducers) {}

bool ResourceAffinityQueries::tryLookupPinnedAffinities(
    Value value, SmallVectorImpl<AffinityAttr> &out) {
  const AffinityFlow &consumed = consumers.get(value);
  SmallVector<AffinityAttr> pinned(consumed.pinned.begin(),
                                   consumed.pinned.end());
  for (AffinityAttr affinity : producers.get(value).pinned)
    addAffinity(pinned, affinity);
  if (pinned.empty())
    return false;
  sortAffinities(pinned);
  out.append(pinned.begin(), pinned.end());
  return true;
}

/// The first `stream.affinity.default` on the value's parent op or above.
static AffinityAttr lookupDefaultAffinity(Value value) {
  Operation *op =
      value.getParentBlock() ? value.getParentBlock()->getParentOp() : nullptr;
  for (; op; op = op->getParentOp())
    if (auto affinity =
            op->getAttrOfType<AffinityAttr>("stream.affinity.default"))
      return affinity;
  return {};
}

bool ResourceAffinityQueries::tryLookupResourceUsageAffinity(
    Value value, SmallVectorImpl<AffinityAttr> &out) {
  const AffinityFlow &produced = producers.get(value);
  const AffinityFlow &consumed = consumers.get(value);
  SmallVector<AffinityAttr> all;
  if (produced.valid)
    all.append(produced.affinities.begin(), produced.affinities.end());
  if (consumed.valid)
    all.append(consumed.affinities.begin(), consumed.affinities.end());
  all.append(produced.pinned.begin(), produced.pinned.end());
  all.append(consumed.pinned.begin(), consumed.pinned.end());
  if (all.empty()) {
    AffinityAttr fallback = lookupDefaultAffinity(value);
    if (!fallback)
      return false;
    all.push_back(fallback);
  }
  sortAffinities(all);
  out.append(all.begin(), all.end());
  return true;
}

} // namespace sluice::stream
