//===- HALTensorOps.cpp - hal.tensor.* ops --------------------------------===//
//
// Verifiers, folders, canonicalizers and util interface methods of the tensor
// ABI ops (support-dialects.md §2.5.1 - §2.5.5). Their generated definitions
// and syntax directives live in HALOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace sluice::hal;
using sluice::util::ShapeAwareOpInterface;

/// Dynamic dim count of a ranked shaped type; 0 for anything else.
static unsigned getNumDynamicDims(Type type) {
  auto shapedType = dyn_cast<ShapedType>(type);
  return shapedType && shapedType.hasRank() ? shapedType.getNumDynamicDims()
                                            : 0;
}

/// The ABI-facing `encoding` type and the SSA `storage` type must agree on
/// their dynamic dims (element widths are not checked).
static LogicalResult verifyEncodingCompatibility(Operation *op, Type encoding,
                                                 Type storage) {
  if (encoding == storage)
    return success();
  auto encodingType = dyn_cast<ShapedType>(encoding);
  auto storageType = dyn_cast<ShapedType>(storage);
  if (!encodingType || !storageType)
    return success();
  if (getNumDynamicDims(encodingType) != getNumDynamicDims(storageType))
    return op->emitOpError("encoding and storage types must have the same "
                           "dynamic dimension values; encoding shape ")
           << encoding << " incompatible with storage shape " << storage;
  return success();
}

//===----------------------------------------------------------------------===//
// hal.tensor.import
//===----------------------------------------------------------------------===//

LogicalResult TensorImportOp::verify() {
  if (getTargetDims().size() != getNumDynamicDims(getTarget().getType()))
    return emitOpError("number of target_dims must match number of dynamic "
                       "dims in target type");
  return verifyEncodingCompatibility(*this, getTargetEncoding(),
                                     getTarget().getType());
}

ValueRange TensorImportOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange TensorImportOp::getResultDynamicDims(unsigned) {
  return getTargetDims();
}

OpFoldResult TensorImportOp::fold(FoldAdaptor) {
  if (getWaitFence() || getConsume() || getByteOffset())
    return {};
  auto exportOp = getSource().getDefiningOp<TensorExportOp>();
  if (!exportOp || exportOp.getSource().getType() != getTarget().getType() ||
      exportOp.getSourceEncoding() != getTargetEncoding())
    return {};
  return exportOp.getSource();
}

namespace {
/// Replaces dynamic import dims with the constants every shape-aware consumer
/// in the same block agrees on.
struct PropagateImportDimsFromConsumers
    : public OpRewritePattern<TensorImportOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorImportOp op,
                                PatternRewriter &rewriter) const override {
    OperandRange dims = op.getTargetDims();
    if (llvm::all_of(dims,
                     [](Value dim) { return matchPattern(dim, m_Constant()); }))
      return failure();

    unsigned numDims = dims.size();
    SmallVector<Attribute> constantAttrs(numDims);
    SmallVector<Value> constantValues(numDims);
    SmallVector<bool> hasNonConstant(numDims, false);
    SmallVector<bool> hasConflict(numDims, false);
    for (OpOperand &use : op.getTarget().getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != op->getBlock())
        return failure();
      auto shapeAware = dyn_cast<ShapeAwareOpInterface>(user);
      if (!shapeAware)
        continue;
      ValueRange userDims =
          shapeAware.getOperandDynamicDims(use.getOperandNumber());
      if (userDims.size() != numDims)
        return failure();
      for (unsigned i = 0; i < numDims; ++i) {
        Attribute attr;
        if (!matchPattern(userDims[i], m_Constant(&attr))) {
          hasNonConstant[i] = true;
        } else if (!constantAttrs[i]) {
          constantAttrs[i] = attr;
          constantValues[i] = userDims[i];
        } else if (constantAttrs[i] != attr) {
          hasConflict[i] = true;
        }
      }
    }

    bool changed = false;
    for (unsigned i = 0; i < numDims; ++i) {
      if (matchPattern(dims[i], m_Constant()) || !constantAttrs[i] ||
          hasNonConstant[i] || hasConflict[i])
        continue;
      Value replacement = constantValues[i];
      Operation *constantOp = replacement.getDefiningOp();
      if (constantOp->getBlock() != op->getBlock() ||
          !constantOp->isBeforeInBlock(op)) {
        rewriter.setInsertionPoint(op);
        replacement =
            rewriter.clone(*constantOp)
                ->getResult(cast<OpResult>(replacement).getResultNumber());
      }
      rewriter.modifyOpInPlace(
          op, [&] { op.getTargetDimsMutable()[i].set(replacement); });
      changed = true;
    }
    return success(changed);
  }
};
} // namespace

void TensorImportOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<PropagateImportDimsFromConsumers>(context);
}

//===----------------------------------------------------------------------===//
// hal.tensor.export
//===----------------------------------------------------------------------===//

LogicalResult TensorExportOp::verify() {
  if (getSourceDims().size() != getNumDynamicDims(getSource().getType()))
    return emitOpError("number of source_dims must match number of dynamic "
                       "dims in source type");
  return verifyEncodingCompatibility(*this, getSourceEncoding(),
                                     getSource().getType());
}

ValueRange TensorExportOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange();
}
ValueRange TensorExportOp::getResultDynamicDims(unsigned) { return {}; }

OpFoldResult TensorExportOp::fold(FoldAdaptor) {
  auto importOp = getSource().getDefiningOp<TensorImportOp>();
  if (!importOp || importOp.getWaitFence() || importOp.getConsume() ||
      importOp.getByteOffset())
    return {};
  if (importOp.getSource().getType() != getTarget().getType() ||
      importOp.getTargetEncoding() != getSourceEncoding())
    return {};
  return importOp.getSource();
}

//===----------------------------------------------------------------------===//
// hal.tensor.alias
//===----------------------------------------------------------------------===//

LogicalResult TensorAliasOp::verify() {
  if (getSourceDims().size() != getNumDynamicDims(getSource().getType()))
    return emitOpError("number of dynamic dims must match the operand type");
  return success();
}

ValueRange TensorAliasOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange();
}
ValueRange TensorAliasOp::getResultDynamicDims(unsigned) {
  return getSourceDims();
}

std::optional<unsigned> TensorAliasOp::getTiedResultOperandIndex(unsigned) {
  return 0u; // source
}
SmallVector<int64_t> TensorAliasOp::getTiedResultOperandIndices() {
  return {0};
}

//===----------------------------------------------------------------------===//
// hal.tensor.transients
//===----------------------------------------------------------------------===//

LogicalResult TensorTransientsOp::verify() {
  if (getSourceDims().size() != getNumDynamicDims(getSource().getType()))
    return emitOpError("number of dynamic dims must match the operand type");
  return success();
}

ValueRange TensorTransientsOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange();
}
ValueRange TensorTransientsOp::getResultDynamicDims(unsigned) {
  return getSourceDims();
}

std::optional<unsigned>
TensorTransientsOp::getTiedResultOperandIndex(unsigned) {
  return 0u; // source
}
SmallVector<int64_t> TensorTransientsOp::getTiedResultOperandIndices() {
  return {0};
}

namespace {
/// transients(transients(x, s0), s1) -> transients(x, s1).
struct FoldNestedTransients : public OpRewritePattern<TensorTransientsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorTransientsOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSource().getDefiningOp<TensorTransientsOp>();
    if (!inner)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getSourceMutable().assign(inner.getSource());
      op.getSourceDimsMutable().assign(inner.getSourceDims());
    });
    return success();
  }
};
} // namespace

void TensorTransientsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results.add<FoldNestedTransients>(context);
}

//===----------------------------------------------------------------------===//
// hal.tensor.barrier
//===----------------------------------------------------------------------===//

std::optional<unsigned>
TensorBarrierOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return resultIndex; // sources[i]
}
SmallVector<int64_t> TensorBarrierOp::getTiedResultOperandIndices() {
  return llvm::to_vector(llvm::seq<int64_t>(0, getNumResults()));
}

namespace {
/// Joins each distinct source once (first-occurrence order).
struct DeduplicateBarrierSources : public OpRewritePattern<TensorBarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TensorBarrierOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> uniqueSources;
    SmallVector<Type> uniqueTypes;
    llvm::SmallDenseMap<Value, unsigned> sourceIndex;
    SmallVector<unsigned> resultMap;
    for (Value source : op.getSources()) {
      auto [it, inserted] =
          sourceIndex.try_emplace(source, uniqueSources.size());
      if (inserted) {
        uniqueSources.push_back(source);
        uniqueTypes.push_back(source.getType());
      }
      resultMap.push_back(it->second);
    }
    if (uniqueSources.size() == op.getSources().size())
      return failure();
    auto newOp = TensorBarrierOp::create(rewriter, op.getLoc(), uniqueTypes,
                                         uniqueSources, op.getSignalFence());
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    SmallVector<Value> replacements;
    for (unsigned index : resultMap)
      replacements.push_back(newOp.getResult(index));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};
} // namespace

void TensorBarrierOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<DeduplicateBarrierSources>(context);
}
