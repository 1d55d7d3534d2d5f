//===- SplitParameterEncoder.cpp - --iree-stream-split-parameter-encoder --===//
//
// stream-passes-2.md §14: finds the constant expressions initializers store
// into constant resources (§14.1), plans new parameters for their results
// (§14.2), builds the encoder module (§14.3, SplitParameterEncoderModule.cpp),
// rewrites the stores to load the new parameters and prunes what became dead
// (§14.4), then CSEs, verifies and emits the encoder module (§14.6).
//
// [SCALE] Slicing keeps, per op, the memoized const-expr flag and whether
// the op is known to reach a non-const-expr op, so a store whose slice meets
// an op already rejected for another store is rejected at once and no op's
// filter is evaluated twice; slices are built iteratively (deep DAGs do not
// recurse).
//
//===----------------------------------------------------------------------===//

#include "SplitParameterEncoder.h"

#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

namespace sluice::stream {

#define GEN_PASS_DEF_SPLITPARAMETERENCODERPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream::parameter_encoder {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool Expression::hasParameterInput() const {
  return llvm::any_of(inputs, [](AsyncConstantOp op) {
    return llvm::isa<NamedParameterAttr>(op.getValue());
  });
}

bool Expression::hasConstantInput() const {
  return llvm::any_of(inputs, [](AsyncConstantOp op) {
    return !llvm::isa<NamedParameterAttr>(op.getValue());
  });
}

uint64_t Expression::getInputSize() const {
  uint64_t size = 0;
  for (AsyncConstantOp input : inputs) {
    APInt value;
    if (matchPattern(input.getResultSize(), m_ConstantInt(&value)))
      size += value.getZExtValue();
  }
  return size;
}

uint64_t Expression::getOutputSize() const {
  uint64_t size = 0;
  for (const Output &output : outputs)
    size += output.size;
  return size;
}

Location Expression::getLoc(MLIRContext *context) const {
  SmallVector<Location> locs;
  for (Operation *op : ops)
    locs.push_back(op->getLoc());
  for (const Output &output : outputs)
    locs.push_back(output.store->getLoc());
  return FusedLoc::get(context, locs);
}

namespace {

//===----------------------------------------------------------------------===//
// Finding expressions (§14.1)
//===----------------------------------------------------------------------===//

/// §14.1 step 2.
bool computeConstExpr(Operation *op) {
  if (llvm::isa<util::OptimizationBarrierOp>(op) || op->getNumResults() == 0)
    return false;
  if (auto hoistable = llvm::dyn_cast<util::HoistableOpInterface>(op))
    return hoistable.isHoistableOp();
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto hoistable = llvm::dyn_cast<util::HoistableOpInterface>(parent))
      if (hoistable.isAtomicallyHoistableOp())
        return false;
  auto effectOp = llvm::dyn_cast<MemoryEffectOpInterface>(op);
  if (!effectOp)
    return true;
  SmallVector<MemoryEffects::EffectInstance> effects;
  effectOp.getEffects(effects);
  return llvm::all_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    if (llvm::isa<MemoryEffects::Allocate, MemoryEffects::Free>(e.getEffect()))
      return true;
    Value value = e.getValue();
    return llvm::isa<MemoryEffects::Read, MemoryEffects::Write>(
               e.getEffect()) &&
           value && value.getDefiningOp() == op;
  });
}

/// Builds backward slices with memoized const-expr flags and rejections.
class Slicer {
public:
  bool isConstExpr(Operation *op) {
    auto [it, inserted] = constExpr.try_emplace(op, false);
    if (inserted)
      it->second = computeConstExpr(op);
    return it->second;
  }

