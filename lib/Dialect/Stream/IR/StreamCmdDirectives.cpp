//===- StreamCmdDirectives.cpp - custom directives of the cmd ops ----===//

#include "StreamCmdDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;

namespace sluice::stream {

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

/// The access attribute stored for an access keyword.
static Attribute getAccessAttr(Builder &builder, ResourceAccessBitfield bits) {
  return builder.getI32IntegerAttr(static_cast<int32_t>(bits));
}

/// `rw`, `ro`, `wo` or (for None or a missing entry) nothing.
static StringRef getAccessKeyword(ArrayAttr accesses, unsigned index) {
  if (!accesses || index >= accesses.size())
    return "";
  auto attr = dyn_cast<IntegerAttr>(accesses[index]);
  if (!attr)
    return "";
  uint32_t bits = static_cast<uint32_t>(attr.getInt());
  bool read = bits & static_cast<uint32_t>(ResourceAccessBitfield::Read);
  bool write = bits & static_cast<uint32_t>(ResourceAccessBitfield::Write);
  if (read && write)
    return "rw";
  if (read)
    return "ro";
  if (write)
    return "wo";
  return "";
}

//===----------------------------------------------------------------------===//
// ExplicitResourceRegion (§11.14)
//===----------------------------------------------------------------------===//

ParseResult parseExplicitResourceRegion(
    OpAsmParser &parser, SmallVectorImpl<UnresolvedOperand> &operands,
    SmallVectorImpl<Type> &operandTypes,
    SmallVectorImpl<UnresolvedOperand> &operandSizes, Region &body) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      UnresolvedOperand operand;
      OpAsmParser::Argument arg;
      Type type;
      UnresolvedOperand size;
      if (parser.parseOperand(operand) || parser.parseKeyword("as") ||
          parser.parseArgument(arg) || parser.parseColonType(type) ||
          parser.parseLBrace() || parser.parseOperand(size) ||
          parser.parseRBrace())
        return failure();
      arg.type = type;
      operands.push_back(operand);
      operandTypes.push_back(type);
      operandSizes.push_back(size);
      regionArgs.push_back(arg);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  SMLoc regionLoc = parser.getCurrentLocation();
  if (parser.parseRegion(body, regionArgs))
    return failure();
  if (body.empty()) {
    Block &block = body.emplaceBlock();
    for (OpAsmParser::Argument &arg : regionArgs)
      block.addArgument(arg.type, arg.sourceLoc
                                      ? Location(*arg.sourceLoc)
                                      : parser.getEncodedSourceLoc(regionLoc));
  }
  Block &block = body.front();
  if (block.empty() || !block.back().hasTrait<mlir::OpTrait::IsTerminator>()) {
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(&block);
    YieldOp::create(builder, parser.getEncodedSourceLoc(regionLoc));
  }
  return success();
}

