//===- Passes.cpp - util pass registration --------------------------------===//

#include "sluice/Dialect/Util/Transforms/Passes.h"

void sluice::util::registerUtilTransformPasses() { registerUtilPasses(); }
