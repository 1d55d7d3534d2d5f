//===- Passes.cpp - native ABI binding pass registration ------------------===//

#include "sluice/Bindings/Native/Transforms/Passes.h"

void sluice::abi::registerNativeBindingsTransformPasses() {
  registerNativeBindingsPasses();
}
