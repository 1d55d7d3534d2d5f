//===- TensorWrapping.cpp - generic wrapping of unknown ops ---------------===//
//
// stream-passes-1.md §3.7: an op the conversion does not know keeps its
// tensors; they are exported from resources before it and imported into
// resources after it.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace sluice::stream {

bool needsTensorWrapping(Operation *op) {
  for (Value operand : op->getOperands())
    if (isa<TensorType>(operand.getType()) &&
        !operand.getDefiningOp<TensorExportOp>())
      return true;
  for (Value result : op->getResults())
    if (isa<TensorType>(result.getType()) &&
        !llvm::all_of(result.getUsers(), llvm::IsaPred<TensorImportOp>))
      return true;
  return false;
}

namespace {

struct WrapTensorOp : ConversionPattern {
  WrapTensorOp(const TypeConverter &typeConverter, MLIRContext *context,
               const ConversionTarget &target, AffinityAnalysis *analysis)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(),
                          /*benefit=*/0, context),
        target(target), analysis(analysis) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!needsTensorWrapping(op))
      return rewriter.notifyMatchFailure(op, "op does not need wrapping");
    if (!isa<util::ShapeAwareOpInterface, util::SizeAwareOpInterface>(op) &&
        llvm::any_of(op->getResultTypes(), [](Type type) {
          auto tensorType = dyn_cast<TensorType>(type);
          return tensorType && !tensorType.hasStaticShape();
        }))
      return rewriter.notifyMatchFailure(
          op, "dynamic tensor import for non-shape, non-size aware operation "
              "not supported");

    for (auto [original, converted] :
         llvm::zip_equal(op->getOperands(), operands))
      if (converted.size() != (isa<TensorType>(original.getType()) ? 2 : 1))
        return rewriter.notifyMatchFailure(op, "unexpected operand conversion");

    Location loc = op->getLoc();
    MLIRContext *context = op->getContext();
    Type externalType = getResourceType(context, Lifetime::External);
    AffinityAttr executionAffinity = analysis->inferExecutionAffinity(op);

    // Operands: export each tensor from its resource right before the op.
    SmallVector<Value> newOperands;
    for (auto [original, converted] :
         llvm::zip_equal(op->getOperands(), operands)) {
      auto tensorType = dyn_cast<TensorType>(original.getType());
      if (!tensorType) {
        newOperands.push_back(converted.front());
        continue;
      }
      AffinityAttr affinity = analysis->lookupResourceAffinity(original);
      if (!affinity)
        affinity = executionAffinity;
      SmallVector<Value> dims =
          util::buildDynamicDimsForValue(loc, original, rewriter);
      ConvertedTensor tensor = transferTensor(loc, original, converted,
                                              affinity, analysis, rewriter);
      Value resource = tensor.resource;
      if (resource.getType() != externalType)
        resource = buildLifetimeTransfer(loc, resource, tensor.resourceSize,
                                         externalType, affinity, rewriter);
      newOperands.push_back(TensorExportOp::create(
          rewriter, loc, tensorType, resource, tensorType, dims,
          tensor.resourceSize, affinity));
    }
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(newOperands); });

    // Results: import each tensor into a resource right after the op.
    rewriter.setInsertionPointAfter(op);
    SmallVector<std::pair<Value, Value>> redirected;
    for (Value result : op->getResults()) {
      auto tensorType = dyn_cast<TensorType>(result.getType());
      if (!tensorType)
        continue;
      AffinityAttr affinity = analysis->lookupResourceAffinity(result);
      if (!affinity)
        affinity = executionAffinity;
      SmallVector<Value> dims =
          util::buildDynamicDimsForValue(loc, result, rewriter);
      Value size = buildTensorSizeOf(loc, tensorType, dims, affinity, rewriter);
      auto importOp = TensorImportOp::create(rewriter, loc, externalType,
                                             result, tensorType, dims, size,
                                             /*consume=*/true, affinity);
      Value resource = buildLifetimeTransfer(loc, importOp.getResult(), size,
                                             getUnknownResourceType(context),
                                             affinity, rewriter);
      Value cast = UnrealizedConversionCastOp::create(
                       rewriter, loc, tensorType, ValueRange{resource, size})
                       .getResult(0);
      // Directly on the IR, as the reference does: the conversion then feeds
      // the (resource, size) pair behind the cast to converted users.
      result.replaceUsesWithIf(cast, [&](OpOperand &use) {
        return use.getOwner() != importOp.getOperation();
      });
      redirected.emplace_back(result, cast);
    }

    // The redirect is invisible to the rollback, so it is undone here when
    // wrapping did not make the op legal (an op with a legality rule of its
    // own, such as a flow op whose pattern failed): the driver then erases
    // the ops created above, which must have no uses left.
    if (!target.isLegal(op)) {
      for (auto [result, cast] : redirected)
        cast.replaceAllUsesWith(result);
      return rewriter.notifyMatchFailure(op, "still illegal once wrapped");
    }
    return success();
  }

  const ConversionTarget &target;
  AffinityAnalysis *analysis;
};

} // namespace

void populateTensorWrappingPatterns(MLIRContext *context,
                                    const ConversionTarget &conversionTarget,
                                    TypeConverter &typeConverter,
                                    AffinityAnalysis *analysis,
                                    RewritePatternSet &patterns) {
  patterns.add<WrapTensorOp>(typeConverter, context, conversionTarget,
                             analysis);
}

} // namespace sluice::stream
