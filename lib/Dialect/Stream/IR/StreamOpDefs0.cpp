//===- StreamOpDefs0.cpp - generated stream op definitions, shard 0 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_0
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
