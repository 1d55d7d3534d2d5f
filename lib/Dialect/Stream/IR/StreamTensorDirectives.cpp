//===- StreamTensorDirectives.cpp - custom directives of the tensor ops
//----===//

#include "StreamTensorDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace sluice::stream {

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

//===----------------------------------------------------------------------===//
// Brace rule (stream-ir.md §11)
//===----------------------------------------------------------------------===//

/// `braces(type)`: `{` + one value per dynamic dim of a shaped type, or
/// `{%size}` for a size-aware type, nothing otherwise.
static ParseResult parseBraces(OpAsmParser &parser, Type type,
                               SmallVectorImpl<UnresolvedOperand> &values) {
  return util::parseDimBraces(parser, type, util::getDynamicDimCount(type),
                              values);
}

/// Prints `braces(type)` taking the values from `values` starting at `next`.
static void printBraces(OpAsmPrinter &p, Type type, ValueRange values,
                        unsigned &next) {
  util::printDimBraces(p, util::getDynamicDimCount(type), values, next);
}

static bool isUnusedEncoding(Attribute encoding) {
  auto typeAttr = dyn_cast_or_null<TypeAttr>(encoding);
  return !typeAttr || isa<util::UnusedType>(typeAttr.getValue());
}

/// Finds `name` (name and `#n`) in `operands`.
static std::optional<unsigned> findOperand(ArrayRef<UnresolvedOperand> operands,
                                           const UnresolvedOperand &name) {
  for (auto [i, operand] : llvm::enumerate(operands))
    if (operand.name == name.name && operand.number == name.number)
      return static_cast<unsigned>(i);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// EncodedShapedFunctionType (§11.11)
//===----------------------------------------------------------------------===//

static ParseResult
parseEncodedOperand(OpAsmParser &parser, SmallVectorImpl<Type> &operandTypes,
                    SmallVectorImpl<Attribute> &encodings,
                    SmallVectorImpl<UnresolvedOperand> &encodingDims,
                    SmallVectorImpl<UnresolvedOperand> &sizes) {
  Type firstType;
  SmallVector<UnresolvedOperand> firstBraces;
  if (parser.parseType(firstType) ||
      parseBraces(parser, firstType, firstBraces))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("in"))) {
    Type operandType;
    if (parser.parseType(operandType) ||
        parseBraces(parser, operandType, sizes))
      return failure();
    encodings.push_back(TypeAttr::get(firstType));
    encodingDims.append(firstBraces.begin(), firstBraces.end());
    operandTypes.push_back(operandType);
    return success();
  }
  encodings.push_back(
      TypeAttr::get(util::UnusedType::get(parser.getContext())));
  sizes.append(firstBraces.begin(), firstBraces.end());
  operandTypes.push_back(firstType);
  return success();
}

static ParseResult
parseEncodedResult(OpAsmParser &parser, ArrayRef<UnresolvedOperand> operands,
                   TypeRange operandTypes, SmallVectorImpl<Type> &resultTypes,
                   SmallVectorImpl<Attribute> &encodings,
                   SmallVectorImpl<UnresolvedOperand> &encodingDims,
                   SmallVectorImpl<UnresolvedOperand> &sizes,
                   SmallVectorImpl<int64_t> &tied) {
  Type firstType;
  SmallVector<UnresolvedOperand> firstBraces;
  if (parser.parseType(firstType) ||
      parseBraces(parser, firstType, firstBraces))
    return failure();
  if (failed(parser.parseOptionalKeyword("in"))) {
    encodings.push_back(
        TypeAttr::get(util::UnusedType::get(parser.getContext())));
    sizes.append(firstBraces.begin(), firstBraces.end());
    resultTypes.push_back(firstType);
    tied.push_back(util::TiedOpInterface::kUntiedIndex);
    return success();
  }
  encodings.push_back(TypeAttr::get(firstType));
  encodingDims.append(firstBraces.begin(), firstBraces.end());

  Type resultType;
  int64_t tiedIndex = util::TiedOpInterface::kUntiedIndex;
  UnresolvedOperand name;
  OptionalParseResult tiedRef = parser.parseOptionalOperand(name);
  if (tiedRef.has_value()) {
    if (failed(*tiedRef))
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
    if (*index < operandTypes.size())
      resultType = operandTypes[*index];
    if (succeeded(parser.parseOptionalKeyword("as"))) {
      if (parser.parseType(resultType))
        return failure();
    } else if (!resultType) {
      return parser.emitError(name.location, "tied operand has no known type");
    }
  } else if (parser.parseType(resultType)) {
    return failure();
  }
  if (isa<util::SizeAwareTypeInterface>(resultType)) {
    if (parser.parseLBrace() || parser.parseOperand(sizes.emplace_back()) ||
        parser.parseRBrace())
      return failure();
  }
  resultTypes.push_back(resultType);
  tied.push_back(tiedIndex);
  return success();
}

