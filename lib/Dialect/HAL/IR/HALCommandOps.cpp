//===- HALCommandOps.cpp - hal ops of the hal-level IR --------------------===//
//
// Directives and verifiers of HALCommandOps.td (execution.md §2.6).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "HALOpDirectives.h"

#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace sluice::hal;

//===----------------------------------------------------------------------===//
// Directives
//===----------------------------------------------------------------------===//

SLUICE_HAL_ENUM_DIRECTIVE(MemoryTypeBitfield, getMemoryTypeBitfield,
                          "memory_types", 32)
SLUICE_HAL_ENUM_DIRECTIVE(BufferUsageBitfield, getBufferUsageBitfield,
                          "buffer_usage", 32)
SLUICE_HAL_ENUM_DIRECTIVE(CommandBufferModes, getCommandBufferModeBitfield,
                          "modes", 32)
SLUICE_HAL_ENUM_DIRECTIVE(CommandCategories, getCommandCategoryBitfield,
                          "command_categories", 32)
SLUICE_HAL_ENUM_DIRECTIVE(ExecutionStages, getExecutionStageBitfield,
                          "stage_mask", 32)
SLUICE_HAL_ENUM_DIRECTIVE(ReservedFlags, getReservedFlagBitfield, "flags", 64)
SLUICE_HAL_ENUM_DIRECTIVE(AllocaFlags, getAllocaFlagBitfield, "flags", 64)
SLUICE_HAL_ENUM_DIRECTIVE(DeallocaFlags, getDeallocaFlagBitfield, "flags", 64)
SLUICE_HAL_ENUM_DIRECTIVE(MemoryAccess, getMemoryAccessBitfield, "access", 32)
SLUICE_HAL_ENUM_DIRECTIVE(DescriptorFlags, getDescriptorFlagsBitfield,
                          "descriptor_flags", 32)

/// `op(<kind [with red] : type>)`: the collective attribute without its
/// `#hal.collective` prefix.
static ParseResult parseCollectiveAttr(OpAsmParser &parser,
                                       CollectiveAttr &attr) {
  attr = llvm::dyn_cast_if_present<CollectiveAttr>(
      CollectiveAttr::parseBody(parser));
  return success(attr != nullptr);
}
static void printCollectiveAttr(OpAsmPrinter &p, Operation *,
                                CollectiveAttr attr) {
  attr.printBody(p);
}

/// `[` `(` %b `:` T `)` `[` %offset `,` %length `]` {`,` ...} `]`; at least
/// one binding. Printed one binding per line, `, ` separated, and the closing
/// bracket on its own line at the op's indentation.
static ParseResult
parseBindingList(OpAsmParser &parser,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &buffers,
                 SmallVectorImpl<Type> &bufferTypes,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &offsets,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &lengths) {
  auto parseBinding = [&]() -> ParseResult {
    if (parser.parseLParen() || parser.parseOperand(buffers.emplace_back()) ||
        parser.parseColonType(bufferTypes.emplace_back()) ||
        parser.parseRParen() || parser.parseLSquare() ||
        parser.parseOperand(offsets.emplace_back()) || parser.parseComma() ||
        parser.parseOperand(lengths.emplace_back()) || parser.parseRSquare())
      return failure();
    return success();
  };
  // At least one binding: `[]` fails on the missing `(`.
  if (parser.parseLSquare() ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::None,
                                     parseBinding) ||
      parser.parseRSquare())
    return failure();
  return success();
}

static void printBindingList(OpAsmPrinter &p, Operation *, ValueRange buffers,
                             TypeRange bufferTypes, ValueRange offsets,
                             ValueRange lengths) {
  p << "[";
  p.increaseIndent();
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p.printNewline();
    p << "(" << buffers[i] << " : " << bufferTypes[i] << ")[" << offsets[i]
      << ", " << lengths[i] << "]";
  }
  p.decreaseIndent();
  p.printNewline();
  p << "]";
}

//===----------------------------------------------------------------------===//
// hal.command_buffer.*
//===----------------------------------------------------------------------===//

LogicalResult CommandBufferCollectiveOp::verify() {
  if (static_cast<bool>(getSendBuffer()) !=
          static_cast<bool>(getSendOffset()) ||
      static_cast<bool>(getSendBuffer()) != static_cast<bool>(getSendLength()))
    return emitOpError("send buffer, offset and length must all be present "
                       "or all be absent");
  if (static_cast<bool>(getRecvBuffer()) !=
          static_cast<bool>(getRecvOffset()) ||
      static_cast<bool>(getRecvBuffer()) != static_cast<bool>(getRecvLength()))
    return emitOpError("recv buffer, offset and length must all be present "
                       "or all be absent");
  return success();
}

LogicalResult CommandBufferDispatchOp::verify() {
  size_t n = getBindingBuffers().size();
  if (getBindingOffsets().size() != n || getBindingLengths().size() != n)
    return emitOpError(
        "requires that binding fields all have the same number of elements");
  return success();
}

//===----------------------------------------------------------------------===//
// hal.device.memoize / hal.device.query
//===----------------------------------------------------------------------===//

LogicalResult DeviceMemoizeOp::verify() {
  Block &block = getBody().front();
  auto returnOp = llvm::dyn_cast<ReturnOp>(block.getTerminator());
  if (!returnOp)
    return emitOpError("region must end in a hal.return");
  if (returnOp.getOperandTypes() != getResultTypes())
    return returnOp.emitOpError("returned types must match the memoize "
                                "result types");
  return success();
}

