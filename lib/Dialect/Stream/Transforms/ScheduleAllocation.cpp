//===- ScheduleAllocation.cpp - --iree-stream-schedule-allocation ---------===//
//
// Allocates storage for `stream.async.execute` regions and converts them and
// the host-side async ops into the command phase (stream-passes-2.md §7).
// The per-op command conversion is in ScheduleAllocationCommands.cpp.
//
//===----------------------------------------------------------------------===//

#include "ScheduleAllocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SCHEDULEALLOCATIONPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// AllocationScope
//===----------------------------------------------------------------------===//

Value AllocationScope::getZero() {
  if (!zero) {
    OpBuilder builder(rootOp);
    zero = builder.createOrFold<arith::ConstantIndexOp>(rootOp->getLoc(), 0);
  }
  return zero;
}

Value AllocationScope::add(Location loc, Value x, Value y) {
  if (matchPattern(x, m_Zero()))
    return y;
  if (matchPattern(y, m_Zero()))
    return x;
  OpBuilder builder(rootOp);
  return builder.createOrFold<arith::AddIOp>(loc, x, y);
}

SmallVector<Value> AllocationScope::getAliases(Value value) const {
  if (!aliases.contains(value))
    return {value};
  return llvm::to_vector(aliases.members(value));
}

std::optional<ResourceRange> AllocationScope::lookupRange(Value value) {
  auto it = ranges.find(value);
  if (it != ranges.end())
    return it->second;
  auto viewIt = views.find(value);
  if (viewIt == views.end())
    return std::nullopt;
  auto subviewOp = cast<ResourceSubviewOp>(viewIt->second);
  views.erase(viewIt);
  // The reference maps a viewed member to the subview's own source, which is
  // right when the source is a capture (mapped to itself). A source living in
  // other storage (a nested subview, a local transient) is resolved through
  // its range instead.
  Value source = subviewOp.getSource();
  ResourceRange range = {source, subviewOp.getSourceSize(),
                         subviewOp.getSourceOffset(),
                         subviewOp.getResultSize()};
  std::optional<ResourceRange> sourceRange = lookupRange(source);
  if (sourceRange && sourceRange->resource && sourceRange->resource != source)
    range = {sourceRange->resource, sourceRange->resourceSize,
             add(subviewOp.getLoc(), sourceRange->offset,
                 subviewOp.getSourceOffset()),
             subviewOp.getResultSize()};
  ranges[value] = range;
  return range;
}

void AllocationScope::mapRange(Value value, ResourceRange range) {
  if (isMapped(value))
    return;
  if (!range.offset && !range.length) {
    range.offset = getZero();
    range.length = range.resourceSize;
  }
  ranges[value] = range;
  for (Value member : getAliases(value))
    if (member != value)
      mapMember(member, range);
}

void AllocationScope::mapMember(Value member, const ResourceRange &classRange) {
  if (isMapped(member))
    return;
  if (ResourceSubviewOp subviewOp = ResourceSubviewOp::findSubviewOp(member))
    views[member] = subviewOp;
  else
    ranges[member] = classRange;
}

//===----------------------------------------------------------------------===//
// Affinities (§7.5)
//===----------------------------------------------------------------------===//

/// Where `value` was placed by the ops producing it inside the region.
static AffinityAttr getLocalValueAffinity(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (auto transferOp = dyn_cast<AsyncTransferOp>(op))
      return transferOp.getTargetAffinityAttr();
    auto tiedOp = dyn_cast<util::TiedOpInterface>(op);
    Value tied = tiedOp ? tiedOp.getTiedResultOperand(result) : Value();
    if (isa<RegionBranchOpInterface>(op)) {
      if (tied) {
        value = tied;
        continue;
      }
      Region &region = op->getRegion(0);
      if (region.empty() || region.front().empty())
        return {};
      Operation *terminator = &region.front().back();
      if (result.getResultNumber() >= terminator->getNumOperands())
        return {};
      value = terminator->getOperand(result.getResultNumber());
      continue;
    }
    if (!tied)
      return {};
    value = tied;
  }
  return {};
}

