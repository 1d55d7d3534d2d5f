//===- EncodingDialect.h - iree_encoding dialect ----------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGDIALECT_H
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/Encoding/IR/EncodingDialect.h.inc"

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGDIALECT_H
