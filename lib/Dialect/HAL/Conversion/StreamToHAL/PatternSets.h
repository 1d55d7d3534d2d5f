//===- PatternSets.h - the StreamToHAL pattern families ---------*- C++ -*-===//
//
// Private to StreamToHAL: one populate function per op family, called by
// populateStreamToHALPatterns (Patterns.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNSETS_H
#define SLUICE_LIB_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNSETS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

/// stream.resource.*, stream.file.*, stream.tensor.{import,export,trace}.
void populateStreamResourceToHALPatterns(mlir::MLIRContext *context,
                                         mlir::TypeConverter &typeConverter,
                                         mlir::RewritePatternSet &patterns);
/// stream.timepoint.*, stream.channel.*, timepoint globals.
void populateStreamTimelineToHALPatterns(mlir::MLIRContext *context,
                                         mlir::ConversionTarget &target,
                                         mlir::TypeConverter &typeConverter,
                                         mlir::RewritePatternSet &patterns);
/// stream.cmd.execute (with everything recorded in it), stream.cmd.func.
void populateStreamCmdToHALPatterns(mlir::MLIRContext *context,
                                    mlir::TypeConverter &typeConverter,
                                    mlir::RewritePatternSet &patterns);

} // namespace sluice::hal

#endif // SLUICE_LIB_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNSETS_H
