//===- HALOps.cpp - hal ops -----------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"

using namespace mlir;
using namespace sluice::hal;

//===----------------------------------------------------------------------===//
// Bit-enum attribute directives
//===----------------------------------------------------------------------===//

/// Parses an enum op attribute (rules 1/2) into an integer attribute of
/// `width` bits.
static ParseResult parseEnumAttr(OpAsmParser &parser, IntegerAttr &attr,
                                 const EnumInfo &info, StringRef attrName,
                                 unsigned width = 32) {
  uint64_t value = 0;
  if (parseEnumOpAttr(parser, info, attrName, value))
    return failure();
  attr = parser.getBuilder().getIntegerAttr(
      parser.getBuilder().getIntegerType(width), value);
  return success();
}

static void printEnumAttr(OpAsmPrinter &p, IntegerAttr attr,
                          const EnumInfo &info) {
  printEnumOpAttr(p, info, attr.getValue().getZExtValue());
}

static ParseResult parseMemoryTypeBitfield(OpAsmParser &parser,
                                           IntegerAttr &attr) {
  return parseEnumAttr(parser, attr, getMemoryTypeBitfield(), "type");
}
static void printMemoryTypeBitfield(OpAsmPrinter &p, Operation *,
                                    IntegerAttr attr) {
  printEnumAttr(p, attr, getMemoryTypeBitfield());
}
static ParseResult parseBufferUsageBitfield(OpAsmParser &parser,
                                            IntegerAttr &attr) {
  return parseEnumAttr(parser, attr, getBufferUsageBitfield(), "usage");
}
static void printBufferUsageBitfield(OpAsmPrinter &p, Operation *,
                                     IntegerAttr attr) {
  printEnumAttr(p, attr, getBufferUsageBitfield());
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/HAL/IR/HALOps.cpp.inc"

void HALDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/HAL/IR/HALOps.cpp.inc"
      >();
}
