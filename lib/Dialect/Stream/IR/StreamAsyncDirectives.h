//===- StreamAsyncDirectives.h - custom directives of the async ops -*- C++
//-*-===//
//
// Custom assembly directives of the async-phase ops (stream-ir.md §12.7, §12.8,
// §11.10, §11.13, §11.18).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"

namespace sluice::stream {

class CollectiveAttr;

// `(` [ %x [ `[` %off `to` %end `for` %len `]` ] { `,` ... } ] `)` (§11.10).
mlir::ParseResult parseDispatchOperands(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &offsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &ends,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &lengths);
void printDispatchOperands(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::ValueRange operands, mlir::ValueRange offsets,
                           mlir::ValueRange ends, mlir::ValueRange lengths);

// `(` captures `)` [ `->` results ] region (§11.13).
mlir::ParseResult parseResourceRegion(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operands,
    llvm::SmallVectorImpl<mlir::Type> &operandTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &operandSizes,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resultSizes,
    mlir::ArrayAttr &tiedOperands, mlir::Region &body);
void printResourceRegion(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::ValueRange operands,
                         mlir::TypeRange operandTypes,
                         mlir::ValueRange operandSizes,
                         mlir::TypeRange resultTypes,
                         mlir::ValueRange resultSizes,
                         mlir::ArrayAttr tiedOperands, mlir::Region &body);

// The kind-dependent `keyword(%param)` of `stream.async.collective` (§11.18).
mlir::ParseResult parseCollectiveParam(
    mlir::OpAsmParser &parser, CollectiveAttr op,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &param);
void printCollectiveParam(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          CollectiveAttr collective, mlir::Value param);

/// The §11.18 parameter keyword of a collective kind, or empty.
llvm::StringRef getCollectiveParamKeyword(CollectiveKind kind);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMASYNCDIRECTIVES_H
