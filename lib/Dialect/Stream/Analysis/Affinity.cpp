//===- Affinity.cpp - whole-program affinity analysis ---------------------===//
//
// stream-passes-1.md §2: four PVS elements over AffinityAttr (op execution,
// global storage, value consumers, value producers), a precomputed pinned map
// and the queries of §2.5.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Affinity.h"

#include "sluice/Dialect/Stream/IR/AffinityAnalysisDialectInterface.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/DFX/Element.h"
#include "sluice/Dialect/Util/Analysis/DFX/Solver.h"
#include "sluice/Dialect/Util/Analysis/DFX/State.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using sluice::util::Explorer;
using sluice::util::Position;
using sluice::util::TraversalAction;
using sluice::util::TraversalBehavior;
using sluice::util::TraversalResult;
namespace dfx = sluice::util::dfx;

static llvm::cl::opt<int> clSolverMaxIterations(
    "iree-stream-affinity-solver-max-iterations",
    llvm::cl::desc("Maximum number of iterations the affinity analysis solver "
                   "runs before giving up."),
    llvm::cl::init(128));

namespace sluice::stream {

int getAffinitySolverMaxIterations() { return clSolverMaxIterations; }

SmallVector<const AffinityAnalysisDialectInterface *>
gatherAffinityAnalysisDialectInterfaces(MLIRContext *context) {
  SmallVector<const AffinityAnalysisDialectInterface *> interfaces;
  for (Dialect *dialect : context->getLoadedDialects())
    if (auto *iface =
            dialect->getRegisteredInterface<AffinityAnalysisDialectInterface>())
      interfaces.push_back(iface);
  llvm::sort(interfaces, [](auto *a, auto *b) {
    return a->getDialect()->getNamespace() < b->getDialect()->getNamespace();
  });
  return interfaces;
}

namespace {

using AffinityPVS = dfx::PotentialValuesState<AffinityAttr>;

bool isAffinityType(Type type) { return isa<AffinityTypeInterface>(type); }

std::string describe(const AffinityPVS &state, AsmState &asmState) {
  if (!state.isValidState())
    return "(invalid)";
  std::string str;
  llvm::raw_string_ostream os(str);
  if (state.isUndefContained())
    os << "undef ";
  os << "[";
  llvm::interleaveComma(state.getAssumedSet(), os,
                        [&](AffinityAttr a) { a.print(os); });
  os << "]";
  return str;
}

/// Gives up on `state`: unknown inputs make the value undefined.
void markIncomplete(AffinityPVS &state) {
  state.unionAssumedWithUndef();
  state.indicatePessimisticFixpoint();
}

//===----------------------------------------------------------------------===//
// Element declarations
//===----------------------------------------------------------------------===//

/// The identity and debug string shared by the four affinity elements.
template <typename Derived, typename BaseTy>
class AffinityElement : public dfx::ElementBase<Derived, AffinityPVS, BaseTy> {
public:
  using dfx::ElementBase<Derived, AffinityPVS, BaseTy>::ElementBase;
  const std::string getAsStr(AsmState &asmState) const override {
    return describe(this->getState(), asmState);
  }
};

/// Where an op executes.
class OpAffinityPVS
    : public AffinityElement<OpAffinityPVS, dfx::OperationElement> {
public:
  using AffinityElement::AffinityElement;
  const std::string getName() const override { return "OpAffinityPVS"; }
  static const char ID;

private:
  void initializeOperation(Operation *op, dfx::Solver &solver) override;
  dfx::ChangeStatus updateOperation(Operation *op,
                                    dfx::Solver &solver) override;
};
const char OpAffinityPVS::ID = 0;

/// Where a global's storage lives.
class GlobalAffinityPVS
    : public AffinityElement<GlobalAffinityPVS, dfx::TypedOperationElement<
                                                    util::GlobalOpInterface>> {
public:
  using AffinityElement::AffinityElement;
  const std::string getName() const override { return "GlobalAffinityPVS"; }
  static const char ID;

private:
  void initializeOperation(util::GlobalOpInterface op,
                           dfx::Solver &solver) override;
  dfx::ChangeStatus updateOperation(util::GlobalOpInterface op,
                                    dfx::Solver &solver) override;
};
const char GlobalAffinityPVS::ID = 0;

/// Where a value is consumed.
class ValueConsumerAffinityPVS
    : public AffinityElement<ValueConsumerAffinityPVS, dfx::ValueElement> {
public:
  using AffinityElement::AffinityElement;
  const std::string getName() const override {
    return "ValueConsumerAffinityPVS";
  }
  static const char ID;

private:
  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override;
  TraversalResult updateFromUse(OpOperand &use, AffinityPVS &newState,
                                dfx::Solver &solver, bool &coveredByElement);
};
const char ValueConsumerAffinityPVS::ID = 0;

/// Where a value is produced (stored).
class ValueProducerAffinityPVS
    : public AffinityElement<ValueProducerAffinityPVS, dfx::ValueElement> {
public:
  using AffinityElement::AffinityElement;
  const std::string getName() const override {
    return "ValueProducerAffinityPVS";
  }
  static const char ID;

private:
  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override;
};
const char ValueProducerAffinityPVS::ID = 0;

//===----------------------------------------------------------------------===//
// OpAffinityPVS
//===----------------------------------------------------------------------===//

void OpAffinityPVS::initializeOperation(Operation *op, dfx::Solver &solver) {
  if (AffinityAttr affinity = AffinityAttr::lookup(op)) {
    unionAssumed(affinity);
    indicateOptimisticFixpoint();
  }
}

dfx::ChangeStatus OpAffinityPVS::updateOperation(Operation *op,
                                                 dfx::Solver &solver) {
  AffinityPVS newState;
  bool hasAffinityOperands = llvm::any_of(
      op->getOperandTypes(), [](Type type) { return isAffinityType(type); });
  if (hasAffinityOperands) {
    // Ops that consume tracked values run where those are produced.
    for (Value operand : op->getOperands()) {
      if (!isAffinityType(operand.getType()))
        continue;
      newState ^= solver.getElementFor<ValueProducerAffinityPVS>(
          *this, Position::forValue(operand), dfx::Resolution::REQUIRED);
    }
  } else {
    // Ops that only produce run where their results are consumed.
    for (Value result : op->getResults()) {
      if (!isAffinityType(result.getType()))
        continue;
      newState ^= solver.getElementFor<ValueConsumerAffinityPVS>(
          *this, Position::forValue(result), dfx::Resolution::REQUIRED);
    }
  }
  return dfx::clampStateAndIndicateChange(getState(), newState);
}

//===----------------------------------------------------------------------===//
// GlobalAffinityPVS
//===----------------------------------------------------------------------===//

void GlobalAffinityPVS::initializeOperation(util::GlobalOpInterface op,
                                            dfx::Solver &solver) {
  if (AffinityAttr affinity = AffinityAttr::lookup(op)) {
    unionAssumed(affinity);
    indicateOptimisticFixpoint();
  }
}

dfx::ChangeStatus GlobalAffinityPVS::updateOperation(util::GlobalOpInterface op,
                                                     dfx::Solver &solver) {
  AffinityPVS newState;
  const Explorer::GlobalInfo *info = solver.getExplorer().getGlobalInfo(op);
  if (!info || info->isIndirect) {
    markIncomplete(newState);
    return dfx::clampStateAndIndicateChange(getState(), newState);
  }
  // Stored where loaded; with no loads, where the stored values come from.
  bool anyLoads = false;
  for (Operation *use : info->uses) {
    auto loadOp = dyn_cast<util::GlobalLoadOpInterface>(use);
    if (!loadOp)
      continue;
    anyLoads = true;
    auto &consumer = solver.getElementFor<ValueConsumerAffinityPVS>(
        *this, Position::forValue(loadOp.getLoadedGlobalValue()),
        dfx::Resolution::OPTIONAL);
    if (consumer.isValidState())
      newState ^= consumer;
  }
  if (!anyLoads) {
    for (Operation *use : info->uses) {
      auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(use);
      if (!storeOp)
        continue;
      auto &producer = solver.getElementFor<ValueProducerAffinityPVS>(
          *this, Position::forValue(storeOp.getStoredGlobalValue()),
          dfx::Resolution::OPTIONAL);
      if (producer.isValidState())
        newState ^= producer;
    }
  }
  return dfx::clampStateAndIndicateChange(getState(), newState);
}

//===----------------------------------------------------------------------===//
// ValueConsumerAffinityPVS
//===----------------------------------------------------------------------===//

dfx::ChangeStatus ValueConsumerAffinityPVS::updateValue(Value value,
                                                        dfx::Solver &solver) {
  AffinityPVS newState;
  TraversalResult traversal = TraversalResult::COMPLETE;
  traversal |= solver.getExplorer().walkTransitiveUses(
      value,
      [&](OpOperand &use) {
        bool coveredByElement = false;
        traversal |= updateFromUse(use, newState, solver, coveredByElement);
        // [SLUICE] scaling: where the rule for this use already merged the
        // consumer element of the value the use flows into (branch and
        // region edges, returns), that element covers everything further
        // along; walking on would make every update O(program).
        return coveredByElement ? WalkResult::skip() : WalkResult::advance();
      },
      TraversalBehavior::DONT_WALK_TIED_VALUES);
  if (traversal == TraversalResult::INCOMPLETE)
    markIncomplete(newState);
  return dfx::clampStateAndIndicateChange(getState(), newState);
}

TraversalResult
ValueConsumerAffinityPVS::updateFromUse(OpOperand &use, AffinityPVS &newState,
                                        dfx::Solver &solver,
                                        bool &coveredByElement) {
  Operation *owner = use.getOwner();
  unsigned k = use.getOperandNumber();
  auto consumerOf = [&](Value v, dfx::Resolution resolution =
                                     dfx::Resolution::REQUIRED) {
    newState ^= solver.getElementFor<ValueConsumerAffinityPVS>(
        *this, Position::forValue(v), resolution);
  };

  // 1. The op using the value executes somewhere.
  if (isa<AffinityOpInterface>(owner))
    newState ^= solver.getElementFor<OpAffinityPVS>(
        *this, Position::forOperation(owner), dfx::Resolution::REQUIRED);

  // 2. Results tied to the operand are consumed where the operand is.
  if (auto tiedOp = dyn_cast<util::TiedOpInterface>(owner))
    for (Value result : tiedOp.getOperandTiedResults(k))
      consumerOf(result);

  // 3. By op kind.
  if (auto transferOp = dyn_cast<AsyncTransferOp>(owner)) {
    if (AffinityAttr target = transferOp.getTargetAffinityAttr())
      newState.unionAssumed(target);
    return TraversalResult::COMPLETE;
  }
  if (auto selectOp = dyn_cast<arith::SelectOp>(owner)) {
    consumerOf(selectOp.getResult());
    return TraversalResult::COMPLETE;
  }
  if (auto branchOp = dyn_cast<BranchOpInterface>(owner)) {
    solver.getExplorer().walkOutgoingBranchOperandArguments(
        branchOp, k, [&](Block *, BlockArgument arg) {
          // [SLUICE] REQUIRED (spec: OPTIONAL): merged unconditionally, see
          // mergedResolution in the producer element.
          consumerOf(arg, dfx::Resolution::REQUIRED);
          return WalkResult::advance();
        });
    coveredByElement = true;
    return TraversalResult::COMPLETE;
  }
  if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
    unsigned numControl = forOp.getNumControlOperands();
    if (k >= numControl && k - numControl < forOp.getRegionIterArgs().size()) {
      consumerOf(forOp.getRegionIterArgs()[k - numControl]);
      coveredByElement = true;
    }
    return TraversalResult::COMPLETE;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(owner)) {
    if (k < whileOp.getBeforeArguments().size())
      consumerOf(whileOp.getBeforeArguments()[k]);
    coveredByElement = true;
    return TraversalResult::COMPLETE;
  }
  if (auto conditionOp = dyn_cast<scf::ConditionOp>(owner)) {
    auto whileOp = cast<scf::WhileOp>(conditionOp->getParentOp());
    if (k >= 1) {
      if (k - 1 < whileOp->getNumResults())
        consumerOf(whileOp->getResult(k - 1));
      if (k - 1 < whileOp.getAfterArguments().size())
        consumerOf(whileOp.getAfterArguments()[k - 1]);
    }
    coveredByElement = true;
    return TraversalResult::COMPLETE;
  }
  if (auto yieldOp = dyn_cast<scf::YieldOp>(owner)) {
    Operation *parentOp = yieldOp->getParentOp();
    if (isa<scf::IfOp>(parentOp)) {
      consumerOf(use.get());
      if (k < parentOp->getNumResults())
        consumerOf(parentOp->getResult(k));
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parentOp)) {
      if (k < whileOp.getBeforeArguments().size())
        consumerOf(whileOp.getBeforeArguments()[k]);
    } else if (auto forOp = dyn_cast<scf::ForOp>(parentOp)) {
      if (k < forOp.getRegionIterArgs().size())
        consumerOf(forOp.getRegionIterArgs()[k]);
      if (k < forOp->getNumResults())
        consumerOf(forOp->getResult(k));
    } else {
      // The reference asserts; an unknown parent is an unseen edge.
      return TraversalResult::INCOMPLETE;
    }
    coveredByElement = true;
    return TraversalResult::COMPLETE;
  }
  if (isa<YieldOp>(owner)) {
    Operation *parentOp = owner->getParentOp();
    if (k < parentOp->getNumResults())
      consumerOf(parentOp->getResult(k));
    coveredByElement = true;
    return TraversalResult::COMPLETE;
  }
  if (isa<util::ReturnOp>(owner)) {
    // [SLUICE] merged into the new state (the reference merges into the live
    // state, bypassing the change report).
    Operation *callableOp = owner->getParentOp();
    coveredByElement = true;
    return solver.getExplorer().walkIncomingCalls(
        callableOp, [&](CallOpInterface callOp) {
          if (k < callOp->getNumResults())
            consumerOf(callOp->getResult(k), dfx::Resolution::REQUIRED);
          return WalkResult::advance();
        });
  }
  if (auto barrierOp = dyn_cast<util::OptimizationBarrierOp>(owner)) {
    if (k < barrierOp->getNumResults())
      consumerOf(barrierOp->getResult(k));
    return TraversalResult::COMPLETE;
  }
  if (auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(owner)) {
    const Explorer::GlobalInfo *info = solver.getExplorer().queryGlobalInfoFrom(
        storeOp.getGlobalName(), storeOp);
    if (!info)
      return TraversalResult::INCOMPLETE;
    newState ^= solver.getElementFor<GlobalAffinityPVS>(
        *this, Position::forOperation(info->op), dfx::Resolution::REQUIRED);
    return TraversalResult::COMPLETE;
  }
  return TraversalResult::COMPLETE;
}

