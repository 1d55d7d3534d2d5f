//===- ElisionAnalysis.cpp - copy elision analysis ------------------------===//
//
// stream-passes-1.md §10.2. LastUsers is computed for all users of a value
// at once (one pass over the users grouped by their ancestor in the value's
// region) instead of one pairwise scan per user.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/ElisionAnalysis.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/Analysis/DFX/Element.h"
#include "sluice/Dialect/Util/Analysis/DFX/Solver.h"
#include "sluice/Dialect/Util/Analysis/DFX/State.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
using util::Explorer;
using util::Position;
using util::TraversalAction;
using util::TraversalResult;
namespace dfx = sluice::util::dfx;

namespace {

//===----------------------------------------------------------------------===//
// Last users
//===----------------------------------------------------------------------===//

/// The child region of `parentOp` containing `op`, or null when `op` is
/// `parentOp` itself.
Region *findChildRegionOf(Operation *parentOp, Operation *op) {
  while (op && op != parentOp) {
    Region *region = op->getParentRegion();
    if (region && region->getParentOp() == parentOp)
      return region;
    op = op->getParentOp();
  }
  return nullptr;
}

/// True if control can flow from `from` to `to` through region-to-region
/// successors of `op` (exits to the parent ignored).
bool isRegionReachable(RegionBranchOpInterface op, Region *from, Region *to) {
  SmallVector<Region *> worklist = {from};
  llvm::SmallPtrSet<Region *, 4> visited;
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    SmallVector<RegionSuccessor> successors;
    op.getSuccessorRegions(*region, successors);
    for (RegionSuccessor &successor : successors) {
      Region *next = successor.getSuccessor();
      if (!next)
        continue;
      if (next == to)
        return true;
      if (visited.insert(next).second)
        worklist.push_back(next);
    }
  }
  return false;
}

/// True if `a` and `b` are different child regions of a region-branch op
/// `op` and neither can reach the other (e.g. `scf.if` then/else).
bool areExclusiveRegions(Operation *op, Region *a, Region *b) {
  auto branchOp = dyn_cast<RegionBranchOpInterface>(op);
  if (!branchOp || !a || !b || a == b)
    return false;
  return !isRegionReachable(branchOp, a, b) &&
         !isRegionReachable(branchOp, b, a);
}

/// The users of `value` after which it is dead: C is a last user iff no
/// other user U may execute after it (§10.2 `isEffectivelyLastUser`).
/// Equivalent to the pairwise definition, computed in one pass: only users
/// whose ancestor in the value's region is the latest such ancestor can
/// qualify, and only if all ancestors share one block.
llvm::SmallSetVector<Operation *, 4> computeLastUsers(Value value) {
  llvm::SmallSetVector<Operation *, 4> lastUsers;
  Region *region = isa<BlockArgument>(value)
                       ? cast<BlockArgument>(value).getOwner()->getParent()
                       : value.getDefiningOp()->getParentRegion();
  if (!region)
    return lastUsers;

  // Distinct users (use-list order) and their ancestors in `region`.
  llvm::SmallSetVector<Operation *, 8> users;
  for (Operation *user : value.getUsers())
    users.insert(user);
  SmallVector<Operation *> ancestors;
  ancestors.reserve(users.size());
  Block *commonBlock = nullptr;
  bool multipleBlocks = false;
  Operation *latest = nullptr;
  for (Operation *user : users) {
    Operation *ancestor = region->findAncestorOpInRegion(*user);
    ancestors.push_back(ancestor);
    if (!ancestor)
      continue;
    if (!commonBlock)
      commonBlock = ancestor->getBlock();
    else if (ancestor->getBlock() != commonBlock)
      multipleBlocks = true;
    if (!multipleBlocks &&
        (!latest || (ancestor != latest && latest->isBeforeInBlock(ancestor))))
      latest = ancestor;
  }
  // Users in different blocks might each execute after the other.
  if (!latest || multipleBlocks)
    return lastUsers;

  // The users under the latest ancestor, by child region of it.
  SmallVector<std::pair<Operation *, Region *>> group;
  for (auto [user, ancestor] : llvm::zip_equal(users, ancestors))
    if (ancestor == latest)
      group.push_back({user, findChildRegionOf(latest, user)});
  if (group.size() == 1) {
    lastUsers.insert(group.front().first);
    return lastUsers;
  }
  // Another iteration of a loop may use the value again.
  if (isa<LoopLikeOpInterface>(latest))
    return lastUsers;
  llvm::SmallDenseMap<Region *, unsigned, 4> usersPerRegion;
  for (auto &entry : group)
    ++usersPerRegion[entry.second];
  for (auto &[user, userRegion] : group) {
    // A user directly in the region (the ancestor itself) or sharing its
    // child region with another user is never exclusive with them.
    if (!userRegion || usersPerRegion[userRegion] > 1)
      continue;
    bool exclusive = llvm::all_of(usersPerRegion, [&](auto &entry) {
      return entry.first == userRegion ||
             areExclusiveRegions(latest, userRegion, entry.first);
    });
    if (exclusive)
      lastUsers.insert(user);
  }
  return lastUsers;
}

