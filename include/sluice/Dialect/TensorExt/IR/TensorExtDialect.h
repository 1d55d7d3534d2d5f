//===- TensorExtDialect.h - iree_tensor_ext dialect -------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTDIALECT_H
#define SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h.inc"

#endif // SLUICE_DIALECT_TENSOREXT_IR_TENSOREXTDIALECT_H
