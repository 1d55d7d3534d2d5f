//===- HALLayoutResolverModels.cpp - HAL's layout resolver lookup ---------===//
//
// HAL's implementation of stream's AffinityAnalysisDialectInterface
// (encoding.md §7.2, support-dialects.md §2.4.9 as corrected by encoding.md
// §7.3): for each (affinity, op) query, the layout resolvers of every
// executable target the affinity reaches.
//
// [SLUICE] The reference first runs a whole-program device analysis whose
// results the lookup never consults; Sluice skips it, so the returned
// function never fails. A device global that cannot be found falls back to
// the legacy `hal.device.targets` lookup (the reference asserts), and
// non-device-target elements of `hal.device.targets` are skipped.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/Stream/IR/AffinityAnalysisDialectInterface.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/ExternalModels.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

using namespace mlir;
using namespace sluice;

namespace {

using DeviceTargetSet = llvm::SetVector<hal::DeviceTargetAttr>;

/// `legacy(op)`: the device targets listed in the nearest `hal.device.targets`
/// array on `op` or its ancestors.
void addLegacyDeviceTargets(Operation *op, DeviceTargetSet &devices) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    auto targets = current->getAttrOfType<ArrayAttr>("hal.device.targets");
    if (!targets)
      continue;
    for (Attribute target : targets)
      if (auto device = dyn_cast<hal::DeviceTargetAttr>(target))
        devices.insert(device);
    return;
  }
}

/// `devices(a, op)` of encoding.md §7.2.
DeviceTargetSet getDeviceTargets(Attribute affinity, Operation *op,
                                 SymbolTableCollection &symbolTables) {
  DeviceTargetSet devices;
  auto deviceAffinity = dyn_cast_or_null<hal::DeviceAffinityAttr>(affinity);
  if (!deviceAffinity) {
    addLegacyDeviceTargets(op, devices);
    return devices;
  }
  SmallVector<Attribute> worklist = {deviceAffinity.getDevice()};
  while (!worklist.empty()) {
    Attribute item = worklist.pop_back_val();
    if (auto symbol = dyn_cast<SymbolRefAttr>(item)) {
      auto globalOp = dyn_cast_or_null<util::GlobalOp>(
          symbolTables.lookupNearestSymbolFrom(op, symbol));
      Attribute initialValue =
          globalOp ? globalOp.getInitialValueAttr() : Attribute();
      if (!initialValue) {
        addLegacyDeviceTargets(op, devices);
        break;
      }
      worklist.push_back(initialValue);
      continue;
    }
    if (auto device = dyn_cast<hal::DeviceTargetAttr>(item)) {
      devices.insert(device);
      continue;
    }
    addLegacyDeviceTargets(op, devices);
    break;
  }
  return devices;
}

/// `targets(a, op)`: the executable targets of every reachable device.
llvm::SetVector<hal::ExecutableTargetAttr>
getExecutableTargets(Attribute affinity, Operation *op,
                     SymbolTableCollection &symbolTables) {
  llvm::SetVector<hal::ExecutableTargetAttr> targets;
  for (hal::DeviceTargetAttr device :
       getDeviceTargets(affinity, op, symbolTables))
    for (hal::ExecutableTargetAttr target : device.getExecutableTargets())
      targets.insert(target);
  return targets;
}

struct HALAffinityAnalysisInterface
    : public stream::AffinityAnalysisDialectInterface {
  using AffinityAnalysisDialectInterface::AffinityAnalysisDialectInterface;

  stream::ResolveLayoutAttrFn
  makeLayoutAttrResolver(ModuleOp moduleOp) const override {
    // Symbol tables are cached across calls: the module must stay
    // unmodified while the function is in use (stream-ir.md §5.11).
    auto symbolTables = std::make_shared<SymbolTableCollection>();
    return [symbolTables](
               ArrayRef<stream::AffinityAndOpPair> queries,
               llvm::DenseMap<stream::AffinityAndOpPair, stream::LayoutAttrSet>
                   &layoutAttrs) -> LogicalResult {
      for (const stream::AffinityAndOpPair &query : queries) {
        auto [affinity, op] = query;
        for (hal::ExecutableTargetAttr target :
             getExecutableTargets(affinity, op, *symbolTables)) {
          auto resolver = dyn_cast_or_null<iree_encoding::LayoutResolverAttr>(
              target.getConfigurationAttr("iree.encoding.resolver"));
          Attribute layout =
              resolver
                  ? resolver.cloneWithSimplifiedConfig(
                        target.getConfiguration())
                  : iree_encoding::IdentityResolverAttr::get(op->getContext());
          layoutAttrs[query].insert(layout);
        }
      }
      return success();
    };
  }
};

} // namespace

void sluice::registerLayoutResolverModels(DialectRegistry &registry) {
  registry.insert<iree_encoding::IREEEncodingDialect>();
  registry.addExtension(+[](MLIRContext *, hal::HALDialect *dialect,
                            iree_encoding::IREEEncodingDialect *) {
    dialect->addInterfaces<HALAffinityAnalysisInterface>();
  });
}