//===----------------------------------------------------------------------===//
// ValueProducerAffinityPVS
//===----------------------------------------------------------------------===//

dfx::ChangeStatus ValueProducerAffinityPVS::updateValue(Value value,
                                                        dfx::Solver &solver) {
  Explorer &explorer = solver.getExplorer();

  // Barriers and global loads forward their source's placement.
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *definingOp = result.getOwner();
    if (isa<util::OptimizationBarrierOp>(definingOp)) {
      auto &producer = solver.getElementFor<ValueProducerAffinityPVS>(
          *this,
          Position::forValue(definingOp->getOperand(result.getResultNumber())),
          dfx::Resolution::REQUIRED);
      return dfx::clampStateAndIndicateChange(getState(), producer.getState());
    }
    if (auto loadOp = dyn_cast<util::GlobalLoadOpInterface>(definingOp)) {
      const Explorer::GlobalInfo *info =
          explorer.queryGlobalInfoFrom(loadOp.getGlobalName(), loadOp);
      if (!info)
        return indicatePessimisticFixpoint();
      auto &global = solver.getElementFor<GlobalAffinityPVS>(
          *this, Position::forOperation(info->op), dfx::Resolution::REQUIRED);
      return dfx::clampStateAndIndicateChange(getState(), global.getState());
    }
  }

  AffinityPVS newState;
  auto mergeIf = [&](bool isPinned, const AffinityPVS &other) {
    if (!isPinned || other.isValidState())
      newState ^= other;
  };
  // [SLUICE] A dependency the spec marks OPTIONAL but that is merged
  // unconditionally (the defining op does not pin) is recorded as REQUIRED:
  // the dependent would become invalid on its next update anyway, and the
  // solver then folds whole invalid chains in one round instead of one hop
  // per round. The fixpoint is the same; only the round count drops.
  auto mergedResolution = [](bool isPinned) {
    return isPinned ? dfx::Resolution::OPTIONAL : dfx::Resolution::REQUIRED;
  };
  TraversalResult traversal = explorer.walkDefiningOps(
      value,
      [&](OpResult result) {
        Operation *definingOp = result.getOwner();
        if (isa<CallOpInterface>(definingOp))
          return WalkResult::advance();

        auto affinityOp = dyn_cast<AffinityOpInterface>(definingOp);
        bool isPinned = affinityOp && affinityOp.pinsValueAffinity();
        if (isPinned)
          newState ^= solver.getElementFor<OpAffinityPVS>(
              *this, Position::forOperation(definingOp),
              dfx::Resolution::REQUIRED);

        if (auto tiedOp = dyn_cast<util::TiedOpInterface>(definingOp)) {
          if (Value tiedOperand = tiedOp.getTiedResultOperand(result)) {
            mergeIf(isPinned, solver.getElementFor<ValueProducerAffinityPVS>(
                                  *this, Position::forValue(tiedOperand),
                                  mergedResolution(isPinned)));
            auto dispatchOp = dyn_cast<AsyncDispatchOp>(definingOp);
            if (dispatchOp && dispatchOp.getAffinityAttr())
              mergeIf(isPinned, solver.getElementFor<OpAffinityPVS>(
                                    *this, Position::forOperation(definingOp),
                                    dfx::Resolution::REQUIRED));
            return WalkResult::advance();
          }
        }

        if (affinityOp) {
          mergeIf(isPinned, solver.getOrCreateElementFor<OpAffinityPVS>(
                                Position::forOperation(definingOp), this,
                                mergedResolution(isPinned),
                                /*forceUpdate=*/false,
                                /*updateAfterInit=*/false));
          return WalkResult::advance();
        }

        if (auto transferOp = dyn_cast<AsyncTransferOp>(definingOp)) {
          if (AffinityAttr source = transferOp.getSourceAffinityAttr())
            newState.unionAssumed(source);
        } else if (auto loadOp =
                       dyn_cast<util::GlobalLoadOpInterface>(definingOp)) {
          const Explorer::GlobalInfo *info =
              explorer.queryGlobalInfoFrom(loadOp.getGlobalName(), loadOp);
          if (info)
            mergeIf(isPinned, solver.getElementFor<GlobalAffinityPVS>(
                                  *this, Position::forOperation(info->op),
                                  dfx::Resolution::REQUIRED));
        } else if (auto selectOp = dyn_cast<arith::SelectOp>(definingOp)) {
          mergeIf(isPinned,
                  solver.getElementFor<ValueProducerAffinityPVS>(
                      *this, Position::forValue(selectOp.getTrueValue()),
                      dfx::Resolution::REQUIRED));
          mergeIf(isPinned,
                  solver.getElementFor<ValueProducerAffinityPVS>(
                      *this, Position::forValue(selectOp.getFalseValue()),
                      dfx::Resolution::REQUIRED));
        } else {
          mergeIf(isPinned, solver.getElementFor<ValueProducerAffinityPVS>(
                                *this, Position::forValue(result),
                                mergedResolution(isPinned)));
        }
        return WalkResult::advance();
      },
      [&](BlockArgument arg) {
        // [SLUICE] scaling: a block argument met on the way has its own
        // producer element with exactly what expanding it here would find
        // (an unseen edge makes that element invalid, and so this one).
        newState ^= solver.getElementFor<ValueProducerAffinityPVS>(
            *this, Position::forValue(arg), dfx::Resolution::REQUIRED);
        return WalkResult::skip();
      },
      TraversalBehavior::DONT_WALK_TIED_VALUES);
  if (traversal == TraversalResult::INCOMPLETE)
    markIncomplete(newState);
  return dfx::clampStateAndIndicateChange(getState(), newState);
}

