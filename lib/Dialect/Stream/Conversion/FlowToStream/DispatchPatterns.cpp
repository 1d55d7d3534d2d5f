//===- DispatchPatterns.cpp - flow dispatch, call, executable, channels ---===//
//
// stream-passes-1.md §3.4: flow.dispatch, flow.func/call, flow.executable
// and the ops inside it, flow.return, channels and collectives.
//
//===----------------------------------------------------------------------===//

#include "FlowToStreamPatterns.h"

#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace sluice::stream {
namespace {

constexpr StringLiteral kAffinityAttrName = "stream.affinity";

/// Arguments of a dispatch or call: tensors transferred to the execution
/// affinity, other values converted. `sizes[j]` is null for non-tensors.
struct CallArguments {
  SmallVector<Value> values;
  SmallVector<Value> sizes;
};

CallArguments transferCallArguments(Location loc, ValueRange originals,
                                    ArrayRef<ValueRange> converted,
                                    AffinityAttr executionAffinity,
                                    AffinityAnalysis *analysis,
                                    ConversionPatternRewriter &rewriter) {
  CallArguments arguments;
  for (auto [original, values] : llvm::zip_equal(originals, converted)) {
    if (isa<ShapedType>(original.getType())) {
      ConvertedTensor tensor = transferTensor(
          loc, original, values, executionAffinity, analysis, rewriter);
      arguments.values.push_back(tensor.resource);
      arguments.sizes.push_back(tensor.resourceSize);
    } else {
      arguments.values.push_back(values.front());
      arguments.sizes.push_back({});
    }
  }
  return arguments;
}

int64_t getTiedArgument(ArrayAttr tiedOperands, unsigned resultIndex) {
  if (!tiedOperands)
    return -1;
  return cast<IntegerAttr>(tiedOperands[resultIndex]).getInt();
}

/// Results of a dispatch or call: a converted type and, for resources, a
/// size. Tied results take their argument's resource type and size; untied
/// tensors are sized from their dims on the execution affinity.
struct ConvertedResults {
  SmallVector<Type> types;
  SmallVector<Value> sizes;
  /// Per original result: the size of its resource, or null.
  SmallVector<Value> sizePerResult;
};

FailureOr<ConvertedResults> convertCallResults(
    Operation *op, ValueRange originalResults, ArrayAttr tiedOperands,
    const CallArguments &arguments, AffinityAttr executionAffinity,
    const TypeConverter &typeConverter, ConversionPatternRewriter &rewriter) {
  ConvertedResults results;
  for (auto [i, result] : llvm::enumerate(originalResults)) {
    if (!isa<ShapedType>(result.getType())) {
      Type type = typeConverter.convertType(result.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "unconvertible result type");
      results.types.push_back(type);
      results.sizePerResult.push_back({});
      continue;
    }
    int64_t tied = getTiedArgument(tiedOperands, i);
    if (tied >= static_cast<int64_t>(arguments.sizes.size()) ||
        (tied >= 0 && !arguments.sizes[tied]))
      return rewriter.notifyMatchFailure(
          op, "tensor result tied to a missing or non-tensor argument");
    if (tied >= 0) {
      results.types.push_back(arguments.values[tied].getType());
      results.sizes.push_back(arguments.sizes[tied]);
      results.sizePerResult.push_back(arguments.sizes[tied]);
      continue;
    }
    SmallVector<Value> dims =
        util::buildDynamicDimsForValue(op->getLoc(), result, rewriter);
    Value size = buildTensorSizeOf(op->getLoc(), result.getType(), dims,
                                   executionAffinity, rewriter);
    results.types.push_back(getUnknownResourceType(op->getContext()));
    results.sizes.push_back(size);
    results.sizePerResult.push_back(size);
  }
  return results;
}

/// Replaces `op` with `newResults`: a (resource, size) pair for every result
/// with a size, the single value otherwise.
void replaceWithResults(Operation *op, ValueRange newResults,
                        ArrayRef<Value> sizePerResult,
                        ConversionPatternRewriter &rewriter) {
  SmallVector<SmallVector<Value>> replacements;
  for (auto [result, size] : llvm::zip_equal(newResults, sizePerResult)) {
    if (size)
      replacements.push_back({result, size});
    else
      replacements.push_back({result});
  }
  rewriter.replaceOpWithMultiple(op, replacements);
}

//===----------------------------------------------------------------------===//
// flow.dispatch
//===----------------------------------------------------------------------===//

struct ConvertDispatchOp : AffinityOpConversionPattern<flow::DispatchOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::DispatchOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    MLIRContext *context = op.getContext();
    Type unusedType = util::UnusedType::get(context);
    CallArguments arguments = transferCallArguments(
        op.getLoc(), op.getArguments(), adaptor.getArguments(),
        executionAffinity, analysis, rewriter);
    SmallVector<Value> operandSizes;
    SmallVector<Attribute> operandEncodings;
    for (auto [original, size] :
         llvm::zip_equal(op.getArguments(), arguments.sizes)) {
      operandEncodings.push_back(
          TypeAttr::get(size ? original.getType() : unusedType));
      if (size)
        operandSizes.push_back(size);
    }