  /// Appends the backward slice of `root` (depth-first post-order: producers
  /// before users) to `slice`. False when the slice reaches an op that is not
  /// const-expr; every op that depends on it is remembered as rejected.
  bool append(Value root, llvm::SetVector<Operation *> &slice) {
    Operation *start = root.getDefiningOp();
    if (!start || !visitable(start, slice))
      return true;
    if (!admit(start))
      return false;
    struct Frame {
      Operation *op;
      unsigned next;
    };
    SmallVector<Frame> stack{{start, 0}};
    llvm::SmallPtrSet<Operation *, 16> onStack{start};
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.next == frame.op->getNumOperands()) {
        slice.insert(frame.op);
        onStack.erase(frame.op);
        stack.pop_back();
        continue;
      }
      Operation *producer = frame.op->getOperand(frame.next++).getDefiningOp();
      if (!producer || onStack.contains(producer) ||
          !visitable(producer, slice))
        continue;
      if (!admit(producer)) {
        for (Frame &pending : stack)
          rejected.insert(pending.op);
        return false;
      }
      stack.push_back({producer, 0});
      onStack.insert(producer);
    }
    return true;
  }

private:
  /// Isolated-from-above ops are ignored (neither added nor traversed).
  static bool visitable(Operation *op,
                        const llvm::SetVector<Operation *> &slice) {
    return !slice.contains(op) &&
           !op->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>();
  }
  bool admit(Operation *op) {
    if (rejected.contains(op))
      return false;
    if (isConstExpr(op))
      return true;
    rejected.insert(op);
    return false;
  }

  llvm::DenseMap<Operation *, bool> constExpr;
  llvm::DenseSet<Operation *> rejected;
};

/// Values used inside the regions of `op` but defined outside each region,
/// in region walk order.
void appendCapturedValues(Operation *op, llvm::SetVector<Value> &roots) {
  for (Region &region : op->getRegions())
    region.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!region.isAncestor(operand.getParentRegion()))
          roots.insert(operand);
    });
}

std::optional<uint64_t> getConstantSize(Value size) {
  APInt value;
  if (size && matchPattern(size, m_ConstantInt(&value)))
    return value.getZExtValue();
  return std::nullopt;
}

/// §14.1 step 6 "Size", SP5 included.
std::optional<uint64_t> findOutputSize(Value stored, Operation *store) {
  using SizeAware = util::SizeAwareTypeInterface;
  if (Value size = SizeAware::findSizeValue(stored, store->getBlock(),
                                            Block::iterator(store)))
    return getConstantSize(size);
  auto result = llvm::dyn_cast<OpResult>(stored);
  if (!result)
    return std::nullopt;
  unsigned index = result.getResultNumber();
  if (auto forOp = llvm::dyn_cast<scf::ForOp>(result.getOwner()))
    return getConstantSize(SizeAware::findSizeValue(
        forOp.getInitArgs()[index], forOp->getBlock(), Block::iterator(forOp)));
  if (auto ifOp = llvm::dyn_cast<scf::IfOp>(result.getOwner())) {
    if (ifOp.getElseRegion().empty())
      return std::nullopt;
    auto sizeAt = [&](scf::YieldOp yield) {
      return getConstantSize(SizeAware::findSizeValue(
          yield.getOperand(index), yield->getBlock(), Block::iterator(yield)));
    };
    std::optional<uint64_t> thenSize = sizeAt(ifOp.thenYield());
    std::optional<uint64_t> elseSize = sizeAt(ifOp.elseYield());
    if (thenSize && elseSize && *thenSize == *elseSize)
      return thenSize;
  }
  return std::nullopt;
}

struct GatherOptions {
  ParameterEncoderMode mode;
  bool hoistParameterExpressions;
  bool hoistConstantExpressions;
  float maxEncodingGrowthFactor;
};

class Gatherer {
public:
  explicit Gatherer(const GatherOptions &options) : options(options) {}

