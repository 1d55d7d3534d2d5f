//===- VMOps.cpp - vm ops -------------------------------------------------===//
//
// support-dialects.md §5.2-§5.5.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/IR/VMOps.h"

#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace sluice::vm;

using sluice::util::parseSymbolAlias;
using sluice::util::parseSymbolVisibility;
using sluice::util::printSymbolAlias;
using sluice::util::printSymbolVisibility;

//===----------------------------------------------------------------------===//
// vm.module
//===----------------------------------------------------------------------===//

void sluice::vm::ModuleOp::build(OpBuilder &builder, OperationState &state,
                                 StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  Region *body = state.addRegion();
  sluice::vm::ModuleOp::ensureTerminator(*body, builder, state.location);
}

//===----------------------------------------------------------------------===//
// vm.func
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

//===----------------------------------------------------------------------===//
// vm.export
//===----------------------------------------------------------------------===//

LogicalResult ExportOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *target = symbolTable.lookupNearestSymbolFrom(
      (*this)->getParentOp(), getFunctionRefAttr());
  if (!llvm::isa_and_present<FuncOp>(target))
    return emitError() << "vm.func op named '" << getFunctionRef()
                       << "' not found for export";
  return success();
}

//===----------------------------------------------------------------------===//
// vm.import
//===----------------------------------------------------------------------===//

void ImportOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

static constexpr StringLiteral kNameAttr = "vm.name";
static constexpr StringLiteral kVariadicAttr = "vm.variadic";

ParseResult ImportOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringAttr visibility;
  if (parseSymbolVisibility(parser, visibility))
    return failure();
  if (visibility)
    result.addAttribute(getSymVisibilityAttrName(result.name), visibility);
  if (succeeded(parser.parseOptionalKeyword("optional")))
    result.addAttribute(getIsOptionalAttrName(result.name),
                        builder.getUnitAttr());

  StringAttr name;
  if (failed(parser.parseOptionalSymbolName(name)))
    return parser.emitError(parser.getCurrentLocation(), "invalid import name");
  result.addAttribute(mlir::SymbolTable::getSymbolAttrName(), name);

  // Every error is reported once, at the start of the piece that is wrong.
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argAttrs;
  bool anyArgAttrs = false;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      SMLoc argLoc = parser.getCurrentLocation();
      NamedAttrList attrs;
      OpAsmParser::UnresolvedOperand operand;
      OptionalParseResult hasName = parser.parseOptionalOperand(operand);
      if (hasName.has_value()) {
        if (failed(*hasName) || failed(parser.parseOptionalColon()))
          return parser.emitError(argLoc, "invalid operand");
        attrs.append(kNameAttr,
                     builder.getStringAttr(operand.name.drop_front()));
      }
      Type type;
      OptionalParseResult hasType = parser.parseOptionalType(type);
      if (!hasType.has_value() || failed(*hasType))
        return parser.emitError(argLoc, "invalid operand");
      if (succeeded(parser.parseOptionalEllipsis()))
        attrs.append(kVariadicAttr, builder.getUnitAttr());
      anyArgAttrs |= !attrs.empty();
      argTypes.push_back(type);
      argAttrs.push_back(attrs.getDictionary(parser.getContext()));
    } while (succeeded(parser.parseOptionalComma()));
    if (failed(parser.parseOptionalRParen()))
      return parser.emitError(parser.getCurrentLocation(),
                              "invalid argument list (expected rparen)");
  }

  SmallVector<Type> resultTypes;
  SMLoc resultsLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalArrow())) {
    auto parseResult = [&]() -> bool {
      Type type;
      OptionalParseResult hasType = parser.parseOptionalType(type);
      if (!hasType.has_value() || failed(*hasType))
        return false;
      resultTypes.push_back(type);
      return true;
    };
    bool ok = true;
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen())) {
        do
          ok = parseResult();
        while (ok && succeeded(parser.parseOptionalComma()));
        ok = ok && succeeded(parser.parseOptionalRParen());
      }
    } else {
      ok = parseResult();
    }
    if (!ok)
      return parser.emitError(resultsLoc, "invalid result type list");
  }
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));
  if (anyArgAttrs)
    result.addAttribute(getArgAttrsAttrName(result.name),
                        builder.getArrayAttr(argAttrs));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addRegion();
  return success();
}

