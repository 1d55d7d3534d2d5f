//===- CmdPatterns.cpp - StreamToHAL: execution regions -------------------===//
//
// execution.md §2.5.3 and §2.5.3.1: stream.cmd.execute becomes a queue
// fill/copy (single-transfer fast path) or a command-buffer recording
// (memoized with a binding table when indirect command buffers apply)
// submitted with hal.device.queue.execute[.indirect]. The commands of the
// region are recorded by the execute pattern itself, which knows the command
// buffer and the binding table; stream.cmd.func becomes a util.func
// declaration.
//
//===----------------------------------------------------------------------===//

#include "PatternSets.h"

#include "sluice/Dialect/HAL/Conversion/Options.h"
#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace sluice::hal {
namespace {

IntegerAttr noFlags(OpBuilder &builder) { return builder.getI64IntegerAttr(0); }

//===----------------------------------------------------------------------===//
// Binding table decision
//===----------------------------------------------------------------------===//

bool isDynamicUniform(Value value) {
  Type type = value.getType();
  if (!llvm::isa<IntegerType, IndexType, FloatType>(type))
    return false;
  return !isStaticValue(value);
}

/// [QUIRK] (execution.md §2.5.3 step 1(b)): arguments of an enclosing function
/// whose signature the conversion rewrites are not seen by the capture walk
/// (the reference sees uses of the replaced entry block).
bool isHiddenFunctionArgument(Value value, const TypeConverter &converter) {
  auto arg = llvm::dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  Block *owner = arg.getOwner();
  Operation *parent = owner->getParentOp();
  if (!parent)
    return true; // the replaced entry block of a converted function
  auto func = llvm::dyn_cast<FunctionOpInterface>(parent);
  if (!func || &func.getFunctionBody().front() != owner)
    return false;
  return llvm::any_of(func.getArgumentTypes(), [&](Type type) {
    return converter.convertType(type) != type;
  });
}

bool capturesDynamicUniforms(stream::CmdExecuteOp op,
                             const TypeConverter &converter) {
  for (Value operand : op->getOperands())
    if (isDynamicUniform(operand))
      return true;
  Region &body = op.getBody();
  bool found = false;
  body.walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      // Values of a replaced (detached) entry block have no region.
      Region *definingRegion = operand.getParentRegion();
      if (definingRegion && body.isAncestor(definingRegion))
        continue;
      if (isDynamicUniform(operand) &&
          !isHiddenFunctionArgument(operand, converter)) {
        found = true;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return found;
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

/// Converts the command ops of one execute region into commands recorded
/// into `commandBuffer`.
class Recorder {
public:
  Recorder(ConversionPatternRewriter &rewriter, const TypeConverter &converter,
           Value commandBuffer)
      : rewriter(rewriter), converter(converter), cmd(commandBuffer) {}

  IRMapping mapping;
  /// Region block argument -> binding table slot (an index constant).
  DenseMap<Value, Value> slots;

  LogicalResult recordBlock(Block &block, bool barrierAfterEach) {
    for (Operation &op : block.without_terminator()) {
      if (failed(recordOp(op)))
        return failure();
      if (barrierAfterEach)
        emitBarrier(op.getLoc());
    }
    return success();
  }

private:
  ConversionPatternRewriter &rewriter;
  const TypeConverter &converter;
  Value cmd;

  /// The blocks of a serial/concurrent region (an empty region records
  /// nothing).
  LogicalResult recordRegion(Region &region, bool barrierAfterEach) {
    for (Block &block : region)
      if (failed(recordBlock(block, barrierAfterEach)))
        return failure();
    return success();
  }

  Value lookup(Value value) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    if (Value remapped = rewriter.getRemappedValue(value))
      return remapped;
    return value;
  }

  /// The table slot of a resource when it has one, else its buffer.
  Value lookupBinding(Value resource) {
    if (Value slot = slots.lookup(resource))
      return slot;
    return lookup(resource);
  }

  void emitBarrier(Location loc) {
    CommandBufferExecutionBarrierOp::create(
        rewriter, loc, cmd,
        rewriter.getI32IntegerAttr(ExecutionStageBits::CommandRetire |
                                   ExecutionStageBits::Transfer |
                                   ExecutionStageBits::Dispatch),
        rewriter.getI32IntegerAttr(ExecutionStageBits::CommandIssue |
                                   ExecutionStageBits::Transfer |
                                   ExecutionStageBits::Dispatch),
        noFlags(rewriter));
  }

  LogicalResult recordOp(Operation &op) {
    if (auto serial = llvm::dyn_cast<stream::CmdSerialOp>(op))
      return recordRegion(serial.getBody(), /*barrierAfterEach=*/true);
    if (auto concurrent = llvm::dyn_cast<stream::CmdConcurrentOp>(op))
      return recordRegion(concurrent.getBody(), /*barrierAfterEach=*/false);
    if (llvm::isa<stream::CmdFlushOp, stream::CmdInvalidateOp,
                  stream::CmdDiscardOp>(op))
      return success();
    if (auto fill = llvm::dyn_cast<stream::CmdFillOp>(op)) {
      Value target = lookupBinding(fill.getTarget());
      CommandBufferFillBufferOp::create(
          rewriter, op.getLoc(), cmd, target, lookup(fill.getTargetOffset()),
          lookup(fill.getTargetLength()), lookup(fill.getValue()),
          noFlags(rewriter));
      return success();
    }
    if (auto copy = llvm::dyn_cast<stream::CmdCopyOp>(op)) {
      Value source = lookupBinding(copy.getSource());
      Value target = lookupBinding(copy.getTarget());
      CommandBufferCopyBufferOp::create(
          rewriter, op.getLoc(), cmd, source, lookup(copy.getSourceOffset()),
          target, lookup(copy.getTargetOffset()), lookup(copy.getLength()),
          noFlags(rewriter));
      return success();
    }
    if (auto dispatch = llvm::dyn_cast<stream::CmdDispatchOp>(op))
      return recordDispatch(dispatch);
    if (auto collective = llvm::dyn_cast<stream::CmdCollectiveOp>(op))
      return recordCollective(collective);
    if (auto call = llvm::dyn_cast<stream::CmdCallOp>(op))
      return recordCall(call);
    if (llvm::isa<stream::StreamDialect>(op.getDialect()))
      return op.emitOpError("cannot be recorded into a command buffer");
    if (op.getNumRegions() != 0) {
      bool holdsStreamOps = false;
      op.walk([&](Operation *nested) {
        if (nested != &op &&
            llvm::isa<stream::StreamDialect>(nested->getDialect()))
          holdsStreamOps = true;
      });
      if (holdsStreamOps)
        return op.emitOpError("with nested stream commands cannot be recorded "
                              "into a command buffer");
    }
    // Host ops inside the region (constants, index math) are copied.
    op.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!mapping.contains(operand))
          mapping.map(operand, lookup(operand));
    });
    rewriter.clone(op, mapping);
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Dispatches
  //===--------------------------------------------------------------------===//

