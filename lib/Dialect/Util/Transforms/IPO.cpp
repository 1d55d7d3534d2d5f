//===- IPO.cpp - iree-util-ipo --------------------------------------------===//
//
// stream-passes-2.md §15.7: interprocedural cleanup of util.func arguments
// and results. Every function is analysed before anything is rewritten.
//
//===----------------------------------------------------------------------===//

#include "ConstantUtils.h"

#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/FixedPoint.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/BitVector.h"

namespace sluice::util {
#define GEN_PASS_DEF_IPOPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

/// The constant a value carries for IPO: an `m_Constant` attribute, or the
/// symbol of an immutable global load; null otherwise.
Attribute getIPOConstant(Value value) {
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  if (auto load = value.getDefiningOp<GlobalLoadOp>())
    if (load.getIsImmutable())
      return load.getGlobalAttr();
  return {};
}

/// Per position, whether position i is a duplicate of the first j < i with
/// the same value at every site ([QUIRK IPO1] fixed: all sites must agree).
class DupeTracker {
public:
  explicit DupeTracker(unsigned size) : dupes(size, -2) {}
  void observe(ValueRange values) {
    for (unsigned i = 0; i < values.size() && i < dupes.size(); ++i) {
      int first = i;
      for (unsigned j = 0; j < i; ++j)
        if (values[j] == values[i]) {
          first = j;
          break;
        }
      if (dupes[i] == -2)
        dupes[i] = first;
      else if (dupes[i] != first)
        dupes[i] = i;
    }
  }
  /// The base of i, or -1 when i is not a duplicate.
  int getBase(unsigned i) const {
    return dupes[i] < 0 || dupes[i] == static_cast<int>(i) ? -1 : dupes[i];
  }

private:
  SmallVector<int> dupes;
};

/// Uniformity of one position over several sites: the same SSA value, or the
/// same constant, at every site.
struct Uniformity {
  bool seen = false;
  bool uniform = true;
  Value value;
  Attribute constant;
  void observe(Value v, Attribute c) {
    if (!seen) {
      seen = true;
      value = v;
      constant = c;
      return;
    }
    if (!uniform)
      return;
    if (c || constant) {
      if (!c || !constant || c != constant)
        uniform = false;
      return;
    }
    if (v != value)
      uniform = false;
  }
  Attribute getUniformConstant() const {
    return seen && uniform ? constant : Attribute();
  }
};

struct FuncAnalysis {
  FuncOp funcOp;
  bool incomplete = false;
  SmallVector<CallOp> callOps;

  SmallVector<bool> argUsed;
  SmallVector<Attribute> argConstants;
  SmallVector<int> argDupes;

  SmallVector<bool> resultUsed;
  SmallVector<Attribute> resultConstants;
  SmallVector<int> resultDupes;
  SmallVector<int> resultPassThrough;

