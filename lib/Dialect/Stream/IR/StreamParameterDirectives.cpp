//===- StreamParameterDirectives.cpp - custom directives of the parameter ops
//----===//

//
// The `%scope::%key` syntax is the SSA form of the io_parameters references,
// shared through util's ParameterReferenceSyntax.h (the literal form is not
// accepted by stream ops).
//
//===----------------------------------------------------------------------===//

#include "StreamParameterDirectives.h"

#include "sluice/Dialect/Util/IR/ParameterReferenceSyntax.h"

using namespace mlir;

namespace sluice::stream {

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

using util::isSameOperand;
using util::isSameOptionalOperand;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Prints the rows each on a new line one level deeper than the op, separated
/// by `,`, followed by a newline at the op's indentation.
static void printRows(OpAsmPrinter &p, unsigned count,
                      llvm::function_ref<void(unsigned)> printRow) {
  p.increaseIndent();
  for (unsigned i = 0; i < count; ++i) {
    if (i)
      p << ",";
    p.printNewline();
    printRow(i);
  }
  p.decreaseIndent();
  p.printNewline();
}

/// The number of rows that can be printed without reading past any list.
static unsigned getRowCount(std::initializer_list<size_t> sizes) {
  return static_cast<unsigned>(std::min(sizes));
}

//===----------------------------------------------------------------------===//
// ParameterReference (§11.19)
//===----------------------------------------------------------------------===//

ParseResult parseParameterReference(OpAsmParser &parser,
                                    std::optional<UnresolvedOperand> &scope,
                                    UnresolvedOperand &key) {
  return util::parseScopedKey(parser, scope, key);
}

void printParameterReference(OpAsmPrinter &p, Operation *, Value scope,
                             Value key) {
  util::printParameterReference(p, scope, key);
}

/// `param-ref [ %offset ]`.
static ParseResult parseParameterReferenceWithOffset(
    OpAsmParser &parser, std::optional<UnresolvedOperand> &scope,
    UnresolvedOperand &key, UnresolvedOperand &offset) {
  if (parseParameterReference(parser, scope, key) || parser.parseLSquare() ||
      parser.parseOperand(offset) || parser.parseRSquare())
    return failure();
  return success();
}

static void printParameterReferenceWithOffset(OpAsmPrinter &p, Value scope,
                                              Value key, Value offset) {
  util::printParameterReference(p, scope, key);
  p << "[";
  p.printOperand(offset);
  p << "]";
}

//===----------------------------------------------------------------------===//
// ParameterLoadOperations (§11.20)
//===----------------------------------------------------------------------===//

ParseResult
parseParameterLoadOperations(OpAsmParser &parser,
                             std::optional<UnresolvedOperand> &scope,
                             SmallVectorImpl<UnresolvedOperand> &keys,
                             SmallVectorImpl<UnresolvedOperand> &offsets,
                             SmallVectorImpl<Type> &resultTypes,
                             SmallVectorImpl<UnresolvedOperand> &resultSizes) {
  bool first = true;
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    std::optional<UnresolvedOperand> rowScope;
    UnresolvedOperand key, offset, size;
    Type type;
    if (parseParameterReferenceWithOffset(parser, rowScope, key, offset) ||
        parser.parseColonType(type) || parser.parseLBrace() ||
        parser.parseOperand(size) || parser.parseRBrace())
      return failure();
    if (first) {
      scope = rowScope;
      first = false;
    } else if (!isSameOptionalOperand(scope, rowScope)) {
      return parser.emitError(parser.getCurrentLocation(),
                              "each operation must use the same scope");
    }
    keys.push_back(key);
    offsets.push_back(offset);
    resultTypes.push_back(type);
    resultSizes.push_back(size);
    return success();
  });
}

