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

/// Parses a bare case keyword or a quoted `A|B` string into an i32 attribute.
static ParseResult parseBitfield(OpAsmParser &parser, IntegerAttr &attr,
                                 const BitfieldEnum &info,
                                 StringRef attrName) {
  SMLoc loc = parser.getCurrentLocation();
  std::string text;
  if (failed(parser.parseOptionalKeywordOrString(&text)))
    return parser.emitError(loc, "expected string or keyword containing one "
                                 "of the following enum values for attribute '")
           << attrName << "' [" << info.caseList() << "]";
  std::optional<uint64_t> value = info.symbolize(text);
  if (!value)
    return parser.emitError(loc, "invalid ")
           << attrName << " attribute specification: \"" << text << '"';
  attr = parser.getBuilder().getI32IntegerAttr(static_cast<int32_t>(*value));
  return success();
}

/// Prints bare for a single-bit case, quoted otherwise.
static void printBitfield(OpAsmPrinter &p, IntegerAttr attr,
                          const BitfieldEnum &info) {
  uint64_t value = static_cast<uint32_t>(attr.getInt());
  std::string text = info.stringify(value);
  if (info.isSingleBitCase(value))
    p << text;
  else
    p << '"' << text << '"';
}

static ParseResult parseMemoryTypeBitfield(OpAsmParser &parser,
                                           IntegerAttr &attr) {
  return parseBitfield(parser, attr, getMemoryTypeBitfield(), "type");
}
static void printMemoryTypeBitfield(OpAsmPrinter &p, Operation *,
                                    IntegerAttr attr) {
  printBitfield(p, attr, getMemoryTypeBitfield());
}
static ParseResult parseBufferUsageBitfield(OpAsmParser &parser,
                                            IntegerAttr &attr) {
  return parseBitfield(parser, attr, getBufferUsageBitfield(), "usage");
}
static void printBufferUsageBitfield(OpAsmPrinter &p, Operation *,
                                     IntegerAttr attr) {
  printBitfield(p, attr, getBufferUsageBitfield());
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