//===----------------------------------------------------------------------===//
// Query helpers
//===----------------------------------------------------------------------===//

/// The first `stream.affinity.default` on `op` or an ancestor.
bool tryGetDefaultAffinity(Operation *op,
                           SmallVectorImpl<AffinityAttr> &affinities) {
  for (; op; op = op->getParentOp()) {
    if (auto affinity = dyn_cast_or_null<AffinityAttr>(
            op->getDiscardableAttr("stream.affinity.default"))) {
      affinities.push_back(affinity);
      return true;
    }
  }
  return false;
}

/// Stable sort by printed text.
void sortAffinities(SmallVectorImpl<AffinityAttr> &affinities) {
  if (affinities.size() < 2)
    return;
  // (text, original position): a total order, so the sort is stable.
  SmallVector<std::tuple<std::string, size_t, AffinityAttr>> keyed;
  keyed.reserve(affinities.size());
  for (auto [i, affinity] : llvm::enumerate(affinities)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    affinity.print(os);
    keyed.push_back({std::move(text), i, affinity});
  }
  llvm::sort(keyed, [](const auto &a, const auto &b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) <
           std::tie(std::get<0>(b), std::get<1>(b));
  });
  for (auto [i, entry] : llvm::enumerate(keyed))
    affinities[i] = std::get<2>(entry);
}

