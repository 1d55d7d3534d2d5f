//===- StreamTensorDirectives.cpp - custom directives of the tensor ops ----===//

#include "StreamTensorDirectives.h"

using namespace mlir;

namespace sluice::stream {} // namespace sluice::stream
