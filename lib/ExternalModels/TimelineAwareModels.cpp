//===- TimelineAwareModels.cpp - stream timeline interface on util.call ---===//
//
// TimelineAwareOpInterface on `util.call` (support-dialects.md §6.4): calls
// that follow the HAL "coarse fences" ABI take part in timeline scheduling
// through their `!hal.fence` operands and results.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "sluice/Dialect/HAL/IR/HALAttrs.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/ExternalModels.h"

using namespace mlir;
using sluice::stream::TimelineAwareOpInterface;
using sluice::stream::TimepointImportOp;
using sluice::stream::TimepointType;

namespace {

/// The discardable attribute naming a call's ABI convention.
constexpr StringLiteral kAbiConventionAttrName = "hal.abi.convention";

bool isFence(Value value) {
  return isa<sluice::hal::FenceType>(value.getType());
}

SmallVector<Value> getFenceOperands(Operation *op) {
  return llvm::filter_to_vector(ValueRange(op->getOperands()), isFence);
}

SmallVector<Value> getFenceResults(Operation *op) {
  return llvm::filter_to_vector(ValueRange(op->getResults()), isFence);
}

/// A `stream.timepoint.import` using `fence` in the block of `op`, placed
/// before `op` (when `before`) or after it (otherwise); null if none.
TimepointImportOp findImport(Value fence, Operation *op, bool before) {
  for (Operation *user : fence.getUsers()) {
    auto importOp = dyn_cast<TimepointImportOp>(user);
    if (!importOp || importOp->getBlock() != op->getBlock())
      continue;
    if (importOp->isBeforeInBlock(op) == before)
      return importOp;
  }
  return {};
}

/// The timepoint of `fence`: an existing import on the required side of `op`,
/// else a new `stream.timepoint.import` at the builder's insertion point.
Value importFence(Value fence, Operation *op, bool before, OpBuilder &builder) {
  if (TimepointImportOp importOp = findImport(fence, op, before))
    return importOp.getResultTimepoint();
  return TimepointImportOp::create(builder, op->getLoc(),
                                   TimepointType::get(builder.getContext()),
                                   ValueRange{fence},
                                   /*affinity=*/sluice::stream::AffinityAttr{})
      .getResultTimepoint();
}

struct CallTimelineAwareModel
    : public TimelineAwareOpInterface::ExternalModel<CallTimelineAwareModel,
                                                     sluice::util::CallOp> {
  /// Only coarse-fences calls that carry at least one fence take part; an
  /// absent convention means `synchronous`.
  bool participatesInTimeline(Operation *op) const {
    auto convention = dyn_cast_or_null<sluice::hal::ExecutionModelAttr>(
        op->getAttr(kAbiConventionAttrName));
    if (!convention ||
        convention.getValue() != sluice::hal::ExecutionModel::CoarseFences)
      return false;
    return llvm::any_of(op->getOperands(), isFence) ||
           llvm::any_of(op->getResults(), isFence);
  }

  /// The first fence result, else the last fence operand, else null.
  Value getSignalFence(Operation *op) const {
    SmallVector<Value> results = getFenceResults(op);
    if (!results.empty())
      return results.front();
    SmallVector<Value> operands = getFenceOperands(op);
    if (!operands.empty())
      return operands.back();
    return {};
  }

  /// Every fence operand, in order, except the signal fence.
  SmallVector<Value> getAwaitFences(Operation *op) const {
    Value signal = getSignalFence(op);
    SmallVector<Value> fences;
    for (Value fence : getFenceOperands(op))
      if (fence != signal)
        fences.push_back(fence);
    return fences;
  }

  /// One timepoint per fence operand (the signal fence included), reusing an
  /// import placed before the call in its block.
  SmallVector<Value> buildAwaitTimepoints(Operation *op,
                                          OpBuilder &builder) const {
    SmallVector<Value> timepoints;
    for (Value fence : getFenceOperands(op))
      timepoints.push_back(importFence(fence, op, /*before=*/true, builder));
    return timepoints;
  }

  /// The timepoint of the signal fence, chosen here as the last fence operand
  /// or else the first fence result; reuses an import placed after the call
  /// in its block. Null without fences.
  Value buildResultTimepoint(Operation *op, OpBuilder &builder) const {
    Value signal;
    SmallVector<Value> operands = getFenceOperands(op);
    if (!operands.empty()) {
      signal = operands.back();
    } else {
      SmallVector<Value> results = getFenceResults(op);
      if (!results.empty())
        signal = results.front();
    }
    if (!signal)
      return {};
    return importFence(signal, op, /*before=*/false, builder);
  }
};

} // namespace

void sluice::registerTimelineAwareModels(DialectRegistry &registry) {
  registry.insert<util::UtilDialect, stream::StreamDialect>();
  // The model builds stream ops, so it is attached once both are loaded.
  registry.addExtension(
      +[](MLIRContext *context, util::UtilDialect *, stream::StreamDialect *) {
        util::CallOp::attachInterface<CallTimelineAwareModel>(*context);
      });
}