    ArrayAttr tiedOperands = op.getTiedOperandsAttr();
    FailureOr<ConvertedResults> results =
        convertCallResults(op, op.getResults(), tiedOperands, arguments,
                           executionAffinity, *getTypeConverter(), rewriter);
    if (failed(results))
      return failure();
    SmallVector<Attribute> resultEncodings;
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      if (!isa<ShapedType>(result.getType())) {
        resultEncodings.push_back(TypeAttr::get(unusedType));
        continue;
      }
      int64_t tied = getTiedArgument(tiedOperands, i);
      resultEncodings.push_back(tied >= 0 ? operandEncodings[tied]
                                          : TypeAttr::get(result.getType()));
    }

    auto newOp = TensorDispatchOp::create(
        rewriter, op.getLoc(), results->types,
        flattenValues(adaptor.getWorkload()), op.getEntryPoints(),
        arguments.values, operandSizes, rewriter.getArrayAttr(operandEncodings),
        flattenValues(adaptor.getArgumentDims()),
        rewriter.getArrayAttr(resultEncodings), results->sizes,
        flattenValues(adaptor.getResultDims()), tiedOperands,
        executionAffinity);
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (attr.getName() != kAffinityAttrName)
        newOp->setAttr(attr.getName(), attr.getValue());
    replaceWithResults(op, newOp.getResults(), results->sizePerResult,
                       rewriter);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// flow.func, flow.call
//===----------------------------------------------------------------------===//

