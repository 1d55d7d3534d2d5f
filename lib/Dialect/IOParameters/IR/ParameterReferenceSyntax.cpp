//===- ParameterReferenceSyntax.cpp - `%scope::%key` references -----------===//

#include "sluice/Dialect/IOParameters/IR/ParameterReferenceSyntax.h"

using namespace mlir;

namespace sluice::io_parameters {

bool isSameOperand(const OpAsmParser::UnresolvedOperand &a,
                   const OpAsmParser::UnresolvedOperand &b) {
  return a.name == b.name && a.number == b.number;
}

bool ParsedParameterReference::hasSameScope(
    const ParsedParameterReference &other) const {
  if (literal != other.literal)
    return false;
  if (literal)
    return scopeLiteral == other.scopeLiteral;
  if (scope.has_value() != other.scope.has_value())
    return false;
  return !scope || isSameOperand(*scope, *other.scope);
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
    if (succeeded(parser.parseOptionalColon())) {
      if (parser.parseColon() || parser.parseOperand(ref.key))
        return failure();
      ref.scope = first;
    } else {
      ref.key = first;
    }
    return success();
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

} // namespace sluice::io_parameters
