//===- StreamParameterDirectives.cpp - custom directives of the parameter ops ----===//

#include "StreamParameterDirectives.h"

using namespace mlir;

namespace sluice::stream {} // namespace sluice::stream
