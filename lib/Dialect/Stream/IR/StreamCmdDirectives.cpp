//===- StreamCmdDirectives.cpp - custom directives of the cmd ops ----===//

#include "StreamCmdDirectives.h"

using namespace mlir;

namespace sluice::stream {} // namespace sluice::stream
