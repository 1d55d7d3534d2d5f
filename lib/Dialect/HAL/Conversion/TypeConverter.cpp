//===- TypeConverter.cpp - the --iree-hal-conversion types ----------------===//
//
// execution.md §2.5.1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/TypeConverter.h"

#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectInterface.h"

using namespace mlir;

namespace sluice::hal {

HALTypeConverter::HALTypeConverter(
    ArrayRef<const HALConversionDialectInterface *> hooks)
    : hooks(hooks.begin(), hooks.end()) {
  // Conversions are tried last-added first: identity is the fallback.
  addConversion([](Type type) { return type; });

  // Types owned by other dialects, through their hooks.
  addConversion(
      [this](Type type,
             SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        for (const HALConversionDialectInterface *hook : this->hooks)
          if (succeeded(hook->convertType(type, results)))
            return success();
        return std::nullopt;
      });

  util::populateUtilTypeConversions(*this);

  // Tensors of integers or floats are passed as buffer views.
  addConversion([](TensorType type) -> std::optional<Type> {
    Type element = type.getElementType();
    if (element.isIntOrFloat())
      return BufferViewType::get(type.getContext());
    return std::nullopt;
  });

  addConversion([](stream::ResourceType type) -> Type {
    return BufferType::get(type.getContext());
  });
  addConversion([](stream::TimepointType type) -> Type {
    return FenceType::get(type.getContext());
  });
  addConversion([](stream::FileType type) -> Type {
    return FileType::get(type.getContext());
  });
  addConversion([](stream::ChannelType type) -> Type {
    return ChannelType::get(type.getContext());
  });
}

SmallVector<const HALConversionDialectInterface *>
getLoadedHALConversionHooks(MLIRContext *context) {
  SmallVector<const HALConversionDialectInterface *> hooks;
  // getLoadedDialects() is sorted by namespace.
  for (Dialect *dialect : context->getLoadedDialects())
    if (auto *hook =
            dialect->getRegisteredInterface<HALConversionDialectInterface>())
      hooks.push_back(hook);
  return hooks;
}

} // namespace sluice::hal