ParseResult parseEncodedShapedFunctionType(
    OpAsmParser &parser, ArrayRef<UnresolvedOperand> operands,
    SmallVectorImpl<Type> &operandTypes, ArrayAttr &operandEncodings,
    SmallVectorImpl<UnresolvedOperand> &operandEncodingDims,
    SmallVectorImpl<UnresolvedOperand> &operandSizes,
    SmallVectorImpl<Type> &resultTypes, ArrayAttr &resultEncodings,
    SmallVectorImpl<UnresolvedOperand> &resultEncodingDims,
    SmallVectorImpl<UnresolvedOperand> &resultSizes, ArrayAttr &tiedOperands) {
  Builder &builder = parser.getBuilder();
  SmallVector<Attribute> operandEncodingAttrs;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      if (parseEncodedOperand(parser, operandTypes, operandEncodingAttrs,
                              operandEncodingDims, operandSizes))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  operandEncodings = builder.getArrayAttr(operandEncodingAttrs);

  if (parser.parseArrow())
    return failure();
  SmallVector<Attribute> resultEncodingAttrs;
  SmallVector<int64_t> tied;
  auto parseResults = [&]() -> ParseResult {
    do {
      if (parseEncodedResult(parser, operands, operandTypes, resultTypes,
                             resultEncodingAttrs, resultEncodingDims,
                             resultSizes, tied))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    return success();
  };
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen())) {
      if (parseResults() || parser.parseRParen())
        return failure();
    }
  } else if (parseResults()) {
    return failure();
  }
  resultEncodings = builder.getArrayAttr(resultEncodingAttrs);
  if (!tied.empty())
    tiedOperands = builder.getIndexArrayAttr(tied);
  return success();
}

void printEncodedShapedFunctionType(
    OpAsmPrinter &p, Operation *op, ValueRange operands, TypeRange operandTypes,
    ArrayAttr operandEncodings, ValueRange operandEncodingDims,
    ValueRange operandSizes, TypeRange resultTypes, ArrayAttr resultEncodings,
    ValueRange resultEncodingDims, ValueRange resultSizes, ArrayAttr) {
  p << '(';
  unsigned nextDim = 0, nextSize = 0;
  for (auto [i, type] : llvm::enumerate(operandTypes)) {
    if (i)
      p << ", ";
    Attribute encoding = operandEncodings && i < operandEncodings.size()
                             ? operandEncodings[i]
                             : Attribute();
    if (!isUnusedEncoding(encoding)) {
      Type encodingType = cast<TypeAttr>(encoding).getValue();
      p.printType(encodingType);
      printBraces(p, encodingType, operandEncodingDims, nextDim);
      p << " in ";
    }
    p.printType(type);
    printBraces(p, type, operandSizes, nextSize);
  }
  p << ") -> ";
  bool wrap = resultTypes.size() != 1;
  if (wrap)
    p << '(';
  nextDim = 0;
  nextSize = 0;
  for (auto [i, type] : llvm::enumerate(resultTypes)) {
    if (i)
      p << ", ";
    Attribute encoding = resultEncodings && i < resultEncodings.size()
                             ? resultEncodings[i]
                             : Attribute();
    if (!isUnusedEncoding(encoding)) {
      Type encodingType = cast<TypeAttr>(encoding).getValue();
      p.printType(encodingType);
      printBraces(p, encodingType, resultEncodingDims, nextDim);
      p << " in ";
    }
    util::printTiedResultEntry(p, op, i, type);
    if (isa<util::SizeAwareTypeInterface>(type))
      printBraces(p, type, resultSizes, nextSize);
  }
  if (wrap)
    p << ')';
}

//===----------------------------------------------------------------------===//
// EncodedResourceOperands (§11.12)
//===----------------------------------------------------------------------===//

ParseResult parseEncodedResourceOperands(
    OpAsmParser &parser, SmallVectorImpl<UnresolvedOperand> &resources,
    SmallVectorImpl<Type> &resourceTypes,
    SmallVectorImpl<UnresolvedOperand> &resourceSizes,
    ArrayAttr &resourceEncodings,
    SmallVectorImpl<UnresolvedOperand> &resourceEncodingDims) {
  SmallVector<Attribute> encodings;
  do {
    Type encoding;
    Type type;
    SMLoc encodingLoc;
    if (parser.parseOperand(resources.emplace_back()) || parser.parseColon())
      return failure();
    encodingLoc = parser.getCurrentLocation();
    if (parser.parseType(encoding))
      return failure();
    auto shaped = dyn_cast<ShapedType>(encoding);
    if (!shaped)
      return parser.emitError(encodingLoc, "expected a shaped encoding type");
    if (parseBraces(parser, encoding, resourceEncodingDims) ||
        parser.parseKeyword("in") || parser.parseType(type) ||
        parser.parseLBrace() ||
        parser.parseOperand(resourceSizes.emplace_back()) ||
        parser.parseRBrace())
      return failure();
    encodings.push_back(TypeAttr::get(encoding));
    resourceTypes.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  resourceEncodings = parser.getBuilder().getArrayAttr(encodings);
  return success();
}

void printEncodedResourceOperands(OpAsmPrinter &p, Operation *,
                                  ValueRange resources, TypeRange resourceTypes,
                                  ValueRange resourceSizes,
                                  ArrayAttr resourceEncodings,
                                  ValueRange resourceEncodingDims) {
  p.increaseIndent();
  unsigned nextDim = 0;
  for (auto [i, resource] : llvm::enumerate(resources)) {
    if (i)
      p << ",";
    p.printNewline();
    p.printOperand(resource);
    p << " : ";
    if (resourceEncodings && i < resourceEncodings.size()) {
      Attribute encoding = resourceEncodings[i];
      if (auto typeAttr = dyn_cast<TypeAttr>(encoding)) {
        p.printType(typeAttr.getValue());
        if (isa<ShapedType>(typeAttr.getValue()))
          printBraces(p, typeAttr.getValue(), resourceEncodingDims, nextDim);
      } else {
        p.printAttribute(encoding);
      }
    }
    p << " in ";
    p.printType(resourceTypes[i]);
    p << '{';
    if (i < resourceSizes.size())
      p.printOperand(resourceSizes[i]);
    else
      p << "<<INVALID>>";
    p << '}';
  }
  p.decreaseIndent();
  p.printNewline();
}

} // namespace sluice::stream
