//===- TypeConverter.cpp - the --iree-vm-conversion types -----------------===//
//
// support-dialects.md §5.6 item 3.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/Conversion/TypeConverter.h"

#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"
#include "sluice/Dialect/VM/IR/VMTypes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace sluice::vm {

/// i1..i32 -> i32, i33..i64 -> i64 (signedness dropped); wider: none.
static std::optional<Type> convertIntegerWidth(MLIRContext *context,
                                               unsigned width) {
  if (width <= 32)
    return IntegerType::get(context, 32);
  if (width <= 64)
    return IntegerType::get(context, 64);
  return Type(); // unconvertible
}

VMTypeConverter::VMTypeConverter(unsigned indexBits) : indexBits(indexBits) {
  // Conversions are tried last-added first; there is no identity fallback,
  // so an unknown type is unconvertible and the op using it fails.

  // Ref-counted objects of the HAL.
  addConversion([](Type type) -> std::optional<Type> {
    if (llvm::isa_and_present<hal::HALDialect>(&type.getDialect()))
      return RefType::get(type);
    return std::nullopt;
  });

  // VM types are final.
  addConversion([](RefType type) { return type; });
  addConversion([](OpaqueType type) { return type; });

  addConversion([this](IndexType type) -> Type {
    return IntegerType::get(type.getContext(), this->indexBits);
  });
  addConversion([](IntegerType type) -> std::optional<Type> {
    return convertIntegerWidth(type.getContext(), type.getWidth());
  });
  addConversion([](FloatType type) -> std::optional<Type> {
    if (type.getWidth() < 32)
      return IntegerType::get(type.getContext(), 32);
    if (type.isF32() || type.isF64())
      return type;
    return Type();
  });
  addConversion([](VectorType type) -> Type {
    return getBufferRefType(type.getContext());
  });

  addConversion([](util::BufferType type) -> Type {
    return getBufferRefType(type.getContext());
  });
  addConversion([](util::ObjectType type) -> Type {
    return RefType::get(type.getContext(), OpaqueType::get(type.getContext()));
  });
  addConversion([](util::VariantType type) -> Type {
    return OpaqueType::get(type.getContext());
  });
  addConversion([this](util::ListType type) -> std::optional<Type> {
    Type element = type.getElementType();
    MLIRContext *context = type.getContext();
    Type converted;
    if (llvm::isa<util::ObjectType, util::VariantType>(element)) {
      converted = OpaqueType::get(context);
    } else {
      converted = convertType(element);
      if (!converted)
        return Type();
      // A ref to an opaque object is stored as an opaque element.
      if (auto ref = llvm::dyn_cast<RefType>(converted);
          ref && llvm::isa<OpaqueType>(ref.getObjectType()))
        converted = OpaqueType::get(context);
    }
    if (failed(ListType::verify(
            [&] { return emitError(UnknownLoc::get(context)); }, converted)))
      return Type();
    return getListRefType(converted);
  });
}

} // namespace sluice::vm
