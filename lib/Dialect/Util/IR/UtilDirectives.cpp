//===- UtilDirectives.cpp - shared custom assembly directives -------------===//

#include "sluice/Dialect/Util/IR/UtilDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace sluice::util {

//===----------------------------------------------------------------------===//
// Dimension lists
//===----------------------------------------------------------------------===//

ParseResult parseDimBraces(OpAsmParser &parser, Type type, unsigned count,
                           SmallVectorImpl<UnresolvedOperand> &values) {
  if (count == 0)
    return success();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<UnresolvedOperand> parsed;
  if (parser.parseLBrace() || parser.parseOperandList(parsed) ||
      parser.parseRBrace())
    return failure();
  if (parsed.size() != count)
    return parser.emitError(loc, "expected ")
           << count << " dynamic dims for " << type << " but got "
           << parsed.size();
  values.append(parsed.begin(), parsed.end());
  return success();
}

void printDimBraces(OpAsmPrinter &p, unsigned count, ValueRange values,
                    unsigned &next) {
  if (count == 0)
    return;
  p << '{';
  if (next + count > values.size()) {
    p << "<<INVALID>>";
  } else {
    llvm::interleaveComma(values.slice(next, count), p,
                          [&](Value value) { p.printOperand(value); });
  }
  next += count;
  p << '}';
}

/// Parses `DIMS(T)`: `{%d, ...}` for shaped types with dynamic dims (exactly
/// that many), `{%size}` for size-aware types, nothing otherwise.
static ParseResult parseTypeDims(OpAsmParser &parser, Type type,
                                 SmallVectorImpl<UnresolvedOperand> &dims) {
  return parseDimBraces(parser, type, getDynamicDimCount(type), dims);
}

/// Prints `DIMS(T)` taking the values from `dims` starting at `next`.
static void printTypeDims(OpAsmPrinter &p, Type type, ValueRange dims,
                          unsigned &next) {
  printDimBraces(p, getDynamicDimCount(type), dims, next);
}

//===----------------------------------------------------------------------===//
// SymbolVisibility
//===----------------------------------------------------------------------===//

ParseResult parseSymbolVisibility(OpAsmParser &parser, StringAttr &visibility) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword,
                                            {"public", "private", "nested"})))
    visibility = parser.getBuilder().getStringAttr(keyword);
  return success();
}

void printSymbolVisibility(OpAsmPrinter &p, Operation *,
                           StringAttr visibility) {
  p << (visibility ? visibility.getValue() : StringRef("public"));
}

//===----------------------------------------------------------------------===//
// TypeOrAttr
//===----------------------------------------------------------------------===//

ParseResult parseTypeOrAttr(OpAsmParser &parser, TypeAttr &type,
                            Attribute &value) {
  if (succeeded(parser.parseOptionalEqual())) {
    SMLoc loc = parser.getCurrentLocation();
    OptionalParseResult parsed = parser.parseOptionalAttribute(value);
    if (!parsed.has_value())
      return parser.emitError(loc, "expected attribute");
    if (failed(*parsed))
      return failure();
    if (auto typed = dyn_cast<TypedAttr>(value))
      type = TypeAttr::get(typed.getType());
    return success();
  }
  Type parsedType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseColon() || parser.parseType(parsedType))
    return parser.emitError(loc, "expected type");
  type = TypeAttr::get(parsedType);
  if (succeeded(parser.parseOptionalEqual())) {
    SMLoc valueLoc = parser.getCurrentLocation();
    OptionalParseResult parsed = parser.parseOptionalAttribute(value);
    if (!parsed.has_value())
      return parser.emitError(valueLoc, "expected attribute");
    if (failed(*parsed))
      return failure();
  }
  return success();
}

void printTypeOrAttr(OpAsmPrinter &p, Operation *, TypeAttr type,
                     Attribute value) {
  auto typed = dyn_cast_or_null<TypedAttr>(value);
  bool needsType = !value || !typed || typed.getType() != type.getValue();
  if (needsType) {
    p << ": ";
    p.printType(type.getValue());
  }
  if (value) {
    if (needsType)
      p << ' ';
    p << "= ";
    p.printAttribute(value);
  }
}

