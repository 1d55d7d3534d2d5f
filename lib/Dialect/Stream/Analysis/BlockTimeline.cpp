//===- BlockTimeline.cpp - the timeline ops of one block, numbered --------===//
//
// See BlockTimeline.h.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/BlockTimeline.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"

using namespace mlir;

namespace sluice::stream {

BlockTimeline BlockTimeline::build(Block &block) {
  BlockTimeline timeline(block);
  for (Operation &op : block)
    timeline.append(&op);
  return timeline;
}

uint32_t BlockTimeline::append(Operation *op) {
  auto timelineOp = dyn_cast<TimelineOpInterface>(op);
  if (!timelineOp)
    return kNone;
  for (Value await : timelineOp.getAwaitTimepoints()) {
    if (!await)
      continue;
    // A value of the block is defined above its users there, so its op, if
    // recorded, is recorded already.
    uint32_t def = kNone;
    if (auto it = pending.find(await); it != pending.end()) {
      def = it->second.number;
      if (--it->second.uses == 0)
        pending.erase(it);
    }
    awaitValues.push_back(await);
    awaitDefs.push_back(def);
  }
  awaitBegin.push_back(awaitValues.size());

  uint32_t number = ops.size();
  for (Value result : op->getResults()) {
    if (!isa<TimepointType>(result.getType()))
      continue;
    uint32_t uses = 0;
    for (Operation *user : result.getUsers())
      uses += user->getBlock() == block;
    if (uses)
      pending[result] = {number, uses};
  }
  uint8_t kind = kOther;
  if (auto allocaOp = dyn_cast<ResourceAllocaOp>(op)) {
    kind = kAlloca;
    if (isTransientResourceType(allocaOp.getResult().getType()))
      kind |= kTransient;
  } else if (auto deallocaOp = dyn_cast<ResourceDeallocaOp>(op)) {
    kind = kDealloca;
    if (isTransientResourceType(deallocaOp.getOperand().getType()))
      kind |= kTransient;
  }
  ops.push_back(op);
  results.push_back(timelineOp.getResultTimepoint());
  kinds.push_back(kind);
  tags.push_back(0);
  return number;
}

} // namespace sluice::stream
