//===- UtilListOps.cpp - util list ops ------------------------------------===//

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;

namespace sluice::util {

ParseResult parseListTypeGet(OpAsmParser &parser, Type &listType,
                             Type &resultType) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(listType))
    return failure();
  auto list = dyn_cast<ListType>(listType);
  if (!list)
    return parser.emitError(loc, "expected !util.list<T> type");
  resultType = list.getElementType();
  if (succeeded(parser.parseOptionalArrow())) {
    SMLoc typeLoc = parser.getCurrentLocation();
    if (failed(parser.parseType(resultType)))
      return parser.emitError(
          typeLoc,
          "expected an element type when specifying list access types");
    if (!ListType::canImplicitlyCast(list.getElementType(), resultType))
      return parser.emitError(
          typeLoc, "list access types must match the same base type as the "
                   "list element type (when not variant)");
  }
  return success();
}

void printListTypeGet(OpAsmPrinter &p, Operation *, Type listType,
                      Type resultType) {
  p.printType(listType);
  if (cast<ListType>(listType).getElementType() != resultType) {
    p << " -> ";
    p.printType(resultType);
  }
}

ParseResult parseListTypeSet(OpAsmParser &parser, Type &listType,
                             Type &valueType) {
  SMLoc loc = parser.getCurrentLocation();
  Type leading;
  if (parser.parseType(leading))
    return parser.emitError(loc, "expected element type or !util.list<T> type");
  if (succeeded(parser.parseOptionalArrow())) {
    SMLoc listLoc = parser.getCurrentLocation();
    if (parser.parseType(listType) || !isa<ListType>(listType))
      return parser.emitError(listLoc, "expected an !util.list<T> type");
    valueType = leading;
    return success();
  }
  auto list = dyn_cast<ListType>(leading);
  if (!list)
    return parser.emitError(loc, "expected an !util.list<T> type");
  listType = list;
  valueType = list.getElementType();
  return success();
}

void printListTypeSet(OpAsmPrinter &p, Operation *, Type listType,
                      Type valueType) {
  if (cast<ListType>(listType).getElementType() != valueType) {
    p.printType(valueType);
    p << " -> ";
  }
  p.printType(listType);
}

LogicalResult ListConstructOp::verify() {
  Type elementType = cast<ListType>(getResult().getType()).getElementType();
  for (auto [i, value] : llvm::enumerate(getValues()))
    if (!ListType::canImplicitlyCast(value.getType(), elementType))
      return emitOpError("list[")
             << i << "] type " << value.getType()
             << " cannot be be cast to list type " << elementType;
  return success();
}

LogicalResult ListGetOp::verify() {
  Type elementType = cast<ListType>(getList().getType()).getElementType();
  if (!ListType::canImplicitlyCast(elementType, getResult().getType()))
    return emitError() << "list contains " << elementType
                       << " and cannot be accessed as "
                       << getResult().getType();
  return success();
}

LogicalResult ListSetOp::verify() {
  Type elementType = cast<ListType>(getList().getType()).getElementType();
  if (!ListType::canImplicitlyCast(getValue().getType(), elementType))
    return emitError() << "list contains " << elementType
                       << " and cannot be mutated as " << getValue().getType();
  return success();
}

} // namespace sluice::util
