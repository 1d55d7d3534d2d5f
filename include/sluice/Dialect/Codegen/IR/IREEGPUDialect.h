//===- IREEGPUDialect.h - iree_gpu dialect and attributes -------*- C++ -*-===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_IREEGPUDIALECT_H
#define SLUICE_DIALECT_CODEGEN_IR_IREEGPUDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TensorEncoding.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"

#include "sluice/Dialect/Codegen/IR/IREEGPUDialect.h.inc"
#include "sluice/Dialect/Codegen/IR/IREEGPUEnums.h.inc"

namespace sluice::iree_gpu {

/// `[<intrinsic[, col_major = b]>, ...]`; an empty list is a null ArrayAttr.
mlir::FailureOr<mlir::ArrayAttr> parseMMAList(mlir::AsmParser &parser);
void printMMAList(mlir::AsmPrinter &printer, mlir::ArrayAttr list);
/// `[]` only: «scaled_mma is not supported by Sluice» otherwise.
mlir::FailureOr<mlir::ArrayAttr> parseScaledMMAList(mlir::AsmParser &parser);

} // namespace sluice::iree_gpu

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Codegen/IR/IREEGPUAttrs.h.inc"

#endif // SLUICE_DIALECT_CODEGEN_IR_IREEGPUDIALECT_H
