//===- ConvertToStream.cpp - --iree-stream-conversion ---------------------===//
//
// stream-passes-1.md §3.1-§3.3: solves the affinity analysis on the input,
// then converts every tensor outside executables into a (resource, size) pair
// with the FlowToStream, StandardToStream, UtilToStream and HALToStream
// patterns and wraps unknown ops that use tensors.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/FlowToStream/Patterns.h"
#include "sluice/Dialect/Stream/Conversion/HALToStream/Patterns.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/Conversion/StandardToStream/Patterns.h"
#include "sluice/Dialect/Stream/Conversion/UtilToStream/Patterns.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

namespace sluice::stream {
#define GEN_PASS_DEF_CONVERTTOSTREAMPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

void populateTypeConversions(TypeConverter &typeConverter) {
  // Rules are tried last-added first.
  typeConverter.addConversion([](Type type) { return type; });
  util::populateUtilTypeConversions(typeConverter);
  typeConverter.addConversion(
      [](TensorType type, SmallVectorImpl<Type> &types) -> LogicalResult {
        types.push_back(getUnknownResourceType(type.getContext()));
        types.push_back(IndexType::get(type.getContext()));
        return success();
      });
  // A converted (resource, size) pair needed as a tensor.
  typeConverter.addTargetMaterialization([](OpBuilder &builder, TensorType type,
                                            ValueRange inputs,
                                            Location loc) -> Value {
    if (inputs.size() != 2 || !isa<ResourceType>(inputs[0].getType()))
      return Value();
    Value resource = AsyncTransferOp::create(builder, loc, inputs[0].getType(),
                                             inputs[0], inputs[1], inputs[1],
                                             AffinityAttr(), AffinityAttr());
    return UnrealizedConversionCastOp::create(builder, loc, type, resource)
        .getResult(0);
  });
}

void populateLegality(MLIRContext *context, ConversionTarget &target) {
  target.addLegalDialect<StreamDialect>();
  target.addLegalOp<ExecutableOp>();
  target.markOpRecursivelyLegal<ExecutableOp>();
  target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
  target.addIllegalDialect<tensor::TensorDialect>();
  target.addIllegalOp<tensor::DimOp, tensor::RankOp>();
  // By name: the memref dialect need not be loaded.
  target.addIllegalOp(OperationName("memref.dim", context));
  target.addIllegalOp(OperationName("memref.rank", context));
  target.markUnknownOpDynamicallyLegal(
      [](Operation *op) { return !needsTensorWrapping(op); });
}

/// MLIR's conversion driver only visits blocks reachable from their region's
/// entry, so ops in unreachable blocks would keep their tensors. Such blocks
/// are dead: they are erased from every function before anything else.
void eraseUnreachableBlocks(ModuleOp moduleOp) {
  IRRewriter rewriter(moduleOp.getContext());
  for (auto funcOp : moduleOp.getOps<FunctionOpInterface>())
    (void)mlir::eraseUnreachableBlocks(rewriter, funcOp->getRegions());
}

struct ConvertToStreamPass
    : impl::ConvertToStreamPassBase<ConvertToStreamPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    MLIRContext *context = &getContext();
    eraseUnreachableBlocks(moduleOp);

    AffinityAnalysis analysis(moduleOp);
    if (failed(analysis.run())) {
      // The missing space after "use" is the reference's text.
      moduleOp.emitError()
          << "affinity analysis failed to converge (input program may have "
             "invalid affinities assigned); use"
             "`--iree-stream-annotate-input-affinities` to help identify the "
             "invalid affinities";
      return signalPassFailure();
    }

    TypeConverter typeConverter;
    populateTypeConversions(typeConverter);
    ConversionTarget target(*context);
    populateLegality(context, target);
    RewritePatternSet patterns(context);
    populateUtilToStreamConversionPatterns(context, target, typeConverter,
                                           &analysis, moduleOp, patterns);
    populateStandardToStreamConversionPatterns(context, target, typeConverter,
                                               &analysis, patterns);
    populateFlowToStreamConversionPatterns(context, target, typeConverter,
                                           &analysis, patterns);
    populateHALToStreamConversionPatterns(context, target, typeConverter,
                                          &analysis, patterns);
    populateTensorWrappingPatterns(context, target, typeConverter, &analysis,
                                   patterns);
    if (failed(applyPartialConversion(moduleOp, target, std::move(patterns))))
      return signalPassFailure();

    // Placement now lives on the stream ops.
    for (Operation &op : moduleOp.getOps())
      op.removeAttr("stream.affinity");
  }
};

} // namespace
} // namespace sluice::stream
