//===- Partitioning.h - partitioning of blocks into regions -------*- C++
//-*-===//
//
// The partitioners behind --iree-stream-schedule-execution (streamable ops of
// a block into `stream.async.execute` partitions, stream-passes-2.md §2.2) and
// --iree-stream-schedule-concurrency (the ops of an execute body into
// `stream.async.concurrent` waves, §3.2), and the partition-set verifier
// shared by both (§2.4).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_PARTITIONING_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_PARTITIONING_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

namespace sluice::stream {

/// One partition: ops that run together, the values they capture (`ins`) and
/// the values that escape to the parent block (`outs`).
struct Partition {
  /// Where the partition runs; may be null.
  AffinityAttr affinity;
  llvm::SetVector<mlir::Value> ins;
  llvm::SetVector<mlir::Value> outs;
  /// In insertion order (roughly reverse program order).
  llvm::SetVector<mlir::Operation *> ops;

  /// Checks affinities, timeline results, operand/output closure and that no
  /// captured value's producer consumes an output of this partition. Errors
  /// about the partition as a whole are emitted at `loc`.
  mlir::LogicalResult verify(mlir::Location loc) const;
};

/// Partitions in execution order.
struct PartitionSet {
  llvm::SmallVector<Partition> partitions;

  bool empty() const { return partitions.empty(); }
  size_t size() const { return partitions.size(); }

  /// Verifies each partition and that no partition captures a value that a
  /// later partition declares as escaping.
  mlir::LogicalResult verify(mlir::Location loc) const;
};

/// The reference partitioning of the streamable ops of `block`
/// (stream-passes-2.md §2.2). The configuration does not influence it.
PartitionSet partitionStreamableOps(PartitioningConfigAttr config,
                                    mlir::Block *block);

/// Groups the ops of an execute body into waves of ops that may run
/// concurrently (stream-passes-2.md §3.2); empty for the `debug` favor.
/// `exhaustiveTiedScan` visits every later tied user of each operand like the
/// reference does (quadratic; for differential tests of the default scan).
PartitionSet partitionRegionConcurrency(PartitioningConfigAttr config,
                                        mlir::Block *block,
                                        bool exhaustiveTiedScan = false);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_PARTITIONING_H
