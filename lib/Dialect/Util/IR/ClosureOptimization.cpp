//===- ClosureOptimization.cpp - closure capture/result elision -----------===//

#include "sluice/Dialect/Util/IR/ClosureOptimization.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace sluice::util {

/// Number of size values a closure value of `type` owns in the size list.
static unsigned getSizeValueCount(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
  return isa<SizeAwareTypeInterface>(type) ? 1 : 0;
}

/// Filters `values` (with the sizes of `types`) in lock-step.
static void excludeValuesAndSizes(llvm::ArrayRef<Type> types,
                                  SmallVectorImpl<Value> *values,
                                  SmallVectorImpl<Type> *keptTypes,
                                  SmallVectorImpl<Value> &sizes,
                                  ArrayRef<unsigned> excluded) {
  SmallVector<Value> newValues;
  SmallVector<Type> newTypes;
  SmallVector<Value> newSizes;
  unsigned sizeIndex = 0;
  for (auto [index, type] : llvm::enumerate(types)) {
    unsigned count = getSizeValueCount(type);
    bool drop = llvm::is_contained(excluded, static_cast<unsigned>(index));
    if (!drop) {
      if (values)
        newValues.push_back((*values)[index]);
      newTypes.push_back(type);
      for (unsigned i = 0; i < count && sizeIndex + i < sizes.size(); ++i)
        newSizes.push_back(sizes[sizeIndex + i]);
    }
    sizeIndex += count;
  }
  if (values)
    *values = std::move(newValues);
  if (keptTypes)
    *keptTypes = std::move(newTypes);
  sizes = std::move(newSizes);
}

void excludeClosureOperandsAndResults(
    SmallVectorImpl<Value> &operandValues, SmallVectorImpl<Value> &operandSizes,
    ArrayRef<unsigned> excludedOperandIndices,
    SmallVectorImpl<Type> &resultTypes, SmallVectorImpl<Value> &resultSizes,
    ArrayRef<unsigned> excludedResultIndices) {
  SmallVector<Type> operandTypes =
      llvm::map_to_vector(operandValues, [](Value v) { return v.getType(); });
  excludeValuesAndSizes(operandTypes, &operandValues, nullptr, operandSizes,
                        excludedOperandIndices);
  SmallVector<Type> oldResultTypes(resultTypes.begin(), resultTypes.end());
  excludeValuesAndSizes(oldResultTypes, nullptr, &resultTypes, resultSizes,
                        excludedResultIndices);
}

/// For each closure result position: the first position yielding the same
/// value in every closure yield, or itself (§4.1 step 3). Empty when the body
/// has no closure yield.
static SmallVector<unsigned> findDuplicateRegionResults(Region &region,
                                                        unsigned resultCount) {
  SmallVector<ClosureYieldOpInterface> yields;
  for (Block &block : region)
    if (!block.empty())
      if (auto yield = dyn_cast<ClosureYieldOpInterface>(block.back()))
        yields.push_back(yield);
  if (yields.empty())
    return {};
  constexpr int kUnassigned = -1;
  SmallVector<SmallVector<int>> dupes;
  for (ClosureYieldOpInterface yield : yields) {
    MutableOperandRange values = yield.getClosureResultsMutable();
    SmallVector<int> &dupe = dupes.emplace_back(resultCount, kUnassigned);
    for (unsigned i = 0; i < resultCount && i < values.size(); ++i)
      for (unsigned j = 0; j < i; ++j)
        if (values[j].get() == values[i].get()) {
          dupe[i] = j;
          break;
        }
  }
  SmallVector<unsigned> map(resultCount);
  SmallVector<bool> dead(resultCount, false);
  for (unsigned idx = 0; idx < resultCount; ++idx) {
    if (dead[idx])
      continue;
    map[idx] = idx;
    for (unsigned i = 0; i < resultCount; ++i) {
      if (i == idx)
        continue;
      bool duplicateEverywhere = llvm::all_of(
          dupes, [&](ArrayRef<int> dupe) { return dupe[i] == int(idx); });
      if (duplicateEverywhere) {
        map[i] = idx;
        dead[i] = true;
      }
    }
  }
  return map;
}