struct ConvertFuncOp : OpConversionPattern<flow::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(flow::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto convertTypes = [&](ArrayRef<Type> types,
                            SmallVectorImpl<Type> &newTypes) -> LogicalResult {
      for (Type type : types) {
        if (isa<TensorType>(type)) {
          newTypes.push_back(getUnknownResourceType(op.getContext()));
          continue;
        }
        Type newType = getTypeConverter()->convertType(type);
        if (!newType)
          return failure();
        newTypes.push_back(newType);
      }
      return success();
    };
    SmallVector<Type> inputs, results;
    if (failed(convertTypes(op.getArgumentTypes(), inputs)) ||
        failed(convertTypes(op.getResultTypes(), results)))
      return rewriter.notifyMatchFailure(op, "unconvertible function type");
    auto newOp = AsyncFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                     rewriter.getFunctionType(inputs, results),
                                     op.getTiedOperandsAttr());
    newOp.setSymVisibilityAttr(op.getSymVisibilityAttr());
    if (ArrayAttr argAttrs = op.getArgAttrsAttr())
      newOp.setArgAttrsAttr(argAttrs);
    if (ArrayAttr resAttrs = op.getResAttrsAttr())
      newOp.setResAttrsAttr(resAttrs);
    for (NamedAttribute attr : op->getDiscardableAttrs())
      newOp->setAttr(attr.getName(), attr.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertCallOp : AffinityOpConversionPattern<flow::CallOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::CallOp op, OneToNOpAdaptor adaptor, AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Value zero = arith::ConstantIndexOp::create(rewriter, op.getLoc(), 0);
    CallArguments arguments = transferCallArguments(
        op.getLoc(), op.getArguments(), adaptor.getArguments(),
        executionAffinity, analysis, rewriter);
    // Tensors are passed whole: [0 to size for size].
    SmallVector<Value> sizes, offsets;
    for (Value size : arguments.sizes) {
      if (!size)
        continue;
      sizes.push_back(size);
      offsets.push_back(zero);
    }
    ArrayAttr tiedOperands = op.getTiedOperandsAttr();
    FailureOr<ConvertedResults> results =
        convertCallResults(op, op.getResults(), tiedOperands, arguments,
                           executionAffinity, *getTypeConverter(), rewriter);
    if (failed(results))
      return failure();
    auto newOp = AsyncCallOp::create(
        rewriter, op.getLoc(), results->types, arguments.values, sizes, offsets,
        /*ends=*/sizes, /*lengths=*/sizes, results->sizes, op.getCalleeAttr(),
        tiedOperands, op.getArgAttrsAttr(), op.getResAttrsAttr(),
        executionAffinity);
    // Every discardable attribute, stream.affinity included (reference).
    for (NamedAttribute attr : op->getDiscardableAttrs())
      newOp->setAttr(attr.getName(), attr.getValue());
    replaceWithResults(op, newOp.getResults(), results->sizePerResult,
                       rewriter);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// flow.executable
//===----------------------------------------------------------------------===//

/// Finds, for each dispatch-tensor argument of each public function, where
/// its binding subspan goes. Fails (with the reference diagnostic) before any
/// IR is touched when a dynamically shaped argument has no tie_shape user.
LogicalResult checkDynamicBindings(ModuleOp innerModule) {
  bool failed = false;
  for (auto funcOp : innerModule.getOps<FunctionOpInterface>()) {
    if (!funcOp.isPublic() || funcOp.isExternal())
      continue;
    for (BlockArgument arg : funcOp.getArguments()) {
      auto tensorType =
          dyn_cast<iree_tensor_ext::DispatchTensorType>(arg.getType());
      if (!tensorType || arg.use_empty() || tensorType.hasStaticShape())
        continue;
      if (llvm::none_of(arg.getUsers(),
                        llvm::IsaPred<flow::DispatchTieShapeOp>)) {
        mlir::emitError(arg.getLoc())
            << "dynamic dispatch dimensions not properly captured; the must "
               "be associated with a flow.dispatch.tie_shape op";
        failed = true;
      }
    }
  }
  return failure(failed);
}

/// Rewrites a public dispatch function: dispatch tensors become bindings with
/// a subspan at offset 0, tie_shape ops disappear, results are dropped.
/// Ops are erased and replaced through the rewriter: the conversion driver
/// still holds the executable's nested ops in its worklist.
void convertDispatchFunction(FunctionOpInterface funcOp,
                             ConversionPatternRewriter &rewriter) {
  Block &entryBlock = funcOp.getFunctionBody().front();
  Location loc = funcOp.getLoc();
  rewriter.setInsertionPointToStart(&entryBlock);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Type bindingType = BindingType::get(funcOp.getContext());
  for (BlockArgument arg : entryBlock.getArguments()) {
    auto tensorType =
        dyn_cast<iree_tensor_ext::DispatchTensorType>(arg.getType());
    if (!tensorType)
      continue;
    arg.setType(bindingType);
    if (arg.use_empty())
      continue;
    Value subspan;
    if (tensorType.hasStaticShape()) {
      subspan = BindingSubspanOp::create(rewriter, arg.getLoc(), tensorType,
                                         arg, zero, ValueRange{});
    } else {
      auto users = arg.getUsers();
      auto tieShapeIt =
          llvm::find_if(users, llvm::IsaPred<flow::DispatchTieShapeOp>);
      assert(tieShapeIt != users.end() && "checked by checkDynamicBindings");
      auto tieShapeOp = cast<flow::DispatchTieShapeOp>(*tieShapeIt);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(tieShapeOp);
      subspan =
          BindingSubspanOp::create(rewriter, arg.getLoc(), tensorType, arg,
                                   zero, tieShapeOp.getDynamicDims());
    }
    arg.replaceAllUsesExcept(subspan, subspan.getDefiningOp());
  }
  funcOp.walk([&](flow::DispatchTieShapeOp tieShapeOp) {
    rewriter.replaceOp(tieShapeOp, tieShapeOp.getOperand());
  });
  funcOp.setType(FunctionType::get(funcOp.getContext(),
                                   entryBlock.getArgumentTypes(), {}));
}

/// Replaces flow.dispatch.workgroup.{id,count,size} under `root`.
void convertWorkgroupInfoOps(Operation *root,
                             ConversionPatternRewriter &rewriter) {
  root->walk([&](Operation *op) {
    auto dimension = [](auto dimOp) {
      return static_cast<unsigned>(dimOp.getDimension().getZExtValue());
    };
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    if (auto idOp = dyn_cast<flow::DispatchWorkgroupIDOp>(op))
      rewriter.replaceOpWithNewOp<DispatchWorkgroupIDOp>(op, dimension(idOp));
    else if (auto countOp = dyn_cast<flow::DispatchWorkgroupCountOp>(op))
      rewriter.replaceOpWithNewOp<DispatchWorkgroupCountOp>(op,
                                                            dimension(countOp));
    else if (auto sizeOp = dyn_cast<flow::DispatchWorkgroupSizeOp>(op))
      rewriter.replaceOpWithNewOp<DispatchWorkgroupSizeOp>(op,
                                                           dimension(sizeOp));
  });
}

struct ConvertExecutableOp : OpConversionPattern<flow::ExecutableOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(flow::ExecutableOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ModuleOp flowModule = op.getInnerModule();
    if (flowModule && failed(checkDynamicBindings(flowModule)))
      return rewriter.notifyMatchFailure(op,
                                         "failed to query dynamic dimensions");

    auto streamOp =
        ExecutableOp::create(rewriter, op.getLoc(), op.getSymName());
    streamOp.setSymVisibilityAttr(op.getSymVisibilityAttr());
    for (NamedAttribute attr : op->getDiscardableAttrs())
      streamOp->setAttr(attr.getName(), attr.getValue());

    // The body is edited directly: the new executable is legal as a whole.
    OpBuilder builder = OpBuilder::atBlockBegin(&streamOp.getBody().front());
    for (auto exportOp : op.getBlock().getOps<flow::ExecutableExportOp>()) {
      auto newExport = ExecutableExportOp::create(
          builder, exportOp.getLoc(), exportOp.getSymName(),
          exportOp.getFunctionRefAttr());
      newExport.setSymVisibilityAttr(exportOp.getSymVisibilityAttr());
      for (NamedAttribute attr : exportOp->getDiscardableAttrs())
        newExport->setAttr(attr.getName(), attr.getValue());
      if (exportOp.getWorkgroupCount().empty())
        continue;
      IRMapping mapping;
      exportOp.getWorkgroupCount().cloneInto(&newExport.getWorkgroupCount(),
                                             mapping);
      newExport.getWorkgroupCount().walk([](flow::ReturnOp returnOp) {
        OpBuilder returnBuilder(returnOp);
        ReturnOp::create(returnBuilder, returnOp.getLoc(),
                         returnOp.getOperands());
        returnOp.erase();
      });
    }

    if (flowModule) {
      auto streamModule =
          cast<ModuleOp>(builder.cloneWithoutRegions(*flowModule));
      streamModule.getBodyRegion().takeBody(flowModule.getBodyRegion());
      for (auto funcOp : streamModule.getOps<FunctionOpInterface>())
        if (funcOp.isPublic() && !funcOp.isExternal())
          convertDispatchFunction(funcOp, rewriter);
      convertWorkgroupInfoOps(streamModule, rewriter);
    }

    rewriter.eraseOp(op);
    return success();
  }
};

