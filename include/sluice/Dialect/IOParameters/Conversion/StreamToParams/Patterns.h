//===- Patterns.h - StreamToParams (io-parameters.md §10) -------*- C++ -*-===//
//
// stream.cmd.parameter.{load,read,write,gather,scatter} ->
// io_parameters.{load,gather,scatter}, run inside --iree-hal-conversion
// through the io_parameters HAL-conversion hook.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_CONVERSION_STREAMTOPARAMS_PATTERNS_H
#define SLUICE_DIALECT_IOPARAMETERS_CONVERSION_STREAMTOPARAMS_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace sluice::io_parameters {

/// Adds the five StreamToParams patterns (the stream ops are already
/// illegal: the driver marks the whole stream dialect illegal).
void populateStreamToParamsPatterns(mlir::MLIRContext *context,
                                    mlir::ConversionTarget &target,
                                    mlir::TypeConverter &typeConverter,
                                    mlir::RewritePatternSet &patterns);

/// Attaches the io_parameters HAL-conversion hook, which contributes
/// populateStreamToParamsPatterns.
void registerStreamToParamsConversionInterface(mlir::DialectRegistry &registry);

} // namespace sluice::io_parameters

#endif // SLUICE_DIALECT_IOPARAMETERS_CONVERSION_STREAMTOPARAMS_PATTERNS_H
