//===- StreamDirectives.cpp - stream custom assembly directives -----------===//

#include "StreamDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// PackSliceRanges
//===----------------------------------------------------------------------===//

ParseResult parsePackSliceRanges(OpAsmParser &parser,
                                 ArrayAttr &lifetimeIntervals,
                                 SmallVectorImpl<UnresolvedOperand> &sizes,
                                 SmallVectorImpl<Type> &packedOffsetTypes) {
  SmallVector<int64_t> intervals;
  while (succeeded(parser.parseOptionalLSquare())) {
    int64_t start, end;
    if (parser.parseInteger(start) || parser.parseComma() ||
        parser.parseInteger(end) || parser.parseRSquare() ||
        parser.parseEqual() || parser.parseOperand(sizes.emplace_back()))
      return failure();
    intervals.push_back(start);
    intervals.push_back(end);
    packedOffsetTypes.push_back(parser.getBuilder().getIndexType());
    if (failed(parser.parseOptionalComma()))
      break;
  }
  lifetimeIntervals = parser.getBuilder().getIndexArrayAttr(intervals);
  return success();
}

void printPackSliceRanges(OpAsmPrinter &p, Operation *, ArrayAttr intervals,
                          ValueRange sizes, TypeRange) {
  if (sizes.empty())
    return;
  for (unsigned i = 0; i < sizes.size(); ++i) {
    p.printNewline();
    p << "  [";
    if (2 * i + 1 < intervals.size())
      p << cast<IntegerAttr>(intervals[2 * i]).getInt() << ", "
        << cast<IntegerAttr>(intervals[2 * i + 1]).getInt();
    p << "] = ";
    p.printOperand(sizes[i]);
    if (i + 1 != sizes.size())
      p << ',';
  }
  p.printNewline();
}

//===----------------------------------------------------------------------===//
// ConstantValueList
//===----------------------------------------------------------------------===//

ParseResult
parseConstantValueList(OpAsmParser &parser, SmallVectorImpl<Type> &resultTypes,
                       SmallVectorImpl<UnresolvedOperand> &resultSizes,
                       ArrayAttr &values) {
  SmallVector<Attribute> attrs;
  do {
    Type type;
    Attribute value;
    if (parser.parseType(type) || parser.parseLBrace() ||
        parser.parseOperand(resultSizes.emplace_back()) ||
        parser.parseRBrace() || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    resultTypes.push_back(type);
    attrs.push_back(value);
  } while (succeeded(parser.parseOptionalComma()));
  values = parser.getBuilder().getArrayAttr(attrs);
  return success();
}

void printConstantValueList(OpAsmPrinter &p, Operation *, TypeRange resultTypes,
                            ValueRange resultSizes, ArrayAttr values) {
  for (unsigned i = 0; i < resultTypes.size(); ++i) {
    p.printNewline();
    p << "  ";
    p.printType(resultTypes[i]);
    p << '{';
    if (i < resultSizes.size())
      p.printOperand(resultSizes[i]);
    p << "} = ";
    if (values && i < values.size())
      p.printAttribute(values[i]);
    if (i + 1 != resultTypes.size())
      p << ',';
  }
  // The op format continues with ` => !stream.timepoint` on its own line.
  p.printNewline();
  p << ' ';
}

//===----------------------------------------------------------------------===//
// WorkgroupCountRegion
//===----------------------------------------------------------------------===//

ParseResult parseWorkgroupCountRegion(OpAsmParser &parser, Region &body) {
  if (failed(parser.parseOptionalKeyword("workgroups")))
    return success(); // Empty region.
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseArrow())
    return failure();
  SmallVector<Type> resultTypes;
  SMLoc typesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen()))
      if (parser.parseTypeList(resultTypes) || parser.parseRParen())
        return failure();
  } else if (parser.parseType(resultTypes.emplace_back())) {
    return failure();
  }
  if (resultTypes.size() != 3 ||
      !llvm::all_of(resultTypes, [](Type t) { return t.isIndex(); }))
    return parser.emitError(typesLoc, "workgroup count region must return the "
                                      "XYZ dimension counts");
  if (parser.parseRegion(body, args, /*enableNameShadowing=*/false))
    return failure();
  // The body may still lack a terminator here (`{}` or a block ending in a
  // non-terminator); the region verifier reports that, so only check the
  // return types of blocks that do end in a stream.return.
  for (Block &block : body)
    if (auto returnOp =
            block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back()))
      for (auto [type, expected] :
           llvm::zip(returnOp.getOperandTypes(), resultTypes))
        if (type != expected)
          return returnOp.emitOpError(
              "operands do not match expected region return types");
  return success();
}

void printWorkgroupCountRegion(OpAsmPrinter &p, Operation *, Region &body) {
  if (body.empty())
    return;
  p << "workgroups(";
  llvm::interleaveComma(body.getArguments(), p,
                        [&](BlockArgument arg) { p.printRegionArgument(arg); });
  p << ") -> (index, index, index) ";
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

//===----------------------------------------------------------------------===//
// DispatchEntryPoints
//===----------------------------------------------------------------------===//

ParseResult parseDispatchEntryPoints(OpAsmParser &parser,
                                     ArrayAttr &entryPoints) {
  SmallVector<Attribute> refs;
  auto parseOne = [&]() -> ParseResult {
    SymbolRefAttr ref;
    if (parser.parseAttribute(ref))
      return failure();
    refs.push_back(ref);
    return success();
  };
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList(parseOne) || parser.parseRBrace())
      return failure();
  } else if (parseOne()) {
    return failure();
  }
  entryPoints = parser.getBuilder().getArrayAttr(refs);
  return success();
}

void printDispatchEntryPoints(OpAsmPrinter &p, Operation *,
                              ArrayAttr entryPoints) {
  if (entryPoints.size() == 1) {
    p.printAttribute(entryPoints[0]);
    return;
  }
  p << '{';
  llvm::interleaveComma(entryPoints, p,
                        [&](Attribute ref) { p.printAttribute(ref); });
  p << '}';
}

} // namespace sluice::stream
