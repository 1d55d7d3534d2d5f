//===- ResolveTopologyQueries.cpp - --iree-hal-resolve-topology-queries ---===//
//
// execution.md §2.5 step 5: memory-property queries of single devices become
// constants.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

#include "sluice/Dialect/HAL/Conversion/Options.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALEnums.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace sluice::hal {

#define GEN_PASS_DEF_RESOLVETOPOLOGYQUERIESPASS
#include "sluice/Dialect/HAL/Transforms/Passes.h.inc"

namespace {

/// Memory type and usage bits a lifetime resolves to on one device.
std::optional<std::pair<uint32_t, uint32_t>>
resolveLifetimeBits(Lifetime lifetime, bool externalMappable) {
  uint32_t memoryTypes = 0, usage = 0;
  switch (lifetime) {
  case Lifetime::Constant:
    memoryTypes = MemoryTypeBits::DeviceLocal;
    usage = BufferUsageBits::SharingImmutable;
    break;
  case Lifetime::Variable:
  case Lifetime::Transient:
    memoryTypes = MemoryTypeBits::DeviceLocal;
    break;
  case Lifetime::External:
    memoryTypes = MemoryTypeBits::DeviceLocal;
    if (externalMappable) {
      memoryTypes |= MemoryTypeBits::HostVisible;
      usage |= BufferUsageBits::Mapping;
    }
    break;
  case Lifetime::Staging:
    memoryTypes = MemoryTypeBits::HostLocal | MemoryTypeBits::DeviceVisible;
    usage = BufferUsageBits::Transfer | BufferUsageBits::Mapping;
    break;
  default:
    return std::nullopt;
  }
  usage |= BufferUsageBits::Transfer | BufferUsageBits::DispatchStorage;
  return std::make_pair(memoryTypes, usage);
}

struct ResolveTopologyQueriesPass
    : impl::ResolveTopologyQueriesPassBase<ResolveTopologyQueriesPass> {
  void runOnOperation() override {
    bool externalMappable = getExternalResourcesMappable();
    SmallVector<AllocatorResolveMemoryPropertiesOp> queries;
    getOperation().walk(
        [&](AllocatorResolveMemoryPropertiesOp op) { queries.push_back(op); });
    IRRewriter rewriter(&getContext());
    bool anyFailed = false;
    for (AllocatorResolveMemoryPropertiesOp op : queries) {
      if (llvm::isa_and_present<DeviceOptimalAttr>(op.getAffinityAttr()))
        continue;
      auto lifetime = static_cast<Lifetime>(op.getLifetime());
      auto bits = resolveLifetimeBits(lifetime, externalMappable);
      if (!bits) {
        op.emitOpError("unsupported resource lifetime: ")
            << getLifetimeEnum().stringify(op.getLifetime());
        anyFailed = true;
        continue;
      }
      rewriter.setInsertionPoint(op);
      Type i32 = rewriter.getI32Type();
      Value memoryTypes = MemoryTypeOp::create(
          rewriter, op.getLoc(), i32, rewriter.getI32IntegerAttr(bits->first));
      Value usage = BufferUsageOp::create(
          rewriter, op.getLoc(), i32, rewriter.getI32IntegerAttr(bits->second));
      rewriter.replaceOp(op, {memoryTypes, usage});
    }
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace

} // namespace sluice::hal
