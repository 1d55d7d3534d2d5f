//===- StreamOpDefsCommon.h - context for the generated op definitions ----===//
//
// Included by every StreamOpDefs<N>.cpp shard before the generated op
// definitions: the generated parsers and printers call the custom directives
// of every op family by unqualified name.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMOPDEFSCOMMON_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMOPDEFSCOMMON_H

#include "StreamAsyncDirectives.h"
#include "StreamCmdDirectives.h"
#include "StreamDirectives.h"
#include "StreamParameterDirectives.h"
#include "StreamTensorDirectives.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilDirectives.h"

using namespace mlir;
using namespace sluice::stream;
using namespace sluice::util;

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMOPDEFSCOMMON_H
