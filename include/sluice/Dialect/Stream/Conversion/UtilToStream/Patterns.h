//===- Patterns.h - UtilToStream conversion patterns ----------------*- C++
//-*-===//
//
// The UtilToStream part of --iree-stream-conversion (stream-passes-1.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_CONVERSION_UTILTOSTREAM_PATTERNS_H
#define SLUICE_DIALECT_STREAM_CONVERSION_UTILTOSTREAM_PATTERNS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace sluice::stream {

class AffinityAnalysis;

/// Adds the legality rules and patterns of UtilToStream. Every tensor global
/// directly in `moduleOp` is recorded for expansion (with its analysed
/// affinity) before any op is converted, so the order of globals and their
/// uses in the module does not matter.
void populateUtilToStreamConversionPatterns(
    mlir::MLIRContext *context, mlir::ConversionTarget &conversionTarget,
    mlir::TypeConverter &typeConverter, AffinityAnalysis *analysis,
    mlir::ModuleOp moduleOp, mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_CONVERSION_UTILTOSTREAM_PATTERNS_H
