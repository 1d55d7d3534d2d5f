//===- UtilTypes.cpp - util types -----------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::util;

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilTypes.cpp.inc"

void UtilDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/Util/IR/UtilTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !util.buffer
//===----------------------------------------------------------------------===//

bool BufferType::isAccessStorageCompatible(Type accessType) const {
  return isa<BufferType>(accessType);
}

Value BufferType::inferSizeFromValue(Location loc, Value value,
                                     OpBuilder &builder) const {
  return builder.createOrFold<BufferSizeOp>(loc, builder.getIndexType(), value);
}

Value BufferType::createSubrangeOp(Location loc, Value resource,
                                   Value resourceSize, Value subrangeOffset,
                                   Value subrangeLength,
                                   OpBuilder &builder) const {
  return BufferSubspanOp::create(builder, loc, resource.getType(), resource,
                                 resourceSize, subrangeOffset, subrangeLength);
}

//===----------------------------------------------------------------------===//
// !util.list
//===----------------------------------------------------------------------===//

Type ListType::parse(AsmParser &parser) {
  Type elementType;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalQuestion()))
    elementType = VariantType::get(parser.getContext());
  else if (parser.parseType(elementType))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ListType>(parser.getContext(), elementType);
}

void ListType::print(AsmPrinter &printer) const {
  printer << '<';
  if (isa<VariantType>(getElementType()))
    printer << '?';
  else
    printer << getElementType();
  printer << '>';
}

LogicalResult ListType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type elementType) {
  if (!isCompatible(elementType))
    return emitError() << "invalid element type for a list: " << elementType;
  return success();
}

/// Object-compatible: anything but integers, indices, floats and complex.
static bool isObjectCompatible(Type type) {
  return !isa<IntegerType, IndexType, FloatType, ComplexType>(type);
}

bool ListType::canImplicitlyCast(Type from, Type to) {
  if (isa<VariantType>(from) || isa<VariantType>(to))
    return true;
  if (isa<ObjectType>(from) && isObjectCompatible(to))
    return true;
  if (isObjectCompatible(from) && isa<ObjectType>(to))
    return true;
  if (isa<TensorType>(from) && isa<TensorType>(to))
    return true;
  return from == to;
}