void printExplicitResourceRegion(OpAsmPrinter &p, Operation *,
                                 ValueRange operands, TypeRange operandTypes,
                                 ValueRange operandSizes, Region &body) {
  p << '(';
  for (unsigned i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    p << operands[i] << " as ";
    if (!body.empty() && i < body.getNumArguments())
      p.printOperand(body.getArgument(i));
    p << ": ";
    p.printType(operandTypes[i]);
    p << '{';
    if (i < operandSizes.size())
      p.printOperand(operandSizes[i]);
    p << '}';
  }
  p << ") ";
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

//===----------------------------------------------------------------------===//
// DispatchResources (§11.15)
//===----------------------------------------------------------------------===//

ParseResult
parseDispatchResources(OpAsmParser &parser,
                       SmallVectorImpl<UnresolvedOperand> &resources,
                       SmallVectorImpl<Type> &resourceTypes,
                       SmallVectorImpl<UnresolvedOperand> &resourceSizes,
                       SmallVectorImpl<UnresolvedOperand> &resourceOffsets,
                       SmallVectorImpl<UnresolvedOperand> &resourceLengths,
                       ArrayAttr &resourceAccesses) {
  Builder &builder = parser.getBuilder();
  SmallVector<Attribute> accesses;
  do {
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    ResourceAccessBitfield bits = ResourceAccessBitfield::None;
    if (keyword == "ro")
      bits = ResourceAccessBitfield::Read;
    else if (keyword == "wo")
      bits = ResourceAccessBitfield::Write;
    else if (keyword == "rw")
      bits = ResourceAccessBitfield::Read | ResourceAccessBitfield::Write;
    Type type;
    if (parser.parseOperand(resources.emplace_back()) ||
        parser.parseLSquare() ||
        parser.parseOperand(resourceOffsets.emplace_back()) ||
        parser.parseKeyword("for") ||
        parser.parseOperand(resourceLengths.emplace_back()) ||
        parser.parseRSquare() || parser.parseColonType(type) ||
        parser.parseLBrace() ||
        parser.parseOperand(resourceSizes.emplace_back()) ||
        parser.parseRBrace())
      return failure();
    resourceTypes.push_back(type);
    accesses.push_back(getAccessAttr(builder, bits));
  } while (succeeded(parser.parseOptionalComma()));
  resourceAccesses = builder.getArrayAttr(accesses);
  return success();
}

void printDispatchResources(OpAsmPrinter &p, Operation *, ValueRange resources,
                            TypeRange resourceTypes, ValueRange resourceSizes,
                            ValueRange resourceOffsets,
                            ValueRange resourceLengths,
                            ArrayAttr resourceAccesses) {
  for (unsigned i = 0; i < resources.size(); ++i) {
    p.printNewline();
    p << "  " << getAccessKeyword(resourceAccesses, i) << ' ';
    p.printOperand(resources[i]);
    p << '[';
    if (i < resourceOffsets.size())
      p.printOperand(resourceOffsets[i]);
    p << " for ";
    if (i < resourceLengths.size())
      p.printOperand(resourceLengths[i]);
    p << "] : ";
    p.printType(resourceTypes[i]);
    p << '{';
    if (i < resourceSizes.size())
      p.printOperand(resourceSizes[i]);
    p << '}';
    if (i + 1 != resources.size())
      p << ',';
  }
}

//===----------------------------------------------------------------------===//
// CmdCallOperands (§11.16)
//===----------------------------------------------------------------------===//

ParseResult parseCmdCallOperands(OpAsmParser &parser,
                                 SmallVectorImpl<UnresolvedOperand> &operands,
                                 SmallVectorImpl<UnresolvedOperand> &offsets,
                                 SmallVectorImpl<UnresolvedOperand> &lengths,
                                 ArrayAttr &accesses) {
  Builder &builder = parser.getBuilder();
  SmallVector<Attribute> accessAttrs;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      StringRef keyword;
      if (succeeded(
              parser.parseOptionalKeyword(&keyword, {"ro", "rw", "wo"}))) {
        ResourceAccessBitfield bits = ResourceAccessBitfield::None;
        if (keyword == "ro")
          bits = ResourceAccessBitfield::Read;
        else if (keyword == "wo")
          bits = ResourceAccessBitfield::Write;
        else
          bits = ResourceAccessBitfield::Read | ResourceAccessBitfield::Write;
        if (parser.parseOperand(operands.emplace_back()) ||
            parser.parseLSquare() ||
            parser.parseOperand(offsets.emplace_back()) ||
            parser.parseKeyword("for") ||
            parser.parseOperand(lengths.emplace_back()) ||
            parser.parseRSquare())
          return failure();
        accessAttrs.push_back(getAccessAttr(builder, bits));
      } else if (parser.parseOperand(operands.emplace_back())) {
        return failure();
      }
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  // The reference leaves the attribute unset for `()`; an empty array is a
  // deliberate improvement (stream-ir.md §11.16).
  accesses = builder.getArrayAttr(accessAttrs);
  return success();
}

void printCmdCallOperands(OpAsmPrinter &p, Operation *, ValueRange operands,
                          ValueRange offsets, ValueRange lengths,
                          ArrayAttr accesses) {
  p << '(';
  unsigned resourceIndex = 0;
  for (unsigned i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    Value operand = operands[i];
    if (isa<ResourceType>(operand.getType())) {
      p << getAccessKeyword(accesses, resourceIndex) << ' ';
      p.printOperand(operand);
      p << '[';
      if (resourceIndex < offsets.size())
        p.printOperand(offsets[resourceIndex]);
      p << " for ";
      if (resourceIndex < lengths.size())
        p.printOperand(lengths[resourceIndex]);
      p << ']';
      ++resourceIndex;
    } else {
      p.printOperand(operand);
    }
  }
  p << ')';
}

//===----------------------------------------------------------------------===//
// DispatchFunctionSignature (§11.17)
//===----------------------------------------------------------------------===//

ParseResult parseDispatchFunctionSignature(OpAsmParser &parser,
                                           TypeAttr &functionType,
                                           ArrayAttr &argAttrs,
                                           ArrayAttr &resultAttrs) {
  Builder &builder = parser.getBuilder();
  MLIRContext *context = parser.getContext();
  SmallVector<Type> inputs;
  SmallVector<Attribute> argDicts;
  SmallVector<Type> results;
  SmallVector<Attribute> resultDicts;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      UnresolvedOperand name;
      if (parser.parseOperand(name))
        return failure();
      bool ranged = false;
      if (succeeded(parser.parseOptionalLSquare())) {
        UnresolvedOperand offset, length;
        if (parser.parseOperand(offset) || parser.parseKeyword("for") ||
            parser.parseOperand(length) || parser.parseRSquare())
          return failure();
        ranged = true;
      }
      Type type;
      NamedAttrList attrs;
      if (parser.parseColonType(type) || parser.parseOptionalAttrDict(attrs))
        return failure();
      inputs.push_back(type);
      argDicts.push_back(attrs.getDictionary(context));
      if (ranged) {
        inputs.push_back(builder.getIndexType());
        inputs.push_back(builder.getIndexType());
        argDicts.push_back(builder.getDictionaryAttr({}));
        argDicts.push_back(builder.getDictionaryAttr({}));
      }
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalArrow())) {
    auto parseResult = [&]() -> ParseResult {
      Type type;
      NamedAttrList attrs;
      if (parser.parseType(type) || parser.parseOptionalAttrDict(attrs))
        return failure();
      results.push_back(type);
      resultDicts.push_back(attrs.getDictionary(context));
      return success();
    };
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen())
        return failure();
    } else if (parser.parseCommaSeparatedList(parseResult)) {
      return failure();
    }
  }
  functionType = TypeAttr::get(FunctionType::get(context, inputs, results));
  if (!argDicts.empty())
    argAttrs = builder.getArrayAttr(argDicts);
  if (!resultDicts.empty())
    resultAttrs = builder.getArrayAttr(resultDicts);
  return success();
}

