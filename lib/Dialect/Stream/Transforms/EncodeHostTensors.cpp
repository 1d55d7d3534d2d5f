//===- EncodeHostTensors.cpp - --iree-stream-encode-host-tensors ----------===//
//
// Lowers the host-side tensor ops (`stream.tensor.*`) to the async resource
// ops (`stream.async.*`), turning element shapes into byte sizes and byte
// offsets (stream-passes-1.md §7.2, encoding.md §8.2). Serialized encodings
// size their own storage; unserialized ones make the patterns decline.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <mutex>

namespace sluice::stream {
#define GEN_PASS_DEF_ENCODEHOSTTENSORSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
namespace enc = sluice::iree_encoding;

namespace {

//===----------------------------------------------------------------------===//
// Shared state and checks
//===----------------------------------------------------------------------===//

/// Ops that already received an error, so that a pattern retried by the
/// greedy driver does not report twice; any entry fails the pass.
struct ErrorLog {
  std::mutex mutex;
  llvm::DenseSet<Operation *> reported;

  /// Emits `message` as an op error on `op` once. Returns failure.
  LogicalResult report(Operation *op,
                       llvm::function_ref<void(InFlightDiagnostic &)> message) {
    std::lock_guard<std::mutex> lock(mutex);
    if (reported.insert(op).second) {
      InFlightDiagnostic diag = op->emitOpError();
      message(diag);
    }
    return failure();
  }
};

/// Fails to match when `type` carries a recognized but unserialized encoding.
LogicalResult checkSerialized(PatternRewriter &rewriter, Operation *op,
                              Type type) {
  enc::SerializableAttr attr = enc::getSerializableAttr(type);
  if (attr && !attr.isSerialized())
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "unsupported (unserialized) tensor encoding: " << type;
    });
  return success();
}

LogicalResult checkSerialized(PatternRewriter &rewriter, Operation *op,
                              ArrayRef<Type> types) {
  for (Type type : types)
    if (failed(checkSerialized(rewriter, op, type)))
      return failure();
  return success();
}

/// encoding.md §8.2 item 3: dense offsets are wrong for padded or tiled
/// layouts, so ops indexing such a tensor are left alone.
LogicalResult checkOffsetLayout(PatternRewriter &rewriter, Operation *op,
                                Type type) {
  enc::SerializableAttr attr = enc::getSerializableAttr(type);
  if (attr && attr.isSerialized() && !isa<enc::PackedStorageAttr>(attr) &&
      !attr.isIdentityLayout())
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "unsupported tensor encoding for offset computation: " << type;
    });
  return success();
}

/// The checks every pattern starts with: `encoding` (the tensor the op
/// sizes or indexes) must be a ranked tensor, every encoding in `reads` must
/// be serialized, and when `indexed` the offsets into `encoding` must be
/// computable.
FailureOr<RankedTensorType> matchTensor(PatternRewriter &rewriter,
                                        Operation *op, Type encoding,
                                        ArrayRef<Type> reads,
                                        bool indexed = false) {
  auto type = dyn_cast<RankedTensorType>(encoding);
  if (!type)
    return rewriter.notifyMatchFailure(op, "encoding is not a ranked tensor");
  if (failed(checkSerialized(rewriter, op, reads)) ||
      (indexed && failed(checkOffsetLayout(rewriter, op, type))))
    return failure();
  return type;
}

Value indexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

/// `byteSize(T, dims)`; null (after reporting the byte-count error) when no
/// value exists.
Value byteSizeOrReport(PatternRewriter &rewriter, Operation *op,
                       RankedTensorType type, ValueRange dims,
                       ErrorLog &errors) {
  Value size = enc::calculateStorageElementCountInBytes(op->getLoc(), type,
                                                        dims, rewriter);
  if (!size)
    (void)errors.report(op, [&](InFlightDiagnostic &diag) {
      diag << "failed to calculate total byte count: " << type
           << " does not have integral number of total bytes";
    });
  return size;
}

