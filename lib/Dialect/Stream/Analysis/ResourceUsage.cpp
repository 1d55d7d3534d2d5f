//===- ResourceUsage.cpp - whole-program resource usage analysis ---------===//
//
// stream-passes-1.md §11.1-§11.4: one ValueResourceUsage element per
// `!stream.resource` value; its update folds in what every producer
// (walkDefiningOps) and every transitive use (walkTransitiveUses) implies.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/ResourceUsage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/DFX/Element.h"
#include "sluice/Dialect/Util/Analysis/DFX/Solver.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
using util::Explorer;
using util::Position;
using util::TraversalAction;
using util::TraversalResult;
namespace dfx = sluice::util::dfx;
using Usage = ResourceUsageBitfield;

//===----------------------------------------------------------------------===//
// Usage bits and lifetimes
//===----------------------------------------------------------------------===//

std::string
sluice::stream::stringifyResourceUsage(ResourceUsageBitfield usage) {
  static const char *names[] = {
      "Indirect",     "External",      "Mutated",     "Constant",
      "TransferRead", "TransferWrite", "StagingRead", "StagingWrite",
      "DispatchRead", "DispatchWrite", "GlobalRead",  "GlobalWrite",
      "GlobalStorage"};
  std::string result;
  for (unsigned bit = 0; bit < 13; ++bit) {
    if (!(static_cast<uint32_t>(usage) & (1u << bit)))
      continue;
    if (!result.empty())
      result += "|";
    result += names[bit];
  }
  return result.empty() ? "None" : result;
}

Lifetime sluice::stream::getLifetimeForUsage(ResourceUsageBitfield usage) {
  if (hasAnyUsage(usage, Usage::GlobalStorage) &&
      hasAnyUsage(usage, Usage::Constant))
    return Lifetime::Constant;
  if (hasAnyUsage(usage, Usage::Indirect | Usage::External))
    return Lifetime::External;
  if (hasAnyUsage(usage, Usage::StagingRead | Usage::StagingWrite))
    return Lifetime::Staging;
  if (hasAnyUsage(usage, Usage::Constant))
    return Lifetime::Constant;
  if (hasAnyUsage(usage, Usage::GlobalRead | Usage::GlobalWrite)) {
    return hasAnyUsage(usage, Usage::Mutated | Usage::GlobalWrite |
                                  Usage::DispatchWrite | Usage::StagingWrite |
                                  Usage::TransferWrite)
               ? Lifetime::Variable
               : Lifetime::Constant;
  }
  return Lifetime::Transient;
}

//===----------------------------------------------------------------------===//
// ResourceUsageState
//===----------------------------------------------------------------------===//

bool ResourceUsageState::isValidState() const {
  if (getAssumed() == getWorstState())
    return false;
  Usage usage = getAssumedUsage();
  if (hasAnyUsage(usage, Usage::StagingRead | Usage::StagingWrite) &&
      hasAnyUsage(usage, Usage::DispatchRead | Usage::DispatchWrite))
    return false;
  if (hasAnyUsage(usage, Usage::Constant) && hasAnyUsage(usage, Usage::Mutated))
    return false;
  return true;
}

void ResourceUsageState::initializeForLifetime(Lifetime lifetime) {
  switch (lifetime) {
  case Lifetime::External:
    addUsage(Usage::External);
    addKnownBits(
        notBits(Usage::Constant | Usage::StagingRead | Usage::StagingWrite));
    break;
  case Lifetime::Staging:
    addKnownBits(notBits(Usage::External | Usage::Constant |
                         Usage::DispatchRead | Usage::DispatchWrite |
                         Usage::GlobalRead | Usage::GlobalWrite));
    break;
  case Lifetime::Transient:
  case Lifetime::Variable:
    addKnownBits(notBits(Usage::External | Usage::Constant |
                         Usage::StagingRead | Usage::StagingWrite));
    break;
  case Lifetime::Constant:
    addKnownBits(notBits(Usage::Mutated | Usage::External | Usage::StagingRead |
                         Usage::StagingWrite));
    break;
  default: // `*`
    break;
  }
}

