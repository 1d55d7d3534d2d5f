//===- StreamAsyncDirectives.cpp - custom directives of the async ops ----===//

#include "StreamAsyncDirectives.h"

using namespace mlir;

namespace sluice::stream {} // namespace sluice::stream