/// `elementOffset(T, dims, indices)`: the row-major linear element index.
Value elementOffset(OpBuilder &builder, Location loc, RankedTensorType type,
                    ValueRange dims, ValueRange indices) {
  SmallVector<Value> sizes;
  unsigned dynamicIndex = 0;
  for (int64_t i = 0; i < type.getRank(); ++i)
    sizes.push_back(type.isDynamicDim(i) ? dims[dynamicIndex++] : Value());
  Value offset = indexConstant(builder, loc, 0);
  for (auto [i, index] : llvm::enumerate(indices)) {
    Value axis = index;
    for (int64_t j = i + 1; j < type.getRank(); ++j) {
      Value dim =
          sizes[j] ? sizes[j] : indexConstant(builder, loc, type.getDimSize(j));
      axis = builder.createOrFold<arith::MulIOp>(loc, axis, dim);
    }
    offset = builder.createOrFold<arith::AddIOp>(loc, offset, axis);
  }
  return offset;
}

/// `byteOffset(T, dims, indices)`.
Value byteOffset(OpBuilder &builder, Location loc, RankedTensorType type,
                 ValueRange dims, ValueRange indices) {
  return enc::calculateStorageElementOffsetInBytes(
      loc, type, elementOffset(builder, loc, type, dims, indices), builder);
}

/// `fillPattern(v, T)`: the fill value canonicalized to an i8/i16/i32/i64
/// pattern; null when the bit width needs a new builtin.
Value fillPattern(OpBuilder &builder, Location loc, Value value,
                  RankedTensorType targetType) {
  Type type = value.getType();
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    unsigned bits = util::getTypeBitWidth(complexType.getElementType());
    if (bits <= 32)
      return complex::BitcastOp::create(
          builder, loc, builder.getIntegerType(2 * bits), value);
  }
  if (auto floatType = dyn_cast<FloatType>(type))
    value = builder.createOrFold<arith::BitcastOp>(
        loc, builder.getIntegerType(floatType.getWidth()), value);
  unsigned bits = util::getTypeBitWidth(value.getType());
  if (enc::needToPackSubByteElements(targetType) && bits != 0 && bits < 8) {
    Type i8 = builder.getI8Type();
    Value shift = arith::ConstantOp::create(builder, loc,
                                            builder.getIntegerAttr(i8, bits));
    Value element = builder.createOrFold<arith::ExtUIOp>(loc, i8, value);
    Value packed = element;
    for (unsigned i = 1; i < 8 / bits; ++i) {
      Value shifted = builder.createOrFold<arith::ShLIOp>(loc, packed, shift);
      packed = builder.createOrFold<arith::OrIOp>(loc, shifted, element);
    }
    return packed;
  }
  if (bits == 1)
    return builder.createOrFold<arith::ExtUIOp>(loc, builder.getI8Type(),
                                                value);
  if (bits % 8 != 0)
    return {};
  return value;
}

LogicalResult reportPatternType(Operation *op, Type type, ErrorLog &errors) {
  return errors.report(op, [&](InFlightDiagnostic &diag) {
    diag << "has unsupported pattern type " << type
         << " with too large/non-byte-aligned bit width; a new builtin is "
            "required";
  });
}

template <typename OpT> struct HostPattern : public OpRewritePattern<OpT> {
  HostPattern(MLIRContext *context, ErrorLog &errors)
      : OpRewritePattern<OpT>(context), errors(errors) {}
  ErrorLog &errors;
};

//===----------------------------------------------------------------------===//
// Patterns (stream-passes-1.md §7.2 table)
//===----------------------------------------------------------------------===//

struct EncodeSizeOf : public HostPattern<TensorSizeOfOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorSizeOfOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        matchTensor(rewriter, op, op.getEncoding(), {op.getEncoding()});
    if (failed(type))
      return failure();
    Value size =
        byteSizeOrReport(rewriter, op, *type, op.getEncodingDims(), errors);
    if (!size)
      return failure();
    rewriter.replaceOp(op, size);
    return success();
  }
};

