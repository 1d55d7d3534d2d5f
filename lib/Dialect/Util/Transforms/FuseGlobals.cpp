//===- FuseGlobals.cpp - iree-util-fuse-globals ---------------------------===//
//
// stream-passes-2.md §15.6: private globals that are always stored the same
// value together are fused into the lowest-ordinal one.
//
//===----------------------------------------------------------------------===//

#include "GlobalTable.h"

#include "sluice/Dialect/Util/Transforms/FixedPoint.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "llvm/ADT/MapVector.h"

#include <algorithm>

namespace sluice::util {
#define GEN_PASS_DEF_FUSEGLOBALSPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

class FuseGlobalsPass : public impl::FuseGlobalsPassBase<FuseGlobalsPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    UnchangedIRGuard guard(*this, moduleOp);
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    GlobalTable table(moduleOp);
    size_t numGlobals = table.size();

    // 1. Correlation: AND over the stored-value groups a global is in.
    // Ordinal sets are sorted vectors (groups are small; a dense bit matrix
    // would be quadratic in the number of globals).
    using OrdinalSet = SmallVector<size_t, 4>;
    llvm::DenseMap<size_t, OrdinalSet> correlation;
    auto intersect = [](const OrdinalSet &a, const OrdinalSet &b) {
      OrdinalSet out;
      std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                            std::back_inserter(out));
      return out;
    };
    for (Operation &callable : moduleOp.getBody()->getOperations()) {
      auto callableOp = dyn_cast<CallableOpInterface>(&callable);
      Region *region = callableOp ? callableOp.getCallableRegion() : nullptr;
      if (!region)
        continue;
      for (Block &block : *region) {
        llvm::MapVector<Value, OrdinalSet> groups;
        for (Operation &op : block) {
          auto store = dyn_cast<GlobalStoreOpInterface>(&op);
          if (!store)
            continue;
          GlobalInfo *global = table.lookup(store.getGlobalName());
          if (!global || !global->isCandidate())
            continue;
          groups[store.getStoredGlobalValue()].push_back(global->ordinal);
        }
        for (auto &[value, ordinals] : groups) {
          llvm::sort(ordinals);
          ordinals.erase(llvm::unique(ordinals), ordinals.end());
          for (size_t ordinal : ordinals) {
            auto [it, inserted] = correlation.try_emplace(ordinal, ordinals);
            if (!inserted)
              it->second = intersect(it->second, ordinals);
          }
        }
      }
    }

    // 2. Symmetrize, in ordinal order ([QUIRK FG1] fixed).
    SmallVector<size_t> correlated;
    for (auto &[g, set] : correlation)
      correlated.push_back(g);
    llvm::sort(correlated);
    for (size_t g : correlated) {
      OrdinalSet result = correlation[g];
      for (size_t o : OrdinalSet(correlation[g])) {
        if (o == g)
          continue;
        auto other = correlation.find(o);
        if (other == correlation.end())
          continue;
        if (!llvm::is_contained(other->second, g)) {
          OrdinalSet kept;
          std::set_difference(result.begin(), result.end(),
                              other->second.begin(), other->second.end(),
                              std::back_inserter(kept));
          result = std::move(kept);
        } else {
          result = intersect(result, other->second);
        }
      }
      correlation[g] = std::move(result);
    }

    // 3. Union-find over the correlations, then fuse per initial value.
    SmallVector<size_t> parent(numGlobals);
    for (size_t g = 0; g < numGlobals; ++g)
      parent[g] = g;
    auto find = [&](size_t x) {
      while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
      return x;
    };
    for (size_t g : correlated)
      for (size_t o : correlation[g]) {
        size_t a = find(g), b = find(o);
        if (a != b)
          parent[std::max(a, b)] = std::min(a, b);
      }
    llvm::MapVector<size_t, SmallVector<size_t>> classes;
    for (size_t g : correlated)
      classes[find(g)].push_back(g);
    bool changed = false;
    for (auto &[leader, members] : classes) {
      llvm::sort(members);
      members.erase(llvm::unique(members), members.end());
      if (members.size() < 2)
        continue;
      llvm::MapVector<Attribute, SmallVector<GlobalInfo *>> byValue;
      for (size_t m : members)
        byValue[table[m].op.getGlobalInitialValue()].push_back(&table[m]);
      for (auto &[value, set] : byValue) {
        if (set.size() < 2)
          continue;
        GlobalInfo *base = set.front();
        SmallVector<Location> locs;
        for (GlobalInfo *member : set)
          locs.push_back(member->op->getLoc());
        base->op->setLoc(FusedLoc::get(&getContext(), locs));
        for (GlobalInfo *member : llvm::drop_begin(set)) {
          table.renameGlobalUses(*member, *base);
          table.eraseGlobal(*member);
          changed = true;
        }
      }
    }
    if (changed)
      signalFixedPointModified(moduleOp);
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::util