/// The single affinity a query answers with.
AffinityAttr selectLead(ArrayRef<AffinityAttr> affinities) {
  if (affinities.empty())
    return {};
  AffinityAttr lead = affinities.front();
  for (AffinityAttr other : affinities.drop_front())
    if (!AffinityAttr::areCompatible(lead, other))
      return {};
  return lead;
}

/// Shared tail of the lookups: an element's state (or none) to a list.
bool answerFromState(const AffinityPVS *state, Operation *defaultScope,
                     SmallVectorImpl<AffinityAttr> &affinities) {
  if (!state)
    return tryGetDefaultAffinity(defaultScope, affinities);
  if (!state->isValidState() || state->isUndefContained())
    return false;
  if (state->getAssumedSet().empty())
    return tryGetDefaultAffinity(defaultScope, affinities);
  llvm::append_range(affinities, state->getAssumedSet());
  sortAffinities(affinities);
  return true;
}

/// The answer of the element of class ElementT at `pos` (defaults from
/// `defaultScope` when it has none or an empty set).
template <typename ElementT>
bool answerFromElement(dfx::Solver &solver, Position pos,
                       Operation *defaultScope,
                       SmallVectorImpl<AffinityAttr> &affinities) {
  auto *element = solver.lookupElementFor<ElementT>(
      pos, nullptr, dfx::Resolution::NONE, /*allowInvalidState=*/true);
  return answerFromState(element ? &element->getState() : nullptr, defaultScope,
                         affinities);
}

