//===- OutlineCommandBuffers.cpp - recordings -> command functions --------===//
//
// --sluice-outline-command-buffers (execution.md §4.3): every command-buffer
// recording of a host function becomes a command function made of waves,
// submitted with sluice_rt.queue.execute.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTOps.h"
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/FoldUtils.h"
#include "llvm/ADT/DenseMap.h"

namespace sluice::sluice_rt {
#define GEN_PASS_DEF_OUTLINECOMMANDBUFFERSPASS
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h.inc"
} // namespace sluice::sluice_rt

using namespace mlir;
using namespace sluice;
using namespace sluice::sluice_rt;

namespace {

bool isCommandOp(Operation *op) {
  return isa<hal::CommandBufferDispatchOp, hal::CommandBufferFillBufferOp,
             hal::CommandBufferCopyBufferOp,
             hal::CommandBufferExecutionBarrierOp>(op);
}

/// The symbol of the host function `op` belongs to, used to name its command
/// functions.
std::string hostFunctionName(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (auto func = dyn_cast<util::FuncOp>(p))
      return func.getSymName().str();
    if (auto symbol = dyn_cast<SymbolOpInterface>(p))
      if (isa<FunctionOpInterface>(p))
        return symbol.getName().str();
    if (isa<util::InitializerOp>(p))
      return "__init";
  }
  return "__host";
}

/// Outlines one recording `create` ... `finalize` and rewrites its execute.
class RecordingOutliner {
public:
  RecordingOutliner(hal::CommandBufferCreateOp create, DominanceInfo &dominance,
                    SymbolTableCollection &symbolTables)
      : create(create), dominance(dominance), symbolTables(symbolTables),
        folder(create->getContext()) {}

  /// Checks the recording (§4.3 steps 1-3) and finds its finalize and execute.
  LogicalResult analyze();

  /// Builds the command function `name` (inserted before `insertBefore` when
  /// it has waves), rewrites the execute and erases the recording.
  LogicalResult outline(StringRef name, SymbolTable &symbols,
                        Operation *insertBefore);

private:
  bool inRange(Operation *op) const {
    return op->getBlock() == create->getBlock() &&
           create->isBeforeInBlock(op) && op->isBeforeInBlock(finalize);
  }

  FailureOr<Value> materialize(Value value, Operation *user);
  FailureOr<std::pair<Value, Value>>
  resolveBinding(Value bufferOrSlot, Value offset, Operation *command);
  Value getOrCreateConstant(Attribute value, Type type, Operation *def);
  Block::iterator pureInsertionPoint() {
    return currentWave ? Block::iterator(currentWave.getOperation())
                       : Block::iterator(returnOp);
  }
  OpBuilder waveBuilder();
  LogicalResult convertCommand(Operation *command);
  void accumulateCost(hal::CommandBufferDispatchOp dispatch, DispatchOp clone);
  void accumulateTransferCost(Value length);
  void reorderArguments();
  void eraseRecording();

  hal::CommandBufferCreateOp create;
  DominanceInfo &dominance;
  // Cached symbol tables: the module grows by one function per recording,
  // so uncached nested lookups would be linear each.
  SymbolTableCollection &symbolTables;
  hal::CommandBufferFinalizeOp finalize;
  Operation *execute = nullptr;
  hal::DeviceQueueExecuteIndirectOp indirect;
  // Branches passing the command buffer on, with the block argument that
  // receives it, and every value the command buffer flows into.
  SmallVector<std::pair<cf::BranchOp, BlockArgument>> forwarded;
  SmallVector<Value> forwardedValues;

  // The command function being built.
  util::FuncOp func;
  Block *entry = nullptr;
  Operation *returnOp = nullptr;
  WaveOp currentWave;
  unsigned waveCount = 0;
  OperationFolder folder;
  IRMapping mapping;
  // Captured outer values with their block arguments: ordinary captures in
  // first-use order, then the binding-table slot values.
  SmallVector<std::pair<Value, BlockArgument>> captures, slotCaptures;
  // The estimated cost, while every term is known.
  std::optional<uint64_t> cost = 0;
};

