//===- IREECPUDialect.h - iree_cpu dialect and attributes -------*- C++ -*-===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_IREECPUDIALECT_H
#define SLUICE_DIALECT_CODEGEN_IR_IREECPUDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TensorEncoding.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

#include "sluice/Dialect/Codegen/IR/IREECPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Codegen/IR/IREECPUAttrs.h.inc"

#endif // SLUICE_DIALECT_CODEGEN_IR_IREECPUDIALECT_H
