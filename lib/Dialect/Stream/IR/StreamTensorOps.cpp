//===- StreamTensorOps.cpp - tensor-phase and boundary ops ----------------===//

#include "StreamPatterns.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OperationSupport.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;

namespace {
/// Replaces an op by the first equivalent op of the same kind earlier in its
/// block (stream-folding.md `DeduplicateTensorOp`).
template <typename OpT>
struct DeduplicateTensorOp : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
      auto candidate = dyn_cast<OpT>(prev);
      if (!candidate)
        continue;
      if (OperationEquivalence::isEquivalentTo(
              candidate, op, OperationEquivalence::IgnoreLocations)) {
        rewriter.replaceOp(op, candidate->getResults());
        return success();
      }
    }
    return failure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// stream.tensor.import
//===----------------------------------------------------------------------===//

bool TensorImportOp::pinsValueAffinity() {
  return static_cast<bool>(getAffinityAttr());
}
ValueRange TensorImportOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorImportOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorImportOp::getOperandSize(unsigned) { return {}; }
Value TensorImportOp::getResultSize(unsigned) { return getResultSize(); }
std::optional<unsigned> TensorImportOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorImportOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorImportOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getResultEncoding(),
                                 getResultEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

OpFoldResult TensorImportOp::fold(FoldAdaptor) {
  auto exportOp = getSource().getDefiningOp<TensorExportOp>();
  if (!exportOp || getAffinityAttr() != exportOp.getAffinityAttr() ||
      getResultSize() != exportOp.getSourceSize())
    return {};
  return exportOp.getSource();
}

void TensorImportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateTensorOp<TensorImportOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.export
//===----------------------------------------------------------------------===//

bool TensorExportOp::pinsValueAffinity() {
  return static_cast<bool>(getAffinityAttr());
}
ValueRange TensorExportOp::getOperandDynamicDims(unsigned) {
  return getSourceEncodingDims();
}
ValueRange TensorExportOp::getResultDynamicDims(unsigned) { return {}; }
Value TensorExportOp::getOperandSize(unsigned) { return getSourceSize(); }
Value TensorExportOp::getResultSize(unsigned) { return {}; }
std::optional<unsigned> TensorExportOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> TensorExportOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult TensorExportOp::verify() {
  if (failed(verifyOpDynamicDims(*this, getSourceEncoding(),
                                 getSourceEncodingDims())) ||
      failed(verifyOpValueSizes(*this, getSource(), getSourceSize())))
    return failure();
  return success();
}

OpFoldResult TensorExportOp::fold(FoldAdaptor) {
  auto importOp = getSource().getDefiningOp<TensorImportOp>();
  if (!importOp || importOp.getSource().getType() != getResult().getType() ||
      importOp.getResultEncoding() != getSourceEncoding() ||
      !llvm::equal(importOp.getResultEncodingDims(), getSourceEncodingDims()) ||
      importOp.getResultSize() != getSourceSize() ||
      importOp.getAffinityAttr() != getAffinityAttr())
    return {};
  return importOp.getSource();
}

void TensorExportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DeduplicateTensorOp<TensorExportOp>>(context);
}

//===----------------------------------------------------------------------===//
// stream.tensor.sizeof / empty
//===----------------------------------------------------------------------===//

LogicalResult TensorSizeOfOp::verify() {
  return verifyOpDynamicDims(*this, getEncoding(), getEncodingDims());
}

void TensorEmptyOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "empty");
}
bool TensorEmptyOp::isMetadata() { return true; }
bool TensorEmptyOp::preferCloneToConsumers() { return true; }
ValueRange TensorEmptyOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorEmptyOp::getResultDynamicDims(unsigned) {
  return getResultEncodingDims();
}
Value TensorEmptyOp::getOperandSize(unsigned) { return {}; }
Value TensorEmptyOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult TensorEmptyOp::verify() {
  return verifyOpDynamicDims(*this, getResultEncoding(),
                             getResultEncodingDims());
}