  bool dropsArg(unsigned i) const {
    return !argUsed[i] || argConstants[i] || argDupes[i] >= 0;
  }
  bool dropsResult(unsigned i) const {
    return !resultUsed[i] || resultConstants[i] || resultDupes[i] >= 0 ||
           resultPassThrough[i] >= 0;
  }
};

FuncAnalysis analyzeFunction(FuncOp funcOp, Explorer &explorer) {
  FuncAnalysis analysis;
  analysis.funcOp = funcOp;
  unsigned numArgs = funcOp.getNumArguments();
  unsigned numResults = funcOp.getNumResults();
  analysis.argUsed.assign(numArgs, true);
  analysis.argConstants.assign(numArgs, Attribute());
  analysis.argDupes.assign(numArgs, -1);
  analysis.resultUsed.assign(numResults, true);
  analysis.resultConstants.assign(numResults, Attribute());
  analysis.resultDupes.assign(numResults, -1);
  analysis.resultPassThrough.assign(numResults, -1);

  if (funcOp.isPublic() || funcOp.isExternal() || funcOp.hasAnyTiedOperands()) {
    analysis.incomplete = true;
    return analysis;
  }
  TraversalResult callResult =
      explorer.walkIncomingCalls(funcOp, [&](CallOpInterface call) {
        auto callOp = dyn_cast<CallOp>(call.getOperation());
        if (!callOp) {
          analysis.incomplete = true;
          return WalkResult::interrupt();
        }
        analysis.callOps.push_back(callOp);
        return WalkResult::advance();
      });
  if (analysis.incomplete || callResult == TraversalResult::INCOMPLETE) {
    analysis.incomplete = true;
    analysis.callOps.clear();
    return analysis;
  }

  // Callee side.
  Block &entry = funcOp.getBody().front();
  for (unsigned i = 0; i < numArgs; ++i)
    analysis.argUsed[i] = !entry.getArgument(i).use_empty();
  SmallVector<Uniformity> resultUniformity(numResults);
  DupeTracker resultDupes(numResults);
  funcOp.walk([&](ReturnOp returnOp) {
    resultDupes.observe(returnOp.getOperands());
    for (auto [i, v] : llvm::enumerate(returnOp.getOperands()))
      if (i < numResults) {
        // Results are uniform only as one SSA value at every site.
        Uniformity &u = resultUniformity[i];
        if (!u.seen) {
          u.seen = true;
          u.value = v;
        } else if (u.value != v) {
          u.uniform = false;
        }
      }
  });
  for (unsigned i = 0; i < numResults; ++i) {
    Uniformity &u = resultUniformity[i];
    analysis.resultDupes[i] = resultDupes.getBase(i);
    if (!u.seen || !u.uniform)
      continue;
    analysis.resultConstants[i] = getIPOConstant(u.value);
    if (auto arg = dyn_cast<BlockArgument>(u.value))
      if (arg.getOwner() == &entry)
        analysis.resultPassThrough[i] = arg.getArgNumber();
  }

  // Caller side.
  SmallVector<Uniformity> argUniformity(numArgs);
  DupeTracker argDupes(numArgs);
  if (!analysis.callOps.empty())
    analysis.resultUsed.assign(numResults, false);
  for (CallOp callOp : analysis.callOps) {
    argDupes.observe(callOp.getArguments());
    for (auto [i, v] : llvm::enumerate(callOp.getArguments()))
      if (i < numArgs)
        argUniformity[i].observe(v, getIPOConstant(v));
    for (auto [i, result] : llvm::enumerate(callOp.getResults()))
      if (i < numResults && !result.use_empty())
        analysis.resultUsed[i] = true;
  }
  if (!analysis.callOps.empty())
    for (unsigned i = 0; i < numArgs; ++i) {
      analysis.argConstants[i] = argUniformity[i].getUniformConstant();
      analysis.argDupes[i] = argDupes.getBase(i);
    }

  // Pass-through pruning: an argument used only to be returned where its
  // result is passed through becomes unused.
  for (unsigned k = 0; k < numArgs; ++k) {
    if (!analysis.argUsed[k] ||
        !llvm::is_contained(analysis.resultPassThrough, static_cast<int>(k)))
      continue;
    bool onlyPassedThrough =
        llvm::all_of(entry.getArgument(k).getUses(), [&](OpOperand &use) {
          unsigned p = use.getOperandNumber();
          return isa<ReturnOp>(use.getOwner()) && p < numResults &&
                 analysis.resultPassThrough[p] == static_cast<int>(k);
        });
    if (onlyPassedThrough)
      analysis.argUsed[k] = false;
  }
  for (unsigned i = 0; i < numArgs; ++i)
    if (analysis.argUsed[i] && analysis.argDupes[i] >= 0)
      analysis.argUsed[analysis.argDupes[i]] = true;
  for (unsigned i = 0; i < numResults; ++i)
    if (analysis.resultUsed[i] && analysis.resultDupes[i] >= 0)
      analysis.resultUsed[analysis.resultDupes[i]] = true;
  return analysis;
}

/// Materializes `value` of `type`; null on failure.
Value materializeIPOConstant(OpBuilder &builder, Location loc, Attribute value,
                             Type type) {
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(value))
    return GlobalLoadOp::create(builder, loc, type, symbol,
                                builder.getUnitAttr());
  return materializeUtilConstant(builder, loc, value, type);
}

class IPOPass : public impl::IPOPassBase<IPOPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    UnchangedIRGuard guard(*this, moduleOp);
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    std::vector<FuncAnalysis> analyses;
    {
      // Lazily: only the callers of private functions are asked for (no
      // global, and no call graph at all when every function is public),
      // and nothing changes until the analyses are done.
      Explorer explorer(moduleOp, TraversalAction::RECURSE);
      explorer.initializeLazily();
      for (auto funcOp : moduleOp.getOps<FuncOp>())
        analyses.push_back(analyzeFunction(funcOp, explorer));
    }
    bool changed = false;
    for (FuncAnalysis &analysis : analyses) {
      if (analysis.incomplete)
        continue;
      FailureOr<bool> result = applyAnalysis(analysis);
      if (failed(result))
        return signalPassFailure();
      changed |= *result;
    }
    if (changed)
      signalFixedPointModified(moduleOp);
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }

private:
  FailureOr<bool> applyAnalysis(FuncAnalysis &analysis) {
    FuncOp funcOp = analysis.funcOp;
    unsigned numArgs = funcOp.getNumArguments();
    unsigned numResults = funcOp.getNumResults();
    llvm::BitVector deadArgs(numArgs), deadResults(numResults);
    for (unsigned i = 0; i < numArgs; ++i)
      if (analysis.dropsArg(i))
        deadArgs.set(i);
    for (unsigned i = 0; i < numResults; ++i)
      if (analysis.dropsResult(i))
        deadResults.set(i);
    bool changed = deadArgs.any() || deadResults.any();

    if (changed) {
      // (1) The function.
      Block &entry = funcOp.getBody().front();
      OpBuilder builder = OpBuilder::atBlockBegin(&entry);
      for (unsigned i = 0; i < numArgs; ++i) {
        BlockArgument arg = entry.getArgument(i);
        if (!analysis.argUsed[i])
          continue;
        if (Attribute constant = analysis.argConstants[i]) {
          Value value = materializeIPOConstant(builder, arg.getLoc(), constant,
                                               arg.getType());
          if (!value) {
            (void)emitMaterializationError(funcOp);
            return failure();
          }
          arg.replaceAllUsesWith(value);
        } else if (analysis.argDupes[i] >= 0) {
          arg.replaceAllUsesWith(entry.getArgument(analysis.argDupes[i]));
        }
      }
      if (deadResults.any())
        funcOp.walk([&](ReturnOp returnOp) {
          for (int i = numResults - 1; i >= 0; --i)
            if (deadResults.test(i))
              returnOp->eraseOperand(i);
        });
      if (failed(funcOp.eraseArguments(deadArgs)) ||
          failed(funcOp.eraseResults(deadResults)))
        return failure();

      // (2) The call sites.
      for (CallOp &callOp : analysis.callOps) {
        FailureOr<CallOp> newCall =
            rewriteCall(callOp, analysis, deadArgs, deadResults);
        if (failed(newCall))
          return failure();
        callOp = *newCall;
      }
    }

    // (3) Functions left empty go away with their calls.
    if (!funcOp.isExternal() && funcOp.getNumArguments() == 0 &&
        funcOp.getNumResults() == 0 && funcOp.getBody().hasOneBlock() &&
        funcOp.getBody().front().getOperations().size() == 1) {
      // Every call site is known (the function is complete).
      for (CallOp callOp : analysis.callOps)
        callOp.erase();
      analysis.callOps.clear();
      funcOp.erase();
      changed = true;
    }
    return changed;
  }

  FailureOr<CallOp> rewriteCall(CallOp callOp, FuncAnalysis &analysis,
                                const llvm::BitVector &deadArgs,
                                const llvm::BitVector &deadResults) {
    SmallVector<Value> operands;
    for (auto [i, v] : llvm::enumerate(callOp.getArguments()))
      if (!deadArgs.test(i))
        operands.push_back(v);
    SmallVector<Type> resultTypes;
    for (auto [i, r] : llvm::enumerate(callOp.getResults()))
      if (!deadResults.test(i))
        resultTypes.push_back(r.getType());
    OpBuilder builder(callOp);
    auto newCall = CallOp::create(
        builder, callOp.getLoc(), resultTypes, callOp.getCalleeAttr(), operands,
        /*tied_operands=*/ArrayAttr(), /*arg_attrs=*/ArrayAttr(),
        /*res_attrs=*/ArrayAttr());
    for (NamedAttribute attr : callOp->getDiscardableAttrs())
      newCall->setAttr(attr.getName(), attr.getValue());
    builder.setInsertionPointAfter(newCall);
    SmallVector<Value> replacements(callOp.getNumResults());
    unsigned next = 0;
    for (unsigned i = 0, e = callOp.getNumResults(); i < e; ++i) {
      Value old = callOp.getResult(i);
      if (!deadResults.test(i)) {
        replacements[i] = newCall.getResult(next++);
      } else if (!analysis.resultUsed[i]) {
        continue;
      } else if (Attribute constant = analysis.resultConstants[i]) {
        replacements[i] = materializeIPOConstant(builder, callOp.getLoc(),
                                                 constant, old.getType());
        if (!replacements[i]) {
          (void)emitMaterializationError(callOp);
          return failure();
        }
      } else if (analysis.resultDupes[i] >= 0) {
        replacements[i] = replacements[analysis.resultDupes[i]];
      } else if (analysis.resultPassThrough[i] >= 0) {
        replacements[i] = callOp.getArguments()[analysis.resultPassThrough[i]];
      }
    }
    for (unsigned i = 0, e = callOp.getNumResults(); i < e; ++i)
      if (replacements[i])
        callOp.getResult(i).replaceAllUsesWith(replacements[i]);
    callOp.erase();
    return newCall;
  }

  LogicalResult emitMaterializationError(Operation *op) {
    // The reference aborts here; Sluice reports it.
    return op->emitError() << "can't materialize constant; unsupported type";
  }
};

} // namespace
} // namespace sluice::util