/// The affinity to allocate execute result `result` (yielded as `inner`) on.
static AffinityAttr getAllocationAffinity(Value result, Value inner,
                                          AffinityAttr executeAffinity,
                                          AffinityAnalysis &analysis) {
  SmallVector<AffinityAttr> affinities;
  if (!analysis.tryLookupPinnedAffinities(result, affinities)) {
    affinities.clear();
    analysis.tryLookupResourceUsageAffinity(result, affinities);
  }
  if (AffinityAttr local = getLocalValueAffinity(inner))
    affinities.push_back(local);
  else
    affinities.push_back(executeAffinity);
  return AffinityAttr::joinOR(affinities);
}

//===----------------------------------------------------------------------===//
// Constants (§7.4)
//===----------------------------------------------------------------------===//

/// The execute result `value` escapes through: uses are followed through tied
/// results and, if `throughNestedYields`, out of nested regions.
static Value findEscapingResult(AsyncExecuteOp executeOp, Value value,
                                bool throughNestedYields) {
  SmallVector<Value> worklist = {value};
  DenseSet<Value> visited = {value};
  for (size_t i = 0; i < worklist.size(); ++i) {
    for (OpOperand &use : worklist[i].getUses()) {
      Operation *owner = use.getOwner();
      unsigned k = use.getOperandNumber();
      if (isa<YieldOp>(owner)) {
        Operation *parent = owner->getParentOp();
        if (parent == executeOp.getOperation())
          return k < executeOp.getResults().size() ? executeOp.getResults()[k]
                                                   : Value();
        if (throughNestedYields && k < parent->getNumResults() &&
            visited.insert(parent->getResult(k)).second)
          worklist.push_back(parent->getResult(k));
        continue;
      }
      if (auto tiedOp = dyn_cast<util::TiedOpInterface>(owner))
        for (Value tied : tiedOp.getOperandTiedResults(k))
          if (visited.insert(tied).second)
            worklist.push_back(tied);
    }
  }
  return {};
}

/// The allocation affinity of every execute result and escaping constant
/// (keyed by the result / the constant's value), decided on the IR before any
/// region is converted, as the reference's whole-program analysis is.
using AffinityPlan = DenseMap<Value, AffinityAttr>;

static void planAffinities(AsyncExecuteOp executeOp, AffinityAnalysis &analysis,
                           AffinityPlan &plan) {
  Block &body = executeOp.getBody().front();
  if (body.empty() || !isa<YieldOp>(body.back()))
    return;
  auto yieldOp = cast<YieldOp>(body.back());
  AffinityAttr executeAffinity = executeOp.getAffinityAttr();
  for (auto constantOp : body.getOps<AsyncConstantOp>()) {
    Lifetime lifetime = cast<ResourceType>(constantOp.getType()).getLifetime();
    if (lifetime != Lifetime::Constant && lifetime != Lifetime::Variable)
      continue;
    if (Value escape = findEscapingResult(executeOp, constantOp.getResult(),
                                          /*throughNestedYields=*/true))
      plan[constantOp.getResult()] = getAllocationAffinity(
          escape, constantOp.getResult(), executeAffinity, analysis);
  }
  for (auto [result, inner] :
       llvm::zip(executeOp.getResults(), yieldOp.getResourceOperands()))
    plan[result] =
        getAllocationAffinity(result, inner, executeAffinity, analysis);
}

namespace {

/// One `stream.resource.constants` created for a batch of region constants.
struct ConstantBatch {
  ResourceConstantsOp constantsOp;
  SmallVector<AsyncConstantOp> constants;
  /// Entry arguments of captured constants (null when only yielded).
  SmallVector<BlockArgument> captures;
};

/// Everything schedule-allocation builds for one execute op.
class ExecutionAllocator {
public:
  ExecutionAllocator(AsyncExecuteOp executeOp, const AffinityPlan &plan)
      : executeOp(executeOp), plan(plan), scope(executeOp, aliases) {}

  LogicalResult run();

private:
  SmallVector<ConstantBatch> extractConstants();
  void extractConstantsWithLifetime(Lifetime lifetime,
                                    SmallVectorImpl<ConstantBatch> &batches);
  LogicalResult allocateResults();
  LogicalResult allocateLocalTransients();
  Block &getBody() { return executeOp.getBody().front(); }

  AsyncExecuteOp executeOp;
  const AffinityPlan &plan;
  ValueAliasSets aliases;
  AllocationScope scope;