LogicalResult DeviceQueryOp::verify() {
  if (Attribute value = getDefaultValueAttr()) {
    auto typed = llvm::dyn_cast<TypedAttr>(value);
    if (typed && typed.getType() != getValue().getType())
      return emitOpError("type mismatch between result and default value");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// hal.device.queue.*
//===----------------------------------------------------------------------===//

/// Both fences the same SSA value that is not a null fence.
template <typename OpT> static LogicalResult verifyQueueFences(OpT op) {
  Value wait = op.getWaitFence(), signal = op.getSignalFence();
  if (wait == signal && !wait.template getDefiningOp<sluice::util::NullOp>())
    return op.emitOpError("device queue operations cannot wait and signal on "
                          "the same fence.");
  return success();
}

LogicalResult DeviceQueueAllocaOp::verify() { return verifyQueueFences(*this); }
LogicalResult DeviceQueueDeallocaOp::verify() {
  return verifyQueueFences(*this);
}
LogicalResult DeviceQueueFillOp::verify() { return verifyQueueFences(*this); }
LogicalResult DeviceQueueCopyOp::verify() { return verifyQueueFences(*this); }
LogicalResult DeviceQueueReadOp::verify() { return verifyQueueFences(*this); }
LogicalResult DeviceQueueWriteOp::verify() { return verifyQueueFences(*this); }
LogicalResult DeviceQueueBarrierOp::verify() {
  return verifyQueueFences(*this);
}
LogicalResult DeviceQueueExecuteOp::verify() {
  return verifyQueueFences(*this);
}
LogicalResult DeviceQueueExecuteIndirectOp::verify() {
  // SameVariadicOperandSize splits the trailing operands evenly; a count that
  // does not divide would silently drop operands.
  unsigned bindingOperands = getNumOperands() - 5;
  if (bindingOperands % 3 != 0)
    return emitOpError(
        "requires that binding fields all have the same number of elements");
  return verifyQueueFences(*this);
}

//===----------------------------------------------------------------------===//
// hal.executable.condition
//===----------------------------------------------------------------------===//

ParseResult ExecutableConditionOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseArrow())
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> resultTypes;
  if (parser.parseOptionalLParen()) {
    Type type;
    if (parser.parseType(type))
      return failure();
    resultTypes.push_back(type);
  } else if (parser.parseTypeList(resultTypes) || parser.parseRParen()) {
    return failure();
  }
  if (resultTypes.size() != 1 || !resultTypes.front().isInteger(1))
    return parser.emitError(typesLoc,
                            "target condition region must return one i1");
  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : args)
    argTypes.push_back(arg.type);
  Builder &builder = parser.getBuilder();
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args, /*enableNameShadowing=*/false) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return success();
}

void ExecutableConditionOp::print(OpAsmPrinter &p) {
  p << "(";
  if (!getBody().empty())
    llvm::interleaveComma(getBody().getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
  p << ") -> i1 ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getFunctionTypeAttrName(), getArgAttrsAttrName(),
                            getResAttrsAttrName()});
}

LogicalResult ExecutableConditionOp::verify() {
  if (getBody().empty())
    return emitOpError("target condition region must take a !hal.device");
  Block &entry = getBody().front();
  if (entry.getNumArguments() != 1 ||
      !llvm::isa<DeviceType>(entry.getArgument(0).getType()))
    return emitOpError("target condition region must take a !hal.device");
  for (Block &block : getBody()) {
    auto returnOp = llvm::dyn_cast_if_present<ReturnOp>(
        block.empty() ? nullptr : &block.back());
    if (!returnOp)
      continue;
    if (returnOp.getNumOperands() != 1 ||
        !returnOp.getOperand(0).getType().isInteger(1))
      return returnOp.emitOpError(
          "target condition region must return a single i1 result");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// hal.interface.*
//===----------------------------------------------------------------------===//

LogicalResult InterfaceConstantLoadOp::verify() {
  if (getOrdinal().getSExtValue() >= getLayout().getConstants())
    return emitOpError("push constant ordinal out of bounds");
  return success();
}

/// Dynamic dimension count of a binding view type: shaped types, and types
/// that bind a shaped type (`!iree_tensor_ext.dispatch.tensor`).
static int64_t getNumDynamicDims(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    return shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
  if (auto bound =
          llvm::dyn_cast<sluice::iree_encoding::EncodingTypeInterface>(type))
    if (Type boundType = bound.getEncodingType(); boundType != type)
      return getNumDynamicDims(boundType);
  return 0;
}

LogicalResult InterfaceBindingSubspanOp::verify() {
  Type resultType = getResult().getType();
  int64_t dynamicDims = getNumDynamicDims(resultType);
  if (dynamicDims != static_cast<int64_t>(getDynamicDims().size()))
    return emitOpError("result type ")
           << resultType << " has " << dynamicDims << " dynamic dimensions but "
           << getDynamicDims().size() << " associated dimension SSA values";
  uint64_t binding = getBinding().getZExtValue();
  if (binding >= getLayout().getBindings().size())
    return emitOpError("binding ordinal ")
           << binding << " out of bounds in layout " << getLayout();
  return success();
}

//===----------------------------------------------------------------------===//
// Op definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "sluice/Dialect/HAL/IR/HALCommandOps.cpp.inc"
