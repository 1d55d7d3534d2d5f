//===- Passes.cpp - sluice_rt pass registration and the native phase ------===//

#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void sluice::sluice_rt::buildNativePhasePipeline(OpPassManager &pm) {
  pm.addPass(createOutlineCommandBuffersPass());
  pm.addPass(createMaterializeErrorEdgesPass());
  pm.addPass(createMaterializeRefCountingPass());
}

void sluice::sluice_rt::registerSluiceRTTransformPasses() {
  registerSluiceRTPasses();
  PassPipelineRegistration<>(
      "sluice-native-phase-pipeline",
      "The phase `native` of execution.md §2.7 (command-buffer outlining, "
      "error edges, reference counting)",
      [](OpPassManager &pm) { buildNativePhasePipeline(pm); });
}
