//===- Utils.cpp - helpers shared by the HAL-conversion patterns ----------===//
//
// execution.md §2.5.1 "Shared helpers", io-parameters.md §9.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Conversion/StreamToHAL/Utils.h"

#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace sluice::hal {

static std::pair<Value, Value>
createContextResolve(Location loc, Attribute affinity, OpBuilder &builder) {
  Type types[] = {DeviceType::get(builder.getContext()), builder.getI64Type()};
  auto resolve = stream::ContextResolveOp::create(
      builder, loc, types,
      llvm::cast_if_present<stream::AffinityAttr>(affinity));
  return {resolve.getResult(0), resolve.getResult(1)};
}

std::pair<Value, Value> lookupDeviceAndQueueAffinityFor(Operation *op,
                                                        OpBuilder &builder) {
  return createContextResolve(
      op->getLoc(), stream::AffinityAttr::lookupOrDefault(op), builder);
}

std::pair<Value, Value> lookupAllocationDeviceAndQueueAffinityFor(
    Operation *op, Value memoryTypes, Value bufferUsage, OpBuilder &builder) {
  auto optimal = llvm::dyn_cast_if_present<DeviceOptimalAttr>(
      stream::AffinityAttr::lookupOrDefault(op));
  if (!optimal)
    return lookupDeviceAndQueueAffinityFor(op, builder);
  SmallVector<Value> devices, queueAffinities;
  for (Attribute member : optimal.getAffinities()) {
    auto [device, queueAffinity] =
        createContextResolve(op->getLoc(), member, builder);
    devices.push_back(device);
    queueAffinities.push_back(queueAffinity);
  }
  auto select = AllocatorSelectOp::create(
      builder, op->getLoc(), DeviceType::get(builder.getContext()),
      builder.getI64Type(), devices, queueAffinities, memoryTypes, bufferUsage);
  return {select.getSelectedDevice(), select.getSelectedQueueAffinity()};
}

Value getOrCreateWaitFence(Location loc, Value awaitFence, OpBuilder &builder) {
  if (awaitFence)
    return awaitFence;
  return util::NullOp::create(builder, loc,
                              FenceType::get(builder.getContext()));
}

/// True when `value` can be used at `op` without a dominance analysis: a
/// block argument of a block enclosing `op`, or the result of an op that
/// precedes `op` (or one of its ancestors) in the same block. Conservative:
/// false only costs a fresh fence.
static bool isUsableAt(Value value, Operation *op) {
  Block *defBlock = value.getParentBlock();
  for (Operation *ancestor = op; ancestor; ancestor = ancestor->getParentOp()) {
    if (ancestor->getBlock() != defBlock)
      continue;
    if (llvm::isa<BlockArgument>(value))
      return true;
    Operation *def = value.getDefiningOp();
    return def != ancestor && def->isBeforeInBlock(ancestor);
  }
  return false;
}

Value getOrCreateSignalFence(Location loc, Value device, Value timepoint,
                             ConversionPatternRewriter &rewriter) {
  MLIRContext *context = rewriter.getContext();
  if (!timepoint || timepoint.use_empty())
    return util::NullOp::create(rewriter, loc, FenceType::get(context));
  if (timepoint.hasOneUse()) {
    auto chain = llvm::dyn_cast<stream::TimepointChainExternalOp>(
        *timepoint.getUsers().begin());
    if (chain && chain.getExternalValues().size() == 1) {
      // A fence that is a block argument of a converted function lives on
      // in the converted block: use the remapped value.
      Value fence = chain.getExternalValues().front();
      if (Value remapped = rewriter.getRemappedValue(fence))
        fence = remapped;
      Operation *insertionOp =
          rewriter.getInsertionPoint() == rewriter.getInsertionBlock()->end()
              ? nullptr
              : &*rewriter.getInsertionPoint();
      if (llvm::isa<FenceType>(fence.getType()) && insertionOp &&
          isUsableAt(fence, insertionOp)) {
        rewriter.eraseOp(chain);
        return fence;
      }
    }
  }
  return FenceCreateOp::create(rewriter, loc, FenceType::get(context), device,
                               rewriter.getI64IntegerAttr(FenceFlagBits::None))
      .getResult();
}

