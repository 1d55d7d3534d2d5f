//===- Passes.cpp - hal pass registration ---------------------------------===//

#include "sluice/Dialect/HAL/Transforms/Passes.h"

void sluice::hal::registerHALTransformPasses() { registerHALPasses(); }