//===----------------------------------------------------------------------===//
// SymbolAlias / TypeAlias
//===----------------------------------------------------------------------===//

ParseResult parseSymbolAlias(OpAsmParser &parser, StringAttr &name,
                             FlatSymbolRefAttr &ref) {
  if (parser.parseAttribute(ref))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("as"))) {
    std::string alias;
    if (parser.parseLParen() || parser.parseString(&alias) ||
        parser.parseRParen())
      return failure();
    name = parser.getBuilder().getStringAttr(alias);
  } else {
    name = ref.getAttr();
  }
  return success();
}

void printSymbolAlias(OpAsmPrinter &p, Operation *, StringAttr name,
                      FlatSymbolRefAttr ref) {
  p.printAttributeWithoutType(ref);
  if (name.getValue() != ref.getValue())
    p << " as(\"" << name.getValue() << "\")";
}

ParseResult parseTypeAlias(OpAsmParser &parser, TypeAttr &encodingType,
                           Type &storageType) {
  Type type;
  if (parser.parseType(type))
    return failure();
  encodingType = TypeAttr::get(type);
  storageType = type;
  if (succeeded(parser.parseOptionalKeyword("as")))
    if (parser.parseType(storageType))
      return failure();
  return success();
}

void printTypeAlias(OpAsmPrinter &p, Operation *, TypeAttr encodingType,
                    Type storageType) {
  if (encodingType.getValue() != storageType) {
    p.printType(encodingType.getValue());
    p << " as ";
  }
  p.printType(storageType);
}

//===----------------------------------------------------------------------===//
// Simple lists
//===----------------------------------------------------------------------===//

ParseResult parseTypedValueList(OpAsmParser &parser, Type type,
                                SmallVectorImpl<UnresolvedOperand> &values,
                                SmallVectorImpl<Type> &valueTypes) {
  if (parser.parseOperandList(values, OpAsmParser::Delimiter::Square))
    return failure();
  valueTypes.append(values.size(), type);
  return success();
}

void printTypedValueList(OpAsmPrinter &p, Operation *, Type, ValueRange values,
                         TypeRange) {
  p << '[';
  llvm::interleaveComma(values, p, [&](Value v) { p.printOperand(v); });
  p << ']';
}

ParseResult parseRangeList(OpAsmParser &parser,
                           SmallVectorImpl<UnresolvedOperand> &offsets,
                           SmallVectorImpl<UnresolvedOperand> &lengths) {
  do {
    if (parser.parseLSquare() || parser.parseOperand(offsets.emplace_back()) ||
        parser.parseKeyword("for") ||
        parser.parseOperand(lengths.emplace_back()) || parser.parseRSquare())
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

void printRangeList(OpAsmPrinter &p, Operation *, ValueRange offsets,
                    ValueRange lengths) {
  llvm::interleaveComma(llvm::zip_equal(offsets, lengths), p, [&](auto range) {
    p << '[';
    p.printOperand(std::get<0>(range));
    p << " for ";
    p.printOperand(std::get<1>(range));
    p << ']';
  });
}

ParseResult parseSizeAwareType(OpAsmParser &parser, Type &type,
                               UnresolvedOperand &size) {
  if (parser.parseType(type) || parser.parseLBrace() ||
      parser.parseOperand(size) || parser.parseRBrace())
    return failure();
  return success();
}

void printSizeAwareType(OpAsmPrinter &p, Operation *, Type type, Value size) {
  p.printType(type);
  p << '{';
  p.printOperand(size);
  p << '}';
}

ParseResult parseOperandTypeList(OpAsmParser &parser,
                                 SmallVectorImpl<Type> &types) {
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseTypeList(types) || parser.parseRParen())
    return failure();
  return success();
}

void printOperandTypeList(OpAsmPrinter &p, Operation *, TypeRange types) {
  p << '(';
  llvm::interleaveComma(types, p, [&](Type type) { p.printType(type); });
  p << ')';
}

ParseResult parseValueTypeList(OpAsmParser &parser,
                               SmallVectorImpl<UnresolvedOperand> &values,
                               SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (parser.parseOperand(values.emplace_back()) ||
            parser.parseColonType(types.emplace_back()))
          return failure();
        return success();
      });
}

