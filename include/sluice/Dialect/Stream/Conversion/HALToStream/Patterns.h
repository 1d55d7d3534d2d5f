//===- Patterns.h - HALToStream conversion patterns ----------------*- C++
//-*-===//
//
// The HALToStream part of --iree-stream-conversion (stream-passes-1.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_CONVERSION_HALTOSTREAM_PATTERNS_H
#define SLUICE_DIALECT_STREAM_CONVERSION_HALTOSTREAM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::stream {

class AffinityAnalysis;

/// Adds the legality rules and patterns of HALToStream.
void populateHALToStreamConversionPatterns(
    mlir::MLIRContext *context, mlir::ConversionTarget &conversionTarget,
    mlir::TypeConverter &typeConverter, AffinityAnalysis *analysis,
    mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_CONVERSION_HALTOSTREAM_PATTERNS_H
