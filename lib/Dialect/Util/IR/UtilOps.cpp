//===- UtilOps.cpp - util ops ---------------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/IR/UtilStatusOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "sluice/Dialect/Util/IR/TiedFunctionBuilder.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
// The shared directives (UtilDirectives.h) are found by unqualified lookup
// from the generated parsers and printers.
using namespace sluice::util;

//===----------------------------------------------------------------------===//
// util.func
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayAttr tiedOperands,
                   ArrayRef<DictionaryAttr> argAttrs,
                   ArrayRef<DictionaryAttr> resAttrs) {
  sluice::util::buildTiedFunctionState<FuncOp>(
      builder, state, name, "public", type, tiedOperands, argAttrs, resAttrs);
}

FuncOp FuncOp::create(Location loc, StringRef name, FunctionType type,
                      ArrayAttr tiedOperands) {
  OpBuilder builder(loc->getContext());
  OperationState state(loc, getOperationName());
  FuncOp::build(builder, state, name, type, tiedOperands);
  return cast<FuncOp>(Operation::create(state));
}

std::optional<unsigned>
FuncOp::getTiedResultArgumentIndex(unsigned resultIndex) {
  return sluice::util::getTiedIndex(getTiedOperandsAttr(), resultIndex);
}

bool FuncOp::hasAnyTiedOperands() {
  for (unsigned i = 0, e = getResultTypes().size(); i < e; ++i)
    if (getTiedResultArgumentIndex(i))
      return true;
  return false;
}

namespace {
/// One parsed argument of a util.func signature.
struct ParsedArgument {
  OpAsmParser::Argument arg; // ssaName is empty for the type-only form.
  bool named = false;
};
} // namespace

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *context = parser.getContext();
  Builder &builder = parser.getBuilder();

  // Visibility keyword, stored only when written.
  StringRef visibility;
  if (succeeded(parser.parseOptionalKeyword(&visibility,
                                            {"public", "private", "nested"})))
    result.addAttribute(SymbolTable::getVisibilityAttrName(),
                        builder.getStringAttr(visibility));

  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();

  // Arguments: all named (`%a: T`) or all type-only (`T`).
  SmallVector<ParsedArgument> args;
  std::optional<bool> namedForm;
  auto parseOneArgument = [&]() -> ParseResult {
    ParsedArgument parsed;
    OptionalParseResult named =
        parser.parseOptionalArgument(parsed.arg, /*allowType=*/true,
                                     /*allowAttrs=*/true);
    if (named.has_value()) {
      if (failed(*named))
        return failure();
      if (namedForm && !*namedForm)
        return parser.emitError(parsed.arg.ssaName.location,
                                "expected type instead of SSA identifier");
      parsed.named = true;
    } else {
      if (namedForm && *namedForm)
        return parser.emitError(parser.getCurrentLocation(),
                                "expected SSA identifier");
      NamedAttrList attrs;
      if (parser.parseType(parsed.arg.type) ||
          parser.parseOptionalAttrDict(attrs) ||
          parser.parseOptionalLocationSpecifier(parsed.arg.sourceLoc))
        return failure();
      if (!attrs.empty())
        parsed.arg.attrs = attrs.getDictionary(context);
    }
    namedForm = parsed.named;
    args.push_back(std::move(parsed));
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseOneArgument))
    return failure();

  // Results: `%arg [as T]` (tied to a named argument) or `T`, each optionally
  // followed by an attribute dictionary.
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  SmallVector<int64_t> tiedOperands;
  auto parseOneResult = [&](bool allowAttrs) -> ParseResult {
    OpAsmParser::UnresolvedOperand tiedName;
    OptionalParseResult tiedResult = parser.parseOptionalOperand(tiedName);
    Type type;
    int64_t tiedIndex = -1;
    if (tiedResult.has_value()) {
      if (failed(*tiedResult))
        return failure();
      for (auto [i, parsed] : llvm::enumerate(args)) {
        if (parsed.named && parsed.arg.ssaName.name == tiedName.name &&
            parsed.arg.ssaName.number == tiedName.number) {
          tiedIndex = static_cast<int64_t>(i);
          break;
        }
      }
      if (tiedIndex < 0)
        return parser.emitError(tiedName.location,
                                "tied operand not found for result reference ")
               << tiedName.name;
      type = args[tiedIndex].arg.type;
      if (succeeded(parser.parseOptionalKeyword("as")))
        if (parser.parseType(type))
          return failure();
    } else if (parser.parseType(type)) {
      return failure();
    }
    NamedAttrList attrs;
    if (allowAttrs && parser.parseOptionalAttrDict(attrs))
      return failure();
    resultTypes.push_back(type);
    resultAttrs.push_back(attrs.getDictionary(context));
    tiedOperands.push_back(tiedIndex);
    return success();
  };
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen())) {
        if (parser.parseCommaSeparatedList(
                [&]() { return parseOneResult(/*allowAttrs=*/true); }) ||
            parser.parseRParen())
          return failure();
      }
    } else if (parseOneResult(/*allowAttrs=*/false)) {
      return failure();
    }
  }

  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argAttrs;
  for (auto &parsed : args) {
    argTypes.push_back(parsed.arg.type);
    argAttrs.push_back(parsed.arg.attrs ? parsed.arg.attrs
                                        : DictionaryAttr::get(context));
  }
  auto functionType = builder.getFunctionType(argTypes, resultTypes);
  result.addAttribute(getFunctionTypeAttrName(result.name),
                      TypeAttr::get(functionType));
  if (!resultTypes.empty())
    result.addAttribute(getTiedOperandsAttrName(result.name),
                        builder.getIndexArrayAttr(tiedOperands));
  call_interface_impl::addArgAndResultAttrs(
      builder, result, argAttrs, resultAttrs, getArgAttrsAttrName(result.name),
      getResAttrsAttrName(result.name));

  // `attributes {...}` may not restate what the signature already says.
  SMLoc attrLoc = parser.getCurrentLocation();
  NamedAttrList extraAttrs;
  if (parser.parseOptionalAttrDictWithKeyword(extraAttrs))
    return failure();
  for (StringRef inferred :
       {SymbolTable::getVisibilityAttrName(), SymbolTable::getSymbolAttrName(),
        StringRef("function_type")}) {
    if (extraAttrs.get(inferred))
      return parser.emitError(attrLoc, "'")
             << inferred
             << "' is an inferred attribute and should not be specified in "
                "the explicit attribute dictionary";
  }
  result.attributes.append(extraAttrs);

  // Optional body; the named arguments become the entry block arguments.
  Region *body = result.addRegion();
  SMLoc bodyLoc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::Argument> entryArgs;
  bool allNamed = namedForm.value_or(true);
  if (allNamed)
    for (auto &parsed : args)
      entryArgs.push_back(parsed.arg);
  OptionalParseResult bodyResult =
      parser.parseOptionalRegion(*body, entryArgs,
                                 /*enableNameShadowing=*/false);
  if (bodyResult.has_value()) {
    if (failed(*bodyResult))
      return failure();
    if (!allNamed)
      return parser.emitError(bodyLoc,
                              "expected named arguments for a function body");
    if (body->empty())
      return parser.emitError(bodyLoc, "expected non-empty function body");
  }
  return success();
}