void printValueTypeList(OpAsmPrinter &p, Operation *, ValueRange values,
                        TypeRange types) {
  p << '[';
  llvm::interleaveComma(llvm::zip_equal(values, types), p, [&](auto pair) {
    p.printOperand(std::get<0>(pair));
    p << " : ";
    p.printType(std::get<1>(pair));
  });
  p << ']';
}

//===----------------------------------------------------------------------===//
// Tied results
//===----------------------------------------------------------------------===//

/// Finds `name` (name and result number) in `operands`.
static std::optional<unsigned> findOperand(ArrayRef<UnresolvedOperand> operands,
                                           const UnresolvedOperand &name) {
  for (auto [i, operand] : llvm::enumerate(operands))
    if (operand.name == name.name && operand.number == name.number)
      return static_cast<unsigned>(i);
  return std::nullopt;
}

/// Parses one `%x [as T]` | `T` entry. `tiedIndex` is set to the position of
/// `%x` within `operands` or -1.
static ParseResult parseTiedEntry(OpAsmParser &parser,
                                  ArrayRef<UnresolvedOperand> operands,
                                  TypeRange operandTypes, Type &type,
                                  int64_t &tiedIndex) {
  UnresolvedOperand name;
  OptionalParseResult tied = parser.parseOptionalOperand(name);
  tiedIndex = TiedOpInterface::kUntiedIndex;
  if (!tied.has_value())
    return parser.parseType(type);
  if (failed(*tied))
    return failure();
  std::optional<unsigned> index = findOperand(operands, name);
  if (!index) {
    std::string text = name.name.str();
    if (name.number != 0)
      text += "#" + std::to_string(name.number);
    return parser.emitError(name.location,
                            "tied operand not found for result reference ")
           << text;
  }
  tiedIndex = *index;
  type = *index < operandTypes.size() ? operandTypes[*index] : Type();
  if (succeeded(parser.parseOptionalKeyword("as")))
    return parser.parseType(type);
  if (!type)
    return parser.emitError(name.location, "tied operand has no known type; "
                                           "write `as <type>`");
  return success();
}

void printTiedResultEntry(OpAsmPrinter &p, Operation *op, unsigned resultIndex,
                          Type resultType) {
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  std::optional<unsigned> operandIndex =
      tiedOp ? tiedOp.getTiedResultOperandIndex(resultIndex) : std::nullopt;
  if (operandIndex && *operandIndex < op->getNumOperands()) {
    Value operand = op->getOperand(*operandIndex);
    p.printOperand(operand);
    if (operand.getType() != resultType) {
      p << " as ";
      p.printType(resultType);
    }
    return;
  }
  p.printType(resultType);
}

ParseResult parseTiedResultList(OpAsmParser &parser,
                                ArrayRef<UnresolvedOperand> operands,
                                TypeRange operandTypes,
                                SmallVectorImpl<Type> &resultTypes,
                                ArrayAttr &tiedOperands) {
  SmallVector<int64_t> tied;
  do {
    Type type;
    int64_t index;
    if (parseTiedEntry(parser, operands, operandTypes, type, index))
      return failure();
    resultTypes.push_back(type);
    tied.push_back(index);
  } while (succeeded(parser.parseOptionalComma()));
  tiedOperands = parser.getBuilder().getIndexArrayAttr(tied);
  return success();
}

void printTiedResultList(OpAsmPrinter &p, Operation *op, ValueRange, TypeRange,
                         TypeRange resultTypes, ArrayAttr) {
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (i)
      p << ", ";
    printTiedResultEntry(p, op, i, type);
  }
}