/// flow.dispatch.workgroup.{id,count,size} outside of executables.
template <typename FlowOpT, typename StreamOpT>
struct ConvertWorkgroupInfoOp : OpConversionPattern<FlowOpT> {
  using OpConversionPattern<FlowOpT>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<FlowOpT>::OpAdaptor;
  LogicalResult
  matchAndRewrite(FlowOpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<StreamOpT>(
        op, static_cast<unsigned>(op.getDimension().getZExtValue()));
    return success();
  }
};

struct ConvertReturnOp : OpConversionPattern<flow::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(flow::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

struct ConvertChannelDefaultOp
    : AffinityOpConversionPattern<flow::ChannelDefaultOp> {
  using AffinityOpConversionPattern::AffinityOpConversionPattern;
  LogicalResult matchAndRewriteOnAffinity(
      flow::ChannelDefaultOp op, OneToNOpAdaptor adaptor,
      AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ChannelCreateOp>(
        op, ChannelType::get(op.getContext()), /*id=*/Value(),
        op.getGroupAttr(), /*rank=*/Value(), /*count=*/Value(),
        executionAffinity);
    return success();
  }
};

struct ConvertChannelSplitOp : OpConversionPattern<flow::ChannelSplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(flow::ChannelSplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<ChannelSplitOp>(
        op, ChannelType::get(op.getContext()), adaptor.getChannel(),
        adaptor.getColor(), adaptor.getKey());
    return success();
  }
};

