//===- Patterns.h - ParamsToVM (io-parameters.md §11) -----------*- C++ -*-===//
//
// io_parameters.{load,gather,scatter} -> calls of the `io_parameters`
// runtime module with the scope, key table, key data and spans ABI buffers,
// run inside --iree-vm-conversion through the io_parameters VM hook.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_CONVERSION_PARAMSTOVM_PATTERNS_H
#define SLUICE_DIALECT_IOPARAMETERS_CONVERSION_PARAMSTOVM_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class DialectRegistry;
class SymbolTable;
} // namespace mlir

namespace sluice::io_parameters {

/// The import module of the `io_parameters` runtime module (§11.1).
llvm::StringRef getParamsImportModuleText();

/// Marks io_parameters illegal and adds the three call patterns; the
/// imports are looked up in `importSymbols`.
void populateParamsToVMPatterns(mlir::MLIRContext *context,
                                mlir::SymbolTable &importSymbols,
                                mlir::ConversionTarget &target,
                                mlir::TypeConverter &typeConverter,
                                mlir::RewritePatternSet &patterns);

/// Attaches the io_parameters VM-conversion hook.
void registerParamsToVMConversionInterface(mlir::DialectRegistry &registry);

} // namespace sluice::io_parameters

#endif // SLUICE_DIALECT_IOPARAMETERS_CONVERSION_PARAMSTOVM_PATTERNS_H
