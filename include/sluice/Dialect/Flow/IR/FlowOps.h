//===- FlowOps.h - flow ops -------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_FLOW_IR_FLOWOPS_H
#define SLUICE_DIALECT_FLOW_IR_FLOWOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

namespace sluice::flow {
class ExecutableEndOp;
class ExecutableOp;

/// `dimension <d> out of bounds of dispatch dimensions; expected [0, 3)`.
mlir::LogicalResult verifyDispatchWorkgroupDim(mlir::Operation *op,
                                               uint64_t dimension);
} // namespace sluice::flow

#define GET_OP_CLASSES
#include "sluice/Dialect/Flow/IR/FlowOps.h.inc"

#endif // SLUICE_DIALECT_FLOW_IR_FLOWOPS_H
