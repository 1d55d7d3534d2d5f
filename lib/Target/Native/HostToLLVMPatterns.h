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

namespace sluice::native {

/// The `ctx` argument of the converted function enclosing `op`.
mlir::Value hostContext(mlir::Operation *op);
/// Calls import `which` and stores its status in the pending-status slot.
void hostCallStatus(mlir::ConversionPatternRewriter &rewriter,
                    mlir::Operation *op, Import which, mlir::ValueRange args);
/// io_parameters.load/gather/scatter and util.buffer.constant.
void populateParameterLoweringPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

} // namespace sluice::native

#endif // SLUICE_LIB_TARGET_NATIVE_HOSTTOLLVMPATTERNS_H