void ImportOp::print(OpAsmPrinter &p) {
  p << " ";
  printSymbolVisibility(p, *this, getSymVisibilityAttr());
  p << " ";
  if (getIsOptional())
    p << "optional ";
  p.printSymbolName(getSymName());
  p << "(";
  ArrayAttr argAttrs = getArgAttrsAttr();
  for (auto [i, type] : llvm::enumerate(getArgumentTypes())) {
    if (i)
      p << ", ";
    DictionaryAttr attrs =
        argAttrs ? llvm::dyn_cast<DictionaryAttr>(argAttrs[i]) : nullptr;
    if (auto argName = attrs ? attrs.getAs<StringAttr>(kNameAttr) : nullptr)
      p << "%" << argName.getValue() << " : ";
    p << type;
    if (attrs && attrs.get(kVariadicAttr))
      p << " ...";
  }
  p << ")";
  ArrayRef<Type> results = getResultTypes();
  if (results.size() == 1) {
    p << " -> " << results.front();
  } else if (!results.empty()) {
    p << " -> (";
    llvm::interleaveComma(results, p);
    p << ")";
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getFunctionTypeAttrName(), getArgAttrsAttrName(),
       getResAttrsAttrName(), getSymVisibilityAttrName(),
       getIsOptionalAttrName()});
}

//===----------------------------------------------------------------------===//
// vm.return / vm.call
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = llvm::cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = func.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but the enclosing function "
           << func.getName() << " returns " << results.size();
  for (auto [i, types] :
       llvm::enumerate(llvm::zip_equal(getOperandTypes(), results))) {
    auto [actual, expected] = types;
    if (actual != expected)
      return emitOpError("type of return operand ")
             << i << " (" << actual << ") does not match function result type ("
             << expected << ")";
  }
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (!callee || !llvm::isa<FuncOp, ImportOp>(callee.getOperation()))
    return emitOpError("callee ")
           << getCalleeAttr() << " is not a vm.func or vm.import";
  // Variadic imports take any number of trailing operands: only the
  // results are checked.
  auto type = llvm::cast<FunctionType>(callee.getFunctionType());
  bool variadic = false;
  if (ArrayAttr argAttrs = callee.getArgAttrsAttr())
    for (Attribute attrs : argAttrs)
      if (auto dict = llvm::dyn_cast<DictionaryAttr>(attrs))
        variadic |= static_cast<bool>(dict.get(kVariadicAttr));
  // A `!vm.ref<?>` parameter accepts any ref.
  auto compatible = [](Type expected, Type actual) {
    if (expected == actual)
      return true;
    auto ref = llvm::dyn_cast<RefType>(expected);
    return ref && llvm::isa<sluice::vm::OpaqueType>(ref.getObjectType()) &&
           llvm::isa<RefType>(actual);
  };
  bool operandsMatch =
      variadic ||
      (type.getNumInputs() == getNumOperands() &&
       llvm::all_of(llvm::zip_equal(type.getInputs(), getOperandTypes()),
                    [&](auto pair) {
                      return compatible(std::get<0>(pair), std::get<1>(pair));
                    }));
  if (!operandsMatch || !llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("operand and result types do not match callee type ")
           << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

static void setIntConstantName(Value result, const APInt &value,
                               function_ref<void(Value, StringRef)> setNameFn) {
  if (value.isZero()) {
    setNameFn(result, "zero");
    return;
  }
  SmallString<16> name("c");
  value.toStringSigned(name);
  setNameFn(result, name);
}

void ConstI32Op::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setIntConstantName(getResult(), getValueAttr().getValue(), setNameFn);
}
void ConstI64Op::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setIntConstantName(getResult(), getValueAttr().getValue(), setNameFn);
}
void ConstI32ZeroOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "zero");
}
void ConstI64ZeroOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "zero");
}
void ConstRefZeroOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "null");
}

OpFoldResult ConstI32Op::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstI64Op::fold(FoldAdaptor) { return getValueAttr(); }
OpFoldResult ConstI32ZeroOp::fold(FoldAdaptor) {
  return IntegerAttr::get(getType(), 0);
}
OpFoldResult ConstI64ZeroOp::fold(FoldAdaptor) {
  return IntegerAttr::get(getType(), 0);
}
OpFoldResult ConstRefZeroOp::fold(FoldAdaptor) {
  return sluice::util::NullAttr::get(getContext(), getType());
}

