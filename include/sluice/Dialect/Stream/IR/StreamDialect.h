//===- StreamDialect.h - stream dialect -------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMDIALECT_H
#define SLUICE_DIALECT_STREAM_IR_STREAMDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/Stream/IR/StreamDialect.h.inc"

#endif // SLUICE_DIALECT_STREAM_IR_STREAMDIALECT_H
