//===- HostToLLVMPatterns.h - Pieces of --sluice-convert-host-to-llvm -*- C++
//-*-===//
//
// Helpers shared by the pattern files of --sluice-convert-host-to-llvm.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_LIB_TARGET_NATIVE_HOSTTOLLVMPATTERNS_H
#define SLUICE_LIB_TARGET_NATIVE_HOSTTOLLVMPATTERNS_H

#include "AbiBuilder.h"

#include "mlir/Transforms/DialectConversion.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace sluice::native {

/// The `ctx` argument of the converted function enclosing `op`.
mlir::Value hostContext(mlir::Operation *op);
/// Calls import `which` and stores its status in the pending-status slot.
/// external-transients.md §9.9, after the `hal.buffer.assert` `op` (whose
/// status is in the slot): when it succeeded and `buffer` is not NULL, a
/// byte offset (+16) that is not a multiple of `alignment` stores
/// INVALID_ARGUMENT «<message> buffer byte offset <o> is not a multiple of
/// the required alignment <a>» in the slot; otherwise, when the storage is
/// committed (its base pointer, through +8, is not NULL), a device address
/// base + offset that is not a multiple of `alignment` stores
/// INVALID_ARGUMENT «<message> buffer device address 0x<x> (storage base +
/// byte offset <o>) is not a multiple of the required alignment <a>».
void emitStorageAlignmentCheck(mlir::ConversionPatternRewriter &rewriter,
                               mlir::Operation *op, mlir::Value buffer,
                               int64_t alignment, llvm::StringRef message);

void hostCallStatus(mlir::ConversionPatternRewriter &rewriter,
                    mlir::Operation *op, Import which, mlir::ValueRange args);
/// Calls import `which` with `args` (ctx first) plus one out-pointer per
/// entry of `outTypes`, stores the status in the pending-status slot and
/// returns the loaded out values (i1 outs are read as their low byte).
llvm::SmallVector<mlir::Value>
emitImportCall(mlir::ConversionPatternRewriter &rewriter, mlir::Operation *op,
               Import which, mlir::ValueRange args,
               llvm::ArrayRef<mlir::Type> outTypes);
/// Zero-extends (or keeps) an already converted integer to i64 / i32
/// (truncating wider values to i32).
mlir::Value toI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
mlir::Value toI32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
/// The type of an object field read by FieldLoadLowering.
enum class FieldType { Ptr, I32, I64 };
/// Loads the field of type `field` at byte `offset` of `object` (§3.2),
/// zero-extended to `resultType` when that is another integer type.
mlir::Value loadObjectField(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value object, int64_t offset, FieldType field,
                            mlir::Type resultType);
/// An op whose one operand is a runtime object and whose one result is the
/// field of type `Field` at byte `Offset` of it (§3.2), read inline:
/// hal.buffer_view.buffer/element_type/encoding_type/rank, hal.buffer.length,
/// util.buffer.size.
template <typename Op, int64_t Offset, FieldType Field>
struct FieldLoadLowering : mlir::OpConversionPattern<Op> {
  using mlir::OpConversionPattern<Op>::OpConversionPattern;
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    mlir::Type result =
        this->getTypeConverter()->convertType(op->getResult(0).getType());
    rewriter.replaceOp(op, loadObjectField(rewriter, op.getLoc(),
                                           adaptor.getOperands()[0], Offset,
                                           Field, result));
    return mlir::success();
  }
};
/// A stack array of i64 holding `values` (NULL when empty).
mlir::Value stackI64Array(AbiBuilder &abi, mlir::OpBuilder &b,
                          mlir::Location loc, mlir::Operation *op,
                          mlir::ValueRange values);
/// `if (v) atomic ++v->ref_count` / `if (v && --v->ref_count == 0)
/// rt->ref_destroy(v)` at the rewriter's insertion point (§3.2); the
/// rewriter continues after them.
void emitRetain(mlir::ConversionPatternRewriter &rewriter, mlir::Location loc,
                mlir::Value v);
void emitRelease(mlir::ConversionPatternRewriter &rewriter, mlir::Location loc,
                 mlir::Value ctx, mlir::Value v);
/// The HAL ops that are one fallible import call (the table of
/// HostImportCalls.cpp).
void populateImportCallPatterns(const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);
/// Non-device util.global / util.global.load / util.global.store: slots in
/// ctx->globals at the offsets `assignGlobalSlots` recorded.
void populateGlobalLoweringPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);
/// Lays out the non-device globals of `module` (§3.2): records each slot's
/// offset on its util.global and the storage size, initial image and
/// reference offsets on the module for --sluice-emit-module-descriptor.
mlir::LogicalResult assignGlobalSlots(mlir::ModuleOp module);
/// Type restrictions of the host value ops (integer device queries,
/// comparable util.cmp operands), checked before the conversion.
mlir::LogicalResult verifyHostValueOp(mlir::Operation *op);
/// Host-side util / math / index ops: util.cmp.eq/ne, hal.device.query.
void populateHostValuePatterns(const mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns);
/// A linked workgroup function: its index in the descriptor's export infos
/// and its metadata.
struct WaveExport {
  int64_t index = -1;
  sluice_rt::ExecutableInfoOp op;
};
using WaveExportTable = llvm::StringMap<WaveExport>;
/// The sluice_rt.executable_info ops of `module` by workgroup function.
std::shared_ptr<const WaveExportTable>
collectWaveExports(mlir::ModuleOp module);
/// sluice_rt.wave in command functions (§4.4, WaveToLLVM.cpp).
void populateWaveLoweringPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    std::shared_ptr<const WaveExportTable> exports);
/// io_parameters.load/gather/scatter and util.buffer.constant.
void populateParameterLoweringPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

} // namespace sluice::native

#endif // SLUICE_LIB_TARGET_NATIVE_HOSTTOLLVMPATTERNS_H