  std::vector<Expression> gather(ModuleOp module) {
    std::vector<Expression> expressions;
    for (Operation &op : module.getBody()->getOperations()) {
      auto initializer = llvm::dyn_cast<util::InitializerOpInterface>(op);
      if (!initializer)
        continue;
      Region &region = initializer.getInitializerRegion();
      if (!region.hasOneBlock())
        continue;
      Block &block = region.front();
      positions.clear();
      for (Operation &child : block)
        if (auto store = llvm::dyn_cast<util::GlobalStoreOpInterface>(child))
          if (std::optional<Expression> expression = gatherStore(store))
            expressions.push_back(std::move(*expression));
    }
    return applyPolicy(std::move(expressions));
  }

private:
  std::optional<Expression> gatherStore(util::GlobalStoreOpInterface store) {
    Value stored = store.getStoredGlobalValue();
    auto type = llvm::dyn_cast<ResourceType>(stored.getType());
    if (!type || type.getLifetime() != Lifetime::Constant)
      return std::nullopt;

    // Step 3: the slice of the stored value, then of every value captured
    // by the regions of its ops.
    llvm::SetVector<Operation *> slice;
    if (!slicer.append(stored, slice))
      return std::nullopt;
    llvm::SetVector<Value> roots;
    roots.insert(stored);
    for (Operation *op : slice)
      appendCapturedValues(op, roots);
    if (roots.size() > 1) {
      slice.clear();
      for (Value root : roots)
        if (!slicer.append(root, slice))
          return std::nullopt;
    }

    Expression expression;
    expression.ops.assign(slice.begin(), slice.end());
    if (roots.size() > 1)
      sortInBlockOrder(expression.ops);

    // Step 4: affinity and inputs.
    Operation *producer = stored.getDefiningOp();
    if (auto affinityOp =
            llvm::dyn_cast_if_present<AffinityOpInterface>(producer))
      expression.affinity = affinityOp.getResultAffinityAttr();
    else if (producer)
      expression.affinity = AffinityAttr::lookupOrDefault(producer);
    for (Operation *op : expression.ops)
      if (auto constant = llvm::dyn_cast<AsyncConstantOp>(op))
        expression.inputs.push_back(constant);

    // Step 5: pass-through stores.
    Value source = stored;
    while (auto transfer = source.getDefiningOp<AsyncTransferOp>())
      source = transfer.getSource();
    if (source.getDefiningOp<AsyncConstantOp>() &&
        options.mode == ParameterEncoderMode::Overlay)
      return std::nullopt;

    // Step 6: the output.
    Output output;
    output.store = store;
    output.produced = producedValue(stored);
    if (auto streamable = llvm::dyn_cast_if_present<StreamableOpInterface>(
            output.produced.getDefiningOp()))
      if (streamable.preferCloneToConsumers())
        return std::nullopt;
    std::optional<uint64_t> size = findOutputSize(stored, store);
    if (!size)
      return std::nullopt;
    output.size = *size;
    if (auto splat = source.getDefiningOp<AsyncSplatOp>()) {
      Attribute pattern;
      if (matchPattern(splat.getValue(), m_Constant(&pattern)))
        output.splatPattern = llvm::dyn_cast<TypedAttr>(pattern);
    }
    expression.outputs.push_back(output);
    return expression;
  }

  /// Follows transfers to a concrete lifetime and clones back to the value
  /// that is computed.
  static Value producedValue(Value value) {
    while (true) {
      if (auto transfer = value.getDefiningOp<AsyncTransferOp>()) {
        auto type = llvm::cast<ResourceType>(transfer.getResult().getType());
        if (type.getLifetime() == Lifetime::Unknown)
          return value;
        value = transfer.getSource();
      } else if (auto clone = value.getDefiningOp<AsyncCloneOp>()) {
        value = clone.getSource();
      } else {
        return value;
      }
    }
  }

  /// All slice ops are direct children of one initializer block.
  void sortInBlockOrder(SmallVectorImpl<Operation *> &ops) {
    Block *block = ops.front()->getBlock();
    if (positions.empty()) {
      unsigned index = 0;
      for (Operation &op : *block)
        positions[&op] = index++;
    }
    llvm::sort(ops, [&](Operation *a, Operation *b) {
      return positions.lookup(a) < positions.lookup(b);
    });
  }

