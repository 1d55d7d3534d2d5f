//===- FlowDialect.h - flow dialect -----------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_FLOW_IR_FLOWDIALECT_H
#define SLUICE_DIALECT_FLOW_IR_FLOWDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/Flow/IR/FlowDialect.h.inc"

#endif // SLUICE_DIALECT_FLOW_IR_FLOWDIALECT_H
