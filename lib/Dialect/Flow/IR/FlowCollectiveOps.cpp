//===- FlowCollectiveOps.cpp - channel, collective and parameter ops ------===//
//
// support-dialects.md §3.5 and §3.6.5.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace sluice::flow;
using sluice::iree_tensor_ext::verifyOpDynamicDims;

//===----------------------------------------------------------------------===//
// flow.channel.split
//===----------------------------------------------------------------------===//

namespace {
/// A split whose channel is never used is dropped.
struct ElideUnusedChannelSplit : public OpRewritePattern<ChannelSplitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ChannelSplitOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getResult().use_empty())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void ChannelSplitOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ElideUnusedChannelSplit>(context);
}

//===----------------------------------------------------------------------===//
// flow.collective.*
//===----------------------------------------------------------------------===//

// Every collective ties its result to `target` (operand 0) and carries the
// target's dims.
#define FLOW_COLLECTIVE_METHODS(OpTy)                                          \
  LogicalResult OpTy::verify() {                                               \
    return verifyOpDynamicDims(*this, ValueRange{getTarget()},                 \
                               getTargetDims());                               \
  }                                                                            \
  std::optional<unsigned> OpTy::getTiedResultOperandIndex(unsigned) {          \
    return 0u;                                                                 \
  }                                                                            \
  SmallVector<int64_t> OpTy::getTiedResultOperandIndices() { return {0}; }     \
  ValueRange OpTy::getOperandDynamicDims(unsigned idx) {                       \
    return idx == 0 ? ValueRange(getTargetDims()) : ValueRange{};              \
  }                                                                            \
  ValueRange OpTy::getResultDynamicDims(unsigned) { return getTargetDims(); }

FLOW_COLLECTIVE_METHODS(CollectiveAllGatherOp)
FLOW_COLLECTIVE_METHODS(CollectiveAllReduceOp)
FLOW_COLLECTIVE_METHODS(CollectiveAllToAllOp)
FLOW_COLLECTIVE_METHODS(CollectiveReduceScatterOp)
FLOW_COLLECTIVE_METHODS(CollectiveSendRecvOp)

#undef FLOW_COLLECTIVE_METHODS

//===----------------------------------------------------------------------===//
// flow.parameter.load / write
//===----------------------------------------------------------------------===//

LogicalResult ParameterLoadOp::verify() {
  return verifyOpDynamicDims(*this, ValueRange{getResult()}, getResultDims());
}
ValueRange ParameterLoadOp::getOperandDynamicDims(unsigned) { return {}; }
ValueRange ParameterLoadOp::getResultDynamicDims(unsigned) {
  return getResultDims();
}

LogicalResult ParameterWriteOp::verify() {
  return verifyOpDynamicDims(*this, ValueRange{getSource()}, getSourceDims());
}
std::optional<unsigned> ParameterWriteOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> ParameterWriteOp::getTiedResultOperandIndices() {
  return {0};
}
ValueRange ParameterWriteOp::getOperandDynamicDims(unsigned idx) {
  return idx == 0 ? ValueRange(getSourceDims()) : ValueRange{};
}
ValueRange ParameterWriteOp::getResultDynamicDims(unsigned) {
  return getSourceDims();
}