LogicalResult RecordingOutliner::analyze() {
  Value cb = create.getResult();
  SmallVector<hal::CommandBufferFinalizeOp> finalizes;
  for (Operation *user : cb.getUsers())
    if (auto f = dyn_cast<hal::CommandBufferFinalizeOp>(user))
      finalizes.push_back(f);
  if (finalizes.size() != 1 ||
      finalizes.front()->getBlock() != create->getBlock() ||
      !create->isBeforeInBlock(finalizes.front()))
    return create.emitError("command buffer recording must be a "
                            "straight-line sequence in one block");
  finalize = finalizes.front();

  // The command buffer may reach its execute through block arguments of
  // `cf.br` successors that have no other predecessor (what
  // --iree-hal-inline-memoize-regions leaves behind).
  SmallVector<Operation *> executes;
  SmallVector<Value> values = {cb};
  for (unsigned i = 0; i < values.size(); ++i) {
    Value value = values[i];
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<hal::CommandBufferDeviceOp>(user))
        continue;
      if (value == cb && isa<hal::CommandBufferFinalizeOp>(user))
        continue;
      if (value == cb && isCommandOp(user)) {
        if (!inRange(user))
          return create.emitError("command buffer recording must be a "
                                  "straight-line sequence in one block");
        continue;
      }
      if (isa<hal::DeviceQueueExecuteOp, hal::DeviceQueueExecuteIndirectOp>(
              user)) {
        executes.push_back(user);
        continue;
      }
      if (auto br = dyn_cast<cf::BranchOp>(user)) {
        Block *dest = br.getDest();
        if (dest->getSinglePredecessor() == br->getBlock()) {
          BlockArgument arg = dest->getArgument(use.getOperandNumber());
          forwarded.push_back({br, arg});
          values.push_back(arg);
          continue;
        }
      }
      return user->emitError()
             << "command buffer is used by '" << user->getName()
             << "', which the native lowering cannot compile";
    }
  }
  forwardedValues.assign(values.begin(), values.end());
  if (executes.size() != 1 ||
      !dominance.properlyDominates(finalize.getOperation(), executes.front()))
    return create.emitError("command buffer must be submitted exactly once by "
                            "a hal.device.queue.execute that it dominates");
  execute = executes.front();
  indirect = dyn_cast<hal::DeviceQueueExecuteIndirectOp>(execute);

  for (Operation *op = create->getNextNode(); op != finalize;
       op = op->getNextNode()) {
    if (isCommandOp(op) ||
        isa<hal::CommandBufferDeviceOp, hal::ExecutableLookupOp,
            hal::ExecutableLookupFunctionOp>(op) ||
        op->hasTrait<OpTrait::ConstantLike>() || isPure(op))
      continue;
    return op->emitOpError("cannot appear in a command buffer recording");
  }
  return success();
}

Value RecordingOutliner::getOrCreateConstant(Attribute value, Type type,
                                             Operation *def) {
  if (Value c =
          folder.getOrCreateConstant(entry, def->getDialect(), value, type))
    return c;
  // A constant-like op its dialect cannot rematerialize: clone it.
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  return b.clone(*def)->getResult(0);
}

FailureOr<Value> RecordingOutliner::materialize(Value value, Operation *user) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  Attribute constant;
  if (def && def->getNumResults() == 1 &&
      matchPattern(value, m_Constant(&constant))) {
    Value c = getOrCreateConstant(constant, value.getType(), def);
    mapping.map(value, c);
    return c;
  }
  if (def && inRange(def) && isPure(def) &&
      !isa<hal::CommandBufferDeviceOp, hal::ExecutableLookupOp,
           hal::ExecutableLookupFunctionOp>(def)) {
    for (Value operand : def->getOperands())
      if (failed(materialize(operand, def)))
        return failure();
    OpBuilder b(entry, pureInsertionPoint());
    Operation *clone = b.clone(*def, mapping);
    SmallVector<OpFoldResult> folded;
    if (succeeded(clone->fold(folded)) && !folded.empty() &&
        llvm::all_of(folded,
                     [](OpFoldResult r) { return isa<Attribute>(r); })) {
      for (auto [result, f] : llvm::zip(def->getResults(), folded))
        mapping.map(result, getOrCreateConstant(cast<Attribute>(f),
                                                result.getType(), clone));
      clone->erase();
    }
    return mapping.lookup(value);
  }
  if (isa<hal::DeviceType, hal::ExecutableType, hal::CommandBufferType,
          hal::AllocatorType>(value.getType())) {
    return user->emitOpError("cannot appear in a command buffer recording");
  }
  BlockArgument arg = entry->addArgument(value.getType(), value.getLoc());
  captures.push_back({value, arg});
  mapping.map(value, arg);
  return Value(arg);
}