  SmallVector<Value> newAwaits;
  SmallVector<Value> newOperands;
  SmallVector<Value> newOperandSizes;
  SmallVector<std::pair<Value, Value>> resultReplacements;
  SmallVector<std::pair<Value, Value>> pendingReleases;
  SmallVector<Value> joinAfter;
  DenseSet<Value> handledResults;
};

} // namespace

void ExecutionAllocator::extractConstantsWithLifetime(
    Lifetime lifetime, SmallVectorImpl<ConstantBatch> &batches) {
  AffinityAttr executeAffinity = executeOp.getAffinityAttr();
  llvm::MapVector<AffinityAttr, SmallVector<AsyncConstantOp>> escaping, local;
  for (auto constantOp : getBody().getOps<AsyncConstantOp>()) {
    if (cast<ResourceType>(constantOp.getType()).getLifetime() != lifetime)
      continue;
    Value escape = findEscapingResult(executeOp, constantOp.getResult(),
                                      /*throughNestedYields=*/true);
    AffinityAttr affinity;
    if (escape) {
      affinity = plan.lookup(constantOp.getResult());
    } else {
      affinity = getLocalValueAffinity(constantOp.getResult());
      if (!affinity)
        affinity = executeAffinity;
    }
    (escape ? escaping : local)[affinity].push_back(constantOp);
  }

  OpBuilder builder(executeOp);
  Type timepointType = builder.getType<TimepointType>();
  for (auto *buckets : {&escaping, &local}) {
    for (auto &[affinity, constantOps] : *buckets) {
      ConstantBatch batch;
      batch.constants = constantOps;
      SmallVector<Location> locs;
      SmallVector<Type> types;
      SmallVector<Value> sizes;
      SmallVector<Attribute> values;
      for (AsyncConstantOp constantOp : constantOps) {
        locs.push_back(constantOp.getLoc());
        types.push_back(constantOp.getType());
        sizes.push_back(constantOp.getResultSize());
        values.push_back(constantOp.getValue());
      }
      batch.constantsOp = ResourceConstantsOp::create(
          builder, builder.getFusedLoc(locs), types, timepointType, sizes,
          builder.getArrayAttr(values), affinity);
      for (AsyncConstantOp constantOp : constantOps) {
        bool captured = llvm::any_of(constantOp->getUsers(), [](Operation *u) {
          return !isa<YieldOp>(u);
        });
        batch.captures.push_back(
            captured ? getBody().addArgument(constantOp.getType(),
                                             constantOp.getLoc())
                     : BlockArgument());
      }
      batches.push_back(std::move(batch));
    }
  }
}

SmallVector<ConstantBatch> ExecutionAllocator::extractConstants() {
  SmallVector<ConstantBatch> batches;
  extractConstantsWithLifetime(Lifetime::Constant, batches);
  extractConstantsWithLifetime(Lifetime::Variable, batches);
  return batches;
}

//===----------------------------------------------------------------------===//
// Results (§7.2 steps 3-4)
//===----------------------------------------------------------------------===//

LogicalResult ExecutionAllocator::allocateResults() {
  struct Reservation {
    Location loc;
    Value result;
    Type type;
    Value size;
    Value inner;
  };
  OpBuilder builder(executeOp);
  Block &body = getBody();
  Operation *yieldOp = body.getTerminator();
  auto tiedOp = cast<util::TiedOpInterface>(executeOp.getOperation());
  unsigned operandBase = tiedOp.getTiedOperandsIndexAndLength().first;

  llvm::MapVector<AffinityAttr, SmallVector<Reservation>> reservations;
  for (auto [index, result, size] :
       llvm::enumerate(executeOp.getResults(), executeOp.getResultSizes())) {
    if (handledResults.contains(result)) {
      resultReplacements.push_back({result, Value()});
      continue;
    }
    Value inner = yieldOp->getOperand(index);
    if (std::optional<unsigned> operandIndex =
            tiedOp.getTiedResultOperandIndex(index)) {
      unsigned k = *operandIndex - operandBase;
      if (*operandIndex < operandBase ||
          k >= executeOp.getResourceOperands().size())
        return executeOp.emitError()
               << "execution region result " << index
               << " is tied to an operand that is not a capture";
      Value operand = executeOp.getResourceOperands()[k];
      // Subviews applied to the tied capture on the way to the yield, the
      // innermost first.
      SmallVector<util::SubrangeOpInterface> subranges;
      Value base = inner;
      while (auto definingOp = base.getDefiningOp<util::TiedOpInterface>()) {
        Value tied = definingOp.getTiedResultOperand(base);
        if (!tied)
          break;
        if (auto subrangeOp =
                dyn_cast<util::SubrangeOpInterface>(definingOp.getOperation()))
          if (subrangeOp.getSubrangeResource() == tied)
            subranges.push_back(subrangeOp);
        base = tied;
      }
      if (subranges.empty()) {
        scope.mapRange(inner, {inner, size, Value(), Value()});
        resultReplacements.push_back({result, operand});
        continue;
      }
      util::SubrangeOpInterface outermost = subranges.back();
      Value offset = outermost.getSubrangeOffset();
      for (util::SubrangeOpInterface subrangeOp :
           llvm::reverse(ArrayRef(subranges).drop_back()))
        offset = builder.createOrFold<arith::AddIOp>(
            subrangeOp.getLoc(), offset, subrangeOp.getSubrangeOffset());
      scope.mapRange(inner,
                     {outermost.getSubrangeResource(),
                      outermost.getSubrangeResourceSize(), offset, size});
      auto subviewOp = ResourceSubviewOp::create(
          builder, result.getLoc(), result.getType(), operand,
          outermost.getSubrangeResourceSize(), offset, size);
      resultReplacements.push_back({result, subviewOp.getResult()});
      continue;
    }
    Value base = util::TiedOpInterface::findTiedBaseValue(inner);
    if (auto arg = dyn_cast<BlockArgument>(base);
        arg && arg.getOwner() == &body) {
      resultReplacements.push_back({result, newOperands[arg.getArgNumber()]});
      continue;
    }
    AffinityAttr affinity = plan.lookup(result);
    reservations[affinity].push_back(
        {base.getLoc(), result, result.getType(), size, inner});
  }

  Type timepointType = builder.getType<TimepointType>();
  for (auto &[affinity, bucket] : reservations) {
    for (Lifetime lifetime :
         {Lifetime::Unknown, Lifetime::External, Lifetime::Staging,
          Lifetime::Transient, Lifetime::Variable, Lifetime::Constant}) {
      SmallVector<Reservation *> group;
      for (Reservation &reservation : bucket)
        if (cast<ResourceType>(reservation.type).getLifetime() == lifetime)
          group.push_back(&reservation);
      if (group.empty())
        continue;
      SmallVector<Location> locs;
      SmallVector<Value> sizes;
      for (Reservation *reservation : group) {
        locs.push_back(reservation->loc);
        sizes.push_back(reservation->size);
      }
      auto [allocaOp, suballocations] = ResourceAllocaOp::createSuballocations(
          timepointType, group.front()->type, locs, sizes,
          executeOp.getAwaitTimepoint(), affinity, builder);
      newAwaits.push_back(allocaOp.getResultTimepoint());
      for (auto [reservation, suballocation] :
           llvm::zip_equal(group, suballocations)) {
        newOperands.push_back(suballocation);
        newOperandSizes.push_back(reservation->size);
        resultReplacements.push_back({reservation->result, suballocation});
        BlockArgument arg =
            body.addArgument(reservation->type, reservation->loc);
        scope.mapRange(reservation->inner,
                       {arg, reservation->size, Value(), Value()});
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Local transients (§7.6)
//===----------------------------------------------------------------------===//

LogicalResult ExecutionAllocator::allocateLocalTransients() {
  Block &body = getBody();
  SmallVector<LivenessInterval> intervals =
      computeExecutionIntervals(body, aliases);
  DenseSet<Value> covered;
  SmallVector<Value> values;
  SmallVector<int64_t> lifetimes;
  SmallVector<Value> sizes;
  SmallVector<Location> locs;
  for (const LivenessInterval &interval : intervals) {
    Value value = interval.value;
    if (!isa<ResourceType>(value.getType()) || interval.isLiveIn() ||
        interval.isLiveOut() || scope.isMapped(value) ||
        covered.contains(value))
      continue;
    Value size = util::SizeAwareTypeInterface::findSizeValue(
        value, executeOp->getBlock(), Block::iterator(executeOp));
    if (!size) {
      Operation *definingOp = value.getDefiningOp();
      return (definingOp ? definingOp : executeOp.getOperation())->emitError()
             << "unable to find the size of a transient resource available "
                "before the execution region";
    }
    values.push_back(value);
    lifetimes.push_back(interval.start);
    lifetimes.push_back(interval.end);
    sizes.push_back(size);
    locs.push_back(value.getLoc());
    for (Value alias : scope.getAliases(value))
      covered.insert(alias);
  }
  if (values.empty())
    return success();

  OpBuilder builder(executeOp);
  AffinityAttr affinity = executeOp.getAffinityAttr();
  Location loc = builder.getFusedLoc(locs);
  Type indexType = builder.getIndexType();
  auto packOp = ResourcePackOp::create(
      builder, loc, indexType, SmallVector<Type>(sizes.size(), indexType),
      /*offset=*/Value(), sizes, builder.getIndexArrayAttr(lifetimes),
      affinity);
  auto transientType =
      ResourceType::get(builder.getContext(), Lifetime::Transient);
  auto allocaOp = ResourceAllocaOp::create(
      builder, loc, transientType, builder.getType<TimepointType>(),
      packOp.getTotalLength(), executeOp.getAwaitTimepoint(),
      /*indeterminate_lifetime=*/false, affinity);
  newAwaits.push_back(allocaOp.getResultTimepoint());
  newOperands.push_back(allocaOp.getResult());
  newOperandSizes.push_back(packOp.getTotalLength());
  pendingReleases.push_back({allocaOp.getResult(), packOp.getTotalLength()});
  BlockArgument arg = body.addArgument(transientType, loc);
  for (auto [value, offset, size] :
       llvm::zip_equal(values, packOp.getPackedOffsets(), sizes))
    scope.mapRange(value, {arg, packOp.getTotalLength(), offset, size});
  return success();
}

//===----------------------------------------------------------------------===//
// The execute region (§7.2)
//===----------------------------------------------------------------------===//

/// Whether `op` sits in the first block of an initializer (SA6).
static bool isInInitializerEntry(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || !isa<util::InitializerOpInterface>(parent))
    return false;
  Region *region = op->getParentRegion();
  return !region->empty() && op->getBlock() == &region->front();
}

LogicalResult ExecutionAllocator::run() {
  Block &body = getBody();
  if (body.empty() || !isa<YieldOp>(body.back()))
    return executeOp.emitError() << "execution region must end in stream.yield";
  auto yieldOp = cast<YieldOp>(body.getTerminator());
  if (yieldOp.getResourceOperands().size() != executeOp.getResults().size() ||
      body.getNumArguments() != executeOp.getResourceOperands().size())
    return executeOp.emitError()
           << "execution region captures or yields do not match the op";
  buildExecutionAliasSets(executeOp, aliases);

  if (Value await = executeOp.getAwaitTimepoint())
    newAwaits.push_back(await);
  llvm::append_range(newOperands, executeOp.getResourceOperands());
  llvm::append_range(newOperandSizes, executeOp.getResourceOperandSizes());
  unsigned originalCaptureCount = newOperands.size();

  // 1. Constants.
  for (ConstantBatch &batch : extractConstants()) {
    ResourceConstantsOp constantsOp = batch.constantsOp;
    bool anyCaptured = false;
    for (auto [i, capture] : llvm::enumerate(batch.captures)) {
      if (!capture)
        continue;
      newOperands.push_back(constantsOp.getResults()[i]);
      newOperandSizes.push_back(constantsOp.getResultSizes()[i]);
      anyCaptured = true;
    }
    if (anyCaptured) {
      newAwaits.push_back(constantsOp.getResultTimepoint());
      for (auto [constantOp, capture] :
           llvm::zip_equal(batch.constants, batch.captures))
        scope.mapRange(constantOp.getResult(),
                       {capture, constantOp.getResultSize(), Value(), Value()});
    } else {
      joinAfter.push_back(constantsOp.getResultTimepoint());
    }
    for (auto [i, constantOp] : llvm::enumerate(batch.constants)) {
      scope.getExtractedConstants().insert(constantOp);
      Value result = findEscapingResult(executeOp, constantOp.getResult(),
                                        /*throughNestedYields=*/false);
      if (!result)
        continue;
      result.replaceAllUsesWith(constantsOp.getResults()[i]);
      handledResults.insert(result);
    }
  }

  // 2. Captured operands.
  for (unsigned i = 0; i < originalCaptureCount; ++i)
    scope.mapRange(body.getArgument(i),
                   {body.getArgument(i), newOperandSizes[i], Value(), Value()});

  // 3-4. Results.
  if (failed(allocateResults()))
    return failure();

  // 5. Local transients.
  if (failed(allocateLocalTransients()))
    return failure();

  // 6. Await.
  OpBuilder builder(executeOp);
  Value await;
  if (newAwaits.size() == 1)
    await = newAwaits.front();
  else if (!newAwaits.empty())
    await = TimepointJoinOp::join(newAwaits, builder);

  // 7. Replace the op.
  auto newOp = CmdExecuteOp::create(builder, executeOp.getLoc(), newOperands,
                                    newOperandSizes, await);
  if (isInInitializerEntry(executeOp))
    newOp.setOnce(true);
  newOp.setAffinityAttr(executeOp.getAffinityAttr());
  newOp.getBody().takeBody(executeOp.getBody());
  executeOp.getResultTimepoint().replaceAllUsesWith(newOp.getResultTimepoint());
  for (auto [result, replacement] : resultReplacements)
    if (replacement)
      result.replaceAllUsesWith(replacement);
  for (Value result : executeOp.getResults())
    if (!result.use_empty())
      return executeOp.emitError()
             << "execution region result has no allocation";
  scope.setRootOp(newOp);
  executeOp.erase();
  Block &newBody = newOp.getBody().front();
  yieldOp = cast<YieldOp>(newBody.getTerminator());
  OpBuilder yieldBuilder(yieldOp);
  YieldOp::create(yieldBuilder, yieldOp.getLoc());
  yieldOp.erase();

  // 8. Nested waves.
  WalkResult walk = newOp.getBody().walk<WalkOrder::PreOrder>(
      [&](AsyncConcurrentOp concurrentOp) -> WalkResult {
        Block &waveBody = concurrentOp.getBody().front();
        for (auto [arg, operand] : llvm::zip(
                 waveBody.getArguments(), concurrentOp.getResourceOperands()))
          if (std::optional<ResourceRange> range = scope.lookupRange(operand))
            scope.mapRange(arg, *range);
        if (waveBody.empty() || !isa<YieldOp>(waveBody.back()))
          return WalkResult::advance();
        for (auto [result, yielded] : llvm::zip(concurrentOp.getResults(),
                                                waveBody.back().getOperands()))
          if (std::optional<ResourceRange> range = scope.lookupRange(result))
            scope.mapRange(yielded, *range);
        return WalkResult::advance();
      });
  (void)walk;

  // 9. Commands.
  if (failed(applyAsyncAllocations(newOp.getBody(), scope)))
    return newOp.emitError() << "failed to apply allocations/issue commands";

  // 10. Deallocation and joins.
  builder.setInsertionPointAfter(newOp);
  Value executeTimepoint = newOp.getResultTimepoint();
  SmallPtrSet<Operation *, 4> keepUses;
  for (auto [resource, size] : pendingReleases) {
    auto deallocaOp = ResourceDeallocaOp::create(
        builder, newOp.getLoc(), builder.getType<TimepointType>(), resource,
        size, executeTimepoint, /*prefer_origin=*/false,
        newOp.getAffinityAttr());
    keepUses.insert(deallocaOp);
    joinAfter.push_back(deallocaOp.getResultTimepoint());
  }
  if (!joinAfter.empty()) {
    joinAfter.push_back(executeTimepoint);
    Value joined = TimepointJoinOp::join(joinAfter, builder);
    if (Operation *joinOp = joined.getDefiningOp();
        joinOp && joinOp != newOp.getOperation()) {
      keepUses.insert(joinOp);
      executeTimepoint.replaceUsesWithIf(joined, [&](OpOperand &use) {
        return !keepUses.contains(use.getOwner());
      });
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Host-side ops (§7.1, §7.8) and functions (§7.9)
//===----------------------------------------------------------------------===//

static void convertAsyncLoad(AsyncLoadOp op) {
  OpBuilder builder(op);
  auto loadOp =
      ResourceLoadOp::create(builder, op.getLoc(), op.getType(), op.getSource(),
                             op.getSourceSize(), op.getSourceOffset());
  op.replaceAllUsesWith(loadOp.getResult());
  op.erase();
}

static void convertAsyncStore(AsyncStoreOp op) {
  OpBuilder builder(op);
  ResourceStoreOp::create(builder, op.getLoc(), op.getTarget(),
                          op.getTargetSize(), op.getTargetOffset(),
                          op.getValue());
  op.replaceAllUsesWith(op.getTarget());
  op.erase();
}

static void convertParameterLoad(AsyncParameterLoadOp op) {
  OpBuilder builder(op);
  auto loadOp = CmdParameterLoadOp::create(
      builder, op.getLoc(), TypeRange{op.getResult().getType()},
      op.getResultTimepoint().getType(), op.getSourceScope(),
      ValueRange{op.getSourceKey()}, ValueRange{op.getSourceOffset()},
      ValueRange{op.getResultSize()}, op.getAwaitTimepoint(),
      op.getAffinityAttr());
  op.getResult().replaceAllUsesWith(loadOp.getResults().front());
  op.getResultTimepoint().replaceAllUsesWith(loadOp.getResultTimepoint());
  op.erase();
}

static void convertParameterRead(AsyncParameterReadOp op) {
  OpBuilder builder(op);
  auto readOp = CmdParameterReadOp::create(
      builder, op.getLoc(), op.getResultTimepoint().getType(),
      op.getSourceScope(), op.getSourceKey(), op.getSourceOffset(),
      op.getTarget(), op.getTargetSize(), op.getTargetOffset(),
      op.getTargetLength(), op.getAwaitTimepoint(), op.getAffinityAttr());
  op.getResult().replaceAllUsesWith(op.getTarget());
  op.getResultTimepoint().replaceAllUsesWith(readOp.getResultTimepoint());
  op.erase();
}

static void convertParameterWrite(AsyncParameterWriteOp op) {
  OpBuilder builder(op);
  auto writeOp = CmdParameterWriteOp::create(
      builder, op.getLoc(), op.getResultTimepoint().getType(), op.getSource(),
      op.getSourceSize(), op.getSourceOffset(), op.getSourceLength(),
      op.getTargetScope(), op.getTargetKey(), op.getTargetOffset(),
      op.getAwaitTimepoint(), op.getAffinityAttr());
  op.getResult().replaceAllUsesWith(op.getSource());
  op.getResultTimepoint().replaceAllUsesWith(writeOp.getResultTimepoint());
  op.erase();
}

static void convertParameterGather(AsyncParameterGatherOp op) {
  OpBuilder builder(op);
  auto gatherOp = CmdParameterGatherOp::create(
      builder, op.getLoc(), op.getResultTimepoint().getType(),
      op.getSourceScope(), op.getSourceKeys(), op.getSourceOffsets(),
      op.getTarget(), op.getTargetSize(), op.getTargetOffsets(),
      op.getTargetLengths(), op.getAwaitTimepoint(), op.getAffinityAttr());
  op.getResult().replaceAllUsesWith(op.getTarget());
  op.getResultTimepoint().replaceAllUsesWith(gatherOp.getResultTimepoint());
  op.erase();
}

static void convertParameterScatter(AsyncParameterScatterOp op) {
  OpBuilder builder(op);
  auto scatterOp = CmdParameterScatterOp::create(
      builder, op.getLoc(), op.getResultTimepoint().getType(), op.getSource(),
      op.getSourceSize(), op.getSourceOffsets(), op.getSourceLengths(),
      op.getTargetScope(), op.getTargetKeys(), op.getTargetOffsets(),
      op.getAwaitTimepoint(), op.getAffinityAttr());
  op.getResult().replaceAllUsesWith(op.getSource());
  op.getResultTimepoint().replaceAllUsesWith(scatterOp.getResultTimepoint());
  op.erase();
}

static void convertAsyncFunc(AsyncFuncOp funcOp) {
  OpBuilder builder(funcOp);
  Type indexType = builder.getIndexType();
  FunctionType oldType = funcOp.getFunctionType();
  auto tiedOp = cast<util::TiedOpInterface>(funcOp.getOperation());
  SmallVector<int64_t> tiedOperands;
  tiedOp.getAllTiedOperands(tiedOperands);

  SmallVector<Type> inputs;
  SmallVector<DictionaryAttr> argAttrs;
  auto argAttrAt = [&](unsigned i) {
    return funcOp.getArgAttrsAttr()
               ? cast<DictionaryAttr>(funcOp.getArgAttrsAttr()[i])
               : builder.getDictionaryAttr({});
  };
  auto resultAttrAt = [&](unsigned i) {
    return funcOp.getResAttrsAttr()
               ? cast<DictionaryAttr>(funcOp.getResAttrsAttr()[i])
               : builder.getDictionaryAttr({});
  };
  auto appendResource = [&](Type type, DictionaryAttr attrs) {
    inputs.append({type, indexType, indexType});
    argAttrs.append(
        {attrs, builder.getDictionaryAttr({}), builder.getDictionaryAttr({})});
  };
  for (auto [i, type] : llvm::enumerate(oldType.getInputs())) {
    if (isa<ResourceType>(type)) {
      appendResource(type, argAttrAt(i));
    } else {
      inputs.push_back(type);
      argAttrs.push_back(argAttrAt(i));
    }
  }
  SmallVector<Type> results;
  SmallVector<DictionaryAttr> resultAttrs;
  for (auto [i, type] : llvm::enumerate(oldType.getResults())) {
    bool tied = i < tiedOperands.size() &&
                tiedOperands[i] != util::TiedOpInterface::kUntiedIndex;
    if (isa<ResourceType>(type)) {
      if (!tied)
        appendResource(type, resultAttrAt(i));
      continue;
    }
    results.push_back(type);
    resultAttrs.push_back(resultAttrAt(i));
  }
  auto cmdFuncOp = CmdFuncOp::create(builder, funcOp.getLoc(), funcOp.getName(),
                                     builder.getFunctionType(inputs, results),
                                     argAttrs, resultAttrs);
  for (NamedAttribute attr : funcOp->getDiscardableAttrs())
    cmdFuncOp->setAttr(attr.getName(), attr.getValue());
  funcOp.erase();
}

//===----------------------------------------------------------------------===//
// The pass (§7.1)
//===----------------------------------------------------------------------===//

namespace {

struct ScheduleAllocationPass
    : public impl::ScheduleAllocationPassBase<ScheduleAllocationPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    // Affinities are planned on the unmodified module; the analysis must not
    // outlive it.
    AffinityPlan plan;
    {
      AffinityAnalysis analysis(moduleOp);
      if (failed(analysis.run())) {
        llvm::errs() << "affinity analysis failed to converge; the input IR "
                        "may not be correct\n";
        return signalPassFailure();
      }
      moduleOp.walk([&](AsyncExecuteOp executeOp) {
        planAffinities(executeOp, analysis, plan);
      });
    }
    for (Operation &op : llvm::make_early_inc_range(*moduleOp.getBody())) {
      if (auto funcOp = dyn_cast<AsyncFuncOp>(op)) {
        convertAsyncFunc(funcOp);
        continue;
      }
      auto callableOp = dyn_cast<CallableOpInterface>(op);
      if (!callableOp)
        continue;
      Region *region = callableOp.getCallableRegion();
      if (!region || region->empty())
        continue;
      SmallVector<Operation *> ops;
      region->walk([&](Operation *nested) { ops.push_back(nested); });
      for (Operation *nested : ops) {
        if (auto executeOp = dyn_cast<AsyncExecuteOp>(nested)) {
          if (failed(ExecutionAllocator(executeOp, plan).run()))
            return signalPassFailure();
        } else if (auto loadOp = dyn_cast<AsyncLoadOp>(nested)) {
          convertAsyncLoad(loadOp);
        } else if (auto storeOp = dyn_cast<AsyncStoreOp>(nested)) {
          convertAsyncStore(storeOp);
        } else if (auto loadOp = dyn_cast<AsyncParameterLoadOp>(nested)) {
          convertParameterLoad(loadOp);
        } else if (auto readOp = dyn_cast<AsyncParameterReadOp>(nested)) {
          convertParameterRead(readOp);
        } else if (auto writeOp = dyn_cast<AsyncParameterWriteOp>(nested)) {
          convertParameterWrite(writeOp);
        } else if (auto gatherOp = dyn_cast<AsyncParameterGatherOp>(nested)) {
          convertParameterGather(gatherOp);
        } else if (auto scatterOp = dyn_cast<AsyncParameterScatterOp>(nested)) {
          convertParameterScatter(scatterOp);
        }
      }
    }
  }
};

} // namespace

} // namespace sluice::stream
