//===- Patterns.h - UtilToVM patterns of --iree-vm-conversion ------*- C++
//-*-===//
//
// util.func/return/call, buffer constants, null, assume.int and
// optimization_barrier -> vm (support-dialects.md §5.6 item 4).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_CONVERSION_UTILTOVM_PATTERNS_H
#define SLUICE_DIALECT_VM_CONVERSION_UTILTOVM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::vm {

/// Adds the legality rules and patterns of this set.
void populateUtilToVMPatterns(mlir::MLIRContext *context,
                              mlir::ConversionTarget &target,
                              mlir::TypeConverter &typeConverter,
                              mlir::RewritePatternSet &patterns);

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_CONVERSION_UTILTOVM_PATTERNS_H
