//===- StreamAsyncDirectives.cpp - custom directives of the async ops ----===//

#include "StreamAsyncDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"

using namespace mlir;

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// DispatchOperands (§11.10)
//===----------------------------------------------------------------------===//

ParseResult parseDispatchOperands(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &offsets,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ends,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &lengths) {
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  do {
    if (parser.parseOperand(operands.emplace_back()))
      return failure();
    if (succeeded(parser.parseOptionalLSquare())) {
      if (parser.parseOperand(offsets.emplace_back()) ||
          parser.parseKeyword("to") ||
          parser.parseOperand(ends.emplace_back()) ||
          parser.parseKeyword("for") ||
          parser.parseOperand(lengths.emplace_back()) || parser.parseRSquare())
        return failure();
    }
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRParen();
}

void printDispatchOperands(OpAsmPrinter &p, Operation *, ValueRange operands,
                           ValueRange offsets, ValueRange ends,
                           ValueRange lengths) {
  p << '(';
  unsigned next = 0;
  llvm::interleaveComma(operands, p, [&](Value operand) {
    p.printOperand(operand);
    if (!isa<ResourceType>(operand.getType()))
      return;
    p << '[';
    if (next < offsets.size())
      p.printOperand(offsets[next]);
    p << " to ";
    if (next < ends.size())
      p.printOperand(ends[next]);
    p << " for ";
    if (next < lengths.size())
      p.printOperand(lengths[next]);
    p << ']';
    ++next;
  });
  p << ')';
}

//===----------------------------------------------------------------------===//
// ResourceRegion (§11.13)
//===----------------------------------------------------------------------===//

ParseResult parseResourceRegion(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
    SmallVectorImpl<Type> &operandTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operandSizes,
    SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &resultSizes,
    ArrayAttr &tiedOperands, Region &body) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      OpAsmParser::Argument &arg = regionArgs.emplace_back();
      if (parser.parseOperand(operands.emplace_back()) ||
          parser.parseKeyword("as") || parser.parseArgument(arg) ||
          parser.parseColonType(arg.type) || parser.parseLBrace() ||
          parser.parseOperand(operandSizes.emplace_back()) ||
          parser.parseRBrace())
        return failure();
      operandTypes.push_back(arg.type);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen())) {
        if (util::parseShapedResultList(parser, operands, operandTypes,
                                        operandSizes, resultTypes, resultSizes,
                                        tiedOperands) ||
            parser.parseRParen())
          return failure();
      }
    } else if (util::parseShapedResultList(parser, operands, operandTypes,
                                           operandSizes, resultTypes,
                                           resultSizes, tiedOperands)) {
      return failure();
    }
  }
  return parser.parseRegion(body, regionArgs, /*enableNameShadowing=*/false);
}

void printResourceRegion(OpAsmPrinter &p, Operation *op, ValueRange operands,
                         TypeRange operandTypes, ValueRange operandSizes,
                         TypeRange resultTypes, ValueRange resultSizes,
                         ArrayAttr tiedOperands, Region &body) {
  p << '(';
  for (unsigned i = 0; i < operands.size(); ++i) {
    if (i)
      p << ", ";
    p.printOperand(operands[i]);
    p << " as ";
    if (!body.empty() && i < body.front().getNumArguments())
      p.printOperand(body.front().getArgument(i));
    p << ": ";
    p.printType(operandTypes[i]);
    p << '{';
    if (i < operandSizes.size())
      p.printOperand(operandSizes[i]);
    p << '}';
  }
  p << ')';
  if (!resultTypes.empty()) {
    p << " -> ";
    bool parens = resultTypes.size() != 1;
    if (parens)
      p << '(';
    util::printShapedResultList(p, op, operands, operandTypes, operandSizes,
                                resultTypes, resultSizes, tiedOperands);
    if (parens)
      p << ')';
  }
  p << ' ';
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

//===----------------------------------------------------------------------===//
// CollectiveParam (§11.18)
//===----------------------------------------------------------------------===//

StringRef getCollectiveParamKeyword(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::Broadcast:
  case CollectiveKind::Recv:
    return "source";
  case CollectiveKind::Reduce:
  case CollectiveKind::Send:
    return "target";
  case CollectiveKind::SendRecv:
    return "source_target_pair";
  default:
    return {};
  }
}

ParseResult
parseCollectiveParam(OpAsmParser &parser, CollectiveAttr op,
                     std::optional<OpAsmParser::UnresolvedOperand> &param) {
  StringRef keyword =
      op ? getCollectiveParamKeyword(op.getKind()) : StringRef();
  if (keyword.empty())
    return success();
  OpAsmParser::UnresolvedOperand value;
  if (parser.parseKeyword(keyword) || parser.parseLParen() ||
      parser.parseOperand(value) || parser.parseRParen())
    return failure();
  param = value;
  return success();
}

void printCollectiveParam(OpAsmPrinter &p, Operation *, CollectiveAttr op,
                          Value param) {
  if (!param)
    return;
  StringRef keyword =
      op ? getCollectiveParamKeyword(op.getKind()) : StringRef();
  p << keyword << '(';
  p.printOperand(param);
  p << ") ";
}

} // namespace sluice::stream
