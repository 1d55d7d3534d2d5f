//===- StreamOpDefs3.cpp - generated stream op definitions, shard 3 -------===//

#include "StreamOpDefsCommon.h"

#define GET_OP_DEFS_3
#include "sluice/Dialect/Stream/IR/StreamOps.cpp.inc"
