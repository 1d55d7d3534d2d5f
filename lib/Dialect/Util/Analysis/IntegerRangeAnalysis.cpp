//===- IntegerRangeAnalysis.cpp - upstream analysis, empty constants ------===//

#include "sluice/Dialect/Util/Analysis/IntegerRangeAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"

using namespace mlir;

namespace sluice::util {

bool IntegerRangeAnalysis::isEmptyElementsConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  if (!constant)
    return false;
  auto elements = dyn_cast<ElementsAttr>(constant.getValue());
  return elements && elements.empty();
}

LogicalResult IntegerRangeAnalysis::visitOperation(
    Operation *op,
    ArrayRef<const dataflow::IntegerValueRangeLattice *> operands,
    ArrayRef<dataflow::IntegerValueRangeLattice *> results) {
  if (isEmptyElementsConstant(op)) {
    for (dataflow::IntegerValueRangeLattice *result : results)
      setToEntryState(result);
    return success();
  }
  return mlir::dataflow::IntegerRangeAnalysis::visitOperation(op, operands,
                                                              results);
}

} // namespace sluice::util