namespace {
/// `vm.const.iN 0` -> `vm.const.iN.zero`.
template <typename ConstOp, typename ZeroOp>
struct ConstZeroToZeroOp : OpRewritePattern<ConstOp> {
  using OpRewritePattern<ConstOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ConstOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getValueAttr().getValue().isZero())
      return failure();
    rewriter.replaceOpWithNewOp<ZeroOp>(op);
    return success();
  }
};
} // namespace

void ConstI32Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<ConstZeroToZeroOp<ConstI32Op, ConstI32ZeroOp>>(context);
}
void ConstI64Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<ConstZeroToZeroOp<ConstI64Op, ConstI64ZeroOp>>(context);
}

//===----------------------------------------------------------------------===//
// Rodata
//===----------------------------------------------------------------------===//

static bool isSerializable(Attribute attr) {
  return llvm::isa<sluice::util::SerializableAttrInterface>(attr);
}

LogicalResult RodataInlineOp::verify() {
  if (!isSerializable(getValue()))
    return emitOpError("value ") << getValue() << " is not serializable";
  return success();
}

LogicalResult RodataTableInlineOp::verify() {
  Type tableType = getTableType();
  if (!tableType.isInteger(32) && !tableType.isInteger(64))
    return emitOpError("table type must be i32 or i64, got ") << tableType;
  for (Attribute value : getDataArray())
    if (!isSerializable(value))
      return emitOpError("value ") << value << " is not serializable";
  return success();
}

//===----------------------------------------------------------------------===//
// vm.list.get.ref
//===----------------------------------------------------------------------===//

LogicalResult ListGetRefOp::verify() {
  auto list = llvm::cast<ListType>(
      llvm::cast<RefType>(getList().getType()).getObjectType());
  Type element = list.getElementType();
  Type result = getResult().getType();
  if (llvm::isa<sluice::vm::OpaqueType>(element))
    return success();
  auto elementRef = llvm::dyn_cast<RefType>(element);
  if (!elementRef)
    return emitOpError("cannot convert between list type ")
           << element << " and result type " << result;
  if (llvm::isa<sluice::vm::OpaqueType>(elementRef.getObjectType()) ||
      llvm::isa<sluice::vm::OpaqueType>(
          llvm::cast<RefType>(result).getObjectType()))
    return success();
  if (elementRef != result)
    return emitOpError("list contains ")
           << element << " that cannot be accessed as " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// Integer folders
//===----------------------------------------------------------------------===//

template <typename AddOp>
static OpFoldResult foldAdd(AddOp op, Attribute lhs, Attribute rhs) {
  auto lhsInt = llvm::dyn_cast_if_present<IntegerAttr>(lhs);
  auto rhsInt = llvm::dyn_cast_if_present<IntegerAttr>(rhs);
  if (lhsInt && rhsInt)
    return IntegerAttr::get(op.getType(),
                            lhsInt.getValue() + rhsInt.getValue());
  if (rhsInt && rhsInt.getValue().isZero())
    return op.getLhs();
  if (lhsInt && lhsInt.getValue().isZero())
    return op.getRhs();
  return {};
}

OpFoldResult AddI32Op::fold(FoldAdaptor adaptor) {
  return foldAdd(*this, adaptor.getLhs(), adaptor.getRhs());
}
OpFoldResult AddI64Op::fold(FoldAdaptor adaptor) {
  return foldAdd(*this, adaptor.getLhs(), adaptor.getRhs());
}

OpFoldResult TruncI64I32Op::fold(FoldAdaptor adaptor) {
  if (auto value = llvm::dyn_cast_if_present<IntegerAttr>(adaptor.getOperand()))
    return IntegerAttr::get(getType(), value.getValue().trunc(32));
  return {};
}

OpFoldResult ExtI32I64UOp::fold(FoldAdaptor adaptor) {
  if (auto value = llvm::dyn_cast_if_present<IntegerAttr>(adaptor.getOperand()))
    return IntegerAttr::get(getType(), value.getValue().zext(64));
  return {};
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/VM/IR/VMOps.cpp.inc"

void VMDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/VM/IR/VMOps.cpp.inc"
      >();
}
