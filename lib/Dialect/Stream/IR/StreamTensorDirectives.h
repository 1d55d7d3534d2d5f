//===- StreamTensorDirectives.h - custom directives of the tensor ops -*- C++
//-*-===//
//
// Custom assembly directives of the tensor-phase ops (stream-ir.md §12.5,
// §11.9, §11.11, §11.12).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {

// §11.11 (`stream.tensor.dispatch`):
// `(` [enc-operand {, enc-operand}] `)` `->` results, where an operand is
// `T braces(T) [in T braces(T)]` and a result is `T braces(T)` or
// `E braces(E) in (%x [as T] | T) [{%size}]`.
mlir::ParseResult parseEncodedShapedFunctionType(
    mlir::OpAsmParser &parser,
    llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> operands,
    llvm::SmallVectorImpl<mlir::Type> &operandTypes,
    mlir::ArrayAttr &operandEncodings,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand>
        &operandEncodingDims,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operandSizes,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    mlir::ArrayAttr &resultEncodings,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand>
        &resultEncodingDims,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resultSizes,
    mlir::ArrayAttr &tiedOperands);
void printEncodedShapedFunctionType(
    mlir::OpAsmPrinter &p, mlir::Operation *op, mlir::ValueRange operands,
    mlir::TypeRange operandTypes, mlir::ArrayAttr operandEncodings,
    mlir::ValueRange operandEncodingDims, mlir::ValueRange operandSizes,
    mlir::TypeRange resultTypes, mlir::ArrayAttr resultEncodings,
    mlir::ValueRange resultEncodingDims, mlir::ValueRange resultSizes,
    mlir::ArrayAttr tiedOperands);

// §11.12 (`stream.tensor.trace`):
// `%r : E [{dims}] in T{%size}` {`,` ...}, one entry per line when printed.
mlir::ParseResult parseEncodedResourceOperands(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resources,
    llvm::SmallVectorImpl<mlir::Type> &resourceTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resourceSizes,
    mlir::ArrayAttr &resourceEncodings,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand>
        &resourceEncodingDims);
void printEncodedResourceOperands(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                  mlir::ValueRange resources,
                                  mlir::TypeRange resourceTypes,
                                  mlir::ValueRange resourceSizes,
                                  mlir::ArrayAttr resourceEncodings,
                                  mlir::ValueRange resourceEncodingDims);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMTENSORDIRECTIVES_H
