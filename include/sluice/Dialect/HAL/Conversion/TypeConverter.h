//===- TypeConverter.h - the --iree-hal-conversion types --------*- C++ -*-===//
//
// execution.md §2.5.1: !stream.resource<*> -> !hal.buffer, !stream.timepoint
// -> !hal.fence, !stream.file -> !hal.file, !stream.channel -> !hal.channel,
// int/float tensors -> !hal.buffer_view, !util.ptr/!util.list element-wise,
// then the loaded dialects' hooks; every other type converts to itself.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_TYPECONVERTER_H
#define SLUICE_DIALECT_HAL_CONVERSION_TYPECONVERTER_H

#include "sluice/Dialect/HAL/Conversion/HALConversionDialectInterface.h"

#include "mlir/Transforms/DialectConversion.h"

namespace sluice::hal {

class HALTypeConverter : public mlir::TypeConverter {
public:
  /// `hooks` are consulted, in order, for types the driver does not convert
  /// itself; the converter keeps the pointers.
  explicit HALTypeConverter(
      llvm::ArrayRef<const HALConversionDialectInterface *> hooks);

private:
  llvm::SmallVector<const HALConversionDialectInterface *> hooks;
};

/// The HAL-conversion hooks of every loaded dialect, in namespace order.
llvm::SmallVector<const HALConversionDialectInterface *>
getLoadedHALConversionHooks(mlir::MLIRContext *context);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_TYPECONVERTER_H