FailureOr<RequiredBufferBits>
deriveRequiredResourceBufferBits(Operation *op, stream::Lifetime lifetime) {
  RequiredBufferBits bits;
  switch (lifetime) {
  case stream::Lifetime::Constant:
    bits.memoryTypes = MemoryTypeBits::DeviceLocal;
    bits.bufferUsage = BufferUsageBits::SharingImmutable;
    break;
  case stream::Lifetime::Variable:
  case stream::Lifetime::Transient:
    bits.memoryTypes = MemoryTypeBits::DeviceLocal;
    break;
  case stream::Lifetime::External:
    bits.memoryTypes = MemoryTypeBits::DeviceVisible;
    break;
  case stream::Lifetime::Staging:
    bits.memoryTypes =
        MemoryTypeBits::HostLocal | MemoryTypeBits::DeviceVisible;
    bits.bufferUsage = BufferUsageBits::Transfer | BufferUsageBits::Mapping;
    break;
  default:
    return op->emitOpError("unsupported resource lifetime: ")
           << stream::stringifyLifetime(lifetime);
  }
  bits.bufferUsage |=
      BufferUsageBits::Transfer | BufferUsageBits::DispatchStorage;
  return bits;
}

uint32_t getHALLifetime(stream::Lifetime lifetime) {
  // The HAL enum shares the stream numbering (HALEnums.h).
  return static_cast<uint32_t>(lifetime);
}

std::array<Value, 3> calculateWorkgroupCount(Location loc,
                                             ExecutableExportOp exportOp,
                                             Value device, ValueRange workload,
                                             OpBuilder &builder) {
  Region &region = exportOp.getWorkgroupCount();
  if (!region.empty()) {
    Block &block = region.front();
    IRMapping mapping;
    if (block.getNumArguments() > 0)
      mapping.map(block.getArgument(0), device);
    for (unsigned k = 0, e = std::min<size_t>(block.getNumArguments() - 1,
                                              workload.size());
         block.getNumArguments() > 0 && k < e; ++k)
      mapping.map(block.getArgument(1 + k), workload[k]);
    for (Operation &op : block.without_terminator())
      builder.clone(op, mapping);
    Operation *terminator = block.getTerminator();
    return {mapping.lookupOrDefault(terminator->getOperand(0)),
            mapping.lookupOrDefault(terminator->getOperand(1)),
            mapping.lookupOrDefault(terminator->getOperand(2))};
  }
  // Reference fallback: ((w_i + s_i) - 1) / s_i with unit strides; more than
  // three workload values are multiplied together into x.
  SmallVector<Value> values(workload.begin(), workload.end());
  if (values.size() > 3) {
    Value product = values.front();
    for (Value value : ArrayRef<Value>(values).drop_front())
      product = builder.createOrFold<arith::MulIOp>(loc, product, value);
    values.assign({product});
  }
  std::array<Value, 3> result;
  for (unsigned i = 0; i < 3; ++i) {
    Value stride = arith::ConstantIndexOp::create(builder, loc, 1);
    Value value =
        i < values.size()
            ? values[i]
            : arith::ConstantIndexOp::create(builder, loc, 1).getResult();
    Value sum = builder.createOrFold<arith::AddIOp>(loc, value, stride);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    Value diff = builder.createOrFold<arith::SubIOp>(loc, sum, one);
    result[i] = builder.createOrFold<arith::DivUIOp>(loc, diff, stride);
  }
  return result;
}

bool isStaticValue(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  auto load = llvm::dyn_cast<util::GlobalLoadOp>(def);
  return load && load.getIsImmutable();
}

} // namespace sluice::hal
