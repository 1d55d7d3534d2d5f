//===- IOParametersOps.cpp - io_parameters ops ----------------------------===//

#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/Util/IR/ParameterReferenceSyntax.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace sluice::io_parameters;
using namespace sluice::util;

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

//===----------------------------------------------------------------------===//
// Row lists
//===----------------------------------------------------------------------===//

static constexpr const char kMixedFormError[] =
    "each operation must use the same parameter reference form (all SSA "
    "values or all string literals)";

/// Parses `{` row (`,` row)* `}` or an empty `{` `}`. `parseRow` is called
/// with the row index.
static ParseResult
parseRowList(OpAsmParser &parser,
             llvm::function_ref<ParseResult(unsigned)> parseRow) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  unsigned index = 0;
  do {
    if (parseRow(index++))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRBrace();
}

/// Prints each row on its own line, indented one level deeper than the op,
/// with `}` back at the op's indentation. Zero rows print as `{` newline `}`.
static void printRowList(OpAsmPrinter &p, unsigned count,
                         llvm::function_ref<void(unsigned)> printRow) {
  p << '{';
  if (count == 0) {
    p.printNewline();
    p << '}';
    return;
  }
  p.increaseIndent();
  p.printNewline();
  for (unsigned i = 0; i < count; ++i) {
    if (i) {
      p << ',';
      p.printNewline();
    }
    printRow(i);
  }
  p.decreaseIndent();
  p.printNewline();
  p << '}';
}

/// Checks that `ref` uses the same form as the first row and, if `checkScope`,
/// the same scope. Emits `scopeError` on a scope mismatch.
static ParseResult
checkReferenceConsistency(OpAsmParser &parser,
                          const ParsedParameterReference &first,
                          const ParsedParameterReference &ref,
                          bool sameOtherOperands, StringRef consistencyError) {
  if (first.literal != ref.literal)
    return parser.emitError(parser.getCurrentLocation(), kMixedFormError);
  if (!first.hasSameScope(ref) || !sameOtherOperands)
    return parser.emitError(parser.getCurrentLocation(), consistencyError);
  return success();
}

/// Moves the parsed references into the op's scope/key operands or literals.
static void assignReferences(OpAsmParser &parser,
                             ArrayRef<ParsedParameterReference> refs,
                             std::optional<UnresolvedOperand> &scope,
                             SmallVectorImpl<UnresolvedOperand> &keys,
                             StringAttr &scopeLiteral, ArrayAttr &keyLiterals) {
  if (refs.empty())
    return;
  Builder &builder = parser.getBuilder();
  if (refs.front().literal) {
    if (refs.front().scopeLiteral)
      scopeLiteral = builder.getStringAttr(*refs.front().scopeLiteral);
    SmallVector<Attribute> literals;
    for (const ParsedParameterReference &ref : refs)
      literals.push_back(builder.getStringAttr(ref.keyLiteral));
    keyLiterals = builder.getArrayAttr(literals);
    return;
  }
  scope = refs.front().scope;
  for (const ParsedParameterReference &ref : refs)
    keys.push_back(ref.key);
}

/// Prints the reference of row `i` in whichever form the op uses.
static void printRowReference(OpAsmPrinter &p, Value scope, OperandRange keys,
                              StringAttr scopeLiteral, ArrayAttr keyLiterals,
                              unsigned i) {
  if (keyLiterals) {
    std::optional<StringRef> scopeText;
    if (scopeLiteral)
      scopeText = scopeLiteral.getValue();
    auto key = dyn_cast<StringAttr>(keyLiterals[i]);
    printParameterReference(p, scopeText, key ? key.getValue() : StringRef());
    return;
  }
  printParameterReference(p, scope, keys[i]);
}

//===----------------------------------------------------------------------===//
// Shared verification
//===----------------------------------------------------------------------===//