struct EncodeEmpty : public HostPattern<TensorEmptyOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorEmptyOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkSerialized(rewriter, op, op.getResultEncoding())))
      return failure();
    rewriter.replaceOpWithNewOp<AsyncAllocaOp>(
        op, op.getResult().getType(), op.getResultSize(), op.getAffinityAttr());
    return success();
  }
};

/// Zero-extends every element of a dense integer constant to `elementType`.
Attribute widenIntegerConstant(Attribute value, Type elementType) {
  auto dense = dyn_cast<DenseIntElementsAttr>(value);
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!dense || !intType)
    return value;
  auto type = RankedTensorType::get(dense.getType().getShape(), intType);
  return dense
      .mapValues(intType,
                 [&](const APInt &element) {
                   return element.zext(intType.getWidth());
                 })
      .reshape(type);
}

struct EncodeConstant : public HostPattern<TensorConstantOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorConstantOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type = matchTensor(
        rewriter, op, op.getResultEncoding(), {op.getResultEncoding()});
    if (failed(type))
      return failure();
    RankedTensorType alignedType = enc::alignTensorType(*type);
    Attribute value = op.getValue();
    if (alignedType != *type)
      value = widenIntegerConstant(value, alignedType.getElementType());
    Value size = byteSizeOrReport(rewriter, op, alignedType,
                                  op.getResultEncodingDims(), errors);
    if (!size)
      return failure();
    rewriter.replaceOpWithNewOp<AsyncConstantOp>(
        op, op.getResult().getType(), /*await_timepoint=*/Value(), value, size,
        op.getAffinityAttr());
    return success();
  }
};

struct EncodeSplat : public HostPattern<TensorSplatOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorSplatOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type = matchTensor(
        rewriter, op, op.getResultEncoding(), {op.getResultEncoding()});
    if (failed(type))
      return failure();
    Value pattern = fillPattern(rewriter, op.getLoc(), op.getValue(), *type);
    if (!pattern)
      return reportPatternType(op, op.getValue().getType(), errors);
    rewriter.replaceOpWithNewOp<AsyncSplatOp>(
        op, op.getResult().getType(), /*await_timepoint=*/Value(), pattern,
        op.getResultSize(), op.getAffinityAttr());
    return success();
  }
};

struct EncodeClone : public HostPattern<TensorCloneOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorCloneOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkSerialized(
            rewriter, op, {op.getSourceEncoding(), op.getResultEncoding()})))
      return failure();
    rewriter.replaceOpWithNewOp<AsyncCloneOp>(
        op, op.getResult().getType(), op.getSource(), op.getSourceSize(),
        op.getResultSize(), op.getAffinityAttr());
    return success();
  }
};

struct EncodeSlice : public HostPattern<TensorSliceOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorSliceOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        matchTensor(rewriter, op, op.getSourceEncoding(),
                    {op.getSourceEncoding(), op.getResultEncoding()},
                    /*indexed=*/true);
    if (failed(type))
      return failure();
    Location loc = op.getLoc();
    Value offset = byteOffset(rewriter, loc, *type, op.getSourceEncodingDims(),
                              op.getStartIndices());
    Value end =
        rewriter.createOrFold<arith::AddIOp>(loc, offset, op.getResultSize());
    rewriter.replaceOpWithNewOp<AsyncSliceOp>(
        op, op.getResult().getType(), op.getSource(), op.getSourceSize(),
        offset, end, op.getResultSize(), op.getAffinityAttr());
    return success();
  }
};

