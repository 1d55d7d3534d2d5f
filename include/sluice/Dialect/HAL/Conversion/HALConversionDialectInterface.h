//===- HALConversionDialectInterface.h - HAL conversion hook ----*- C++ -*-===//
//
// The dialect hook of --iree-hal-conversion (execution.md §2.5.1): every
// loaded dialect that implements it contributes type conversions, legality
// and patterns to the one partial conversion. io_parameters registers its
// StreamToParams patterns through it (io-parameters.md §10).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_HALCONVERSIONDIALECTINTERFACE_H
#define SLUICE_DIALECT_HAL_CONVERSION_HALCONVERSIONDIALECTINTERFACE_H

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class ConversionTarget;
class TypeConverter;
} // namespace mlir

namespace sluice::hal {

class HALConversionDialectInterface
    : public mlir::DialectInterface::Base<HALConversionDialectInterface> {
public:
  explicit HALConversionDialectInterface(mlir::Dialect *dialect)
      : Base(dialect) {}

  /// Adds this dialect's legality rules and conversion patterns. Called after
  /// the driver's own pattern sets, in the order of the loaded dialects'
  /// namespaces.
  virtual void setupConversionTarget(mlir::ConversionTarget &target,
                                     mlir::RewritePatternSet &patterns,
                                     mlir::TypeConverter &typeConverter) const {
  }

  /// Converts a type the driver does not know. Return failure to leave the
  /// type to the next hook (and finally to the identity conversion).
  virtual llvm::LogicalResult
  convertType(mlir::Type type,
              llvm::SmallVectorImpl<mlir::Type> &results) const {
    return llvm::failure();
  }
};

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_HALCONVERSIONDIALECTINTERFACE_H