template <typename QueryFn> AffinityAttr lookupSingle(QueryFn &&query) {
  SmallVector<AffinityAttr> affinities;
  if (!query(affinities) || affinities.empty())
    return {};
  if (affinities.size() == 1)
    return affinities.front();
  return selectLead(affinities);
}

/// The op whose region holds `value`.
Operation *getValueScope(Value value) {
  Block *block = value.getParentBlock();
  return block ? block->getParentOp() : nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// AffinityAnalysis
//===----------------------------------------------------------------------===//

struct AffinityAnalysis::PinnedMap {
  llvm::DenseMap<Value, llvm::SetVector<Operation *>> map;
};

AffinityAnalysis::AffinityAnalysis(Operation *rootOp)
    : explorer(std::make_unique<Explorer>(rootOp, TraversalAction::RECURSE)),
      pinned(std::make_unique<PinnedMap>()) {
  explorer->setOpInterfaceAction<FunctionOpInterface>(TraversalAction::RECURSE);
  explorer->setDialectAction("scf", TraversalAction::RECURSE);
  explorer->setDialectAction("stream", TraversalAction::RECURSE);
  explorer->setOpAction<ExecutableOp>(TraversalAction::IGNORE);
  explorer->initialize();
  solver = std::make_unique<dfx::Solver>(*explorer);
}

AffinityAnalysis::~AffinityAnalysis() = default;

unsigned AffinityAnalysis::getSolverIterationCount() const {
  return solver->getIterationCount();
}

LogicalResult AffinityAnalysis::run() {
  return run(getAffinitySolverMaxIterations());
}

/// Whether `op` pins the affinity of the values it touches.
static bool isPinningOp(Operation *op) {
  auto affinityOp = dyn_cast<AffinityOpInterface>(op);
  return affinityOp && affinityOp.pinsValueAffinity();
}

LogicalResult AffinityAnalysis::run(int maxIterations) {
  // §2.2: the pinned map.
  auto &pinnedMap = pinned->map;
  explorer->forEachFunctionLikeOp([&](FunctionOpInterface funcOp) {
    funcOp->walk([&](Operation *op) {
      if (!isPinningOp(op))
        return;
      for (Value result : op->getResults()) {
        if (!isAffinityType(result.getType()))
          continue;
        explorer->walkTransitiveUses(result, [&](OpOperand &use) {
          if (!isAffinityType(use.get().getType()))
            return WalkResult::skip();
          if (isPinningOp(use.getOwner()))
            return WalkResult::skip();
          if (!pinnedMap[use.get()].insert(op))
            return WalkResult::skip();
          return WalkResult::advance();
        });
      }
      for (Value operand : op->getOperands()) {
        if (!isAffinityType(operand.getType()))
          continue;
        explorer->walkDefiningOps(operand, [&](OpResult result) {
          if (result.getOwner() == op)
            return WalkResult::advance();
          if (!isAffinityType(result.getType()))
            return WalkResult::skip();
          if (isPinningOp(result.getOwner()))
            return WalkResult::skip();
          if (!pinnedMap[result].insert(op))
            return WalkResult::skip();
          return WalkResult::advance();
        });
      }
    });
  });

  // §2.4: seeding.
  explorer->forEachGlobal([&](const Explorer::GlobalInfo *info) {
    util::GlobalOpInterface globalOp = info->op;
    if (isAffinityType(globalOp.getGlobalType()))
      solver->getOrCreateElementFor<GlobalAffinityPVS>(
          Position::forOperation(globalOp));
  });
  explorer->forEachFunctionLikeOp([&](FunctionOpInterface funcOp) {
    for (Block &block : funcOp.getFunctionBody())
      for (BlockArgument arg : block.getArguments())
        if (isAffinityType(arg.getType()))
          solver->getOrCreateElementFor<ValueProducerAffinityPVS>(
              Position::forValue(arg));
    funcOp->walk([&](Operation *op) {
      if (isa<FunctionOpInterface>(op))
        return;
      if (isa<RegionBranchOpInterface>(op))
        for (Region &region : op->getRegions())
          for (BlockArgument arg : region.getArguments())
            if (isAffinityType(arg.getType()))
              solver->getOrCreateElementFor<ValueProducerAffinityPVS>(
                  Position::forValue(arg));
      if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
        if (affinityOp.requiresAffinity())
          solver->getOrCreateElementFor<OpAffinityPVS>(
              Position::forOperation(op));
      for (Value result : op->getResults()) {
        if (!isAffinityType(result.getType()))
          continue;
        solver->getOrCreateElementFor<ValueProducerAffinityPVS>(
            Position::forValue(result));
        solver->getOrCreateElementFor<ValueConsumerAffinityPVS>(
            Position::forValue(result));
      }
    });
  });

  return solver->run(maxIterations);
}

AffinityAttr AffinityAnalysis::lookupGlobalAffinity(Operation *globalOp) {
  return lookupSingle([&](SmallVectorImpl<AffinityAttr> &affinities) {
    return tryLookupGlobalAffinity(globalOp, affinities);
  });
}

bool AffinityAnalysis::tryLookupGlobalAffinity(
    Operation *globalOp, SmallVectorImpl<AffinityAttr> &affinities) {
  return answerFromElement<GlobalAffinityPVS>(
      *solver, Position::forOperation(globalOp), globalOp, affinities);
}

AffinityAttr AffinityAnalysis::lookupExecutionAffinity(Operation *op) {
  return lookupSingle([&](SmallVectorImpl<AffinityAttr> &affinities) {
    return tryLookupExecutionAffinity(op, affinities);
  });
}

bool AffinityAnalysis::tryLookupExecutionAffinity(
    Operation *op, SmallVectorImpl<AffinityAttr> &affinities) {
  return answerFromElement<OpAffinityPVS>(*solver, Position::forOperation(op),
                                          op, affinities);
}

AffinityAttr AffinityAnalysis::inferExecutionAffinity(Operation *op) {
  return lookupSingle([&](SmallVectorImpl<AffinityAttr> &affinities) {
    return tryInferExecutionAffinity(op, affinities);
  });
}

bool AffinityAnalysis::tryInferExecutionAffinity(
    Operation *op, SmallVectorImpl<AffinityAttr> &affinities) {
  if (isa<AffinityOpInterface>(op))
    return tryLookupExecutionAffinity(op, affinities);
  AffinityPVS state;
  bool hasAffinityOperands = llvm::any_of(
      op->getOperandTypes(), [](Type type) { return isAffinityType(type); });
  auto unionElement = [&](const AffinityPVS *element) {
    if (!element || !element->isValidState())
      return false;
    state.unionAssumed(*element);
    return true;
  };
  if (hasAffinityOperands) {
    for (Value operand : op->getOperands()) {
      if (!isAffinityType(operand.getType()))
        continue;
      if (!unionElement(solver->lookupElementFor<ValueProducerAffinityPVS>(
              Position::forValue(operand), nullptr, dfx::Resolution::NONE,
              /*allowInvalidState=*/true)))
        return false;
    }
  } else {
    for (Value result : op->getResults()) {
      if (!isAffinityType(result.getType()))
        continue;
      if (!unionElement(solver->lookupElementFor<ValueConsumerAffinityPVS>(
              Position::forValue(result), nullptr, dfx::Resolution::NONE,
              /*allowInvalidState=*/true)))
        return false;
    }
  }
  return answerFromState(&state, op, affinities);
}

AffinityAttr AffinityAnalysis::lookupResourceAffinity(Value value) {
  return lookupSingle([&](SmallVectorImpl<AffinityAttr> &affinities) {
    return tryLookupResourceAffinity(value, affinities);
  });
}

bool AffinityAnalysis::tryLookupResourceAffinity(
    Value value, SmallVectorImpl<AffinityAttr> &affinities) {
  if (tryLookupPinnedAffinities(value, affinities))
    return true;
  auto *element = solver->lookupElementFor<ValueProducerAffinityPVS>(
      Position::forValue(value), nullptr, dfx::Resolution::NONE,
      /*allowInvalidState=*/true);
  if (!element)
    return false;
  return answerFromState(&element->getState(), getValueScope(value),
                         affinities);
}

bool AffinityAnalysis::tryLookupResourceUsageAffinity(
    Value value, SmallVectorImpl<AffinityAttr> &affinities) {
  llvm::SetVector<AffinityAttr> all;
  auto addState = [&](const AffinityPVS *state) {
    if (state && state->isValidState() && !state->isUndefContained())
      all.insert(state->getAssumedSet().begin(), state->getAssumedSet().end());
  };
  Position pos = Position::forValue(value);
  if (auto *producer = solver->lookupElementFor<ValueProducerAffinityPVS>(
          pos, nullptr, dfx::Resolution::NONE, /*allowInvalidState=*/true))
    addState(&producer->getState());
  if (auto *consumer = solver->lookupElementFor<ValueConsumerAffinityPVS>(
          pos, nullptr, dfx::Resolution::NONE, /*allowInvalidState=*/true))
    addState(&consumer->getState());
  SmallVector<AffinityAttr> pinnedAffinities;
  if (tryLookupPinnedAffinities(value, pinnedAffinities))
    all.insert(pinnedAffinities.begin(), pinnedAffinities.end());
  if (all.empty())
    return tryGetDefaultAffinity(getValueScope(value), affinities);
  llvm::append_range(affinities, all);
  sortAffinities(affinities);
  return true;
}

bool AffinityAnalysis::tryLookupPinnedAffinities(
    Value value, SmallVectorImpl<AffinityAttr> &affinities) {
  auto it = pinned->map.find(value);
  if (it == pinned->map.end() || it->second.empty())
    return false;
  llvm::SetVector<AffinityAttr> all;
  for (Operation *pinningOp : it->second) {
    SmallVector<AffinityAttr> opAffinities;
    if (!tryLookupExecutionAffinity(pinningOp, opAffinities))
      return false;
    all.insert(opAffinities.begin(), opAffinities.end());
  }
  affinities.append(all.begin(), all.end());
  sortAffinities(affinities);
  return true;
}

} // namespace sluice::stream
