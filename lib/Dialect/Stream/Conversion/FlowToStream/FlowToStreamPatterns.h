//===- FlowToStreamPatterns.h - FlowToStream pattern groups -----*- C++ -*-===//

#ifndef SLUICE_LIB_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_FLOWTOSTREAMPATTERNS_H
#define SLUICE_LIB_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_FLOWTOSTREAMPATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::stream {

class AffinityAnalysis;

/// flow.tensor.* and flow.parameter.* (TensorPatterns.cpp).
void populateFlowTensorToStreamPatterns(mlir::MLIRContext *context,
                                        mlir::TypeConverter &typeConverter,
                                        AffinityAnalysis *analysis,
                                        mlir::RewritePatternSet &patterns);

/// Dispatches, calls, executables, channels and collectives
/// (DispatchPatterns.cpp).
void populateFlowDispatchToStreamPatterns(mlir::MLIRContext *context,
                                          mlir::TypeConverter &typeConverter,
                                          AffinityAnalysis *analysis,
                                          mlir::RewritePatternSet &patterns);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_CONVERSION_FLOWTOSTREAM_FLOWTOSTREAMPATTERNS_H
