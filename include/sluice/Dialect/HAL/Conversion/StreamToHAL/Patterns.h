//===- Patterns.h - StreamToHAL patterns of --iree-hal-conversion -----*- C++
//-*-===//
//
// stream ops -> hal ops (execution.md §2.5.2-§2.5.3). The whole stream dialect
// is illegal; ops without a pattern here stay illegal and fail the conversion.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNS_H
#define SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

/// Adds the legality rules and patterns of this set.
void populateStreamToHALPatterns(mlir::MLIRContext *context,
                                 mlir::ConversionTarget &target,
                                 mlir::TypeConverter &typeConverter,
                                 mlir::RewritePatternSet &patterns);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_PATTERNS_H