  /// §14.1 step 7.
  std::vector<Expression> applyPolicy(std::vector<Expression> expressions) {
    std::vector<Expression> kept;
    for (Expression &expression : expressions) {
      bool parameters = expression.hasParameterInput();
      bool constants = expression.hasConstantInput();
      if (parameters && !options.hoistParameterExpressions)
        continue;
      if (!parameters && constants && !options.hoistConstantExpressions)
        continue;
      if (expression.inputs.empty())
        continue;
      uint64_t inputSize = expression.getInputSize();
      if (inputSize > 0 && static_cast<float>(expression.getOutputSize()) /
                                   static_cast<float>(inputSize) >
                               options.maxEncodingGrowthFactor)
        continue;
      kept.push_back(std::move(expression));
    }
    return kept;
  }

  GatherOptions options;
  Slicer slicer;
  llvm::DenseMap<Operation *, unsigned> positions;
};

//===----------------------------------------------------------------------===//
// The parameter plan (§14.2)
//===----------------------------------------------------------------------===//

struct PlannedParameter {
  IndexEntry::Kind kind;
  std::string key;
  AffinityAttr affinity;
  uint64_t cursor = 0;
  uint64_t maxAllocationSize = 0;
  uint64_t offsetAlignment = 1;
  uint64_t rangeAlignment = 1;
  // SPLAT only.
  uint64_t length = 0, pattern = 0, patternLength = 0;

  /// Reserves `size` bytes; the offset, or nullopt when the parameter would
  /// exceed its maximum allocation size.
  std::optional<uint64_t> reserve(uint64_t size) {
    uint64_t offset = llvm::alignTo(cursor, offsetAlignment);
    uint64_t length = llvm::alignTo(size, rangeAlignment);
    uint64_t newCursor = std::max(cursor, offset + length);
    if (newCursor > maxAllocationSize)
      return std::nullopt;
    cursor = newCursor;
    return offset;
  }
};

/// A splat pattern that can be a SPLAT entry: its bits and byte width.
std::optional<std::pair<uint64_t, uint64_t>> getSplatBits(TypedAttr pattern) {
  if (!pattern)
    return std::nullopt;
  APInt bits;
  if (auto intAttr = llvm::dyn_cast<IntegerAttr>(pattern))
    bits = intAttr.getValue();
  else if (auto floatAttr = llvm::dyn_cast<FloatAttr>(pattern))
    bits = floatAttr.getValue().bitcastToAPInt();
  else
    return std::nullopt;
  unsigned width = bits.getBitWidth();
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return std::nullopt;
  return std::make_pair(bits.zext(64).getZExtValue(),
                        static_cast<uint64_t>(width / 8));
}