/// LastUsers(value): a PVS of the value's last users, fixed at
/// initialization.
class LastUsers
    : public dfx::StateWrapper<dfx::PotentialValuesState<Operation *>,
                               dfx::ValueElement> {
public:
  using BaseType = dfx::StateWrapper<dfx::PotentialValuesState<Operation *>,
                                     dfx::ValueElement>;
  using BaseType::BaseType;

  static LastUsers &createForPosition(const Position &pos,
                                      dfx::Solver &solver) {
    return *(new (solver.getAllocator()) LastUsers(pos));
  }
  const std::string getName() const override { return "LastUsers"; }
  const void *getID() const override { return &ID; }
  static bool classof(const dfx::AbstractElement *element) {
    return element->getID() == &ID;
  }
  static const char ID;

  bool contains(Operation *op) const {
    return isValidState() && getAssumedSet().contains(op);
  }

private:
  void initializeValue(Value value, dfx::Solver &solver) override {
    for (Operation *user : computeLastUsers(value))
      unionAssumed(user);
    indicateOptimisticFixpoint();
  }
  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override {
    return dfx::ChangeStatus::UNCHANGED;
  }
};
const char LastUsers::ID = 0;

//===----------------------------------------------------------------------===//
// ArgumentSemantics
//===----------------------------------------------------------------------===//

/// The terminator of `block`, or null when it has none.
Operation *getTerminatorOrNull(Block *block) {
  if (block->empty())
    return nullptr;
  Operation *last = &block->back();
  return last->mightHaveTrait<mlir::OpTrait::IsTerminator>() ? last : nullptr;
}