void FuncOp::print(OpAsmPrinter &p) {
  p << ' ';
  StringAttr visibility = getSymVisibilityAttr();
  p << (visibility ? visibility.getValue() : StringRef("public")) << ' ';
  p.printSymbolName(getSymName());

  Region &body = getBody();
  bool hasBody = !body.empty();
  ArrayRef<Type> argTypes = getArgumentTypes();
  ArrayRef<Type> resultTypes = getResultTypes();
  auto printArgName = [&](unsigned i) {
    if (hasBody)
      p.printOperand(body.getArgument(i));
    else
      p << "%arg" << i;
  };

  p << '(';
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i) {
    if (i)
      p << ", ";
    printArgName(i);
    p << ": ";
    p.printType(argTypes[i]);
    if (DictionaryAttr attrs = getArgAttrDict(i); attrs && !attrs.empty()) {
      p << ' ';
      p.printAttributeWithoutType(attrs);
    }
  }
  p << ')';

  if (!resultTypes.empty()) {
    p << " -> ";
    bool anyResultAttrs = false;
    for (unsigned i = 0, e = resultTypes.size(); i < e; ++i)
      if (DictionaryAttr attrs = getResultAttrDict(i); attrs && !attrs.empty())
        anyResultAttrs = true;
    bool parens = resultTypes.size() > 1 || anyResultAttrs;
    if (parens)
      p << '(';
    for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
      if (i)
        p << ", ";
      if (std::optional<unsigned> tied = getTiedResultArgumentIndex(i);
          tied && *tied < argTypes.size()) {
        printArgName(*tied);
        if (argTypes[*tied] != resultTypes[i]) {
          p << " as ";
          p.printType(resultTypes[i]);
        }
      } else {
        p.printType(resultTypes[i]);
      }
      if (DictionaryAttr attrs = getResultAttrDict(i);
          attrs && !attrs.empty()) {
        p << ' ';
        p.printAttributeWithoutType(attrs);
      }
    }
    if (parens)
      p << ')';
  }

  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {SymbolTable::getSymbolAttrName(), SymbolTable::getVisibilityAttrName(),
       getFunctionTypeAttrName(), getTiedOperandsAttrName(),
       getArgAttrsAttrName(), getResAttrsAttrName()});

  if (hasBody) {
    p << ' ';
    p.printRegion(body, /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/true);
  }
}

