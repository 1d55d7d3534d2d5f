//===- StreamDirectives.h - stream custom assembly directives ---*- C++ -*-===//
//
// Custom directives used only by stream ops (stream-ir.md §11). Included by
// StreamOps.cpp, where the generated parsers and printers call them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

namespace sluice::stream {

using UnresolvedOperand = mlir::OpAsmParser::UnresolvedOperand;

// `[start, end] = %size` rows of `stream.resource.pack` (§11.25).
mlir::ParseResult parsePackSliceRanges(
    mlir::OpAsmParser &parser, mlir::ArrayAttr &lifetimeIntervals,
    llvm::SmallVectorImpl<UnresolvedOperand> &dynamicSliceSizes,
    llvm::SmallVectorImpl<mlir::Type> &packedOffsetTypes);
void printPackSliceRanges(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          mlir::ArrayAttr lifetimeIntervals,
                          mlir::ValueRange dynamicSliceSizes,
                          mlir::TypeRange packedOffsetTypes);

// `type{%size} = attr` rows of `stream.resource.constants` (§11.26).
mlir::ParseResult
parseConstantValueList(mlir::OpAsmParser &parser,
                       llvm::SmallVectorImpl<mlir::Type> &resultTypes,
                       llvm::SmallVectorImpl<UnresolvedOperand> &resultSizes,
                       mlir::ArrayAttr &values);
void printConstantValueList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                            mlir::TypeRange resultTypes,
                            mlir::ValueRange resultSizes,
                            mlir::ArrayAttr values);

// `workgroups(%args) -> (index, index, index) { ... }` (§11.3).
mlir::ParseResult parseWorkgroupCountRegion(mlir::OpAsmParser &parser,
                                            mlir::Region &body);
void printWorkgroupCountRegion(mlir::OpAsmPrinter &p, mlir::Operation *op,
                               mlir::Region &body);

// `@ex::@fn` or `{@ex::@a, @ex::@b}` entry-point lists of the dispatch ops
// (§11.9); `entryPoints` is an array of symbol references.
mlir::ParseResult parseDispatchEntryPoints(mlir::OpAsmParser &parser,
                                           mlir::ArrayAttr &entryPoints);
void printDispatchEntryPoints(mlir::OpAsmPrinter &p, mlir::Operation *op,
                              mlir::ArrayAttr entryPoints);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMDIRECTIVES_H