FailureOr<std::pair<Value, Value>>
RecordingOutliner::resolveBinding(Value bufferOrSlot, Value offset,
                                  Operation *command) {
  if (isa<hal::BufferType>(bufferOrSlot.getType())) {
    FailureOr<Value> buffer = materialize(bufferOrSlot, command);
    FailureOr<Value> off = materialize(offset, command);
    if (failed(buffer) || failed(off))
      return failure();
    return std::make_pair(*buffer, *off);
  }
  APInt slot;
  if (!matchPattern(bufferOrSlot, m_ConstantInt(&slot)))
    return command->emitError("binding table slot must be a constant index");
  size_t slots = indirect ? indirect.getBindingBuffers().size() : 0;
  if (slot.getZExtValue() >= slots)
    return command->emitError()
           << "binding table slot " << slot.getZExtValue() << " is outside the "
           << slots << " bindings of the command buffer's execute";
  unsigned index = slot.getZExtValue();
  // Slot values become extra captures after the ordinary ones.
  auto slotValue = [&](Value outer) -> Value {
    if (Value mapped = mapping.lookupOrNull(outer))
      return mapped;
    Attribute constant;
    Operation *def = outer.getDefiningOp();
    if (def && def->getNumResults() == 1 &&
        matchPattern(outer, m_Constant(&constant))) {
      Value c = getOrCreateConstant(constant, outer.getType(), def);
      mapping.map(outer, c);
      return c;
    }
    BlockArgument arg = entry->addArgument(outer.getType(), outer.getLoc());
    slotCaptures.push_back({outer, arg});
    mapping.map(outer, arg);
    return arg;
  };
  Value buffer = slotValue(indirect.getBindingBuffers()[index]);
  Value slotOffset = slotValue(indirect.getBindingOffsets()[index]);
  FailureOr<Value> commandOffset = materialize(offset, command);
  if (failed(commandOffset))
    return failure();
  if (matchPattern(*commandOffset, m_Zero()))
    return std::make_pair(buffer, slotOffset);
  if (matchPattern(slotOffset, m_Zero()))
    return std::make_pair(buffer, *commandOffset);
  OpBuilder b(entry, pureInsertionPoint());
  auto add =
      arith::AddIOp::create(b, command->getLoc(), slotOffset, *commandOffset);
  Value sum = add.getResult();
  SmallVector<OpFoldResult> folded;
  if (succeeded(add->fold(folded)) && folded.size() == 1 &&
      isa<Attribute>(folded.front())) {
    sum = getOrCreateConstant(cast<Attribute>(folded.front()), sum.getType(),
                              add);
    add->erase();
  }
  return std::make_pair(buffer, sum);
}

OpBuilder RecordingOutliner::waveBuilder() {
  if (!currentWave) {
    OpBuilder b(returnOp);
    currentWave = WaveOp::create(b, create.getLoc());
    WaveOp::ensureTerminator(currentWave.getBody(), b, create.getLoc());
    ++waveCount;
  }
  return OpBuilder(currentWave.getBody().front().getTerminator());
}

void RecordingOutliner::accumulateTransferCost(Value length) {
  APInt bytes;
  if (!cost || !matchPattern(length, m_ConstantInt(&bytes))) {
    cost.reset();
    return;
  }
  *cost += llvm::divideCeil(bytes.getZExtValue(), 16);
}

