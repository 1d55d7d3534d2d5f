//===- HALOps.cpp - hal ops -----------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "HALOpDirectives.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"

using namespace mlir;
using namespace sluice::hal;

// Shared util directives (support-dialects.md §1.5) used by HAL formats.
using sluice::util::parseSymbolVisibility;
using sluice::util::parseTypeAlias;
using sluice::util::printSymbolVisibility;
using sluice::util::printTypeAlias;

//===----------------------------------------------------------------------===//
// Bit-enum attribute directives
//===----------------------------------------------------------------------===//

SLUICE_HAL_ENUM_DIRECTIVE(MemoryTypeBitfield, getMemoryTypeBitfield, "type", 32)
SLUICE_HAL_ENUM_DIRECTIVE(BufferUsageBitfield, getBufferUsageBitfield, "usage",
                          32)
SLUICE_HAL_ENUM_DIRECTIVE(FenceFlagBitfield, getFenceFlagBitfield, "flags", 64)
SLUICE_HAL_ENUM_DIRECTIVE(Lifetime, getLifetimeEnum, "lifetime", 32)

//===----------------------------------------------------------------------===//
// Dynamic dimension lists of the tensor ABI ops
//===----------------------------------------------------------------------===//

/// True when the parser stands on `{` followed (after whitespace and
/// comments) by an SSA value: the start of a dimension list rather than of
/// the discardable attribute dictionary that may follow the op's types.
static bool atBracedValueList(OpAsmParser &parser) {
  const char *ptr = parser.getCurrentLocation().getPointer();
  if (!ptr || *ptr != '{')
    return false;
  ++ptr;
  while (true) {
    while (*ptr == ' ' || *ptr == '\t' || *ptr == '\n' || *ptr == '\r')
      ++ptr;
    if (ptr[0] == '/' && ptr[1] == '/') {
      while (*ptr && *ptr != '\n')
        ++ptr;
      continue;
    }
    return *ptr == '%';
  }
}

/// `[ '{' %d {',' %d} '}' ]`: only a brace followed by an SSA value opens the
/// list, so `-> tensor<4xi32> {attrs}` leaves the brace to the attribute
/// dictionary.
static ParseResult
parseBracedDims(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  if (!atBracedValueList(parser))
    return success();
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Braces, [&]() {
    return parser.parseOperand(dims.emplace_back());
  });
}

static void printBracedDims(OpAsmPrinter &p, Operation *, OperandRange dims) {
  if (dims.empty())
    return;
  p << "{";
  p.printOperands(dims);
  p << "}";
}

//===----------------------------------------------------------------------===//
// hal.buffer_view.dim
//===----------------------------------------------------------------------===//

void BufferViewDimOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                        SetIntRangeFn setResultRange) {
  unsigned width = IndexType::kInternalStorageBitWidth;
  setResultRange(getResult(), ConstantIntRanges::fromUnsigned(
                                  APInt::getZero(width),
                                  APInt(width, (uint64_t(1) << 53) - 1)));
}

//===----------------------------------------------------------------------===//
// hal.element_type / hal.encoding_type
//===----------------------------------------------------------------------===//

namespace {
// Numerical type codes of the ABI element type encoding.
enum NumericalType : uint32_t {
  kInteger = 0x10,
  kIntegerSigned = 0x11,
  kIntegerUnsigned = 0x12,
  kBoolean = 0x13,
  kFloatIEEE = 0x21,
  kFloatBrain = 0x22,
  kFloatComplex = 0x23,
  kFloat8E5M2 = 0x24,
  kFloat8E4M3FN = 0x25,
  kFloat8E5M2FNUZ = 0x26,
  kFloat8E4M3FNUZ = 0x27,
  kFloat8E8M0FNU = 0x28,
};
} // namespace

static int32_t makeElementTypeValue(NumericalType numericalType,
                                    unsigned bitCount) {
  return static_cast<int32_t>((uint32_t(numericalType) << 24) | bitCount);
}