LogicalResult planParameters(MLIRContext *context,
                             MutableArrayRef<Expression> expressions,
                             TargetPlan &plan) {
  SmallVector<PlannedParameter> parameters;
  // Per output: (parameter index) to fill in the storage size at the end.
  SmallVector<std::pair<Subrange *, unsigned>> placed;
  unsigned counter = 0;
  auto newParameter = [&](IndexEntry::Kind kind) -> PlannedParameter & {
    PlannedParameter &parameter = parameters.emplace_back();
    parameter.kind = kind;
    parameter.key = "parameter" + std::to_string(counter++);
    return parameter;
  };

  for (Expression &expression : expressions) {
    expression.subranges.assign(expression.outputs.size(), std::nullopt);
    for (auto [i, output] : llvm::enumerate(expression.outputs)) {
      std::optional<Subrange> &subrange = expression.subranges[i];
      if (auto splat = getSplatBits(output.splatPattern);
          splat && output.size > 1024) {
        PlannedParameter &parameter = newParameter(IndexEntry::Kind::Splat);
        parameter.length = output.size;
        parameter.pattern = splat->first;
        parameter.patternLength = splat->second;
        subrange = Subrange{parameter.key, 0, output.size, 0};
        placed.emplace_back(&*subrange, parameters.size() - 1);
        continue;
      }
      // First fit among the DATA parameters of the same affinity.
      for (auto [index, parameter] : llvm::enumerate(parameters)) {
        if (parameter.kind != IndexEntry::Kind::Data ||
            parameter.affinity != expression.affinity)
          continue;
        if (std::optional<uint64_t> offset = parameter.reserve(output.size)) {
          subrange = Subrange{parameter.key, *offset, output.size, 0};
          placed.emplace_back(&*subrange, index);
          break;
        }
      }
      if (subrange)
        continue;
      Operation *anchor = expression.outputs.front().store;
      if (Operation *producer = llvm::cast<util::GlobalStoreOpInterface>(anchor)
                                    .getStoredGlobalValue()
                                    .getDefiningOp())
        anchor = producer;
      ResourceConfigAttr config = ResourceConfigAttr::lookup(anchor);
      PlannedParameter &parameter = newParameter(IndexEntry::Kind::Data);
      parameter.affinity = expression.affinity;
      parameter.maxAllocationSize =
          static_cast<uint64_t>(config.getMaxAllocationSize());
      // A configured alignment of 0 means "unaligned" (alignTo needs >= 1).
      parameter.offsetAlignment = std::max<uint64_t>(
          1, static_cast<uint64_t>(config.getMinBufferOffsetAlignment()));
      parameter.rangeAlignment = std::max<uint64_t>(
          1, static_cast<uint64_t>(config.getMinBufferRangeAlignment()));
      std::optional<uint64_t> offset = parameter.reserve(output.size);
      if (!offset) {
        emitError(output.store->getLoc())
            << "failed to reserve parameter space for output\n";
        emitError(expression.getLoc(context))
            << "failed to add expression to parameter index";
        return failure();
      }
      subrange = Subrange{parameter.key, *offset, output.size, 0};
      placed.emplace_back(&*subrange, parameters.size() - 1);
    }
  }

  // Finalization.
  for (const PlannedParameter &parameter : parameters) {
    IndexEntry entry;
    entry.kind = parameter.kind;
    entry.key = parameter.key;
    if (parameter.kind == IndexEntry::Kind::Splat) {
      entry.length = parameter.length;
      entry.pattern = parameter.pattern;
      entry.patternLength = parameter.patternLength;
    } else {
      entry.length = llvm::alignTo(parameter.cursor, parameter.rangeAlignment);
      entry.minimumAlignment = parameter.offsetAlignment;
    }
    plan.entries.push_back(entry);
  }
  for (auto [subrange, index] : placed)
    subrange->parameterLength = plan.entries[index].length;

  uint64_t globalOffset = 0;
  for (auto [i, expression] : llvm::enumerate(expressions)) {
    Step step;
    step.description = "step" + std::to_string(i);
    step.globalOffset = globalOffset;
    step.globalLength = expression.getOutputSize();
    globalOffset += step.globalLength;
    plan.steps.push_back(step);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Rewriting the main module (§14.4)
//===----------------------------------------------------------------------===//

/// Index constants of one function, inserted before its original first op.
class FunctionConstants {
public:
  explicit FunctionConstants(Operation *function)
      : builder(function->getContext()) {
    Block &entry = function->getRegion(0).front();
    if (entry.empty())
      builder.setInsertionPointToEnd(&entry);
    else
      builder.setInsertionPoint(&entry.front());
  }
  Value index(Location loc, int64_t value) {
    Value &slot = constants[value];
    if (!slot)
      slot = arith::ConstantIndexOp::create(builder, loc, value);
    return slot;
  }

private:
  OpBuilder builder;
  llvm::DenseMap<int64_t, Value> constants;
};

class MainModuleRewriter {
public:
  MainModuleRewriter(MLIRContext *context, StringRef scope)
      : context(context), scope(scope) {}

  void rewrite(ArrayRef<Expression> expressions) {
    for (const Expression &expression : expressions)
      rewriteExpression(expression);
    prune();
  }

private:
  Value externalAwait(const Expression &expression, OpBuilder &builder) {
    llvm::SmallPtrSet<Operation *, 16> members(expression.ops.begin(),
                                               expression.ops.end());
    // A contributor has a non-timepoint result used directly by a member.
    // Found from the members' operands: a shared producer can have many
    // users outside this expression.
    llvm::SmallPtrSet<Operation *, 16> contributors;
    for (Operation *op : expression.ops)
      for (Value operand : op->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          if (producer != op && !llvm::isa<TimepointType>(operand.getType()) &&
              members.contains(producer))
            contributors.insert(producer);
    auto isContributor = [&](Value value) {
      Operation *producer = value.getDefiningOp();
      return producer && contributors.contains(producer);
    };

    // [SLUICE] SP2: collected in slice order (the reference iterates the
    // contributors in pointer-hash order).
    llvm::SetVector<Value> collected;
    for (Operation *op : expression.ops) {
      if (!contributors.contains(op))
        continue;
      if (auto timeline = llvm::dyn_cast<TimelineOpInterface>(op))
        for (Value timepoint : timeline.getAwaitTimepoints())
          if (!isContributor(timepoint))
            collected.insert(timepoint);
    }
    Location loc = expression.getLoc(context);
    for (Operation *op : expression.ops) {
      for (Value operand : op->getOperands()) {
        if (!llvm::isa<ResourceType>(operand.getType()) ||
            isContributor(operand))
          continue;
        Operation *producer = operand.getDefiningOp();
        if (auto timeline =
                llvm::dyn_cast_if_present<TimelineOpInterface>(producer))
          if (Value timepoint = timeline.getResultTimepoint()) {
            collected.insert(timepoint);
            continue;
          }
        Value size =
            util::SizeAwareTypeInterface::queryValueSize(loc, operand, builder);
        auto barrier = TimepointBarrierOp::create(
            builder, loc, operand.getType(), TimepointType::get(context),
            operand, size,
            producer ? AffinityAttr::lookup(producer) : AffinityAttr());
        collected.insert(barrier.getResultTimepoint());
      }
    }
    return joinTimepoints(loc, collected.getArrayRef(), builder);
  }

  FunctionConstants &constantsFor(Operation *op) {
    Operation *function = op->getParentOp();
    while (function && !llvm::isa<FunctionOpInterface>(function) &&
           !llvm::isa<util::InitializerOpInterface>(function))
      function = function->getParentOp();
    auto it = functionConstants.find(function);
    if (it == functionConstants.end())
      it = functionConstants.try_emplace(function, function).first;
    return it->second;
  }

  void rewriteExpression(const Expression &expression) {
    OpBuilder builder(expression.outputs.front().store);
    Value await = externalAwait(expression, builder);
    for (auto [output, subrange] :
         llvm::zip_equal(expression.outputs, expression.subranges)) {
      if (!subrange)
        continue;
      auto store = llvm::cast<util::GlobalStoreOpInterface>(output.store);
      Value old = store.getStoredGlobalValue();
      Type type = old.getType();
      Location loc = output.store->getLoc();
      FunctionConstants &constants = constantsFor(output.store);
      auto asIndex = [](uint64_t v) { return static_cast<int64_t>(v); };
      Value length = constants.index(loc, asIndex(subrange->parameterLength));
      builder.setInsertionPoint(output.store);
      Value value =
          AsyncConstantOp::create(builder, loc, type, await,
                                  getParameterAttr(context, scope, *subrange),
                                  length, expression.affinity);
      if (subrange->offset != 0 ||
          subrange->length != subrange->parameterLength) {
        Value offset = constants.index(loc, asIndex(subrange->offset));
        Value resultSize = constants.index(loc, asIndex(subrange->length));
        value = ResourceSubviewOp::create(builder, loc, type, value, length,
                                          offset, resultSize);
      }
      store.setStoredGlobalValue(value);
      if (Operation *producer = old.getDefiningOp())
        if (producer->use_empty())
          worklist.push_back(producer);
    }
  }

  /// Erases what became dead, following direct operands only (SP6).
  void prune() {
    llvm::DenseSet<Operation *> processed;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (!processed.insert(op).second)
        continue;
      bool erase = isOpTriviallyDead(op);
      if (!erase && op->use_empty()) {
        if (auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op))
          erase = !effects.hasEffect<MemoryEffects::Write>();
        else if (auto hoistable =
                     llvm::dyn_cast<util::HoistableOpInterface>(op))
          erase = hoistable.isHoistableOp();
      }
      if (!erase)
        continue;
      SmallVector<Operation *> producers;
      for (Value operand : op->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          producers.push_back(producer);
      op->erase();
      for (Operation *producer : producers)
        if (producer->use_empty() && !processed.contains(producer))
          worklist.push_back(producer);
    }
  }

  MLIRContext *context;
  std::string scope;
  llvm::DenseMap<Operation *, FunctionConstants> functionConstants;
  SmallVector<Operation *> worklist;
};

//===----------------------------------------------------------------------===//
// Output (§14.6)
//===----------------------------------------------------------------------===//

LogicalResult writeEncoderModule(ModuleOp encoder, StringRef path) {
  Location loc = encoder.getLoc();
  StringRef parent = llvm::sys::path::parent_path(path);
  if (!parent.empty())
    (void)llvm::sys::fs::create_directories(parent);
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return emitError(loc) << "while dumping to '" << path << "': " << error
                          << "\n";
  if (path.ends_with(".mlirbc")) {
    if (failed(writeBytecodeToFile(encoder, file->os())))
      return emitError(loc)
             << "failed to serialize module to '" << path << "'\n";
  } else {
    encoder.print(file->os());
    file->os() << "\n";
  }
  file->keep();
  return success();
}

} // namespace
} // namespace sluice::stream::parameter_encoder

