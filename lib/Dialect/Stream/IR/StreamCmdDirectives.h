//===- StreamCmdDirectives.h - custom directives of the cmd ops -*- C++ -*-===//
//
// Custom assembly directives of the command-phase ops (stream-ir.md §12.10,
// §11.14–§11.17).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {

// `(` [ %outer `as` %arg `:` T `{` %size `}` { `,` ... } ] `)` region (§11.14).
// The parser appends an operand-less `stream.yield` when the block has no
// terminator; the printer omits entry block arguments and terminators.
mlir::ParseResult parseExplicitResourceRegion(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands,
    llvm::SmallVectorImpl<mlir::Type> &operandTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operandSizes,
    mlir::Region &body);
void printExplicitResourceRegion(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                 mlir::ValueRange operands,
                                 mlir::TypeRange operandTypes,
                                 mlir::ValueRange operandSizes,
                                 mlir::Region &body);

// `access %r[%offset for %length] : T{%size}` rows (§11.15).
mlir::ParseResult parseDispatchResources(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resources,
    llvm::SmallVectorImpl<mlir::Type> &resourceTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resourceSizes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand>
        &resourceOffsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand>
        &resourceLengths,
    mlir::ArrayAttr &resourceAccesses);
void printDispatchResources(mlir::OpAsmPrinter &p, mlir::Operation *op,
                            mlir::ValueRange resources,
                            mlir::TypeRange resourceTypes,
                            mlir::ValueRange resourceSizes,
                            mlir::ValueRange resourceOffsets,
                            mlir::ValueRange resourceLengths,
                            mlir::ArrayAttr resourceAccesses);

// `(` [ ( access %r[%offset for %length] | %x ) { `,` ... } ] `)` (§11.16).
mlir::ParseResult parseCmdCallOperands(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &offsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &lengths,
    mlir::ArrayAttr &accesses);
void printCmdCallOperands(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          mlir::ValueRange operands, mlir::ValueRange offsets,
                          mlir::ValueRange lengths, mlir::ArrayAttr accesses);

// `(%arg0[%arg1 for %arg2]: T, %arg3: U) -> R` (§11.17).
mlir::ParseResult parseDispatchFunctionSignature(mlir::OpAsmParser &parser,
                                                 mlir::TypeAttr &functionType,
                                                 mlir::ArrayAttr &argAttrs,
                                                 mlir::ArrayAttr &resultAttrs);
void printDispatchFunctionSignature(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                    mlir::TypeAttr functionType,
                                    mlir::ArrayAttr argAttrs,
                                    mlir::ArrayAttr resultAttrs);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMCMDDIRECTIVES_H
