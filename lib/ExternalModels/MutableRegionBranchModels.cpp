//===- MutableRegionBranchModels.cpp - 1:N expansion on scf ops -----------===//
//
// util's MutableRegionBranchOpInterface on `scf.for`, `scf.if`, `scf.while`
// and `scf.index_switch` (support-dialects.md §6.5.2). Timepoint and subrange
// propagation use it to expand values carried through these ops' regions.
//
// Common procedure (for, if, while): expand the carried operands and the
// result types, create the new op and move the regions into it, expand the
// carried block arguments (last to first, wrapping each expanded one), expand
// each region, then rebuild each terminator with its carried operands
// expanded. `scf.index_switch` clones its case bodies instead.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "sluice/Dialect/Util/IR/UtilMutableRegionBranch.h"
#include "sluice/ExternalModels.h"

#include <optional>

using namespace mlir;
using sluice::util::ExpandOperandFn;
using sluice::util::ExpandRegionFn;
using sluice::util::ExpandTypeFn;
using sluice::util::MutableRegionBranchOpInterface;
using sluice::util::WrapExpandedBlockArgFn;

namespace {

//===----------------------------------------------------------------------===//
// Shared steps
//===----------------------------------------------------------------------===//

/// `types` expanded with `expandType`, or nullopt if the callback breaks its
/// contract (an empty list, or a first type other than the original).
std::optional<SmallVector<Type>> expandTypes(TypeRange types,
                                             ExpandTypeFn expandType) {
  SmallVector<Type> expanded;
  for (Type type : types) {
    SmallVector<Type> group = expandType(type);
    if (group.empty() || group.front() != type)
      return std::nullopt;
    llvm::append_range(expanded, group);
  }
  return expanded;
}

/// `values` expanded with `expandOperand` at the builder's insertion point.
/// Nullopt if a value does not expand to as many values as its type does.
std::optional<SmallVector<Value>> expandValues(ValueRange values,
                                               ExpandTypeFn expandType,
                                               ExpandOperandFn expandOperand,
                                               OpBuilder &builder) {
  SmallVector<Value> expanded;
  for (Value value : values) {
    SmallVector<Value> group = expandOperand(value, builder);
    if (group.empty() || group.size() != expandType(value.getType()).size())
      return std::nullopt;
    llvm::append_range(expanded, group);
  }
  return expanded;
}

/// The operands of `op` before its carried ones (the trailing
/// `numCarried`), expanded with the carried ones appended.
std::optional<SmallVector<Value>>
expandCarriedOperands(Operation *op, unsigned numCarried,
                      ExpandTypeFn expandType, ExpandOperandFn expandOperand,
                      OpBuilder &builder) {
  unsigned numFixed = op->getNumOperands() - numCarried;
  SmallVector<Value> operands(op->getOperands().take_front(numFixed));
  std::optional<SmallVector<Value>> carried =
      expandValues(op->getOperands().drop_front(numFixed), expandType,
                   expandOperand, builder);
  if (!carried)
    return std::nullopt;
  llvm::append_range(operands, *carried);
  return operands;
}

/// True when every carried operand and result type of `op` expands validly,
/// checked before anything is built.
bool canExpand(Operation *op, unsigned numCarried, ExpandTypeFn expandType) {
  return expandTypes(op->getResultTypes(), expandType) &&
         expandTypes(op->getOperands()
                         .drop_front(op->getNumOperands() - numCarried)
                         .getTypes(),
                     expandType);
}

/// A new op like `op` (same name, properties and attributes, the same number
/// of empty regions) with `operands` and `resultTypes`, inserted at the
/// builder's insertion point.
Operation *createLike(Operation *op, ValueRange operands, TypeRange resultTypes,
                      OpBuilder &builder) {
  Operation *newOp =
      Operation::create(op->getLoc(), op->getName(), resultTypes, operands,
                        op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
                        op->getSuccessors(), op->getNumRegions());
  return builder.insert(newOp);
}

/// Expands the arguments of `block` from `firstArg` on, last to first: an
/// argument whose type expands to k > 1 types keeps its place and gets k - 1
/// new arguments right after it. With `wrap`, the wrapper runs at the start of
/// the block and its result replaces the other uses of the argument.
void expandBlockArguments(Block &block, unsigned firstArg,
                          ExpandTypeFn expandType, WrapExpandedBlockArgFn wrap,
                          OpBuilder &builder) {
  for (unsigned i = block.getNumArguments(); i-- > firstArg;) {
    BlockArgument arg = block.getArgument(i);
    SmallVector<Type> types = expandType(arg.getType());
    if (types.size() <= 1)
      continue;
    SmallVector<Value> group = {arg};
    for (unsigned j = 1; j < types.size(); ++j)
      group.push_back(block.insertArgument(i + j, types[j], arg.getLoc()));
    if (!wrap)
      continue;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&block);
    Value replacement = wrap(arg.getLoc(), arg, group, builder);
    if (replacement && replacement != arg)
      arg.replaceAllUsesExcept(replacement, replacement.getDefiningOp());
  }
}

