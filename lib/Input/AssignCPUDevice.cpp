//===- AssignCPUDevice.cpp - --sluice-assign-cpu-device -------------------===//
//
// execution.md §2.2 step 6: every !hal.device global becomes the one Sluice
// CPU device, whose only executable target is the sluice-native target of
// §5.1 built from --sluice-cpu.
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Target/Native/NativeTarget.h"

namespace sluice::input {
#define GEN_PASS_DEF_ASSIGNCPUDEVICEPASS
#include "sluice/Input/Passes.h.inc"
} // namespace sluice::input

using namespace mlir;

namespace sluice::input {
namespace {

struct AssignCPUDevicePass
    : impl::AssignCPUDevicePassBase<AssignCPUDevicePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    native::ExecutableTargetDescription description;
    std::string error;
    if (failed(native::describeExecutableTarget(cpu, description, error))) {
      emitError(UnknownLoc::get(context)) << error;
      return signalPassFailure();
    }
    Builder b(context);
    auto target = hal::ExecutableTargetAttr::get(
        context, b.getStringAttr("llvm-cpu"), b.getStringAttr("sluice-native"),
        b.getDictionaryAttr({
            b.getNamedAttr("cpu", b.getStringAttr(description.cpu)),
            b.getNamedAttr("cpu_features",
                           b.getStringAttr(description.features)),
            b.getNamedAttr("native_vector_size",
                           b.getI64IntegerAttr(description.nativeVectorSize)),
            b.getNamedAttr("target_triple",
                           b.getStringAttr(native::targetTriple())),
        }));
    auto defaultDevice = hal::DeviceTargetAttr::get(
        context, b.getStringAttr("local"), b.getDictionaryAttr({}), {target});

    llvm::SmallVector<util::GlobalOp> devices;
    for (auto global : module.getOps<util::GlobalOp>())
      if (isa<hal::DeviceType>(global.getType()))
        devices.push_back(global);
    if (devices.empty()) {
      OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
      auto global = util::GlobalOp::create(
          builder, module.getLoc(), "__device_0", /*isMutable=*/false,
          hal::DeviceType::get(context), defaultDevice);
      global.setSymVisibilityAttr(builder.getStringAttr("private"));
      devices.push_back(global);
    }
    for (util::GlobalOp global : devices) {
      auto existing =
          dyn_cast_or_null<hal::DeviceTargetAttr>(global.getInitialValueAttr());
      if (!existing) {
        global.setInitialValueAttr(defaultDevice);
        continue;
      }
      global.setInitialValueAttr(
          hal::DeviceTargetAttr::get(context, existing.getDeviceID(),
                                     existing.getConfiguration(), {target}));
    }
    if (devices.size() == 1 && !module->hasAttr("stream.affinity.default"))
      module->setAttr("stream.affinity.default",
                      hal::DeviceAffinityAttr::get(FlatSymbolRefAttr::get(
                          devices.front().getSymNameAttr())));
  }
};

} // namespace
} // namespace sluice::input
