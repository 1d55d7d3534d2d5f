//===- ResourceAffinity.cpp - affinity queries for allocation -------------===//

#include "ResourceAffinity.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
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
  llvm::sort(keyed, [](const auto &a, const auto &b) { return a.first < b.first; });
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

ResourceAffinityQueries::Summary
ResourceAffinityQueries::summarize(Value root) {
  Summary summary;
  auto addAffinity = [](SmallVectorImpl<AffinityAttr> &list, Attribute attr) {
    if (auto affinity = dyn_cast_or_null<AffinityAttr>(attr))
      list.push_back(affinity);
  };

  // Consumers: where the value (and what it flows into) is used.
  {
    SmallVector<Value> worklist = {root};
    DenseSet<Value> visited = {root};
    auto push = [&](Value value) {
      if (value && visited.insert(value).second)
        worklist.push_back(value);
    };
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses()) {
        Operation *owner = use.getOwner();
        unsigned k = use.getOperandNumber();
        if (auto affinityOp = dyn_cast<AffinityOpInterface>(owner)) {
          AffinityAttr affinity = AffinityAttr::lookup(owner);
          if (affinityOp.pinsValueAffinity())
            addAffinity(summary.pinned, affinity);
          addAffinity(summary.consumers, affinity);
        }
        if (auto tiedOp = dyn_cast<util::TiedOpInterface>(owner))
          for (Value result : tiedOp.getOperandTiedResults(k))
            push(result);
        if (auto transferOp = dyn_cast<AsyncTransferOp>(owner)) {
          addAffinity(summary.consumers, transferOp.getTargetAffinityAttr());
        } else if (isClosureRegionOp(owner)) {
          Block &body = owner->getRegion(0).front();
          if (k < body.getNumArguments())
            push(body.getArgument(k));
        } else if (auto selectOp = dyn_cast<arith::SelectOp>(owner)) {
          if (k != 0)
            push(selectOp.getResult());
        } else if (isa<util::OptimizationBarrierOp>(owner)) {
          push(owner->getResult(k));
        } else if (auto branchOp = dyn_cast<BranchOpInterface>(owner)) {
          if (std::optional<BlockArgument> arg =
                  branchOp.getSuccessorBlockArgument(k))
            push(*arg);
        } else if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
          unsigned control = forOp.getNumControlOperands();
          if (k >= control)
            push(forOp.getRegionIterArgs()[k - control]);
        } else if (auto whileOp = dyn_cast<scf::WhileOp>(owner)) {
          push(whileOp.getBeforeArguments()[k]);
        } else if (auto conditionOp = dyn_cast<scf::ConditionOp>(owner)) {
          if (k >= 1) {
            auto whileOp = conditionOp->getParentOfType<scf::WhileOp>();
            push(whileOp.getResult(k - 1));
            push(whileOp.getAfterArguments()[k - 1]);
          }
        } else if (isa<scf::YieldOp>(owner)) {
          Operation *parent = owner->getParentOp();
          if (isa<scf::IfOp>(parent)) {
            push(parent->getResult(k));
          } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
            push(whileOp.getBeforeArguments()[k]);
          } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
            push(forOp.getRegionIterArgs()[k]);
            push(forOp.getResult(k));
          } else {
            summary.consumersValid = false;
          }
        } else if (isa<YieldOp>(owner)) {
          Operation *parent = owner->getParentOp();
          if (k < parent->getNumResults())
            push(parent->getResult(k));
        } else if (auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(owner)) {
          AffinityAttr affinity = lookupGlobalAffinity(
              owner, cast<util::GlobalAccessorOpInterface>(owner)
                         .getGlobalName());
          if (affinity)
            summary.consumers.push_back(affinity);
          else
            summary.consumersValid = false;
        } else if (owner->hasTrait<mlir::OpTrait::ReturnLike>() ||
                   isa<CallOpInterface>(owner)) {
          // Callers or callees are not followed.
          summary.consumersValid = false;
        }
      }
    }
  }

  // Producers: where the value's storage comes from.
  {
    SmallVector<Value> worklist = {root};
    DenseSet<Value> visited = {root};
    auto push = [&](Value value) {
      if (value && visited.insert(value).second)
        worklist.push_back(value);
    };
    auto pushYielded = [&](Region &region, unsigned index) {
      for (Block &block : region)
        if (!block.empty() &&
            block.back().hasTrait<mlir::OpTrait::IsTerminator>() &&
            index < block.back().getNumOperands())
          push(block.back().getOperand(index));
    };
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        Block *block = arg.getOwner();
        Operation *parent = block->getParentOp();
        unsigned n = arg.getArgNumber();
        if (!block->isEntryBlock()) {
          for (auto it = block->pred_begin(), e = block->pred_end(); it != e;
               ++it) {
            auto branchOp = dyn_cast<BranchOpInterface>((*it)->getTerminator());
            if (!branchOp) {
              summary.producersValid = false;
              continue;
            }
            SuccessorOperands operands =
                branchOp.getSuccessorOperands(it.getSuccessorIndex());
            Value operand = n < operands.size() ? operands[n] : Value();
            if (operand)
              push(operand);
            else
              summary.producersValid = false;
          }
        } else if (isClosureRegionOp(parent)) {
          if (n < parent->getNumOperands())
            push(parent->getOperand(n));
        } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
          if (n >= 1) {
            push(forOp.getInitArgs()[n - 1]);
            pushYielded(forOp.getRegion(), n - 1);
          }
        } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
          if (arg.getParentRegion() == &whileOp.getBefore()) {
            push(whileOp.getInits()[n]);
            pushYielded(whileOp.getAfter(), n);
          } else {
            pushYielded(whileOp.getBefore(), n + 1);
          }
        } else {
          // Function arguments and unknown regions.
          summary.producersValid = false;
        }
        continue;
      }

      auto result = cast<OpResult>(value);
      Operation *op = result.getOwner();
      unsigned k = result.getResultNumber();
      auto affinityOp = dyn_cast<AffinityOpInterface>(op);
      if (affinityOp && affinityOp.pinsValueAffinity()) {
        addAffinity(summary.pinned, AffinityAttr::lookup(op));
        addAffinity(summary.producers, AffinityAttr::lookup(op));
      }
      if (auto tiedOp = dyn_cast<util::TiedOpInterface>(op)) {
        if (Value operand = tiedOp.getTiedResultOperand(result)) {
          push(operand);
          if (auto dispatchOp = dyn_cast<AsyncDispatchOp>(op))
            addAffinity(summary.producers, dispatchOp.getAffinityAttr());
          continue;
        }
      }
      if (isClosureRegionOp(op)) {
        addAffinity(summary.producers, AffinityAttr::lookup(op));
        pushYielded(op->getRegion(0), k);
      } else if (isa<scf::IfOp, scf::ForOp, scf::WhileOp>(op)) {
        if (auto forOp = dyn_cast<scf::ForOp>(op))
          push(forOp.getInitArgs()[k]);
        if (auto whileOp = dyn_cast<scf::WhileOp>(op))
          pushYielded(whileOp.getBefore(), k + 1);
        else
          for (Region &region : op->getRegions())
            pushYielded(region, k);
      } else if (affinityOp) {
        if (AffinityAttr affinity = AffinityAttr::lookup(op))
          summary.producers.push_back(affinity);
        else
          for (Value operand : op->getOperands())
            if (isa<ResourceType>(operand.getType()))
              push(operand);
      } else if (isa<CallOpInterface>(op)) {
        summary.producersValid = false;
      } else if (isa<util::GlobalLoadOpInterface>(op)) {
        AffinityAttr affinity = lookupGlobalAffinity(
            op, cast<util::GlobalAccessorOpInterface>(op).getGlobalName());
        if (affinity)
          summary.producers.push_back(affinity);
        else
          summary.producersValid = false;
      } else if (auto selectOp = dyn_cast<arith::SelectOp>(op)) {
        push(selectOp.getTrueValue());
        push(selectOp.getFalseValue());
      } else if (isa<util::OptimizationBarrierOp>(op)) {
        push(op->getOperand(k));
      }
    }
  }
  return summary;
}

bool ResourceAffinityQueries::tryLookupPinnedAffinities(
    Value value, SmallVectorImpl<AffinityAttr> &out) {
  Summary summary = summarize(value);
  if (summary.pinned.empty())
    return false;
  out.append(summary.pinned.begin(), summary.pinned.end());
  sortAffinities(out);
  return true;
}

/// The first `stream.affinity.default` on the value's parent op or above.
static AffinityAttr lookupDefaultAffinity(Value value) {
  Operation *op = value.getParentBlock()
                      ? value.getParentBlock()->getParentOp()
                      : nullptr;
  for (; op; op = op->getParentOp())
    if (auto affinity =
            op->getAttrOfType<AffinityAttr>("stream.affinity.default"))
      return affinity;
  return {};
}

bool ResourceAffinityQueries::tryLookupResourceUsageAffinity(
    Value value, SmallVectorImpl<AffinityAttr> &out) {
  Summary summary = summarize(value);
  SmallVector<AffinityAttr> all;
  if (summary.producersValid)
    all.append(summary.producers.begin(), summary.producers.end());
  if (summary.consumersValid)
    all.append(summary.consumers.begin(), summary.consumers.end());
  all.append(summary.pinned.begin(), summary.pinned.end());
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