/// ArgumentSemantics(block argument): NOT_MUTATED (bit 0) and
/// NOT_BY_REFERENCE (bit 1); the argument is moved iff NOT_BY_REFERENCE is
/// assumed.
class ArgumentSemantics
    : public dfx::StateWrapper<dfx::BitIntegerState<uint8_t, 3, 0>,
                               dfx::ValueElement> {
public:
  using BaseType =
      dfx::StateWrapper<dfx::BitIntegerState<uint8_t, 3, 0>, dfx::ValueElement>;
  using BaseType::BaseType;

  enum : uint8_t {
    NOT_MUTATED = 1u << 0,
    NOT_BY_REFERENCE = 1u << 1,
  };

  static ArgumentSemantics &createForPosition(const Position &pos,
                                              dfx::Solver &solver) {
    return *(new (solver.getAllocator()) ArgumentSemantics(pos));
  }
  const std::string getName() const override { return "ArgumentSemantics"; }
  const void *getID() const override { return &ID; }
  static bool classof(const dfx::AbstractElement *element) {
    return element->getID() == &ID;
  }
  static const char ID;

  bool isMoved() const { return isAssumed(NOT_BY_REFERENCE); }

private:
  // The reference's initialization only clears known bits that are never
  // set; the initial state is simply the best one (§10.2).
  void initializeValue(Value value, dfx::Solver &solver) override {}

  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override {
    uint8_t before = getAssumed();
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg)
      return indicatePessimisticFixpoint();
    Block *block = arg.getOwner();
    Operation *parentOp = block->getParentOp();
    Explorer &explorer = solver.getExplorer();
    TraversalResult traversal = TraversalResult::COMPLETE;
    if (block->isEntryBlock() && isa<CallableOpInterface>(parentOp)) {
      traversal =
          explorer.walkIncomingCalls(parentOp, [&](CallOpInterface callOp) {
            MutableOperandRange args = callOp.getArgOperandsMutable();
            if (arg.getArgNumber() < args.size())
              fromPredecessor(args[arg.getArgNumber()], solver);
            return WalkResult::advance();
          });
    } else if (block->isEntryBlock()) {
      traversal = explorer.walkIncomingBlockArgument(
          arg, [&](Block *sourceBlock, Value operand) {
            Operation *owner = sourceBlock == parentOp->getBlock()
                                   ? parentOp
                                   : getTerminatorOrNull(sourceBlock);
            if (!owner)
              return WalkResult::advance();
            for (OpOperand &use : owner->getOpOperands()) {
              if (use.get() == operand) {
                fromPredecessor(use, solver);
                break;
              }
            }
            return WalkResult::advance();
          });
    } else {
      traversal = explorer.walkIncomingBranchOperands(
          block, [&](Block *sourceBlock, OperandRange operands, int offset) {
            int index = static_cast<int>(arg.getArgNumber()) + offset;
            if (index < 0 || index >= static_cast<int>(operands.size()))
              return WalkResult::advance();
            unsigned operandNumber = operands.getBeginOperandIndex() + index;
            Operation *terminator = getTerminatorOrNull(sourceBlock);
            if (terminator && operandNumber < terminator->getNumOperands())
              fromPredecessor(terminator->getOpOperand(operandNumber), solver);
            return WalkResult::advance();
          });
    }
    if (traversal == TraversalResult::INCOMPLETE)
      removeAssumedBits(NOT_BY_REFERENCE | NOT_MUTATED);
    return before == getAssumed() ? dfx::ChangeStatus::UNCHANGED
                                  : dfx::ChangeStatus::CHANGED;
  }

  /// Folds in what passing `use` to this argument implies.
  void fromPredecessor(OpOperand &use, dfx::Solver &solver) {
    Value value = use.get();
    if (isa<BlockArgument>(value)) {
      auto &argSemantics = solver.getElementFor<ArgumentSemantics>(
          *this, Position::forValue(value), dfx::Resolution::REQUIRED);
      getState() ^= argSemantics.getState();
    }
    // Ownership of a consumed import is transferred: moved.
    if (auto importOp = value.getDefiningOp<TensorImportOp>())
      if (importOp.getConsume())
        return;
    auto &lastUsers = solver.getElementFor<LastUsers>(
        *this, Position::forValue(value), dfx::Resolution::REQUIRED);
    if (!lastUsers.contains(use.getOwner()))
      removeAssumedBits(NOT_BY_REFERENCE | NOT_MUTATED);
  }
};
const char ArgumentSemantics::ID = 0;

//===----------------------------------------------------------------------===//
// ResourceMutationSemantics
//===----------------------------------------------------------------------===//

/// True if `op` writes `value` according to its access ranges.
bool hasWriteAccessTo(Operation *op, Value value) {
  auto accessOp = dyn_cast<AsyncAccessOpInterface>(op);
  if (!accessOp)
    return false;
  SmallVector<AsyncAccessRange> ranges;
  accessOp.getAsyncAccessRanges(ranges);
  return llvm::any_of(ranges, [&](const AsyncAccessRange &range) {
    return range.resource == value && !range.isReadOnly();
  });
}

/// ResourceMutationSemantics(value): NOT_MUTATED (bit 0), fixed at
/// initialization from the value's transitive uses.
///
/// The reference walks every transitive use of every value (quadratic on
/// long chains of blocks or ties). Each element also records what its walk
/// found for its whole use closure (a tied use; an incomplete edge); a later
/// walk that reaches a value with a finished element takes that record and
/// does not expand the value's uses again. The answer is the same: the
/// closure of a reached value is part of the closure of the walking value,
/// and a write range on the analysed value itself can only come from one
/// of its direct users.
class ResourceMutationSemantics
    : public dfx::StateWrapper<dfx::BitIntegerState<uint8_t, 1, 0>,
                               dfx::ValueElement> {
public:
  using BaseType =
      dfx::StateWrapper<dfx::BitIntegerState<uint8_t, 1, 0>, dfx::ValueElement>;
  using BaseType::BaseType;

  enum : uint8_t { NOT_MUTATED = 1u << 0 };

  static ResourceMutationSemantics &createForPosition(const Position &pos,
                                                      dfx::Solver &solver) {
    return *(new (solver.getAllocator()) ResourceMutationSemantics(pos));
  }
  const std::string getName() const override {
    return "ResourceMutationSemantics";
  }
  const void *getID() const override { return &ID; }
  static bool classof(const dfx::AbstractElement *element) {
    return element->getID() == &ID;
  }
  static const char ID;

  bool isNeverMutated() const { return isAssumed(NOT_MUTATED); }

private:
  void initializeValue(Value value, dfx::Solver &solver) override {
    bool writesValue = false;
    TraversalResult traversal =
        solver.getExplorer().walkTransitiveUses(value, [&](OpOperand &use) {
          if (reachesTiedUse)
            return WalkResult::interrupt();
          Value used = use.get();
          if (used != value) {
            // A value whose own closure is already known: take its record.
            if (auto *known =
                    solver.lookupElementFor<ResourceMutationSemantics>(
                        Position::forValue(used), /*queryingElement=*/nullptr,
                        dfx::Resolution::NONE, /*allowInvalidState=*/true);
                known && known->finished) {
              reachesTiedUse |= known->reachesTiedUse;
              reachesIncompleteEdge |= known->reachesIncompleteEdge;
              return reachesTiedUse ? WalkResult::interrupt()
                                    : WalkResult::skip();
            }
          }
          Operation *owner = use.getOwner();
          if (auto tiedOp = dyn_cast<util::TiedOpInterface>(owner)) {
            if (tiedOp.isOperandTied(use.getOperandNumber())) {
              reachesTiedUse = true;
              return WalkResult::interrupt();
            }
          }
          // Only a direct user can write the analysed value itself; keep
          // walking so the record of the closure stays complete.
          if (used == value && hasWriteAccessTo(owner, value))
            writesValue = true;
          return WalkResult::advance();
        });
    if (traversal == TraversalResult::INCOMPLETE)
      reachesIncompleteEdge = true;
    finished = true;

    bool mutated = writesValue || reachesTiedUse;
    if (!mutated && reachesIncompleteEdge) {
      auto type = dyn_cast<ResourceType>(value.getType());
      mutated = !type || type.getLifetime() != Lifetime::Constant;
    }
    if (mutated)
      removeAssumedBits(NOT_MUTATED);
    indicateOptimisticFixpoint();
  }
  dfx::ChangeStatus updateValue(Value value, dfx::Solver &solver) override {
    return dfx::ChangeStatus::UNCHANGED;
  }

  /// What the walk found for the value's whole use closure (exact unless it
  /// stopped at a tied use, when only that bit matters).
  bool reachesTiedUse = false;
  bool reachesIncompleteEdge = false;
  bool finished = false;
};
const char ResourceMutationSemantics::ID = 0;

} // namespace

SmallVector<Operation *> sluice::stream::findLastUsers(Value value) {
  llvm::SmallSetVector<Operation *, 4> lastUsers = computeLastUsers(value);
  return SmallVector<Operation *>(lastUsers.begin(), lastUsers.end());
}

//===----------------------------------------------------------------------===//
// ElisionAnalysis
//===----------------------------------------------------------------------===//

ElisionAnalysis::ElisionAnalysis(Operation *rootOp)
    : explorer(std::make_unique<Explorer>(rootOp, TraversalAction::RECURSE)),
      solver(std::make_unique<dfx::Solver>(*explorer)) {
  explorer->setOpAction<ExecutableOp>(TraversalAction::IGNORE);
  explorer->initialize();
}

ElisionAnalysis::~ElisionAnalysis() = default;

/// The ops directly in the root implementing CallableOpInterface that have
/// a body.
static SmallVector<Region *> getTopLevelCallableRegions(Operation *rootOp) {
  SmallVector<Region *> regions;
  for (Region &rootRegion : rootOp->getRegions())
    for (Block &block : rootRegion)
      for (Operation &op : block)
        if (auto callable = dyn_cast<CallableOpInterface>(op))
          if (Region *region = callable.getCallableRegion())
            regions.push_back(region);
  return regions;
}

