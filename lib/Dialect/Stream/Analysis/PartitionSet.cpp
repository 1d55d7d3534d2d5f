//===- PartitionSet.cpp - partition-set verification ----------------------===//
//
// stream-passes-2.md §2.4. The checks run before a partition set is
// materialized; any failure fails the scheduling pass.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Partitioning.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace sluice::stream {

namespace {
/// Every value consumed by an op and the ops nested in it, in walk order
/// (the op's own operands first). Memoized per op for one verification.
class ConsumedValues {
public:
  const llvm::SetVector<Value> &get(Operation *op) {
    auto [it, inserted] = cache.try_emplace(op);
    if (inserted) {
      op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          it->second.insert(operand);
      });
    }
    return it->second;
  }

private:
  llvm::DenseMap<Operation *, llvm::SetVector<Value>> cache;
};
} // namespace

static LogicalResult verifyPartition(const Partition &partition, Location loc,
                                     ConsumedValues &consumedValues) {
  for (Operation *op : partition.ops) {
    if (auto affinityOp = dyn_cast<AffinityOpInterface>(op)) {
      AffinityAttr opAffinity = affinityOp.getAffinityAttr();
      if (!AffinityAttr::areCompatible(partition.affinity, opAffinity))
        return op->emitError("op affinity ")
               << opAffinity
               << " is not compatible with the partition affinity "
               << partition.affinity;
    }
    if (auto timelineOp = dyn_cast<TimelineOpInterface>(op)) {
      if (timelineOp.getResultTimepoint())
        return op->emitError(
            "cannot partition timeline op with result timepoint; result "
            "timepoints from partitioned ops not yet supported");
    }
  }

  llvm::DenseSet<Value> defined;
  for (Operation *op : partition.ops)
    defined.insert(op->result_begin(), op->result_end());
  for (Operation *op : partition.ops)
    for (Value operand : op->getOperands())
      if (!partition.ins.contains(operand) && !defined.contains(operand))
        return emitError(loc) << "operand not declared in partition inputs or "
                                 "by an op within the partition";
  for (Value out : partition.outs)
    if (!partition.ins.contains(out) && !defined.contains(out))
      return emitError(loc)
             << "output not defined by an op within the partition (or "
                "captured)";

  if (partition.outs.empty())
    return success();
  for (Value in : partition.ins) {
    Operation *definingOp = in.getDefiningOp();
    if (!definingOp)
      continue;
    const llvm::SetVector<Value> &consumed = consumedValues.get(definingOp);
    // Look for any hit from the smaller side, then report the first consumed
    // value (in walk order) that is an output.
    bool hit = false;
    if (partition.outs.size() < consumed.size()) {
      hit = llvm::any_of(partition.outs,
                         [&](Value out) { return consumed.contains(out); });
    } else {
      hit = llvm::any_of(consumed,
                         [&](Value v) { return partition.outs.contains(v); });
    }
    if (!hit)
      continue;
    for (Value v : consumed)
      if (partition.outs.contains(v))
        return emitError(loc)
               << "circular dependency: input operation uses partition output "
               << v
               << " - this indicates the operation should be inside the "
                  "partition";
  }
  return success();
}

LogicalResult Partition::verify(Location loc) const {
  ConsumedValues consumedValues;
  return verifyPartition(*this, loc, consumedValues);
}

LogicalResult PartitionSet::verify(Location loc) const {
  ConsumedValues consumedValues;
  for (const Partition &partition : partitions)
    if (failed(verifyPartition(partition, loc, consumedValues)))
      return failure();

  // Walking from the last partition to the first, no partition may capture a
  // value that a later partition declares as escaping.
  llvm::DenseSet<Value> laterOuts;
  for (const Partition &partition : llvm::reverse(partitions)) {
    for (Value in : partition.ins)
      if (laterOuts.contains(in))
        return emitError(loc) << "partition set out of order; value captured "
                                 "declared as escaping below: "
                              << in;
    laterOuts.insert(partition.outs.begin(), partition.outs.end());
  }
  return success();
}

} // namespace sluice::stream
