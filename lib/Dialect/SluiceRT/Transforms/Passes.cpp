//===- Passes.cpp - sluice_rt pass registration ---------------------------===//

#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"

// The phase `native` itself (scf to cf, then the three passes) is registered
// as `--sluice-native-pipeline` by sluice/Pipelines/Pipelines.h, from the same
// pass list sluice-compile runs.
void sluice::sluice_rt::registerSluiceRTTransformPasses() {
  registerSluiceRTPasses();
}