/// The legacy-literal rules shared by every op: literals and SSA keys never
/// mix, and a scope literal needs key literals.
static LogicalResult verifyReferenceForm(Operation *op, Value scope,
                                         OperandRange keys,
                                         StringAttr scopeLiteral,
                                         ArrayAttr keyLiterals) {
  if (keyLiterals) {
    if (!keys.empty())
      return op->emitOpError(
          "cannot mix string-literal and SSA parameter keys");
    if (scope)
      return op->emitOpError(
          "cannot mix string-literal keys with an SSA scope");
  }
  if (scopeLiteral && !keyLiterals)
    return op->emitOpError("scope literal requires key literals");
  return success();
}

static unsigned getRowCountOf(OperandRange keys, ArrayAttr keyLiterals) {
  return keyLiterals ? keyLiterals.size() : keys.size();
}

//===----------------------------------------------------------------------===//
// io_parameters.load
//===----------------------------------------------------------------------===//

// load-row ::= pref `[` ssa `]` `:` type `{` ssa `}`
static ParseResult parseLoadRows(OpAsmParser &parser,
                                 std::optional<UnresolvedOperand> &scope,
                                 SmallVectorImpl<UnresolvedOperand> &keys,
                                 SmallVectorImpl<UnresolvedOperand> &offsets,
                                 SmallVectorImpl<Type> &resultTypes,
                                 SmallVectorImpl<UnresolvedOperand> &lengths,
                                 StringAttr &scopeLiteral,
                                 ArrayAttr &keyLiterals) {
  SmallVector<ParsedParameterReference> refs;
  if (parseRowList(parser, [&](unsigned index) -> ParseResult {
        ParsedParameterReference ref;
        Type resultType;
        if (parseParameterReference(parser, ref) || parser.parseLSquare() ||
            parser.parseOperand(offsets.emplace_back()) ||
            parser.parseRSquare() || parser.parseColon() ||
            parser.parseType(resultType) || parser.parseLBrace() ||
            parser.parseOperand(lengths.emplace_back()) || parser.parseRBrace())
          return failure();
        resultTypes.push_back(resultType);
        if (index > 0 &&
            checkReferenceConsistency(parser, refs.front(), ref,
                                      /*sameOtherOperands=*/true,
                                      "each operation must use the same scope"))
          return failure();
        refs.push_back(std::move(ref));
        return success();
      }))
    return failure();
  assignReferences(parser, refs, scope, keys, scopeLiteral, keyLiterals);
  return success();
}

static void printLoadRows(OpAsmPrinter &p, LoadOp op, Value scope,
                          OperandRange keys, OperandRange offsets,
                          TypeRange resultTypes, OperandRange lengths,
                          StringAttr scopeLiteral, ArrayAttr keyLiterals) {
  unsigned count =
      std::min<size_t>({getRowCountOf(keys, keyLiterals), offsets.size(),
                        resultTypes.size(), lengths.size()});
  printRowList(p, count, [&](unsigned i) {
    printRowReference(p, scope, keys, scopeLiteral, keyLiterals, i);
    p << '[';
    p.printOperand(offsets[i]);
    p << "] : ";
    p.printType(resultTypes[i]);
    p << '{';
    p.printOperand(lengths[i]);
    p << '}';
  });
}

unsigned LoadOp::getRowCount() {
  return getRowCountOf(getSourceKeys(), getSourceKeyLiteralsAttr());
}

LogicalResult LoadOp::verify() {
  unsigned rows = getRowCount();
  if (rows != getSourceOffsets().size() || rows != getLengths().size() ||
      rows != getResults().size())
    return emitOpError("requires that the source keys, source offsets, and "
                       "result sizes are all 1:1");
  return verifyReferenceForm(*this, getSourceScope(), getSourceKeys(),
                             getSourceScopeLiteralAttr(),
                             getSourceKeyLiteralsAttr());
}

Value LoadOp::getOperandSize(unsigned idx) { return {}; }

Value LoadOp::getResultSize(unsigned idx) {
  if (idx < getLengths().size())
    return getLengths()[idx];
  return {};
}

