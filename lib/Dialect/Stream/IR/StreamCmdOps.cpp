//===- StreamCmdOps.cpp - command-phase ops ----===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;