std::optional<int32_t> ElementTypeOp::getTypeValue(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.getWidth() == 1)
      return makeElementTypeValue(kBoolean, 8);
    NumericalType numericalType = intType.isSigned()     ? kIntegerSigned
                                  : intType.isUnsigned() ? kIntegerUnsigned
                                                         : kInteger;
    return makeElementTypeValue(numericalType, intType.getWidth());
  }
  if (isa<Float8E5M2Type>(type))
    return makeElementTypeValue(kFloat8E5M2, 8);
  if (isa<Float8E4M3FNType>(type))
    return makeElementTypeValue(kFloat8E4M3FN, 8);
  if (isa<Float8E5M2FNUZType>(type))
    return makeElementTypeValue(kFloat8E5M2FNUZ, 8);
  if (isa<Float8E4M3FNUZType>(type))
    return makeElementTypeValue(kFloat8E4M3FNUZ, 8);
  if (isa<Float8E8M0FNUType>(type))
    return makeElementTypeValue(kFloat8E8M0FNU, 8);
  if (isa<BFloat16Type>(type))
    return makeElementTypeValue(kFloatBrain, 16);
  if (isa<Float16Type, Float32Type, Float64Type, Float128Type>(type))
    return makeElementTypeValue(kFloatIEEE, type.getIntOrFloatBitWidth());
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type elementType = complexType.getElementType();
    if (!elementType.isIntOrFloat())
      return std::nullopt;
    return makeElementTypeValue(kFloatComplex,
                                elementType.getIntOrFloatBitWidth() * 2);
  }
  return std::nullopt;
}

LogicalResult ElementTypeOp::verify() {
  if (!getTypeValue(getType()))
    return emitOpError("unsupported element type");
  return success();
}

void ElementTypeOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "element_type_" << getType();
  setNameFn(getResult(), name);
}

std::optional<int32_t> EncodingTypeOp::getEncodingValue(Attribute encoding) {
  if (!encoding)
    return 1; // dense row-major
  return std::nullopt;
}

LogicalResult EncodingTypeOp::verify() {
  if (!getEncodingValue(getEncodingAttr()))
    return emitOpError("unsupported encoding type");
  return success();
}

void EncodingTypeOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  if (!getEncodingAttr())
    setNameFn(getResult(), "dense_row_major");
}

/// `dense_row_major` for an absent encoding, otherwise the attribute.
static ParseResult parseEncodingType(OpAsmParser &parser, Attribute &encoding) {
  if (succeeded(parser.parseOptionalKeyword("dense_row_major")))
    return success();
  return parser.parseAttribute(encoding);
}
static void printEncodingType(OpAsmPrinter &p, Operation *,
                              Attribute encoding) {
  if (encoding)
    p.printAttribute(encoding);
  else
    p << "dense_row_major";
}

//===----------------------------------------------------------------------===//
// hal.fence.create
//===----------------------------------------------------------------------===//