//===----------------------------------------------------------------------===//
// io_parameters.gather
//===----------------------------------------------------------------------===//

// gather-row ::= pref `[` ssa `]` `->` ssa `[` ssa `for` ssa `]` `:` type
static ParseResult
parseGatherRows(OpAsmParser &parser, std::optional<UnresolvedOperand> &scope,
                SmallVectorImpl<UnresolvedOperand> &keys,
                SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
                UnresolvedOperand &targetBuffer, Type &targetType,
                SmallVectorImpl<UnresolvedOperand> &targetOffsets,
                SmallVectorImpl<UnresolvedOperand> &targetLengths,
                StringAttr &scopeLiteral, ArrayAttr &keyLiterals) {
  SmallVector<ParsedParameterReference> refs;
  SMLoc startLoc = parser.getCurrentLocation();
  if (parseRowList(parser, [&](unsigned index) -> ParseResult {
        ParsedParameterReference ref;
        UnresolvedOperand rowTarget;
        Type rowType;
        if (parseParameterReference(parser, ref) || parser.parseLSquare() ||
            parser.parseOperand(sourceOffsets.emplace_back()) ||
            parser.parseRSquare() || parser.parseArrow() ||
            parser.parseOperand(rowTarget) || parser.parseLSquare() ||
            parser.parseOperand(targetOffsets.emplace_back()) ||
            parser.parseKeyword("for") ||
            parser.parseOperand(targetLengths.emplace_back()) ||
            parser.parseRSquare() || parser.parseColonType(rowType))
          return failure();
        if (index == 0) {
          targetBuffer = rowTarget;
          targetType = rowType;
        } else if (checkReferenceConsistency(
                       parser, refs.front(), ref,
                       isSameOperand(targetBuffer, rowTarget) &&
                           targetType == rowType,
                       "each operation must use the same scope and target "
                       "resource")) {
          return failure();
        }
        refs.push_back(std::move(ref));
        return success();
      }))
    return failure();
  if (refs.empty())
    return parser.emitError(startLoc,
                            "a gather with no rows has no target buffer; use "
                            "the generic form");
  assignReferences(parser, refs, scope, keys, scopeLiteral, keyLiterals);
  return success();
}

static void printGatherRows(OpAsmPrinter &p, GatherOp op, Value scope,
                            OperandRange keys, OperandRange sourceOffsets,
                            Value targetBuffer, Type targetType,
                            OperandRange targetOffsets,
                            OperandRange targetLengths, StringAttr scopeLiteral,
                            ArrayAttr keyLiterals) {
  unsigned count =
      std::min<size_t>({getRowCountOf(keys, keyLiterals), sourceOffsets.size(),
                        targetOffsets.size(), targetLengths.size()});
  printRowList(p, count, [&](unsigned i) {
    printRowReference(p, scope, keys, scopeLiteral, keyLiterals, i);
    p << '[';
    p.printOperand(sourceOffsets[i]);
    p << "] -> ";
    p.printOperand(targetBuffer);
    p << '[';
    p.printOperand(targetOffsets[i]);
    p << " for ";
    p.printOperand(targetLengths[i]);
    p << "] : ";
    p.printType(targetType);
  });
}

unsigned GatherOp::getRowCount() {
  return getRowCountOf(getSourceKeys(), getSourceKeyLiteralsAttr());
}

LogicalResult GatherOp::verify() {
  unsigned rows = getRowCount();
  if (rows != getSourceOffsets().size() || rows != getTargetOffsets().size() ||
      rows != getTargetLengths().size())
    return emitOpError("requires that the source keys, target offsets, and "
                       "target lengths are all 1:1");
  return verifyReferenceForm(*this, getSourceScope(), getSourceKeys(),
                             getSourceScopeLiteralAttr(),
                             getSourceKeyLiteralsAttr());
}

