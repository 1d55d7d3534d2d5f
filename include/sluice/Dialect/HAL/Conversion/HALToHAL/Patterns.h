//===- Patterns.h - HALToHAL patterns of --iree-hal-conversion -----*- C++
//-*-===//
//
// hal ops rewritten inside the conversion (execution.md §2.5.4):
// hal.device.resolve, hal.executable.calculate_workgroups.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_HALTOHAL_PATTERNS_H
#define SLUICE_DIALECT_HAL_CONVERSION_HALTOHAL_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

/// Adds the legality rules and patterns of this set.
void populateHALToHALPatterns(mlir::MLIRContext *context,
                              mlir::ConversionTarget &target,
                              mlir::TypeConverter &typeConverter,
                              mlir::RewritePatternSet &patterns);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_HALTOHAL_PATTERNS_H
