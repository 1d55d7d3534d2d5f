//===- PatternUtils.h - shared pieces of the stream conversion --*- C++ -*-===//
//
// What every --iree-stream-conversion pattern shares (stream-passes-1.md
// §3.2): the (affinity, resource, size) view of a converted tensor, the
// `resolve`/`transfer`/`sizeof` helpers, the index-constant memo of §0 and the
// two pattern bases that read the affinity analysis.
//
// Every analysis query takes an *original* (pre-conversion) op or value.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_CONVERSION_PATTERNUTILS_H
#define SLUICE_DIALECT_STREAM_CONVERSION_PATTERNUTILS_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"

namespace sluice::stream {

class AffinityAnalysis;

/// A tensor after conversion: where it lives, its resource and byte size.
struct ConvertedTensor {
  AffinityAttr affinity;
  mlir::Value resource;
  mlir::Value resourceSize;

  mlir::Type getResourceType() const { return resource.getType(); }
};

/// `resolve(orig, converted)`: the converted pair with the analysed affinity
/// of the original value; nothing is created.
ConvertedTensor resolveTensor(mlir::Value original, mlir::ValueRange converted,
                              AffinityAnalysis *analysis);

/// `transfer(orig, converted, required)`: as resolve, then a
/// `stream.async.transfer` to `required` when the value lives elsewhere (and
/// is not the result of a `stream.async.barrier`).
ConvertedTensor transferTensor(mlir::Location loc, mlir::Value original,
                               mlir::ValueRange converted,
                               AffinityAttr requiredAffinity,
                               AffinityAnalysis *analysis,
                               mlir::OpBuilder &builder);

/// `stream.async.transfer %r : T{%s} [from(a)] -> [to(a)] <resultType>{%s}`:
/// moves a resource between lifetimes on one affinity.
mlir::Value buildLifetimeTransfer(mlir::Location loc, mlir::Value resource,
                                  mlir::Value size, mlir::Type resultType,
                                  AffinityAttr affinity,
                                  mlir::OpBuilder &builder);

/// `stream.tensor.sizeof [on(A)] <tensorType>{dims} : index`.
mlir::Value buildTensorSizeOf(mlir::Location loc, mlir::Type tensorType,
                              mlir::ValueRange dims, AffinityAttr affinity,
                              mlir::OpBuilder &builder);

/// `%c = stream.tensor.constant [on(A)] : T{dims} in !stream.resource<L> =
/// V'` (V' per convertConstantValue) and `%s = stream.resource.size %c`.
/// Returns {affinity, %c, %s}.
ConvertedTensor buildTensorConstant(mlir::Location loc, mlir::Type tensorType,
                                    mlir::ValueRange dims,
                                    mlir::TypedAttr value, Lifetime lifetime,
                                    AffinityAttr affinity,
                                    mlir::OpBuilder &builder);

/// buildTensorConstant with lifetime `constant`, then a transfer of it to
/// `!stream.resource<*>` on A (flow.tensor.constant, arith.constant).
ConvertedTensor
buildUnknownTensorConstant(mlir::Location loc, mlir::Type tensorType,
                           mlir::ValueRange dims, mlir::TypedAttr value,
                           AffinityAttr affinity, mlir::OpBuilder &builder);

/// `!stream.resource<*>` / `<lifetime>`.
mlir::Type getUnknownResourceType(mlir::MLIRContext *context);
mlir::Type getResourceType(mlir::MLIRContext *context, Lifetime lifetime);

/// `#flow.parameter.named` becomes `#stream.parameter.named` (same type,
/// scope, key and config); every other attribute is returned unchanged.
mlir::TypedAttr convertConstantValue(mlir::TypedAttr value);

/// Concatenates 1:N adaptor operand ranges.
llvm::SmallVector<mlir::Value> flattenValues(llvm::ArrayRef<mlir::ValueRange>);
/// The single value of each 1:1 range (asserts).
llvm::SmallVector<mlir::Value> singleValues(llvm::ArrayRef<mlir::ValueRange>);

/// A memo of `index` constants (stream-passes-1.md §0 IndexSet): `get(n)`
/// reuses a recorded constant or creates `arith.constant n : index` at the
/// builder's insertion point without folding. Shared by the conversion and
/// the async-phase passes (emplace-allocations).
class IndexSet {
public:
  IndexSet(mlir::Location loc, mlir::OpBuilder &builder)
      : loc(loc), builder(builder) {}
  /// Records every value of `values` that is an integer constant.
  void populate(mlir::ValueRange values);
  mlir::Value get(int64_t value);
  /// Erases the constants this set created that ended up unused.
  void eraseUnusedCreated();

private:
  mlir::Location loc;
  mlir::OpBuilder &builder;
  llvm::DenseMap<int64_t, mlir::Value> memo;
  llvm::SmallVector<mlir::Operation *> created;
};

/// A pattern that reads value affinities from the analysis.
template <typename OpT>
class AffinityAwareConversionPattern : public mlir::OpConversionPattern<OpT> {
public:
  AffinityAwareConversionPattern(const mlir::TypeConverter &typeConverter,
                                 mlir::MLIRContext *context,
                                 AffinityAnalysis *analysis,
                                 mlir::PatternBenefit benefit = 1)
      : mlir::OpConversionPattern<OpT>(typeConverter, context, benefit),
        analysis(analysis) {}

protected:
  AffinityAnalysis *analysis;
};

/// `analysis.lookupExecutionAffinity(op)` (out of line so that this header
/// does not need the analysis header).
AffinityAttr lookupExecutionAffinity(AffinityAnalysis *analysis,
                                     mlir::Operation *op);

/// Reads the op's execution affinity before the rewrite: every stream op a
/// subclass creates goes `on(executionAffinity)`.
template <typename OpT>
class AffinityOpConversionPattern : public AffinityAwareConversionPattern<OpT> {
public:
  using AffinityAwareConversionPattern<OpT>::AffinityAwareConversionPattern;
  using OneToNOpAdaptor =
      typename mlir::OpConversionPattern<OpT>::OneToNOpAdaptor;

  llvm::LogicalResult
  matchAndRewrite(OpT op, OneToNOpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const final {
    return matchAndRewriteOnAffinity(
        op, adaptor, lookupExecutionAffinity(this->analysis, op), rewriter);
  }

protected:
  virtual llvm::LogicalResult matchAndRewriteOnAffinity(
      OpT op, OneToNOpAdaptor adaptor, AffinityAttr executionAffinity,
      mlir::ConversionPatternRewriter &rewriter) const = 0;
};

/// True iff `op` takes a tensor not produced by `stream.tensor.export` or
/// produces a tensor not consumed only by `stream.tensor.import`
/// (stream-passes-1.md §3.7). Ops without a legality rule of their own are
/// legal iff they do not need wrapping.
bool needsTensorWrapping(mlir::Operation *op);

/// The generic pattern of §3.7 (benefit 0, any op): tensor operands are
/// exported from and tensor results imported into resources around the op.
/// It applies only where that makes the op legal for `conversionTarget`.
void populateTensorWrappingPatterns(
    mlir::MLIRContext *context, const mlir::ConversionTarget &conversionTarget,
    mlir::TypeConverter &typeConverter, AffinityAnalysis *analysis,
    mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_CONVERSION_PATTERNUTILS_H
