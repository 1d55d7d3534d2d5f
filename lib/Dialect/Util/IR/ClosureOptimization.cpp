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
  // Per yield, the first position yielding the same value (or -1); linear
  // in the results (closures of large programs carry thousands).
  constexpr int kUnassigned = -1;
  SmallVector<SmallVector<int>> dupes;
  for (ClosureYieldOpInterface yield : yields) {
    OperandRange values = yield.getClosureResultsMutable();
    SmallVector<int> &dupe = dupes.emplace_back(resultCount, kUnassigned);
    llvm::DenseMap<Value, unsigned> firstIndex;
    for (unsigned i = 0; i < resultCount && i < values.size(); ++i) {
      auto [it, inserted] = firstIndex.try_emplace(values[i], i);
      if (!inserted)
        dupe[i] = it->second;
    }
  }
  // A position duplicates the first one yielding its value when it does so
  // in every yield; that first position is never itself a duplicate.
  SmallVector<unsigned> map(resultCount);
  for (unsigned i = 0; i < resultCount; ++i) {
    int first = dupes.front()[i];
    bool duplicateEverywhere =
        first != kUnassigned && llvm::all_of(dupes, [&](ArrayRef<int> dupe) {
          return dupe[i] == first;
        });
    map[i] = duplicateEverywhere ? unsigned(first) : i;
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
  SmallVector<bool> leadsOthers(results.size(), false);
  for (auto [index, leader] : llvm::enumerate(map))
    if (leader != index)
      leadsOthers[leader] = true;
  for (auto [index, result] : llvm::enumerate(results)) {
    bool isLeaderOfOthers = leadsOthers[index];
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
    // Closure results are a contiguous range of the op's results.
    auto closureResults = closure.getClosureResults();
    if (closureResults.empty())
      return false;
    unsigned begin = cast<OpResult>(closureResults[0]).getResultNumber();
    return result.getResultNumber() >= begin &&
           result.getResultNumber() < begin + closureResults.size();
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