/// Calls `expandRegion(region, false)` on every non-empty region of `op`.
void expandRegions(Operation *op, ExpandRegionFn expandRegion) {
  for (Region &region : op->getRegions())
    if (!region.empty())
      expandRegion(region, /*canModifyEntryBlock=*/false);
}

/// Replaces `terminator` by an op of the same kind whose operands after the
/// first `numFixed` are expanded with `expandOperand` at the terminator.
void replaceTerminator(Operation *terminator, unsigned numFixed,
                       ExpandOperandFn expandOperand, OpBuilder &builder) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(terminator);
  SmallVector<Value> operands(terminator->getOperands().take_front(numFixed));
  for (Value value : terminator->getOperands().drop_front(numFixed))
    llvm::append_range(operands, expandOperand(value, builder));
  createLike(terminator, operands, terminator->getResultTypes(), builder);
  terminator->erase();
}

/// Replaces the `TerminatorOp` terminators of every block of `region`.
template <typename TerminatorOp>
void replaceTerminators(Region &region, unsigned numFixed,
                        ExpandOperandFn expandOperand, OpBuilder &builder) {
  for (Block &block : region)
    if (auto terminator = dyn_cast_or_null<TerminatorOp>(
            block.empty() ? nullptr : &block.back()))
      replaceTerminator(terminator, numFixed, expandOperand, builder);
}

/// Steps 1 and 2 of the common procedure: the new op with expanded carried
/// operands (the trailing `numCarried`) and result types, the old regions
/// moved into it. Null if the callbacks break their contract.
Operation *createExpandedAndMoveRegions(Operation *op, unsigned numCarried,
                                        ExpandTypeFn expandType,
                                        ExpandOperandFn expandOperand,
                                        OpBuilder &builder) {
  if (!canExpand(op, numCarried, expandType))
    return nullptr;
  std::optional<SmallVector<Value>> operands =
      expandCarriedOperands(op, numCarried, expandType, expandOperand, builder);
  if (!operands)
    return nullptr;
  SmallVector<Type> resultTypes =
      *expandTypes(op->getResultTypes(), expandType);
  Operation *newOp = createLike(op, *operands, resultTypes, builder);
  for (auto [newRegion, oldRegion] :
       llvm::zip_equal(newOp->getRegions(), op->getRegions()))
    newRegion.takeBody(oldRegion);
  return newOp;
}