/// Every resource value of `region` in program order: a block's arguments,
/// then for each op the values of its regions and then its results.
static void collectResourceValuesInOrder(Region &region,
                                         SmallVectorImpl<Value> &values) {
  for (Block &block : region) {
    for (BlockArgument arg : block.getArguments())
      if (isa<ResourceType>(arg.getType()))
        values.push_back(arg);
    for (Operation &op : block) {
      for (Region &nested : op.getRegions())
        collectResourceValuesInOrder(nested, values);
      for (Value result : op.getResults())
        if (isa<ResourceType>(result.getType()))
          values.push_back(result);
    }
  }
}

LogicalResult ElisionAnalysis::run() {
  SmallVector<Region *> regions =
      getTopLevelCallableRegions(explorer->getRootOp());
  for (Region *region : regions) {
    region->walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        if (isa<ResourceType>(arg.getType()))
          solver->getOrCreateElementFor<ArgumentSemantics>(
              Position::forValue(arg));
    });
  }
  // Mutation semantics of every resource value. The elements are final at
  // initialization and independent of each other, so they are created from
  // the last value to the first: later values' records then shorten the
  // walks of earlier ones.
  SmallVector<Value> values;
  for (Region *region : regions)
    collectResourceValuesInOrder(*region, values);
  for (Value value : llvm::reverse(values))
    solver->getOrCreateElementFor<ResourceMutationSemantics>(
        Position::forValue(value));
  return solver->run();
}

unsigned ElisionAnalysis::getSolverIterationCount() const {
  return solver->getIterationCount();
}

bool ElisionAnalysis::isArgMoved(BlockArgument arg) {
  auto *element =
      solver->lookupElementFor<ArgumentSemantics>(Position::forValue(arg));
  return element && element->isMoved();
}

bool ElisionAnalysis::isLastUser(Value value, Operation *user) {
  auto &element =
      solver->getOrCreateElementFor<LastUsers>(Position::forValue(value));
  return element.contains(user);
}

bool ElisionAnalysis::isNeverMutated(Value value) {
  auto &element = solver->getOrCreateElementFor<ResourceMutationSemantics>(
      Position::forValue(value));
  return element.isNeverMutated();
}

bool ElisionAnalysis::containsBorrowedStorage(Value value) {
  llvm::DenseSet<Value> visited;
  std::function<bool(Value)> contains = [&](Value current) -> bool {
    if (!visited.insert(current).second)
      return true;
    bool found = false;
    TraversalResult traversal =
        explorer->walkDefiningOps(current, [&](OpResult result) {
          Operation *op = result.getOwner();
          if (auto importOp = dyn_cast<TensorImportOp>(op)) {
            found = !importOp.getConsume();
            return WalkResult::interrupt();
          }
          if (auto transferOp = dyn_cast<AsyncTransferOp>(op)) {
            auto sourceType =
                dyn_cast<ResourceType>(transferOp.getSource().getType());
            auto resultType =
                dyn_cast<ResourceType>(transferOp.getResult().getType());
            if (sourceType && resultType &&
                sourceType.getLifetime() == resultType.getLifetime())
              found = contains(transferOp.getSource());
            return found ? WalkResult::interrupt() : WalkResult::skip();
          }
          if (isa<AsyncCloneOp>(op))
            return WalkResult::skip();
          return WalkResult::advance();
        });
    return found || traversal == TraversalResult::INCOMPLETE;
  };
  return contains(value);
}

AffinityAttr ElisionAnalysis::tryInferValueAffinity(Value value) {
  if (auto affinityOp = value.getDefiningOp<AffinityOpInterface>())
    if (AffinityAttr affinity = affinityOp.getResultAffinityAttr())
      return affinity;
  AffinityAttr found;
  explorer->walkDefiningOps(value, [&](OpResult result) {
    Operation *op = result.getOwner();
    if (auto affinityOp = dyn_cast<AffinityOpInterface>(op)) {
      if (AffinityAttr affinity = affinityOp.getResultAffinityAttr()) {
        found = affinity;
        return WalkResult::interrupt();
      }
    }
    if (AffinityAttr affinity = AffinityAttr::lookup(op)) {
      found = affinity;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (found)
    return found;
  Operation *op = value.getDefiningOp();
  if (!op)
    op = cast<BlockArgument>(value).getOwner()->getParentOp();
  for (; op; op = op->getParentOp())
    if (auto affinity =
            op->getAttrOfType<AffinityAttr>("stream.affinity.default"))
      return affinity;
  return {};
}
