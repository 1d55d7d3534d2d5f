//===- StreamOps.h - stream ops ---------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMOPS_H
#define SLUICE_DIALECT_STREAM_IR_STREAMOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilTypes.h"

namespace sluice::stream {
/// `dimension <n> out of bounds of dispatch dimensions; expected [0, 3)`.
mlir::LogicalResult verifyDispatchWorkgroupDimension(mlir::Operation *op,
                                                     uint64_t dimension);
} // namespace sluice::stream

#define GET_OP_CLASSES
#include "sluice/Dialect/Stream/IR/StreamOps.h.inc"

#endif // SLUICE_DIALECT_STREAM_IR_STREAMOPS_H