ParseResult parseTiedFunctionResultList(OpAsmParser &parser,
                                        ArrayRef<UnresolvedOperand> operands,
                                        TypeRange operandTypes,
                                        SmallVectorImpl<Type> &resultTypes,
                                        ArrayAttr &tiedOperands) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (succeeded(parser.parseOptionalRParen()))
      return success();
    if (parseTiedResultList(parser, operands, operandTypes, resultTypes,
                            tiedOperands) ||
        parser.parseRParen())
      return failure();
    return success();
  }
  Type type;
  int64_t index;
  if (parseTiedEntry(parser, operands, operandTypes, type, index))
    return failure();
  resultTypes.push_back(type);
  tiedOperands = parser.getBuilder().getIndexArrayAttr({index});
  return success();
}

void printTiedFunctionResultList(OpAsmPrinter &p, Operation *op,
                                 ValueRange operands, TypeRange operandTypes,
                                 TypeRange resultTypes,
                                 ArrayAttr tiedOperands) {
  bool parens = resultTypes.size() != 1;
  if (parens)
    p << '(';
  printTiedResultList(p, op, operands, operandTypes, resultTypes, tiedOperands);
  if (parens)
    p << ')';
}

//===----------------------------------------------------------------------===//
// Shaped type lists and results
//===----------------------------------------------------------------------===//

