//===- ConversionPatterns.h - util-owned conversion helpers -----*- C++ -*-===//
//
// Reusable dialect-conversion helpers (support-dialects.md §7.3.1) called by
// the stream/HAL/VM conversion passes:
//  * GenericConvertTypesPattern<OpT>: rebuilds an op of the same class with
//    converted result types, operands and TypeAttr attributes;
//  * generic legality (all operand and result types legal);
//  * conversions of !util.ptr and !util.list;
//  * generic structural conversion of function/call/return/branch ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_CONVERSION_CONVERSIONPATTERNS_H
#define SLUICE_DIALECT_UTIL_CONVERSION_CONVERSIONPATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::util {

/// True iff every operand and result type of `op` is legal for `converter`.
bool isGenericallyLegal(mlir::Operation *op,
                        const mlir::TypeConverter &converter);

/// Shared implementation of GenericConvertTypesPattern (not op specific).
/// Result types take the first type of a 1:N conversion; every TypeAttr
/// attribute is converted 1:1 (failure fails the match). Fails the match when
/// nothing changes ("op does not need transformation") or when an operand was
/// converted 1:N (the op keeps its operand count). Otherwise a new op of the
/// same name is created from (result types, operands, attributes) and
/// replaces `op`.
llvm::LogicalResult
rewriteWithConvertedTypes(mlir::Operation *op,
                          llvm::ArrayRef<mlir::ValueRange> operands,
                          const mlir::TypeConverter &converter,
                          mlir::ConversionPatternRewriter &rewriter);

/// Generic type-converting pattern for an op class without regions.
template <typename OpT>
class GenericConvertTypesPattern : public mlir::OpConversionPattern<OpT> {
public:
  using mlir::OpConversionPattern<OpT>::OpConversionPattern;
  using OneToNOpAdaptor =
      typename mlir::OpConversionPattern<OpT>::OneToNOpAdaptor;

  llvm::LogicalResult
  matchAndRewrite(OpT op, OneToNOpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    return rewriteWithConvertedTypes(op.getOperation(), adaptor.getOperands(),
                                     *this->getTypeConverter(), rewriter);
  }
};

/// Marks OpT dynamically legal iff isGenericallyLegal.
template <typename OpT>
void addGenericLegalOp(mlir::ConversionTarget &target,
                       const mlir::TypeConverter &converter) {
  target.addDynamicallyLegalOp<OpT>([&converter](OpT op) {
    return isGenericallyLegal(op.getOperation(), converter);
  });
}

/// Marks OpT generically legal and adds GenericConvertTypesPattern<OpT>.
template <typename OpT>
void addGenericLegalOpAndPattern(mlir::MLIRContext *context,
                                 mlir::ConversionTarget &target,
                                 const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns) {
  addGenericLegalOp<OpT>(target, converter);
  patterns.add<GenericConvertTypesPattern<OpT>>(converter, context);
}

/// Adds the !util.ptr<T> (one pointer per converted type of T) and
/// !util.list<E> (1:1 conversion of E, else unconvertible) conversions.
void populateUtilTypeConversions(mlir::TypeConverter &converter);

/// The util.func/call/return patterns of the structural conversion, without
/// legality: util.func is rebuilt with the converted signature (ties and
/// argument/result attributes remapped) and its body's block types converted;
/// util.call/return take the flattened converted operands.
void populateUtilFunctionConversionPatterns(
    mlir::MLIRContext *context, const mlir::TypeConverter &converter,
    mlir::RewritePatternSet &patterns);

/// The cf.br/cond_br/switch pattern of the structural conversion, without
/// legality: successor operands are flattened (1:N); other operands must
/// convert 1:1.
void populateBranchConversionPatterns(mlir::MLIRContext *context,
                                      const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// Generic structural conversion: legality and patterns for builtin.module,
/// util.initializer/func/call/return/unreachable/scf.unreachable, func.func/
/// call/return, cf.br/cond_br/switch, arith.select and scf.if/yield (the scf
/// structural helper also covers scf.for/while/condition). func.func and the
/// cf branch ops use local patterns (every block converted, 1:N successor
/// operands flattened); func.call/return use the upstream patterns.
void populateGenericStructuralConversionPatterns(
    mlir::MLIRContext *context, mlir::ConversionTarget &target,
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);

/// Erases the unreachable blocks of every region under `root` (a dialect
/// conversion only visits reachable blocks, so their ops would stay
/// unconverted and keep materializations alive).
void eraseUnreachableBlocksEverywhere(mlir::Operation *root);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_CONVERSION_CONVERSIONPATTERNS_H
