//===- VMOps.h - vm ops -----------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_VM_IR_VMOPS_H
#define SLUICE_DIALECT_VM_IR_VMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/VM/IR/VMDialect.h"
#include "sluice/Dialect/VM/IR/VMTypes.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/VM/IR/VMOps.h.inc"

#endif // SLUICE_DIALECT_VM_IR_VMOPS_H