ParseResult parseShapedTypeList(OpAsmParser &parser,
                                SmallVectorImpl<Type> &types,
                                SmallVectorImpl<UnresolvedOperand> &dims) {
  do {
    Type type;
    if (parser.parseType(type) || parseTypeDims(parser, type, dims))
      return failure();
    types.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

void printShapedTypeList(OpAsmPrinter &p, Operation *, TypeRange types,
                         ValueRange dims) {
  unsigned next = 0;
  for (auto [i, type] : llvm::enumerate(types)) {
    if (i)
      p << ", ";
    p.printType(type);
    printTypeDims(p, type, dims, next);
  }
}

ParseResult parseShapedTypeList(OpAsmParser &parser,
                                SmallVectorImpl<Type> &types0,
                                SmallVectorImpl<Type> &types1,
                                SmallVectorImpl<UnresolvedOperand> &dims) {
  if (parseShapedTypeList(parser, types0, dims))
    return failure();
  types1.append(types0.begin(), types0.end());
  return success();
}

void printShapedTypeList(OpAsmPrinter &p, Operation *op, TypeRange types0,
                         TypeRange, ValueRange dims) {
  printShapedTypeList(p, op, types0, dims);
}

/// Parses `[ %x 'as' ] T DIMS(T)`; returns whether a tie was written.
static ParseResult
parseShapedTiedResultImpl(OpAsmParser &parser, Type &resultType,
                          SmallVectorImpl<UnresolvedOperand> &resultDims,
                          bool &tied) {
  UnresolvedOperand name;
  OptionalParseResult tiedResult = parser.parseOptionalOperand(name);
  tied = tiedResult.has_value();
  if (tied) {
    if (failed(*tiedResult) || parser.parseKeyword("as"))
      return failure();
  }
  if (parser.parseType(resultType) ||
      parseTypeDims(parser, resultType, resultDims))
    return failure();
  return success();
}

ParseResult
parseShapedTiedResult(OpAsmParser &parser, Type &resultType,
                      SmallVectorImpl<UnresolvedOperand> &resultDims) {
  bool tied;
  return parseShapedTiedResultImpl(parser, resultType, resultDims, tied);
}

ParseResult
parseShapedTiedResult(OpAsmParser &parser, Type &resultType,
                      SmallVectorImpl<UnresolvedOperand> &resultDims,
                      ArrayAttr &tiedOperands) {
  bool tied;
  if (parseShapedTiedResultImpl(parser, resultType, resultDims, tied))
    return failure();
  tiedOperands = parser.getBuilder().getIndexArrayAttr(
      {tied ? 0 : TiedOpInterface::kUntiedIndex});
  return success();
}

ParseResult parseShapedTiedResult(OpAsmParser &parser, Type &resultType,
                                  UnresolvedOperand &resultDim) {
  SmallVector<UnresolvedOperand, 1> dims;
  bool tied;
  if (parseShapedTiedResultImpl(parser, resultType, dims, tied))
    return failure();
  if (dims.size() != 1)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a single size for ")
           << resultType;
  resultDim = dims.front();
  return success();
}

void printShapedTiedResult(OpAsmPrinter &p, Operation *op, Type resultType,
                           ValueRange resultDims) {
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  if (tiedOp)
    if (std::optional<unsigned> index = tiedOp.getTiedResultOperandIndex(0);
        index && *index < op->getNumOperands()) {
      p.printOperand(op->getOperand(*index));
      p << " as ";
    }
  p.printType(resultType);
  unsigned next = 0;
  printTypeDims(p, resultType, resultDims, next);
}

void printShapedTiedResult(OpAsmPrinter &p, Operation *op, Type resultType,
                           ValueRange resultDims, ArrayAttr) {
  printShapedTiedResult(p, op, resultType, resultDims);
}

void printShapedTiedResult(OpAsmPrinter &p, Operation *op, Type resultType,
                           Value resultDim) {
  printShapedTiedResult(p, op, resultType,
                        resultDim ? ValueRange(resultDim) : ValueRange());
}

ParseResult parseShapedResultList(
    OpAsmParser &parser, ArrayRef<UnresolvedOperand> operands,
    TypeRange operandTypes, ArrayRef<UnresolvedOperand> operandDims,
    SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<UnresolvedOperand> &resultDims, ArrayAttr &tiedOperands) {
  SmallVector<int64_t> tied;
  do {
    Type type;
    int64_t index;
    if (parseTiedEntry(parser, operands, operandTypes, type, index) ||
        parseTypeDims(parser, type, resultDims))
      return failure();
    resultTypes.push_back(type);
    tied.push_back(index);
  } while (succeeded(parser.parseOptionalComma()));
  tiedOperands = parser.getBuilder().getIndexArrayAttr(tied);
  return success();
}

void printShapedResultList(OpAsmPrinter &p, Operation *op, ValueRange,
                           TypeRange, ValueRange, TypeRange resultTypes,
                           ValueRange resultDims, ArrayAttr) {
  unsigned next = 0;
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  unsigned resultBase =
      tiedOp ? tiedOp.getTiedResultsIndexAndLength().first : 0;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (i)
      p << ", ";
    printTiedResultEntry(p, op, resultBase + i, type);
    printTypeDims(p, type, resultDims, next);
  }
}

ParseResult parseShapedFunctionType(
    OpAsmParser &parser, ArrayRef<UnresolvedOperand> operands,
    SmallVectorImpl<Type> &operandTypes,
    SmallVectorImpl<UnresolvedOperand> &operandDims,
    SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<UnresolvedOperand> &resultDims, ArrayAttr &tiedOperands) {
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parseShapedTypeList(parser, operandTypes, operandDims) ||
        parser.parseRParen())
      return failure();
  }
  if (parser.parseArrow())
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    if (succeeded(parser.parseOptionalRParen()))
      return success();
    if (parseShapedResultList(parser, operands, operandTypes, operandDims,
                              resultTypes, resultDims, tiedOperands) ||
        parser.parseRParen())
      return failure();
    return success();
  }
  Type type;
  int64_t index;
  if (parseTiedEntry(parser, operands, operandTypes, type, index) ||
      parseTypeDims(parser, type, resultDims))
    return failure();
  resultTypes.push_back(type);
  tiedOperands = parser.getBuilder().getIndexArrayAttr({index});
  return success();
}

void printShapedFunctionType(OpAsmPrinter &p, Operation *op,
                             ValueRange operands, TypeRange operandTypes,
                             ValueRange operandDims, TypeRange resultTypes,
                             ValueRange resultDims, ArrayAttr tiedOperands) {
  p << '(';
  printShapedTypeList(p, op, operandTypes, operandDims);
  p << ") -> ";
  bool parens = resultTypes.size() != 1;
  if (parens)
    p << '(';
  printShapedResultList(p, op, operands, operandTypes, operandDims, resultTypes,
                        resultDims, tiedOperands);
  if (parens)
    p << ')';
}

//===----------------------------------------------------------------------===//
// ShapedFunctionSignature
//===----------------------------------------------------------------------===//

ParseResult parseShapedFunctionSignature(OpAsmParser &parser,
                                         TypeAttr &functionTypeAttr,
                                         ArrayAttr &tiedOperands,
                                         ArrayAttr &argAttrs,
                                         ArrayAttr &resultAttrs) {
  MLIRContext *context = parser.getContext();
  Builder &builder = parser.getBuilder();
  SmallVector<UnresolvedOperand> argNames;
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argDicts;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            NamedAttrList attrs;
            if (parser.parseOperand(argNames.emplace_back()) ||
                parser.parseColonType(argTypes.emplace_back()) ||
                parser.parseOptionalAttrDict(attrs))
              return failure();
            argDicts.push_back(attrs.getDictionary(context));
            return success();
          }))
    return failure();

  SmallVector<Type> resultTypes;
  SmallVector<Attribute> resultDicts;
  SmallVector<int64_t> tied;
  if (succeeded(parser.parseOptionalArrow())) {
    auto parseResult = [&](bool allowAttrs) -> ParseResult {
      Type type;
      int64_t index;
      if (parseTiedEntry(parser, argNames, argTypes, type, index))
        return failure();
      NamedAttrList attrs;
      if (allowAttrs && parser.parseOptionalAttrDict(attrs))
        return failure();
      resultTypes.push_back(type);
      tied.push_back(index);
      resultDicts.push_back(attrs.getDictionary(context));
      return success();
    };
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseCommaSeparatedList([&]() { return parseResult(true); }) ||
          parser.parseRParen())
        return failure();
    } else if (parseResult(false)) {
      return failure();
    }
  }

  functionTypeAttr =
      TypeAttr::get(builder.getFunctionType(argTypes, resultTypes));
  if (!argTypes.empty())
    argAttrs = builder.getArrayAttr(argDicts);
  if (!resultTypes.empty()) {
    resultAttrs = builder.getArrayAttr(resultDicts);
    tiedOperands = builder.getIndexArrayAttr(tied);
  }
  return success();
}

static DictionaryAttr getDictAt(ArrayAttr attrs, unsigned i) {
  if (!attrs || i >= attrs.size())
    return {};
  return dyn_cast<DictionaryAttr>(attrs[i]);
}

void printShapedFunctionSignature(OpAsmPrinter &p, Operation *op,
                                  TypeAttr functionTypeAttr,
                                  ArrayAttr tiedOperands, ArrayAttr argAttrs,
                                  ArrayAttr resultAttrs) {
  auto functionType = cast<FunctionType>(functionTypeAttr.getValue());
  p << '(';
  for (auto [i, type] : llvm::enumerate(functionType.getInputs())) {
    if (i)
      p << ", ";
    p << "%arg" << i << ": ";
    p.printType(type);
    if (DictionaryAttr dict = getDictAt(argAttrs, i); dict && !dict.empty()) {
      p << ' ';
      p.printAttributeWithoutType(dict);
    }
  }
  p << ')';
  ArrayRef<Type> results = functionType.getResults();
  if (results.empty())
    return;
  p << " -> ";
  bool anyResultAttrs = false;
  for (unsigned i = 0; i < results.size(); ++i)
    if (DictionaryAttr dict = getDictAt(resultAttrs, i); dict && !dict.empty())
      anyResultAttrs = true;
  bool parens = results.size() > 1 || anyResultAttrs;
  if (parens)
    p << '(';
  for (auto [i, type] : llvm::enumerate(results)) {
    if (i)
      p << ", ";
    int64_t tied = TiedOpInterface::kUntiedIndex;
    if (tiedOperands && i < tiedOperands.size())
      if (auto entry = dyn_cast<IntegerAttr>(tiedOperands[i]))
        tied = entry.getInt();
    if (tied >= 0 && tied < static_cast<int64_t>(functionType.getNumInputs())) {
      p << "%arg" << tied;
      if (functionType.getInput(tied) != type) {
        p << " as ";
        p.printType(type);
      }
    } else {
      p.printType(type);
    }
    if (DictionaryAttr dict = getDictAt(resultAttrs, i);
        dict && !dict.empty()) {
      p << ' ';
      p.printAttributeWithoutType(dict);
    }
  }
  if (parens)
    p << ')';
}

} // namespace sluice::util