void printParameterLoadOperations(OpAsmPrinter &p, Operation *, Value scope,
                                  ValueRange keys, ValueRange offsets,
                                  TypeRange resultTypes,
                                  ValueRange resultSizes) {
  unsigned count = getRowCount(
      {keys.size(), offsets.size(), resultTypes.size(), resultSizes.size()});
  printRows(p, count, [&](unsigned i) {
    printParameterReferenceWithOffset(p, scope, keys[i], offsets[i]);
    p << " : ";
    p.printType(resultTypes[i]);
    p << "{";
    p.printOperand(resultSizes[i]);
    p << "}";
  });
}

//===----------------------------------------------------------------------===//
// Gather rows (§11.21, §11.22)
//===----------------------------------------------------------------------===//

/// Gather rows; `targetEnds` is null for the cmd form (no `to %end`).
static ParseResult
parseGatherRows(OpAsmParser &parser, std::optional<UnresolvedOperand> &scope,
                SmallVectorImpl<UnresolvedOperand> &keys,
                SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
                UnresolvedOperand &target, Type &targetType,
                UnresolvedOperand &targetSize,
                SmallVectorImpl<UnresolvedOperand> &targetOffsets,
                SmallVectorImpl<UnresolvedOperand> *targetEnds,
                SmallVectorImpl<UnresolvedOperand> &targetLengths) {
  bool first = true;
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    std::optional<UnresolvedOperand> rowScope;
    UnresolvedOperand key, sourceOffset, rowTarget, targetOffset, targetEnd,
        targetLength, rowTargetSize;
    Type rowType;
    if (parseParameterReferenceWithOffset(parser, rowScope, key,
                                          sourceOffset) ||
        parser.parseArrow() || parser.parseOperand(rowTarget) ||
        parser.parseLSquare() || parser.parseOperand(targetOffset))
      return failure();
    if (targetEnds &&
        (parser.parseKeyword("to") || parser.parseOperand(targetEnd)))
      return failure();
    if (parser.parseKeyword("for") || parser.parseOperand(targetLength) ||
        parser.parseRSquare() || parser.parseColonType(rowType) ||
        parser.parseLBrace() || parser.parseOperand(rowTargetSize) ||
        parser.parseRBrace())
      return failure();
    if (first) {
      scope = rowScope;
      target = rowTarget;
      targetType = rowType;
      targetSize = rowTargetSize;
      first = false;
    } else if (!isSameOptionalOperand(scope, rowScope) ||
               !isSameOperand(target, rowTarget) || targetType != rowType ||
               !isSameOperand(targetSize, rowTargetSize)) {
      return parser.emitError(
          parser.getCurrentLocation(),
          "each operation must use the same scope and target resource");
    }
    keys.push_back(key);
    sourceOffsets.push_back(sourceOffset);
    targetOffsets.push_back(targetOffset);
    if (targetEnds)
      targetEnds->push_back(targetEnd);
    targetLengths.push_back(targetLength);
    return success();
  });
}

static void printGatherRows(OpAsmPrinter &p, Value scope, ValueRange keys,
                            ValueRange sourceOffsets, Value target,
                            Type targetType, Value targetSize,
                            ValueRange targetOffsets,
                            std::optional<ValueRange> targetEnds,
                            ValueRange targetLengths) {
  unsigned count = getRowCount(
      {keys.size(), sourceOffsets.size(), targetOffsets.size(),
       targetEnds ? targetEnds->size() : keys.size(), targetLengths.size()});
  printRows(p, count, [&](unsigned i) {
    printParameterReferenceWithOffset(p, scope, keys[i], sourceOffsets[i]);
    p << " -> ";
    p.printOperand(target);
    p << "[";
    p.printOperand(targetOffsets[i]);
    if (targetEnds) {
      p << " to ";
      p.printOperand((*targetEnds)[i]);
    }
    p << " for ";
    p.printOperand(targetLengths[i]);
    p << "] : ";
    p.printType(targetType);
    p << "{";
    p.printOperand(targetSize);
    p << "}";
  });
}