namespace sluice::stream {
namespace {

struct SplitParameterEncoderPass
    : impl::SplitParameterEncoderPassBase<SplitParameterEncoderPass> {
  using SplitParameterEncoderPassBase::SplitParameterEncoderPassBase;

  void runOnOperation() override {
    using namespace parameter_encoder;
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    Gatherer gatherer(GatherOptions{mode, hoistParameterExpressions,
                                    hoistConstantExpressions,
                                    maxEncodingGrowthFactor});
    std::vector<Expression> expressions = gatherer.gather(module);
    if (expressions.empty()) {
      if (!outputFile.empty())
        (void)llvm::sys::fs::remove(outputFile);
      return;
    }

    TargetPlan plan;
    // SP1: the option's value applies only when it was set explicitly.
    plan.scope = outputScope.hasValue() ? outputScope.getValue() : "";
    if (failed(planParameters(context, expressions, plan)))
      return signalPassFailure();

    OwningOpRef<ModuleOp> encoder =
        buildEncoderModule(module, plan, expressions);
    if (!encoder)
      return signalPassFailure();

    MainModuleRewriter(context, plan.scope).rewrite(expressions);

    IRRewriter rewriter(context);
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, encoder.get());
    if (failed(verify(encoder.get()))) {
      emitError(encoder->getLoc())
          << "failed to verify produced encoder module";
      return signalPassFailure();
    }
    if (outputFile.empty()) {
      encoder->print(llvm::outs());
      llvm::outs() << "\n";
    } else if (failed(writeEncoderModule(*encoder, outputFile))) {
      return signalPassFailure();
    }
  }
};

} // namespace
} // namespace sluice::stream
