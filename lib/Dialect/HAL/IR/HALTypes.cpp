//===- HALTypes.cpp - hal types -------------------------------------------===//
//
// HAL types are parameterless and spelled `!hal.<keyword>`; the dialect parses
// them by hand so that unknown keywords get HAL's own error.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Util/IR/DialectTypeSyntax.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::hal;

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/HAL/IR/HALTypes.cpp.inc"

void HALDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/HAL/IR/HALTypes.cpp.inc"
      >();
}

Type HALDialect::parseType(DialectAsmParser &parser) const {
  return sluice::util::parseTypeOrReportUnknown(parser, generatedTypeParser,
                                                "HAL");
}

void HALDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (failed(generatedTypePrinter(type, printer)))
    llvm_unreachable("unhandled HAL type");
}

//===----------------------------------------------------------------------===//
// InferTypeSizeInterface
//===----------------------------------------------------------------------===//

Value BufferType::inferSizeFromValue(Location loc, Value value,
                                     OpBuilder &builder) const {
  return BufferLengthOp::create(builder, loc, builder.getIndexType(), value);
}

Value BufferViewType::inferSizeFromValue(Location loc, Value value,
                                         OpBuilder &builder) const {
  Value buffer = BufferViewBufferOp::create(
      builder, loc, BufferType::get(builder.getContext()), value);
  return BufferLengthOp::create(builder, loc, builder.getIndexType(), buffer);
}