ParseResult parseAsyncParameterGatherOperations(
    OpAsmParser &parser, std::optional<UnresolvedOperand> &scope,
    SmallVectorImpl<UnresolvedOperand> &keys,
    SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
    UnresolvedOperand &target, Type &targetType, UnresolvedOperand &targetSize,
    SmallVectorImpl<UnresolvedOperand> &targetOffsets,
    SmallVectorImpl<UnresolvedOperand> &targetEnds,
    SmallVectorImpl<UnresolvedOperand> &targetLengths) {
  return parseGatherRows(parser, scope, keys, sourceOffsets, target, targetType,
                         targetSize, targetOffsets, &targetEnds, targetLengths);
}

void printAsyncParameterGatherOperations(
    OpAsmPrinter &p, Operation *, Value scope, ValueRange keys,
    ValueRange sourceOffsets, Value target, Type targetType, Value targetSize,
    ValueRange targetOffsets, ValueRange targetEnds, ValueRange targetLengths) {
  printGatherRows(p, scope, keys, sourceOffsets, target, targetType, targetSize,
                  targetOffsets, targetEnds, targetLengths);
}

ParseResult parseCmdParameterGatherOperations(
    OpAsmParser &parser, std::optional<UnresolvedOperand> &scope,
    SmallVectorImpl<UnresolvedOperand> &keys,
    SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
    UnresolvedOperand &target, Type &targetType, UnresolvedOperand &targetSize,
    SmallVectorImpl<UnresolvedOperand> &targetOffsets,
    SmallVectorImpl<UnresolvedOperand> &targetLengths) {
  return parseGatherRows(parser, scope, keys, sourceOffsets, target, targetType,
                         targetSize, targetOffsets,
                         /*targetEnds=*/nullptr, targetLengths);
}

void printCmdParameterGatherOperations(OpAsmPrinter &p, Operation *,
                                       Value scope, ValueRange keys,
                                       ValueRange sourceOffsets, Value target,
                                       Type targetType, Value targetSize,
                                       ValueRange targetOffsets,
                                       ValueRange targetLengths) {
  printGatherRows(p, scope, keys, sourceOffsets, target, targetType, targetSize,
                  targetOffsets, std::nullopt, targetLengths);
}

//===----------------------------------------------------------------------===//
// Scatter rows (§11.23, §11.24)
//===----------------------------------------------------------------------===//

/// Scatter rows; `sourceEnds` is null for the cmd form (no `to %end`).
static ParseResult
parseScatterRows(OpAsmParser &parser, UnresolvedOperand &source,
                 Type &sourceType, UnresolvedOperand &sourceSize,
                 SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
                 SmallVectorImpl<UnresolvedOperand> *sourceEnds,
                 SmallVectorImpl<UnresolvedOperand> &sourceLengths,
                 std::optional<UnresolvedOperand> &scope,
                 SmallVectorImpl<UnresolvedOperand> &keys,
                 SmallVectorImpl<UnresolvedOperand> &targetOffsets) {
  bool first = true;
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    UnresolvedOperand rowSource, sourceOffset, sourceEnd, sourceLength,
        rowSourceSize, key, targetOffset;
    std::optional<UnresolvedOperand> rowScope;
    Type rowType;
    if (parser.parseOperand(rowSource) || parser.parseLSquare() ||
        parser.parseOperand(sourceOffset))
      return failure();
    if (sourceEnds &&
        (parser.parseKeyword("to") || parser.parseOperand(sourceEnd)))
      return failure();
    if (parser.parseKeyword("for") || parser.parseOperand(sourceLength) ||
        parser.parseRSquare() || parser.parseColonType(rowType) ||
        parser.parseLBrace() || parser.parseOperand(rowSourceSize) ||
        parser.parseRBrace() || parser.parseArrow() ||
        parseParameterReferenceWithOffset(parser, rowScope, key, targetOffset))
      return failure();
    if (first) {
      source = rowSource;
      sourceType = rowType;
      sourceSize = rowSourceSize;
      scope = rowScope;
      first = false;
    } else if (!isSameOperand(source, rowSource) || sourceType != rowType ||
               !isSameOperand(sourceSize, rowSourceSize) ||
               !isSameOptionalOperand(scope, rowScope)) {
      return parser.emitError(
          parser.getCurrentLocation(),
          "each operation must use the same source resource and scope");
    }
    sourceOffsets.push_back(sourceOffset);
    if (sourceEnds)
      sourceEnds->push_back(sourceEnd);
    sourceLengths.push_back(sourceLength);
    keys.push_back(key);
    targetOffsets.push_back(targetOffset);
    return success();
  });
}