void RecordingOutliner::accumulateCost(hal::CommandBufferDispatchOp dispatch,
                                       DispatchOp clone) {
  if (!cost)
    return;
  uint64_t workgroups = 1;
  for (Value count :
       {clone.getWorkgroupX(), clone.getWorkgroupY(), clone.getWorkgroupZ()}) {
    APInt c;
    if (!matchPattern(count, m_ConstantInt(&c))) {
      cost.reset();
      return;
    }
    workgroups = llvm::SaturatingMultiply(workgroups, c.getZExtValue());
  }
  auto exportOp = dyn_cast_or_null<hal::ExecutableExportOp>(
      symbolTables.lookupNearestSymbolFrom(dispatch,
                                           clone.getEntryPointAttr()));
  auto perWorkgroup = exportOp ? exportOp->getAttrOfType<IntegerAttr>(
                                     SluiceRTDialect::kWorkgroupCostAttrName)
                               : IntegerAttr();
  if (!perWorkgroup) {
    cost.reset();
    return;
  }
  *cost = llvm::SaturatingAdd(
      *cost, llvm::SaturatingMultiply(workgroups,
                                      perWorkgroup.getValue().getZExtValue()));
}

LogicalResult RecordingOutliner::convertCommand(Operation *command) {
  if (isa<hal::CommandBufferExecutionBarrierOp>(command)) {
    currentWave = {}; // the next command opens a new wave
    return success();
  }
  Location loc = command->getLoc();
  if (auto fill = dyn_cast<hal::CommandBufferFillBufferOp>(command)) {
    auto target =
        resolveBinding(fill.getTargetBuffer(), fill.getTargetOffset(), fill);
    FailureOr<Value> length = materialize(fill.getLength(), fill);
    FailureOr<Value> pattern = materialize(fill.getPattern(), fill);
    if (failed(target) || failed(length) || failed(pattern))
      return failure();
    OpBuilder b = waveBuilder();
    FillOp::create(b, loc, target->first, target->second, *length, *pattern);
    accumulateTransferCost(*length);
    return success();
  }
  if (auto copy = dyn_cast<hal::CommandBufferCopyBufferOp>(command)) {
    auto source =
        resolveBinding(copy.getSourceBuffer(), copy.getSourceOffset(), copy);
    auto target =
        resolveBinding(copy.getTargetBuffer(), copy.getTargetOffset(), copy);
    FailureOr<Value> length = materialize(copy.getLength(), copy);
    if (failed(source) || failed(target) || failed(length))
      return failure();
    OpBuilder b = waveBuilder();
    CopyOp::create(b, loc, source->first, source->second, target->first,
                   target->second, *length);
    accumulateTransferCost(*length);
    return success();
  }
  auto dispatch = cast<hal::CommandBufferDispatchOp>(command);
  auto lookupFunction =
      dispatch.getEntryPoint().getDefiningOp<hal::ExecutableLookupFunctionOp>();
  auto lookup = lookupFunction ? lookupFunction.getExecutable()
                                     .getDefiningOp<hal::ExecutableLookupOp>()
                               : hal::ExecutableLookupOp();
  if (!lookup || dispatch.getExecutable() != lookupFunction.getExecutable() ||
      lookupFunction.getEntryPointAttr().getRootReference() !=
          lookup.getExecutableAttr().getAttr())
    return dispatch.emitError(
        "cannot resolve the executable function of a dispatch statically");
  // Operands are visited bindings first, then workgroup counts, then
  // constants: this is the capture order of the example of §4.1.
  SmallVector<Value> counts, constants, buffers, offsets, lengths;
  for (auto [buffer, offset, length] :
       llvm::zip(dispatch.getBindingBuffers(), dispatch.getBindingOffsets(),
                 dispatch.getBindingLengths())) {
    auto binding = resolveBinding(buffer, offset, dispatch);
    FailureOr<Value> len = materialize(length, dispatch);
    if (failed(binding) || failed(len))
      return failure();
    buffers.push_back(binding->first);
    offsets.push_back(binding->second);
    lengths.push_back(*len);
  }
  for (Value v : {dispatch.getWorkgroupX(), dispatch.getWorkgroupY(),
                  dispatch.getWorkgroupZ()}) {
    FailureOr<Value> m = materialize(v, dispatch);
    if (failed(m))
      return failure();
    counts.push_back(*m);
  }
  for (Value v : dispatch.getConstants()) {
    FailureOr<Value> m = materialize(v, dispatch);
    if (failed(m))
      return failure();
    constants.push_back(*m);
  }
  OpBuilder b = waveBuilder();
  auto clone = DispatchOp::create(b, loc, lookupFunction.getEntryPointAttr(),
                                  counts[0], counts[1], counts[2], constants,
                                  buffers, offsets, lengths);
  accumulateCost(dispatch, clone);
  return success();
}

void RecordingOutliner::reorderArguments() {
  // Reference captures first, then scalars, each in first-use order (the
  // closure layout of §4.4); the slot captures of indirect command buffers
  // follow the ordinary ones.
  auto refsFirst = [](SmallVectorImpl<std::pair<Value, BlockArgument>> &l) {
    SmallVector<std::pair<Value, BlockArgument>> refs, scalars;
    for (auto &entry : l)
      (isCountedRefType(entry.first.getType()) ? refs : scalars)
          .push_back(entry);
    l.assign(refs.begin(), refs.end());
    l.append(scalars.begin(), scalars.end());
  };
  refsFirst(captures);
  refsFirst(slotCaptures);
  unsigned oldCount = entry->getNumArguments();
  for (auto &list : {std::ref(captures), std::ref(slotCaptures)})
    for (auto &[outer, arg] : list.get()) {
      BlockArgument fresh = entry->addArgument(arg.getType(), arg.getLoc());
      arg.replaceAllUsesWith(fresh);
      arg = fresh;
    }
  entry->eraseArguments(0, oldCount);
}

void RecordingOutliner::eraseRecording() {
  // Lookups outside the recording (hoisted ones) go too once unused; those in
  // the range go with it. Collected before anything is erased.
  SmallVector<Operation *> outsideLookups;
  for (Operation *op = create->getNextNode(); op != finalize;
       op = op->getNextNode())
    if (auto dispatch = dyn_cast<hal::CommandBufferDispatchOp>(op))
      for (Value v :
           {Value(dispatch.getEntryPoint()), Value(dispatch.getExecutable())})
        if (Operation *def = v.getDefiningOp();
            def && !inRange(def) && !llvm::is_contained(outsideLookups, def))
          outsideLookups.push_back(def);
  execute->erase();
  // Commands and the finalize go; pure ops of the range go once unused.
  for (Operation *op = finalize, *prev; op != create; op = prev) {
    prev = op->getPrevNode();
    if (isCommandOp(op) || op == finalize.getOperation() ||
        isOpTriviallyDead(op))
      op->erase();
  }
  // Device queries of the command buffer read the create's device.
  for (Value value : forwardedValues)
    for (Operation *user : llvm::make_early_inc_range(value.getUsers()))
      if (auto deviceOp = dyn_cast<hal::CommandBufferDeviceOp>(user)) {
        deviceOp.getResult().replaceAllUsesWith(create.getDevice());
        deviceOp->erase();
      }
  // The block arguments that carried it, last first.
  for (auto &[br, arg] : llvm::reverse(forwarded)) {
    unsigned index = arg.getArgNumber();
    br.getDestOperandsMutable().erase(index);
    arg.getOwner()->eraseArgument(index);
  }
  // Function lookups before executable lookups (the former use the latter).
  for (Operation *op : outsideLookups)
    if (isa<hal::ExecutableLookupFunctionOp>(op) && isOpTriviallyDead(op))
      op->erase();
  for (Operation *op : outsideLookups)
    if (isa<hal::ExecutableLookupOp>(op) && isOpTriviallyDead(op))
      op->erase();
  create->erase();
}