/// The constant value of `value`, if any.
std::optional<int64_t> constantIndex(Value value) {
  APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// The fill region `[starts for lengths]` of `type` is contiguous in
/// row-major order unless statically known otherwise (§7.2 [SLUICE]).
bool mayBeContiguousFill(RankedTensorType type, ValueRange dims,
                         ValueRange lengths) {
  SmallVector<std::optional<int64_t>> sizes;
  unsigned dynamicIndex = 0;
  for (int64_t i = 0; i < type.getRank(); ++i)
    sizes.push_back(type.isDynamicDim(i) ? constantIndex(dims[dynamicIndex++])
                                         : type.getDimSize(i));
  size_t i = 0;
  for (; i < lengths.size(); ++i) {
    std::optional<int64_t> length = constantIndex(lengths[i]);
    if (!length)
      return true;
    if (*length != 1)
      break;
  }
  for (size_t j = i + 1; j < lengths.size() && j < sizes.size(); ++j) {
    std::optional<int64_t> length = constantIndex(lengths[j]);
    if (!length || !sizes[j])
      return true;
    if (*length != *sizes[j])
      return false;
  }
  return true;
}

struct EncodeFill : public HostPattern<TensorFillOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorFillOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> maybeType =
        matchTensor(rewriter, op, op.getTargetEncoding(),
                    {op.getTargetEncoding()}, /*indexed=*/true);
    if (failed(maybeType))
      return failure();
    RankedTensorType type = *maybeType;
    if (!mayBeContiguousFill(type, op.getTargetEncodingDims(), op.getLengths()))
      return rewriter.notifyMatchFailure(
          op, "unsupported non-contiguous tensor fill");
    Location loc = op.getLoc();
    Value pattern = fillPattern(rewriter, loc, op.getValue(), type);
    if (!pattern)
      return reportPatternType(op, op.getValue().getType(), errors);
    Value offset = byteOffset(rewriter, loc, type, op.getTargetEncodingDims(),
                              op.getStartIndices());
    Value count = indexConstant(rewriter, loc, 1);
    for (Value length : op.getLengths())
      count = rewriter.createOrFold<arith::MulIOp>(loc, count, length);
    Value length =
        enc::calculateStorageElementOffsetInBytes(loc, type, count, rewriter);
    Value end = rewriter.createOrFold<arith::AddIOp>(loc, offset, length);
    rewriter.replaceOpWithNewOp<AsyncFillOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        offset, end, length, pattern, op.getAffinityAttr());
    return success();
  }
};

struct EncodeUpdate : public HostPattern<TensorUpdateOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorUpdateOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        matchTensor(rewriter, op, op.getTargetEncoding(),
                    {op.getUpdateEncoding(), op.getTargetEncoding()},
                    /*indexed=*/true);
    if (failed(type))
      return failure();
    Location loc = op.getLoc();
    Value offset = byteOffset(rewriter, loc, *type, op.getTargetEncodingDims(),
                              op.getStartIndices());
    Value end =
        rewriter.createOrFold<arith::AddIOp>(loc, offset, op.getUpdateSize());
    rewriter.replaceOpWithNewOp<AsyncUpdateOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        offset, end, op.getUpdate(), op.getUpdateSize(), op.getAffinityAttr());
    return success();
  }
};

struct EncodeLoad : public HostPattern<TensorLoadOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        matchTensor(rewriter, op, op.getSourceEncoding(),
                    {op.getSourceEncoding()}, /*indexed=*/true);
    if (failed(type))
      return failure();
    if (enc::needToPackSubByteElements(*type))
      return rewriter.notifyMatchFailure(
          op, "unsupported load with sub-byte elements");
    Location loc = op.getLoc();
    Value offset = byteOffset(rewriter, loc, *type, op.getSourceEncodingDims(),
                              op.getIndices());
    Type resultType = op.getResult().getType();
    Type loadType = resultType;
    if (auto complexType = dyn_cast<ComplexType>(resultType))
      loadType = rewriter.getIntegerType(util::getTypeBitWidth(complexType));
    Value loaded = AsyncLoadOp::create(rewriter, loc, loadType, op.getSource(),
                                       op.getSourceSize(), offset);
    if (loadType != resultType)
      loaded = complex::BitcastOp::create(rewriter, loc, resultType, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

struct EncodeStore : public HostPattern<TensorStoreOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type =
        matchTensor(rewriter, op, op.getTargetEncoding(),
                    {op.getTargetEncoding()}, /*indexed=*/true);
    if (failed(type))
      return failure();
    if (enc::needToPackSubByteElements(*type))
      return rewriter.notifyMatchFailure(
          op, "unsupported store with sub-byte elements");
    Value offset = byteOffset(rewriter, op.getLoc(), *type,
                              op.getTargetEncodingDims(), op.getIndices());
    rewriter.replaceOpWithNewOp<AsyncStoreOp>(
        op, op.getResult().getType(), op.getTarget(), op.getTargetSize(),
        offset, op.getValue());
    return success();
  }
};

