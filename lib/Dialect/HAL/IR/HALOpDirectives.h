//===- HALOpDirectives.h - custom directives shared by hal ops --*- C++ -*-===//
//
// Private to lib/Dialect/HAL/IR: the bit-enum attribute directives
// (support-dialects.md §0.3 rules 1/2) used by the op formats of HALOps.td
// and HALCommandOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_HAL_IR_HALOPDIRECTIVES_H
#define SLUICE_LIB_DIALECT_HAL_IR_HALOPDIRECTIVES_H

#include "sluice/Dialect/HAL/IR/HALEnums.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace sluice::hal::detail {

/// Parses an enum op attribute (rules 1/2) into an integer attribute of
/// `width` bits.
inline mlir::ParseResult parseEnumAttr(mlir::OpAsmParser &parser,
                                       mlir::IntegerAttr &attr,
                                       const EnumInfo &info,
                                       llvm::StringRef attrName,
                                       unsigned width = 32) {
  uint64_t value = 0;
  if (parseEnumOpAttr(parser, info, attrName, value))
    return mlir::failure();
  attr = parser.getBuilder().getIntegerAttr(
      parser.getBuilder().getIntegerType(width), value);
  return mlir::success();
}

inline void printEnumAttr(mlir::OpAsmPrinter &p, mlir::IntegerAttr attr,
                          const EnumInfo &info) {
  printEnumOpAttr(p, info, attr.getValue().getZExtValue());
}

} // namespace sluice::hal::detail

/// Defines the `custom<Name>($attr)` directive functions of one enum.
#define SLUICE_HAL_ENUM_DIRECTIVE(Name, getInfo, attrName, width)              \
  [[maybe_unused]] static mlir::ParseResult parse##Name(                       \
      mlir::OpAsmParser &parser, mlir::IntegerAttr &attr) {                    \
    return ::sluice::hal::detail::parseEnumAttr(parser, attr, getInfo(),       \
                                                attrName, width);              \
  }                                                                            \
  [[maybe_unused]] static void print##Name(                                    \
      mlir::OpAsmPrinter &p, mlir::Operation *, mlir::IntegerAttr attr) {      \
    ::sluice::hal::detail::printEnumAttr(p, attr, getInfo());                  \
  }

#endif // SLUICE_LIB_DIALECT_HAL_IR_HALOPDIRECTIVES_H