//===----------------------------------------------------------------------===//
// ValueResourceUsage
//===----------------------------------------------------------------------===//

namespace {

/// True if some use of `value` is a tied operand of an op that may write
/// through the tie (§11.2 "mutating tied use").
bool hasMutatingTiedUse(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *owner = use.getOwner();
    auto tiedOp = dyn_cast<util::TiedOpInterface>(owner);
    if (!tiedOp || !tiedOp.isOperandTied(use.getOperandNumber()))
      continue;
    if (owner->hasTrait<stream::OpTrait::TiedResourcePassthrough>())
      continue;
    if (auto streamableOp = dyn_cast<StreamableOpInterface>(owner))
      if (streamableOp.isMetadata())
        continue;
    auto accessOp = dyn_cast<AsyncAccessOpInterface>(owner);
    if (!accessOp)
      return true;
    SmallVector<AsyncAccessRange> ranges;
    accessOp.getAsyncAccessRanges(ranges);
    for (const AsyncAccessRange &range : ranges)
      if (range.resource == value && !range.isReadOnly())
        return true;
  }
  return false;
}

class ValueResourceUsage
    : public dfx::StateWrapper<ResourceUsageState, dfx::ValueElement> {
public:
  using BaseType = dfx::StateWrapper<ResourceUsageState, dfx::ValueElement>;
  using BaseType::BaseType;

  static ValueResourceUsage &createForPosition(const Position &pos,
                                               dfx::Solver &solver) {
    return *(new (solver.getAllocator()) ValueResourceUsage(pos));
  }
  const std::string getName() const override { return "ValueResourceUsage"; }
  const void *getID() const override { return &ID; }
  static bool classof(const dfx::AbstractElement *element) {
    return element->getID() == &ID;
  }
  static const char ID;

  const std::string getAsStr(AsmState &asmState) const override {
    return isValidState() ? stringifyResourceUsage(getAssumedUsage())
                          : "(invalid)";
  }

private:
  void initializeValue(Value value, dfx::Solver &solver) override {
    if (auto type = dyn_cast<ResourceType>(value.getType()))
      initializeForLifetime(type.getLifetime());
  }

  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override {
    uint16_t before = getAssumed();
    Explorer &explorer = solver.getExplorer();
    // [SLUICE] The walks stop where an element already stands for what lies
    // beyond: at block arguments reached by the producer walk (their element
    // is merged instead) and at producers/uses whose rule merged every value
    // the walk would continue into. The reference walks everything from
    // every value, which is quadratic on chains of blocks and ties; the
    // merged elements carry the same facts (their own walks see them).
    // The op whose regions the producer walk may enter freely: the value's
    // producer, or the op owning the block of a block argument.
    Operation *scopeOp =
        isa<OpResult>(value)
            ? value.getDefiningOp()
            : cast<BlockArgument>(value).getOwner()->getParentOp();
    // An op at the value's position, to test which region ops enclose it.
    Operation *valueOp = scopeOp;
    TraversalResult traversal = explorer.walkDefiningOps(
        value,
        [&](OpResult result) {
          if (!isa<ResourceType>(result.getType()))
            return WalkResult::advance();
          if (fromDefiningOp(result, solver))
            return WalkResult::skip();
          // Results of calls and global loads lead into callees and stores,
          // results of region ops outside the value's own op into other
          // regions: that result's element stands for what lies beyond.
          // Region ops nested in the value's own op are walked into, as the
          // reference does, so facts from deep nests arrive in one update.
          // Results of pass-through ties without a rule (timepoint awaits and
          // barriers, resource.transients) lead to their operand: their own
          // element stands for it too.
          Operation *producer = result.getOwner();
          if (result == value)
            return WalkResult::advance();
          auto tiedOp = dyn_cast<util::TiedOpInterface>(producer);
          bool leavesScope =
              isa<CallOpInterface, util::GlobalLoadOpInterface>(producer) ||
              (isa<RegionBranchOpInterface>(producer) &&
               !(scopeOp && scopeOp->isProperAncestor(producer))) ||
              (tiedOp && tiedOp.getTiedResultOperand(result));
          if (leavesScope) {
            meet(result, solver);
            return WalkResult::skip();
          }
          return WalkResult::advance();
        },
        [&](BlockArgument arg) {
          if (!isa<ResourceType>(arg.getType()))
            return WalkResult::advance();
          meet(arg, solver);
          return WalkResult::skip();
        });
    traversal |= explorer.walkTransitiveUses(value, [&](OpOperand &use) {
      if (!isa<ResourceType>(use.get().getType()))
        return WalkResult::advance();
      if (fromUse(use, solver))
        return WalkResult::skip();
      // A tie without a rule (timepoint awaits and barriers,
      // resource.transients, parameter writes) leads to resource results:
      // their elements stand for their uses.
      Operation *user = use.getOwner();
      if (auto tiedOp = dyn_cast<util::TiedOpInterface>(user);
          tiedOp && !isa<CallOpInterface>(user)) {
        SmallVector<Value> tied =
            tiedOp.getOperandTiedResults(use.getOperandNumber());
        if (!tied.empty() && llvm::all_of(tied, [](Value result) {
              return isa<ResourceType>(result.getType());
            })) {
          for (Value result : tied)
            meet(result, solver, dfx::Resolution::OPTIONAL);
          return WalkResult::skip();
        }
      }
      // Region exits (whose rules merged the parent results) are climbed
      // only out of the ops enclosing the value; the exits of other nests
      // are left to their parent results' elements.
      Operation *owner = user;
      if (owner->hasTrait<mlir::OpTrait::IsTerminator>() &&
          isa<RegionBranchTerminatorOpInterface>(owner)) {
        Operation *parentOp = owner->getParentOp();
        if (!parentOp || !parentOp->isAncestor(valueOp))
          return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (traversal == TraversalResult::INCOMPLETE)
      addUsage(Usage::External);
    return before == getAssumed() ? dfx::ChangeStatus::UNCHANGED
                                  : dfx::ChangeStatus::CHANGED;
  }

  /// `state ^= element(value)` with `resolution`.
  void meet(Value value, dfx::Solver &solver,
            dfx::Resolution resolution = dfx::Resolution::REQUIRED) {
    auto &element = solver.getElementFor<ValueResourceUsage>(
        *this, Position::forValue(value), resolution);
    getState() ^= element.getState();
  }

  /// `state ^= other` applied only if the result is valid.
  void meetIfValid(const ResourceUsageState &other) {
    ResourceUsageState copy = getState();
    copy ^= other;
    if (copy.isValidState())
      getState() = copy;
  }

  /// The transfer rule of both directions: `other` is the element on the
  /// other side of the transfer. Staging and non-staging values do not
  /// merge; across devices an external side does not make an internal one
  /// external.
  void meetAcrossTransfer(AsyncTransferOp transferOp,
                          const ResourceUsageState &other) {
    if (isStaging() != other.isStaging())
      return;
    if (transferOp.getSourceAffinityAttr() !=
            transferOp.getTargetAffinityAttr() &&
        other.isUsed(Usage::External) && !isUsed(Usage::External))
      return;
    meetIfValid(other);
  }

  /// Applies the producer rule of `result`. Returns true when the rule
  /// merged every value walkDefiningOps would continue into from `result`
  /// (its tied operand, or the region yields of an execute region), so the
  /// walk may stop there.
  bool fromDefiningOp(OpResult result, dfx::Solver &solver) {
    Operation *op = result.getOwner();
    return TypeSwitch<Operation *, bool>(op)
        .Case([&](arith::SelectOp selectOp) {
          meet(selectOp.getTrueValue(), solver);
          meet(selectOp.getFalseValue(), solver);
          return true;
        })
        .Case([&](util::OptimizationBarrierOp barrierOp) {
          // [REF] always operand 0.
          meet(barrierOp->getOperand(0), solver);
          return true;
        })
        .Case([&](util::GlobalLoadOpInterface loadOp) {
          addUsage(Usage::GlobalRead | Usage::GlobalStorage);
          if (auto type = dyn_cast<ResourceType>(result.getType());
              type && type.getLifetime() == Lifetime::Constant)
            addUsage(Usage::Constant);
          meet(result, solver);
          return false;
        })
        .Case([&](util::GlobalLoadIndirectOpInterface) {
          addUsage(Usage::Indirect | Usage::GlobalRead | Usage::GlobalStorage);
          meet(result, solver);
          return false;
        })
        .Case([&](ResourceStoreOp storeOp) {
          addUsage(Usage::StagingWrite);
          meet(storeOp.getTarget(), solver);
          return false;
        })
        .Case([&](TensorImportOp) {
          auto type = cast<ResourceType>(result.getType());
          switch (type.getLifetime()) {
          case Lifetime::Staging:
            addUsage(Usage::Mutated | Usage::StagingRead | Usage::StagingWrite);
            break;
          case Lifetime::Transient:
            addUsage(Usage::Mutated);
            break;
          case Lifetime::Variable:
            addUsage(Usage::Mutated | Usage::GlobalRead | Usage::GlobalWrite);
            break;
          case Lifetime::Constant:
            addUsage(Usage::Constant);
            break;
          default:
            addUsage(Usage::Mutated | Usage::External);
            break;
          }
          meet(result, solver);
          // The tied operand is the imported buffer, not a resource.
          return true;
        })
        .Case([&](AsyncAllocaOp) {
          addUsage(Usage::Mutated);
          meet(result, solver);
          return true;
        })
        .Case([&](AsyncConstantOp) {
          addUsage(Usage::Constant | Usage::TransferWrite);
          meet(result, solver);
          return true;
        })
        .Case([&](AsyncSplatOp) {
          addUsage(Usage::TransferWrite);
          meet(result, solver);
          return true;
        })
        .Case([&](AsyncCloneOp cloneOp) {
          if (hasMutatingTiedUse(result))
            addUsage(Usage::TransferWrite);
          else
            meet(cloneOp.getSource(), solver, dfx::Resolution::OPTIONAL);
          meet(result, solver);
          return true;
        })
        .Case([&](AsyncSliceOp sliceOp) {
          addUsage(Usage::TransferWrite);
          meet(sliceOp.getSource(), solver, dfx::Resolution::OPTIONAL);
          return true;
        })
        .Case<AsyncFillOp, AsyncUpdateOp, AsyncCopyOp>([&](auto targetOp) {
          addUsage(Usage::TransferWrite);
          meet(targetOp.getTarget(), solver);
          return true;
        })
        .Case([&](AsyncCollectiveOp collectiveOp) {
          addUsage(Usage::TransferWrite | Usage::DispatchWrite);
          meet(collectiveOp.getTarget(), solver);
          return true;
        })
        .Case([&](AsyncBarrierOp barrierOp) {
          meet(barrierOp->getOperand(0), solver);
          return true;
        })
        .Case([&](AsyncCastOp castOp) {
          meet(castOp.getSource(), solver);
          return true;
        })
        .Case([&](AsyncTransferOp transferOp) {
          addUsage(Usage::TransferWrite);
          auto &source = solver.getElementFor<ValueResourceUsage>(
              *this, Position::forValue(transferOp.getSource()),
              dfx::Resolution::OPTIONAL);
          meetAcrossTransfer(transferOp, source.getState());
          return true;
        })
        .Case([&](AsyncStoreOp storeOp) {
          addUsage(Usage::StagingWrite);
          meet(storeOp.getTarget(), solver);
          return true;
        })
        .Case([&](AsyncDispatchOp dispatchOp) {
          addUsage(Usage::DispatchWrite);
          meetTiedOrSelf(dispatchOp, result, solver);
          return true;
        })
        .Case([&](AsyncCallOp callOp) {
          addUsage(Usage::TransferWrite | Usage::DispatchWrite);
          meetTiedOrSelf(callOp, result, solver);
          // A call: the walk also looks into the callee.
          return false;
        })
        .Case<AsyncExecuteOp, AsyncConcurrentOp>([&](auto regionOp) {
          unsigned index = result.getResultNumber();
          for (Block &block : regionOp.getBody())
            if (auto yieldOp = dyn_cast_if_present<YieldOp>(
                    block.empty() ? nullptr : &block.back()))
              if (index < yieldOp->getNumOperands())
                meet(yieldOp->getOperand(index), solver);
          auto tiedOp = cast<util::TiedOpInterface>(op);
          if (Value tied = tiedOp.getTiedResultOperand(result))
            meet(tied, solver);
          return true;
        })
        .Case([&](AsyncParameterLoadOp) {
          addUsage(Usage::Constant | Usage::TransferWrite);
          meet(result, solver);
          return true;
        })
        .Case<AsyncParameterReadOp, AsyncParameterGatherOp>([&](auto targetOp) {
          addUsage(Usage::TransferWrite);
          meet(targetOp.getTarget(), solver);
          return true;
        })
        .Case<AsyncParameterWriteOp, AsyncParameterScatterOp>(
            [&](auto sourceOp) {
              addUsage(Usage::TransferRead);
              meet(sourceOp.getSource(), solver);
              return true;
            })
        .Default([](Operation *) { return false; });
  }

  void meetTiedOrSelf(Operation *op, OpResult result, dfx::Solver &solver) {
    auto tiedOp = cast<util::TiedOpInterface>(op);
    if (Value tied = tiedOp.getTiedResultOperand(result))
      meet(tied, solver);
    else
      meet(result, solver);
  }

  /// ⊓ every result of `op` tied to operand `operandNumber`.
  void meetTiedResults(Operation *op, unsigned operandNumber,
                       dfx::Solver &solver, Usage usage = Usage::None) {
    auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
    if (!tiedOp)
      return;
    for (Value tied : tiedOp.getOperandTiedResults(operandNumber)) {
      addUsage(usage);
      meet(tied, solver);
    }
  }

  /// Applies the use rule of `use`. Returns true when the rule merged every
  /// value walkTransitiveUses would continue into from `use` (tied results,
  /// successor/region arguments, call results), so the walk may stop there.
  /// Region exits (scf.yield, scf.condition, stream.yield) merge the parent
  /// results but the walk goes on through them, as the reference's does:
  /// facts from the users of a nest then reach its innermost values in one
  /// update instead of one nesting level per solver round.
  bool fromUse(OpOperand &use, dfx::Solver &solver) {
    Operation *op = use.getOwner();
    unsigned k = use.getOperandNumber();
    Value value = use.get();
    return TypeSwitch<Operation *, bool>(op)
        .Case([&](arith::SelectOp selectOp) {
          meet(selectOp.getResult(), solver);
          return true;
        })
        .Case([&](BranchOpInterface branchOp) {
          meet(value, solver);
          solver.getExplorer().walkOutgoingBranchOperandArguments(
              branchOp, k, [&](Block *, BlockArgument arg) {
                meet(arg, solver, dfx::Resolution::OPTIONAL);
                return WalkResult::advance();
              });
          return true;
        })
        .Case([&](scf::ForOp forOp) {
          meet(value, solver);
          unsigned initStart = forOp.getInitArgs().getBeginOperandIndex();
          if (k >= initStart && k - initStart < forOp.getNumRegionIterArgs())
            meet(forOp.getRegionIterArgs()[k - initStart], solver);
          return true;
        })
        .Case([&](scf::WhileOp whileOp) {
          meet(value, solver);
          if (k < whileOp.getBeforeArguments().size())
            meet(whileOp.getBeforeArguments()[k], solver);
          return true;
        })
        .Case([&](scf::ConditionOp conditionOp) {
          meet(value, solver);
          auto whileOp = cast<scf::WhileOp>(conditionOp->getParentOp());
          if (k >= 1 && k - 1 < whileOp->getNumResults())
            meet(whileOp->getResult(k - 1), solver);
          if (k >= 1 && k - 1 < whileOp.getAfterArguments().size())
            meet(whileOp.getAfterArguments()[k - 1], solver);
          return false;
        })
        .Case([&](scf::YieldOp yieldOp) {
          Operation *parentOp = yieldOp->getParentOp();
          if (isa<scf::IfOp>(parentOp)) {
            meet(value, solver);
            if (k < parentOp->getNumResults())
              meet(parentOp->getResult(k), solver);
            return false;
          }
          if (auto whileOp = dyn_cast<scf::WhileOp>(parentOp)) {
            if (k < whileOp.getBeforeArguments().size())
              meet(whileOp.getBeforeArguments()[k], solver);
            if (k < parentOp->getNumResults())
              meet(parentOp->getResult(k), solver);
            return false;
          }
          if (auto forOp = dyn_cast<scf::ForOp>(parentOp)) {
            if (k < forOp.getNumRegionIterArgs())
              meet(forOp.getRegionIterArgs()[k], solver);
            if (k < parentOp->getNumResults())
              meet(parentOp->getResult(k), solver);
            return false;
          }
          // [SLUICE] Other region ops (scf.execute_region, scf.index_switch)
          // are treated like scf.if: the yielded value and the parent result
          // share their usage, so both get the same lifetime (the reference
          // asserts here and would leave mismatched types).
          if (isa<RegionBranchOpInterface>(parentOp)) {
            meet(value, solver);
            if (k < parentOp->getNumResults())
              meet(parentOp->getResult(k), solver);
          }
          return false;
        })
        .Case([&](util::ReturnOp returnOp) {
          meet(value, solver);
          Operation *callableOp = returnOp->getParentOp();
          TraversalResult calls = solver.getExplorer().walkIncomingCalls(
              callableOp, [&](CallOpInterface callOp) {
                if (k < callOp->getNumResults())
                  meet(callOp->getResult(k), solver, dfx::Resolution::OPTIONAL);
                return WalkResult::advance();
              });
          // The walk stops here, so the edge it would have found incomplete
          // (public or indirectly called function) is accounted for here.
          if (calls == TraversalResult::INCOMPLETE)
            addUsage(Usage::External);
          return true;
        })
        .Case([&](util::OptimizationBarrierOp barrierOp) {
          // [REF] always result 0.
          meet(barrierOp->getResult(0), solver);
          return true;
        })
        .Case([&](util::GlobalStoreOpInterface storeOp) {
          addUsage(Usage::GlobalWrite | Usage::GlobalStorage);
          if (auto type = dyn_cast<ResourceType>(
                  storeOp.getStoredGlobalValue().getType());
              type && type.getLifetime() == Lifetime::Constant)
            addUsage(Usage::Constant);
          return false;
        })
        .Case([&](util::GlobalStoreIndirectOpInterface) {
          addUsage(Usage::Indirect | Usage::GlobalWrite | Usage::GlobalStorage);
          return false;
        })
        .Case([&](TensorExportOp exportOp) {
          auto type = cast<ResourceType>(exportOp.getSource().getType());
          switch (type.getLifetime()) {
          case Lifetime::Staging:
            addUsage(Usage::Mutated | Usage::StagingRead | Usage::StagingWrite |
                     Usage::TransferRead | Usage::TransferWrite);
            break;
          case Lifetime::Transient:
          case Lifetime::Variable:
            addUsage(Usage::Mutated | Usage::TransferRead |
                     Usage::TransferWrite | Usage::DispatchRead |
                     Usage::DispatchWrite);
            break;
          case Lifetime::Constant:
            addUsage(Usage::Constant | Usage::TransferRead |
                     Usage::DispatchRead);
            break;
          default:
            addUsage(Usage::Mutated | Usage::External);
            break;
          }
          return false;
        })
        .Case([&](TensorTraceOp) {
          addUsage(Usage::StagingRead);
          return true;
        })
        .Case<AsyncCloneOp, AsyncSliceOp>([&](auto copyOp) {
          addUsage(Usage::TransferRead);
          meet(copyOp.getResult(), solver, dfx::Resolution::OPTIONAL);
          return true;
        })
        .Case([&](AsyncFillOp fillOp) {
          addUsage(Usage::Mutated | Usage::TransferWrite);
          meet(fillOp.getResult(), solver);
          return true;
        })
        .Case([&](AsyncUpdateOp updateOp) {
          if (&use == &updateOp.getUpdateMutable()) {
            addUsage(Usage::TransferRead);
          } else {
            addUsage(Usage::Mutated | Usage::TransferWrite);
            meet(updateOp.getResult(), solver);
          }
          return true;
        })
        .Case([&](AsyncCopyOp copyOp) {
          if (&use == &copyOp.getSourceMutable()) {
            addUsage(Usage::TransferRead);
          } else {
            addUsage(Usage::Mutated | Usage::TransferWrite);
            meet(copyOp.getResult(), solver);
          }
          return true;
        })
        .Case([&](AsyncCollectiveOp collectiveOp) {
          if (&use == &collectiveOp.getSourceMutable()) {
            addUsage(Usage::TransferRead | Usage::DispatchRead);
          } else {
            addUsage(Usage::Mutated | Usage::TransferWrite |
                     Usage::DispatchWrite);
            meet(collectiveOp.getResult(), solver);
          }
          return true;
        })
        .Case<AsyncBarrierOp, AsyncCastOp>([&](auto passOp) {
          meet(passOp.getResult(), solver, dfx::Resolution::OPTIONAL);
          return true;
        })
        .Case([&](AsyncTransferOp transferOp) {
          addUsage(Usage::TransferRead);
          auto &result = solver.getElementFor<ValueResourceUsage>(
              *this, Position::forValue(transferOp.getResult()),
              dfx::Resolution::OPTIONAL);
          meetAcrossTransfer(transferOp, result.getState());
          return true;
        })
        .Case([&](AsyncLoadOp) {
          addUsage(Usage::StagingRead);
          return true;
        })
        .Case([&](AsyncStoreOp storeOp) {
          addUsage(Usage::Mutated | Usage::StagingWrite);
          meet(storeOp.getResult(), solver);
          return true;
        })
        .Case([&](AsyncDispatchOp dispatchOp) {
          addUsage(Usage::DispatchRead);
          auto tiedOp = cast<util::TiedOpInterface>(op);
          for (Value tied : tiedOp.getOperandTiedResults(k)) {
            addUsage(Usage::Mutated | Usage::DispatchWrite);
            // Observable: no update right after creation (long tied chains
            // would otherwise recurse deeply).
            auto &element = solver.getOrCreateElementFor<ValueResourceUsage>(
                Position::forValue(tied), this, dfx::Resolution::REQUIRED,
                /*forceUpdate=*/false, /*updateAfterInit=*/false);
            getState() ^= element.getState();
          }
          return true;
        })
        .Case([&](AsyncCallOp) {
          addUsage(Usage::TransferRead | Usage::DispatchRead);
          meetTiedResults(op, k, solver, Usage::Mutated | Usage::DispatchWrite);
          return false;
        })
        .Case<AsyncExecuteOp, AsyncConcurrentOp>([&](auto regionOp) {
          // [REF] the operand number is used as the block argument index.
          Block &body = regionOp.getBody().front();
          if (k < body.getNumArguments())
            meet(body.getArgument(k), solver);
          meetTiedResults(op, k, solver);
          return true;
        })
        .Case<AsyncParameterReadOp, AsyncParameterGatherOp>([&](auto targetOp) {
          addUsage(Usage::Mutated | Usage::TransferWrite);
          meet(targetOp.getResult(), solver);
          return true;
        })
        .Case<AsyncParameterWriteOp, AsyncParameterScatterOp>([&](auto) {
          addUsage(Usage::TransferRead);
          // The tied result is not merged: keep walking its uses.
          return false;
        })
        .Case([&](YieldOp yieldOp) {
          Operation *parentOp = yieldOp->getParentOp();
          if (parentOp && k < parentOp->getNumResults())
            meet(parentOp->getResult(k), solver);
          return false;
        })
        .Default([](Operation *) { return false; });
  }
};
const char ValueResourceUsage::ID = 0;

/// Visits `op`'s results, then its regions' block arguments and nested ops
/// (unless the explorer ignores or does not recurse into it).
void walkValues(Operation *op, Explorer &explorer,
                function_ref<void(Value)> fn) {
  TraversalAction action = explorer.getTraversalAction(op);
  if (action == TraversalAction::IGNORE)
    return;
  for (Value result : op->getResults())
    fn(result);
  if (action != TraversalAction::RECURSE)
    return;
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      for (BlockArgument arg : block.getArguments())
        fn(arg);
      for (Operation &nested : block)
        walkValues(&nested, explorer, fn);
    }
}

} // namespace

//===----------------------------------------------------------------------===//
// ResourceUsageAnalysis
//===----------------------------------------------------------------------===//

ResourceUsageAnalysis::ResourceUsageAnalysis(Operation *rootOp)
    : explorer(std::make_unique<Explorer>(rootOp, TraversalAction::RECURSE)),
      solver(std::make_unique<dfx::Solver>(*explorer)) {
  explorer->setOpAction<ExecutableOp>(TraversalAction::IGNORE);
  explorer->initialize();
}

ResourceUsageAnalysis::~ResourceUsageAnalysis() = default;

LogicalResult ResourceUsageAnalysis::run() {
  explorer->forEachFunction([&](Operation *callableOp) {
    for (Region &region : callableOp->getRegions())
      for (Block &block : region) {
        for (BlockArgument arg : block.getArguments())
          if (isa<ResourceType>(arg.getType()))
            solver->getOrCreateElementFor<ValueResourceUsage>(
                Position::forValue(arg));
        for (Operation &op : block)
          walkValues(&op, *explorer, [&](Value value) {
            if (isa<ResourceType>(value.getType()))
              solver->getOrCreateElementFor<ValueResourceUsage>(
                  Position::forValue(value));
          });
      }
  });
  return solver->run();
}

unsigned ResourceUsageAnalysis::getSolverIterationCount() const {
  return solver->getIterationCount();
}

std::optional<ResourceUsageBitfield>
ResourceUsageAnalysis::tryLookupResourceUsage(Value value) {
  auto *element =
      solver->lookupElementFor<ValueResourceUsage>(Position::forValue(value));
  if (!element)
    return std::nullopt;
  return element->getAssumedUsage();
}

ResourceUsageBitfield ResourceUsageAnalysis::lookupResourceUsage(Value value) {
  return tryLookupResourceUsage(value).value_or(ResourceUsageBitfield::Unknown);
}

Lifetime ResourceUsageAnalysis::lookupResourceLifetime(Value value) {
  std::optional<ResourceUsageBitfield> usage = tryLookupResourceUsage(value);
  if (!usage)
    return Lifetime::External;
  return getLifetimeForUsage(*usage);
}
