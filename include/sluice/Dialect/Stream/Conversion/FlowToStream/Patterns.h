//===- Patterns.h - FlowToStream conversion patterns ----------------*- C++
//-*-===//
//
// The FlowToStream part of --iree-stream-conversion (stream-passes-1.md §3).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_PATTERNS_H
#define SLUICE_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::stream {

class AffinityAnalysis;

/// Adds the legality rules and patterns of FlowToStream.
void populateFlowToStreamConversionPatterns(
    mlir::MLIRContext *context, mlir::ConversionTarget &conversionTarget,
    mlir::TypeConverter &typeConverter, AffinityAnalysis *analysis,
    mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_PATTERNS_H
