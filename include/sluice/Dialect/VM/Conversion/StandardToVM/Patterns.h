//===- Patterns.h - StandardToVM patterns of --iree-vm-conversion ------*- C++
//-*-===//
//
// arith.constant of integer/index types -> vm.const.*
// (support-dialects.md §5.6 item 5).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_CONVERSION_STANDARDTOVM_PATTERNS_H
#define SLUICE_DIALECT_VM_CONVERSION_STANDARDTOVM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::vm {

/// Adds the legality rules and patterns of this set.
void populateStandardToVMPatterns(mlir::MLIRContext *context,
                                  mlir::ConversionTarget &target,
                                  mlir::TypeConverter &typeConverter,
                                  mlir::RewritePatternSet &patterns);

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_CONVERSION_STANDARDTOVM_PATTERNS_H
