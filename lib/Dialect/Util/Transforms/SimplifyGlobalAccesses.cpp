//===- SimplifyGlobalAccesses.cpp - iree-util-simplify-global-accesses ----===//
//
// stream-passes-2.md §15.3: hoists loads of immutable globals to the entry
// block, then forwards/merges/erases loads and stores of the same global
// between the ops that block motion (calls and terminators; util has no
// YieldPoint op) and moves the remaining loads up and stores down.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace sluice::util {
#define GEN_PASS_DEF_SIMPLIFYGLOBALACCESSESPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

bool isBlockingOp(Operation *op) {
  return isa<CallOpInterface>(op) ||
         op->hasTrait<mlir::OpTrait::IsTerminator>();
}

/// Moves `op` right after `anchor` (`after`) or right before it; without an
/// anchor, to the front (`after`) or the end of `block`. Returns whether it
/// was elsewhere.
bool placeNextTo(Operation *op, Operation *anchor, Block &block, bool after) {
  Operation *neighbor = after ? op->getPrevNode() : op->getNextNode();
  bool inPlace = anchor ? neighbor == anchor && op->getBlock() == &block
                        : !neighbor && op->getBlock() == &block;
  if (inPlace)
    return false;
  if (anchor && after)
    op->moveAfter(anchor);
  else if (anchor)
    op->moveBefore(anchor);
  else
    op->moveBefore(&block, after ? block.begin() : block.end());
  return true;
}

/// Loads of immutable globals: the first per global moves to the entry
/// block, later ones are replaced by it. Returns whether anything changed.
bool hoistImmutableLoads(Region &region,
                         const llvm::DenseSet<StringAttr> &immutableGlobals) {
  bool changed = false;
  Block &entry = region.front();
  llvm::DenseMap<StringAttr, GlobalLoadOpInterface> hoisted;
  Operation *lastMoved = nullptr;
  for (Block &block : region) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto load = dyn_cast<GlobalLoadOpInterface>(&op);
      if (!load)
        continue;
      StringAttr name = load.getGlobalAttr().getAttr();
      if (!immutableGlobals.contains(name))
        continue;
      auto [it, inserted] = hoisted.try_emplace(name, load);
      if (!inserted) {
        load->replaceAllUsesWith(it->second.getOperation());
        load->erase();
        changed = true;
        continue;
      }
      changed |= placeNextTo(load, lastMoved, entry, /*after=*/true);
      lastMoved = load;
    }
  }
  return changed;
}

/// One round over a block; returns whether an op was removed. `changed` is
/// set when an op was removed or moved.
bool optimizeBlock(Block &block,
                   const llvm::DenseSet<StringAttr> &immutableGlobals,
                   bool &changed) {
  struct Sequence {
    /// The last blocking op before the first access (null: block start).
    Operation *prevBlocker = nullptr;
    /// The blocking op ending the sequence (null: block end).
    Operation *endBlocker = nullptr;
    std::map<std::string, SmallVector<Operation *>> buckets;
  };
  SmallVector<Sequence> sequences(1);
  Operation *lastBlocker = nullptr;
  for (Operation &op : block) {
    if (isBlockingOp(&op)) {
      if (!sequences.back().buckets.empty()) {
        sequences.back().endBlocker = &op;
        sequences.emplace_back();
      }
      lastBlocker = &op;
      continue;
    }
    StringRef name;
    if (auto load = dyn_cast<GlobalLoadOpInterface>(&op)) {
      if (immutableGlobals.contains(load.getGlobalAttr().getAttr()))
        continue;
      name = load.getGlobalName();
    } else if (auto store = dyn_cast<GlobalStoreOpInterface>(&op)) {
      name = store.getGlobalName();
    } else {
      continue;
    }
    Sequence &sequence = sequences.back();
    if (sequence.buckets.empty())
      sequence.prevBlocker = lastBlocker;
    sequence.buckets[name.str()].push_back(&op);
  }

  bool removed = false;
  for (Sequence &sequence : sequences) {
    for (auto &[name, ops] : sequence.buckets) {
      for (int i = static_cast<int>(ops.size()) - 1; i >= 1; --i) {
        Operation *prev = ops[i - 1];
        Operation *op = ops[i];
        auto prevStore = dyn_cast<GlobalStoreOpInterface>(prev);
        auto prevLoad = dyn_cast<GlobalLoadOpInterface>(prev);
        if (prevStore && isa<GlobalLoadOpInterface>(op)) {
          op->getResult(0).replaceAllUsesWith(prevStore.getStoredGlobalValue());
          op->erase();
          ops.erase(ops.begin() + i);
          removed = true;
        } else if (prevLoad && isa<GlobalLoadOpInterface>(op)) {
          op->replaceAllUsesWith(prev);
          op->erase();
          ops.erase(ops.begin() + i);
          removed = true;
        } else if (prevStore && isa<GlobalStoreOpInterface>(op)) {
          prev->erase();
          ops.erase(ops.begin() + i - 1);
          removed = true;
        }
      }
      if (ops.empty())
        continue;
      if (isa<GlobalLoadOpInterface>(ops.front()))
        changed |= placeNextTo(ops.front(), sequence.prevBlocker, block,
                               /*after=*/true);
      if (isa<GlobalStoreOpInterface>(ops.back()))
        changed |= placeNextTo(ops.back(), sequence.endBlocker, block,
                               /*after=*/false);
    }
  }
  changed |= removed;
  return removed;
}

class SimplifyGlobalAccessesPass
    : public impl::SimplifyGlobalAccessesPassBase<SimplifyGlobalAccessesPass> {
public:
  void runOnOperation() override {
    auto callable = cast<CallableOpInterface>(getOperation());
    UnchangedIRGuard guard(*this, callable);
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    Region *region = callable.getCallableRegion();
    if (!region || region->empty()) {
      if (guard.unchanged(false, getName()))
        markAllAnalysesPreserved();
      return;
    }

    // Immutable globals of the enclosing symbol table; none inside an
    // initializer (it may be the one initializing them).
    llvm::DenseSet<StringAttr> immutableGlobals;
    Operation *symbolTableOp =
        SymbolTable::getNearestSymbolTable(callable->getParentOp());
    if (symbolTableOp && !isa<InitializerOpInterface>(callable.getOperation()))
      for (Region &r : symbolTableOp->getRegions())
        for (Block &b : r)
          for (Operation &op : b)
            if (auto globalOp = dyn_cast<GlobalOpInterface>(&op))
              if (!globalOp.isGlobalMutable())
                immutableGlobals.insert(globalOp.getGlobalName());

    bool changed = hoistImmutableLoads(*region, immutableGlobals);
    auto finish = [&] {
      if (guard.unchanged(changed, getName()))
        markAllAnalysesPreserved();
    };

    for (Block &block : *region)
      for (Operation &op : block)
        if (isa<GlobalLoadIndirectOpInterface, GlobalStoreIndirectOpInterface>(
                &op))
          return finish();

    for (Block &block : *region)
      while (optimizeBlock(block, immutableGlobals, changed)) {
      }
    finish();
  }
};

} // namespace
} // namespace sluice::util
