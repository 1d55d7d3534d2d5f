//===- ValueExpander.h - expanding values into groups across the IR -------===//
//
// The machinery shared by the passes that make every value of some type
// travel together with companion values (propagate-timepoints: a resource and
// its timepoint; propagate-subranges: a resource, its storage size, offset and
// length). A subclass says which types expand, into what, and how an expanded
// group is consumed and rebuilt; this class rewrites private util.func
// signatures, calls, returns, cf branches, block arguments and ops with the
// MutableRegionBranchOpInterface.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_VALUEEXPANDER_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_VALUEEXPANDER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include <optional>

namespace sluice::util {

class FuncOp;
class CallOp;
class ReturnOp;
class MutableRegionBranchOpInterface;

/// Where the two passes' reference behaviour differs in the order or extent
/// of the rewrites (the output must stay as it is).
struct ValueExpanderOptions {
  /// `cf.br` is rebuilt even when it carries no expanded value.
  bool rebuildBranchWithoutExpandedValues = false;
  /// `cf.switch`: the default operands are expanded before the case operands
  /// (otherwise every case list in case order first, then the default list).
  bool switchDefaultOperandsFirst = false;
  /// A region op without expanded operands or results still has its regions
  /// expanded (otherwise it is left alone).
  bool expandRegionsOfUnexpandedRegionOps = false;
};

class ValueExpander {
public:
  virtual ~ValueExpander();

protected:
  ValueExpander(mlir::ModuleOp moduleOp, ValueExpanderOptions options)
      : moduleOp(moduleOp), options(options) {}

  //===--- What a subclass says ---------------------------------------===//

  /// Whether values of `type` expand into a group.
  virtual bool isExpandedType(mlir::Type type) const = 0;
  /// Appends the companion types that follow an expanded `type`.
  virtual void
  appendCompanionTypes(mlir::Type type,
                       llvm::SmallVectorImpl<mlir::Type> &types) const = 0;
  /// Appends the group (the value to pass first, then its companions) for
  /// `value` of an expanded type, available at the builder's point.
  virtual void
  appendExpandedGroup(mlir::Value value, mlir::OpBuilder &builder,
                      llvm::SmallVectorImpl<mlir::Value> &values) = 0;
  /// Records the block argument `arg` of an expanded type with its new
  /// companion arguments and replaces its uses as needed; the builder is at
  /// the start of the block. `regionLoc` is the location of the region.
  virtual void mapBlockArgument(mlir::BlockArgument arg,
                                mlir::ValueRange companions,
                                mlir::Location regionLoc,
                                mlir::OpBuilder &builder) = 0;
  /// Records the result `newResult` of the rebuilt `newOp` (a call or a region
  /// op replacing `oldOp`) with its companion results; returns the value that
  /// replaces the old result. The builder is after `newOp`.
  virtual mlir::Value mapResult(mlir::Operation *oldOp, mlir::Operation *newOp,
                                mlir::Value newResult,
                                mlir::ValueRange companions,
                                mlir::OpBuilder &builder) = 0;
  /// The block-argument wrapper of MutableRegionBranchOpInterface:
  /// `expanded` is the whole group, `original` first.
  virtual mlir::Value mapRegionArgument(mlir::Location loc,
                                        mlir::Value original,
                                        mlir::ValueRange expanded,
                                        mlir::OpBuilder &builder) = 0;

  //===--- The shared rewrites ----------------------------------------===//

  /// Rewrites `op` (and what it nests); a subclass handles its own ops first
  /// and calls this for initializers, functions, calls, returns, branches and
  /// region ops.
  virtual void expand(mlir::Operation *op);
  /// Adds the companion block arguments (except to the entry block unless
  /// `canModifyEntryBlock`), then expands every op in dominance order
  /// (unreachable blocks last).
  virtual void expandRegion(mlir::Region &region, bool canModifyEntryBlock);

  bool usesExpandedTypes(mlir::Operation *op) const;
  bool anyExpandedType(mlir::TypeRange types) const;
  /// `type`, followed by its companion types when it expands.
  void appendExpanded(mlir::Type type,
                      llvm::SmallVectorImpl<mlir::Type> &types) const;
  /// `value`, or its group when its type expands.
  void appendExpanded(mlir::Value value, mlir::OpBuilder &builder,
                      llvm::SmallVectorImpl<mlir::Value> &values);
  llvm::SmallVector<mlir::Value> expandValues(mlir::ValueRange values,
                                              mlir::OpBuilder &builder);
  /// Private, defined functions have their signatures expanded.
  static bool isExpandedFunction(FuncOp funcOp);

  void expandFunc(FuncOp op);
  void expandCall(CallOp op);
  void expandReturn(ReturnOp op);
  void expandBranch(mlir::Operation *op);
  void expandRegionBranch(MutableRegionBranchOpInterface op);

  mlir::ModuleOp moduleOp;
  std::optional<mlir::SymbolTable> symbolTable;

private:
  /// Replaces the results of `oldOp` by those of `newOp` (mapResult for the
  /// expanded ones); the builder is after `newOp`.
  void replaceExpandedResults(mlir::Operation *oldOp, mlir::Operation *newOp,
                              mlir::OpBuilder &builder);

  ValueExpanderOptions options;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_VALUEEXPANDER_H