//===----------------------------------------------------------------------===//
// io_parameters.scatter
//===----------------------------------------------------------------------===//

// scatter-row ::= ssa `[` ssa `for` ssa `]` `:` type `->` pref `[` ssa `]`
static ParseResult
parseScatterRows(OpAsmParser &parser, UnresolvedOperand &sourceBuffer,
                 Type &sourceType,
                 SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
                 SmallVectorImpl<UnresolvedOperand> &sourceLengths,
                 std::optional<UnresolvedOperand> &scope,
                 SmallVectorImpl<UnresolvedOperand> &keys,
                 SmallVectorImpl<UnresolvedOperand> &targetOffsets,
                 StringAttr &scopeLiteral, ArrayAttr &keyLiterals) {
  SmallVector<ParsedParameterReference> refs;
  SMLoc startLoc = parser.getCurrentLocation();
  if (parseRowList(parser, [&](unsigned index) -> ParseResult {
        ParsedParameterReference ref;
        UnresolvedOperand rowSource;
        Type rowType;
        if (parser.parseOperand(rowSource) || parser.parseLSquare() ||
            parser.parseOperand(sourceOffsets.emplace_back()) ||
            parser.parseKeyword("for") ||
            parser.parseOperand(sourceLengths.emplace_back()) ||
            parser.parseRSquare() || parser.parseColonType(rowType) ||
            parser.parseArrow() || parseParameterReference(parser, ref) ||
            parser.parseLSquare() ||
            parser.parseOperand(targetOffsets.emplace_back()) ||
            parser.parseRSquare())
          return failure();
        if (index == 0) {
          sourceBuffer = rowSource;
          sourceType = rowType;
        } else if (checkReferenceConsistency(
                       parser, refs.front(), ref,
                       isSameOperand(sourceBuffer, rowSource) &&
                           sourceType == rowType,
                       "each operation must use the same source resource and "
                       "scope")) {
          return failure();
        }
        refs.push_back(std::move(ref));
        return success();
      }))
    return failure();
  if (refs.empty())
    return parser.emitError(startLoc,
                            "a scatter with no rows has no source buffer; use "
                            "the generic form");
  assignReferences(parser, refs, scope, keys, scopeLiteral, keyLiterals);
  return success();
}

static void printScatterRows(OpAsmPrinter &p, ScatterOp op, Value sourceBuffer,
                             Type sourceType, OperandRange sourceOffsets,
                             OperandRange sourceLengths, Value scope,
                             OperandRange keys, OperandRange targetOffsets,
                             StringAttr scopeLiteral, ArrayAttr keyLiterals) {
  unsigned count =
      std::min<size_t>({getRowCountOf(keys, keyLiterals), sourceOffsets.size(),
                        sourceLengths.size(), targetOffsets.size()});
  printRowList(p, count, [&](unsigned i) {
    p.printOperand(sourceBuffer);
    p << '[';
    p.printOperand(sourceOffsets[i]);
    p << " for ";
    p.printOperand(sourceLengths[i]);
    p << "] : ";
    p.printType(sourceType);
    p << " -> ";
    printRowReference(p, scope, keys, scopeLiteral, keyLiterals, i);
    p << '[';
    p.printOperand(targetOffsets[i]);
    p << ']';
  });
}

unsigned ScatterOp::getRowCount() {
  return getRowCountOf(getTargetKeys(), getTargetKeyLiteralsAttr());
}

LogicalResult ScatterOp::verify() {
  unsigned rows = getRowCount();
  if (rows != getSourceOffsets().size() || rows != getSourceLengths().size() ||
      rows != getTargetOffsets().size())
    return emitOpError("requires that the source offsets, source lengths, and "
                       "target keys are all 1:1");
  return verifyReferenceForm(*this, getTargetScope(), getTargetKeys(),
                             getTargetScopeLiteralAttr(),
                             getTargetKeyLiteralsAttr());
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.cpp.inc"

void IOParametersDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.cpp.inc"
      >();
}
