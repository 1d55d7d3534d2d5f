//===- TensorExtOps.h - iree_tensor_ext ops ---------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS_H
#define SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "sluice/Dialect/Util/IR/UtilDivisibility.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h.inc"

#endif // SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTOPS_H