  /// `@ex::@v::@e` with the last reference replaced by `name`.
  static SymbolRefAttr withLeaf(SymbolRefAttr ref, StringAttr name) {
    SmallVector<FlatSymbolRefAttr> nested(ref.getNestedReferences());
    nested.back() = FlatSymbolRefAttr::get(name);
    return SymbolRefAttr::get(ref.getRootReference(), nested);
  }

  /// (function id, x, y, z) of `exportOp` (§2.5.3.1 export fallbacks).
  FailureOr<std::array<Value, 4>>
  buildExportSelection(Location loc, Value executable, SymbolRefAttr entryPoint,
                       ExecutableExportOp exportOp, Value device,
                       ValueRange workload) {
    auto lookupAndCount =
        [&](SymbolRefAttr ref,
            ExecutableExportOp target) -> std::array<Value, 4> {
      Value function = ExecutableLookupFunctionOp::create(
          rewriter, loc, rewriter.getI64Type(), executable, ref);
      auto count =
          calculateWorkgroupCount(loc, target, device, workload, rewriter);
      return {function, count[0], count[1], count[2]};
    };
    if (exportOp.getCondition().empty())
      return lookupAndCount(entryPoint, exportOp);

    // The condition, inlined.
    Block &conditionBlock = exportOp.getCondition().front();
    IRMapping conditionMapping;
    conditionMapping.map(conditionBlock.getArgument(0), device);
    for (unsigned k = 0,
                  e = std::min<size_t>(conditionBlock.getNumArguments() - 1,
                                       workload.size());
         k < e; ++k)
      conditionMapping.map(conditionBlock.getArgument(1 + k), workload[k]);
    for (Operation &nested : conditionBlock.without_terminator())
      rewriter.clone(nested, conditionMapping);
    Value condition = conditionMapping.lookupOrDefault(
        conditionBlock.getTerminator()->getOperand(0));

    auto fallbackName = exportOp.getConditionFallbackAttr();
    auto fallback = llvm::dyn_cast_if_present<ExecutableExportOp>(
        fallbackName
            ? SymbolTable::lookupSymbolIn(exportOp->getParentOp(), fallbackName)
            : nullptr);
    if (!fallback)
      return exportOp.emitOpError("fallback export not found");
    SymbolRefAttr fallbackRef = withLeaf(entryPoint, fallback.getSymNameAttr());

    Type index = rewriter.getIndexType();
    auto ifOp = scf::IfOp::create(
        rewriter, loc, TypeRange{rewriter.getI64Type(), index, index, index},
        condition, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    auto thenValues = lookupAndCount(entryPoint, exportOp);
    scf::YieldOp::create(rewriter, loc, ValueRange(thenValues));
    rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
    auto elseValues = buildExportSelection(loc, executable, fallbackRef,
                                           fallback, device, workload);
    if (failed(elseValues))
      return failure();
    scf::YieldOp::create(rewriter, loc, ValueRange(*elseValues));
    return std::array<Value, 4>{ifOp.getResult(0), ifOp.getResult(1),
                                ifOp.getResult(2), ifOp.getResult(3)};
  }

  /// From hal.executable.lookup to hal.command_buffer.dispatch for one entry
  /// point.
  LogicalResult recordDispatchTo(stream::CmdDispatchOp op, Value device,
                                 SymbolRefAttr entryPoint,
                                 ExecutableExportOp exportOp) {
    Location loc = op.getLoc();
    Value executable = ExecutableLookupOp::create(
        rewriter, loc, ExecutableType::get(rewriter.getContext()), device,
        FlatSymbolRefAttr::get(entryPoint.getRootReference()));
    SmallVector<Value> workload;
    for (Value value : op.getWorkload())
      workload.push_back(lookup(value));
    auto selection = buildExportSelection(loc, executable, entryPoint, exportOp,
                                          device, workload);
    if (failed(selection))
      return failure();
    SmallVector<Value> constants;
    for (Value uniform : op.getUniformOperands()) {
      Type type = uniform.getType();
      Value value = lookup(uniform);
      if (type.isInteger(32)) {
        constants.push_back(value);
        continue;
      }
      // Other 32-bit scalars are passed by their bits (no reference case;
      // --iree-stream-pack-dispatch-operands normally leaves only i32).
      if (type.isIntOrFloat() && type.getIntOrFloatBitWidth() == 32) {
        constants.push_back(arith::BitcastOp::create(
            rewriter, loc, rewriter.getI32Type(), value));
        continue;
      }
      return op.emitOpError("uniform operand of type ")
             << type << " cannot be passed as a dispatch constant; requires "
             << "a 32-bit value";
    }
    PipelineLayoutAttr layout = exportOp.getLayout();
    ArrayRef<PipelineBindingAttr> bindings = layout.getBindings();
    if (bindings.size() > op.getResources().size())
      return op.emitOpError("dispatch provides ")
             << op.getResources().size() << " resources but the export layout "
             << "has " << bindings.size() << " bindings";
    SmallVector<Value> buffers, offsets, lengths;
    for (auto [i, binding] : llvm::enumerate(bindings)) {
      Value resource = op.getResources()[i];
      bool indirect = binding.getFlags() & DescriptorFlagBits::Indirect;
      buffers.push_back(indirect ? lookupBinding(resource) : lookup(resource));
      offsets.push_back(lookup(op.getResourceOffsets()[i]));
      lengths.push_back(lookup(op.getResourceLengths()[i]));
    }
    auto &sel = *selection;
    CommandBufferDispatchOp::create(rewriter, loc, cmd, executable, sel[0],
                                    sel[1], sel[2], sel[3], constants, buffers,
                                    offsets, lengths, noFlags(rewriter));
    return success();
  }

  /// `hal.executable.format` query of a variant and its condition, if any.
  Value buildVariantCondition(Location loc, ExecutableVariantOp variant,
                              Value device) {
    Type i1 = rewriter.getI1Type();
    auto query = DeviceQueryOp::create(
        rewriter, loc, i1, i1, device,
        rewriter.getStringAttr("hal.executable.format"),
        variant.getTarget().getFormat(), rewriter.getBoolAttr(false));
    Value selected = query.getValue();
    ExecutableConditionOp conditionOp;
    for (auto candidate :
         variant.getBody().front().getOps<ExecutableConditionOp>())
      conditionOp = candidate;
    if (!conditionOp)
      return selected;
    auto region = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange{i1},
                                               /*no_inline=*/UnitAttr());
    IRMapping mapping;
    mapping.map(conditionOp.getBody().getArgument(0), device);
    rewriter.cloneRegionBefore(conditionOp.getBody(), region.getRegion(),
                               region.getRegion().end(), mapping);
    SmallVector<ReturnOp> returns;
    region.getRegion().walk([&](ReturnOp op) { returns.push_back(op); });
    for (ReturnOp returnOp : returns) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(returnOp);
      scf::YieldOp::create(rewriter, returnOp.getLoc(), returnOp.getOperands());
      rewriter.eraseOp(returnOp);
    }
    return arith::AndIOp::create(rewriter, loc, selected, region.getResult(0));
  }

  LogicalResult recordDispatch(stream::CmdDispatchOp op) {
    Location loc = op.getLoc();
    Value device = CommandBufferDeviceOp::create(
        rewriter, loc, DeviceType::get(rewriter.getContext()), cmd);
    SmallVector<SymbolRefAttr> entryPoints;
    SmallVector<ExecutableExportOp> exports;
    for (Attribute attr : op.getEntryPointsAttr()) {
      auto ref = llvm::cast<SymbolRefAttr>(attr);
      auto exportOp =
          SymbolTable::lookupNearestSymbolFrom<ExecutableExportOp>(op, ref);
      if (!exportOp)
        return op.emitOpError("entry point ")
               << ref << " does not name a hal.executable.export";
      entryPoints.push_back(ref);
      exports.push_back(exportOp);
    }
    if (entryPoints.empty())
      return op.emitOpError("has no entry points");
    if (entryPoints.size() == 1)
      return recordDispatchTo(op, device, entryPoints.front(), exports.front());

    // Variant selection: the first variant whose format and condition match.
    SmallVector<Value> selected;
    for (ExecutableExportOp exportOp : exports) {
      auto variant =
          llvm::dyn_cast<ExecutableVariantOp>(exportOp->getParentOp());
      if (!variant)
        return op.emitOpError("entry point is not in a hal.executable.variant");
      selected.push_back(buildVariantCondition(loc, variant, device));
    }
    Value index = arith::ConstantIndexOp::create(rewriter, loc, -1);
    for (int64_t i = static_cast<int64_t>(selected.size()) - 1; i >= 0; --i) {
      Value caseIndex = arith::ConstantIndexOp::create(rewriter, loc, i);
      index =
          arith::SelectOp::create(rewriter, loc, selected[i], caseIndex, index);
    }
    SmallVector<int64_t> cases;
    for (int64_t i = 0, e = entryPoints.size(); i < e; ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, TypeRange{},
                                               index, cases, cases.size());
    OpBuilder::InsertionGuard guard(rewriter);
    for (auto [i, region] : llvm::enumerate(switchOp.getCaseRegions())) {
      Block *block = rewriter.createBlock(&region);
      rewriter.setInsertionPointToStart(block);
      if (failed(recordDispatchTo(op, device, entryPoints[i], exports[i])))
        return failure();
      scf::YieldOp::create(rewriter, loc);
    }
    Block *defaultBlock = rewriter.createBlock(&switchOp.getDefaultRegion());
    rewriter.setInsertionPointToStart(defaultBlock);
    scf::YieldOp::create(rewriter, loc);
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Collectives and calls
  //===--------------------------------------------------------------------===//

  LogicalResult recordCollective(stream::CmdCollectiveOp op) {
    Location loc = op.getLoc();
    stream::CollectiveAttr streamOp = op.getOp();
    std::optional<uint32_t> reduction;
    if (streamOp.getReduction())
      reduction = static_cast<uint32_t>(*streamOp.getReduction());
    auto halOp = CollectiveAttr::get(
        rewriter.getContext(), static_cast<uint32_t>(streamOp.getKind()),
        reduction, static_cast<uint32_t>(streamOp.getElementType()));
    auto resources = op.getResources();
    auto binding = [&](unsigned i) -> std::array<Value, 3> {
      return {lookupBinding(resources[i]), lookup(op.getResourceOffsets()[i]),
              lookup(op.getResourceLengths()[i])};
    };
    std::array<Value, 3> send = {}, recv = {};
    switch (streamOp.getKind()) {
    case stream::CollectiveKind::Send:
      if (!resources.empty())
        send = binding(0);
      break;
    case stream::CollectiveKind::Recv:
      if (!resources.empty())
        recv = binding(0);
      break;
    default:
      if (resources.size() > 0)
        send = binding(0);
      if (resources.size() > 1)
        recv = binding(1);
      break;
    }
    Value param = op.getParam() ? lookup(op.getParam()) : Value();
    CommandBufferCollectiveOp::create(
        rewriter, loc, cmd, lookup(op.getChannel()), halOp, param, send[0],
        send[1], send[2], recv[0], recv[1], recv[2],
        lookup(op.getElementCount()));
    return success();
  }

  LogicalResult recordCall(stream::CmdCallOp op) {
    Location loc = op.getLoc();
    SmallVector<Value> operands = {cmd};
    Value zero, nullBuffer;
    unsigned resourceIndex = 0;
    for (Value operand : op.getResourceOperands()) {
      if (!llvm::isa<stream::ResourceType>(operand.getType())) {
        operands.push_back(lookup(operand));
        continue;
      }
      Value offset = lookup(op.getResourceOperandOffsets()[resourceIndex]);
      Value length = lookup(op.getResourceOperandLengths()[resourceIndex]);
      ++resourceIndex;
      if (Value slot = slots.lookup(operand)) {
        if (!nullBuffer)
          nullBuffer = util::NullOp::create(
              rewriter, loc, BufferType::get(rewriter.getContext()));
        operands.append({slot, nullBuffer, offset, length});
      } else {
        if (!zero)
          zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        operands.append({zero, lookup(operand), offset, length});
      }
    }
    SmallVector<Type> resultTypes;
    if (failed(converter.convertTypes(op.getResultTypes(), resultTypes)))
      return op.emitOpError("result types cannot be converted");
    auto call = util::CallOp::create(rewriter, loc, resultTypes,
                                     op.getCalleeAttr(), operands,
                                     /*tied_operands=*/ArrayAttr(),
                                     /*arg_attrs=*/ArrayAttr(),
                                     /*res_attrs=*/ArrayAttr());
    for (auto [oldResult, newResult] :
         llvm::zip_equal(op.getResults(), call.getResults()))
      mapping.map(oldResult, newResult);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.cmd.execute
//===----------------------------------------------------------------------===//

/// The one fill or copy of a single-transfer region, else null.
Operation *getSingleTransfer(stream::CmdExecuteOp op) {
  Operation *transfer = nullptr;
  for (Operation &nested : op.getBody().front().without_terminator()) {
    if (llvm::isa<stream::CmdFlushOp, stream::CmdInvalidateOp,
                  stream::CmdDiscardOp>(nested))
      continue;
    if (!llvm::isa<stream::CmdFillOp, stream::CmdCopyOp>(nested) || transfer)
      return nullptr;
    transfer = &nested;
  }
  return transfer;
}

uint32_t getCommandCategories(stream::CmdExecuteOp op) {
  uint32_t categories = CommandCategoryBits::None;
  op.getBody().walk([&](Operation *nested) {
    if (llvm::isa<stream::CmdDispatchOp>(nested))
      categories |= CommandCategoryBits::Dispatch;
    else if (llvm::isa<stream::CmdCollectiveOp, stream::CmdCallOp>(nested))
      categories |=
          CommandCategoryBits::Transfer | CommandCategoryBits::Dispatch;
    else
      categories |= CommandCategoryBits::Transfer;
  });
  return categories;
}

struct CmdExecutePattern : OpConversionPattern<stream::CmdExecuteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdExecuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = getContext();
    Block &body = op.getBody().front();
    auto [device, queueAffinity] =
        lookupDeviceAndQueueAffinityFor(op, rewriter);
    ValueRange outerResources = adaptor.getResourceOperands();
    auto outerFor = [&](Value inner) -> Value {
      auto arg = llvm::dyn_cast<BlockArgument>(inner);
      if (arg && arg.getOwner() == &body)
        return outerResources[arg.getArgNumber()];
      if (Value remapped = rewriter.getRemappedValue(inner))
        return remapped;
      return inner;
    };

    if (Operation *transfer = getSingleTransfer(op)) {
      Value wait =
          getOrCreateWaitFence(loc, adaptor.getAwaitTimepoint(), rewriter);
      Value signal = getOrCreateSignalFence(loc, device,
                                            op.getResultTimepoint(), rewriter);
      auto remap = [&](Value value) { return outerFor(value); };
      if (auto fill = llvm::dyn_cast<stream::CmdFillOp>(transfer)) {
        DeviceQueueFillOp::create(
            rewriter, transfer->getLoc(), device, queueAffinity, wait, signal,
            remap(fill.getTarget()), remap(fill.getTargetOffset()),
            remap(fill.getTargetLength()), remap(fill.getValue()),
            noFlags(rewriter));
      } else {
        auto copy = llvm::cast<stream::CmdCopyOp>(transfer);
        DeviceQueueCopyOp::create(
            rewriter, transfer->getLoc(), device, queueAffinity, wait, signal,
            remap(copy.getSource()), remap(copy.getSourceOffset()),
            remap(copy.getTarget()), remap(copy.getTargetOffset()),
            remap(copy.getLength()), noFlags(rewriter));
      }
      rewriter.replaceOp(op, signal);
      return success();
    }

    // Binding table (step 1).
    const TypeConverter &converter = *getTypeConverter();
    bool buildTable = !op.getOnce() && getIndirectCommandBuffers() &&
                      (getForceIndirectCommandBuffers() ||
                       !capturesDynamicUniforms(op, converter));
    DenseMap<int64_t, Value> indexConstants;
    auto getIndexConstant = [&](int64_t value) {
      Value &constant = indexConstants[value];
      if (!constant)
        constant = arith::ConstantIndexOp::create(rewriter, loc, value);
      return constant;
    };
    DenseMap<Value, Value> slots;
    SmallVector<Value> tableBuffers, tableOffsets, tableLengths;
    if (buildTable) {
      for (auto [i, outer] : llvm::enumerate(op.getResourceOperands())) {
        if (isStaticValue(outer))
          continue;
        Value slot = getIndexConstant(tableBuffers.size());
        slots[body.getArgument(i)] = slot;
        tableBuffers.push_back(outerResources[i]);
        tableOffsets.push_back(getIndexConstant(0));
        tableLengths.push_back(adaptor.getResourceOperandSizes()[i]);
      }
    }
    bool indirect = !tableBuffers.empty();

    // Modes and categories (step 2).
    uint32_t modes = indirect ? CommandBufferModeBits::None
                     : adaptor.getAwaitTimepoint()
                         ? CommandBufferModeBits::OneShot
                         : CommandBufferModeBits::OneShot |
                               CommandBufferModeBits::AllowInlineExecution;
    uint32_t categories = getCommandCategories(op);

    // Recording (steps 3 and 4).
    Type commandBufferType = CommandBufferType::get(context);
    DeviceMemoizeOp memoize;
    Value commandBuffer;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      if (indirect) {
        memoize = DeviceMemoizeOp::create(
            rewriter, loc, TypeRange{commandBufferType}, device, queueAffinity);
        rewriter.createBlock(&memoize.getBody());
      }
      Value capacity;
      if (indirect)
        capacity =
            arith::ConstantIndexOp::create(rewriter, loc, tableBuffers.size());
      commandBuffer = CommandBufferCreateOp::create(
          rewriter, loc, commandBufferType, device,
          rewriter.getI32IntegerAttr(modes),
          rewriter.getI32IntegerAttr(categories), queueAffinity, capacity);
      Recorder recorder(rewriter, converter, commandBuffer);
      recorder.slots = std::move(slots);
      for (auto [arg, outer] :
           llvm::zip_equal(body.getArguments(), outerResources))
        recorder.mapping.map(arg, outer);
      if (failed(recorder.recordBlock(body, /*barrierAfterEach=*/true)))
        return failure();
      CommandBufferFinalizeOp::create(rewriter, loc, commandBuffer);
      if (indirect)
        ReturnOp::create(rewriter, loc, ValueRange{commandBuffer});
    }
    if (indirect)
      commandBuffer = memoize.getResult(0);

    // Submission (step 5).
    Value wait =
        getOrCreateWaitFence(loc, adaptor.getAwaitTimepoint(), rewriter);
    Value signal =
        getOrCreateSignalFence(loc, device, op.getResultTimepoint(), rewriter);
    if (indirect)
      DeviceQueueExecuteIndirectOp::create(
          rewriter, loc, device, queueAffinity, wait, signal, commandBuffer,
          tableBuffers, tableOffsets, tableLengths, noFlags(rewriter));
    else
      DeviceQueueExecuteOp::create(rewriter, loc, device, queueAffinity, wait,
                                   signal, commandBuffer, noFlags(rewriter));
    rewriter.replaceOp(op, signal);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// stream.cmd.func
//===----------------------------------------------------------------------===//

struct CmdFuncPattern : OpConversionPattern<stream::CmdFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(stream::CmdFuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *context = getContext();
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    auto emptyDict = DictionaryAttr::get(context);
    SmallVector<Type> inputs = {CommandBufferType::get(context)};
    SmallVector<DictionaryAttr> argAttrs = {emptyDict};
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      DictionaryAttr attrs =
          op.getArgAttrsAttr()
              ? llvm::cast<DictionaryAttr>(op.getArgAttrsAttr()[i])
              : emptyDict;
      if (llvm::isa<stream::ResourceType>(input)) {
        inputs.append({IndexType::get(context), BufferType::get(context)});
        argAttrs.append({emptyDict, attrs});
        continue;
      }
      Type converted = converter.convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "unconvertible argument type");
      inputs.push_back(converted);
      argAttrs.push_back(attrs);
    }
    SmallVector<Type> results;
    if (failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    SmallVector<DictionaryAttr> resAttrs;
    if (ArrayAttr attrs = op.getResAttrsAttr())
      for (Attribute attr : attrs)
        resAttrs.push_back(llvm::cast<DictionaryAttr>(attr));
    auto func =
        util::FuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                             FunctionType::get(context, inputs, results),
                             /*tiedOperands=*/nullptr, argAttrs, resAttrs);
    if (StringAttr visibility = op.getSymVisibilityAttr())
      func.setSymVisibilityAttr(visibility);
    for (NamedAttribute attr : op->getDiscardableAttrs())
      func->setAttr(attr.getName(), attr.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateStreamCmdToHALPatterns(MLIRContext *context,
                                    TypeConverter &typeConverter,
                                    RewritePatternSet &patterns) {
  patterns.add<CmdExecutePattern, CmdFuncPattern>(typeConverter, context);
}

} // namespace sluice::hal
