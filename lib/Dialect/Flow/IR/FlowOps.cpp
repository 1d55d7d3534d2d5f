//===- FlowOps.cpp - flow op definitions and syntax -----------------------===//
//
// The generated op definitions, flow-local custom directives, and the
// structural ops (executables, functions, calls, returns). Op semantics live
// in FlowTensorOps.cpp, FlowDispatchOps.cpp and FlowCollectiveOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "sluice/Dialect/Util/IR/ParameterReferenceSyntax.h"
#include "sluice/Dialect/Util/IR/TiedFunctionBuilder.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace sluice::flow;
// The shared directives (UtilDirectives.h) are found by unqualified lookup
// from the generated parsers and printers.
using namespace sluice::util;

//===----------------------------------------------------------------------===//
// Flow-local directives
//===----------------------------------------------------------------------===//

/// `{%d, ...}` for a ranked shaped or dispatch tensor type with dynamic dims;
/// nothing otherwise.
static ParseResult parseFlowTypeDims(OpAsmParser &parser, Type type,
                                     SmallVectorImpl<UnresolvedOperand> &dims) {
  return parseDimBraces(
      parser, type, sluice::iree_tensor_ext::getDynamicDimCount(type), dims);
}

static void printFlowTypeDims(OpAsmPrinter &p, Type type, ValueRange dims,
                              unsigned &next) {
  printDimBraces(p, sluice::iree_tensor_ext::getDynamicDimCount(type), dims,
                 next);
}

/// `[ %v ':' T DIMS { ',' %v ':' T DIMS } ]` (inside the op's brackets).
static ParseResult parseShapedOperandList(
    OpAsmParser &parser, SmallVectorImpl<UnresolvedOperand> &values,
    SmallVectorImpl<Type> &types, SmallVectorImpl<UnresolvedOperand> &dims) {
  UnresolvedOperand first;
  OptionalParseResult parsed = parser.parseOptionalOperand(first);
  if (!parsed.has_value())
    return success();
  if (failed(*parsed))
    return failure();
  auto parseRest = [&](UnresolvedOperand value) -> ParseResult {
    Type type;
    if (parser.parseColonType(type) || parseFlowTypeDims(parser, type, dims))
      return failure();
    values.push_back(value);
    types.push_back(type);
    return success();
  };
  if (parseRest(first))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    UnresolvedOperand value;
    if (parser.parseOperand(value) || parseRest(value))
      return failure();
  }
  return success();
}

static void printShapedOperandList(OpAsmPrinter &p, Operation *,
                                   ValueRange values, TypeRange types,
                                   ValueRange dims) {
  unsigned next = 0;
  llvm::interleaveComma(llvm::zip_equal(values, types), p, [&](auto pair) {
    p.printOperand(std::get<0>(pair));
    p << " : ";
    p.printType(std::get<1>(pair));
    printFlowTypeDims(p, std::get<1>(pair), dims, next);
  });
}

/// `[ %scope '::' ] %key`: the one util parser/printer of scoped keys.
static ParseResult
parseParameterReference(OpAsmParser &parser,
                        std::optional<UnresolvedOperand> &scope,
                        UnresolvedOperand &key) {
  return sluice::util::parseScopedKey(parser, scope, key);
}

static void printParameterReference(OpAsmPrinter &p, Operation *, Value scope,
                                    Value key) {
  sluice::util::printParameterReference(p, scope, key);
}

/// `@a::@b` or `{@a::@b, @c::@d}` (braces unless exactly one).
static ParseResult parseDispatchEntryPoints(OpAsmParser &parser,
                                            ArrayAttr &entryPoints) {
  SmallVector<Attribute> refs;
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          SymbolRefAttr ref;
          if (parser.parseAttribute(ref))
            return failure();
          refs.push_back(ref);
          return success();
        }) ||
        parser.parseRBrace())
      return failure();
  } else {
    SymbolRefAttr ref;
    if (parser.parseAttribute(ref))
      return failure();
    refs.push_back(ref);
  }
  entryPoints = parser.getBuilder().getArrayAttr(refs);
  return success();
}

static void printDispatchEntryPoints(OpAsmPrinter &p, Operation *,
                                     ArrayAttr entryPoints) {
  if (entryPoints.size() == 1) {
    p.printAttributeWithoutType(entryPoints[0]);
    return;
  }
  p << '{';
  llvm::interleaveComma(
      entryPoints, p, [&](Attribute ref) { p.printAttributeWithoutType(ref); });
  p << '}';
}

/// `keyword '(' args ')' '->' '(' index ',' index ',' index ')' region`,
/// optional as a whole. Every flow.return inside must return the three
/// declared types.
static ParseResult parseCountRegionWithKeyword(OpAsmParser &parser,
                                               Region &region,
                                               StringRef keyword) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseArrow())
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> resultTypes;
  if (parser.parseLParen() || parser.parseTypeList(resultTypes) ||
      parser.parseRParen())
    return failure();
  if (resultTypes.size() != 3 ||
      !llvm::all_of(resultTypes, [](Type type) { return type.isIndex(); }))
    return parser.emitError(
        typesLoc,
        "workgroup count region must return the XYZ dimension counts");
  if (parser.parseRegion(region, args, /*enableNameShadowing=*/false))
    return failure();
  for (Block &block : region) {
    auto returnOp =
        block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
    if (!returnOp)
      continue;
    if (TypeRange(returnOp.getOperandTypes()) != TypeRange(resultTypes))
      return returnOp.emitOpError(
          "operands do not match expected region return types");
  }
  return success();
}