struct EncodeDispatch : public HostPattern<TensorDispatchOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorDispatchOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value zero = indexConstant(rewriter, loc, 0);
    SmallVector<Value> offsets, ends, lengths;
    for (Value size : op.getOperandSizes()) {
      offsets.push_back(zero);
      ends.push_back(size);
      lengths.push_back(size);
    }
    rewriter.replaceOpWithNewOp<AsyncDispatchOp>(
        op, op.getResultTypes(), op.getWorkload(), op.getEntryPointsAttr(),
        op.getMixedOperands(), op.getOperandSizes(), offsets, ends, lengths,
        op.getResultSizes(), op.getTiedOperandsAttr(), op.getAffinityAttr());
    return success();
  }
};

struct EncodeParameterLoad : public HostPattern<TensorParameterLoadOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorParameterLoadOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<RankedTensorType> type = matchTensor(
        rewriter, op, op.getResultEncoding(), {op.getResultEncoding()});
    if (failed(type))
      return failure();
    Value size = byteSizeOrReport(rewriter, op, enc::alignTensorType(*type),
                                  op.getResultEncodingDims(), errors);
    if (!size)
      return failure();
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    auto loadOp = AsyncParameterLoadOp::create(
        rewriter, loc, resultType, TimepointType::get(op.getContext()),
        /*await_timepoint=*/Value(), op.getSourceScope(), op.getSourceKey(),
        op.getSourceOffset(), size, op.getAffinityAttr());
    auto awaitOp =
        TimepointAwaitOp::create(rewriter, loc, ValueRange{loadOp.getResult()},
                                 ValueRange{size}, loadOp.getResultTimepoint());
    rewriter.replaceOp(op, awaitOp.getResults());
    return success();
  }
};

struct EncodeParameterWrite : public HostPattern<TensorParameterWriteOp> {
  using HostPattern::HostPattern;
  LogicalResult matchAndRewrite(TensorParameterWriteOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkSerialized(rewriter, op, op.getSourceEncoding())))
      return failure();
    Location loc = op.getLoc();
    Value zero = indexConstant(rewriter, loc, 0);
    Value size = op.getSourceSize();
    auto writeOp = AsyncParameterWriteOp::create(
        rewriter, loc, op.getSource().getType(),
        TimepointType::get(op.getContext()), op.getSource(), size, zero, size,
        size, op.getTargetScope(), op.getTargetKey(), op.getTargetOffset(),
        /*await_timepoint=*/Value(), op.getAffinityAttr());
    auto awaitOp = TimepointAwaitOp::create(
        rewriter, loc, ValueRange{writeOp.getResult()}, ValueRange{size},
        writeOp.getResultTimepoint());
    rewriter.replaceOp(op, awaitOp.getResults());
    return success();
  }
};

struct EncodeHostTensorsPass
    : public stream::impl::EncodeHostTensorsPassBase<EncodeHostTensorsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ErrorLog errors;
    RewritePatternSet patterns(context);
    patterns.add<EncodeSizeOf, EncodeEmpty, EncodeConstant, EncodeSplat,
                 EncodeClone, EncodeSlice, EncodeFill, EncodeUpdate, EncodeLoad,
                 EncodeStore, EncodeDispatch, EncodeParameterLoad,
                 EncodeParameterWrite>(context, errors);
    if (failed(util::applyPatternsGreedilyLinear(
            getOperation(), FrozenRewritePatternSet(std::move(patterns)))))
      return signalPassFailure();
    if (!errors.reported.empty())
      signalPassFailure();
  }
};

} // namespace