void FuncOp::expandSignature(
    function_ref<void(unsigned, Type, SmallVectorImpl<Type> &)> expandArgument,
    function_ref<void(unsigned, Type, SmallVectorImpl<Type> &)> expandResult) {
  MLIRContext *context = getContext();
  auto emptyDict = DictionaryAttr::get(context);
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  SmallVector<int64_t> firstExpansion;
  for (auto [i, type] : llvm::enumerate(getArgumentTypes())) {
    SmallVector<Type> expanded;
    expandArgument(i, type, expanded);
    firstExpansion.push_back(expanded.empty() ? -1 : argTypes.size());
    for (auto [j, expandedType] : llvm::enumerate(expanded)) {
      argTypes.push_back(expandedType);
      DictionaryAttr dict = j == 0 ? getArgAttrDict(i) : DictionaryAttr();
      argAttrs.push_back(dict ? dict : emptyDict);
    }
  }
  SmallVector<Type> resultTypes;
  SmallVector<Attribute> resultAttrs;
  SmallVector<int64_t> ties;
  for (auto [i, type] : llvm::enumerate(getResultTypes())) {
    SmallVector<Type> expanded;
    expandResult(i, type, expanded);
    for (auto [j, expandedType] : llvm::enumerate(expanded)) {
      resultTypes.push_back(expandedType);
      DictionaryAttr dict = j == 0 ? getResultAttrDict(i) : DictionaryAttr();
      resultAttrs.push_back(dict ? dict : emptyDict);
      int64_t tie = -1;
      if (j == 0)
        if (std::optional<unsigned> tied = getTiedResultArgumentIndex(i))
          tie = *tied < firstExpansion.size() ? firstExpansion[*tied] : -1;
      ties.push_back(tie);
    }
  }
  auto newType = FunctionType::get(context, argTypes, resultTypes);
  if (newType == getFunctionType())
    return;
  Builder builder(context);
  setFunctionTypeAttr(TypeAttr::get(newType));
  if (getTiedOperandsAttr() ||
      llvm::any_of(ties, [](int64_t t) { return t >= 0; }))
    setTiedOperandsAttr(builder.getIndexArrayAttr(ties));
  auto anyNonEmpty = [](ArrayRef<Attribute> dicts) {
    return llvm::any_of(
        dicts, [](Attribute a) { return !cast<DictionaryAttr>(a).empty(); });
  };
  if (anyNonEmpty(argAttrs))
    setArgAttrsAttr(builder.getArrayAttr(argAttrs));
  else
    removeArgAttrsAttr();
  if (anyNonEmpty(resultAttrs))
    setResAttrsAttr(builder.getArrayAttr(resultAttrs));
  else
    removeResAttrsAttr();
}

bool FuncOp::canDiscardOnUseEmpty() {
  return canDiscardSymbolOnUseEmpty(getOperation());
}

