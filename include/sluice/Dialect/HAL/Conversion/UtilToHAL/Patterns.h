//===- Patterns.h - UtilToHAL patterns of --iree-hal-conversion -----*- C++
//-*-===//
//
// util globals and the generic structural conversion (execution.md §2.5.1):
// util.global legal iff its type and initial value type are legal, loads/
// stores/lists/assume/barrier by generic type conversion, util/func/cf/scf
// structural ops via util's helpers.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_UTILTOHAL_PATTERNS_H
#define SLUICE_DIALECT_HAL_CONVERSION_UTILTOHAL_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

/// Adds the legality rules and patterns of this set.
void populateUtilToHALPatterns(mlir::MLIRContext *context,
                               mlir::ConversionTarget &target,
                               mlir::TypeConverter &typeConverter,
                               mlir::RewritePatternSet &patterns);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_UTILTOHAL_PATTERNS_H
