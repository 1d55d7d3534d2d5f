//===- StreamOpDefs2.cpp - generated stream op definitions, shard 2 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_2
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