LogicalResult optimizeClosureLikeOp(ClosureOpInterface closureOp,
                                    PatternRewriter &rewriter) {
  Operation *op = closureOp.getOperation();
  Region &body = closureOp.getClosureBodyRegion();
  if (body.empty())
    return failure();
  Block &entry = body.front();

  // Step 1 (constant inlining) never applies: no stream closure may contain
  // the constant producers.

  // Step 2: unused and duplicate captures.
  auto operands = closureOp.getClosureOperands();
  SmallVector<unsigned> elidedOperands;
  SmallVector<std::pair<BlockArgument, BlockArgument>> argReplacements;
  llvm::DenseMap<Value, unsigned> firstKept;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (index >= entry.getNumArguments())
      break;
    BlockArgument arg = entry.getArgument(index);
    if (arg.use_empty()) {
      elidedOperands.push_back(index);
      continue;
    }
    auto [it, inserted] = firstKept.try_emplace(operand, index);
    if (!inserted) {
      elidedOperands.push_back(index);
      argReplacements.push_back({arg, entry.getArgument(it->second)});
    }
  }

  // Steps 3-4: unused and duplicate results.
  auto results = closureOp.getClosureResults();
  SmallVector<unsigned> map = findDuplicateRegionResults(body, results.size());
  SmallVector<unsigned> elidedResults;
  SmallVector<std::pair<Value, Value>> resultReplacements;
  SmallVector<Value> preservedResults;
  for (auto [index, result] : llvm::enumerate(results)) {
    bool isLeaderOfOthers =
        !map.empty() && llvm::any_of(llvm::enumerate(map), [&](auto entry) {
          return entry.index() != index && entry.value() == index;
        });
    if (result.use_empty() && !isLeaderOfOthers &&
        !closureOp.getResultAccess(index).isRead) {
      elidedResults.push_back(index);
    } else if (!map.empty() && map[index] != index) {
      elidedResults.push_back(index);
      resultReplacements.push_back({result, results[map[index]]});
    } else {
      preservedResults.push_back(result);
    }
  }

  // Step 5.
  if (elidedOperands.empty() && elidedResults.empty())
    return failure();

  // Step 6: a result-less closure that lost everything is dropped.
  unsigned nonClosureResultCount = op->getNumResults() - results.size();
  if (elidedResults.size() == results.size() && nonClosureResultCount == 0 &&
      op->use_empty()) {
    rewriter.eraseOp(op);
    return success();
  }

  // Steps 7-8.
  for (auto [from, to] : argReplacements)
    rewriter.replaceAllUsesWith(from, to);
  for (auto [from, to] : resultReplacements)
    rewriter.replaceAllUsesWith(from, to);

  // Step 9.
  rewriter.setInsertionPoint(op);
  ClosureOpInterface newOp =
      closureOp.cloneReplacementExcludingOperandsAndResults(
          elidedOperands, elidedResults, rewriter);

  // Steps 10-11.
  auto isClosureResult = [](ClosureOpInterface closure, OpResult result) {
    return llvm::is_contained(closure.getClosureResults(), Value(result));
  };
  SmallVector<Value> oldNonClosure, newNonClosure;
  for (OpResult result : op->getResults())
    if (!isClosureResult(closureOp, result))
      oldNonClosure.push_back(result);
  for (OpResult result : newOp->getResults())
    if (!isClosureResult(newOp, result))
      newNonClosure.push_back(result);
  for (auto [from, to] : llvm::zip(oldNonClosure, newNonClosure))
    rewriter.replaceAllUsesWith(from, to);
  for (auto [from, to] : llvm::zip(preservedResults, newOp.getClosureResults()))
    rewriter.replaceAllUsesWith(from, to);

  // Step 12.
  rewriter.eraseOp(op);
  return success();
}

} // namespace sluice::util
