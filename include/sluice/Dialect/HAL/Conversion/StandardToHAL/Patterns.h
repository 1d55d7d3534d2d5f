//===- Patterns.h - StandardToHAL patterns of --iree-hal-conversion -----*- C++
//-*-===//
//
// upstream ops (execution.md §2.5.1): tensor.dim -> hal.buffer_view.dim,
// tensor.rank -> hal.buffer_view.rank.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_STANDARDTOHAL_PATTERNS_H
#define SLUICE_DIALECT_HAL_CONVERSION_STANDARDTOHAL_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

/// Adds the legality rules and patterns of this set.
void populateStandardToHALPatterns(mlir::MLIRContext *context,
                                   mlir::ConversionTarget &target,
                                   mlir::TypeConverter &typeConverter,
                                   mlir::RewritePatternSet &patterns);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_STANDARDTOHAL_PATTERNS_H
