//===- UtilMutableRegionBranch.h - 1:N region value expansion ---*- C++ -*-===//
//
// MutableRegionBranchOpInterface (support-dialects.md §1.4.12) and the
// callback types its rebuildWithExpandedTypes method takes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH_H
#define SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH_H

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class OpBuilder;
} // namespace mlir

namespace sluice::util {

/// `expandType(T) -> [T0, T1, ...]`: T0 is T; a single type means "not
/// expanded".
using ExpandTypeFn =
    llvm::function_ref<llvm::SmallVector<mlir::Type>(mlir::Type)>;

/// `expandOperand(v, builder) -> [v0, v1, ...]`: may create ops at the
/// builder's insertion point; returns as many values as `expandType` returns
/// for the type of `v`.
using ExpandOperandFn = llvm::function_ref<llvm::SmallVector<mlir::Value>(
    mlir::Value, mlir::OpBuilder &)>;

/// `wrap(loc, originalArg, expandedArgs, builder) -> replacement`: called at
/// the start of the block of an expanded block argument; `expandedArgs` is
/// the whole group with the original argument first. May be null.
using WrapExpandedBlockArgFn = llvm::function_ref<mlir::Value(
    mlir::Location, mlir::Value, mlir::ValueRange, mlir::OpBuilder &)>;

/// `expandRegion(region, canModifyEntryBlock)`.
using ExpandRegionFn = llvm::function_ref<void(mlir::Region &, bool)>;

} // namespace sluice::util

#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h.inc"

#endif // SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH_H