LogicalResult RecordingOutliner::outline(StringRef name, SymbolTable &symbols,
                                         Operation *insertBefore) {
  MLIRContext *ctx = create->getContext();
  func = util::FuncOp::create(create.getLoc(), name,
                              FunctionType::get(ctx, {}, {}));
  entry = func.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  returnOp = util::ReturnOp::create(b, create.getLoc());

  for (Operation *op = create->getNextNode(); op != finalize;
       op = op->getNextNode())
    if (isCommandOp(op) && failed(convertCommand(op))) {
      func->erase();
      return failure();
    }

  OpBuilder hostBuilder(execute);
  Value device, affinity, wait, signal;
  if (auto direct = dyn_cast<hal::DeviceQueueExecuteOp>(execute)) {
    device = direct.getDevice();
    affinity = direct.getQueueAffinity();
    wait = direct.getWaitFence();
    signal = direct.getSignalFence();
  } else {
    device = indirect.getDevice();
    affinity = indirect.getQueueAffinity();
    wait = indirect.getWaitFence();
    signal = indirect.getSignalFence();
  }

  if (waveCount == 0) {
    func->erase();
    hal::DeviceQueueBarrierOp::create(hostBuilder, execute->getLoc(), device,
                                      affinity, wait, signal,
                                      hostBuilder.getI64IntegerAttr(0));
  } else {
    reorderArguments();
    SmallVector<Value> operands;
    SmallVector<Type> types;
    for (auto &list : {std::ref(captures), std::ref(slotCaptures)})
      for (auto &[outer, arg] : list.get()) {
        operands.push_back(outer);
        types.push_back(outer.getType());
      }
    func.setFunctionType(FunctionType::get(ctx, types, {}));
    func.setPrivate();
    func->setAttr(SluiceRTDialect::kCommandFunctionAttrName,
                  UnitAttr::get(ctx));
    symbols.insert(func, Block::iterator(insertBefore));
    IntegerAttr costAttr;
    if (cost)
      costAttr = hostBuilder.getI64IntegerAttr(
          std::min<uint64_t>(*cost, std::numeric_limits<uint32_t>::max()));
    QueueExecuteOp::create(
        hostBuilder, execute->getLoc(), device, affinity, wait, signal,
        FlatSymbolRefAttr::get(func.getSymNameAttr()), operands, costAttr);
  }
  eraseRecording();
  return success();
}

struct OutlineCommandBuffersPass
    : public sluice_rt::impl::OutlineCommandBuffersPassBase<
          OutlineCommandBuffersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();

    // Memoized recordings must have been inlined first.
    bool memoized = false;
    module.walk([&](hal::DeviceMemoizeOp memoize) {
      bool records = llvm::any_of(memoize->getResultTypes(),
                                  llvm::IsaPred<hal::CommandBufferType>) ||
                     memoize
                         ->walk([](hal::CommandBufferCreateOp) {
                           return WalkResult::interrupt();
                         })
                         .wasInterrupted();
      if (records) {
        memoize.emitError(
            "hal.device.memoize must be inlined before outlining command "
            "buffers (run --iree-hal-inline-memoize-regions)");
        memoized = true;
      }
    });
    if (memoized)
      return signalPassFailure();

    SmallVector<hal::CommandBufferCreateOp> creates;
    module.walk([&](hal::CommandBufferCreateOp op) { creates.push_back(op); });

    DominanceInfo dominance(module);
    SymbolTableCollection symbolTables;
    SymbolTable &symbols = symbolTables.getSymbolTable(module);
    llvm::DenseMap<Operation *, unsigned> recordingCounts;
    bool failed = false;
    for (hal::CommandBufferCreateOp create : creates) {
      Operation *top = create;
      while (top->getParentOp() != module)
        top = top->getParentOp();
      unsigned n = recordingCounts[top]++;
      std::string name = hostFunctionName(create) + "$cmd" + std::to_string(n);
      RecordingOutliner outliner(create, dominance, symbolTables);
      if (mlir::failed(outliner.analyze()) ||
          mlir::failed(outliner.outline(name, symbols, top)))
        failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
