//===- EncodingAttrs.h - iree_encoding attributes ---------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS_H
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TensorEncoding.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

#include "sluice/Dialect/Encoding/IR/EncodingEnums.h.inc"

namespace sluice::iree_encoding {

/// `[a, ?, b]` lists (padding, iteration sizes): `?` is the dynamic sentinel.
mlir::FailureOr<mlir::DenseI64ArrayAttr>
parseDynamicIndexList(mlir::AsmParser &parser);
void printDynamicIndexList(mlir::AsmPrinter &printer,
                           llvm::ArrayRef<int64_t> values);
mlir::FailureOr<mlir::ArrayAttr> parseIterationSizes(mlir::AsmParser &parser);
void printIterationSizes(mlir::AsmPrinter &printer, mlir::ArrayAttr sizes);

} // namespace sluice::iree_encoding

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h.inc"

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGATTRS_H