template <typename FlowOpT, typename StreamOpT>
struct ConvertChannelQueryOp : OpConversionPattern<FlowOpT> {
  using OpConversionPattern<FlowOpT>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<FlowOpT>::OpAdaptor;
  LogicalResult
  matchAndRewrite(FlowOpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<StreamOpT>(op, rewriter.getIndexType(),
                                           adaptor.getChannel());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

template <typename OpT>
std::optional<CollectiveReductionOp> getReduction(OpT op) {
  if constexpr (std::is_same_v<OpT, flow::CollectiveAllReduceOp> ||
                std::is_same_v<OpT, flow::CollectiveReduceScatterOp>)
    return static_cast<CollectiveReductionOp>(op.getReductionOp());
  else
    return std::nullopt;
}

template <typename OpT, CollectiveKind kind>
struct ConvertCollectiveOp : AffinityOpConversionPattern<OpT> {
  using AffinityOpConversionPattern<OpT>::AffinityOpConversionPattern;
  using OneToNOpAdaptor =
      typename AffinityOpConversionPattern<OpT>::OneToNOpAdaptor;
  LogicalResult matchAndRewriteOnAffinity(
      OpT op, OneToNOpAdaptor adaptor, AffinityAttr executionAffinity,
      ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    if (!resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(
          op, "collective element count needs a static result shape");
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value elementCount = arith::ConstantIndexOp::create(
        rewriter, loc, resultType.getNumElements());
    ConvertedTensor target =
        transferTensor(loc, op.getTarget(), adaptor.getTarget(),
                       executionAffinity, this->analysis, rewriter);
    ConvertedTensor source =
        transferTensor(loc, op.getSource(), adaptor.getSource(),
                       executionAffinity, this->analysis, rewriter);

    Value param;
    if constexpr (kind == CollectiveKind::SendRecv) {
      // (recv << 16) | (send & 0xFFFF) as i32.
      Type i32 = rewriter.getI32Type();
      Value send = arith::IndexCastOp::create(rewriter, loc, i32,
                                              adaptor.getSend().front());
      Value mask = arith::ConstantIntOp::create(rewriter, loc, i32, 0xFFFF);
      Value low = arith::AndIOp::create(rewriter, loc, send, mask);
      Value recv = arith::IndexCastOp::create(rewriter, loc, i32,
                                              adaptor.getRecv().front());
      Value shift = arith::ConstantIntOp::create(rewriter, loc, i32, 16);
      Value high = arith::ShLIOp::create(rewriter, loc, recv, shift);
      param = arith::OrIOp::create(rewriter, loc, high, low);
    }

    auto collectiveAttr = CollectiveAttr::get(
        op.getContext(), kind, getReduction(op),
        static_cast<CollectiveElementType>(op.getElementType()));
    Value result = AsyncCollectiveOp::create(
        rewriter, loc, target.getResourceType(), collectiveAttr,
        target.resource, target.resourceSize, zero, target.resourceSize,
        target.resourceSize, source.resource, source.resourceSize, zero,
        source.resourceSize, source.resourceSize, elementCount,
        adaptor.getChannel().front(), param, executionAffinity);
    rewriter.replaceOpWithMultiple(op, {{result, target.resourceSize}});
    return success();
  }
};

} // namespace

void populateFlowDispatchToStreamPatterns(MLIRContext *context,
                                          TypeConverter &typeConverter,
                                          AffinityAnalysis *analysis,
                                          RewritePatternSet &patterns) {
  patterns.add<
      ConvertDispatchOp, ConvertCallOp, ConvertChannelDefaultOp,
      ConvertCollectiveOp<flow::CollectiveAllGatherOp,
                          CollectiveKind::AllGather>,
      ConvertCollectiveOp<flow::CollectiveAllReduceOp,
                          CollectiveKind::AllReduce>,
      ConvertCollectiveOp<flow::CollectiveAllToAllOp, CollectiveKind::AllToAll>,
      ConvertCollectiveOp<flow::CollectiveReduceScatterOp,
                          CollectiveKind::ReduceScatter>,
      ConvertCollectiveOp<flow::CollectiveSendRecvOp,
                          CollectiveKind::SendRecv>>(typeConverter, context,
                                                     analysis);
  patterns.add<ConvertFuncOp, ConvertExecutableOp, ConvertReturnOp,
               ConvertChannelSplitOp,
               ConvertChannelQueryOp<flow::ChannelRankOp, ChannelRankOp>,
               ConvertChannelQueryOp<flow::ChannelCountOp, ChannelCountOp>,
               ConvertWorkgroupInfoOp<flow::DispatchWorkgroupIDOp,
                                      DispatchWorkgroupIDOp>,
               ConvertWorkgroupInfoOp<flow::DispatchWorkgroupCountOp,
                                      DispatchWorkgroupCountOp>,
               ConvertWorkgroupInfoOp<flow::DispatchWorkgroupSizeOp,
                                      DispatchWorkgroupSizeOp>>(typeConverter,
                                                                context);
}

} // namespace sluice::stream
