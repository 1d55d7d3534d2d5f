//===- SluiceRTOps.cpp - sluice_rt ops ------------------------------------===//
//
// Verifiers and custom directives of the ops of execution.md §4.2.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::sluice_rt;
using sluice::util::parseOperandTypeList;
using sluice::util::printOperandTypeList;

//===----------------------------------------------------------------------===//
// Shared predicates
//===----------------------------------------------------------------------===//

bool sluice_rt::isFallibleOp(Operation *op) {
  static const llvm::StringSet<> kFallible = {
      "util.call",
      "hal.allocator.allocate",
      "hal.allocator.import",
      "hal.buffer.subspan",
      "hal.buffer.assert",
      "hal.buffer.load",
      "hal.buffer.store",
      "hal.buffer_view.create",
      "hal.buffer_view.assert",
      "hal.ex.file.from_memory",
      "hal.fence.create",
      "hal.fence.join",
      "hal.fence.signal",
      "sluice_rt.queue.execute",
      "io_parameters.load",
      "io_parameters.gather",
      "io_parameters.scatter",
  };
  StringRef name = op->getName().getStringRef();
  if (kFallible.contains(name))
    return true;
  if (name.starts_with("hal.device.queue."))
    return name != "hal.device.queue.flush";
  // hal.devices.get is fallible only with an index that is not a constant
  // (an out-of-range constant index is a compile-time error).
  if (name == "hal.devices.get")
    return op->getNumOperands() == 1 &&
           !matchPattern(op->getOperand(0), m_Constant());
  return false;
}

bool sluice_rt::isCountedRefType(Type type) {
  return isa<hal::BufferType, hal::BufferViewType, hal::FenceType,
             hal::FileType, hal::SemaphoreType>(type);
}

bool sluice_rt::isCommandFunction(Operation *op) {
  return isa_and_nonnull<util::FuncOp>(op) &&
         op->hasAttr(SluiceRTDialect::kCommandFunctionAttrName);
}

//===----------------------------------------------------------------------===//
// custom<WaveBindings>: `%buffer[%offset, %length], ...` (types implied)
//===----------------------------------------------------------------------===//

static ParseResult
parseWaveBindings(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &buffers,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &offsets,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &lengths) {
  OpAsmParser::UnresolvedOperand buffer;
  OptionalParseResult first = parser.parseOptionalOperand(buffer);
  if (!first.has_value())
    return success(); // empty list
  if (failed(*first))
    return failure();
  while (true) {
    buffers.push_back(buffer);
    if (parser.parseLSquare() || parser.parseOperand(offsets.emplace_back()) ||
        parser.parseComma() || parser.parseOperand(lengths.emplace_back()) ||
        parser.parseRSquare())
      return failure();
    if (failed(parser.parseOptionalComma()))
      return success();
    if (parser.parseOperand(buffer))
      return failure();
  }
}

static void printWaveBindings(OpAsmPrinter &p, Operation *, ValueRange buffers,
                              ValueRange offsets, ValueRange lengths) {
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p << buffers[i] << "[" << offsets[i] << ", " << lengths[i] << "]";
  }
}

//===----------------------------------------------------------------------===//
// sluice_rt.queue.execute
//===----------------------------------------------------------------------===//

LogicalResult QueueExecuteOp::verify() {
  Value wait = getWaitFence(), signal = getSignalFence();
  if (wait == signal && !wait.getDefiningOp<util::NullOp>())
    return emitOpError("device queue operations cannot wait and signal on "
                       "the same fence.");
  return success();
}

LogicalResult
QueueExecuteOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(getOperation(), getCalleeAttr());
  if (!isCommandFunction(callee))
    return emitOpError() << "callee '" << getCalleeAttr()
                         << "' is not a command function";
  auto func = cast<util::FuncOp>(callee);
  if (!llvm::equal(func.getArgumentTypes(), getArguments().getTypes()))
    return emitOpError() << "operand types do not match command function '"
                         << getCalleeAttr() << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// sluice_rt.wave
//===----------------------------------------------------------------------===//

