//===- StreamAsyncOps.cpp - async-phase ops ----===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;
