//===- HALAffinityModels.cpp - stream affinity interfaces on HAL attrs ----===//
//
// `#hal.device.affinity`, `#hal.device.promise` and `#hal.device.optimal`
// implement stream's AffinityAttr; `#hal.device.topology` implements
// AffinityTopologyAttrInterface (stream-ir.md §8.1). The semantics live in
// the HAL attributes; these models only adapt them to the interfaces.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/ExternalModels.h"

using namespace mlir;
using sluice::stream::AffinityAttr;

namespace {

template <typename AttrT>
struct HALAffinityModel
    : public AffinityAttr::ExternalModel<HALAffinityModel<AttrT>, AttrT> {
  bool isExecutableWith(Attribute self, AffinityAttr other) const {
    return sluice::hal::isAffinityExecutableWith(self, other);
  }
  AffinityAttr joinOR(Attribute self, AffinityAttr other) const {
    return dyn_cast_or_null<AffinityAttr>(
        sluice::hal::joinAffinityOR(self, other));
  }
  AffinityAttr joinAND(Attribute self, AffinityAttr other) const {
    return dyn_cast_or_null<AffinityAttr>(
        sluice::hal::joinAffinityAND(self, other));
  }
};

struct HALTopologyModel
    : public sluice::stream::AffinityTopologyAttrInterface::ExternalModel<
          HALTopologyModel, sluice::hal::DeviceTopologyAttr> {
  bool hasTransparentAccess(Attribute self, AffinityAttr source,
                            AffinityAttr target) const {
    return cast<sluice::hal::DeviceTopologyAttr>(self).hasTransparentAccess(
        source, target);
  }
  bool hasUnifiedMemory(Attribute self, AffinityAttr source,
                        AffinityAttr target) const {
    return cast<sluice::hal::DeviceTopologyAttr>(self).hasUnifiedMemory(source,
                                                                        target);
  }
};

struct RankedTensorAffinityModel
    : public sluice::stream::AffinityTypeInterface::ExternalModel<
          RankedTensorAffinityModel, RankedTensorType> {};

Attribute lookupStreamAffinity(Operation *op) {
  return AffinityAttr::lookup(op);
}

} // namespace

void sluice::registerExternalModels(DialectRegistry &registry) {
  registry.insert<hal::HALDialect, stream::StreamDialect>();
  registry.addExtension(+[](MLIRContext *context, hal::HALDialect *) {
    hal::DeviceAffinityAttr::attachInterface<
        HALAffinityModel<hal::DeviceAffinityAttr>>(*context);
    hal::DevicePromiseAttr::attachInterface<
        HALAffinityModel<hal::DevicePromiseAttr>>(*context);
    hal::DeviceOptimalAttr::attachInterface<
        HALAffinityModel<hal::DeviceOptimalAttr>>(*context);
    hal::DeviceTopologyAttr::attachInterface<HALTopologyModel>(*context);
    hal::setAffinityLookupFn(lookupStreamAffinity);
  });
  registry.addExtension(+[](MLIRContext *context, stream::StreamDialect *) {
    RankedTensorType::attachInterface<RankedTensorAffinityModel>(*context);
  });
  registerAffinityOpModels(registry);
  registerTimelineAwareModels(registry);
  registerDivisibilityModels(registry);
  registerMutableRegionBranchModels(registry);
  registerHoistableModels(registry);
  registerLayoutResolverModels(registry);
}
