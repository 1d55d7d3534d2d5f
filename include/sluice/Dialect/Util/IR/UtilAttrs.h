//===- UtilAttrs.h - util attributes ----------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILATTRS_H
#define SLUICE_DIALECT_UTIL_IR_UTILATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilAttrs.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILATTRS_H
