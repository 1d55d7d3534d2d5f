//===- Patterns.h - StandardToStream conversion patterns ----------------*- C++
//-*-===//
//
// The StandardToStream part of --iree-stream-conversion (stream-passes-1.md
// §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_CONVERSION_STANDARDTOSTREAM_PATTERNS_H
#define SLUICE_DIALECT_STREAM_CONVERSION_STANDARDTOSTREAM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::stream {

class AffinityAnalysis;

/// Adds the legality rules and patterns of StandardToStream.
void populateStandardToStreamConversionPatterns(
    mlir::MLIRContext *context, mlir::ConversionTarget &conversionTarget,
    mlir::TypeConverter &typeConverter, AffinityAnalysis *analysis,
    mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_CONVERSION_STANDARDTOSTREAM_PATTERNS_H