/// ` {attrs}` when `attrs[index]` is a non-empty dictionary.
static void printOptionalDict(OpAsmPrinter &p, ArrayAttr attrs,
                              unsigned index) {
  if (!attrs || index >= attrs.size())
    return;
  auto dict = dyn_cast<DictionaryAttr>(attrs[index]);
  if (dict && !dict.empty())
    p.printOptionalAttrDict(dict.getValue());
}

void printDispatchFunctionSignature(OpAsmPrinter &p, Operation *,
                                    TypeAttr functionType, ArrayAttr argAttrs,
                                    ArrayAttr resultAttrs) {
  auto type = cast<FunctionType>(functionType.getValue());
  ArrayRef<Type> inputs = type.getInputs();
  p << '(';
  for (unsigned i = 0; i < inputs.size();) {
    if (i)
      p << ", ";
    unsigned argIndex = i;
    p << "%arg" << i;
    if (isa<ResourceType>(inputs[i])) {
      p << "[%arg" << (i + 1) << " for %arg" << (i + 2) << ']';
      i += 3;
    } else {
      i += 1;
    }
    p << ": ";
    p.printType(inputs[argIndex]);
    printOptionalDict(p, argAttrs, argIndex);
  }
  p << ')';
  ArrayRef<Type> results = type.getResults();
  if (results.empty())
    return;
  p << " -> ";
  bool parens = results.size() != 1;
  if (parens)
    p << '(';
  for (unsigned i = 0; i < results.size(); ++i) {
    if (i)
      p << ", ";
    p.printType(results[i]);
    printOptionalDict(p, resultAttrs, i);
  }
  if (parens)
    p << ')';
}

} // namespace sluice::stream
