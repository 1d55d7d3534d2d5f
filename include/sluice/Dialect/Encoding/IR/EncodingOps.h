//===- EncodingOps.h - iree_encoding ops ------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS_H
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/Encoding/IR/EncodingOps.h.inc"

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS_H
