//===- VMDialect.h - vm dialect ---------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_VM_IR_VMDIALECT_H
#define SLUICE_DIALECT_VM_IR_VMDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/VM/IR/VMDialect.h.inc"

#endif // SLUICE_DIALECT_VM_IR_VMDIALECT_H
