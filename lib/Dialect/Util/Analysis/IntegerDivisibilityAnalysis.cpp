//===- IntegerDivisibilityAnalysis.cpp - int divisibility dataflow --------===//

#include "sluice/Dialect/Util/Analysis/IntegerDivisibilityAnalysis.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace sluice::util {

void IntegerDivisibilityAnalysis::setToEntryState(
    IntegerDivisibilityLattice *lattice) {
  propagateIfChanged(lattice,
                     lattice->join(IntegerDivisibility::getMinDivisibility()));
}

LogicalResult IntegerDivisibilityAnalysis::visitOperation(
    Operation *op, ArrayRef<const IntegerDivisibilityLattice *> operands,
    ArrayRef<IntegerDivisibilityLattice *> results) {
  auto inferrable = dyn_cast<InferIntDivisibilityOpInterface>(op);
  if (!inferrable) {
    setAllToEntryStates(results);
    return success();
  }

  // Uninitialized operands are passed as such; the models fall back to
  // constant matching or {1, 1} for them.
  SmallVector<IntegerDivisibility> argDivs = llvm::map_to_vector(
      operands, [](const IntegerDivisibilityLattice *lattice) {
        return lattice->getValue();
      });

  auto setResultDivs = [&](Value value, const ConstantIntDivisibility &div) {
    auto result = dyn_cast<OpResult>(value);
    if (!result || result.getOwner() != op)
      return;
    IntegerDivisibilityLattice *lattice = results[result.getResultNumber()];
    propagateIfChanged(lattice, lattice->join(IntegerDivisibility(div)));
  };
  inferrable.inferResultDivisibility(argDivs, setResultDivs);
  return success();
}

} // namespace sluice::util
