//===- StreamParameterDirectives.h - parameter op directives ---*- C++ -*-===//
//
// Custom assembly directives of the tensor/async/cmd parameter ops
// (stream-ir.md §12.6, §12.9, §12.11, §11.19–§11.24).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H

#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace sluice::stream {

// `%key` or `%scope::%key` (§11.19).
mlir::ParseResult parseParameterReference(
    mlir::OpAsmParser &parser,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    mlir::OpAsmParser::UnresolvedOperand &key);
void printParameterReference(mlir::OpAsmPrinter &p, mlir::Operation *op,
                             mlir::Value scope, mlir::Value key);

// `%scope::%key[%offset] : type{%size}` rows of `cmd.parameter.load` (§11.20).
mlir::ParseResult parseParameterLoadOperations(
    mlir::OpAsmParser &parser,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &keys,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &offsets,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resultSizes);
void printParameterLoadOperations(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                  mlir::Value scope, mlir::ValueRange keys,
                                  mlir::ValueRange offsets,
                                  mlir::TypeRange resultTypes,
                                  mlir::ValueRange resultSizes);

// `%scope::%key[%offset] -> %target[%o to %e for %l] : type{%size}` rows of
// `async.parameter.gather` (§11.21).
mlir::ParseResult parseAsyncParameterGatherOperations(
    mlir::OpAsmParser &parser,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &keys,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceOffsets,
    mlir::OpAsmParser::UnresolvedOperand &target, mlir::Type &targetType,
    mlir::OpAsmParser::UnresolvedOperand &targetSize,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetOffsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetEnds,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetLengths);
void printAsyncParameterGatherOperations(
    mlir::OpAsmPrinter &p, mlir::Operation *op, mlir::Value scope,
    mlir::ValueRange keys, mlir::ValueRange sourceOffsets, mlir::Value target,
    mlir::Type targetType, mlir::Value targetSize,
    mlir::ValueRange targetOffsets, mlir::ValueRange targetEnds,
    mlir::ValueRange targetLengths);

// `%scope::%key[%offset] -> %target[%o for %l] : type{%size}` rows of
// `cmd.parameter.gather` (§11.22).
mlir::ParseResult parseCmdParameterGatherOperations(
    mlir::OpAsmParser &parser,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &keys,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceOffsets,
    mlir::OpAsmParser::UnresolvedOperand &target, mlir::Type &targetType,
    mlir::OpAsmParser::UnresolvedOperand &targetSize,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetOffsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetLengths);
void printCmdParameterGatherOperations(
    mlir::OpAsmPrinter &p, mlir::Operation *op, mlir::Value scope,
    mlir::ValueRange keys, mlir::ValueRange sourceOffsets, mlir::Value target,
    mlir::Type targetType, mlir::Value targetSize,
    mlir::ValueRange targetOffsets, mlir::ValueRange targetLengths);

// `%source[%o to %e for %l] : type{%size} -> %scope::%key[%offset]` rows of
// `async.parameter.scatter` (§11.23).
mlir::ParseResult parseAsyncParameterScatterOperations(
    mlir::OpAsmParser &parser, mlir::OpAsmParser::UnresolvedOperand &source,
    mlir::Type &sourceType, mlir::OpAsmParser::UnresolvedOperand &sourceSize,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceOffsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceEnds,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceLengths,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &keys,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetOffsets);
void printAsyncParameterScatterOperations(
    mlir::OpAsmPrinter &p, mlir::Operation *op, mlir::Value source,
    mlir::Type sourceType, mlir::Value sourceSize,
    mlir::ValueRange sourceOffsets, mlir::ValueRange sourceEnds,
    mlir::ValueRange sourceLengths, mlir::Value scope, mlir::ValueRange keys,
    mlir::ValueRange targetOffsets);

// `%source[%o for %l] : type{%size} -> %scope::%key[%offset]` rows of
// `cmd.parameter.scatter` (§11.24).
mlir::ParseResult parseCmdParameterScatterOperations(
    mlir::OpAsmParser &parser, mlir::OpAsmParser::UnresolvedOperand &source,
    mlir::Type &sourceType, mlir::OpAsmParser::UnresolvedOperand &sourceSize,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceOffsets,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &sourceLengths,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> &scope,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &keys,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &targetOffsets);
void printCmdParameterScatterOperations(
    mlir::OpAsmPrinter &p, mlir::Operation *op, mlir::Value source,
    mlir::Type sourceType, mlir::Value sourceSize,
    mlir::ValueRange sourceOffsets, mlir::ValueRange sourceLengths,
    mlir::Value scope, mlir::ValueRange keys, mlir::ValueRange targetOffsets);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMPARAMETERDIRECTIVES_H
