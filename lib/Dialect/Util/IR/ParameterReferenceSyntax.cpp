//===- ParameterReferenceSyntax.cpp - `%scope::%key` references -----------===//

#include "sluice/Dialect/Util/IR/ParameterReferenceSyntax.h"

using namespace mlir;

namespace sluice::util {

bool isSameOperand(const OpAsmParser::UnresolvedOperand &a,
                   const OpAsmParser::UnresolvedOperand &b) {
  return a.name == b.name && a.number == b.number;
}

bool isSameOptionalOperand(
    const std::optional<OpAsmParser::UnresolvedOperand> &a,
    const std::optional<OpAsmParser::UnresolvedOperand> &b) {
  if (a.has_value() != b.has_value())
    return false;
  return !a || isSameOperand(*a, *b);
}

/// Parses the rest of `%scope::%key` after its first operand.
static ParseResult
finishScopedKey(OpAsmParser &parser,
                const OpAsmParser::UnresolvedOperand &first,
                std::optional<OpAsmParser::UnresolvedOperand> &scope,
                OpAsmParser::UnresolvedOperand &key) {
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseColon() || parser.parseOperand(key))
      return failure();
    scope = first;
    return success();
  }
  key = first;
  return success();
}

ParseResult parseScopedKey(OpAsmParser &parser,
                           std::optional<OpAsmParser::UnresolvedOperand> &scope,
                           OpAsmParser::UnresolvedOperand &key) {
  OpAsmParser::UnresolvedOperand first;
  if (parser.parseOperand(first))
    return failure();
  return finishScopedKey(parser, first, scope, key);
}

bool ParsedParameterReference::hasSameScope(
    const ParsedParameterReference &other) const {
  if (literal != other.literal)
    return false;
  if (literal)
    return scopeLiteral == other.scopeLiteral;
  return isSameOptionalOperand(scope, other.scope);
}

ParseResult parseParameterReference(OpAsmParser &parser,
                                    ParsedParameterReference &ref) {
  SMLoc loc = parser.getCurrentLocation();
  OpAsmParser::UnresolvedOperand first;
  OptionalParseResult ssa = parser.parseOptionalOperand(first);
  if (ssa.has_value()) {
    if (failed(*ssa))
      return failure();
    ref.literal = false;
    return finishScopedKey(parser, first, ref.scope, ref.key);
  }

  std::string firstLiteral;
  if (failed(parser.parseOptionalString(&firstLiteral)))
    return parser.emitError(loc, "expected a parameter reference (an SSA "
                                 "value or a string literal)");
  ref.literal = true;
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseColon() || parser.parseString(&ref.keyLiteral))
      return failure();
    ref.scopeLiteral = std::move(firstLiteral);
  } else {
    ref.keyLiteral = std::move(firstLiteral);
  }
  return success();
}

void printParameterReference(OpAsmPrinter &p, Value scope, Value key) {
  if (scope) {
    p.printOperand(scope);
    p << "::";
  }
  p.printOperand(key);
}

void printParameterReference(OpAsmPrinter &p, std::optional<StringRef> scope,
                             StringRef key) {
  if (scope) {
    p.printString(*scope);
    p << "::";
  }
  p.printString(key);
}

} // namespace sluice::util