LogicalResult WaveOp::verify() {
  if (!isCommandFunction(getOperation()->getParentOp()))
    return emitOpError(
        "sluice_rt.wave must be directly inside a command function");
  for (Operation &op : getBody().front().without_terminator()) {
    if (!isa<DispatchOp, FillOp, CopyOp>(op))
      return emitOpError("wave bodies may only contain sluice_rt.dispatch, "
                         "sluice_rt.fill and sluice_rt.copy")
                 .attachNote(op.getLoc())
             << "see '" << op.getName() << "'";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// sluice_rt.dispatch
//===----------------------------------------------------------------------===//

LogicalResult DispatchOp::verify() {
  size_t n = getBindingBuffers().size();
  if (getBindingOffsets().size() != n || getBindingLengths().size() != n)
    return emitOpError("every binding needs a buffer, an offset and a length");
  return success();
}

/// The layout of the export a dispatch entry point names, or null when the
/// entry point does not resolve.
static hal::PipelineLayoutAttr
resolveEntryLayout(Operation *op, SymbolRefAttr entry,
                   SymbolTableCollection &symbolTable) {
  if (!entry.getNestedReferences().empty()) {
    auto exportOp = dyn_cast_or_null<hal::ExecutableExportOp>(
        symbolTable.lookupNearestSymbolFrom(op, entry));
    return exportOp ? exportOp.getLayout() : hal::PipelineLayoutAttr();
  }
  Operation *fn = symbolTable.lookupNearestSymbolFrom(op, entry);
  if (!fn || fn->getName().getStringRef() != "llvm.func")
    return {};
  Operation *table = SymbolTable::getNearestSymbolTable(fn);
  if (!table)
    return {};
  for (Region &region : table->getRegions())
    for (Block &block : region)
      for (auto info : block.getOps<ExecutableInfoOp>())
        if (info.getFunctionAttr().getAttr() == entry.getRootReference())
          return info.getLayout();
  return {};
}

LogicalResult DispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  hal::PipelineLayoutAttr layout =
      resolveEntryLayout(getOperation(), getEntryPointAttr(), symbolTable);
  if (!layout)
    return emitOpError() << "undefined executable export "
                         << getEntryPointAttr();
  int64_t constants = getConstants().size();
  if (constants != layout.getConstants())
    return emitOpError() << "dispatch passes " << constants
                         << " constants but the export layout declares "
                         << layout.getConstants();
  int64_t bindings = getBindingBuffers().size();
  int64_t declared = layout.getBindings().size();
  if (bindings != declared)
    return emitOpError() << "dispatch passes " << bindings
                         << " bindings but the export layout declares "
                         << declared;
  return success();
}

//===----------------------------------------------------------------------===//
// Error edges
//===----------------------------------------------------------------------===//

SuccessorOperands CheckStatusOp::getSuccessorOperands(unsigned) {
  return SuccessorOperands(MutableOperandRange(getOperation(), 0, 0));
}

LogicalResult CheckStatusOp::verify() {
  Operation *previous = getOperation()->getPrevNode();
  if (!previous || !isFallibleOp(previous))
    return emitOpError("must immediately follow a fallible operation");
  return success();
}

SuccessorOperands CheckCodeOp::getSuccessorOperands(unsigned) {
  return SuccessorOperands(MutableOperandRange(getOperation(), 0, 0));
}

//===----------------------------------------------------------------------===//
// sluice_rt.executable_info
//===----------------------------------------------------------------------===//

LogicalResult ExecutableInfoOp::verify() {
  if (auto size = getWorkgroupSize()) {
    if (size->size() != 3)
      return emitOpError("workgroup_size must have 3 entries");
    for (int64_t d : *size)
      if (d < 1)
        return emitOpError("workgroup_size entries must be positive");
  }
  if (getCost() < 0)
    return emitOpError("cost must not be negative");
  return success();
}

LogicalResult
ExecutableInfoOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *fn =
      symbolTable.lookupNearestSymbolFrom(getOperation(), getFunctionAttr());
  if (!fn || fn->getName().getStringRef() != "llvm.func")
    return emitOpError() << "'" << getFunctionAttr() << "' is not an llvm.func";
  return success();
}

#define GET_OP_CLASSES
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.cpp.inc"