static void printCountRegionWithKeyword(OpAsmPrinter &p, Region &region,
                                        StringRef keyword) {
  if (region.empty())
    return;
  p << ' ' << keyword << '(';
  llvm::interleaveComma(region.getArguments(), p,
                        [&](BlockArgument arg) { p.printRegionArgument(arg); });
  p << ") -> (index, index, index) ";
  p.printRegion(region, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

static ParseResult parseWorkgroupCountRegion(OpAsmParser &parser,
                                             Region &region) {
  return parseCountRegionWithKeyword(parser, region, "workgroups");
}

static void printWorkgroupCountRegion(OpAsmPrinter &p, Operation *,
                                      Region &region) {
  printCountRegionWithKeyword(p, region, "workgroups");
}

static ParseResult parseDispatchWorkgroupsCountRegion(OpAsmParser &parser,
                                                      Region &region) {
  return parseCountRegionWithKeyword(parser, region, "count");
}

static void printDispatchWorkgroupsCountRegion(OpAsmPrinter &p, Operation *,
                                               Region &region) {
  printCountRegionWithKeyword(p, region, "count");
}

/// NEWLINE `(` [ %b ':' T { ',' ... } ] `)` region.
static ParseResult parseDispatchWorkgroupBody(OpAsmParser &parser,
                                              TypeRange operandTypes,
                                              TypeRange resultTypes,
                                              Region &body) {
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/false) ||
      parser.parseRegion(body, args, /*enableNameShadowing=*/true))
    return failure();
  return success();
}

static void printDispatchWorkgroupBody(OpAsmPrinter &p, Operation *, TypeRange,
                                       TypeRange, Region &body) {
  p.printNewline();
  p << "   (";
  if (!body.empty())
    llvm::interleaveComma(body.getArguments(), p, [&](BlockArgument arg) {
      p.printOperand(arg);
      p << ": ";
      p.printType(arg.getType());
    });
  p << ") ";
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/Flow/IR/FlowOps.cpp.inc"

void FlowDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/Flow/IR/FlowOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// flow.executable
//===----------------------------------------------------------------------===//

void ExecutableOp::build(OpBuilder &builder, OperationState &state,
                         StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  Region *body = state.addRegion();
  ExecutableOp::ensureTerminator(*body, builder, state.location);
}

ModuleOp ExecutableOp::getInnerModule() {
  auto modules = getBlock().getOps<ModuleOp>();
  return modules.empty() ? ModuleOp() : *modules.begin();
}

//===----------------------------------------------------------------------===//
// flow.func
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayAttr tiedOperands,
                   ArrayRef<DictionaryAttr> argAttrs,
                   ArrayRef<DictionaryAttr> resAttrs) {
  sluice::util::buildTiedFunctionState<FuncOp>(
      builder, state, name, "private", type, tiedOperands, argAttrs, resAttrs);
}

std::optional<unsigned>
FuncOp::getTiedResultArgumentIndex(unsigned resultIndex) {
  return sluice::util::getTiedIndex(getTiedOperandsAttr(), resultIndex);
}

//===----------------------------------------------------------------------===//
// flow.call
//===----------------------------------------------------------------------===//

FunctionType CallOp::getCalleeType() {
  return FunctionType::get(getContext(), getArguments().getTypes(),
                           getResultTypes());
}

LogicalResult CallOp::verify() {
  if (failed(sluice::iree_tensor_ext::verifyOpDynamicDims(
          getOperation(), getArguments(), getArgumentDims())) ||
      failed(sluice::iree_tensor_ext::verifyOpDynamicDims(
          getOperation(), getResults(), getResultDims())))
    return failure();
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  auto funcOp = dyn_cast_or_null<FuncOp>(callee);
  if (!funcOp)
    return emitOpError() << "undefined external call: " << getCallee();
  FunctionType calleeType = funcOp.getFunctionType();
  FunctionType callType = getCalleeType();
  if (calleeType != callType)
    return emitOpError("function type mismatch; expected ")
           << callType << " but callee is " << calleeType;
  return success();
}

std::pair<unsigned, unsigned> CallOp::getTiedOperandsIndexAndLength() {
  return getODSOperandIndexAndLength(0);
}

ValueRange CallOp::getOperandDynamicDims(unsigned idx) {
  auto [start, length] = getODSOperandIndexAndLength(0);
  if (idx < start || idx >= start + length)
    return {};
  return findDynamicDimsInList(idx - start, getArguments(), getArgumentDims());
}

ValueRange CallOp::getResultDynamicDims(unsigned idx) {
  return findDynamicDimsInList(idx, getResults(), getResultDims());
}
