//===- StreamOpDefs4.cpp - generated stream op definitions, shard 4 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_4
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