LogicalResult FuncOp::verify() {
  ArrayAttr tied = getTiedOperandsAttr();
  if (!tied)
    return success();
  int64_t numInputs = getArgumentTypes().size();
  for (auto [i, entry] : llvm::enumerate(tied)) {
    auto index = dyn_cast<IntegerAttr>(entry);
    if (!index)
      return emitOpError("tied_operands entries must be integers");
    int64_t k = index.getInt();
    if (k != -1 && (k < 0 || k >= numInputs))
      return emitOpError("result #")
             << i << " tied to invalid operand index " << k;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// util.return
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  StringRef parentName =
      parent ? parent->getName().getStringRef() : StringRef();
  if (parentName != "util.initializer" && parentName != "util.func" &&
      parentName != "util.hoistable_conversion")
    return emitOpError("expects parent op to be one of 'util.initializer, "
                       "util.func, util.hoistable_conversion'");
  if (parentName == "util.hoistable_conversion")
    return success();
  auto function = dyn_cast<FunctionOpInterface>(parent);
  if (!function)
    return success();
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands()
           << " operands, but enclosing function-like op returns "
           << results.size();
  for (auto [i, type] : llvm::enumerate(getOperandTypes()))
    if (type != results[i])
      return emitOpError("type of return operand ")
             << i << " (" << type << ") doesn't match function result type ("
             << results[i] << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// util.call
//===----------------------------------------------------------------------===//

FunctionType CallOp::getCalleeType() {
  return FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  StringRef name = getCallee();
  auto callee =
      symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("undefined/incompatible callee: ") << name;
  FunctionType callType = getCalleeType();
  if (callType != callee.getFunctionType())
    return emitOpError("function type mismatch; expected ")
           << callType << " but callee is " << callee.getFunctionType();
  auto hasTies = [](ArrayAttr attr) {
    if (!attr)
      return false;
    return llvm::any_of(attr, [](Attribute a) {
      auto i = dyn_cast<IntegerAttr>(a);
      return i && i.getInt() != TiedOpInterface::kUntiedIndex;
    });
  };
  ArrayAttr callerTies = getTiedOperandsAttr();
  ArrayAttr calleeTies = callee.getTiedOperandsAttr();
  bool callerTied = hasTies(callerTies), calleeTied = hasTies(calleeTies);
  if (callerTied != calleeTied ||
      (callerTied && calleeTied && callerTies != calleeTies))
    return emitOpError("function tied operands mismatch; have ")
           << callerTies << " but callee is " << calleeTies;
  return success();
}

CallOp CallOp::cloneAndExpand(
    function_ref<void(unsigned, Value, SmallVectorImpl<Value> &)> expandOperand,
    function_ref<void(unsigned, Type, SmallVectorImpl<Type> &)> expandResult,
    OpBuilder &builder) {
  SmallVector<Value> operands;
  SmallVector<unsigned> firstExpansion;
  for (auto [i, operand] : llvm::enumerate(getArguments())) {
    firstExpansion.push_back(operands.size());
    SmallVector<Value> expanded;
    expandOperand(i, operand, expanded);
    operands.append(expanded.begin(), expanded.end());
  }
  SmallVector<Type> resultTypes;
  SmallVector<int64_t> ties;
  SmallVector<int64_t> oldTies;
  cast<TiedOpInterface>(getOperation()).getAllTiedOperands(oldTies);
  for (auto [i, type] : llvm::enumerate(getResultTypes())) {
    SmallVector<Type> expanded;
    expandResult(i, type, expanded);
    for (auto [j, expandedType] : llvm::enumerate(expanded)) {
      resultTypes.push_back(expandedType);
      int64_t tie = TiedOpInterface::kUntiedIndex;
      if (j == 0 && i < oldTies.size() && oldTies[i] >= 0 &&
          static_cast<size_t>(oldTies[i]) < firstExpansion.size())
        tie = firstExpansion[oldTies[i]];
      ties.push_back(tie);
    }
  }
  auto newOp = CallOp::create(builder, getLoc(), resultTypes, getCalleeAttr(),
                              operands, builder.getIndexArrayAttr(ties),
                              getArgAttrsAttr(), getResAttrsAttr());
  return newOp;
}

//===----------------------------------------------------------------------===//
// util.initializer
//===----------------------------------------------------------------------===//

void InitializerOp::build(OpBuilder &builder, OperationState &state) {
  state.addAttribute(getFunctionTypeAttrName(state.name),
                     TypeAttr::get(builder.getFunctionType({}, {})));
  state.addRegion();
}

ParseResult InitializerOp::parse(OpAsmParser &parser, OperationState &result) {
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(parser.getBuilder().getFunctionType({}, {})));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body);
}

void InitializerOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getFunctionTypeAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

namespace {
/// Erases initializers that do nothing: a single block that is empty or holds
/// only a return.
struct EraseEmptyInitializer : public OpRewritePattern<InitializerOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(InitializerOp op,
                                PatternRewriter &rewriter) const override {
    Region &body = op.getBody();
    if (!body.hasOneBlock())
      return failure();
    Block &block = body.front();
    if (!block.empty() &&
        !(llvm::hasSingleElement(block) &&
          block.front().hasTrait<mlir::OpTrait::ReturnLike>()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void InitializerOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<EraseEmptyInitializer>(context);
}

//===----------------------------------------------------------------------===//
// util.optimization_barrier
//===----------------------------------------------------------------------===//

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/Util/IR/UtilOps.cpp.inc"

void UtilDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/Util/IR/UtilOps.cpp.inc"
      >();
  addOperations<StatusCheckOkOp>();
}