/// An empty slice of `range`.
template <typename RangeT> RangeT emptySlice(RangeT range) {
  return range.take_front(0);
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

struct ForOpModel
    : public MutableRegionBranchOpInterface::ExternalModel<ForOpModel,
                                                           scf::ForOp> {
  /// Carries the iter_args (never lb/ub/step); every body argument but the
  /// induction variable is expanded.
  Operation *rebuildWithExpandedTypes(Operation *op, ExpandTypeFn expandType,
                                      ExpandOperandFn expandOperand,
                                      WrapExpandedBlockArgFn wrap,
                                      ExpandRegionFn expandRegion,
                                      OpBuilder &builder) const {
    auto forOp = cast<scf::ForOp>(op);
    Operation *newOp = createExpandedAndMoveRegions(
        op, forOp.getInitArgs().size(), expandType, expandOperand, builder);
    if (!newOp)
      return nullptr;
    Region &body = newOp->getRegion(0);
    expandBlockArguments(body.front(), /*firstArg=*/1, expandType, wrap,
                         builder);
    expandRegions(newOp, expandRegion);
    replaceTerminators<scf::YieldOp>(body, 0, expandOperand, builder);
    return newOp;
  }

  llvm::BitVector getPreservedBlockArguments(Operation *op,
                                             unsigned regionIndex) const {
    Region &region = op->getRegion(regionIndex);
    if (region.empty())
      return {};
    llvm::BitVector preserved(region.front().getNumArguments());
    if (!preserved.empty())
      preserved.set(0);
    return preserved;
  }

  OperandRange getRegionEntryOperands(Operation *op, unsigned) const {
    return cast<scf::ForOp>(op).getInitArgs();
  }
};

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

struct IfOpModel
    : public MutableRegionBranchOpInterface::ExternalModel<IfOpModel,
                                                           scf::IfOp> {
  /// Nothing is carried in; only the results and the yields expand. The else
  /// region stays empty when the original had none.
  Operation *rebuildWithExpandedTypes(Operation *op, ExpandTypeFn expandType,
                                      ExpandOperandFn expandOperand,
                                      WrapExpandedBlockArgFn,
                                      ExpandRegionFn expandRegion,
                                      OpBuilder &builder) const {
    Operation *newOp = createExpandedAndMoveRegions(
        op, /*numCarried=*/0, expandType, expandOperand, builder);
    if (!newOp)
      return nullptr;
    expandRegions(newOp, expandRegion);
    for (Region &region : newOp->getRegions())
      replaceTerminators<scf::YieldOp>(region, 0, expandOperand, builder);
    return newOp;
  }

  OperandRange getRegionEntryOperands(Operation *op, unsigned) const {
    return emptySlice(op->getOperands());
  }
};

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

struct WhileOpModel
    : public MutableRegionBranchOpInterface::ExternalModel<WhileOpModel,
                                                           scf::WhileOp> {
  /// Carries the inits; every argument of the before and after blocks is
  /// expanded; `scf.condition` keeps its condition first and unexpanded.
  Operation *rebuildWithExpandedTypes(Operation *op, ExpandTypeFn expandType,
                                      ExpandOperandFn expandOperand,
                                      WrapExpandedBlockArgFn wrap,
                                      ExpandRegionFn expandRegion,
                                      OpBuilder &builder) const {
    Operation *newOp = createExpandedAndMoveRegions(
        op, op->getNumOperands(), expandType, expandOperand, builder);
    if (!newOp)
      return nullptr;
    for (Region &region : newOp->getRegions())
      if (!region.empty())
        expandBlockArguments(region.front(), /*firstArg=*/0, expandType, wrap,
                             builder);
    expandRegions(newOp, expandRegion);
    replaceTerminators<scf::ConditionOp>(newOp->getRegion(0), 1, expandOperand,
                                         builder);
    replaceTerminators<scf::YieldOp>(newOp->getRegion(1), 0, expandOperand,
                                     builder);
    return newOp;
  }

  /// Nothing preserved; sized to the region's block arguments.
  llvm::BitVector getPreservedBlockArguments(Operation *op,
                                             unsigned regionIndex) const {
    Region &region = op->getRegion(regionIndex);
    if (region.empty())
      return {};
    return llvm::BitVector(region.front().getNumArguments());
  }

  /// Region 0 (before) is entered with the inits; region 1 (after) with no
  /// operands of the op.
  OperandRange getRegionEntryOperands(Operation *op,
                                      unsigned regionIndex) const {
    if (regionIndex == 0)
      return cast<scf::WhileOp>(op).getInits();
    return emptySlice(op->getOperands());
  }

  /// Region 1 (after) exits to the results; region 0 (before) to none. This
  /// reproduces the reference's answer.
  ResultRange getRegionExitResults(Operation *op, unsigned regionIndex) const {
    if (regionIndex == 1)
      return op->getResults();
    return emptySlice(op->getResults());
  }

  /// `scf.condition`: the forwarded arguments; `scf.yield`: all operands.
  OperandRange getExpandableTerminatorOperands(Operation *,
                                               Operation *terminator,
                                               unsigned) const {
    if (auto condition = dyn_cast<scf::ConditionOp>(terminator))
      return condition.getArgs();
    return terminator->getOperands();
  }
};

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

struct IndexSwitchOpModel
    : public MutableRegionBranchOpInterface::ExternalModel<IndexSwitchOpModel,
                                                           scf::IndexSwitchOp> {
  /// Same selector and case values with expanded result types; each
  /// non-empty case (and default) body is cloned into a new block with its
  /// `scf.yield` operands remapped and expanded, then every non-empty region
  /// is expanded. The old regions stay with the old op.
  Operation *rebuildWithExpandedTypes(Operation *op, ExpandTypeFn expandType,
                                      ExpandOperandFn expandOperand,
                                      WrapExpandedBlockArgFn,
                                      ExpandRegionFn expandRegion,
                                      OpBuilder &builder) const {
    std::optional<SmallVector<Type>> resultTypes =
        expandTypes(op->getResultTypes(), expandType);
    if (!resultTypes)
      return nullptr;
    Operation *newOp = createLike(op, op->getOperands(), *resultTypes, builder);
    OpBuilder::InsertionGuard guard(builder);
    for (auto [newRegion, oldRegion] :
         llvm::zip_equal(newOp->getRegions(), op->getRegions())) {
      if (oldRegion.empty())
        continue;
      Block &oldBlock = oldRegion.front();
      Block *newBlock = builder.createBlock(&newRegion);
      IRMapping mapping;
      for (Operation &nested : oldBlock.without_terminator())
        builder.clone(nested, mapping);
      Operation *oldYield = oldBlock.getTerminator();
      SmallVector<Value> operands;
      for (Value value : oldYield->getOperands())
        llvm::append_range(
            operands, expandOperand(mapping.lookupOrDefault(value), builder));
      builder.setInsertionPointToEnd(newBlock);
      createLike(oldYield, operands, oldYield->getResultTypes(), builder);
    }
    expandRegions(newOp, expandRegion);
    return newOp;
  }

  OperandRange getRegionEntryOperands(Operation *op, unsigned) const {
    return emptySlice(op->getOperands());
  }
};

} // namespace

void sluice::registerMutableRegionBranchModels(DialectRegistry &registry) {
  registry.insert<scf::SCFDialect>();
  registry.addExtension(+[](MLIRContext *context, scf::SCFDialect *) {
    scf::ForOp::attachInterface<ForOpModel>(*context);
    scf::IfOp::attachInterface<IfOpModel>(*context);
    scf::WhileOp::attachInterface<WhileOpModel>(*context);
    scf::IndexSwitchOp::attachInterface<IndexSwitchOpModel>(*context);
  });
}
