//===- UtilMutableRegionBranch.td - 1:N expansion ---------*- tablegen -*-===//
//
// MutableRegionBranchOpInterface (support-dialects.md §1.4.12): lets a pass
// expand values carried through an op's regions into several values (a
// resource becomes resource + timepoint, or resource + size + offset +
// length). Used by --iree-stream-propagate-timepoints and
// --iree-util-propagate-subranges; the scf models are in
// lib/ExternalModels/MutableRegionBranchModels.cpp (§6.5.2).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH
#define SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH

include "mlir/IR/OpBase.td"

def Util_MutableRegionBranchOpInterface
    : OpInterface<"MutableRegionBranchOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    A region-holding op whose region-carried values (operands forwarded into
    block arguments, terminator operands forwarded to results) can be
    expanded 1:N by rebuilding the op.

    The callbacks (declared in UtilMutableRegionBranch.h):
    * `expandType(T)` returns `[T0, T1, ...]` with T0 == T; a list of one type
      means "not expanded".
    * `expandOperand(v, builder)` returns `[v0, v1, ...]` (v0 is the value to
      use in place of `v`); it may create ops at the builder's insertion
      point and must return as many values as `expandType` returns for the
      value's type.
    * `wrapExpandedBlockArg(loc, originalArg, expandedArgs, builder)` (may be
      null) is called at the start of the block once an argument has been
      expanded; `expandedArgs` is the whole group (the original argument
      first). The result replaces every other use of the original argument
      (returning the argument itself replaces nothing).
    * `expandRegion(region, canModifyEntryBlock)` expands the ops of a region
      of the rebuilt op.
  }];
  let methods = [
    InterfaceMethod<[{
        Builds, at the builder's insertion point, a copy of this op whose
        carried operands, block arguments, terminator operands and results
        are expanded, and moves (or clones) the regions into it. Returns the
        new op, or null (with nothing rebuilt) if it cannot. The old op is left
        in place; the caller replaces its results (one old result by the
        first of its group) and erases it.
      }],
      "::mlir::Operation *", "rebuildWithExpandedTypes",
      (ins "::sluice::util::ExpandTypeFn":$expandType,
           "::sluice::util::ExpandOperandFn":$expandOperand,
           "::sluice::util::WrapExpandedBlockArgFn":$wrapExpandedBlockArg,
           "::sluice::util::ExpandRegionFn":$expandRegion,
           "::mlir::OpBuilder &":$builder)>,
    InterfaceMethod<[{
        The entry block arguments of region `regionIndex` that are never
        expanded (set bits). Default: none preserved (an empty vector).
      }],
      "::llvm::BitVector", "getPreservedBlockArguments",
      (ins "unsigned":$regionIndex), [{}],
      [{ return ::llvm::BitVector(); }]>,
    InterfaceMethod<[{
        The operands of this op that flow into the entry block arguments of
        region `regionIndex`. Default: all operands.
      }],
      "::mlir::OperandRange", "getRegionEntryOperands",
      (ins "unsigned":$regionIndex), [{}],
      [{ return $_op->getOperands(); }]>,
    InterfaceMethod<[{
        The results of this op produced when region `regionIndex` exits.
        Default: all results.
      }],
      "::mlir::ResultRange", "getRegionExitResults",
      (ins "unsigned":$regionIndex), [{}],
      [{ return $_op->getResults(); }]>,
    InterfaceMethod<[{
        The operands of `terminator` (in region `regionIndex`) that carry
        values out of the region and are expanded on a rebuild. Default: all
        of its operands.
      }],
      "::mlir::OperandRange", "getExpandableTerminatorOperands",
      (ins "::mlir::Operation *":$terminator, "unsigned":$regionIndex), [{}],
      [{ return terminator->getOperands(); }]>,
  ];
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILMUTABLEREGIONBRANCH
