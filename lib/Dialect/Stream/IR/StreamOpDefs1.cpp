//===- StreamOpDefs1.cpp - generated stream op definitions, shard 1 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_1
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
