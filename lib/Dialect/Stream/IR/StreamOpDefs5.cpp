//===- StreamOpDefs5.cpp - generated stream op definitions, shard 5 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_5
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
