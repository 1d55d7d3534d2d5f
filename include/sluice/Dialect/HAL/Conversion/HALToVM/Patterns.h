//===- Patterns.h - HAL->VM patterns of --iree-vm-conversion ----*- C++ -*-===//
//
// support-dialects.md §5.6 item 6: hal.memory_type / hal.buffer_usage
// constants -> vm.const.i32. HAL types convert to refs in the VM type
// converter. The HAL runtime module's imports are not declared yet: no HAL
// op that needs one is lowered.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_HALTOVM_PATTERNS_H
#define SLUICE_DIALECT_HAL_CONVERSION_HALTOVM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace sluice::hal {

void populateHALToVMPatterns(mlir::MLIRContext *context,
                             mlir::ConversionTarget &target,
                             mlir::TypeConverter &typeConverter,
                             mlir::RewritePatternSet &patterns);

/// Attaches the hal VM-conversion hook (populateHALToVMPatterns).
void registerHALToVMConversionInterface(mlir::DialectRegistry &registry);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_HALTOVM_PATTERNS_H