static void printScatterRows(OpAsmPrinter &p, Value source, Type sourceType,
                             Value sourceSize, ValueRange sourceOffsets,
                             std::optional<ValueRange> sourceEnds,
                             ValueRange sourceLengths, Value scope,
                             ValueRange keys, ValueRange targetOffsets) {
  unsigned count = getRowCount({keys.size(), sourceOffsets.size(),
                                sourceEnds ? sourceEnds->size() : keys.size(),
                                sourceLengths.size(), targetOffsets.size()});
  printRows(p, count, [&](unsigned i) {
    p.printOperand(source);
    p << "[";
    p.printOperand(sourceOffsets[i]);
    if (sourceEnds) {
      p << " to ";
      p.printOperand((*sourceEnds)[i]);
    }
    p << " for ";
    p.printOperand(sourceLengths[i]);
    p << "] : ";
    p.printType(sourceType);
    p << "{";
    p.printOperand(sourceSize);
    p << "} -> ";
    printParameterReferenceWithOffset(p, scope, keys[i], targetOffsets[i]);
  });
}

ParseResult parseAsyncParameterScatterOperations(
    OpAsmParser &parser, UnresolvedOperand &source, Type &sourceType,
    UnresolvedOperand &sourceSize,
    SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
    SmallVectorImpl<UnresolvedOperand> &sourceEnds,
    SmallVectorImpl<UnresolvedOperand> &sourceLengths,
    std::optional<UnresolvedOperand> &scope,
    SmallVectorImpl<UnresolvedOperand> &keys,
    SmallVectorImpl<UnresolvedOperand> &targetOffsets) {
  return parseScatterRows(parser, source, sourceType, sourceSize, sourceOffsets,
                          &sourceEnds, sourceLengths, scope, keys,
                          targetOffsets);
}

void printAsyncParameterScatterOperations(
    OpAsmPrinter &p, Operation *, Value source, Type sourceType,
    Value sourceSize, ValueRange sourceOffsets, ValueRange sourceEnds,
    ValueRange sourceLengths, Value scope, ValueRange keys,
    ValueRange targetOffsets) {
  printScatterRows(p, source, sourceType, sourceSize, sourceOffsets, sourceEnds,
                   sourceLengths, scope, keys, targetOffsets);
}

ParseResult parseCmdParameterScatterOperations(
    OpAsmParser &parser, UnresolvedOperand &source, Type &sourceType,
    UnresolvedOperand &sourceSize,
    SmallVectorImpl<UnresolvedOperand> &sourceOffsets,
    SmallVectorImpl<UnresolvedOperand> &sourceLengths,
    std::optional<UnresolvedOperand> &scope,
    SmallVectorImpl<UnresolvedOperand> &keys,
    SmallVectorImpl<UnresolvedOperand> &targetOffsets) {
  return parseScatterRows(parser, source, sourceType, sourceSize, sourceOffsets,
                          /*sourceEnds=*/nullptr, sourceLengths, scope, keys,
                          targetOffsets);
}

void printCmdParameterScatterOperations(
    OpAsmPrinter &p, Operation *, Value source, Type sourceType,
    Value sourceSize, ValueRange sourceOffsets, ValueRange sourceLengths,
    Value scope, ValueRange keys, ValueRange targetOffsets) {
  printScatterRows(p, source, sourceType, sourceSize, sourceOffsets,
                   std::nullopt, sourceLengths, scope, keys, targetOffsets);
}

} // namespace sluice::stream