namespace {
/// Erases fences nobody waits on or signals.
struct EraseUnusedFence : public OpRewritePattern<FenceCreateOp> {
  EraseUnusedFence(MLIRContext *context)
      : OpRewritePattern<FenceCreateOp>(context, /*benefit=*/1000) {
    setDebugName("EraseUnusedFence");
  }
  LogicalResult matchAndRewrite(FenceCreateOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getResult().use_empty())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void FenceCreateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<EraseUnusedFence>(context);
}

//===----------------------------------------------------------------------===//
// hal.executable.source
//===----------------------------------------------------------------------===//

void ExecutableSourceOp::build(OpBuilder &builder, OperationState &state,
                               StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  Region *body = state.addRegion();
  ensureTerminator(*body, builder, state.location);
}

LogicalResult ExecutableSourceOp::verify() {
  unsigned conditionCount = 0;
  for (Operation &op : getBody().front())
    if (op.getName().getStringRef() == "hal.executable.condition")
      ++conditionCount;
  if (conditionCount > 1)
    return emitOpError("only one condition op is allowed in an executable");
  return success();
}

//===----------------------------------------------------------------------===//
// hal.executable.export
//===----------------------------------------------------------------------===//

/// `'(' args ')' '->' '(' 'index' ',' 'index' ',' 'index' ')' region`.
static ParseResult parseWorkgroupCountRegion(OpAsmParser &parser,
                                             Region &region) {
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
    return parser.emitError(typesLoc, "workgroup count region must return "
                                      "the XYZ dimension counts");
  return parser.parseRegion(region, args, /*enableNameShadowing=*/false);
}

static void printWorkgroupCountRegion(OpAsmPrinter &p, Region &region) {
  p << "(";
  llvm::interleaveComma(region.getArguments(), p,
                        [&](BlockArgument arg) { p.printRegionArgument(arg); });
  p << ")";
  Type indexType = IndexType::get(region.getContext());
  p.printArrowTypeList(TypeRange{indexType, indexType, indexType});
  p << " ";
  p.printRegion(region, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

/// `'(' args ')' '->' 'i1' region`.
static ParseResult parseConditionRegion(OpAsmParser &parser, Region &region) {
  SmallVector<OpAsmParser::Argument> args;
  Type resultType;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseArrow() || parser.parseType(resultType))
    return failure();
  return parser.parseRegion(region, args, /*enableNameShadowing=*/false);
}

static void printConditionRegion(OpAsmPrinter &p, Region &region) {
  p << "(";
  llvm::interleaveComma(region.getArguments(), p,
                        [&](BlockArgument arg) { p.printRegionArgument(arg); });
  p << ") -> i1 ";
  p.printRegion(region, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

ParseResult ExecutableExportOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringAttr visibility;
  if (parseSymbolVisibility(parser, visibility))
    return failure();
  if (visibility)
    result.addAttribute(getSymVisibilityAttrName(result.name), visibility);
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("ordinal"))) {
    int64_t ordinal = 0;
    if (parser.parseLParen() || parser.parseInteger(ordinal) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(getOrdinalAttrName(result.name),
                        builder.getIndexAttr(ordinal));
  }
  PipelineLayoutAttr layout;
  if (parser.parseKeyword("layout") || parser.parseLParen() ||
      parser.parseCustomAttributeWithFallback(layout) || parser.parseRParen())
    return failure();
  result.addAttribute(getLayoutAttrName(result.name), layout);
  Region *workgroupCount = result.addRegion();
  Region *condition = result.addRegion();
  if (succeeded(parser.parseOptionalKeyword("condition")))
    if (parseConditionRegion(parser, *condition))
      return failure();
  if (succeeded(parser.parseOptionalKeyword("fallback"))) {
    SymbolRefAttr fallback;
    if (parser.parseLParen() || parser.parseAttribute(fallback) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(getConditionFallbackAttrName(result.name), fallback);
  }
  if (succeeded(parser.parseOptionalKeyword("count")))
    if (parseWorkgroupCountRegion(parser, *workgroupCount))
      return failure();
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void ExecutableExportOp::print(OpAsmPrinter &p) {
  p << " ";
  printSymbolVisibility(p, *this, getSymVisibilityAttr());
  p << " ";
  p.printSymbolName(getSymName());
  if (IntegerAttr ordinal = getOrdinalAttr())
    p << " ordinal(" << ordinal.getValue() << ")";
  p << " layout(";
  p.printStrippedAttrOrType(getLayout());
  p << ")";
  if (!getCondition().empty()) {
    p << " condition";
    printConditionRegion(p, getCondition());
  }
  if (SymbolRefAttr fallback = getConditionFallbackAttr()) {
    p << " fallback(";
    p.printAttribute(fallback);
    p << ")";
  }
  if (!getWorkgroupCount().empty()) {
    p << " count";
    printWorkgroupCountRegion(p, getWorkgroupCount());
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getSymVisibilityAttrName(), getSymNameAttrName(), getOrdinalAttrName(),
       getLayoutAttrName(), getConditionFallbackAttrName()});
}

LogicalResult ExecutableExportOp::verify() {
  if (!isa_and_present<ExecutableSourceOp, ExecutableVariantOp>(
          (*this)->getParentOp()))
    return emitOpError("expects parent op to be one of "
                       "'hal.executable.source, hal.executable.variant'");
  if (!getCondition().empty() && !getConditionFallbackAttr())
    return emitOpError("must have a fallback if a condition region is defined");
  if (getCondition().empty() && getConditionFallbackAttr())
    return emitOpError(
        "fallback must only be present if a condition region is defined");
  if (!getCondition().empty() && !getCondition().hasOneBlock())
    return emitOpError("expected a single region block for the condition");
  if (!getWorkgroupCount().empty() && !getWorkgroupCount().hasOneBlock())
    return emitOpError(
        "expected a single region block for the workgroup count");
  if (!getCondition().empty()) {
    Block &entry = getCondition().front();
    bool validArgs =
        entry.getNumArguments() >= 1 &&
        llvm::isa<DeviceType>(entry.getArgument(0).getType()) &&
        llvm::all_of(entry.getArguments().drop_front(),
                     [](BlockArgument arg) { return arg.getType().isIndex(); });
    if (!validArgs)
      return emitOpError("expected condition region to take (%device: "
                         "!hal.device, %workload_0: index, %workload_1: "
                         "index, ...");
    auto returnOp = llvm::dyn_cast_if_present<ReturnOp>(
        entry.empty() ? nullptr : &entry.back());
    if (!returnOp || returnOp.getNumOperands() != 1 ||
        !returnOp.getOperand(0).getType().isInteger(1))
      return emitOpError("condition region must return a boolean value");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// hal.executable.variant
//===----------------------------------------------------------------------===//

LogicalResult ExecutableVariantOp::verify() {
  auto conditions = getBody().front().getOps<ExecutableConditionOp>();
  if (std::distance(conditions.begin(), conditions.end()) > 1)
    return emitOpError("only one condition op is allowed in a variant");
  return success();
}

//===----------------------------------------------------------------------===//
// hal.devices.get
//===----------------------------------------------------------------------===//

void DevicesGetOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  APInt index;
  if (matchPattern(getIndex(), m_ConstantInt(&index)))
    setNameFn(getResult(),
              ("device_" + llvm::Twine(index.getZExtValue())).str());
  else
    setNameFn(getResult(), "device_n");
}

//===----------------------------------------------------------------------===//
// hal.allocator.select
//===----------------------------------------------------------------------===//

/// `[` `(` %device `,` %queue `:` T `,` U `)` (`,` ...)* `]`; each pair is
/// printed on its own line one level deeper than the op.
static ParseResult parseDeviceQueueAffinityList(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &devices,
    SmallVectorImpl<Type> &deviceTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &queueAffinities,
    SmallVectorImpl<Type> &queueAffinityTypes) {
  auto parsePair = [&]() -> ParseResult {
    if (parser.parseLParen() || parser.parseOperand(devices.emplace_back()) ||
        parser.parseComma() ||
        parser.parseOperand(queueAffinities.emplace_back()) ||
        parser.parseColon() || parser.parseType(deviceTypes.emplace_back()) ||
        parser.parseComma() ||
        parser.parseType(queueAffinityTypes.emplace_back()) ||
        parser.parseRParen())
      return failure();
    return success();
  };
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                        parsePair);
}

static void printDeviceQueueAffinityList(OpAsmPrinter &p, Operation *,
                                         OperandRange devices,
                                         TypeRange deviceTypes,
                                         OperandRange queueAffinities,
                                         TypeRange queueAffinityTypes) {
  p << "[";
  p.increaseIndent();
  for (unsigned i = 0, e = devices.size(); i < e; ++i) {
    p.printNewline();
    p << "(" << devices[i] << ", " << queueAffinities[i] << " : "
      << deviceTypes[i] << ", " << queueAffinityTypes[i] << ")";
    if (i + 1 != e)
      p << ",";
  }
  p.decreaseIndent();
  p.printNewline();
  p << "]";
}

LogicalResult AllocatorSelectOp::verify() {
  if (getDevices().empty())
    return emitOpError("requires at least one device and queue affinity");
  return success();
}

//===----------------------------------------------------------------------===//
// hal.return
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = dyn_cast_if_present<FunctionOpInterface>((*this)->getParentOp());
  if (!func)
    return success();
  ArrayRef<Type> resultTypes = func.getResultTypes();
  if (getNumOperands() != resultTypes.size())
    return emitOpError("return must have the same number of operands as the "
                       "parent result signature (have ")
           << getNumOperands() << ", expected " << resultTypes.size() << ")";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip_equal(getOperandTypes(), resultTypes))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return emitOpError("parent expected result ")
             << i << " to be " << expected << " but returning " << actual;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/HAL/IR/HALOps.cpp.inc"

void HALDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/HAL/IR/HALOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/HAL/IR/HALCommandOps.cpp.inc"
      >();
}
