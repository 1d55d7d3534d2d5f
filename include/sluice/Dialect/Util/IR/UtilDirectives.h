//===- UtilDirectives.h - shared custom assembly directives -----*- C++ -*-===//
//
// Custom directives (support-dialects.md §1.5) shared by util, hal, flow and
// stream ops. Ops use them from declarative formats as `custom<Name>(...)`;
// each op .cpp brings them into scope with `using namespace sluice::util;`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILDIRECTIVES_H
#define SLUICE_DIALECT_UTIL_IR_UTILDIRECTIVES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace sluice::util {

/// `{%v, ...}` holding exactly `count` values, nothing when `count` is 0: the
/// dynamic dims of a shaped type or the size of a size-aware type. A wrong
/// count is reported as "expected <count> dynamic dims for <type> but got <n>".
mlir::ParseResult parseDimBraces(
    mlir::OpAsmParser &parser, mlir::Type type, unsigned count,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &values);
/// Prints `count` values of `values` from `next` in braces (advancing
/// `next`); `<<INVALID>>` when the list is too short.
void printDimBraces(mlir::OpAsmPrinter &p, unsigned count,
                    mlir::ValueRange values, unsigned &next);

using UnresolvedOperand = mlir::OpAsmParser::UnresolvedOperand;

// `[ 'public' | 'private' | 'nested' ]`; always prints a word.
mlir::ParseResult parseSymbolVisibility(mlir::OpAsmParser &parser,
                                        mlir::StringAttr &visibility);
void printSymbolVisibility(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::StringAttr visibility);

// `'=' attr` | `':' T [ '=' attr ]`.
mlir::ParseResult parseTypeOrAttr(mlir::OpAsmParser &parser,
                                  mlir::TypeAttr &type, mlir::Attribute &value);
void printTypeOrAttr(mlir::OpAsmPrinter &p, mlir::Operation *op,
                     mlir::TypeAttr type, mlir::Attribute value);

// `sym [ 'as' '(' str ')' ]`.
mlir::ParseResult parseSymbolAlias(mlir::OpAsmParser &parser,
                                   mlir::StringAttr &name,
                                   mlir::FlatSymbolRefAttr &ref);
void printSymbolAlias(mlir::OpAsmPrinter &p, mlir::Operation *op,
                      mlir::StringAttr name, mlir::FlatSymbolRefAttr ref);

// `T [ 'as' U ]`: encoding type T, storage type U.
mlir::ParseResult parseTypeAlias(mlir::OpAsmParser &parser,
                                 mlir::TypeAttr &encodingType,
                                 mlir::Type &storageType);
void printTypeAlias(mlir::OpAsmPrinter &p, mlir::Operation *op,
                    mlir::TypeAttr encodingType, mlir::Type storageType);

// `'[' [ %v { ',' %v } ] ']'`, each value of type `type`.
mlir::ParseResult
parseTypedValueList(mlir::OpAsmParser &parser, mlir::Type type,
                    llvm::SmallVectorImpl<UnresolvedOperand> &values,
                    llvm::SmallVectorImpl<mlir::Type> &valueTypes);
void printTypedValueList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::Type type, mlir::ValueRange values,
                         mlir::TypeRange valueTypes);

// `'[' %off 'for' %len ']' { ',' ... }`.
mlir::ParseResult
parseRangeList(mlir::OpAsmParser &parser,
               llvm::SmallVectorImpl<UnresolvedOperand> &offsets,
               llvm::SmallVectorImpl<UnresolvedOperand> &lengths);
void printRangeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                    mlir::ValueRange offsets, mlir::ValueRange lengths);

// `T{%size}`.
mlir::ParseResult parseSizeAwareType(mlir::OpAsmParser &parser,
                                     mlir::Type &type, UnresolvedOperand &size);
void printSizeAwareType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                        mlir::Type type, mlir::Value size);

// `'(' [ T { ',' T } ] ')'`.
mlir::ParseResult
parseOperandTypeList(mlir::OpAsmParser &parser,
                     llvm::SmallVectorImpl<mlir::Type> &types);
void printOperandTypeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          mlir::TypeRange types);

// `entry { ',' entry }`, `entry := %x [ 'as' T ] | T`, tied to operands.
mlir::ParseResult
parseTiedResultList(mlir::OpAsmParser &parser,
                    llvm::ArrayRef<UnresolvedOperand> operands,
                    mlir::TypeRange operandTypes,
                    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
                    mlir::ArrayAttr &tiedOperands);
void printTiedResultList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::ValueRange operands,
                         mlir::TypeRange operandTypes,
                         mlir::TypeRange resultTypes,
                         mlir::ArrayAttr tiedOperands);

// As TiedResultList, parenthesized unless exactly one result.
mlir::ParseResult
parseTiedFunctionResultList(mlir::OpAsmParser &parser,
                            llvm::ArrayRef<UnresolvedOperand> operands,
                            mlir::TypeRange operandTypes,
                            llvm::SmallVectorImpl<mlir::Type> &resultTypes,
                            mlir::ArrayAttr &tiedOperands);
void printTiedFunctionResultList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                 mlir::ValueRange operands,
                                 mlir::TypeRange operandTypes,
                                 mlir::TypeRange resultTypes,
                                 mlir::ArrayAttr tiedOperands);

// `T DIMS(T) { ',' T DIMS(T) }`.
mlir::ParseResult
parseShapedTypeList(mlir::OpAsmParser &parser,
                    llvm::SmallVectorImpl<mlir::Type> &types,
                    llvm::SmallVectorImpl<UnresolvedOperand> &dims);
void printShapedTypeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::TypeRange types, mlir::ValueRange dims);
// The two-list form used by ops with separate type/dims groups.
mlir::ParseResult
parseShapedTypeList(mlir::OpAsmParser &parser,
                    llvm::SmallVectorImpl<mlir::Type> &types0,
                    llvm::SmallVectorImpl<mlir::Type> &types1,
                    llvm::SmallVectorImpl<UnresolvedOperand> &dims);
void printShapedTypeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::TypeRange types0, mlir::TypeRange types1,
                         mlir::ValueRange dims);

// `[ %x 'as' ] T DIMS(T)`: a single possibly tied result.
mlir::ParseResult
parseShapedTiedResult(mlir::OpAsmParser &parser, mlir::Type &resultType,
                      llvm::SmallVectorImpl<UnresolvedOperand> &resultDims);
mlir::ParseResult
parseShapedTiedResult(mlir::OpAsmParser &parser, mlir::Type &resultType,
                      llvm::SmallVectorImpl<UnresolvedOperand> &resultDims,
                      mlir::ArrayAttr &tiedOperands);
mlir::ParseResult parseShapedTiedResult(mlir::OpAsmParser &parser,
                                        mlir::Type &resultType,
                                        UnresolvedOperand &resultDim);
void printShapedTiedResult(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::Type resultType, mlir::ValueRange resultDims);
void printShapedTiedResult(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::Type resultType, mlir::ValueRange resultDims,
                           mlir::ArrayAttr tiedOperands);
void printShapedTiedResult(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::Type resultType, mlir::Value resultDim);

// `rentry { ',' rentry }`, `rentry := ( %x [ 'as' T ] | T ) DIMS(type)`.
mlir::ParseResult parseShapedResultList(
    mlir::OpAsmParser &parser, llvm::ArrayRef<UnresolvedOperand> operands,
    mlir::TypeRange operandTypes, llvm::ArrayRef<UnresolvedOperand> operandDims,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    llvm::SmallVectorImpl<UnresolvedOperand> &resultDims,
    mlir::ArrayAttr &tiedOperands);
void printShapedResultList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::ValueRange operands,
                           mlir::TypeRange operandTypes,
                           mlir::ValueRange operandDims,
                           mlir::TypeRange resultTypes,
                           mlir::ValueRange resultDims,
                           mlir::ArrayAttr tiedOperands);

// `'(' [ ShapedTypeList ] ')' '->' ( '(' ')' | '(' ShapedResultList ')' |
// ShapedResultList-with-one-entry )`.
mlir::ParseResult
parseShapedFunctionType(mlir::OpAsmParser &parser,
                        llvm::ArrayRef<UnresolvedOperand> operands,
                        llvm::SmallVectorImpl<mlir::Type> &operandTypes,
                        llvm::SmallVectorImpl<UnresolvedOperand> &operandDims,
                        llvm::SmallVectorImpl<mlir::Type> &resultTypes,
                        llvm::SmallVectorImpl<UnresolvedOperand> &resultDims,
                        mlir::ArrayAttr &tiedOperands);
void printShapedFunctionType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                             mlir::ValueRange operands,
                             mlir::TypeRange operandTypes,
                             mlir::ValueRange operandDims,
                             mlir::TypeRange resultTypes,
                             mlir::ValueRange resultDims,
                             mlir::ArrayAttr tiedOperands);

// `'(' [ %a ':' T [ATTRS] { ',' ... } ] ')' [ '->' ... ]` (arguments renamed
// %argN when printed).
mlir::ParseResult parseShapedFunctionSignature(mlir::OpAsmParser &parser,
                                               mlir::TypeAttr &functionTypeAttr,
                                               mlir::ArrayAttr &tiedOperands,
                                               mlir::ArrayAttr &argAttrs,
                                               mlir::ArrayAttr &resultAttrs);
void printShapedFunctionSignature(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                  mlir::TypeAttr functionTypeAttr,
                                  mlir::ArrayAttr tiedOperands,
                                  mlir::ArrayAttr argAttrs,
                                  mlir::ArrayAttr resultAttrs);

// `'[' [ %v ':' T { ',' %v ':' T } ] ']'`.
mlir::ParseResult
parseValueTypeList(mlir::OpAsmParser &parser,
                   llvm::SmallVectorImpl<UnresolvedOperand> &values,
                   llvm::SmallVectorImpl<mlir::Type> &types);
void printValueTypeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                        mlir::ValueRange values, mlir::TypeRange types);

// `L [ '->' T ]`: list type, then the access type when it differs.
mlir::ParseResult parseListTypeGet(mlir::OpAsmParser &parser,
                                   mlir::Type &listType,
                                   mlir::Type &resultType);
void printListTypeGet(mlir::OpAsmPrinter &p, mlir::Operation *op,
                      mlir::Type listType, mlir::Type resultType);

// `L` | `T '->' L`.
mlir::ParseResult parseListTypeSet(mlir::OpAsmParser &parser,
                                   mlir::Type &listType, mlir::Type &valueType);
void printListTypeSet(mlir::OpAsmPrinter &p, mlir::Operation *op,
                      mlir::Type listType, mlir::Type valueType);

// Tied-result printing shared with util.func and friends: prints `%x`,
// `%x as T` or `T` for result `resultIndex` of `op`.
void printTiedResultEntry(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          unsigned resultIndex, mlir::Type resultType);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_UTILDIRECTIVES_H
